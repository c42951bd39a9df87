// Thrust's scan_by_key and sort examples: one translation unit holds many CUB
// kernels, each with its own large __shared__ TempStorage, together over the
// 64 KiB a block has. Each kernel only needs its own (a GPU lays shared
// memory out per kernel): the two kernels below, 40 KB each, both launch, and
// cudaFuncGetAttributes's static size is less than the two together.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: first: cudaSuccess 39999
// CHECK: second: cudaSuccess 79998
// CHECK: static shared bytes below 80000: yes
#include <cstdio>

constexpr int N = 10000;

__global__ void first(int *out) {
  __shared__ int a[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    a[i] = i;
  __syncthreads();
  if (threadIdx.x == 0)
    *out = a[N - 1] + a[N - 1 - 9999] + 30000;
}

__global__ void second(int *out) {
  __shared__ int b[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    b[i] = 2 * i;
  __syncthreads();
  if (threadIdx.x == 0)
    *out = b[N - 1] + 60000;
}

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  first<<<2, 64>>>(d);
  cudaError_t E = cudaGetLastError();
  cudaDeviceSynchronize();
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("first: %s %d\n", cudaGetErrorName(E), h);
  second<<<2, 64>>>(d);
  E = cudaGetLastError();
  cudaDeviceSynchronize();
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("second: %s %d\n", cudaGetErrorName(E), h);
  cudaFuncAttributes A;
  cudaFuncGetAttributes(&A, first);
  printf("static shared bytes below 80000: %s\n",
         A.sharedSizeBytes < 80000 ? "yes" : "no");
  return 0;
}
