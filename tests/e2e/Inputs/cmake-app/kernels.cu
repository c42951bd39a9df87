#include "kernels.h"
#if __CUDA_ARCH__ && __CUDA_ARCH__ != 800
#error "CMAKE_CUDA_ARCHITECTURES 80 must give __CUDA_ARCH__ 800"
#endif
__global__ void fill(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}
int launch_fill(int *out, int n, int value) {
  fill<<<(n + 255) / 256, 256>>>(out, n, value);
  return cudaGetLastError();
}
