// Block-wise sum reduction in dynamic shared memory, combined with atomics.
#include <cstdio>
#include <vector>

__global__ void blockSum(const int *in, unsigned long long *total, int n) {
  extern __shared__ int partial[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x * 2 + tid;
  int sum = 0;
  if (i < n)
    sum += in[i];
  if (i + blockDim.x < n)
    sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    atomicAdd(total, (unsigned long long)partial[0]);
}

__global__ void histogram(const int *in, unsigned *bins, int n) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16)
    local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[in[i] & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main() {
  const int n = 1000003, threads = 256;
  std::vector<int> host(n);
  unsigned long long expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = i % 1000;
    expected += host[i];
  }
  int *in;
  unsigned long long *total;
  unsigned *bins;
  cudaError_t err = cudaMalloc(&in, n * sizeof(int));
  if (err != cudaSuccess) {
    std::printf("cudaMalloc: %s (%s)\n", cudaGetErrorName(err), cudaGetErrorString(err));
    return 2;
  }
  cudaMalloc(&total, sizeof(*total));
  cudaMalloc(&bins, 16 * sizeof(unsigned));
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(*total));
  cudaMemset(bins, 0, 16 * sizeof(unsigned));
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  blockSum<<<blocks, threads, threads * sizeof(int)>>>(in, total, n);
  histogram<<<64, threads>>>(in, bins, n);
  unsigned long long result = 0;
  unsigned hostBins[16];
  cudaMemcpy(&result, total, sizeof(result), cudaMemcpyDeviceToHost);
  cudaMemcpy(hostBins, bins, sizeof(hostBins), cudaMemcpyDeviceToHost);
  if ((err = cudaGetLastError()) != cudaSuccess) {
    std::printf("error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  unsigned binTotal = 0;
  for (unsigned b : hostBins)
    binTotal += b;
  std::printf("sum %llu (expected %llu), histogram total %u (expected %d)\n", result,
              expected, binTotal, n);
  bool ok = result == expected && binTotal == unsigned(n);
  std::printf("reduction: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
