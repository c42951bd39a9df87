// rubicon-lower-matrix-ops on gfx1200 (RDNA4, wave32; docs/matrix-cores.md):
// wmma m16n16k16 is one v_wmma_* per mma_sync with 8-element operands
// (lane l: A row and B column l%16, k = 8(l/16) + s), its operands swapped
// so that its result is the generic C/D layout. Every fragment keeps the
// generic layout (f16 lines: each lane uses its half), so there are no lane
// moves at all. f16 m32n8k16 is two v_wmma_f32_16x16x16_f16 (A rows 0-15
// and 16-31) and four v_permlanex16 (the k half of A each lane lacks), no
// ds_bpermute and no fma (docs/matrix-cores.md, "m32n8k16 on WMMA").
// REQUIRES: target-gfx1200
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v --amdgpu-arch=gfx1200 %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx1200.elf | FileCheck %s

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

// NOTES-DAG: rubicon: gfx1200: kernel 'f16x(__half const*, __half const*, float*)': wmma.mma.m16n16k16.f32.f16.f16.f32: matrix cores (1 x v_wmma_f32_16x16x16_f16)
// NOTES-DAG: rubicon: gfx1200: kernel 'f16x(__half const*, __half const*, float*)': wmma.load.c.m16n16k16.row.f32: generic
// CHECK-LABEL: <_Z4f16xPK6__halfS1_Pf>:
// CHECK-NOT: {{ds_|permlane}}
// CHECK: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]
// CHECK-NOT: {{ds_|permlane|v_wmma}}
// CHECK: s_endpgm
__global__ void f16x(const half *a, const half *b, float *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx1200: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.mma.m16n16k16.f32.bf16.bf16.f32: matrix cores (1 x v_wmma_f32_16x16x16_bf16)
// CHECK-LABEL: <_Z4bf16PK13__nv_bfloat16S1_Pf>:
// CHECK-NOT: {{ds_|permlane}}
// CHECK: v_wmma_f32_16x16x16_bf16
// CHECK-NOT: {{ds_|permlane|v_wmma}}
// CHECK: s_endpgm
__global__ void bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx1200: kernel 's8(signed char const*, signed char const*, int*)': wmma.mma.m16n16k16.s32.s8.s8.s32.satfinite: matrix cores (1 x v_wmma_i32_16x16x16_iu8)
// CHECK-LABEL: <_Z2s8PKaS0_Pi>:
// CHECK-NOT: {{ds_|permlane}}
// CHECK: v_wmma_i32_16x16x16_iu8 {{.*}} neg_lo:[1,1,0]
// CHECK-COUNT-8: v_add_nc_i32 {{.*}} clamp
// CHECK: s_endpgm
__global__ void s8(const signed char *a, const signed char *b, int *c) {
  product<16, 16, 16>(a, b, c, true);
}

// NOTES-DAG: rubicon: gfx1200: kernel 'tall(__half const*, __half const*, float*)': wmma.mma.m32n8k16.f32.f16.f16.f32: matrix cores (2 x v_wmma_f32_16x16x16_f16)
// CHECK-LABEL: <_Z4tallPK6__halfS1_Pf>:
// CHECK-NOT: {{ds_bpermute|v_fma}}
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: {{ds_bpermute|v_fma}}
// CHECK: s_endpgm
__global__ void tall(const half *a, const half *b, float *c) {
  product<32, 8, 16>(a, b, c, false);
}
