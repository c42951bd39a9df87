// CUB calls __cudaDeviceSynchronizeDeprecationAvoidance (a device-side
// cudaDeviceSynchronize, which CUDA 12 removed) from a __host__ __device__
// function, on a branch the host never takes: it compiles for both sides and
// fails with cudaErrorNotSupported when called. Launches from device code
// are tested in e2e/host/dynamic-parallelism.test.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: host branch: 0
// CHECK: device: sync 801
#include <cstdio>

__host__ __device__ cudaError_t synchronize(bool onHost) {
  if (onHost)
    return cudaSuccess;
  return __cudaDeviceSynchronizeDeprecationAvoidance();
}

__global__ void parent(int *out) { out[0] = synchronize(false); }

int main() {
  printf("host branch: %d\n", synchronize(true));
  int *d, h[1];
  cudaMalloc(&d, sizeof h);
  parent<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("device: sync %d\n", h[0]);
  return 0;
}
