#include "kernels.h"
#include <cstdio>
#include <cuda_runtime.h>
int main(int argc, char **) {
  if (argc > 5)
    return launch_fill(nullptr, 0, 0) + launch_scale(nullptr, 1.0f, 0);
  int *p = nullptr;
  cudaError_t err = cudaMalloc(&p, 64);
  std::printf("app: %s\n", cudaGetErrorName(err));
  return err == cudaSuccess ? 0 : 2;
}
