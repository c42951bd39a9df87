// Values of the integer intrinsics on constant inputs (folded by clang).
// Expected values follow the PTX ISA (prmt, sad, mul24, mul.hi, shf) and the
// CUDA Math API descriptions, worked out by hand in the comments.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z6valuesPiPj(
__global__ void values(int *i, unsigned *u) {
  // Bytes of {y, x} are 00 11 22 33 44 55 66 77; selectors 1, 3, 5, 7.
  // CHECK: store i32 2002072337,
  u[0] = __byte_perm(0x33221100u, 0x77665544u, 0x7531u);
  // |3 - 10| + 5
  // CHECK: store i32 12,
  i[1] = __sad(3, 10, 5u);
  // 0x800000 is -2^23 as a 24-bit signed value: -2^23 * 2.
  // CHECK: store i32 -16777216,
  i[2] = __mul24(0x00800000, 2);
  // Bits above 24 are ignored: 3 * 2.
  // CHECK: store i32 6,
  u[3] = __umul24(0x01000003u, 2u);
  // (2^30 * 8) >> 32
  // CHECK: store i32 2,
  i[4] = __mulhi(0x40000000, 8);
  // (2^32 - 1)^2 >> 32 = 2^32 - 2
  // CHECK: store i32 -2,
  u[5] = __umulhi(0xffffffffu, 0xffffffffu);
  // (-3 + 0) >> 1 rounds toward minus infinity; (1 + 2 + 1) >> 1.
  // CHECK: store i32 -2,
  i[6] = __hadd(-3, 0);
  // CHECK: store i32 2,
  i[7] = __rhadd(1, 2);
  // ({1, 0x80000000} << 4) >> 32
  // CHECK: store i32 24,
  u[8] = __funnelshift_l(0x80000000u, 1u, 4u);
  // The clamped form shifts by 32 at most: the result is lo.
  // CHECK: store i32 -2147483648,
  u[9] = __funnelshift_lc(0x80000000u, 1u, 40u);
  // The wrapping form shifts by 40 & 31 = 8: ({1, 0x80000000} << 8) >> 32.
  // CHECK: store i32 384,
  u[10] = __funnelshift_l(0x80000000u, 1u, 40u);
  // ({1, 0x10} >> 4) low word
  // CHECK: store i32 268435457,
  u[11] = __funnelshift_r(0x10u, 1u, 4u);
  // CHECK: store i32 -2147483648,
  u[12] = __brev(1u);
  // CHECK: store i32 31,
  i[13] = __clz(1);
  // CHECK: store i32 5,
  i[14] = __ffs(0x10);
  // CHECK: store i32 8,
  i[15] = __popc(0xffu);
  // Mixed signed/unsigned min is unsigned: min(0xffffffff, 1).
  // CHECK: store i32 1,
  u[16] = min(-1, 1u);
  // __saturatef clamps to [0, 1].
  // CHECK: store i32 1065353216,
  i[17] = __float_as_int(__saturatef(3.5f));
}
