// cooperative_groups: labeled_partition, binary_partition, cg::reduce over
// the partitions and over multi-warp tiles (64 to 512 threads), and group
// shuffles of types the warp functions have no overload for (uint4, a
// struct). Each result is compared with a CPU reference computed from the
// documented semantics.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

struct Pair {
  int a;
  short b;
};

constexpr int kBlock = 256;
constexpr int kGrid = 4;
constexpr int kThreads = kBlock * kGrid;

// Per thread: [0] labeled group size, [1] rank in it, [2] sum of values in it,
// [3] ballot of (value odd) within it, [4] binary group size, [5] rank,
// [6] max of values in it, [7] rank-0's lane-in-warp (broadcast by shfl).
__global__ void partitions(const int *label, const int *value, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *o = out + 8 * t;
  // A divergent start: odd threads of the last block leave first.
  if (blockIdx.x == kGrid - 1 && (threadIdx.x & 1))
    return;
  cg::coalesced_group active = cg::coalesced_threads();
  cg::coalesced_group same = cg::labeled_partition(active, label[t]);
  o[0] = (int)same.size();
  o[1] = (int)same.thread_rank();
  o[2] = cg::reduce(same, value[t], cg::plus<int>());
  o[3] = (int)same.ballot(value[t] & 1);
  if (blockIdx.x != kGrid - 1) {
    cg::coalesced_group half = cg::binary_partition(warp, value[t] > 50);
    o[4] = (int)half.size();
    o[5] = (int)half.thread_rank();
    o[6] = cg::reduce(half, value[t], cg::greater<int>());
    o[7] = half.shfl((int)(threadIdx.x % 32), 0);
  }
}

template <unsigned N>
__global__ void multiWarp(const int *value, int *out) {
  __shared__ cg::block_tile_memory<kBlock> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto tile = cg::tiled_partition<N>(block);
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = cg::reduce(tile, value[t], cg::plus<int>());
  tile.sync();
  out[3 * t] = sum;
  out[3 * t + 1] = (int)tile.meta_group_rank();
  out[3 * t + 2] = (int)tile.thread_rank();
}

__global__ void shuffles(int *out) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  unsigned r = tile.thread_rank();
  uint4 v = make_uint4(r, r * 2, r * 3, r * 4);
  uint4 x = tile.shfl_xor(v, 5);
  Pair p{(int)r * 7, (short)(-(int)r)};
  Pair q = tile.shfl_down(p, 3);
  out[6 * threadIdx.x + 0] = (int)x.x;
  out[6 * threadIdx.x + 1] = (int)x.w;
  out[6 * threadIdx.x + 2] = q.a;
  out[6 * threadIdx.x + 3] = q.b;
  uint4 y = tile.shfl(v, 15 - r);
  out[6 * threadIdx.x + 4] = (int)y.y;
  out[6 * threadIdx.x + 5] = (int)tile.shfl_up(y, 1).z;
}

static int failures = 0;
static void expect(const char *what, int t, int got, int want) {
  if (got != want && failures++ < 20)
    printf("expected %s[%d] = %d, got %d\n", what, t, want, got);
}

template <unsigned N> static void checkMultiWarp(const int *value) {
  int *dv, *dout;
  cudaMalloc(&dv, kThreads * sizeof(int));
  cudaMalloc(&dout, 3 * kThreads * sizeof(int));
  cudaMemcpy(dv, value, kThreads * sizeof(int), cudaMemcpyHostToDevice);
  multiWarp<N><<<kGrid, kBlock>>>(dv, dout);
  static int out[3 * kThreads];
  cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
  char name[32];
  snprintf(name, sizeof name, "multiwarp%u", N);
  for (int t = 0; t < kThreads; ++t) {
    int first = t - t % N, sum = 0;
    for (int i = first; i < first + (int)N; ++i)
      sum += value[i];
    expect(name, t, out[3 * t], sum);
    expect(name, t, out[3 * t + 1], (t % kBlock) / N);
    expect(name, t, out[3 * t + 2], t % N);
  }
  cudaFree(dv);
  cudaFree(dout);
}

int main() {
  static int label[kThreads], value[kThreads], out[8 * kThreads];
  unsigned seed = 12345;
  for (int t = 0; t < kThreads; ++t) {
    seed = seed * 1103515245u + 12345u;
    label[t] = (seed >> 16) % 5;
    seed = seed * 1103515245u + 12345u;
    value[t] = (seed >> 16) % 100;
  }
  int *dl, *dv, *dout;
  cudaMalloc(&dl, sizeof(label));
  cudaMalloc(&dv, sizeof(value));
  cudaMalloc(&dout, sizeof(out));
  cudaMemcpy(dl, label, sizeof(label), cudaMemcpyHostToDevice);
  cudaMemcpy(dv, value, sizeof(value), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0xff, sizeof(out));
  partitions<<<kGrid, kBlock>>>(dl, dv, dout);
  cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
  for (int t = 0; t < kThreads; ++t) {
    bool lastBlock = t / kBlock == kGrid - 1;
    if (lastBlock && (t & 1))
      continue;
    int warp = t - t % 32;
    auto active = [&](int i) { return !lastBlock || (i % 2) == 0; };
    int size = 0, rank = 0, sum = 0, ballot = 0;
    for (int i = warp; i < warp + 32; ++i) {
      if (!active(i) || label[i] != label[t])
        continue;
      if (value[i] & 1)
        ballot |= 1 << size;
      if (i < t)
        ++rank;
      ++size;
      sum += value[i];
    }
    expect("labeled.size", t, out[8 * t], size);
    expect("labeled.rank", t, out[8 * t + 1], rank);
    expect("labeled.reduce", t, out[8 * t + 2], sum);
    expect("labeled.ballot", t, out[8 * t + 3], ballot);
    if (lastBlock)
      continue;
    bool side = value[t] > 50;
    int bsize = 0, brank = 0, bmax = -1, first = -1;
    for (int i = warp; i < warp + 32; ++i) {
      if ((value[i] > 50) != side)
        continue;
      if (first < 0)
        first = i % 32;
      if (i < t)
        ++brank;
      ++bsize;
      bmax = value[i] > bmax ? value[i] : bmax;
    }
    expect("binary.size", t, out[8 * t + 4], bsize);
    expect("binary.rank", t, out[8 * t + 5], brank);
    expect("binary.reduce", t, out[8 * t + 6], bmax);
    expect("binary.shfl", t, out[8 * t + 7], first);
  }
  checkMultiWarp<64>(value);
  checkMultiWarp<128>(value);
  checkMultiWarp<256>(value);

  int *ds;
  cudaMalloc(&ds, 6 * 64 * sizeof(int));
  shuffles<<<1, 64>>>(ds);
  static int sh[6 * 64];
  cudaMemcpy(sh, ds, sizeof(sh), cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; ++t) {
    int r = t % 16, x = r ^ 5, d = r + 3 < 16 ? r + 3 : r, y = 15 - r;
    int yu = r >= 1 ? 15 - (r - 1) : y;
    expect("shfl_xor.uint4.x", t, sh[6 * t], x);
    expect("shfl_xor.uint4.w", t, sh[6 * t + 1], 4 * x);
    expect("shfl_down.struct.a", t, sh[6 * t + 2], 7 * d);
    expect("shfl_down.struct.b", t, sh[6 * t + 3], -d);
    expect("shfl.uint4.y", t, sh[6 * t + 4], 2 * y);
    expect("shfl_up.uint4.z", t, sh[6 * t + 5], 3 * yu);
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("cg_partitions: %s\n", failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
