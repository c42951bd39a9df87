// The kernels benchmarks/matrix-cores/count.py compiles: for each f16 wmma
// shape, one and five products (f32 accumulators) per warp, each product
// with its own A and B fragments loaded from global memory.
#include <mma.h>
using namespace nvcuda;

template <int M, int N, int K, int Products>
__device__ void products(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, M, N, K, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, M, N, K, float> acc;
  wmma::fill_fragment(acc, 0.0f);
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    wmma::load_matrix_sync(fa, a + p * K, K * Products);
    wmma::load_matrix_sync(fb, b + p * K, K * Products);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c, acc, N, wmma::mem_row_major);
}

#define SHAPE(M, N, K)                                                         \
  extern "C" __global__ void one_m##M##n##N##k##K(const half *a,               \
                                                  const half *b, float *c) {   \
    products<M, N, K, 1>(a, b, c);                                             \
  }                                                                            \
  extern "C" __global__ void five_m##M##n##N##k##K(const half *a,              \
                                                   const half *b, float *c) {  \
    products<M, N, K, 5>(a, b, c);                                             \
  }
SHAPE(16, 16, 16)
SHAPE(32, 8, 16)
SHAPE(8, 32, 16)
