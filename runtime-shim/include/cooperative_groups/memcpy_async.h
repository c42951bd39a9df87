/*===- cooperative_groups/memcpy_async.h - Group-wide asynchronous copies -===*
 *
 * Part of Rubicon. cg::memcpy_async(group, dst, src, bytes) and the layout
 * form (element counts; cuda::aligned_size_t converts to its value), with
 * cg::wait and cg::wait_prior<N>. The group's threads copy the bytes between
 * them as they issue the call; wait is the group's sync, after which every
 * thread sees the whole copy, as CUDA promises.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define RUBICON_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

#if defined(__CUDACC__)
namespace cooperative_groups {
namespace __v1 {

namespace __rubicon_cg {
/* The group's threads copy `bytes` bytes, 16, then 4, then 1 at a time as
 * the alignment of both addresses allows. */
template <typename Group>
__device__ __inline__ void groupCopy(const Group &group, void *dst, const void *src,
                                     __SIZE_TYPE__ bytes) {
  const __SIZE_TYPE__ rank = (__SIZE_TYPE__)group.thread_rank();
  const __SIZE_TYPE__ count = (__SIZE_TYPE__)group.num_threads();
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  __SIZE_TYPE__ misalign = ((__SIZE_TYPE__)d | (__SIZE_TYPE__)s);
  __SIZE_TYPE__ done = 0;
  if (misalign % 16 == 0) {
    for (__SIZE_TYPE__ i = rank; i < bytes / 16; i += count)
      ((uint4 *)d)[i] = ((const uint4 *)s)[i];
    done = bytes / 16 * 16;
  } else if (misalign % 4 == 0) {
    for (__SIZE_TYPE__ i = rank; i < bytes / 4; i += count)
      ((unsigned *)d)[i] = ((const unsigned *)s)[i];
    done = bytes / 4 * 4;
  }
  for (__SIZE_TYPE__ i = done + rank; i < bytes; i += count)
    d[i] = s[i];
}
} // namespace __rubicon_cg

template <typename Group, typename T, typename Size>
__device__ __inline__ void memcpy_async(const Group &group, T *__restrict__ dst,
                                        const T *__restrict__ src, const Size &bytes) {
  __rubicon_cg::groupCopy(group, dst, src, (__SIZE_TYPE__)bytes);
}

template <typename Group, typename T, typename DstLayout, typename SrcLayout>
__device__ __inline__ void memcpy_async(const Group &group, T *__restrict__ dst,
                                        const DstLayout &dstLayout,
                                        const T *__restrict__ src,
                                        const SrcLayout &srcLayout) {
  __SIZE_TYPE__ d = (__SIZE_TYPE__)dstLayout, s = (__SIZE_TYPE__)srcLayout;
  __rubicon_cg::groupCopy(group, dst, src, (d < s ? d : s) * sizeof(T));
}

template <typename Group> __device__ __inline__ void wait(const Group &group) {
  group.sync();
}

template <unsigned NumStages, typename Group>
__device__ __inline__ void wait_prior(const Group &group) {
  group.sync();
}

} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups
#endif /* __CUDACC__ */
#endif /* RUBICON_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */
