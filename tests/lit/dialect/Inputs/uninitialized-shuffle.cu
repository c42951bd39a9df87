// Lane 0 of each warp sets `offset`, the warp reads it with a shuffle: the
// other lanes pass an uninitialized value to the shuffle, as CUDA code does
// (NVIDIA's cdpAdvancedQuicksort). Lane 0 alone counts its warp.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(const unsigned *in, unsigned *counters, unsigned len) {
  unsigned tid = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned lane = threadIdx.x & (warpSize - 1);
  if (tid >= len) return;
  cg::coalesced_group active = cg::coalesced_threads();
  unsigned gt_count = __popc(active.ballot(in[tid] > 5));
  unsigned offset;
  if (lane == 0) {
    if (gt_count > 0)
      offset = atomicAdd(counters, gt_count);
  }
  offset = active.shfl((int)offset, 0);
  if (lane == 0)
    atomicAdd(counters + 1, 1);
}
int main() {
  unsigned *d, h[2];
  cudaMalloc(&d, 4096);
  cudaMemset(d, 7, 2048);    // every element > 5
  cudaMemset(d + 512, 0, 8); // the counters
  k<<<2, 128>>>(d, d + 512, 256);
  cudaMemcpy(h, d + 512, 8, cudaMemcpyDeviceToHost);
  printf("elements %u, warps %u\n", h[0], h[1]);
}
