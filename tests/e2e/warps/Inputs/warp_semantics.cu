// Warp-level functions against a CPU model of CUDA's documented semantics
// (CUDA C++ Programming Guide: warp shuffle, vote, match, reduce, activemask,
// __syncwarp, cooperative groups), for blocks of 96, 48 and 33 threads (a
// partial last warp of 16 and of 1 lane), partial masks and divergent warps.
// Prints one line per function: "<name>: ok" or the first mismatch.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <vector>
namespace cg = cooperative_groups;

#define RESULTS(X)                                                             \
  X(ActiveMask, "activemask")                                                  \
  X(ShflIdx, "shfl_sync")                                                      \
  X(ShflUp, "shfl_up_sync")                                                    \
  X(ShflDown, "shfl_down_sync")                                                \
  X(ShflXor, "shfl_xor_sync")                                                  \
  X(ShflWidth8, "shfl_sync width 8")                                           \
  X(ShflIdxWrap, "shfl_sync width 16 lane modulo width")                      \
  X(ShflUpWidth16, "shfl_up_sync width 16")                                    \
  X(ShflDownWidth4, "shfl_down_sync width 4")                                  \
  X(ShflXorWidth16, "shfl_xor_sync width 16")                                  \
  X(ShflXorLater, "shfl_xor_sync width 8 later group")                         \
  X(ShflFloat, "shfl_down_sync float")                                         \
  X(ShflDouble, "shfl_sync double")                                            \
  X(ShflLongLong, "shfl_xor_sync long long")                                   \
  X(Ballot, "ballot_sync")                                                     \
  X(BallotOdd, "ballot_sync odd lanes")                                        \
  X(AnyAll, "any/all_sync")                                                    \
  X(AnyAllPartial, "any/all_sync lanes 0-7")                                   \
  X(Uni, "uni_sync")                                                           \
  X(MatchAny, "match_any_sync")                                                \
  X(MatchAny64, "match_any_sync 64-bit")                                       \
  X(MatchAll, "match_all_sync")                                                \
  X(MatchAllDiffer, "match_all_sync differing")                                \
  X(ReduceAdd, "reduce_add_sync")                                              \
  X(ReduceMin, "reduce_min_sync")                                              \
  X(ReduceMax, "reduce_max_sync")                                              \
  X(ReduceBits, "reduce_and/or/xor_sync")                                      \
  X(ReduceOdd, "reduce_add_sync odd lanes")                                    \
  X(ReduceMaxPartial, "reduce_max_sync lanes 4-11")                            \
  X(SyncWarp, "syncwarp")                                                      \
  X(SyncWarpPartial, "syncwarp lanes 0-15")                                    \
  X(DivergentActiveMask, "activemask divergent")                               \
  X(DivergentShuffles, "divergent shfl_sync/shfl_xor_sync")                    \
  X(DivergentMixed, "divergent shfl+ballot / reduce")                          \
  X(TileReduce, "cg::reduce tile<8>")                                          \
  X(TileScan, "cg::inclusive_scan tile<16>")                                   \
  X(TileExclusiveScan, "cg::exclusive_scan tile<8>")                           \
  X(Tile4, "cg tile<4> shfl_down/ranks")                                       \
  X(Tile16Max, "cg::reduce tile<16> greater")                                  \
  X(Tile32Votes, "cg tile<32> ballot/any/all")                                 \
  X(Coalesced, "cg::coalesced_threads size/rank/reduce")                       \
  X(CoalescedScan, "cg::inclusive_scan coalesced")                             \
  X(LaneId, "laneid")

#define ENUM(Id, Name) Id,
enum Result { RESULTS(ENUM) NumResults };
#define NAME(Id, Name) Name,
static const char *Names[] = {RESULTS(NAME)};

constexpr unsigned Undefined = 0xdeadbeef;

__device__ unsigned valueOf(unsigned t) { return (t * 7 + 3) % 11; }

__global__ void warpKernel(unsigned *out) {
  __shared__ unsigned exchange[96], exchange2[96];
  const unsigned t = threadIdx.x;
  const unsigned lane = t % warpSize;
  const unsigned warpBase = t - lane;
  const unsigned warpLanes = min((unsigned)warpSize, blockDim.x - warpBase);
  const unsigned full = warpLanes == 32 ? ~0u : (1u << warpLanes) - 1;
  const unsigned odd = full & 0xaaaaaaaau, even = full & 0x55555555u;
  unsigned *o = out + t * NumResults;
  const unsigned v = valueOf(t);
  o[ActiveMask] = __activemask();
  o[ShflIdx] = __shfl_sync(full, v, (lane + 5) % warpLanes);
  o[ShflUp] = __shfl_up_sync(full, v, 3);
  o[ShflDown] = __shfl_down_sync(full, v, 2);
  o[ShflXor] = __shfl_xor_sync(full, v, 1);
  o[ShflWidth8] = __shfl_sync(full, v, 2, 8);
  o[ShflIdxWrap] = __shfl_sync(full, v, lane + 20, 16);
  o[ShflUpWidth16] = __shfl_up_sync(full, v, 5, 16);
  o[ShflDownWidth4] = __shfl_down_sync(full, v, 1, 4);
  o[ShflXorWidth16] = __shfl_xor_sync(full, v, 9, 16);
  o[ShflXorLater] = __shfl_xor_sync(full, v, 16, 8);
  o[ShflFloat] = (unsigned)(__shfl_down_sync(full, v * 0.25f, 1) * 4.0f);
  double d = __shfl_sync(full, v * 0.5 + 1e10, 0);
  o[ShflDouble] = d == valueOf(warpBase) * 0.5 + 1e10;
  long long ll = __shfl_xor_sync(full, ((long long)v << 40) | t, 2);
  o[ShflLongLong] = (unsigned)(ll >> 40) * 1000 + (unsigned)(ll & 0xffff);
  o[Ballot] = __ballot_sync(full, v > 5);
  o[BallotOdd] = lane % 2 ? __ballot_sync(odd, v > 4) : 0;
  o[AnyAll] = __any_sync(full, v == 10) * 2 + __all_sync(full, v < 11);
  o[AnyAllPartial] =
      lane < 8 ? __any_sync(full & 0xff, v == 3) * 2 +
                     __all_sync(full & 0xff, v != 7)
               : 0;
  o[Uni] = __uni_sync(full, v < 20) * 2 + __uni_sync(full, lane < 4);
  o[MatchAny] = __match_any_sync(full, v % 3);
  o[MatchAny64] = __match_any_sync(full, (unsigned long long)(v % 4) << 33);
  int pred = -1;
  o[MatchAll] = __match_all_sync(full, v / 100, &pred) + (pred == 1);
  pred = -1;
  o[MatchAllDiffer] = __match_all_sync(full, t, &pred) * 2 + pred;
  o[ReduceAdd] = __reduce_add_sync(full, v);
  o[ReduceMin] = __reduce_min_sync(full, (int)v - 5);
  o[ReduceMax] = __reduce_max_sync(full, v * 3u);
  o[ReduceBits] = __reduce_and_sync(full, v | 0x10) +
                  (__reduce_or_sync(full, v) << 8) +
                  (__reduce_xor_sync(full, v) << 16);
  o[ReduceOdd] = lane % 2 ? __reduce_add_sync(odd, v) : 0;
  o[ReduceMaxPartial] = lane >= 4 && lane < 12
                            ? __reduce_max_sync(full & 0xff0, (int)v - 7)
                            : 0;
  // Without __syncwarp a lane could read its neighbour's slot before the
  // neighbour wrote it (the host target runs a warp's lanes one by one).
  exchange[t] = v;
  __syncwarp(full);
  o[SyncWarp] = exchange[warpBase + (lane + 1) % warpLanes];
  __syncwarp(full);
  o[SyncWarpPartial] = 0;
  if (lane < 16) {
    exchange2[t] = v * 2;
    __syncwarp(full & 0xffff);
    const unsigned from = 15 - lane;
    o[SyncWarpPartial] = from < warpLanes ? exchange2[warpBase + from] : 0;
  }
  o[DivergentActiveMask] = lane % 3 == 0 ? __activemask() : 0;
  // Two different shuffles in the two branches of a divergent warp.
  if (lane < 16)
    o[DivergentShuffles] = __shfl_sync(full & 0xffff, v, 15 - lane);
  else
    o[DivergentShuffles] = __shfl_xor_sync(full & 0xffff0000, v, 1);
  // Odd lanes do two operations while even lanes do a multi-step reduce.
  if (lane % 2) {
    const unsigned x = __shfl_sync(odd, v, 1);
    o[DivergentMixed] = x + 100 * __popc(__ballot_sync(odd, v > 5));
  } else {
    o[DivergentMixed] = __reduce_add_sync(even, v);
  }
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<4> tile4 = cg::tiled_partition<4>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  o[TileReduce] = warpLanes % 8 == 0 ? cg::reduce(tile8, v, cg::plus<unsigned>()) : 0;
  o[TileScan] = warpLanes % 16 == 0 ? cg::inclusive_scan(tile16, v) : 0;
  o[TileExclusiveScan] = warpLanes % 8 == 0 ? cg::exclusive_scan(tile8, v) : 0;
  o[Tile4] = warpLanes % 4 == 0
                 ? tile4.shfl_down(v, 1) + 100 * (unsigned)tile4.meta_group_rank() +
                       10000 * (unsigned)tile4.thread_rank()
                 : 0;
  o[Tile16Max] = warpLanes % 16 == 0 ? cg::reduce(tile16, v * 5 % 13, cg::greater<unsigned>()) : 0;
  o[Tile32Votes] = warpLanes == 32 ? tile32.ballot(v > 5) + tile32.any(v == 0) * 2 + tile32.all(v < 11) : 0;
  o[Coalesced] = o[CoalescedScan] = 0;
  if (lane % 3 == 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    o[Coalesced] = g.size() * 10000 + g.thread_rank() * 100 +
                   cg::reduce(g, v, cg::plus<unsigned>());
    o[CoalescedScan] = cg::inclusive_scan(g, v);
  }
  unsigned laneid;
  asm("mov.u32 %0, %%laneid;" : "=r"(laneid));
  o[LaneId] = laneid;
}

// The CPU model: what CUDA documents for each function. `Undefined` where
// CUDA leaves the result undefined (a source lane that does not exist).
static unsigned expected(unsigned t, unsigned blockSize, int r) {
  auto value = [](unsigned x) { return (x * 7 + 3) % 11; };
  const unsigned lane = t % 32, base = t - lane;
  const unsigned lanes = std::min(32u, blockSize - base);
  const unsigned full = lanes == 32 ? ~0u : (1u << lanes) - 1;
  const unsigned v = value(t);
  auto at = [&](unsigned l) { return l < lanes ? value(base + l) : Undefined; };
  switch (r) {
  case ActiveMask: return full;
  case ShflIdx: return at((lane + 5) % lanes);
  case ShflUp: return lane >= 3 ? at(lane - 3) : v;
  case ShflDown: return lane + 2 < 32 ? at(lane + 2) : v;
  case ShflXor: return at(lane ^ 1);
  case ShflWidth8: return at((lane & ~7u) + 2);
  case ShflIdxWrap: return at((lane & ~15u) + (lane + 20) % 16);
  case ShflUpWidth16: return lane % 16 >= 5 ? at(lane - 5) : v;
  case ShflDownWidth4: return lane % 4 + 1 < 4 ? at(lane + 1) : v;
  case ShflXorWidth16: return at(lane ^ 9);
  case ShflXorLater: return (lane ^ 16) < lane ? at(lane ^ 16) : v;
  case ShflFloat: return lane + 1 < 32 ? at(lane + 1) : v;
  case ShflDouble: return 1;
  case ShflLongLong: return at(lane ^ 2) == Undefined ? Undefined : at(lane ^ 2) * 1000 + base + (lane ^ 2);
  case Ballot: { unsigned b = 0; for (unsigned l = 0; l < lanes; ++l) b |= (at(l) > 5) << l; return b; }
  case BallotOdd: { if (lane % 2 == 0) return 0; unsigned b = 0; for (unsigned l = 1; l < lanes; l += 2) b |= (at(l) > 4) << l; return b; }
  case AnyAll: { bool any = false, all = true; for (unsigned l = 0; l < lanes; ++l) { any |= at(l) == 10; all &= at(l) < 11; } return any * 2 + all; }
  case AnyAllPartial: { if (lane >= 8) return 0; bool any = false, all = true; for (unsigned l = 0; l < std::min(8u, lanes); ++l) { any |= at(l) == 3; all &= at(l) != 7; } return any * 2 + all; }
  case Uni: return 2 + (lanes <= 4);
  case MatchAny: { unsigned m = 0; for (unsigned l = 0; l < lanes; ++l) m |= (at(l) % 3 == v % 3) << l; return m; }
  case MatchAny64: { unsigned m = 0; for (unsigned l = 0; l < lanes; ++l) m |= (at(l) % 4 == v % 4) << l; return m; }
  case MatchAll: return full + 1;
  case MatchAllDiffer: return lanes == 1 ? full * 2 + 1 : 0;
  case ReduceAdd: { unsigned s = 0; for (unsigned l = 0; l < lanes; ++l) s += at(l); return s; }
  case ReduceMin: { int m = 1 << 30; for (unsigned l = 0; l < lanes; ++l) m = std::min(m, (int)at(l) - 5); return (unsigned)m; }
  case ReduceMax: { unsigned m = 0; for (unsigned l = 0; l < lanes; ++l) m = std::max(m, at(l) * 3); return m; }
  case ReduceBits: { unsigned a = ~0u, o = 0, x = 0; for (unsigned l = 0; l < lanes; ++l) { a &= at(l) | 0x10; o |= at(l); x ^= at(l); } return a + (o << 8) + (x << 16); }
  case ReduceOdd: { if (lane % 2 == 0) return 0; unsigned s = 0; for (unsigned l = 1; l < lanes; l += 2) s += at(l); return s; }
  case ReduceMaxPartial: { if (lane < 4 || lane >= 12) return 0; int m = -100; for (unsigned l = 4; l < std::min(12u, lanes); ++l) m = std::max(m, (int)at(l) - 7); return (unsigned)m; }
  case SyncWarp: return at((lane + 1) % lanes);
  case SyncWarpPartial: return lane < 16 && 15 - lane < lanes ? at(15 - lane) * 2 : 0;
  case DivergentActiveMask: { if (lane % 3) return 0; unsigned m = 0; for (unsigned l = 0; l < lanes; l += 3) m |= 1u << l; return m; }
  case DivergentShuffles: return lane < 16 ? at(15 - lane) : at(lane ^ 1);
  case DivergentMixed: {
    if (lane % 2) { unsigned n = 0; for (unsigned l = 1; l < lanes; l += 2) n += at(l) > 5; return at(1) + 100 * n; }
    unsigned s = 0; for (unsigned l = 0; l < lanes; l += 2) s += at(l); return s;
  }
  case TileReduce: { if (lanes % 8) return 0; unsigned s = 0; for (unsigned l = lane & ~7u; l < (lane & ~7u) + 8; ++l) s += at(l); return s; }
  case TileScan: { if (lanes % 16) return 0; unsigned s = 0; for (unsigned l = lane & ~15u; l <= lane; ++l) s += at(l); return s; }
  case TileExclusiveScan: { if (lanes % 8) return 0; unsigned s = 0; for (unsigned l = lane & ~7u; l < lane; ++l) s += at(l); return s; }
  case Tile4: { if (lanes % 4) return 0; unsigned s = lane % 4 < 3 ? at(lane + 1) : v; return s + 100 * (t / 4) + 10000 * (t % 4); }
  case Tile16Max: { if (lanes % 16) return 0; unsigned m = 0; for (unsigned l = lane & ~15u; l < (lane & ~15u) + 16; ++l) m = std::max(m, at(l) * 5 % 13); return m; }
  case Tile32Votes: { if (lanes != 32) return 0; unsigned b = 0; bool any = false, all = true; for (unsigned l = 0; l < 32; ++l) { b |= (at(l) > 5) << l; any |= at(l) == 0; all &= at(l) < 11; } return b + any * 2 + all; }
  case Coalesced: case CoalescedScan: {
    if (lane % 3 != 1) return 0;
    unsigned size = 0, rank = 0, sum = 0, prefix = 0;
    for (unsigned l = 1; l < lanes; l += 3) { ++size; sum += at(l); if (l <= lane) prefix += at(l); if (l < lane) ++rank; }
    return r == Coalesced ? size * 10000 + rank * 100 + sum : prefix;
  }
  case LaneId: return lane;
  }
  return 0;
}

int main() {
  bool allOk = true;
  for (unsigned blockSize : {96u, 48u, 33u}) {
    std::vector<unsigned> host(blockSize * NumResults);
    unsigned *device;
    if (cudaMalloc(&device, host.size() * sizeof(unsigned)) != cudaSuccess) {
      printf("no device\n");
      return 1;
    }
    warpKernel<<<1, blockSize>>>(device);
    cudaError_t error = cudaDeviceSynchronize();
    if (error != cudaSuccess) {
      printf("%u threads: %s\n", blockSize, cudaGetErrorString(error));
      return 1;
    }
    cudaMemcpy(host.data(), device, host.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaFree(device);
    for (int r = 0; r < NumResults; ++r) {
      bool ok = true;
      for (unsigned t = 0; t < blockSize && ok; ++t) {
        unsigned want = expected(t, blockSize, r);
        unsigned got = host[t * NumResults + r];
        if (want != Undefined && got != want) {
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
