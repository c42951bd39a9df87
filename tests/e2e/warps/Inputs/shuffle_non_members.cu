// A shuffle whose source lane is not in the mask (inactive, or never in
// it) reads 0 on the host target: what NVIDIA GPUs give in practice (CUDA
// leaves it undefined) and what code written for them, like the samples'
// block reduction below, relies on.
#include <cstdio>

constexpr int kBlock = 256, kWarps = kBlock / 32;

__device__ int warpSum(unsigned mask, int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(mask, v, offset);
  return v;
}

// Each warp sums its lanes; warp 0's first kWarps lanes then sum the warps'
// sums with the mask of those lanes only: at offsets 16 and 8 they read
// lanes outside it.
__global__ void blockSum(const int *in, int *out) {
  __shared__ int partial[kWarps];
  unsigned tid = threadIdx.x;
  int v = warpSum(0xffffffff, in[blockIdx.x * kBlock + tid]);
  if (tid % 32 == 0)
    partial[tid / 32] = v;
  __syncthreads();
  unsigned mask = __ballot_sync(0xffffffff, tid < kWarps);
  if (tid < kWarps) {
    v = warpSum(mask, partial[tid]);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}

// Lanes 0-3 shuffle among themselves, reading lanes 4-7 (inactive, outside
// the mask), and themselves at offset 0.
__global__ void direct(int *out) {
  unsigned lane = threadIdx.x;
  if (lane < 4) {
    out[lane] = __shfl_sync(0xf, 100 + lane, lane + 4);
    out[4 + lane] = __shfl_down_sync(0xf, 100 + lane, 0);
    out[8 + lane] = __shfl_xor_sync(0xf, 100 + lane, 1);
  }
}

int main() {
  const int blocks = 4;
  static int in[blocks * kBlock];
  long want[blocks] = {};
  for (int i = 0; i < blocks * kBlock; ++i) {
    in[i] = (i * 7919) % 1000 + 1;
    want[i / kBlock] += in[i];
  }
  int *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, 16 * sizeof(int));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  blockSum<<<blocks, kBlock>>>(din, dout);
  int got[16];
  cudaMemcpy(got, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  int failures = 0;
  for (int b = 0; b < blocks; ++b)
    if (got[b] != want[b] && failures++ < 5)
      printf("expected block %d's sum %ld, got %d\n", b, want[b], got[b]);
  direct<<<1, 32>>>(dout);
  cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
  printf("outside the mask:");
  for (int i = 0; i < 4; ++i)
    printf(" %d", got[i]);
  printf("\nitself:");
  for (int i = 4; i < 8; ++i)
    printf(" %d", got[i]);
  printf("\nxor 1:");
  for (int i = 8; i < 12; ++i)
    printf(" %d", got[i]);
  printf("\nshuffle non-members: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
