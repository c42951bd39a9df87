// The device runtime's entry points (dynamic parallelism) exist so that code
// mentioning them compiles, and fail with cudaErrorNotSupported when called:
// CUB calls __cudaDeviceSynchronizeDeprecationAvoidance from a
// __host__ __device__ function, on a branch the host never takes.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: host branch: 0
// CHECK: device: sync 801 buffer 0 launch 801 launch2 801
#include <cstdio>

__host__ __device__ cudaError_t synchronize(bool onHost) {
  if (onHost)
    return cudaSuccess;
  return __cudaDeviceSynchronizeDeprecationAvoidance();
}

__global__ void child() {}

__global__ void parent(int *out) {
  out[0] = synchronize(false);
  void *buffer = cudaGetParameterBuffer(64, 16);
  out[1] = buffer != nullptr;
  out[2] = cudaLaunchDevice((void *)child, buffer, dim3(1), dim3(1), 0, 0);
  out[3] = cudaLaunchDeviceV2(buffer, 0);
}

int main() {
  printf("host branch: %d\n", synchronize(true));
  int *d, h[4];
  cudaMalloc(&d, sizeof h);
  parent<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("device: sync %d buffer %d launch %d launch2 %d\n", h[0], h[1], h[2], h[3]);
  return 0;
}
