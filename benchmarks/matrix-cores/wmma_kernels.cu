// The kernels benchmarks/matrix-cores/count.py compiles: for each wmma
// multiplicand type (f16, bf16, s8, u8; tf32 m16n16k8; f64 m8n8k4) and shape, one and five products
// (f32 or int accumulators) per warp, each product with its own A and B
// fragments loaded from global memory.
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

// The fragment's element type for the type in memory (tf32: float).
template <typename T> struct Fragment { using type = T; };
template <> struct Fragment<float> { using type = wmma::precision::tf32; };

template <int M, int N, int K, int Products, typename T, typename TC>
__device__ void products(const T *a, const T *b, TC *c) {
  using F = typename Fragment<T>::type;
  wmma::fragment<wmma::matrix_a, M, N, K, F, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, F, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> acc;
  wmma::fill_fragment(acc, TC(0));
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    wmma::load_matrix_sync(fa, a + p * K, K * Products);
    wmma::load_matrix_sync(fb, b + p * K, K * Products);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c, acc, N, wmma::mem_row_major);
}

#define SHAPE(Name, T, TC, M, N, K)                                            \
  extern "C" __global__ void one_##Name##_m##M##n##N##k##K(                    \
      const T *a, const T *b, TC *c) {                                         \
    products<M, N, K, 1>(a, b, c);                                             \
  }                                                                            \
  extern "C" __global__ void five_##Name##_m##M##n##N##k##K(                   \
      const T *a, const T *b, TC *c) {                                         \
    products<M, N, K, 5>(a, b, c);                                             \
  }
#define TYPE(Name, T, TC)                                                      \
  SHAPE(Name, T, TC, 16, 16, 16)                                               \
  SHAPE(Name, T, TC, 32, 8, 16)                                                \
  SHAPE(Name, T, TC, 8, 32, 16)
TYPE(f16, half, float)
TYPE(bf16, __nv_bfloat16, float)
TYPE(s8, signed char, int)
TYPE(u8, unsigned char, int)
SHAPE(tf32, float, float, 16, 16, 8)
SHAPE(f64, double, double, 8, 8, 4)
