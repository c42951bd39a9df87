// Atomics on __shared__ memory on the host target, where
// rubicon-host-shared-atomics makes them plain updates (the block's threads
// run on one CPU thread): a histogram with atomicAdd, atomicMax/atomicMin,
// atomicExch, a float sum with atomicAdd and one through an atomicCAS loop,
// each checked against the host's, for several blocks at once. Global
// atomics of many blocks in the same kernel stay atomic: their total is
// checked too.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

constexpr int Bins = 64, Threads = 256, Blocks = 96, PerThread = 16;

__device__ float casAdd(float *Address, float Value) {
  int *Word = (int *)Address;
  int Old = *Word, Assumed;
  do {
    Assumed = Old;
    Old = atomicCAS(Word, Assumed,
                    __float_as_int(__int_as_float(Assumed) + Value));
  } while (Old != Assumed);
  return __int_as_float(Old);
}

__global__ void histogram(const unsigned *In, unsigned *Hist, int *Extremes,
                          float *Sums, unsigned *Total, unsigned *Last) {
  __shared__ unsigned Local[Bins];
  __shared__ int Max, Min;
  __shared__ float Sum, CasSum;
  __shared__ unsigned Exchanged;
  for (int I = threadIdx.x; I < Bins; I += blockDim.x)
    Local[I] = 0;
  if (threadIdx.x == 0) {
    Max = -1;
    Min = 1 << 30;
    Sum = 0;
    CasSum = 0;
    Exchanged = 0;
  }
  __syncthreads();
  const unsigned *Mine = In + (blockIdx.x * blockDim.x + threadIdx.x) * PerThread;
  for (int K = 0; K < PerThread; ++K) {
    unsigned V = Mine[K];
    atomicAdd(&Local[V % Bins], 1u);
    atomicMax(&Max, (int)(V % 100000));
    atomicMin(&Min, (int)(V % 100000));
    atomicAdd(&Sum, (float)(V % 8));
    casAdd(&CasSum, (float)(V % 4));
    atomicAdd(Total, 1u);
  }
  atomicExch(&Exchanged, threadIdx.x + 1);
  __syncthreads();
  for (int I = threadIdx.x; I < Bins; I += blockDim.x)
    Hist[blockIdx.x * Bins + I] = Local[I];
  if (threadIdx.x == 0) {
    Extremes[2 * blockIdx.x] = Max;
    Extremes[2 * blockIdx.x + 1] = Min;
    Sums[2 * blockIdx.x] = Sum;
    Sums[2 * blockIdx.x + 1] = CasSum;
    Last[blockIdx.x] = Exchanged;
  }
}

int main() {
  const int N = Blocks * Threads * PerThread;
  std::vector<unsigned> In(N);
  unsigned X = 12345;
  for (unsigned &V : In) {
    X ^= X << 13;
    X ^= X >> 17;
    X ^= X << 5;
    V = X;
  }
  unsigned *DIn, *DHist, *DTotal, *DLast;
  int *DExtremes;
  float *DSums;
  cudaMalloc(&DIn, N * sizeof(unsigned));
  cudaMalloc(&DHist, Blocks * Bins * sizeof(unsigned));
  cudaMalloc(&DExtremes, 2 * Blocks * sizeof(int));
  cudaMalloc(&DSums, 2 * Blocks * sizeof(float));
  cudaMalloc(&DTotal, sizeof(unsigned));
  cudaMalloc(&DLast, Blocks * sizeof(unsigned));
  cudaMemcpy(DIn, In.data(), N * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemset(DTotal, 0, sizeof(unsigned));
  histogram<<<Blocks, Threads>>>(DIn, DHist, DExtremes, DSums, DTotal, DLast);
  std::vector<unsigned> Hist(Blocks * Bins), Last(Blocks);
  std::vector<int> Extremes(2 * Blocks);
  std::vector<float> Sums(2 * Blocks);
  unsigned Total = 0;
  cudaMemcpy(Hist.data(), DHist, Hist.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(Extremes.data(), DExtremes, Extremes.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(Sums.data(), DSums, Sums.size() * sizeof(float),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(Last.data(), DLast, Last.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(&Total, DTotal, sizeof(unsigned), cudaMemcpyDeviceToHost);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("FAILED: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int Wrong = 0;
  for (int B = 0; B < Blocks; ++B) {
    std::vector<unsigned> Expected(Bins, 0);
    int Max = -1, Min = 1 << 30;
    float Sum = 0, CasSum = 0; // small integers: exact in any order
    for (int I = B * Threads * PerThread; I < (B + 1) * Threads * PerThread;
         ++I) {
      ++Expected[In[I] % Bins];
      Max = std::max(Max, (int)(In[I] % 100000));
      Min = std::min(Min, (int)(In[I] % 100000));
      Sum += In[I] % 8;
      CasSum += In[I] % 4;
    }
    for (int I = 0; I < Bins; ++I)
      Wrong += Hist[B * Bins + I] != Expected[I];
    Wrong += Extremes[2 * B] != Max || Extremes[2 * B + 1] != Min;
    Wrong += Sums[2 * B] != Sum || Sums[2 * B + 1] != CasSum;
    Wrong += Last[B] < 1 || Last[B] > Threads;
  }
  std::printf("block 0: bin 0 %u, max %d, min %d, sums %.0f %.0f\n", Hist[0],
              Extremes[0], Extremes[1], Sums[0], Sums[1]);
  std::printf("global total %u of %d\n", Total, N);
  std::printf("%d wrong\n", Wrong);
  std::printf(Wrong || Total != (unsigned)N ? "FAILED\n" : "PASSED\n");
  return 0;
}
