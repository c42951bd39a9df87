/*===- __rubicon/dot_products.h - __dp4a, __dp2a_lo, __dp2a_hi -----------===*
 *
 * Part of Rubicon. CUDA's integer dot products (sm_61): __dp4a(a, b, c) is
 * c plus the sum of the products of the four byte pairs of a and b;
 * __dp2a_lo/_hi(a, b, c) is c plus the products of a's two halfwords with
 * bytes 0, 1 (_lo) or 2, 3 (_hi) of b. The int overloads are signed, the
 * unsigned ones unsigned; the sums wrap around. Written as the plain sum of
 * products, which gfx942 selects as v_dot4_i32_i8 / v_dot4_u32_u8.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_DOT_PRODUCTS_H
#define RUBICON_INTERNAL_DOT_PRODUCTS_H

#include "config.h"
#include "../vector_types.h"

/* Lane i (of width Bits) of x, sign- or zero-extended. */
__RUBICON_DEVICE__ int __rubicon_signed_lane(unsigned int x, int bits, int i) {
  return static_cast<int>(x << (32 - bits * (i + 1))) >> (32 - bits);
}
__RUBICON_DEVICE__ unsigned int __rubicon_unsigned_lane(unsigned int x,
                                                        int bits, int i) {
  return (x >> (bits * i)) & ((1u << bits) - 1);
}

__RUBICON_DEVICE__ int __dp4a(int a, int b, int c) {
  unsigned int sum = static_cast<unsigned int>(c);
  for (int i = 0; i < 4; ++i)
    sum += static_cast<unsigned int>(__rubicon_signed_lane(a, 8, i) *
                                     __rubicon_signed_lane(b, 8, i));
  return static_cast<int>(sum);
}
__RUBICON_DEVICE__ unsigned int __dp4a(unsigned int a, unsigned int b,
                                       unsigned int c) {
  for (int i = 0; i < 4; ++i)
    c += __rubicon_unsigned_lane(a, 8, i) * __rubicon_unsigned_lane(b, 8, i);
  return c;
}
/* Halfwords of a times bytes First and First + 1 of b. */
__RUBICON_DEVICE__ int __rubicon_dp2a(int a, int b, int c, int first) {
  return static_cast<int>(
      static_cast<unsigned int>(c) +
      static_cast<unsigned int>(__rubicon_signed_lane(a, 16, 0) *
                                __rubicon_signed_lane(b, 8, first)) +
      static_cast<unsigned int>(__rubicon_signed_lane(a, 16, 1) *
                                __rubicon_signed_lane(b, 8, first + 1)));
}
__RUBICON_DEVICE__ unsigned int __rubicon_dp2a(unsigned int a, unsigned int b,
                                               unsigned int c, int first) {
  return c +
         __rubicon_unsigned_lane(a, 16, 0) *
             __rubicon_unsigned_lane(b, 8, first) +
         __rubicon_unsigned_lane(a, 16, 1) *
             __rubicon_unsigned_lane(b, 8, first + 1);
}
__RUBICON_DEVICE__ int __dp2a_lo(int a, int b, int c) {
  return __rubicon_dp2a(a, b, c, 0);
}
__RUBICON_DEVICE__ int __dp2a_hi(int a, int b, int c) {
  return __rubicon_dp2a(a, b, c, 2);
}
__RUBICON_DEVICE__ unsigned int __dp2a_lo(unsigned int a, unsigned int b,
                                          unsigned int c) {
  return __rubicon_dp2a(a, b, c, 0);
}
__RUBICON_DEVICE__ unsigned int __dp2a_hi(unsigned int a, unsigned int b,
                                          unsigned int c) {
  return __rubicon_dp2a(a, b, c, 2);
}

/* The vector-type overloads: the same on the vectors' bytes. */
__RUBICON_DEVICE__ int __dp4a(char4 a, char4 b, int c) {
  return __dp4a(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__RUBICON_DEVICE__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return __dp4a(__builtin_bit_cast(unsigned int, a),
                __builtin_bit_cast(unsigned int, b), c);
}
__RUBICON_DEVICE__ int __dp2a_lo(short2 a, char4 b, int c) {
  return __dp2a_lo(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__RUBICON_DEVICE__ int __dp2a_hi(short2 a, char4 b, int c) {
  return __dp2a_hi(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__RUBICON_DEVICE__ unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) {
  return __dp2a_lo(__builtin_bit_cast(unsigned int, a),
                   __builtin_bit_cast(unsigned int, b), c);
}
__RUBICON_DEVICE__ unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) {
  return __dp2a_hi(__builtin_bit_cast(unsigned int, a),
                   __builtin_bit_cast(unsigned int, b), c);
}

#endif /* RUBICON_INTERNAL_DOT_PRODUCTS_H */
