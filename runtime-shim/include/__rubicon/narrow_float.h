/*===- narrow_float.h - fp6 and fp4 encodings: one code for every format ---===*
 *
 * Part of Rubicon. Internal to cuda_fp6.h and cuda_fp4.h: the OCP
 * microscaling element formats E2M3 and E3M2 (fp6) and E2M1 (fp4). Each has
 * a sign bit, E exponent bits with bias 2^(E-1) - 1, M fraction bits,
 * subnormals, and no infinity or NaN: every code is a finite number, the
 * all-ones magnitude is the largest (E2M3 7.5, E3M2 28, E2M1 6).
 *
 * Encoding (as the CUDA Math API documents for __nv_cvt_*_to_fp6/fp4)
 * always saturates: a magnitude that rounds past the largest value,
 * infinities included, gives the largest value with its sign; NaN gives the
 * positive largest value. cudaRoundZero truncates; cudaRoundNearest (and
 * any other mode: NVIDIA's toolkit accepts only these two) rounds to
 * nearest, ties to even. Zero and values that round to zero keep their sign.
 * Decoding is exact (every value is a half, a bfloat16 and a float) and
 * reads only the format's low bits of the storage byte.
 *
 * Integer operations only: the same code on every target.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NARROW_FLOAT_H
#define RUBICON_NARROW_FLOAT_H

#include "cuda_fp8.h"

#if defined(__cplusplus)

/* The code nearest (or toward zero) to the double with the given bits, in a
 * format of ebits exponent and mbits fraction bits, sign at bit
 * ebits + mbits. */
__RUBICON_HOST_DEVICE__ unsigned char
__rubicon_narrow_from_double_bits(unsigned long long bits, int ebits, int mbits,
                                  enum cudaRoundMode rounding) {
  const int bias = (1 << (ebits - 1)) - 1;
  const unsigned maxCode = (1u << (ebits + mbits)) - 1;
  const unsigned sign = (unsigned)(bits >> 63) << (ebits + mbits);
  const unsigned exponent = (unsigned)((bits >> 52) & 0x7ff);
  const unsigned long long fraction = bits & ((1ull << 52) - 1);
  if (exponent == 0x7ff) /* NaN: the positive largest value */
    return (unsigned char)(fraction ? maxCode : (sign | maxCode));
  if (exponent == 0) /* zero, or a double subnormal: rounds to zero */
    return (unsigned char)sign;
  const int e = (int)exponent - 1023;
  if (e > 8) /* beyond every format's largest value */
    return (unsigned char)(sign | maxCode);
  const int emin = 1 - bias;
  int eq = e < emin ? emin : e;
  const int shift = 52 - mbits + (eq - e);
  if (shift > 62)
    return (unsigned char)sign;
  const unsigned long long m = fraction | (1ull << 52);
  unsigned long long kept = m >> shift;
  if (rounding != cudaRoundZero) {
    const unsigned long long rest = m & ((1ull << shift) - 1);
    const unsigned long long half = 1ull << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
      ++kept;
  }
  if (kept >> (mbits + 1)) { /* rounded up to the next binade */
    kept >>= 1;
    ++eq;
  }
  if (kept == 0)
    return (unsigned char)sign;
  const unsigned field = (kept >> mbits) ? (unsigned)(eq + bias) : 0u;
  unsigned code = (field << mbits) | (unsigned)(kept & ((1u << mbits) - 1));
  if (code > maxCode)
    code = maxCode;
  return (unsigned char)(sign | code);
}

/* The float bits of a code (exact). */
__RUBICON_HOST_DEVICE__ unsigned int
__rubicon_narrow_to_float_bits(unsigned char x, int ebits, int mbits) {
  const int bias = (1 << (ebits - 1)) - 1;
  const unsigned sign = (unsigned)((x >> (ebits + mbits)) & 1) << 31;
  const unsigned field = (x >> mbits) & ((1u << ebits) - 1);
  unsigned mant = x & ((1u << mbits) - 1);
  if (field == 0) {
    if (mant == 0)
      return sign;
    int e = 1 - bias; /* normalize the subnormal */
    while (!(mant >> mbits)) {
      mant <<= 1;
      --e;
    }
    return sign | ((unsigned)(e + 127) << 23) |
           ((mant & ((1u << mbits) - 1)) << (23 - mbits));
  }
  return sign | ((field - bias + 127) << 23) | (mant << (23 - mbits));
}

__RUBICON_HOST_DEVICE__ float __rubicon_narrow_to_float(unsigned char x, int ebits,
                                                       int mbits) {
  return __builtin_bit_cast(float, __rubicon_narrow_to_float_bits(x, ebits, mbits));
}

/* The C++ classes of one format: Name holds one code in Storage; the
 * constructors saturate and round to nearest (as documented). */
#define __RUBICON_NARROW_CLASS(Name, Storage, Align, EBITS, MBITS)             \
  struct __attribute__((aligned(Align))) Name {                                \
    Storage __x;                                                               \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const double f)                          \
        : __x((Storage)__rubicon_narrow_from_double_bits(                      \
              __rubicon_fp8_double_bits(f), EBITS, MBITS, cudaRoundNearest)) {} \
    __host__ __device__ explicit Name(const float f)                           \
        : Name(__rubicon_fp8_float_to_double(f)) {}                            \
    __host__ __device__ explicit Name(const __half f)                          \
        : Name(__rubicon_fp8_half_bits_to_float(static_cast<__half_raw>(f).x)) {} \
    __host__ __device__ explicit Name(const __nv_bfloat16 f)                   \
        : Name(__builtin_bit_cast(                                             \
              float, (unsigned)static_cast<__nv_bfloat16_raw>(f).x << 16)) {}  \
    __host__ __device__ explicit Name(const unsigned short int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned long int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned long long int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const short int v) : Name((float)v) {}   \
    __host__ __device__ explicit Name(const int v) : Name((float)v) {}         \
    __host__ __device__ explicit Name(const long int v) : Name((float)v) {}    \
    __host__ __device__ explicit Name(const long long int v) : Name((float)v) {} \
    __host__ __device__ explicit operator float() const {                      \
      return __rubicon_narrow_to_float((unsigned char)__x, EBITS, MBITS);      \
    }                                                                          \
    __host__ __device__ explicit operator double() const {                     \
      return (double)float(*this);                                             \
    }                                                                          \
    __host__ __device__ explicit operator __half() const {                     \
      return __half(__half_raw{__rubicon_fp8_float_bits_to_half(               \
          __rubicon_narrow_to_float_bits((unsigned char)__x, EBITS, MBITS))}); \
    }                                                                          \
    __host__ __device__ explicit operator __nv_bfloat16() const {              \
      return __nv_bfloat16(__nv_bfloat16_raw{(unsigned short)(                 \
          __rubicon_narrow_to_float_bits((unsigned char)__x, EBITS, MBITS) >> 16)}); \
    }                                                                          \
    __host__ __device__ explicit operator bool() const {                       \
      return (__x & ((1u << (EBITS + MBITS)) - 1)) != 0;                       \
    }                                                                          \
    __RUBICON_NARROW_INTEGER_OPERATORS                                         \
  };

#endif /* __cplusplus */
#endif /* RUBICON_NARROW_FLOAT_H */
