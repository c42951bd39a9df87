#include "fill.h"
__global__ void fillKernel(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = FILL_VALUE;
}
int fill(int *p, int n) {
  fillKernel<<<(n + 127) / 128, 128>>>(p, n);
  return cudaGetLastError();
}
