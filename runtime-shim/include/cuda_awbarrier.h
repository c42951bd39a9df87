/*===- cuda_awbarrier.h - nvcuda::experimental::awbarrier ----------------===*
 *
 * Part of Rubicon. The C++ arrive/wait barrier of CUDA 11's experimental
 * interface, on the primitives of cuda_awbarrier_primitives.h (the same
 * phase semantics as cuda::barrier, which is libcu++'s).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_AWBARRIER_H
#define RUBICON_CUDA_AWBARRIER_H

#include "cuda_awbarrier_primitives.h"

#if defined(__CUDACC__)
namespace nvcuda {
namespace experimental {

class awbarrier {
public:
  class arrival_token {
  public:
    arrival_token() = default;
    __device__ unsigned int pending_count() const {
      return __mbarrier_token_pending_count(__token);
    }

  private:
    __device__ explicit arrival_token(__mbarrier_token_t token) : __token(token) {}
    __mbarrier_token_t __token = 0;
    friend class awbarrier;
  };

  awbarrier() = default;
  awbarrier(const awbarrier &) = delete;
  awbarrier &operator=(const awbarrier &) = delete;

  __device__ arrival_token arrive() { return arrival_token(__mbarrier_arrive(&__state)); }
  __device__ arrival_token arrive_and_drop() {
    return arrival_token(__mbarrier_arrive_and_drop(&__state));
  }
  __device__ bool timed_wait(arrival_token token, unsigned int hint_cycles) {
    return __mbarrier_try_wait(&__state, token.__token, hint_cycles);
  }
  __device__ void wait(arrival_token token) { __rubicon_mbarrier_wait(&__state, token.__token); }
  __device__ void arrive_and_wait() { wait(arrive()); }
  __device__ static unsigned int max() { return __mbarrier_maximum_count(); }

private:
  __mbarrier_t __state;
  friend __device__ void init(awbarrier *barrier, unsigned int expected_count);
  friend class pipeline;
  __device__ __mbarrier_t *__native() { return &__state; }
};

__device__ __inline__ void init(awbarrier *barrier, unsigned int expected_count) {
  __mbarrier_init(&barrier->__state, expected_count);
}

} // namespace experimental
} // namespace nvcuda
#endif /* __CUDACC__ */
#endif /* RUBICON_CUDA_AWBARRIER_H */
