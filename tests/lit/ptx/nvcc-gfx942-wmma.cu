// mma.h (nvcuda::wmma) compiles with nvcc for gfx942 through the inline-PTX
// wmma translation: fragment loads as wide global loads (a lane's 16 halves
// of A are contiguous), f16 products on the matrix cores, element-wise
// operations on x[], and integer fragments (matrix cores too).
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s

#include <mma.h>
using namespace nvcuda;

// f16 m16n16k16 takes the matrix cores (docs/matrix-cores.md): no lane
// moves at all, eight v_mfma_f32_4x4x4_16b_f16.
// CHECK-LABEL: <_Z6gemm16PK6__halfS1_Pf>:
// CHECK: global_load_dwordx4
// CHECK-NOT: ds_bpermute_b32
// CHECK-COUNT-8: v_mfma_f32_4x4x4_16b_f16
// CHECK-NOT: ds_bpermute_b32
// The element-wise scaling, then the row of eight floats stored at once.
// CHECK: v_mul_f32
// CHECK: global_store_dwordx4
// CHECK: s_endpgm
__global__ void gemm16(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] *= 3.0f;
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// Signed bytes, 32x8x16: eight v_mfma_i32_4x4x4_16b_i8 lending B's chunks
// to the whole logical warp (cbsz:3), no lane moves; satf is a clamping add
// of C (the product sums cannot overflow).
// CHECK-LABEL: <_Z4int8PKaS0_PKiPi>:
// CHECK-NOT: ds_bpermute_b32
// CHECK-COUNT-8: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:3
// CHECK-NOT: ds_bpermute_b32
// CHECK: v_add_i32 {{.*}} clamp
// CHECK: s_endpgm
__global__ void int8(const signed char *a, const signed char *b, const int *c,
                     int *d) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, signed char, wmma::col_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, signed char, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, int> acc;
  wmma::load_matrix_sync(acc, c, 8, wmma::mem_col_major);
  wmma::load_matrix_sync(fa, a, 32);
  wmma::load_matrix_sync(fb, b, 8);
  wmma::mma_sync(acc, fa, fb, acc, true);
  wmma::store_matrix_sync(d, acc, 8, wmma::mem_row_major);
}
