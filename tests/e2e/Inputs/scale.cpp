// Compiled as CUDA with -x cu although it is named .cpp.
#include "saxpy.h"
__global__ void scaleKernel(float *p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= s;
}
int scale(float *p, float s, int n) {
  scaleKernel<<<(n + 63) / 64, 64>>>(p, s, n);
  return cudaGetLastError();
}
