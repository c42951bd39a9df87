// atomicAdd(double) exists from sm_60, as in CUDA; programs for older
// architectures define their own from atomicCAS under __CUDA_ARCH__ < 600
// (cuda-samples' jacobiCudaGraphs), and that definition must not collide.
// REQUIRES: host-target
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc --amdgpu-arch=host -arch=sm_52 %s -o %t/sm52
// RUN: %t/sm52 | FileCheck %s --check-prefix=OWN
// RUN: nvcc --amdgpu-arch=host -arch=sm_80 %s -o %t/sm80
// RUN: %t/sm80 | FileCheck %s --check-prefix=HEADER
// Without -arch: the default architecture of the release (sm_75 for CUDA 13).
// RUN: nvcc --amdgpu-arch=host %s -o %t/default
// RUN: %t/default | FileCheck %s --check-prefix=HEADER
// OWN: sum 32 by the program's atomicAdd
// HEADER: sum 32 by CUDA's atomicAdd
#include <cstdio>

__device__ int UsedOwn = 0;

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *Address, double Value) {
  UsedOwn = 1;
  unsigned long long *Bits = (unsigned long long *)Address;
  unsigned long long Old = *Bits, Assumed;
  do {
    Assumed = Old;
    Old = atomicCAS(Bits, Assumed,
                    __double_as_longlong(Value + __longlong_as_double(Assumed)));
  } while (Assumed != Old);
  return __longlong_as_double(Old);
}
#endif

__global__ void sum(double *Total) { atomicAdd(Total, 1.0); }

int main() {
  double *Total, Result = 0;
  int Own = 0;
  cudaMalloc(&Total, sizeof(double));
  cudaMemcpy(Total, &Result, sizeof(double), cudaMemcpyHostToDevice);
  sum<<<1, 32>>>(Total);
  cudaMemcpy(&Result, Total, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&Own, UsedOwn, sizeof(int));
  printf("sum %g by %s atomicAdd\n", Result, Own ? "the program's" : "CUDA's");
  return 0;
}
