// __half and __half2 arithmetic compiles to the f16 instructions of gfx942
// and gfx1100 (pairs to the packed ones), __nv_bfloat162 to packed f32 on
// gfx942, and 16-bit shuffles to one lane permute each.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s --check-prefixes=CHECK,GFX942 < %t/half-types-gfx942-gfx1100.gfx942.s
// RUN: FileCheck %s --check-prefixes=CHECK,GFX1100 < %t/half-types-gfx942-gfx1100.gfx1100.s
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// __hmul2 + __hadd2 may become one fma; the _rn forms may not.
// CHECK-LABEL: _Z5pairsP7__half2PKS_:
// CHECK-DAG: v_pk_fma_f16
// CHECK-DAG: v_pk_add_f16
// CHECK-DAG: v_pk_mul_f16
// CHECK-DAG: v_pk_max_f16
// CHECK: s_endpgm
__global__ void pairs(__half2 *a, const __half2 *b) {
  const int i = threadIdx.x;
  const __half2 x = a[i], y = __ldg(&b[i]);
  a[i] = __hfma2(x, y, x);
  a[i + 64] = __hadd2_rn(__hmul2_rn(x, y), y);
  a[i + 128] = __hmax2(x, y);
}

// CHECK-LABEL: _Z7scalarsP6__halfPKS_:
// CHECK-DAG: v_fma{{c?}}_f16
// CHECK-DAG: v_sqrt_f16
// CHECK-DAG: v_max_f16
// CHECK: s_endpgm
__global__ void scalars(__half *a, const __half *b) {
  const int i = threadIdx.x;
  a[i] = __hmax(hsqrt(__hfma(a[i], b[i], a[i])), b[i]);
}

// float <-> half are single conversions.
// CHECK-LABEL: _Z11conversionsPfP6__half:
// CHECK-DAG: v_cvt_f16_f32
// CHECK-DAG: v_cvt_f32_f16
// CHECK: s_endpgm
__global__ void conversions(float *f, __half *h) {
  const int i = threadIdx.x;
  h[i] = __float2half_rn(f[i]);
  f[i] = __half2float(h[i + 64]);
}

// bfloat16 pairs compute in packed float on gfx942 (no bf16 arithmetic).
// CHECK-LABEL: _Z10bf16_pairsP14__nv_bfloat162:
// GFX942: v_pk_mul_f32
// GFX1100: v_mul_f32
// CHECK: s_endpgm
__global__ void bf16_pairs(__nv_bfloat162 *a) {
  a[threadIdx.x] = __hmul2(a[threadIdx.x], a[threadIdx.x]);
}

// A 16-bit shuffle and a pair shuffle: one ds_bpermute each.
// CHECK-LABEL: _Z8shufflesP6__halfP7__half2P13__nv_bfloat16:
// CHECK-COUNT-3: ds_bpermute_b32
// CHECK-NOT: ds_bpermute_b32
// CHECK: s_endpgm
__global__ void shuffles(__half *h, __half2 *h2, __nv_bfloat16 *b) {
  const int i = threadIdx.x;
  const unsigned mask = __activemask();
  int lane = h[i + 32].operator __half_raw().x & 31; // not a constant
  h[i] = __shfl_sync(mask, h[i], lane);
  h2[i] = __shfl_sync(mask, h2[i], lane + 1);
  b[i] = __shfl_sync(mask, b[i], lane + 2);
}
