// An inclusive scan of each block's values through volatile shared memory
// with a barrier on both sides of every step's store, and a warp-synchronous
// step without barriers after it: the lockstep points beside the barriers are
// left out of the thread loop, the others stay. Checked against the CPU.
#include <cstdio>

constexpr unsigned Threads = 256;

__device__ unsigned scanBlock(unsigned v, volatile unsigned *s) {
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & (Threads - 1));
  s[pos] = 0;
  pos += Threads;
  s[pos] = v;
  for (unsigned offset = 1; offset < Threads; offset <<= 1) {
    __syncthreads();
    unsigned t = s[pos] + s[pos - offset];
    __syncthreads();
    s[pos] = t;
  }
  return s[pos];
}

__global__ void scan(const unsigned *in, unsigned *out, unsigned *pairs) {
  volatile __shared__ unsigned s[2 * Threads];
  volatile __shared__ unsigned w[Threads];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = scanBlock(in[i], s);
  // Warp-synchronous: each lane reads its neighbour's store of this step.
  w[threadIdx.x] = in[i];
  w[threadIdx.x] += w[threadIdx.x ^ 1];
  pairs[i] = w[threadIdx.x];
}

int main() {
  const unsigned Blocks = 40, N = Blocks * Threads;
  unsigned *in, *out, *pairs;
  cudaMallocManaged(&in, N * sizeof(unsigned));
  cudaMallocManaged(&out, N * sizeof(unsigned));
  cudaMallocManaged(&pairs, N * sizeof(unsigned));
  for (unsigned i = 0; i < N; ++i)
    in[i] = (i * 2654435761u) >> 22;
  scan<<<Blocks, Threads>>>(in, out, pairs);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  unsigned wrong = 0, pairsWrong = 0;
  for (unsigned b = 0; b < Blocks; ++b) {
    unsigned sum = 0;
    for (unsigned t = 0; t < Threads; ++t) {
      unsigned i = b * Threads + t;
      sum += in[i];
      wrong += out[i] != sum;
      pairsWrong += pairs[i] != in[i] + in[i ^ 1];
    }
  }
  printf("scan: %u wrong, last %u\n", wrong, out[N - 1]);
  printf("pairs: %u wrong\n", pairsWrong);
  return 0;
}
