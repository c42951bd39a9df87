/*===- cooperative_groups/reduce.h - cg::reduce and its operators ---------===*
 *
 * Part of Rubicon. cg::reduce(group, value, op) over a thread_block_tile or
 * a coalesced_group; cg::plus, less, greater, bit_and, bit_or, bit_xor.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_COOPERATIVE_GROUPS_REDUCE_H
#define RUBICON_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

#if defined(__CUDACC__)
namespace cooperative_groups {
namespace __v1 {

template <typename T> struct plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct less {
  __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
  __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  __device__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
  __device__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(T a, T b) const { return a ^ b; }
};

/* Every thread of the tile gets op applied over all of its threads. A
 * multi-warp tile reduces each warp, then combines its warps' results in
 * shared memory (two block barriers: every thread of the block takes part). */
template <unsigned N, typename P, typename T, typename Op>
__device__ T reduce(const thread_block_tile<N, P> &tile, T value, Op op) {
  constexpr unsigned W = __RUBICON_WARP_SIZE__;
  if constexpr (N <= W) {
    for (unsigned offset = N / 2; offset > 0; offset /= 2)
      value = op(value, tile.shfl_xor(value, offset));
    return value;
  } else {
    __shared__ T partial[1024 / W];
    for (unsigned offset = W / 2; offset > 0; offset /= 2)
      value = op(value, __rubicon_cg::shuffle(3, __RUBICON_FULL_WARP_MASK__,
                                              value, (int)offset, W));
    const unsigned rank = __rubicon_cg::blockRank();
    if (rank % W == 0)
      partial[rank / W] = value;
    __syncthreads();
    const unsigned first = (rank - rank % N) / W;
    T result = partial[first];
    for (unsigned w = 1; w < N / W; ++w)
      result = op(result, partial[first + w]);
    __syncthreads();
    return result;
  }
}

template <typename T, typename Op>
__device__ T reduce(const coalesced_group &group, T value, Op op) {
  T result = group.shfl(value, 0);
  for (unsigned rank = 1; rank < group.size(); ++rank)
    result = op(result, group.shfl(value, rank));
  return result;
}

} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups
#endif /* __CUDACC__ */
#endif /* RUBICON_COOPERATIVE_GROUPS_REDUCE_H */
