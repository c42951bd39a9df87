// Block- and warp-level semantics on the host target: 48- and 96-thread
// blocks (a partial wavefront, a partial second warp), logical 32-lane warps,
// shuffles, votes, __syncthreads and its reductions, static and dynamic
// shared memory, atomics. Each check prints "<name>: ok" or what went wrong.
#include <cstdio>

__global__ void warpFacts(unsigned *lane, unsigned *warp, unsigned *ballot,
                          int *warpSum, int *shuffled) {
  unsigned t = threadIdx.x;
  lane[t] = t % 32 == 0 ? 0 : t % warpSize; // warpSize must be 32
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  warp[t] = id;
  ballot[t] = __ballot_sync(__activemask(), t % 2 == 0);
  int value = static_cast<int>(t);
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(__activemask(), value, offset);
  warpSum[t] = value;
  shuffled[t] = __shfl_sync(0xffffffffu, static_cast<int>(t) * 10, 3);
}

__global__ void reverseInShared(int *out, int *counts) {
  __shared__ int buffer[96];
  unsigned t = threadIdx.x;
  buffer[t] = static_cast<int>(t);
  __syncthreads();
  out[t] = buffer[blockDim.x - 1 - t];
  counts[t] = __syncthreads_count(t % 3 == 0);
}

__global__ void dynamicShared(int *out) {
  extern __shared__ int dynamic[];
  unsigned t = threadIdx.x;
  dynamic[t] = static_cast<int>(t + blockIdx.x * 1000);
  __syncthreads();
  int sum = 0;
  for (unsigned i = 0; i < blockDim.x; ++i)
    sum += dynamic[i];
  out[blockIdx.x * blockDim.x + t] = sum;
}

__global__ void atomics(int *sum, int *maximum, unsigned *cas) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  atomicAdd(sum, 1);
  atomicMax(maximum, i);
  unsigned old = *cas, seen;
  do {
    seen = old;
    old = atomicCAS(cas, seen, seen + 2);
  } while (old != seen);
}

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
      ok = false;                                                              \
    }                                                                          \
  } while (0)

int main() {
  bool ok = true;
  unsigned *lane, *warp, *ballot;
  int *warpSum, *shuffled;
  cudaMallocManaged(&lane, 48 * 4);
  cudaMallocManaged(&warp, 48 * 4);
  cudaMallocManaged(&ballot, 48 * 4);
  cudaMallocManaged(&warpSum, 48 * 4);
  cudaMallocManaged(&shuffled, 48 * 4);
  warpFacts<<<1, 48>>>(lane, warp, ballot, warpSum, shuffled);
  cudaError_t e = cudaDeviceSynchronize();
  CHECK(e == cudaSuccess, "warpFacts: %s", cudaGetErrorName(e));
  for (unsigned t = 0; t < 48; ++t) {
    CHECK(lane[t] == t % 32, "lane[%u] = %u", t, lane[t]);
    CHECK(warp[t] == t % 32, "laneid[%u] = %u", t, warp[t]);
    // Warp 0 has 32 lanes, warp 1 the 16 threads 32..47.
    unsigned expectedBallot = t < 32 ? 0x55555555u : 0x5555u;
    CHECK(ballot[t] == expectedBallot, "ballot[%u] = %#x", t, ballot[t]);
    CHECK(shuffled[t] == static_cast<int>((t < 32 ? 3 : 35) * 10),
          "shuffled[%u] = %d", t, shuffled[t]);
  }
  CHECK(warpSum[0] == 31 * 32 / 2, "warp 0 sum %d", warpSum[0]);
  std::printf("warp facts: %s\n", ok ? "ok" : "FAILED");

  int *out, *counts;
  cudaMallocManaged(&out, 96 * 4);
  cudaMallocManaged(&counts, 96 * 4);
  reverseInShared<<<1, 96>>>(out, counts);
  cudaDeviceSynchronize();
  bool sharedOk = true;
  for (int t = 0; t < 96; ++t)
    sharedOk &= out[t] == 95 - t && counts[t] == 32;
  std::printf("96-thread shared reverse and __syncthreads_count: %s\n",
              sharedOk ? "ok" : "FAILED");
  ok &= sharedOk;

  int *dyn;
  cudaMallocManaged(&dyn, 3 * 64 * 4);
  dynamicShared<<<3, 64, 64 * sizeof(int)>>>(dyn);
  cudaDeviceSynchronize();
  bool dynOk = true;
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < 64; ++t)
      dynOk &= dyn[b * 64 + t] == 64 * 63 / 2 + 64 * 1000 * b;
  std::printf("dynamic shared memory: %s\n", dynOk ? "ok" : "FAILED");
  ok &= dynOk;

  int *sum, *maximum;
  unsigned *cas;
  cudaMallocManaged(&sum, 4);
  cudaMallocManaged(&maximum, 4);
  cudaMallocManaged(&cas, 4);
  *sum = 0;
  *maximum = -1;
  *cas = 0;
  atomics<<<40, 100>>>(sum, maximum, cas);
  cudaDeviceSynchronize();
  bool atomicOk = *sum == 4000 && *maximum == 3999 && *cas == 8000;
  std::printf("atomics: %s (%d %d %u)\n", atomicOk ? "ok" : "FAILED", *sum,
              *maximum, *cas);
  ok &= atomicOk;
  std::printf("block_warp: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
