// Handles made by one CUDA API used with the other: the runtime and the
// driver share one backend (docs/runtime-driver-state.md).
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

__global__ void addOne(int *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] += 1;
}

int main() {
  // The runtime initializes the driver: no cuInit needed.
  int *Device = nullptr;
  printf("cudaMalloc: %d\n", (int)cudaMalloc(&Device, 64 * sizeof(int)));
  int Host[64];
  for (int I = 0; I < 64; ++I)
    Host[I] = I;
  // A runtime pointer filled and read by the driver.
  printf("cuMemcpyHtoD: %d\n",
         (int)cuMemcpyHtoD((CUdeviceptr)Device, Host, sizeof(Host)));
  CUdeviceptr Base = 0;
  size_t Size = 0;
  printf("cuMemGetAddressRange: %d %d %zu\n",
         (int)cuMemGetAddressRange(&Base, &Size, (CUdeviceptr)(Device + 3)),
         Base == (CUdeviceptr)Device, Size);
  // A driver stream used by a runtime launch and copy.
  CUstream Stream = nullptr;
  printf("cuStreamCreate: %d\n", (int)cuStreamCreate(&Stream, 0));
  addOne<<<2, 32, 0, (cudaStream_t)Stream>>>(Device, 64);
  // A runtime event recorded by the driver.
  cudaEvent_t Event = nullptr;
  printf("cudaEventCreate: %d\n", (int)cudaEventCreate(&Event));
  printf("cuEventRecord: %d\n", (int)cuEventRecord((CUevent)Event, Stream));
  printf("cudaEventSynchronize: %d\n", (int)cudaEventSynchronize(Event));
  int Back[64] = {0};
  printf("cudaMemcpyAsync: %d\n",
         (int)cudaMemcpyAsync(Back, Device, sizeof(Back),
                              cudaMemcpyDeviceToHost, (cudaStream_t)Stream));
  printf("cuStreamSynchronize: %d\n", (int)cuStreamSynchronize(Stream));
  printf("values: %d %d %d\n", Back[0], Back[31], Back[63]);
  // Driver memory freed by the runtime.
  CUdeviceptr DriverMemory = 0;
  printf("cuMemAlloc: %d\n", (int)cuMemAlloc(&DriverMemory, 256));
  printf("cudaFree: %d\n", (int)cudaFree((void *)DriverMemory));
  printf("cudaStreamDestroy: %d\n",
         (int)cudaStreamDestroy((cudaStream_t)Stream));
  printf("cuEventDestroy: %d\n", (int)cuEventDestroy((CUevent)Event));
  printf("cudaFree: %d\n", (int)cudaFree(Device));
  // A driver function found through the runtime works on the same device.
  void *Function = nullptr;
  cudaDriverEntryPointQueryResult Found = cudaDriverEntryPointSymbolNotFound;
  printf("cudaGetDriverEntryPoint: %d %d\n",
         (int)cudaGetDriverEntryPoint("cuMemAlloc", &Function, cudaEnableDefault,
                                      &Found),
         (int)Found);
  CUdeviceptr Found64 = 0;
  printf("through the entry point: %d\n",
         (int)((CUresult(*)(CUdeviceptr *, size_t))Function)(&Found64, 128));
  printf("cudaFree: %d\n", (int)cudaFree((void *)Found64));
  printf("unknown: %d %d\n",
         (int)cudaGetDriverEntryPoint("cuNoSuchFunction", &Function,
                                      cudaEnableDefault, &Found),
         (int)Found);
  return 0;
}
