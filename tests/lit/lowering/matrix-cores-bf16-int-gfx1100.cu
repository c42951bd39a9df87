// rubicon-lower-matrix-ops on gfx1100 for wmma m16n16k16 with bf16, s8 and
// u8 multiplicands (docs/matrix-cores.md): their fragments hold half of each
// line, so each lane first takes the other half from lane l^16
// (v_permlanex16_b32, no LDS), then one v_wmma_f32_16x16x16_bf16 or
// v_wmma_i32_16x16x16_iu8 (neg_lo:[1,1,0]: signed A and B for s8) per
// mma_sync; C and D are in WMMA's layout (f32 and s32 alike). m32n8k16 and
// m8n32k16 keep the generic path on gfx11.
// REQUIRES: target-gfx1100
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v --amdgpu-arch=gfx1100 %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx1100.elf | FileCheck %s

#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

template <int M, int N, int K, typename T, typename TC>
__device__ void product(const T *a, const T *b, TC *c, bool satf) {
  wmma::fragment<wmma::matrix_a, M, N, K, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> acc;
  wmma::load_matrix_sync(acc, c, N, wmma::mem_row_major);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc, satf);
  wmma::store_matrix_sync(c, acc, N, wmma::mem_row_major);
}

// NOTES-DAG: rubicon: gfx1100: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.mma.m16n16k16.f32.bf16.bf16.f32: matrix cores (1 x v_wmma_f32_16x16x16_bf16)
// NOTES-DAG: rubicon: gfx1100: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.load.c.m16n16k16.row.f32: matrix-core fragment layout
// CHECK-LABEL: <_Z4bf16PK13__nv_bfloat16S1_Pf>:
// CHECK-NOT: ds_
// CHECK-COUNT-8: v_permlanex16_b32
// CHECK-NOT: ds_
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-NOT: v_wmma
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx1100: kernel 's8(signed char const*, signed char const*, int*)': wmma.mma.m16n16k16.s32.s8.s8.s32: matrix cores (1 x v_wmma_i32_16x16x16_iu8)
// NOTES-DAG: rubicon: gfx1100: kernel 's8(signed char const*, signed char const*, int*)': wmma.store.d.m16n16k16.row.s32: matrix-core fragment layout
// CHECK-LABEL: <_Z2s8PKaS0_Pi>:
// CHECK-NOT: ds_
// CHECK-COUNT-4: v_permlanex16_b32
// CHECK-NOT: ds_
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void s8(const signed char *a, const signed char *b, int *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx1100: kernel 'u8sat(unsigned char const*, unsigned char const*, int*)': wmma.mma.m16n16k16.s32.u8.u8.s32.satfinite: matrix cores (1 x v_wmma_i32_16x16x16_iu8)
// CHECK-LABEL: <_Z5u8satPKhS0_Pi>:
// CHECK-NOT: ds_
// CHECK: v_wmma_i32_16x16x16_iu8 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{ *//}}
// CHECK-COUNT-8: v_add_nc_i32 {{.*}} clamp
// CHECK: s_endpgm
__global__ void u8sat(const unsigned char *a, const unsigned char *b, int *c) {
  product<16, 16, 16>(a, b, c, true);
}

// NOTES-DAG: rubicon: gfx1100: kernel 'tallbf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.mma.m32n8k16.f32.bf16.bf16.f32: generic
// CHECK-LABEL: <_Z8tallbf16PK13__nv_bfloat16S1_Pf>:
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
__global__ void tallbf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  product<32, 8, 16>(a, b, c, false);
}
