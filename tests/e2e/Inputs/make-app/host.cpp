#include "fill.h"
#include <cstdio>
#include <cuda_runtime.h>
int twice(float *p, int n);
int main(int argc, char **) {
  if (argc > 5)
    return fill(nullptr, 0) + twice(nullptr, 0);
  int count = -1;
  cudaError_t err = cudaGetDeviceCount(&count);
  std::printf("make-app: %s, %d devices\n", cudaGetErrorName(err), count);
  return err == cudaSuccess ? 0 : 2;
}
