// Runs clamp_sum of calls.ptx over x = -20 .. 43 and checks each element
// against the formula in calls.ptx. Argv[1]: the module (the .ptx file, or a
// fat binary nvcc made of it).
#include <cuda.h>
#include <stdio.h>

static int clamp(int X, int Lo, int Hi) { return X < Lo ? Lo : X > Hi ? Hi : X; }

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
  CUresult Found = cuModuleGetFunction(&Kernel, Module, "clamp_sum");
  int In[64], Out[64];
  for (int I = 0; I < 64; ++I)
    In[I] = I - 20;
  CUdeviceptr DIn, DOut;
  cuMemAlloc(&DIn, sizeof In);
  cuMemAlloc(&DOut, sizeof Out);
  cuMemcpyHtoD(DIn, In, sizeof In);
  void *Args[] = {&DOut, &DIn};
  CUresult Launched = cuLaunchKernel(Kernel, 1, 1, 1, 64, 1, 1, 0, NULL, Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  int Wrong = 0;
  for (int I = 0; I < 64; ++I) {
    int X = In[I];
    Wrong += Out[I] != clamp(X, -10, 10) + clamp(2 * X, -10, 10) + clamp(X, 0, 5);
  }
  printf("load %d, function %d, launch %d: %d of 64 wrong; x=-20: %d, x=3: %d\n",
         Loaded, Found, Launched, Wrong, Out[0], Out[23]);
  return 0;
}
