/*===- cooperative_groups/scan.h - cg::inclusive_scan, exclusive_scan -----===*
 *
 * Part of Rubicon. Scans over a thread_block_tile or a coalesced_group in
 * rank order; op defaults to cg::plus. exclusive_scan gives rank 0 a
 * value-initialized T.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_COOPERATIVE_GROUPS_SCAN_H
#define RUBICON_COOPERATIVE_GROUPS_SCAN_H

#include "reduce.h"

#if defined(__CUDACC__)
namespace cooperative_groups {
namespace __v1 {

template <typename Group, typename T, typename Op>
__device__ T inclusive_scan(const Group &group, T value, Op op) {
  const unsigned rank = (unsigned)group.thread_rank();
  for (unsigned delta = 1; delta < group.size(); delta *= 2) {
    T other = group.shfl_up(value, delta);
    if (rank >= delta)
      value = op(other, value);
  }
  return value;
}

template <typename Group, typename T>
__device__ T inclusive_scan(const Group &group, T value) {
  return inclusive_scan(group, value, plus<T>());
}

template <typename Group, typename T, typename Op>
__device__ T exclusive_scan(const Group &group, T value, Op op) {
  T inclusive = inclusive_scan(group, value, op);
  T previous = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T() : previous;
}

template <typename Group, typename T>
__device__ T exclusive_scan(const Group &group, T value) {
  return exclusive_scan(group, value, plus<T>());
}

} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups
#endif /* __CUDACC__ */
#endif /* RUBICON_COOPERATIVE_GROUPS_SCAN_H */
