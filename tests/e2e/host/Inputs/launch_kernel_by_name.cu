// cudaLaunchKernel called with the kernel's name (the C++ template of
// cuda_runtime.h) and with a const void * (the C API).
#include <cstdio>
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
int main() {
  int *d; cudaMalloc(&d, 32 * sizeof(int));
  int v = 5; void *args[] = {&d, &v};
  cudaError_t e = cudaLaunchKernel(fill, dim3(1), dim3(32), args, 0, nullptr);
  int h[32]; cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("by name: %s %d %d\n", cudaGetErrorName(e), h[0], h[31]);
  v = 9;
  e = cudaLaunchKernel((const void *)fill, dim3(1), dim3(32), args, 0, nullptr);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("by address: %s %d %d\n", cudaGetErrorName(e), h[0], h[31]);
}
