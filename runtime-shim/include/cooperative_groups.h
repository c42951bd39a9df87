/*===- cooperative_groups.h - CUDA cooperative groups (warp and block) ----===*
 *
 * Part of Rubicon. The CUDA C++ Programming Guide's "Cooperative Groups":
 * thread_block, thread_block_tile<N> (N = 1, 2, 4, ..., 32; 64 under
 * --rubicon-native-wave64), the dynamic tiled_partition, coalesced_group.
 * Tiles live inside one (logical) warp and are built on the warp functions
 * of __rubicon/warp_functions.h with masks and widths derived from the tile,
 * so the warp-size analysis sees them as portable. cg::reduce and the scans
 * are in cooperative_groups/reduce.h and cooperative_groups/scan.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_COOPERATIVE_GROUPS_H
#define RUBICON_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

#if defined(__CUDACC__)

/* The classes live in cooperative_groups::__v1, made visible by a using
   directive, as in CUDA's header: CCCL forward-declares thread_block and
   thread_block_tile there. */
namespace cooperative_groups {
namespace __v1 {

namespace __rubicon_cg {
__device__ __inline__ unsigned blockRank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __inline__ unsigned blockThreads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ __inline__ unsigned laneId() {
  return blockRank() % (unsigned)warpSize;
}
/* The lanes [first, first + count) of the warp. */
__device__ __inline__ __rubicon_lane_mask_t laneRange(unsigned first,
                                                      unsigned count) {
  __rubicon_lane_mask_t ones =
      count >= (unsigned)warpSize ? __RUBICON_FULL_WARP_MASK__
                                  : (((__rubicon_lane_mask_t)1 << count) - 1);
  return ones << first;
}
/* The lane holding the n-th (from 0) set bit of mask. */
__device__ __inline__ unsigned nthLane(__rubicon_lane_mask_t mask, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    mask &= mask - 1;
  return (unsigned)__builtin_ctzll((unsigned long long)mask);
}
/* The bits of lanes selected by mask, packed in lane order (bit i: the i-th
 * lane of mask). */
__device__ __inline__ unsigned compress(__rubicon_lane_mask_t mask,
                                        __rubicon_lane_mask_t lanes) {
  unsigned result = 0;
  for (unsigned rank = 0; mask; ++rank, mask &= mask - 1)
    if ((lanes >> __builtin_ctzll((unsigned long long)mask)) & 1)
      result |= 1u << rank;
  return result;
}
/* Shuffles a value of any trivially copyable type (CUDA's groups shuffle
 * structs and vectors too): the warp functions' own overloads for the types
 * that have them, otherwise 32-bit pieces. kind: 0 idx, 1 up, 2 down, 3 xor. */
template <typename T>
__device__ __inline__ T shuffle(int kind, __rubicon_lane_mask_t mask, T var,
                                int lane, int width) {
  if constexpr (__is_same(T, int) || __is_same(T, unsigned) ||
                __is_same(T, long) || __is_same(T, unsigned long) ||
                __is_same(T, long long) || __is_same(T, unsigned long long) ||
                __is_same(T, float) || __is_same(T, double)) {
    switch (kind) {
    case 0: return __shfl_sync(mask, var, lane, width);
    case 1: return __shfl_up_sync(mask, var, (unsigned)lane, width);
    case 2: return __shfl_down_sync(mask, var, (unsigned)lane, width);
    default: return __shfl_xor_sync(mask, var, lane, width);
    }
  } else {
    unsigned parts[(sizeof(T) + 3) / 4] = {};
    __builtin_memcpy(parts, &var, sizeof(T));
    for (unsigned i = 0; i < (sizeof(T) + 3) / 4; ++i)
      parts[i] = shuffle(kind, mask, parts[i], lane, width);
    __builtin_memcpy(&var, parts, sizeof(T));
    return var;
  }
}
template <typename T>
__device__ __inline__ T shfl(__rubicon_lane_mask_t mask, T var, int lane,
                             int width = warpSize) {
  return shuffle(0, mask, var, lane, width);
}
} // namespace __rubicon_cg

/* Any group: the block, a tile, or the coalesced threads. */
class thread_group {
public:
  __device__ unsigned long long size() const { return __size; }
  __device__ unsigned long long num_threads() const { return __size; }
  __device__ unsigned long long thread_rank() const { return __rank; }
  __device__ void sync() const {
    if (__is_block)
      __syncthreads();
    else
      __syncwarp(__mask);
  }

protected:
  __device__ thread_group(bool isBlock, unsigned size, unsigned rank,
                          __rubicon_lane_mask_t mask)
      : __is_block(isBlock), __size(size), __rank(rank), __mask(mask) {}
  bool __is_block;
  unsigned __size;
  unsigned __rank;
  __rubicon_lane_mask_t __mask;
  friend __device__ thread_group tiled_partition(const thread_group &, unsigned);
};

class thread_block : public thread_group {
public:
  __device__ thread_block()
      : thread_group(true, __rubicon_cg::blockThreads(),
                     __rubicon_cg::blockRank(), 0) {}
  __device__ void sync() const { __syncthreads(); }
  __device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 dim_threads() const { return group_dim(); }
  __device__ unsigned long long thread_rank() const { return __rubicon_cg::blockRank(); }
  __device__ unsigned long long size() const { return __rubicon_cg::blockThreads(); }
  __device__ unsigned long long num_threads() const { return size(); }
};

__device__ __inline__ thread_block this_thread_block() { return thread_block(); }
/* A group's own sync(), chosen by its type (a tile's __syncwarp, the block's
   __syncthreads), as CUDA's template does: through thread_group it would be a
   branch on the group's kind, which code compiled for the host target cannot
   tell is the same in every thread. */
template <typename Group> __device__ __inline__ void sync(const Group &group) {
  group.sync();
}
__device__ __inline__ void sync(const thread_group &group) { group.sync(); }
__device__ __inline__ void sync(const thread_block &) { __syncthreads(); }

/* Shuffles, votes and matches within a set of lanes of one warp. */
class __rubicon_warp_group : public thread_group {
public:
  template <typename T> __device__ T shfl(T var, unsigned srcRank) const {
    return __rubicon_cg::shfl(__mask, var, __first + srcRank % __size);
  }
  template <typename T> __device__ T shfl_up(T var, unsigned delta) const {
    T other = __rubicon_cg::shfl(__mask, var,
                                 __first + __rank - (delta <= __rank ? delta : 0));
    return delta <= __rank ? other : var;
  }
  template <typename T> __device__ T shfl_down(T var, unsigned delta) const {
    bool inRange = __rank + delta < __size;
    T other = __rubicon_cg::shfl(__mask, var,
                                 __first + (inRange ? __rank + delta : __rank));
    return inRange ? other : var;
  }
  template <typename T> __device__ T shfl_xor(T var, unsigned laneMask) const {
    unsigned source = __rank ^ laneMask;
    return __rubicon_cg::shfl(__mask, var,
                              __first + (source < __size ? source : __rank));
  }
  __device__ int any(int predicate) const { return __any_sync(__mask, predicate); }
  __device__ int all(int predicate) const { return __all_sync(__mask, predicate); }
  __device__ unsigned ballot(int predicate) const {
    return (unsigned)(__ballot_sync(__mask, predicate) >> __first);
  }
  template <typename T> __device__ unsigned match_any(T value) const {
    return (unsigned)(__match_any_sync(__mask, value) >> __first);
  }
  template <typename T> __device__ unsigned match_all(T value, int &pred) const {
    return (unsigned)(__match_all_sync(__mask, value, &pred) >> __first);
  }
  __device__ unsigned long long meta_group_rank() const { return __meta_rank; }
  __device__ unsigned long long meta_group_size() const { return __meta_size; }
  /* The warp lanes of the group (not part of CUDA's interface). */
  __device__ __rubicon_lane_mask_t __lanes() const { return __mask; }

protected:
  __device__ __rubicon_warp_group(unsigned size, unsigned rank, unsigned first,
                                  unsigned metaRank, unsigned metaSize)
      : thread_group(false, size, rank, __rubicon_cg::laneRange(first, size)),
        __first(first), __meta_rank(metaRank), __meta_size(metaSize) {}
  unsigned __first;
  unsigned __meta_rank;
  unsigned __meta_size;
};

/* A tile of N consecutive threads of the block, N a power of two. Tiles of
 * at most warpSize threads live in one warp and have every warp collective;
 * larger ("multi-warp") tiles, as in CUDA, have sync(), the ranks and
 * cg::reduce. Their sync() is the block's barrier: every thread of the block
 * must reach it, as in code that partitions the whole block. ParentT is
 * CUDA's record of the parent group; it changes nothing here. */
template <unsigned N, typename ParentT = void>
class thread_block_tile : public __rubicon_warp_group {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "thread_block_tile<N>: N must be a power of two up to 1024");

public:
  __device__ explicit thread_block_tile(const thread_block &)
      : __rubicon_warp_group(
            N, __rubicon_cg::blockRank() % N,
            N >= __RUBICON_WARP_SIZE__
                ? 0
                : __rubicon_cg::laneId() - __rubicon_cg::laneId() % N,
            __rubicon_cg::blockRank() / N,
            (__rubicon_cg::blockThreads() + N - 1) / N) {}
  template <typename OtherParent>
  __device__ thread_block_tile(const thread_block_tile<N, OtherParent> &other)
      : __rubicon_warp_group(other) {}
  __device__ static constexpr unsigned long long size() { return N; }
  __device__ static constexpr unsigned long long num_threads() { return N; }
  __device__ void sync() const {
    if constexpr (N > __RUBICON_WARP_SIZE__)
      __syncthreads();
    else
      __syncwarp(__mask);
  }
  template <typename T> __device__ T shfl(T var, int srcRank) const {
    static_assert(N <= __RUBICON_WARP_SIZE__, "shfl: a tile within one warp");
    return __rubicon_cg::shuffle(0, __mask, var, srcRank, N);
  }
  template <typename T> __device__ T shfl_up(T var, unsigned delta) const {
    static_assert(N <= __RUBICON_WARP_SIZE__, "shfl_up: a tile within one warp");
    return __rubicon_cg::shuffle(1, __mask, var, (int)delta, N);
  }
  template <typename T> __device__ T shfl_down(T var, unsigned delta) const {
    static_assert(N <= __RUBICON_WARP_SIZE__, "shfl_down: a tile within one warp");
    return __rubicon_cg::shuffle(2, __mask, var, (int)delta, N);
  }
  template <typename T> __device__ T shfl_xor(T var, unsigned laneMask) const {
    static_assert(N <= __RUBICON_WARP_SIZE__, "shfl_xor: a tile within one warp");
    return __rubicon_cg::shuffle(3, __mask, var, (int)laneMask, N);
  }
};

/* Scratch for multi-warp tiles in shared memory (CUDA 11.1). Rubicon's
 * multi-warp collectives keep their own shared scratch, so the block made
 * from it is an ordinary thread_block. */
template <unsigned MaxBlockSize = 1024> struct block_tile_memory {
  alignas(16) unsigned char __reserved[16];
};
template <unsigned MaxBlockSize>
__device__ __inline__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return thread_block();
}

template <unsigned N>
__device__ __inline__ thread_block_tile<N, thread_block>
tiled_partition(const thread_block &block) {
  return thread_block_tile<N, thread_block>(block);
}

/* The dynamic form: tiles of `size` threads (a power of two up to
 * warpSize) of the block or of a larger tile. */
class __rubicon_dynamic_tile : public __rubicon_warp_group {
public:
  __device__ __rubicon_dynamic_tile(unsigned size)
      : __rubicon_warp_group(size, __rubicon_cg::blockRank() % size,
                             __rubicon_cg::laneId() - __rubicon_cg::laneId() % size,
                             __rubicon_cg::blockRank() / size,
                             (__rubicon_cg::blockThreads() + size - 1) / size) {}
};

__device__ __inline__ thread_group tiled_partition(const thread_group &, unsigned size) {
  return __rubicon_dynamic_tile(size);
}

/* A set of threads of one warp, ranked by lane: the threads active where
 * coalesced_threads() is called, or a labeled_partition/binary_partition. */
class coalesced_group : public thread_group {
public:
  __device__ coalesced_group() : coalesced_group(__activemask()) {}
  __device__ explicit coalesced_group(__rubicon_lane_mask_t mask)
      : thread_group(false, 0, 0, mask) {
    __size = (unsigned)__builtin_popcountll((unsigned long long)__mask);
    __rubicon_lane_mask_t below =
        (((__rubicon_lane_mask_t)1) << __rubicon_cg::laneId()) - 1;
    __rank = (unsigned)__builtin_popcountll((unsigned long long)(__mask & below));
  }
  __device__ void sync() const { __syncwarp(__mask); }
  template <typename T> __device__ T shfl(T var, unsigned srcRank) const {
    return __rubicon_cg::shfl(__mask, var,
                              __rubicon_cg::nthLane(__mask, srcRank % __size));
  }
  template <typename T> __device__ T shfl_up(T var, unsigned delta) const {
    bool inRange = delta <= __rank;
    T other = __rubicon_cg::shfl(
        __mask, var, __rubicon_cg::nthLane(__mask, inRange ? __rank - delta : __rank));
    return inRange ? other : var;
  }
  template <typename T> __device__ T shfl_down(T var, unsigned delta) const {
    bool inRange = __rank + delta < __size;
    T other = __rubicon_cg::shfl(
        __mask, var, __rubicon_cg::nthLane(__mask, inRange ? __rank + delta : __rank));
    return inRange ? other : var;
  }
  __device__ int any(int predicate) const { return __any_sync(__mask, predicate); }
  __device__ int all(int predicate) const { return __all_sync(__mask, predicate); }
  /* Bit i: the thread of rank i. */
  __device__ unsigned ballot(int predicate) const {
    return __rubicon_cg::compress(__mask, __ballot_sync(__mask, predicate));
  }
  template <typename T> __device__ unsigned match_any(T value) const {
    return __rubicon_cg::compress(__mask, __match_any_sync(__mask, value));
  }
  template <typename T> __device__ unsigned match_all(T value, int &pred) const {
    return __rubicon_cg::compress(__mask, __match_all_sync(__mask, value, &pred));
  }
  __device__ unsigned long long meta_group_rank() const { return 0; }
  __device__ unsigned long long meta_group_size() const { return 1; }
  /* The warp lanes of the group (not part of CUDA's interface). */
  __device__ __rubicon_lane_mask_t __lanes() const { return __mask; }
};

__device__ __inline__ coalesced_group coalesced_threads() { return coalesced_group(); }

/* labeled_partition: the threads of the group with the same label, as a
 * coalesced_group (CUDA 11 and later); binary_partition: the same for a
 * boolean label. Every thread of the parent group must call it. */
template <typename Label>
__device__ __inline__ coalesced_group labeled_partition(const coalesced_group &group,
                                                        Label label) {
  static_assert(__is_integral(Label), "labeled_partition: the label must be an integer");
  return coalesced_group(
      __match_any_sync(group.__lanes(), (unsigned long long)label));
}
template <unsigned N, typename P, typename Label>
__device__ __inline__ coalesced_group
labeled_partition(const thread_block_tile<N, P> &tile, Label label) {
  static_assert(__is_integral(Label), "labeled_partition: the label must be an integer");
  return coalesced_group(
      __match_any_sync(tile.__lanes(), (unsigned long long)label));
}
__device__ __inline__ coalesced_group binary_partition(const coalesced_group &group,
                                                       bool pred) {
  __rubicon_lane_mask_t set = __ballot_sync(group.__lanes(), pred);
  return coalesced_group(pred ? set : group.__lanes() & ~set);
}
template <unsigned N, typename P>
__device__ __inline__ coalesced_group
binary_partition(const thread_block_tile<N, P> &tile, bool pred) {
  __rubicon_lane_mask_t set = __ballot_sync(tile.__lanes(), pred);
  return coalesced_group(pred ? set : tile.__lanes() & ~set);
}

/* The thread block cluster (sm_90): on AMD GPUs a cluster of one block
 * (__rubicon/cluster_functions.h, docs/device-api.md). */
class cluster_group : public thread_group {
public:
  struct arrival_token {};
  __device__ cluster_group()
      : thread_group(true, __rubicon_cg::blockThreads(), __rubicon_cg::blockRank(), 0) {}
  __device__ bool is_valid() const { return true; }
  __device__ void sync() const {
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
  }
  __device__ arrival_token barrier_arrive() const {
    __cluster_barrier_arrive();
    return arrival_token();
  }
  __device__ void barrier_wait() const { __cluster_barrier_wait(); }
  __device__ void barrier_wait(arrival_token &&) const { __cluster_barrier_wait(); }
  template <typename T> __device__ T *map_shared_rank(T *addr, int rank) const {
    return static_cast<T *>(__cluster_map_shared_rank(addr, (unsigned)rank));
  }
  template <typename T> __device__ unsigned query_shared_rank(T *addr) const {
    return __cluster_query_shared_rank(addr);
  }
  __device__ unsigned block_rank() const { return __clusterRelativeBlockRank(); }
  __device__ unsigned num_blocks() const { return __clusterSizeInBlocks(); }
  __device__ dim3 block_index() const { return __clusterRelativeBlockIdx(); }
  __device__ dim3 dim_blocks() const { return __clusterDim(); }
  __device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  __device__ dim3 group_dim() const { return dim_threads(); }
  __device__ unsigned long long thread_rank() const {
    return (unsigned long long)block_rank() * __rubicon_cg::blockThreads() +
           __rubicon_cg::blockRank();
  }
  __device__ unsigned long long num_threads() const {
    return (unsigned long long)num_blocks() * __rubicon_cg::blockThreads();
  }
  __device__ unsigned long long size() const { return num_threads(); }
};

__device__ __inline__ cluster_group this_cluster() { return cluster_group(); }
__device__ __inline__ void sync(const cluster_group &group) { group.sync(); }

/* ---- grid_group (runtime engineer): the whole grid of a cooperative launch
 * (cudaLaunchCooperativeKernel). sync() is the device library's global-memory
 * barrier (runtime-shim/device/GridSync.cpp), correct because a cooperative
 * launch keeps every block resident. */
extern "C" __device__ void __rubicon_grid_sync(void);
extern "C" __device__ bool __rubicon_grid_is_valid(void);

class grid_group {
public:
  __device__ bool is_valid() const { return __rubicon_grid_is_valid(); }
  __device__ void sync() const { __rubicon_grid_sync(); }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long block_rank() const {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) *
               gridDim.x +
           blockIdx.x;
  }
  __device__ unsigned long long size() const {
    return num_blocks() * __rubicon_cg::blockThreads();
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * __rubicon_cg::blockThreads() +
           __rubicon_cg::blockRank();
  }
  __device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  __device__ dim3 dim_blocks() const { return group_dim(); }
  __device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  __device__ dim3 group_index() const { return block_index(); }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
};

__device__ __inline__ grid_group this_grid() { return grid_group(); }
__device__ __inline__ void sync(const grid_group &group) { group.sync(); }
/* ---- end grid_group */

} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups

#endif /* __CUDACC__ */
#endif /* RUBICON_COOPERATIVE_GROUPS_H */
