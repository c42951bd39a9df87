// rubicon-lower-matrix-ops (docs/matrix-cores.md): on gfx942, wmma m16n16k16
// with f16 multiplicands is eight v_mfma_f32_4x4x4_16b_f16 per mma_sync,
// block a of each 16-lane group lending its B piece to the group (cbsz:2
// abid:a), with no lane moves; `-v` names each operation's path. The host
// target multiplies through its warp exchange. tf32 (m16n16k8) takes the half-line scheme
// (see matrix-cores-bf16-int-gfx942.cu) on sixteen v_mfma_f32_4x4x1_16b_f32.
// gfx1100: matrix-cores-gfx1100.cu.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck %s
// RUN: nvcc -c -O2 -v --amdgpu-arch=host %s -o khost.o 2>&1 | FileCheck --check-prefix=HOST %s

#include <mma.h>
using namespace nvcuda;

// NOTES-DAG: rubicon: gfx942: kernel '{{.*}}': wmma.load.a.m16n16k16.row.f16: generic
// NOTES-DAG: rubicon: gfx942: kernel '{{.*}}': wmma.load.b.m16n16k16.col.f16: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx942: kernel 'f32x(__half const*, __half const*, float*)': wmma.mma.m16n16k16.f32.f16.f16.f32: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// NOTES-DAG: rubicon: gfx942: kernel 'f16x(__half const*, __half const*, __half*)': wmma.mma.m16n16k16.f16.f16.f16.f16: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// NOTES-DAG: rubicon: gfx942: kernel 'tf32(float const*, float const*, float*)': wmma.mma.m16n16k8.f32.tf32.tf32.f32: matrix cores (16 x v_mfma_f32_4x4x1_16b_f32)
// HOST: rubicon: host: kernel 'f32x(__half const*, __half const*, float*)': wmma.mma.m16n16k16.f32.f16.f16.f32: warp exchange (one warp meeting per run of independent products)
// HOST-NOT: matrix cores

// CHECK-LABEL: <_Z4f32xPK6__halfS1_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC0:v\[[0-9]+:[0-9]+\]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0 cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC0]], {{.*}}, [[ACC0]] cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC0]], {{.*}}, [[ACC0]] cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC0]], {{.*}}, [[ACC0]] cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC1:v\[[0-9]+:[0-9]+\]]], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0 cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC1]], {{.*}}, [[ACC1]] cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC1]], {{.*}}, [[ACC1]] cbsz:2 abid:3
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 [[ACC1]], {{.*}}, [[ACC1]] cbsz:2 abid:3
// CHECK-NOT: ds_bpermute
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

// f16 accumulators: widened for the products, rounded once at the end.
// CHECK-LABEL: <_Z4f16xPK6__halfS1_PS_>:
// CHECK-COUNT-8: v_mfma_f32_4x4x4_16b_f16
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

// m32n8k16 and m8n32k16: CBSZ=3 (groups of eight blocks: the logical warp),
// ABID 0..7.
// NOTES-DAG: rubicon: gfx942: kernel 'tall(__half const*, __half const*, float*)': wmma.mma.m32n8k16.f32.f16.f16.f32: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// NOTES-DAG: rubicon: gfx942: kernel 'wide(__half const*, __half const*, float*)': wmma.mma.m8n32k16.f32.f16.f16.f32: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// NOTES-DAG: rubicon: gfx942: kernel 'wide(__half const*, __half const*, float*)': wmma.store.d.m8n32k16.row.f32: matrix-core fragment layout
// CHECK-LABEL: <_Z4tallPK6__halfS1_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:3
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:4
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:5
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:6
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3 abid:7
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
__global__ void tall(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

// CHECK-LABEL: <_Z4widePK6__halfS1_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-COUNT-8: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:3
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
__global__ void wide(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 32, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 32, wmma::mem_row_major);
}

// tf32: sixteen 4x4x1 block MFMAs (ABID 0..3, four k each), four
// swizzles (the other half of each lane's A row), no other ds_ operation;
// the low 13 bits of the four A and four B words are cleared first (tf32
// ignores them, the f32 MFMA would not).
// CHECK-LABEL: <_Z4tf32PKfS0_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:3
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:3
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:3
// CHECK-DAG: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2 abid:3
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-DAG: v_and_b32_e32 {{.*}}, 0xffffe000, v
// CHECK-NOT: ds_
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
