#include "kernels.h"
__global__ void scale(float *p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= s;
}
int launch_scale(float *p, float s, int n) {
  scale<<<(n + 255) / 256, 256>>>(p, s, n);
  return cudaGetLastError();
}
