#include <cstdio>
extern __device__ int counter;
__device__ int twice(int x);
__global__ void useBoth(int *out) { out[threadIdx.x] = twice(counter) + threadIdx.x; }
int launch(int *out);
int main() {
  int *p = nullptr;
  cudaError_t e = cudaMalloc(&p, 64);
  printf("rdc app: %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) { useBoth<<<1, 16>>>(p); launch(p); }
  return e == cudaSuccess ? 0 : 2;
}
