// A device assert ends the kernel; the launch itself succeeds, the next
// synchronizing call returns cudaErrorAssert, and the error is sticky.
#include <cassert>
#include <cstdio>

__global__ void checkPositive(const int *values) {
  int v = values[blockIdx.x * blockDim.x + threadIdx.x];
  assert(v >= 0);
}

int main() {
  int host[64];
  for (int i = 0; i < 64; ++i)
    host[i] = i == 37 ? -1 : i;
  int *values;
  cudaMalloc(&values, sizeof(host));
  cudaMemcpy(values, host, sizeof(host), cudaMemcpyHostToDevice);
  cudaError_t launch = (checkPositive<<<2, 32>>>(values), cudaGetLastError());
  cudaError_t sync = cudaDeviceSynchronize();
  void *more = nullptr;
  cudaError_t after = cudaMalloc(&more, 16);
  std::fflush(stdout);
  std::printf("launch: %s\nsync: %s\nafter: %s\n", cudaGetErrorName(launch),
              cudaGetErrorName(sync), cudaGetErrorName(after));
  return sync == cudaErrorAssert && after == cudaErrorAssert ? 0 : 1;
}
