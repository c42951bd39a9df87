// The runtime's IPC calls, and the driver's on the same handles. Run on the
// HIP backend (a stand-in libamdhip64 prints what reaches it) and on the host
// backend (memory files, docs/host-target.md).
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdio.h>

int main(void) {
  void *Memory = 0;
  cudaMalloc(&Memory, 2 << 20); // the host backend shares 2 MiB and more
  cudaIpcMemHandle_t Handle;
  printf("get: %s\n", cudaGetErrorName(cudaIpcGetMemHandle(&Handle, Memory)));
  void *Opened = 0;
  printf("open: %s\n", cudaGetErrorName(cudaIpcOpenMemHandle(
                           &Opened, Handle, cudaIpcMemLazyEnablePeerAccess)));
  printf("bad flags: %s\n",
         cudaGetErrorName(cudaIpcOpenMemHandle(&Opened, Handle, 2)));
  printf("close: %s\n", cudaGetErrorName(cudaIpcCloseMemHandle(Opened)));
  cudaEvent_t Event = 0, OpenedEvent = 0;
  cudaEventCreateWithFlags(&Event,
                           cudaEventInterprocess | cudaEventDisableTiming);
  cudaIpcEventHandle_t EventHandle;
  printf("event: %s\n",
         cudaGetErrorName(cudaIpcGetEventHandle(&EventHandle, Event)));
  printf("open event: %s\n",
         cudaGetErrorName(cudaIpcOpenEventHandle(&OpenedEvent, EventHandle)));
  CUipcMemHandle DriverHandle;
  const char *Name = "?";
  cuGetErrorName(cuIpcGetMemHandle(&DriverHandle, (CUdeviceptr)Memory), &Name);
  printf("driver get: %s\n", Name);
  cudaGetLastError();
  return 0;
}
