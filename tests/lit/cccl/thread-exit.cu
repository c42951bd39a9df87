// PTX's exit in a device function (CUB's ThreadExit()) ends the thread: the
// rest of the kernel does not run for it; the other threads go on.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: 10 -1 12 -1 14 -1 16 -1
#include <cstdio>

__device__ __forceinline__ void threadExit() { asm volatile("exit;"); }

__device__ void maybeLeave(int i) {
  if (i % 2)
    threadExit();
}

__global__ void kernel(int *out) {
  int i = threadIdx.x;
  maybeLeave(i);
  out[i] = 10 + i;
}

int main() {
  int h[8], *d;
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0xff, sizeof h);
  kernel<<<1, 8>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int v : h)
    printf("%d ", v);
  printf("\n");
  return 0;
}
