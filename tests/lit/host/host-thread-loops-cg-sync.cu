// cg::sync(g) calls the group's own sync(): a tile's __syncwarp, the block's
// __syncthreads. Through the thread_group base class it was a branch on the
// group's kind, a value loaded from the group object, which the thread-loop
// analysis cannot tell is the same in every thread: a warp reduction with a
// lane condition before each cg::sync(tile) (cuda-samples' MonteCarloMultiGPU)
// then kept fibers ("a warp operation under a condition that depends on the
// thread"). A group only known as a thread_group still syncs by its kind.
// RUN: nvcc -c -O3 --amdgpu-arch=host %s -o %t.o -v 2>&1 | FileCheck %s
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK: rubicon: host: kernel '_Z9sumReducePf': thread-loop, 4 regions between barriers and warp operations
__global__ void sumReduce(float *sum) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  __shared__ float s[256];
  unsigned tid = cta.thread_rank();
  s[tid] = sum[blockIdx.x * blockDim.x + tid];
  cg::sync(cta);
  float beta = s[tid];
  for (int i = 16; i > 0; i >>= 1) {
    if (tile32.thread_rank() < i) {
      beta += s[tid + i];
      s[tid] = beta;
    }
    cg::sync(tile32);
  }
  cg::sync(cta);
  if (tid == 0)
    sum[blockIdx.x] = s[0];
}

// CHECK: rubicon: host: kernel '_Z9anyGroupsPi': thread-loop
__global__ void anyGroups(int *out) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 32);
  out[threadIdx.x] = g.thread_rank();
  cg::sync(g);
  out[threadIdx.x] += out[threadIdx.x ^ 1];
}
