// rubicon-lower-matrix-ops on gfx1100 (RDNA3, wave32; docs/matrix-cores.md):
// wmma m16n16k16 with f16 multiplicands is one v_wmma_f32_16x16x16_f16 per
// mma_sync, its operands swapped (our B fragment is its A); A and B load in
// the generic layout, C and D in WMMA's (lane l: row l%16, columns
// 2s + l/16); f16 accumulators are widened, then rounded once. No lane
// moves. tf32 keeps the generic path. f16 m32n8k16 is two
// v_wmma_f32_16x16x16_f16 (A rows 0-15 and 16-31) with every fragment in
// the generic layout: B's columns move with v_permlane16, A's other rows
// with v_permlanex16, no ds_bpermute (docs/matrix-cores.md, "m32n8k16 on
// WMMA").
// REQUIRES: target-gfx1100
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v --amdgpu-arch=gfx1100 %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx1100.elf | FileCheck %s

#include <mma.h>
using namespace nvcuda;

// NOTES-DAG: rubicon: gfx1100: kernel '{{.*}}': wmma.load.a.m16n16k16.row.f16: generic
// NOTES-DAG: rubicon: gfx1100: kernel '{{.*}}': wmma.load.b.m16n16k16.col.f16: generic
// NOTES-DAG: rubicon: gfx1100: kernel '{{.*}}': wmma.load.c.m16n16k16.row.f16: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx1100: kernel '{{.*}}': wmma.store.d.m16n16k16.row.f32: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx1100: kernel 'f32x(__half const*, __half const*, float*)': wmma.mma.m16n16k16.f32.f16.f16.f32: matrix cores (1 x v_wmma_f32_16x16x16_f16)
// NOTES-DAG: rubicon: gfx1100: kernel 'f16x(__half const*, __half const*, __half*)': wmma.mma.m16n16k16.f16.f16.f16.f16: matrix cores (1 x v_wmma_f32_16x16x16_f16)
// NOTES-DAG: rubicon: gfx1100: kernel 'tf32(float const*, float const*, float*)': wmma.mma.m16n16k8.f32.tf32.tf32.f32: generic

// CHECK-LABEL: <_Z4f32xPK6__halfS1_Pf>:
// CHECK-NOT: ds_
// CHECK: v_wmma_f32_16x16x16_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], {{v\[[0-9]+:[0-9]+\]|0}}
// CHECK-NOT: v_wmma
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void f32x(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// CHECK-LABEL: <_Z4f16xPK6__halfS1_PS_>:
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-NOT: v_wmma
// CHECK: v_cvt_f16_f32
// CHECK: s_endpgm
__global__ void f16x(const half *a, const half *b, half *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// CHECK-LABEL: <_Z4tf32PKfS0_Pf>:
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
__global__ void tf32(const float *a, const float *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

// NOTES-DAG: rubicon: gfx1100: kernel 'tall(__half const*, __half const*, float*)': wmma.mma.m32n8k16.f32.f16.f16.f32: matrix cores (2 x v_wmma_f32_16x16x16_f16)
// CHECK-LABEL: <_Z4tallPK6__halfS1_Pf>:
// CHECK-NOT: {{ds_bpermute|v_fma}}
// CHECK-DAG: v_permlane16_b32
// CHECK-DAG: v_permlanex16_b32
// CHECK-COUNT-2: v_wmma_f32_16x16x16_f16
// CHECK-NOT: {{ds_bpermute|v_fma}}
// CHECK: s_endpgm
__global__ void tall(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}
