// A block reduction whose warp steps are cg::sync(tile32) after a lane
// condition (cuda-samples' MonteCarloMultiGPU), and a sync through a group
// known only as a thread_group: the same sums as the CPU's.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void tileReduce(const int *in, int *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  __shared__ int s[256];
  unsigned tid = cta.thread_rank();
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  cg::sync(cta);
  int beta = s[tid];
  for (int i = 16; i > 0; i >>= 1) {
    if (tile32.thread_rank() < i) {
      beta += s[tid + i];
      s[tid] = beta;
    }
    cg::sync(tile32);
  }
  cg::sync(cta);
  if (tid == 0) {
    int total = 0;
    for (unsigned w = 0; w < blockDim.x; w += 32)
      total += s[w];
    out[blockIdx.x] = total;
  }
}

__global__ void groupSync(int *out) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 32);
  __shared__ int s[256];
  s[threadIdx.x] = (int)g.thread_rank();
  cg::sync(g);
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      s[threadIdx.x] + s[threadIdx.x ^ 1];
}

int main() {
  const int Blocks = 64, Threads = 256, N = Blocks * Threads;
  int *in, *out, *pairs;
  cudaMallocManaged(&in, N * sizeof(int));
  cudaMallocManaged(&out, Blocks * sizeof(int));
  cudaMallocManaged(&pairs, N * sizeof(int));
  for (int i = 0; i < N; ++i)
    in[i] = (i * 7919) % 1000 - 500;
  tileReduce<<<Blocks, Threads>>>(in, out);
  groupSync<<<Blocks, Threads>>>(pairs);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  int wrong = 0;
  for (int b = 0; b < Blocks; ++b) {
    int expect = 0;
    for (int t = 0; t < Threads; ++t)
      expect += in[b * Threads + t];
    wrong += out[b] != expect;
  }
  printf("tile reduce: %d wrong, block 0 sum %d\n", wrong, out[0]);
  wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += pairs[i] != (i % 32) + ((i ^ 1) % 32);
  printf("thread_group sync: %d wrong\n", wrong);
  return 0;
}
