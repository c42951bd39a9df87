/*===- __rubicon/cluster_functions.h - Thread block clusters (sm_90) ------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "Thread Block Clusters", and
 * the cluster functions of the sm_90 runtime header. AMD's gfx9 GPUs have no
 * clusters, so every launch here runs clusters of exactly one block (a
 * cluster size CUDA allows): the cluster is the block, its shared memory is
 * the block's, the cluster barrier is the block barrier. Launches that ask
 * for more blocks per cluster at run time (cudaLaunchKernelEx's cluster
 * attribute) fail with cudaErrorNotSupported, and so do launches of a
 * kernel declared with __cluster_dims__ of more than one block (on AMD GPUs
 * such a kernel traps instead: the HIP runtime cannot be told to refuse it);
 * __cluster_dims__(1, 1, 1) runs. A reach into another
 * block's shared memory (__cluster_map_shared_rank with a rank other than 0)
 * ends the kernel with a trap rather than touching the wrong memory. See
 * docs/device-api.md.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CLUSTER_FUNCTIONS_H
#define RUBICON_INTERNAL_CLUSTER_FUNCTIONS_H

#include "config.h"
#include "builtin_variables.h"

#ifndef __cluster_dims__
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#endif

/* Whether the running kernel was declared with __cluster_dims__ ((1, 1, 1)
 * included): the lowering answers (lowering/RecordClusterDims.cpp). A size
 * given only at launch (cudaLaunchKernelEx) is not seen. */
extern "C" __device__ unsigned int __rubicon_cluster_dim_is_specified();
__RUBICON_DEVICE__ unsigned int __clusterDimIsSpecified() {
  return __rubicon_cluster_dim_is_specified();
}
__RUBICON_DEVICE__ dim3 __clusterDim() { return dim3(1, 1, 1); }
__RUBICON_DEVICE__ dim3 __clusterRelativeBlockIdx() { return dim3(0, 0, 0); }
__RUBICON_DEVICE__ dim3 __clusterGridDimInClusters() {
  return dim3(gridDim.x, gridDim.y, gridDim.z);
}
__RUBICON_DEVICE__ dim3 __clusterIdx() {
  return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
}
__RUBICON_DEVICE__ unsigned int __clusterRelativeBlockRank() { return 0; }
__RUBICON_DEVICE__ unsigned int __clusterSizeInBlocks() { return 1; }

/* barrier.cluster.arrive / wait: every thread arrives, then waits until the
 * whole cluster (the block) has arrived. With the wait a block barrier, a
 * thread passes it only once every thread has reached its wait, hence its
 * arrive; the barrier's fences give arrive's release and wait's acquire. */
__RUBICON_DEVICE__ void __cluster_barrier_arrive() {}
__RUBICON_DEVICE__ void __cluster_barrier_arrive_relaxed() {}
__RUBICON_DEVICE__ void __cluster_barrier_wait() { __syncthreads(); }

/* Distributed shared memory: the only block of the cluster is rank 0. */
__RUBICON_DEVICE__ void *__cluster_map_shared_rank(const void *ptr,
                                                   unsigned int rank) {
  if (rank != 0)
    __builtin_trap();
  return const_cast<void *>(ptr);
}
__RUBICON_DEVICE__ unsigned int __cluster_query_shared_rank(const void *) {
  return 0;
}
/* The shared::cluster addresses of ptr in the blocks of cluster_cta_mask
 * (x: the address, y: the mask): only rank 0 exists. */
__RUBICON_DEVICE__ uint2 __cluster_map_shared_multicast(const void *ptr,
                                                        unsigned int mask) {
  if (mask & ~1u)
    __builtin_trap();
  return make_uint2((unsigned int)(__SIZE_TYPE__)ptr, mask);
}
__RUBICON_DEVICE__ unsigned int __isClusterShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
__RUBICON_DEVICE__ void __threadfence_cluster() { __nvvm_membar_cta(); }

#endif /* RUBICON_INTERNAL_CLUSTER_FUNCTIONS_H */
