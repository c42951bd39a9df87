// A program without kernels (deviceQuery-like: it only queries the device and
// copies memory) selects its backend like a program with kernels: on a
// machine without a usable HIP (no libamdhip64, or no AMD GPU) it runs on the
// host device instead of failing with cudaErrorNoDevice. The runtime and the
// driver API agree on the choice. RUBICON_BACKEND=hip still forces HIP.
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcudart -lcuda -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env -u RUBICON_BACKEND RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t 2> %t.stderr | FileCheck %s
// RUN: count 0 < %t.stderr
// RUN: env -u RUBICON_BACKEND RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so RUBICON_LOG=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
// RUN: env -u RUBICON_BACKEND -u RUBICON_HIP_LIBRARY %t | FileCheck %s
// RUN: env RUBICON_BACKEND=hip RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t | FileCheck %s --check-prefix=FORCED
// The driver API alone, cuInit first:
// RUN: clang -DDRIVER_ONLY -I%rubicon_include %s -L%toolkit/lib64 -lcuda -Wl,-rpath,%toolkit/lib64 -o %t.drv
// RUN: env -u RUBICON_BACKEND RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t.drv | FileCheck %s --check-prefix=DRV
// UNSUPPORTED: amdgpu-present

#include <cuda.h>
#include <stdio.h>
#include <string.h>
#ifndef DRIVER_ONLY
#include <cuda_runtime_api.h>
#endif

int main(void) {
  int Count = -1;
#ifdef DRIVER_ONLY
  CUresult Init = cuInit(0);
  cuDeviceGetCount(&Count);
  printf("drv init: %d count %d\n", (int)Init, Count);
  CUdeviceptr Ptr = 0;
  CUresult Alloc = cuMemAlloc(&Ptr, 64);
  unsigned In[4] = {1, 2, 3, 4}, Out[4] = {0};
  cuMemcpyHtoD(Ptr, In, sizeof In);
  cuMemsetD32(Ptr + 4, 7, 1);
  cuMemcpyDtoH(Out, Ptr, sizeof Out);
  printf("drv alloc: %d data %u %u %u %u\n", (int)Alloc, Out[0], Out[1], Out[2],
         Out[3]);
#else
  cudaError_t Status = cudaGetDeviceCount(&Count);
  printf("count: %s %d\n", cudaGetErrorName(Status), Count);
  struct cudaDeviceProp Prop;
  memset(&Prop, 0, sizeof Prop);
  Status = cudaGetDeviceProperties(&Prop, 0);
  printf("properties: %s warp %d\n", cudaGetErrorName(Status), Prop.warpSize);
  int *Dev = 0;
  int Host[4] = {10, 20, 30, 40}, Back[4] = {0};
  Status = cudaMalloc((void **)&Dev, sizeof Host);
  cudaMemcpy(Dev, Host, sizeof Host, cudaMemcpyHostToDevice);
  cudaMemset(Dev + 1, 0, sizeof(int));
  cudaMemcpy(Back, Dev, sizeof Back, cudaMemcpyDeviceToHost);
  printf("memory: %s %d %d %d %d\n", cudaGetErrorName(Status), Back[0], Back[1],
         Back[2], Back[3]);
  // The driver API sees the same device and the same allocation.
  CUdeviceptr Base = 0;
  size_t Size = 0;
  CUresult Range = cuMemGetAddressRange(&Base, &Size, (CUdeviceptr)(Dev + 2));
  printf("driver range: %d %s %zu\n", (int)Range,
         Base == (CUdeviceptr)Dev ? "same base" : "other base", Size);
  cudaFree(Dev);
#endif
  return 0;
}

// CHECK: count: cudaSuccess 1
// CHECK-NEXT: properties: cudaSuccess warp 32
// CHECK-NEXT: memory: cudaSuccess 10 0 30 40
// CHECK-NEXT: driver range: 0 same base 16

// LOG: no code objects; HIP unusable: host backend

// FORCED: count: cudaErrorInsufficientDriver 0

// DRV: drv init: 0 count 1
// DRV-NEXT: drv alloc: 0 data 1 7 3 4
