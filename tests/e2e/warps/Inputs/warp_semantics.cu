// Warp-level functions against a CPU model of CUDA's documented semantics,
// for blocks of 96 and 48 threads (a partial last warp) and partial masks.
// Prints one line per function: "<name>: ok" or the first mismatch.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <vector>
namespace cg = cooperative_groups;

enum Result {
  ShflIdx, ShflUp, ShflDown, ShflXor, ShflWidth8, ShflDouble, Ballot, AnyAll,
  MatchAny, MatchAll, ReduceAdd, ReduceMin, ReduceOdd, TileReduce, TileScan,
  LaneId, NumResults
};
static const char *Names[] = {
    "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync",
    "shfl_sync width 8", "shfl_sync double", "ballot_sync", "any/all_sync",
    "match_any_sync", "match_all_sync", "reduce_add_sync", "reduce_min_sync",
    "reduce_add_sync odd lanes", "cg::reduce tile<8>", "cg::inclusive_scan tile<16>",
    "laneid"};

__device__ unsigned valueOf(unsigned t) { return (t * 7 + 3) % 11; }

__global__ void warpKernel(unsigned *out) {
  const unsigned t = threadIdx.x;
  const unsigned lane = t % warpSize;
  const unsigned warpBase = t - lane;
  const unsigned warpLanes = min((unsigned)warpSize, blockDim.x - warpBase);
  const unsigned full = warpLanes == 32 ? ~0u : (1u << warpLanes) - 1;
  unsigned *o = out + t * NumResults;
  const unsigned v = valueOf(t);
  o[ShflIdx] = __shfl_sync(full, v, (lane + 5) % warpLanes);
  o[ShflUp] = __shfl_up_sync(full, v, 3);
  o[ShflDown] = __shfl_down_sync(full, v, 2);
  o[ShflXor] = __shfl_xor_sync(full, v, 1);
  o[ShflWidth8] = __shfl_sync(full, v, 2, 8);
  double d = __shfl_sync(full, v * 0.5 + 1e10, 0);
  o[ShflDouble] = d == valueOf(warpBase) * 0.5 + 1e10;
  o[Ballot] = __ballot_sync(full, v > 5);
  o[AnyAll] = __any_sync(full, v == 10) * 2 + __all_sync(full, v < 11);
  o[MatchAny] = __match_any_sync(full, v % 3);
  int pred = -1;
  o[MatchAll] = __match_all_sync(full, v / 100, &pred) + (pred == 1);
  o[ReduceAdd] = __reduce_add_sync(full, v);
  o[ReduceMin] = __reduce_min_sync(full, (int)v - 5);
  const unsigned odd = full & 0xaaaaaaaau;
  o[ReduceOdd] = lane % 2 ? __reduce_add_sync(odd, v) : 0;
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(cg::this_thread_block());
  cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(cg::this_thread_block());
  o[TileReduce] = warpLanes % 8 == 0 ? cg::reduce(tile8, v, cg::plus<unsigned>()) : 0;
  o[TileScan] = warpLanes % 16 == 0 ? cg::inclusive_scan(tile16, v) : 0;
  unsigned laneid;
  asm("mov.u32 %0, %%laneid;" : "=r"(laneid));
  o[LaneId] = laneid;
}

// The CPU model: what CUDA documents for each function.
static unsigned expected(unsigned t, unsigned blockSize, int r) {
  auto value = [](unsigned x) { return (x * 7 + 3) % 11; };
  const unsigned lane = t % 32, base = t - lane;
  const unsigned lanes = std::min(32u, blockSize - base);
  const unsigned v = value(t);
  auto at = [&](unsigned l) { return value(base + l); };
  switch (r) {
  case ShflIdx: return at((lane + 5) % lanes);
  case ShflUp: return lane >= 3 ? at(lane - 3) : v;
  case ShflDown: return lane + 2 < 32 && lane + 2 < lanes ? at(lane + 2) : (lane + 2 < 32 ? 0xdead : v);
  case ShflXor: return (lane ^ 1) < lanes ? at(lane ^ 1) : 0xdead;
  case ShflWidth8: return at((lane & ~7u) + 2);
  case ShflDouble: return 1;
  case Ballot: { unsigned b = 0; for (unsigned l = 0; l < lanes; ++l) b |= (at(l) > 5) << l; return b; }
  case AnyAll: { bool any = false, all = true; for (unsigned l = 0; l < lanes; ++l) { any |= at(l) == 10; all &= at(l) < 11; } return any * 2 + all; }
  case MatchAny: { unsigned m = 0; for (unsigned l = 0; l < lanes; ++l) m |= (at(l) % 3 == v % 3) << l; return m; }
  case MatchAll: { unsigned full = lanes == 32 ? ~0u : (1u << lanes) - 1; return full + 1; }
  case ReduceAdd: { unsigned s = 0; for (unsigned l = 0; l < lanes; ++l) s += at(l); return s; }
  case ReduceMin: { int m = 1 << 30; for (unsigned l = 0; l < lanes; ++l) m = std::min(m, (int)at(l) - 5); return (unsigned)m; }
  case ReduceOdd: { if (lane % 2 == 0) return 0; unsigned s = 0; for (unsigned l = 1; l < lanes; l += 2) s += at(l); return s; }
  case TileReduce: { if (lanes % 8) return 0; unsigned s = 0; for (unsigned l = lane & ~7u; l < (lane & ~7u) + 8; ++l) s += at(l); return s; }
  case TileScan: { if (lanes % 16) return 0; unsigned s = 0; for (unsigned l = lane & ~15u; l <= lane; ++l) s += at(l); return s; }
  case LaneId: return lane;
  }
  return 0;
}

int main() {
  bool allOk = true;
  for (unsigned blockSize : {96u, 48u}) {
    std::vector<unsigned> host(blockSize * NumResults);
    unsigned *device;
    if (cudaMalloc(&device, host.size() * sizeof(unsigned)) != cudaSuccess) {
      printf("no device\n");
      return 1;
    }
    warpKernel<<<1, blockSize>>>(device);
    cudaMemcpy(host.data(), device, host.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaFree(device);
    for (int r = 0; r < NumResults; ++r) {
      bool ok = true;
      for (unsigned t = 0; t < blockSize && ok; ++t) {
        unsigned want = expected(t, blockSize, r);
        unsigned got = host[t * NumResults + r];
        if (want != 0xdead && got != want) {
          printf("%u threads: %s: thread %u: got %u, expected %u\n", blockSize, Names[r], t, got, want);
          ok = allOk = false;
        }
      }
      if (ok)
        printf("%u threads: %s: ok\n", blockSize, Names[r]);
    }
  }
  printf("warp_semantics: %s\n", allOk ? "PASSED" : "FAILED");
  return allOk ? 0 : 1;
}
