// Warp operations under a condition that depends on the thread, in thread
// loops (lowering/host/HostThreadLoops.cpp, reachesWarpPointsTogether): the
// lanes that reach such an operation reach it in the same round as long as no
// warp operation follows the condition's end before a __syncthreads.
//  - jacobi: cuda-samples' jacobiCudaGraphs' JacobiMethod in small: a
//    tile32 reduction per row in a loop, __syncthreads, then
//    `if (threadIdx.x < 8)` a tile8 reduction and an atomicAdd;
//  - earlyExit: threads past the end return, the others reduce with the mask
//    of __activemask();
//  - perLaneLoop: a loop whose trip count differs per lane, a ballot of the
//    lanes still in it each iteration;
//  - volatileTail: the legacy warp-synchronous reduction of the last warp,
//    `if (tid < 32)` over volatile shared memory, no __syncwarp;
//  - afterJoin: a shuffle under `lane < 16`, then one by every lane: the
//    lanes reach the second in different rounds, so fibers.
// Blocks of 96, 48 and 40 threads (jacobi: 96 and 64). The output must be
// the same on fibers (RUBICON_HOST_THREAD_LOOPS=0) and match CUDA's
// definitions.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;
constexpr unsigned Full = 0xffffffffu;
constexpr int Rows = 8, N = 100;

__global__ void jacobi(const float *a, double *rowSums, double *total) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ double partial[Rows];
  if (threadIdx.x < Rows)
    partial[threadIdx.x] = 0;
  cg::sync(cta);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  for (int k = 0; k < Rows; ++k) {
    double sum = 0;
    for (int j = threadIdx.x; j < N; j += blockDim.x)
      sum += a[k * N + j];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      sum += tile32.shfl_down(sum, offset);
    if (tile32.thread_rank() == 0)
      atomicAdd(&partial[k], sum);
  }
  cg::sync(cta);
  if (threadIdx.x < Rows) {
    cg::thread_block_tile<Rows> tile8 = cg::tiled_partition<Rows>(cta);
    double mine = partial[threadIdx.x];
    rowSums[threadIdx.x] = mine;
    for (int offset = tile8.size() / 2; offset > 0; offset /= 2)
      mine += tile8.shfl_down(mine, offset);
    if (tile8.thread_rank() == 0)
      atomicAdd(total, mine);
  }
}

__global__ void earlyExit(const int *in, int *out, unsigned n) {
  unsigned t = threadIdx.x;
  if (t >= n)
    return;
  unsigned mask = __activemask();
  int v = in[t];
  for (int k = 16; k > 0; k /= 2) {
    int other = __shfl_down_sync(mask, v, k);
    if ((t % 32) + k < 32 && t + k < n)
      v += other;
  }
  out[t] = v;
}

__global__ void perLaneLoop(const int *trips, unsigned *out) {
  unsigned t = threadIdx.x, seen = 0;
  for (int i = 0; i < trips[t]; ++i)
    seen = seen * 3 + __popc(__ballot_sync(__activemask(), (t + i) % 3 == 0));
  out[t] = seen;
}

__global__ void volatileTail(const int *in, int *out) {
  __shared__ int data[128];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 128; i += blockDim.x)
    data[i] = i < blockDim.x ? in[i] : 0;
  __syncthreads();
  if (t < 64)
    data[t] += data[t + 64];
  __syncthreads();
  if (t < 32) {
    volatile int *v = data;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  __syncthreads();
  out[t] = data[0];
}

__global__ void afterJoin(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32, v = t * 5 + 1;
  if (lane < 16)
    v = __shfl_xor_sync(0xffffu, v, 1);
  out[t] = __shfl_xor_sync(Full, v, 2);
}

int main() {
  bool ok = true;
  float *a;
  double *rowSums, *total;
  cudaMallocManaged(&a, Rows * N * sizeof(float));
  cudaMallocManaged(&rowSums, Rows * sizeof(double));
  cudaMallocManaged(&total, sizeof(double));
  for (int i = 0; i < Rows * N; ++i)
    a[i] = float(i % 17);
  int *in, *iout, *trips;
  const int most = 96;
  unsigned *uout;
  cudaMallocManaged(&in, most * sizeof(int));
  cudaMallocManaged(&iout, most * sizeof(int));
  cudaMallocManaged(&trips, most * sizeof(int));
  cudaMallocManaged(&uout, most * sizeof(unsigned));
  for (int i = 0; i < most; ++i)
    in[i] = i * 3 % 11, trips[i] = i * 7 % 5;
  const unsigned sizes[] = {96, 48, 40};
  for (unsigned threads : sizes) {
    int bad = 0;
    *total = 0;
    // Whole warps: a tile32 shuffle from a lane past the block's end is
    // undefined.
    unsigned whole = threads % 32 ? 64 : threads;
    jacobi<<<1, whole>>>(a, rowSums, total);
    cudaDeviceSynchronize();
    double expected = 0;
    for (int k = 0; k < Rows; ++k) {
      double row = 0;
      for (int j = 0; j < N; ++j)
        row += a[k * N + j];
      bad += rowSums[k] != row;
      expected += row;
    }
    bad += *total != expected;
    std::printf("%u threads: jacobi %g, %d wrong\n", whole, *total, bad);
    ok &= bad == 0;

    unsigned n = threads - 5;
    earlyExit<<<1, threads>>>(in, iout, n);
    cudaDeviceSynchronize();
    bad = 0;
    for (unsigned t = 0; t < n; ++t) {
      // The sum of the lanes from t to the end of its warp (or of n).
      int sum = 0;
      for (unsigned u = t; u < n && u / 32 == t / 32; ++u)
        sum += in[u];
      bad += iout[t] != sum;
    }
    std::printf("%u threads: early exit, %d wrong\n", threads, bad);
    ok &= bad == 0;

    perLaneLoop<<<1, threads>>>(trips, uout);
    cudaDeviceSynchronize();
    bad = 0;
    for (unsigned t = 0; t < threads; ++t) {
      unsigned seen = 0, base = t / 32 * 32;
      for (int i = 0; i < trips[t]; ++i) {
        int count = 0; // the lanes of the warp still in the loop
        for (unsigned u = base; u < base + 32 && u < threads; ++u)
          count += i < trips[u] && (u + i) % 3 == 0;
        seen = seen * 3 + count;
      }
      bad += uout[t] != seen;
    }
    std::printf("%u threads: per-lane loop, %d wrong\n", threads, bad);
    ok &= bad == 0;

    volatileTail<<<1, threads>>>(in, iout);
    cudaDeviceSynchronize();
    int sum = 0;
    for (unsigned t = 0; t < threads; ++t)
      sum += in[t];
    bad = 0;
    for (unsigned t = 0; t < threads; ++t)
      bad += iout[t] != sum;
    std::printf("%u threads: volatile warp reduction %d, %d wrong\n", threads,
                iout[0], bad);
    ok &= bad == 0;

    afterJoin<<<1, threads>>>(uout);
    cudaDeviceSynchronize();
    unsigned hash = 0;
    for (unsigned t = 0; t < threads; ++t)
      hash = hash * 31 + uout[t];
    std::printf("%u threads: after the join %08x\n", threads, hash);
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
