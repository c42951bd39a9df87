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

/* Every thread of the tile gets op applied over all of its threads. */
template <unsigned N, typename T, typename Op>
__device__ T reduce(const thread_block_tile<N> &tile, T value, Op op) {
  for (unsigned offset = N / 2; offset > 0; offset /= 2)
    value = op(value, tile.shfl_xor(value, offset));
  return value;
}

template <typename T, typename Op>
__device__ T reduce(const coalesced_group &group, T value, Op op) {
  T result = group.shfl(value, 0);
  for (unsigned rank = 1; rank < group.size(); ++rank)
    result = op(result, group.shfl(value, rank));
  return result;
}

} // namespace cooperative_groups
#endif /* __CUDACC__ */
#endif /* RUBICON_COOPERATIVE_GROUPS_REDUCE_H */
