/*===- cuda_pipeline_primitives.h - Asynchronous copy primitives --------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "Pipeline Primitives
 * Interface": __pipeline_memcpy_async, __pipeline_commit,
 * __pipeline_wait_prior, __pipeline_arrive_on. The copies are performed when
 * they are issued (as the inline-PTX cp.async is), which every use the guide
 * allows observes as an asynchronous copy that completed early: commit and
 * wait_prior have nothing left to wait for, and arrive_on's arrival, which
 * CUDA counts in advance on the barrier (a net change of zero), has already
 * happened.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_PIPELINE_PRIMITIVES_H
#define RUBICON_CUDA_PIPELINE_PRIMITIVES_H

#include "cuda_awbarrier_primitives.h"

#if defined(__CUDACC__)

/* Copies size_and_align bytes (4, 8 or 16; both addresses aligned to it)
 * from global to shared memory; the last zfill of them are zeros instead. */
__device__ __inline__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                   const void *__restrict__ src_global,
                                                   __SIZE_TYPE__ size_and_align,
                                                   __SIZE_TYPE__ zfill = 0) {
  if (zfill == 0) {
    switch (size_and_align) {
    case 4:
      *(unsigned *)dst_shared = *(const unsigned *)src_global;
      return;
    case 8:
      *(uint2 *)dst_shared = *(const uint2 *)src_global;
      return;
    case 16:
      *(uint4 *)dst_shared = *(const uint4 *)src_global;
      return;
    }
  }
  unsigned char *d = (unsigned char *)dst_shared;
  const unsigned char *s = (const unsigned char *)src_global;
  __SIZE_TYPE__ copied = zfill < size_and_align ? size_and_align - zfill : 0;
  for (__SIZE_TYPE__ i = 0; i < size_and_align; ++i)
    d[i] = i < copied ? s[i] : 0;
}

__device__ __inline__ void __pipeline_commit() {}
__device__ __inline__ void __pipeline_wait_prior(__SIZE_TYPE__) {}
__device__ __inline__ void __pipeline_arrive_on(__mbarrier_t *) {}

#endif /* __CUDACC__ */
#endif /* RUBICON_CUDA_PIPELINE_PRIMITIVES_H */
