// CUB and Thrust choose an algorithm's tuning (block size, items per thread)
// twice: in the kernel from __CUDA_ARCH__, on the host from
// cudaFuncGetAttributes's ptxVersion. The two must agree, or the launch does
// not match the kernel (Thrust's merge sort: an illegal address): ptxVersion
// is the architecture the code was compiled for, as with nvcc.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s --check-prefix=DEFAULT
// RUN: nvcc --amdgpu-arch=host -arch=sm_70 %s -o %t70 && %t70 | FileCheck %s --check-prefix=SM70
// DEFAULT: __CUDA_ARCH__ [[ARCH:[0-9]+]]0, ptxVersion [[ARCH]], binaryVersion [[ARCH]]
// SM70: __CUDA_ARCH__ 700, ptxVersion 70, binaryVersion 70
#include <cstdio>

__global__ void arch(int *out) {
#ifdef __CUDA_ARCH__
  *out = __CUDA_ARCH__;
#endif
}

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  arch<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFuncAttributes A;
  if (cudaFuncGetAttributes(&A, arch) != cudaSuccess)
    return 1;
  printf("__CUDA_ARCH__ %d, ptxVersion %d, binaryVersion %d\n", h, A.ptxVersion,
         A.binaryVersion);
  return 0;
}
