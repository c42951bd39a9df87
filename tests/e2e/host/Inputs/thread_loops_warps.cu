// Warp operations in thread loops (lowering/host/HostThreadLoops.cpp, "Warp
// points"): shuffles of every mode and width, votes, __syncwarp, partial
// masks, divergent warps and partial last warps (blocks of 96, 48 and 33
// threads). The output must be the same on fibers (RUBICON_HOST_THREAD_LOOPS=0,
// where tests/e2e/warps/warp-semantics.test checks these operations against
// CUDA's documented semantics); the converged cases are also checked here.
#include <cstdio>

constexpr unsigned Ops = 20;
constexpr unsigned Full = 0xffffffffu;

// Every lane reaches every operation: thread loops.
__global__ void warpOps(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32, v = t * 7 + 3;
  unsigned *o = out + t * Ops;
  o[0] = __shfl_sync(Full, v, (lane + 5) % 32);
  o[1] = __shfl_up_sync(Full, v, 3);
  o[2] = __shfl_down_sync(Full, v, 2);
  o[3] = __shfl_xor_sync(Full, v, 1);
  o[4] = __shfl_sync(Full, v, 2, 8);
  o[5] = __shfl_up_sync(Full, v, 5, 16);
  o[6] = __shfl_down_sync(Full, v, 1, 4);
  o[7] = __shfl_xor_sync(Full, v, 9, 16);
  o[8] = __float_as_uint(__shfl_down_sync(Full, v * 0.5f, 1));
  o[9] = __ballot_sync(Full, v % 3 == 0);
  // (A mask without the calling lane is left out: see divergentOps.)
  o[10] = __ballot_sync(Full, v > 40);
  o[11] = __any_sync(Full, v == 10) * 2 + __all_sync(Full, v < 200);
  o[12] = __any_sync(Full, v == 3) * 2 + __all_sync(Full, v != 7);
  o[13] = __uni_sync(Full, lane < 40) * 2 + __uni_sync(Full, lane < 3);
  __syncwarp();
  o[14] = __shfl_sync(Full, v, 31 - lane);
  double d = __shfl_sync(Full, v * 1.5, lane ^ 2);
  o[15] = unsigned(d * 2);
  long long w = __shfl_down_sync(Full, (long long)v << 33, 4);
  o[16] = unsigned(w >> 33);
  unsigned s = v;
  for (int k = 16; k > 0; k /= 2)
    s += __shfl_xor_sync(Full, s, k);
  o[17] = s;
  o[18] = __shfl_sync(Full, o[0], (lane + 1) % 32);
  o[19] = 0;
}

// Operations that only some lanes reach (partial masks, divergent
// branches): these keep fibers, where each completes among its mask's lanes.
__global__ void divergentOps(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32, v = t * 7 + 3;
  unsigned *o = out + t * Ops;
  o[0] = lane % 2 ? __ballot_sync(0xaaaaaaaau, v > 40) : 0;
  o[1] = lane < 8 ? __any_sync(0xffu, v == 3) * 2 + __all_sync(0xffu, v != 7)
                  : 0;
  o[2] = lane < 16 ? __shfl_sync(0xffffu, v, 15 - lane)
                   : __shfl_xor_sync(0xffff0000u, v, 1);
  if (lane < 16)
    __syncwarp(0xffffu);
  o[3] = __shfl_xor_sync(Full, v, 1);
  for (unsigned k = 4; k < Ops; ++k)
    o[k] = 0;
}

// A block sum: a shuffle reduction per warp, the warps' sums through shared
// memory and __syncthreads, then every warp reduces them again (the first
// warp's result is kept): thread loops.
__global__ void blockSum(const int *in, int *out) {
  __shared__ int sums[32];
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int k = 16; k > 0; k /= 2)
    v += __shfl_down_sync(Full, v, k);
  if (threadIdx.x % 32 == 0)
    sums[threadIdx.x / 32] = v;
  __syncthreads();
  unsigned lane = threadIdx.x % 32;
  v = lane < blockDim.x / 32 ? sums[lane] : 0;
  for (int k = 16; k > 0; k /= 2)
    v += __shfl_down_sync(Full, v, k);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

int main() {
  bool ok = true;
  const unsigned sizes[] = {96, 48, 33};
  for (unsigned threads : sizes) {
    unsigned *out;
    cudaMallocManaged(&out, threads * Ops * sizeof(unsigned));
    divergentOps<<<1, threads>>>(out);
    cudaDeviceSynchronize();
    unsigned sums[Ops] = {};
    for (unsigned t = 0; t < threads; ++t)
      for (unsigned k = 0; k < 4; ++k)
        sums[k] = sums[k] * 31 + out[t * Ops + k];
    for (unsigned k = 0; k < 4; ++k)
      std::printf("%u threads: divergent op %u: %08x\n", threads, k, sums[k]);
    warpOps<<<1, threads>>>(out);
    cudaDeviceSynchronize();
    for (unsigned k = 0; k < Ops; ++k)
      sums[k] = 0;
    for (unsigned t = 0; t < threads; ++t)
      for (unsigned k = 0; k < Ops; ++k)
        sums[k] = sums[k] * 31 + out[t * Ops + k];
    for (unsigned k = 0; k < Ops; ++k)
      std::printf("%u threads: op %u: %08x\n", threads, k, sums[k]);
    // Converged full warps: what CUDA documents.
    int bad = 0;
    for (unsigned t = 0; t < threads / 32 * 32; ++t) {
      unsigned lane = t % 32, base = t - lane;
      auto v = [&](unsigned l) { return (base + l) * 7 + 3; };
      unsigned *o = out + t * Ops;
      unsigned ballot = 0, sum = 0;
      for (unsigned l = 0; l < 32; ++l)
        ballot |= unsigned(v(l) % 3 == 0) << l, sum += v(l);
      bad += o[0] != v((lane + 5) % 32);
      bad += o[1] != (lane >= 3 ? v(lane - 3) : v(lane));
      bad += o[2] != (lane + 2 < 32 ? v(lane + 2) : v(lane));
      bad += o[3] != v(lane ^ 1);
      bad += o[4] != v((lane & ~7u) + 2);
      bad += o[7] != v(lane ^ 9);
      bad += o[9] != ballot;
      bad += o[14] != v(31 - lane);
      bad += o[17] != sum;
      bad += o[18] != v((lane + 6) % 32);
    }
    std::printf("%u threads: %d wrong\n", threads, bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  int *in, *out;
  cudaMallocManaged(&in, 4 * 256 * sizeof(int));
  cudaMallocManaged(&out, 4 * sizeof(int));
  for (int i = 0; i < 4 * 256; ++i)
    in[i] = i % 37;
  blockSum<<<4, 256>>>(in, out);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < 4; ++b) {
    int sum = 0;
    for (int i = 0; i < 256; ++i)
      sum += in[b * 256 + i];
    bad += out[b] != sum;
  }
  std::printf("block sums: %d wrong\n", bad);
  ok &= bad == 0;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
