// Programmatic dependent launch (sm_90): the dependent grid, launched with
// programmatic stream serialization, reads what the grid ahead of it wrote
// once cudaGridDependencySynchronize returns, although the first grid lets it
// start early with cudaTriggerProgrammaticLaunchCompletion before writing.
// Both compile for gfx942 too (CUB calls them at sm_90 and above).
// REQUIRES: host-target, target-gfx942
// RUN: nvcc -arch=sm_90 --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// RUN: nvcc -arch=sm_90 --amdgpu-arch=gfx942 -c %s -o %t.o
// CHECK: launch: no error
// CHECK-NEXT: wrong 0 of 65536
#include <cstdio>

__global__ void primary(unsigned *data, int n) {
  cudaTriggerProgrammaticLaunchCompletion();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned v = i;
    for (int k = 0; k < 100; ++k) // some work before the write
      v = v * 1664525u + 1013904223u;
    data[i] = v;
  }
}

__global__ void dependent(const unsigned *data, unsigned *copy, int n) {
  cudaGridDependencySynchronize();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    copy[i] = data[i];
}

int main() {
  const int n = 1 << 16;
  unsigned *data, *copy;
  cudaMallocManaged(&data, n * sizeof(unsigned));
  cudaMallocManaged(&copy, n * sizeof(unsigned));
  cudaMemset(data, 0, n * sizeof(unsigned));
  cudaMemset(copy, 0, n * sizeof(unsigned));
  primary<<<n / 256, 256>>>(data, n);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(n / 256);
  config.blockDim = dim3(256);
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaError_t launched =
      cudaLaunchKernelEx(&config, dependent, (const unsigned *)data, copy, n);
  cudaDeviceSynchronize();
  printf("launch: %s\n", cudaGetErrorString(launched));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    unsigned v = i;
    for (int k = 0; k < 100; ++k)
      v = v * 1664525u + 1013904223u;
    wrong += copy[i] != v;
  }
  printf("wrong %d of %d\n", wrong, n);
  return wrong != 0;
}
