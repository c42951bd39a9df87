// The kernels benchmarks/matrix-cores/count.py compiles for gfx942: one and
// five 16x16x16 f16 products (f32 accumulators) per warp, each product with
// its own A and B fragments loaded from global memory.
#include <mma.h>
using namespace nvcuda;

template <int Products>
__device__ void products(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    wmma::load_matrix_sync(fa, a + p * 16, 16 * Products);
    wmma::load_matrix_sync(fb, b + p * 16, 16 * Products);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void one_product(const half *a, const half *b, float *c) {
  products<1>(a, b, c);
}
__global__ void five_products(const half *a, const half *b, float *c) {
  products<5>(a, b, c);
}
