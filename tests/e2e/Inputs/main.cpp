// Host-only C++: compiled by the host compiler, includes cuda_runtime.h.
#include "saxpy.h"
#include <cstdio>
#include <cuda_runtime.h>
int main(int argc, char **) {
  // Linked (so the archive member and object come in), run only with arguments.
  if (argc > 5)
    return saxpy(2.0f, nullptr, nullptr, 0) + scale(nullptr, 1.0f, 0);
  int count = -1;
  cudaError_t err = cudaGetDeviceCount(&count);
  std::printf("c_answer=%d devices=%d status=%s\n", c_answer(), count, cudaGetErrorName(err));
  float *p = nullptr;
  err = cudaMalloc(&p, 16);
  std::printf("cudaMalloc: %s\n", cudaGetErrorName(err));
  return err == cudaSuccess ? 0 : 2;
}
