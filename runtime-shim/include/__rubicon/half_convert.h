/*===- __rubicon/half_convert.h - Rounding into 16-bit float formats -----===*
 *
 * Part of Rubicon. The conversions of cuda_fp16.h and cuda_bf16.h with an
 * explicit rounding mode (_rn, _rz, _rd, _ru), written once for both formats
 * as IEEE 754 rounding of an exact value m * 2^e. Host and device code; any
 * C++ compiler. Not a public header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_HALF_CONVERT_H
#define RUBICON_INTERNAL_HALF_CONVERT_H

#include "config.h"

/* Arithmetic in the format itself (clang's _Float16) where the compiler has
 * it: the device side then uses the GPU's f16 instructions. */
#if defined(__clang__) && defined(__FLT16_MAX__)
#define __RUBICON_HALF_NATIVE__ 1
#else
#define __RUBICON_HALF_NATIVE__ 0
#endif
/* Two-element vectors (ext_vector_type): packed f16/f32 instructions. */
#if defined(__clang__)
#define __RUBICON_HALF_VECTOR__ 1
#else
#define __RUBICON_HALF_VECTOR__ 0
#endif

/* Names of the two formats' functions: __RUBICON_HN(__float2, _rn) is
 * __float2half_rn or __float2bfloat16_rn after half_types.h defines
 * __RUBICON_H_NAME. */
#define __RUBICON_CAT3(a, b, c) __RUBICON_CAT3_(a, b, c)
#define __RUBICON_CAT3_(a, b, c) a##b##c
#define __RUBICON_HN(prefix, suffix) __RUBICON_CAT3(prefix, __RUBICON_H_NAME, suffix)

enum __rubicon_round_mode {
  __rubicon_round_nearest_even = 0, /* _rn */
  __rubicon_round_toward_zero = 1,  /* _rz */
  __rubicon_round_down = 2,         /* _rd */
  __rubicon_round_up = 3            /* _ru */
};

/* The bits of (neg ? -1 : 1) * m * 2^e rounded by `mode` to a binary format
 * with P significand bits (the implicit bit included) and E exponent bits
 * (binary16: 11, 5; bfloat16: 8, 8). Exact for every m < 2^64. */
template <int P, int E>
__RUBICON_HOST_DEVICE__ unsigned short
__rubicon_round_bits(bool neg, unsigned long long m, int e, int mode) {
  const unsigned sign = neg ? 1u << (P + E - 1) : 0u;
  if (m == 0)
    return (unsigned short)sign;
  const int bias = (1 << (E - 1)) - 1;
  const int minExponent = 1 - bias;
  const int top = 63 - __builtin_clzll(m) + e; /* exponent of m's top bit */
  /* Exponent of the result's last significand bit. */
  int q = (top < minExponent ? minExponent : top) - (P - 1);
  const int shift = q - e;
  unsigned long long sig;
  bool inexact = false, above = false, tie = false;
  if (shift <= 0) {
    sig = m << -shift;
  } else if (shift > 64) {
    sig = 0;
    inexact = true;
  } else if (shift == 64) {
    sig = 0;
    inexact = true;
    above = m > (1ull << 63);
    tie = m == (1ull << 63);
  } else {
    sig = m >> shift;
    const unsigned long long rest = m & ((1ull << shift) - 1);
    const unsigned long long halfway = 1ull << (shift - 1);
    inexact = rest != 0;
    above = rest > halfway;
    tie = rest == halfway;
  }
  bool up = false;
  switch (mode) {
  case __rubicon_round_nearest_even:
    up = above || (tie && (sig & 1));
    break;
  case __rubicon_round_down:
    up = neg && inexact;
    break;
  case __rubicon_round_up:
    up = !neg && inexact;
    break;
  default:
    break;
  }
  if (up && ++sig == (1ull << P)) {
    sig >>= 1;
    ++q;
  }
  const unsigned infinity = ((1u << E) - 1) << (P - 1);
  if (q > bias - (P - 1)) { /* overflow */
    const bool toInfinity = mode == __rubicon_round_nearest_even ||
                            (mode == __rubicon_round_up && !neg) ||
                            (mode == __rubicon_round_down && neg);
    return (unsigned short)(sign | (toInfinity ? infinity : infinity - 1));
  }
  if (sig >= (1ull << (P - 1))) /* normal: the implicit bit carries into the exponent */
    return (unsigned short)(sign +
                            ((unsigned)(q + P - 1 + bias - 1) << (P - 1)) +
                            (unsigned)sig);
  return (unsigned short)(sign | (unsigned)sig); /* subnormal */
}

/* A float or double rounded into the format; NaN becomes 0x7fff. */
template <int P, int E>
__RUBICON_HOST_DEVICE__ unsigned short __rubicon_float_to_bits(float f,
                                                               int mode) {
  unsigned bits;
  __builtin_memcpy(&bits, &f, 4);
  const bool neg = bits >> 31;
  const unsigned exponent = (bits >> 23) & 0xff, fraction = bits & 0x7fffff;
  if (exponent == 0xff)
    return fraction ? (unsigned short)0x7fff
                    : (unsigned short)((neg ? 1u << (P + E - 1) : 0u) |
                                       (((1u << E) - 1) << (P - 1)));
  return __rubicon_round_bits<P, E>(
      neg, exponent ? fraction | 0x800000u : fraction,
      exponent ? (int)exponent - 150 : -149, mode);
}
template <int P, int E>
__RUBICON_HOST_DEVICE__ unsigned short __rubicon_double_to_bits(double d,
                                                                int mode) {
  unsigned long long bits;
  __builtin_memcpy(&bits, &d, 8);
  const bool neg = bits >> 63;
  const unsigned exponent = (unsigned)(bits >> 52) & 0x7ff;
  const unsigned long long fraction = bits & ((1ull << 52) - 1);
  if (exponent == 0x7ff)
    return fraction ? (unsigned short)0x7fff
                    : (unsigned short)((neg ? 1u << (P + E - 1) : 0u) |
                                       (((1u << E) - 1) << (P - 1)));
  return __rubicon_round_bits<P, E>(
      neg, exponent ? fraction | (1ull << 52) : fraction,
      exponent ? (int)exponent - 1075 : -1074, mode);
}
template <int P, int E, typename I>
__RUBICON_HOST_DEVICE__ unsigned short __rubicon_int_to_bits(I value,
                                                             int mode) {
  const bool neg = value < 0;
  const unsigned long long magnitude =
      neg ? 0ull - (unsigned long long)value : (unsigned long long)value;
  return __rubicon_round_bits<P, E>(neg, magnitude, 0, mode);
}

/* fma(x, y, z) rounded once to the format (x, y, z values of the format):
 * x * y is exact in double, the sum's rounding error is recovered exactly
 * (TwoSum) and folded in as round-to-odd, which a second rounding to a
 * format of at most 26 bits cannot disturb. */
template <int P, int E>
__RUBICON_HOST_DEVICE__ unsigned short __rubicon_fma_bits(double x, double y,
                                                          double z) {
  const double product = x * y;
  double sum = product + z;
  const double zPart = sum - product;
  const double error = (product - (sum - zPart)) + (z - zPart);
  unsigned long long bits;
  __builtin_memcpy(&bits, &sum, 8);
  if (error != 0 && (bits & 1) == 0 && (bits & 0x7ff0000000000000ull) != 0x7ff0000000000000ull) {
    /* Toward the error's side: one unit more or less in magnitude. */
    bits += ((error > 0) == (sum > 0)) ? 1 : (unsigned long long)-1;
    __builtin_memcpy(&sum, &bits, 8);
  }
  return __rubicon_double_to_bits<P, E>(sum, __rubicon_round_nearest_even);
}

/* binary16 bits -> float (exact). */
__RUBICON_HOST_DEVICE__ float __rubicon_half_bits_to_float(unsigned short h) {
  const unsigned sign = (unsigned)(h & 0x8000) << 16;
  const unsigned exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  unsigned bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000u | (fraction << 13);
  } else if (exponent == 0) {
    float f = (float)fraction * 5.9604644775390625e-8f; /* 2^-24 */
    return sign ? -f : f;
  } else {
    bits = sign | ((exponent + 112) << 23) | (fraction << 13);
  }
  float f;
  __builtin_memcpy(&f, &bits, 4);
  return f;
}

/* bfloat16 bits <-> float. */
__RUBICON_HOST_DEVICE__ float __rubicon_bf16_bits_to_float(unsigned short b) {
  const unsigned bits = (unsigned)b << 16;
  float f;
  __builtin_memcpy(&f, &bits, 4);
  return f;
}
__RUBICON_HOST_DEVICE__ unsigned short
__rubicon_float_to_bf16_bits_rn(float f) {
  unsigned bits;
  __builtin_memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  return (unsigned short)((bits + 0x7fffu + ((bits >> 16) & 1)) >> 16);
}

/* A float rounded by `mode` to an integer type; NaN is 0 and values out of
 * range saturate (the CUDA Math API's __half2int_rn, ...). */
template <typename I>
__RUBICON_HOST_DEVICE__ I __rubicon_float_to_int(float f, int mode) {
  const bool isSigned = (I)-1 < (I)0;
  const I maxValue =
      isSigned ? (I)((1ull << (sizeof(I) * 8 - 1)) - 1) : (I)~(I)0;
  const I minValue = isSigned ? (I)(-maxValue - 1) : (I)0;
  if (f != f)
    return 0;
  switch (mode) {
  case __rubicon_round_nearest_even:
    f = __builtin_rintf(f);
    break;
  case __rubicon_round_toward_zero:
    f = __builtin_truncf(f);
    break;
  case __rubicon_round_down:
    f = __builtin_floorf(f);
    break;
  default:
    f = __builtin_ceilf(f);
    break;
  }
  if (f >= (float)maxValue)
    return maxValue;
  if (f <= (float)minValue)
    return minValue;
  return (I)f;
}

#endif /* RUBICON_INTERNAL_HALF_CONVERT_H */
