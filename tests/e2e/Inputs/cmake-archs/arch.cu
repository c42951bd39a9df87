#include <cstdio>
__device__ int archSeen;
__global__ void recordArch() {
#ifdef __CUDA_ARCH__
  archSeen = __CUDA_ARCH__;
#endif
}
int report() {
  std::printf("device pass __CUDA_ARCH__ list: %d\n", __CUDA_ARCH_LIST__);
  recordArch<<<1, 1>>>();
  return cudaGetLastError();
}
