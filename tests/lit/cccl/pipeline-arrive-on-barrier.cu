// nvcuda::experimental::pipeline::arrive_on takes libcu++'s block-scope
// cuda::barrier as well as an awbarrier: the barrier derives from
// cuda::__block_scope_barrier_base of libcu++'s ABI namespace (cuda::__4
// unless _LIBCUDACXX_CUDA_ABI_VERSION says otherwise), which cuda_pipeline.h
// names (libcu++'s pipeline_arrive_on test).
// RUN: nvcc --amdgpu-arch=host -c %s -o %t.o
// RUN: nvcc --amdgpu-arch=host -c -DABI=5 %s -o %t5.o
#ifdef ABI
#define _LIBCUDACXX_CUDA_ABI_VERSION ABI
#define NS __5
#else
#define NS __4
#endif
#include <cuda_pipeline.h>

namespace cuda {
inline namespace NS {
struct __block_scope_barrier_base {};
struct block_barrier : __block_scope_barrier_base {};
} // namespace NS
} // namespace cuda

__global__ void kernel(const int *in) {
  __shared__ int copy[32];
  __shared__ cuda::block_barrier bar;
  nvcuda::experimental::pipeline pipe;
  nvcuda::experimental::memcpy_async(copy[threadIdx.x], in[threadIdx.x], pipe);
  pipe.arrive_on(bar);
}
