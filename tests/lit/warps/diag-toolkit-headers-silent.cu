// The toolkit's own headers are not the place to fix: mma.h's fragment
// gathers read constant lanes (31 among them) of the 32-lane layouts the
// PTX ISA defines, and draw no -Wwarp-size warning, while the same constant
// written in the user's code still does.
// RUN: nvcc -c -O2 %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

template <int M, int N, int K, class In, class Acc>
__device__ void gemmTile(const In *a, const In *b, Acc *c) {
  wmma::fragment<wmma::matrix_a, M, N, K, In, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, In, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> fc;
  wmma::fill_fragment(fc, Acc(0));
  wmma::load_matrix_sync(fa, a, K);
  wmma::load_matrix_sync(fb, b, K);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, N, wmma::mem_row_major);
}

__global__ void shapes(const signed char *s8, const unsigned char *u8,
                       const __nv_bfloat16 *bf, const half *h, int *ci,
                       float *cf) {
  gemmTile<32, 8, 16>(s8, s8, ci);
  gemmTile<32, 8, 16>(u8, u8, ci);
  gemmTile<32, 8, 16>(bf, bf, cf);
  gemmTile<8, 32, 16>(s8, s8, ci);
  gemmTile<16, 16, 16>(h, h, cf);
}

__global__ void usersLastLane(float *v) {
  // CHECK: diag-toolkit-headers-silent.cu:[[@LINE+1]]:{{[0-9]+}}: warning: reading lane 31 as the warp's last lane assumes 32-lane warps [-Wwarp-size-shuffle]
  v[threadIdx.x] = __shfl_sync(__activemask(), v[threadIdx.x], 31);
}
