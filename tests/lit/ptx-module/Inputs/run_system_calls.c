// Runs hello of system_calls.ptx with 4 threads: each prints a line through
// vprintf, and stores 10 * its index plus vprintf's result (the characters
// printed) through a malloc'd word it then frees. Argv[1]: the module (the
// .ptx file, or a fat binary nvcc made of it).
#include <cuda.h>
#include <stdio.h>

int main(int Argc, char **Argv) {
  (void)Argc;
  cuInit(0);
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Context;
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);
  CUmodule Module;
  CUresult Loaded = cuModuleLoad(&Module, Argv[1]);
  CUfunction Kernel;
  CUresult Found = cuModuleGetFunction(&Kernel, Module, "hello");
  CUdeviceptr DOut;
  cuMemAlloc(&DOut, 4 * sizeof(int));
  int Threads = 4;
  void *Args[] = {&Threads, &DOut};
  CUresult Launched = cuLaunchKernel(Kernel, 1, 1, 1, 4, 1, 1, 0, NULL, Args, NULL);
  CUresult Synced = cuCtxSynchronize();
  int Out[4] = {0};
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  fflush(stdout);
  printf("load %d, function %d, launch %d, sync %d: %d %d %d %d\n", Loaded, Found,
         Launched, Synced, Out[0], Out[1], Out[2], Out[3]);
  return 0;
}
