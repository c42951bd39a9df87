#include "saxpy.h"
__global__ void saxpyKernel(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
int saxpy(float a, const float *x, float *y, int n) {
  saxpyKernel<<<(n + 127) / 128, 128>>>(a, x, y, n);
  return cudaGetLastError();
}
