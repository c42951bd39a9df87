/* The driver API (libcuda) on the host backend: RUBICON_BACKEND=host. */
#include <cuda.h>
#include <stdio.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(void) {
  int Count = -1;
  printf("before init: %s\n", nameOf(cuDeviceGetCount(&Count)));
  printf("init: %s\n", nameOf(cuInit(0)));
  printf("count: %s %d\n", nameOf(cuDeviceGetCount(&Count)), Count);
  CUdevice Device = -1;
  printf("device 0: %s %d\n", nameOf(cuDeviceGet(&Device, 0)), Device);
  printf("device 1: %s\n", nameOf(cuDeviceGet(&Device, 1)));
  char Name[128] = "";
  cuDeviceGetName(Name, sizeof(Name), 0);
  printf("name: %s\n", Name);
  int Major = 0, Minor = 0;
  cuDeviceComputeCapability(&Major, &Minor, 0);
  printf("capability: %d.%d\n", Major, Minor);
  int WarpSize = 0, Threads = 0;
  cuDeviceGetAttribute(&WarpSize, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0);
  cuDeviceGetAttribute(&Threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0);
  printf("warp size %d, threads per block %d\n", WarpSize, Threads);
  size_t Total = 0, Free = 0, DeviceTotal = 0;
  CUresult Info = cuMemGetInfo(&Free, &Total);
  cuDeviceTotalMem(&DeviceTotal, 0);
  printf("memory: %s %s %s\n", nameOf(Info), Total > 0 && Free <= Total ? "sane" : "insane",
         DeviceTotal == Total ? "same" : "different");
  CUcontext Context = 0;
  printf("context: %s %s\n", nameOf(cuCtxGetCurrent(&Context)), Context ? "set" : "null");
  printf("synchronize: %s\n", nameOf(cuCtxSynchronize()));
  return 0;
}
