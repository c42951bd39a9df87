// rubicon-lower-matrix-ops on gfx942 for wmma with bf16, s8 and u8
// multiplicands (docs/matrix-cores.md, "Half lines"). m16n16k16: each lane
// takes the other half of its A row from lane l^16 (one ds_swizzle SWAP,16
// per A register, no LDS memory: four for bf16, two for bytes), then eight
// 4x4x4 block MFMAs (cbsz:2, abid 0..3, two K chunks each), each half of
// the warp computing its eight columns over the whole k; no other ds_
// operation. s8 starts its accumulators from C (no add after the
// products). u8 goes through the f16 instruction (CDNA's integer MFMA is
// signed): two v_perm_b32 per byte register, back with v_cvt_i32_f32;
// satfinite is a clamping add of C. m32n8k16 and m8n32k16: eight MFMAs
// with cbsz:3 and no lane moves, as for f16.
// gfx950 (CDNA4) has the same instructions and takes the same path.
// REQUIRES: target-gfx942, target-gfx950
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck %s
// RUN: nvcc -c -O2 --amdgpu-arch=gfx950 %s -o k950.o
// RUN: cuobjdump -xelf all k950.o
// RUN: llvm-objdump -d --no-show-raw-insn k950.1.gfx950.elf | FileCheck %s

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

// NOTES-DAG: rubicon: gfx942: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.mma.m16n16k16.f32.bf16.bf16.f32: matrix cores (8 x v_mfma_f32_4x4x4_16b_bf16)
// NOTES-DAG: rubicon: gfx942: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.load.a.m16n16k16.row.bf16: generic
// NOTES-DAG: rubicon: gfx942: kernel 'bf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.store.d.m16n16k16.row.f32: generic
// CHECK-LABEL: <_Z4bf16PK13__nv_bfloat16S1_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:3
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:2 abid:3
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx942: kernel 's8(signed char const*, signed char const*, int*)': wmma.mma.m16n16k16.s32.s8.s8.s32: matrix cores (8 x v_mfma_i32_4x4x4_16b_i8)
// CHECK-LABEL: <_Z2s8PKaS0_Pi>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-NOT: ds_
// CHECK-NOT: clamp
// CHECK-NOT: v_add
// CHECK: s_endpgm
__global__ void s8(const signed char *a, const signed char *b, int *c) {
  product<16, 16, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx942: kernel 'u8sat(unsigned char const*, unsigned char const*, int*)': wmma.mma.m16n16k16.s32.u8.u8.s32.satfinite: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// CHECK-LABEL: <_Z5u8satPKhS0_Pi>:
// CHECK-NOT: ds_bpermute
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// CHECK-DAG: v_perm_b32
// CHECK-DAG: v_cvt_i32_f32
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-DAG: v_add_i32 {{.*}} clamp
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void u8sat(const unsigned char *a, const unsigned char *b, int *c) {
  product<16, 16, 16>(a, b, c, true);
}

// NOTES-DAG: rubicon: gfx942: kernel 'tallbf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.load.b.m32n8k16.col.bf16: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx942: kernel 'tallbf16(__nv_bfloat16 const*, __nv_bfloat16 const*, float*)': wmma.mma.m32n8k16.f32.bf16.bf16.f32: matrix cores (8 x v_mfma_f32_4x4x4_16b_bf16)
// CHECK-LABEL: <_Z8tallbf16PK13__nv_bfloat16S1_Pf>:
// CHECK-NOT: ds_bpermute
// CHECK-COUNT-8: v_mfma_f32_4x4x4_16b_bf16 {{.*}} cbsz:3
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void tallbf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  product<32, 8, 16>(a, b, c, false);
}

// NOTES-DAG: rubicon: gfx942: kernel 'wides8(signed char const*, signed char const*, int*)': wmma.load.a.m8n32k16.row.s8: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx942: kernel 'wides8(signed char const*, signed char const*, int*)': wmma.load.c.m8n32k16.row.s32: matrix-core fragment layout
// NOTES-DAG: rubicon: gfx942: kernel 'wides8(signed char const*, signed char const*, int*)': wmma.mma.m8n32k16.s32.s8.s8.s32: matrix cores (8 x v_mfma_i32_4x4x4_16b_i8)
// CHECK-LABEL: <_Z6wides8PKaS0_Pi>:
// CHECK-NOT: ds_bpermute
// CHECK-COUNT-8: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:3
// CHECK-NOT: ds_
// CHECK: s_endpgm
__global__ void wides8(const signed char *a, const signed char *b, int *c) {
  product<8, 32, 16>(a, b, c, false);
}
