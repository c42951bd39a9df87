/*===- cuda_pipeline.h - nvcuda::experimental::pipeline, memcpy_async ----===*
 *
 * Part of Rubicon. CUDA 11's experimental C++ pipeline interface on the
 * primitives of cuda_pipeline_primitives.h (copies complete when issued).
 * cuda::pipeline and cuda::memcpy_async are libcu++'s (<cuda/pipeline>).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_PIPELINE_H
#define RUBICON_CUDA_PIPELINE_H

#include "cuda_awbarrier.h"
#include "cuda_pipeline_primitives.h"

#if defined(__CUDACC__)
/* libcu++'s block-scope cuda::barrier derives from this class of its ABI
 * namespace (cuda::__<version>, 4 when libcu++ is not included yet), so that
 * pipeline::arrive_on accepts it. */
#if defined(_LIBCUDACXX_CUDA_ABI_VERSION)
#define __RUBICON_LIBCUDACXX_ABI _LIBCUDACXX_CUDA_ABI_VERSION
#else
#define __RUBICON_LIBCUDACXX_ABI 4
#endif
#define __RUBICON_LIBCUDACXX_NS2(V) __##V
#define __RUBICON_LIBCUDACXX_NS(V) __RUBICON_LIBCUDACXX_NS2(V)
namespace cuda {
inline namespace __RUBICON_LIBCUDACXX_NS(__RUBICON_LIBCUDACXX_ABI) {
struct __block_scope_barrier_base;
}
} // namespace cuda
#undef __RUBICON_LIBCUDACXX_NS
#undef __RUBICON_LIBCUDACXX_NS2
#undef __RUBICON_LIBCUDACXX_ABI

namespace nvcuda {
namespace experimental {

class pipeline {
public:
  pipeline() = default;
  pipeline(const pipeline &) = delete;
  pipeline &operator=(const pipeline &) = delete;
  __device__ void commit() { __pipeline_commit(); }
  __device__ void commit_and_wait() {
    __pipeline_commit();
    __pipeline_wait_prior(0);
  }
  __device__ void wait_prior(__SIZE_TYPE__ prior) { __pipeline_wait_prior(prior); }
  template <unsigned Prior> __device__ void wait_prior() { __pipeline_wait_prior(Prior); }
  __device__ void arrive_on(awbarrier &barrier) { __pipeline_arrive_on(barrier.__native()); }
  /* The copies are complete when issued: the arrival CUDA counts in advance
   * and the one the copies make cancel (cuda_pipeline_primitives.h). */
  __device__ void arrive_on(cuda::__block_scope_barrier_base &) {}
};

/* Copies one object; T's size is any multiple of 4 (CUDA: 4, 8 or 16 with
 * matching alignment for the hardware path). */
template <class T>
__device__ __inline__ void memcpy_async(T &dst, const T &src, pipeline &) {
  __builtin_memcpy(&dst, &src, sizeof(T));
}

template <class T, __SIZE_TYPE__ DstN, __SIZE_TYPE__ SrcN>
__device__ __inline__ void memcpy_async(T (*dst)[DstN], const T (*src)[SrcN], pipeline &) {
  static_assert(DstN >= SrcN, "memcpy_async: the destination array is smaller");
  __builtin_memcpy(dst, src, sizeof(T) * SrcN);
}

} // namespace experimental
} // namespace nvcuda
#endif /* __CUDACC__ */
#endif /* RUBICON_CUDA_PIPELINE_H */
