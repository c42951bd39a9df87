// Thread block clusters on a target without them: every cluster is one
// block. The sm_90 cluster functions and cooperative_groups::cluster_group
// report that shape, the cluster barrier orders shared memory like the block
// barrier, distributed shared memory maps rank 0 to the block's own shared
// memory, and __barrier_sync/__barrier_sync_count with the block's size
// synchronize the block. A reach into rank 1's shared memory ends the kernel
// with an error instead of reading the wrong memory.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;
constexpr int kBlock = 64;

// __clusterDimIsSpecified() from a function that two kernels call: the
// one declared with __cluster_dims__(1, 1, 1) and one without.
__device__ __noinline__ unsigned specified() { return __clusterDimIsSpecified(); }

__global__ void __cluster_dims__(1, 1, 1) shape(int *out) {
  __shared__ int s[kBlock];
  cg::cluster_group cluster = cg::this_cluster();
  int t = threadIdx.x;
  s[t] = 3 * t + blockIdx.x;
  cluster.sync();
  int *peer = cluster.map_shared_rank(s, 0);
  int *o = out + 16 * ((blockIdx.y * gridDim.x + blockIdx.x) * kBlock + t);
  o[0] = peer[kBlock - 1 - t];
  o[1] = (int)cluster.block_rank();
  o[2] = (int)cluster.num_blocks();
  o[3] = (int)cluster.query_shared_rank(s);
  o[4] = (int)__isClusterShared(s) + 2 * (int)__isClusterShared(out);
  o[5] = (int)cluster.thread_rank();
  o[6] = (int)cluster.num_threads();
  dim3 idx = __clusterIdx(), dims = __clusterDim(), grid = __clusterGridDimInClusters();
  dim3 rel = __clusterRelativeBlockIdx();
  o[7] = (int)(idx.x + 10 * idx.y);
  o[8] = (int)(dims.x * 100 + dims.y * 10 + dims.z);
  o[9] = (int)(grid.x + 10 * grid.y);
  o[10] = (int)(rel.x + rel.y + rel.z + __clusterRelativeBlockRank());
  o[11] = (int)__clusterSizeInBlocks();
  // Split arrive/wait around a second exchange.
  __syncthreads();
  s[t] = 5 * t;
  __cluster_barrier_arrive();
  __cluster_barrier_wait();
  o[12] = s[(t + 1) % kBlock];
  __syncthreads();
  s[t] = 7 * t;
  __barrier_sync_count(1, kBlock);
  o[13] = s[(t + 2) % kBlock];
  __syncthreads();
  s[t] = 11 * t;
  __threadfence_cluster();
  __barrier_sync(0);
  o[14] = s[(t + 3) % kBlock];
  o[15] = (int)specified();
}

// A kernel without __cluster_dims__ calling the same function.
__global__ void unclustered(int *out) { out[threadIdx.x] = (int)specified(); }

__global__ void otherRank(int *out) {
  __shared__ int s[kBlock];
  s[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = *cg::this_cluster().map_shared_rank(s + threadIdx.x, 1);
}

static int failures = 0;
static void expect(const char *what, int i, int got, int want) {
  if (got != want && failures++ < 20)
    printf("expected %s[%d] = %d, got %d\n", what, i, want, got);
}

// Clusters of two blocks: the host device has none, so every launch of
// this kernel is refused (cudaErrorNotSupported, not sticky) and it never
// runs as single blocks.
__global__ void __cluster_dims__(2, 1, 1) pairs(int *out) {
  out[blockIdx.x] = 1;
}

int main() {
  dim3 grid(3, 2);
  int blocks = 6;
  int *dout;
  cudaMalloc(&dout, 16 * blocks * kBlock * sizeof(int));
  shape<<<grid, kBlock>>>(dout);
  static int out[16 * 6 * kBlock];
  cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < kBlock; ++t) {
      const int *o = out + 16 * (b * kBlock + t);
      int bx = b % 3, by = b / 3, i = b * kBlock + t;
      expect("map_shared_rank(s, 0)", i, o[0], 3 * (kBlock - 1 - t) + bx);
      expect("block_rank", i, o[1], 0);
      expect("num_blocks", i, o[2], 1);
      expect("query_shared_rank", i, o[3], 0);
      expect("__isClusterShared", i, o[4], 1);
      expect("thread_rank", i, o[5], t);
      expect("num_threads", i, o[6], kBlock);
      expect("__clusterIdx", i, o[7], bx + 10 * by);
      expect("__clusterDim", i, o[8], 111);
      expect("__clusterGridDimInClusters", i, o[9], 3 + 20);
      expect("relative index and rank", i, o[10], 0);
      expect("__clusterSizeInBlocks", i, o[11], 1);
      expect("cluster barrier", i, o[12], 5 * ((t + 1) % kBlock));
      expect("__barrier_sync_count", i, o[13], 7 * ((t + 2) % kBlock));
      expect("__barrier_sync", i, o[14], 11 * ((t + 3) % kBlock));
      expect("__clusterDimIsSpecified", i, o[15], 1);
    }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  unclustered<<<1, 32>>>(dout);
  int plain[32];
  cudaMemcpy(plain, dout, sizeof plain, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i)
    expect("__clusterDimIsSpecified without __cluster_dims__", i, plain[i], 0);
  cudaMemset(dout, 0, 2 * sizeof(int));
  pairs<<<2, 32>>>(dout);
  cudaError_t chevrons = cudaGetLastError();
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(2);
  config.blockDim = dim3(32);
  cudaError_t ex = cudaLaunchKernelEx(&config, pairs, dout);
  cudaError_t after = cudaDeviceSynchronize();
  int ran[2];
  cudaMemcpy(ran, dout, sizeof ran, cudaMemcpyDeviceToHost);
  printf("__cluster_dims__(2, 1, 1): %s, %s; then %s; blocks run: %d\n",
         cudaGetErrorName(chevrons), cudaGetErrorName(ex),
         cudaGetErrorName(after), ran[0] + ran[1]);
  otherRank<<<1, kBlock>>>(dout);
  cudaError_t trap = cudaDeviceSynchronize();
  printf("rank 1: %s\n", trap == cudaSuccess ? "no error" : "kernel error");
  printf("clusters: %s\n", failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
