// Cooperative groups compile for gfx942 and gfx1100; tiles, reduce and scan
// are written in terms of the tile size and warpSize, so the analysis calls
// the kernel portable and says nothing.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: nvcc -c %s -o %t.o --amdgpu-arch=gfx942,gfx1100 -v 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: nvcc -c %s -o %t.o --rubicon-native-wave64 -v 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void groups(int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  int v = out[block.thread_rank()];
  int s = cg::reduce(warp, v, cg::plus<int>());
  int m = cg::reduce(tile8, v, cg::greater<int>());
  int sc = cg::inclusive_scan(tile8, v) + cg::exclusive_scan(warp, v);
  int pred = 0;
  unsigned b = warp.ballot(v > 3) + tile8.match_any(v) + warp.any(v) +
               tile8.all(v) + warp.match_all(v, pred) + tile8.shfl_xor(v, 1) +
               warp.shfl_down(v, 2) + warp.shfl_up(v, 1) + tile8.shfl(v, 3);
  tile8.sync();
  cg::thread_group dynamic = cg::tiled_partition(block, 4);
  dynamic.sync();
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    v += cg::reduce(active, v, cg::plus<int>()) + active.thread_rank() +
         active.shfl(v, 0) + active.ballot(v > 2);
  }
  block.sync();
  out[block.thread_rank()] = s + m + sc + b + v + pred +
                             tile8.meta_group_rank() + dynamic.thread_rank();
}
// CHECK: rubicon: warp size: kernel '_Z6groupsPi': warp-size portable
