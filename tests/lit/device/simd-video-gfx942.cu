// The halfword SIMD intrinsics are gfx942's packed 16-bit instructions (the
// saturating forms with clamp), the 32-bit three-way max a v_max3.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c -O2 %s -o %t/f.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/simd-video-gfx942.gfx942.s

#define KERNEL(Name, Expression)                                               \
  __global__ void Name(const unsigned *in, unsigned *out) {                    \
    unsigned a = in[threadIdx.x], b = in[threadIdx.x + 64];                    \
    out[threadIdx.x] = Expression;                                             \
  }

// CHECK-LABEL: _Z4add2PKjPj:
// CHECK: v_pk_add_u16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}
KERNEL(add2, __vadd2(a, b))
// CHECK-LABEL: _Z6addss2PKjPj:
// CHECK: v_pk_add_i16 {{.*}} clamp
KERNEL(addss2, __vaddss2(a, b))
// CHECK-LABEL: _Z6addus2PKjPj:
// CHECK: v_pk_add_u16 {{.*}} clamp
KERNEL(addus2, __vaddus2(a, b))
// CHECK-LABEL: _Z4sub2PKjPj:
// CHECK: v_pk_sub_{{[iu]}}16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}{{$}}
KERNEL(sub2, __vsub2(a, b))
// CHECK-LABEL: _Z6subss2PKjPj:
// CHECK: v_pk_sub_i16 {{.*}} clamp
KERNEL(subss2, __vsubss2(a, b))
// CHECK-LABEL: _Z5maxs2PKjPj:
// CHECK: v_pk_max_i16
KERNEL(maxs2, __vmaxs2(a, b))
// CHECK-LABEL: _Z5minu2PKjPj:
// CHECK: v_pk_min_u16
KERNEL(minu2, __vminu2(a, b))
// CHECK-LABEL: _Z11viaddmax162PKjPj:
// CHECK: v_pk_add_u16
// CHECK: v_pk_max_i16
KERNEL(viaddmax162, __viaddmax_s16x2(a, b, 7))
// CHECK-LABEL: _Z6vimax3PKjPj:
// CHECK: v_max3_i32
KERNEL(vimax3, __vimax3_s32(a, b, 7))
// CHECK-LABEL: _Z6vimin3PKjPj:
// CHECK: v_min3_u32
KERNEL(vimin3, __vimin3_u32(a, b, 7))
