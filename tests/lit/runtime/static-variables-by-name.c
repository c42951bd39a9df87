// cuModuleGetGlobal finds a global-namespace `static __constant__` or
// `static __device__` variable by its identifier, as with nvcc's code: the
// host writes the constant (the kernel must not see its zero initializer)
// and reads back the variable the kernel wrote. A namespace's static is not
// found by its identifier. Without -rdc the variables are external in the
// device IR; with it they stay internal.
// REQUIRES: host-target
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -fatbin --amdgpu-arch=host -keep %S/Inputs/static-variables.cu -o statics.fatbin
// RUN: FileCheck %s --check-prefix=IR < statics.nvvm.ll
// IR-DAG: @_ZL5Scale = dso_local addrspace(4) externally_initialized constant [4 x float]
// IR-DAG: @_ZL5Calls = dso_local addrspace(1) externally_initialized global i32
// IR-DAG: @_ZN5innerL6HiddenE = internal addrspace(1) global i32
// RUN: nvcc -dc --amdgpu-arch=host -keep %S/Inputs/static-variables.cu -o rdc.o
// RUN: FileCheck %s --check-prefix=RDC < static-variables.nvvm.ll
// RDC: @_ZL5Scale = internal addrspace(4) constant
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcuda -Wl,-rpath,%toolkit/lib64 -o main
// RUN: env RUBICON_BACKEND=host ./main statics.fatbin | FileCheck %s

// CHECK: Scale: 0 size 16
// CHECK-NEXT: Calls: 0 size 4
// CHECK-NEXT: Hidden: 500
// CHECK-NEXT: launch: 0 0
// CHECK-NEXT: out: 2 4 6 8
// CHECK-NEXT: calls: 1
#include <cuda.h>
#include <stdio.h>

int main(int argc, char **argv) {
  CUdevice Device;
  CUcontext Context;
  CUmodule Module;
  CUfunction Apply;
  if (argc < 2 || cuInit(0) || cuDeviceGet(&Device, 0) ||
      cuCtxCreate(&Context, NULL, 0, Device) ||
      cuModuleLoad(&Module, argv[1]) ||
      cuModuleGetFunction(&Apply, Module, "apply"))
    return 1;

  CUdeviceptr Scale, Calls, Hidden, Out;
  size_t ScaleSize = 0, CallsSize = 0;
  printf("Scale: %d size %zu\n",
         cuModuleGetGlobal(&Scale, &ScaleSize, Module, "Scale"), ScaleSize);
  printf("Calls: %d size %zu\n",
         cuModuleGetGlobal(&Calls, &CallsSize, Module, "Calls"), CallsSize);
  printf("Hidden: %d\n", cuModuleGetGlobal(&Hidden, NULL, Module, "Hidden"));

  float Factors[4] = {1, 2, 3, 4}, Result[4] = {0};
  cuMemcpyHtoD(Scale, Factors, sizeof Factors);
  cuMemAlloc(&Out, sizeof Result);
  void *Args[] = {&Out};
  printf("launch: %d %d\n",
         cuLaunchKernel(Apply, 1, 1, 1, 4, 1, 1, 0, NULL, Args, NULL),
         cuCtxSynchronize());
  cuMemcpyDtoH(Result, Out, sizeof Result);
  printf("out: %g %g %g %g\n", Result[0], Result[1], Result[2], Result[3]);
  int Count = 0;
  cuMemcpyDtoH(&Count, Calls, sizeof Count);
  printf("calls: %d\n", Count);
  return 0;
}
