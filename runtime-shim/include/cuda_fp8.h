/*===- cuda_fp8.h - 8-bit floating point: E4M3, E5M2 and E8M0 ------------===*
 *
 * Part of Rubicon. Written from the CUDA Math API reference ("FP8
 * Intrinsics"): the storage types, the __nv_cvt_* conversions and the
 * __nv_fp8{,x2,x4}_{e4m3,e5m2,e8m0} classes, on the host and the device.
 *
 * E4M3 (bias 7, no infinities, NaN S.1111.111, largest finite 448) and
 * E5M2 (bias 15, IEEE-like: infinities, NaNs, largest finite 57344).
 * Conversions to fp8 round to nearest even. A result whose magnitude
 * rounds past the largest finite value is, with __NV_SATFINITE, that value
 * (infinities too), and with __NV_NOSAT NaN (E4M3) or infinity (E5M2), with
 * the sign kept; a NaN becomes 0x7F. Conversions from fp8 are exact (every
 * fp8 value is a half); NaNs become the canonical half NaN 0x7FFF.
 *
 * Computed with integer operations on the same code on every target.
 * (gfx942's fp8 conversion instructions implement the FNUZ variants, whose
 * bias, zero and NaN differ; they are not used.)
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_FP8_H
#define RUBICON_CUDA_FP8_H

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "device_types.h"
#include "__rubicon/config.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

#if defined(__cplusplus)

/* The fp8 code nearest to the double with the given bits. */
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__rubicon_fp8_from_bits(unsigned long long bits, __nv_saturation_t saturate,
                        __nv_fp8_interpretation_t kind) {
  const int mbits = kind == __NV_E5M2 ? 2 : 3;
  const int bias = kind == __NV_E5M2 ? 15 : 7;
  const unsigned char maxCode = kind == __NV_E5M2 ? 0x7b : 0x7e;
  const unsigned char sign = (unsigned char)((bits >> 56) & 0x80);
  const unsigned exponent = (unsigned)((bits >> 52) & 0x7ff);
  const unsigned long long fraction = bits & ((1ull << 52) - 1);
  const unsigned char overflow =
      saturate == __NV_SATFINITE ? maxCode : (kind == __NV_E5M2 ? 0x7c : 0x7f);
  if (exponent == 0x7ff)
    return fraction ? 0x7f : (unsigned char)(sign | overflow);
  if (exponent == 0) /* zero, or far below half the smallest subnormal */
    return sign;
  int e = (int)exponent - 1023;
  if (e > 16) /* beyond every fp8 value and its rounding range */
    return (unsigned char)(sign | overflow);
  const int emin = 1 - bias;
  int eq = e < emin ? emin : e;
  int shift = 52 - mbits + (eq - e);
  if (shift > 62)
    return sign;
  unsigned long long m = fraction | (1ull << 52);
  unsigned long long kept = m >> shift;
  unsigned long long rest = m & ((1ull << shift) - 1);
  unsigned long long half = 1ull << (shift - 1);
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;
  if (kept >> (mbits + 1)) { /* rounded up to the next binade */
    kept >>= 1;
    ++eq;
  }
  if (kept == 0)
    return sign;
  unsigned field = kept >> mbits ? (unsigned)(eq + bias) : 0;
  unsigned code = (field << mbits) | (unsigned)(kept & ((1u << mbits) - 1));
  if (code > maxCode)
    return (unsigned char)(sign | overflow);
  return (unsigned char)(sign | code);
}

/* The float bits of an fp8 code (exact). */
__RUBICON_HOST_DEVICE__ unsigned int
__rubicon_fp8_to_float_bits(__nv_fp8_storage_t x, __nv_fp8_interpretation_t kind) {
  const int mbits = kind == __NV_E5M2 ? 2 : 3;
  const int bias = kind == __NV_E5M2 ? 15 : 7;
  unsigned sign = (unsigned)(x & 0x80) << 24;
  unsigned field = (x & 0x7f) >> mbits;
  unsigned mant = x & ((1u << mbits) - 1);
  if (kind == __NV_E4M3 && (x & 0x7f) == 0x7f)
    return 0x7fffffffu;
  if (kind == __NV_E5M2 && field == 31)
    return mant ? 0x7fffffffu : (sign | 0x7f800000u);
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

__RUBICON_HOST_DEVICE__ unsigned long long __rubicon_fp8_double_bits(double x) {
  return __builtin_bit_cast(unsigned long long, x);
}
__RUBICON_HOST_DEVICE__ double __rubicon_fp8_float_to_double(float x) { return x; }

/* float -> half bits, exact for fp8 values (a NaN becomes 0x7FFF). */
__RUBICON_HOST_DEVICE__ unsigned short __rubicon_fp8_float_bits_to_half(unsigned int f) {
  unsigned short sign = (unsigned short)((f >> 16) & 0x8000);
  unsigned e = (f >> 23) & 0xff, m = f & 0x7fffff;
  if (e == 0xff)
    return m ? 0x7fff : (unsigned short)(sign | 0x7c00);
  if (e == 0)
    return sign;
  int he = (int)e - 127 + 15;
  if (he <= 0) /* a half subnormal (E4M3/E5M2 values are exact there) */
    return (unsigned short)(sign | ((m | 0x800000) >> (14 - he)));
  return (unsigned short)(sign | (he << 10) | (m >> 13));
}

__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return __rubicon_fp8_from_bits(__rubicon_fp8_double_bits(x), saturate,
                                 fp8_interpretation);
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return __nv_cvt_double_to_fp8(__rubicon_fp8_float_to_double(x), saturate,
                                fp8_interpretation);
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation) |
      (__nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation) |
      (__nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}

/* half and bfloat16 widen to float exactly. */
__RUBICON_HOST_DEVICE__ float __rubicon_fp8_half_bits_to_float(unsigned short h) {
  unsigned sign = (unsigned)(h & 0x8000) << 16;
  unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;
  unsigned bits;
  if (e == 0x1f)
    bits = sign | 0x7f800000u | (m << 13);
  else if (e == 0) {
    if (m == 0)
      bits = sign;
    else {
      int ee = -14;
      while (!(m & 0x400)) {
        m <<= 1;
        --ee;
      }
      bits = sign | ((unsigned)(ee + 127) << 23) | ((m & 0x3ff) << 13);
    }
  } else
    bits = sign | ((e - 15 + 127) << 23) | (m << 13);
  return __builtin_bit_cast(float, bits);
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return __nv_cvt_float_to_fp8(__rubicon_fp8_half_bits_to_float(x.x), saturate,
                               fp8_interpretation);
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_halfraw_to_fp8(__half_raw{x.x}, saturate, fp8_interpretation) |
      (__nv_cvt_halfraw_to_fp8(__half_raw{x.y}, saturate, fp8_interpretation) << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                            const __nv_fp8_interpretation_t fp8_interpretation) {
  return __nv_cvt_float_to_fp8(__builtin_bit_cast(float, (unsigned)x.x << 16), saturate,
                               fp8_interpretation);
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x,
                               const __nv_saturation_t saturate,
                               const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.x}, saturate, fp8_interpretation) |
      (__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{x.y}, saturate, fp8_interpretation)
       << 8));
}

__RUBICON_HOST_DEVICE__ __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return __half_raw{__rubicon_fp8_float_bits_to_half(
      __rubicon_fp8_to_float_bits(x, fp8_interpretation))};
}
__RUBICON_HOST_DEVICE__ __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  return __half2_raw{
      __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xff), fp8_interpretation).x,
      __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fp8_interpretation).x};
}

__RUBICON_HOST_DEVICE__ float __rubicon_fp8_to_float(__nv_fp8_storage_t x,
                                                    __nv_fp8_interpretation_t kind) {
  return __builtin_bit_cast(float, __rubicon_fp8_to_float_bits(x, kind));
}

/* Integer results: truncation toward zero, saturated to the type's range;
 * NaN gives 0. */
template <typename I>
__RUBICON_HOST_DEVICE__ I __rubicon_fp8_to_integer(float f) {
  const bool isSigned = (I)-1 < (I)0;
  const unsigned long long top = 1ull << (sizeof(I) * 8 - 1);
  const I least = isSigned ? (I)top : (I)0;
  const double lo = isSigned ? -(double)top : 0.0;
  const double hi = isSigned ? (double)top : 2.0 * (double)top;
  double d = f;
  if (d != d)
    return 0;
  if (d <= lo)
    return least;
  if (d >= hi)
    return (I)~least;
  return (I)d;
}

/* The classes: one value (x2, x4: two, four) in its storage, built with
 * __NV_SATFINITE. */
/* The conversions to integer types every narrow float class has (these,
 * cuda_fp6.h's and cuda_fp4.h's): through float, saturating as
 * __rubicon_fp8_to_integer says. */
#define __RUBICON_NARROW_INTEGER_OPERATORS                                     \
    __host__ __device__ explicit operator unsigned char() const {              \
      return __rubicon_fp8_to_integer<unsigned char>(float(*this));            \
    }                                                                          \
    __host__ __device__ explicit operator unsigned short int() const {         \
      return __rubicon_fp8_to_integer<unsigned short>(float(*this));           \
    }                                                                          \
    __host__ __device__ explicit operator unsigned int() const {               \
      return __rubicon_fp8_to_integer<unsigned int>(float(*this));             \
    }                                                                          \
    __host__ __device__ explicit operator unsigned long int() const {          \
      return __rubicon_fp8_to_integer<unsigned long>(float(*this));            \
    }                                                                          \
    __host__ __device__ explicit operator unsigned long long int() const {     \
      return __rubicon_fp8_to_integer<unsigned long long>(float(*this));       \
    }                                                                          \
    __host__ __device__ explicit operator signed char() const {                \
      return __rubicon_fp8_to_integer<signed char>(float(*this));              \
    }                                                                          \
    __host__ __device__ explicit operator char() const {                       \
      return (char)__rubicon_fp8_to_integer<signed char>(float(*this));        \
    }                                                                          \
    __host__ __device__ explicit operator short int() const {                  \
      return __rubicon_fp8_to_integer<short>(float(*this));                    \
    }                                                                          \
    __host__ __device__ explicit operator int() const {                        \
      return __rubicon_fp8_to_integer<int>(float(*this));                      \
    }                                                                          \
    __host__ __device__ explicit operator long int() const {                   \
      return __rubicon_fp8_to_integer<long>(float(*this));                     \
    }                                                                          \
    __host__ __device__ explicit operator long long int() const {              \
      return __rubicon_fp8_to_integer<long long>(float(*this));                \
    }

#define __RUBICON_FP8_CLASS(Name, Kind)                                        \
  struct __attribute__((aligned(1))) Name {                                    \
    __nv_fp8_storage_t __x;                                                    \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const __half f)                          \
        : __x(__nv_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __NV_SATFINITE, Kind)) {} \
    __host__ __device__ explicit Name(const __nv_bfloat16 f)                   \
        : __x(__nv_cvt_bfloat16raw_to_fp8(static_cast<__nv_bfloat16_raw>(f),   \
                                          __NV_SATFINITE, Kind)) {}            \
    __host__ __device__ explicit Name(const float f)                           \
        : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, Kind)) {}               \
    __host__ __device__ explicit Name(const double f)                          \
        : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, Kind)) {}              \
    __host__ __device__ explicit Name(const unsigned short int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned long int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const unsigned long long int v) : Name((float)v) {} \
    __host__ __device__ explicit Name(const short int v) : Name((float)v) {}   \
    __host__ __device__ explicit Name(const int v) : Name((float)v) {}         \
    __host__ __device__ explicit Name(const long int v) : Name((float)v) {}    \
    __host__ __device__ explicit Name(const long long int v) : Name((float)v) {} \
    __host__ __device__ explicit operator __half() const {                     \
      return __half(__nv_cvt_fp8_to_halfraw(__x, Kind));                       \
    }                                                                          \
    __host__ __device__ explicit operator __nv_bfloat16() const {              \
      unsigned f = __rubicon_fp8_to_float_bits(__x, Kind);                     \
      return __nv_bfloat16(__nv_bfloat16_raw{(unsigned short)(f >> 16)});      \
    }                                                                          \
    __host__ __device__ explicit operator float() const {                      \
      return __rubicon_fp8_to_float(__x, Kind);                                \
    }                                                                          \
    __host__ __device__ explicit operator double() const {                     \
      return (double)__rubicon_fp8_to_float(__x, Kind);                        \
    }                                                                          \
    __host__ __device__ explicit operator bool() const { return (__x & 0x7f) != 0; } \
    __RUBICON_NARROW_INTEGER_OPERATORS                                         \
  };
__RUBICON_FP8_CLASS(__nv_fp8_e4m3, __NV_E4M3)
__RUBICON_FP8_CLASS(__nv_fp8_e5m2, __NV_E5M2)
#undef __RUBICON_FP8_CLASS

#define __RUBICON_FP8X2_CLASS(Name, Kind)                                      \
  struct __attribute__((aligned(2))) Name {                                    \
    __nv_fp8x2_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const __half2 f)                         \
        : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(f),          \
                                         __NV_SATFINITE, Kind)) {}             \
    __host__ __device__ explicit Name(const __nv_bfloat162 f)                  \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(f), \
                                             __NV_SATFINITE, Kind)) {}         \
    __host__ __device__ explicit Name(const float2 f)                          \
        : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, Kind)) {}            \
    __host__ __device__ explicit Name(const double2 f)                         \
        : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, Kind)) {}           \
    __host__ __device__ explicit operator __half2() const {                    \
      return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, Kind));                   \
    }                                                                          \
    __host__ __device__ explicit operator float2() const {                     \
      return make_float2(__rubicon_fp8_to_float((__nv_fp8_storage_t)(__x & 0xff), Kind), \
                         __rubicon_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), Kind)); \
    }                                                                          \
  };
__RUBICON_FP8X2_CLASS(__nv_fp8x2_e4m3, __NV_E4M3)
__RUBICON_FP8X2_CLASS(__nv_fp8x2_e5m2, __NV_E5M2)
#undef __RUBICON_FP8X2_CLASS

#define __RUBICON_FP8X4_CLASS(Name, Kind)                                      \
  struct __attribute__((aligned(4))) Name {                                    \
    __nv_fp8x4_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const __half2 lo, const __half2 hi)      \
        : __x((__nv_fp8x4_storage_t)__nv_cvt_halfraw2_to_fp8x2(                \
                  static_cast<__half2_raw>(lo), __NV_SATFINITE, Kind) |        \
              ((__nv_fp8x4_storage_t)__nv_cvt_halfraw2_to_fp8x2(               \
                   static_cast<__half2_raw>(hi), __NV_SATFINITE, Kind)         \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const __nv_bfloat162 lo,                 \
                                      const __nv_bfloat162 hi)                 \
        : __x((__nv_fp8x4_storage_t)__nv_cvt_bfloat16raw2_to_fp8x2(            \
                  static_cast<__nv_bfloat162_raw>(lo), __NV_SATFINITE, Kind) | \
              ((__nv_fp8x4_storage_t)__nv_cvt_bfloat16raw2_to_fp8x2(           \
                   static_cast<__nv_bfloat162_raw>(hi), __NV_SATFINITE, Kind)  \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const float4 f)                          \
        : __x((__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(                  \
                  make_float2(f.x, f.y), __NV_SATFINITE, Kind) |               \
              ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_fp8x2(                 \
                   make_float2(f.z, f.w), __NV_SATFINITE, Kind)                \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const double4 f)                         \
        : __x((__nv_fp8x4_storage_t)__nv_cvt_double2_to_fp8x2(                 \
                  make_double2(f.x, f.y), __NV_SATFINITE, Kind) |              \
              ((__nv_fp8x4_storage_t)__nv_cvt_double2_to_fp8x2(                \
                   make_double2(f.z, f.w), __NV_SATFINITE, Kind)               \
               << 16)) {}                                                      \
    __host__ __device__ explicit operator float4() const {                     \
      return make_float4(                                                      \
          __rubicon_fp8_to_float((__nv_fp8_storage_t)(__x & 0xff), Kind),      \
          __rubicon_fp8_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xff), Kind), \
          __rubicon_fp8_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xff), Kind), \
          __rubicon_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), Kind));      \
    }                                                                          \
  };
__RUBICON_FP8X4_CLASS(__nv_fp8x4_e4m3, __NV_E4M3)
__RUBICON_FP8X4_CLASS(__nv_fp8x4_e5m2, __NV_E5M2)
#undef __RUBICON_FP8X4_CLASS

/* E8M0 (CUDA 12.8): unsigned scale factors, 2^(code - 127) for codes
 * 0..254; 0xFF is NaN; no zero, no infinity. Conversions take the rounding
 * (cudaRoundZero: toward zero, cudaRoundPosInf: up to the next power of
 * two; anything else rounds up too) and the saturation: a result past
 * 2^127 (infinities included) is 0xFE with __NV_SATFINITE and 0xFF (NaN)
 * with __NV_NOSAT. NaN gives 0xFF; zero and negative values give the
 * smallest code, 0x00. */
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__rubicon_e8m0_from_double_bits(unsigned long long bits, __nv_saturation_t saturate,
                                enum cudaRoundMode rounding) {
  const unsigned exponent = (unsigned)((bits >> 52) & 0x7ff);
  const unsigned long long fraction = bits & ((1ull << 52) - 1);
  const unsigned char overflow = saturate == __NV_SATFINITE ? 0xfe : 0xff;
  if (exponent == 0x7ff)
    return fraction ? 0xff : ((bits >> 63) ? 0x00 : overflow);
  if ((bits >> 63) || (exponent == 0 && fraction == 0))
    return 0x00;
  int e = (int)exponent - 1023; /* value in [2^e, 2^(e+1)) */
  bool exact = fraction == 0;
  if (exponent == 0) { /* a double subnormal: far below 2^-127 */
    e = -1023;
    exact = false;
  }
  if (!exact && rounding != cudaRoundZero)
    ++e;
  if (e < -127)
    return 0x00;
  if (e > 127)
    return overflow;
  return (__nv_fp8_storage_t)(e + 127);
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                        const enum cudaRoundMode rounding) {
  return __rubicon_e8m0_from_double_bits(__rubicon_fp8_double_bits(x), saturate, rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                       const enum cudaRoundMode rounding) {
  return __nv_cvt_double_to_e8m0(__rubicon_fp8_float_to_double(x), saturate, rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                             const enum cudaRoundMode rounding) {
  return __nv_cvt_float_to_e8m0(__builtin_bit_cast(float, (unsigned)x.x << 16), saturate,
                                rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                          const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_e8m0(x.x, saturate, rounding) |
                                (__nv_cvt_float_to_e8m0(x.y, saturate, rounding) << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                           const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_e8m0(x.x, saturate, rounding) |
                                (__nv_cvt_double_to_e8m0(x.y, saturate, rounding) << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp8x2_storage_t
__nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                                const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw{x.x}, saturate, rounding) |
      (__nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw{x.y}, saturate, rounding) << 8));
}
/* Every E8M0 value is a bfloat16: 2^-127 is its subnormal 0x0040; NaN
 * becomes the canonical 0x7FFF. */
__RUBICON_HOST_DEVICE__ __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  if (x == 0xff)
    return __nv_bfloat16_raw{(unsigned short)0x7fff};
  if (x == 0)
    return __nv_bfloat16_raw{(unsigned short)0x0040};
  return __nv_bfloat16_raw{(unsigned short)((unsigned)x << 7)};
}
__RUBICON_HOST_DEVICE__ __nv_bfloat162_raw
__nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  return __nv_bfloat162_raw{__nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x & 0xff)).x,
                            __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x >> 8)).x};
}
__RUBICON_HOST_DEVICE__ float __rubicon_e8m0_to_float(__nv_fp8_storage_t x) {
  return __builtin_bit_cast(float, (unsigned)__nv_cvt_e8m0_to_bf16raw(x).x << 16);
}

/* The classes, built with __NV_SATFINITE and cudaRoundPosInf. */
struct __attribute__((aligned(1))) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e8m0() = default;
  __host__ __device__ explicit __nv_fp8_e8m0(const __half f)
      : __x(__nv_cvt_float_to_e8m0(__rubicon_fp8_half_bits_to_float(
                                       static_cast<__half_raw>(f).x),
                                   __NV_SATFINITE, cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const __nv_bfloat16 f)
      : __x(__nv_cvt_bfloat16raw_to_e8m0(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE,
                                         cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const float f)
      : __x(__nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const double f)
      : __x(__nv_cvt_double_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const unsigned short int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const unsigned int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const unsigned long int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const unsigned long long int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const short int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const long int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit __nv_fp8_e8m0(const long long int v) : __nv_fp8_e8m0((float)v) {}
  __host__ __device__ explicit operator __nv_bfloat16() const {
    return __nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(__x));
  }
  __host__ __device__ explicit operator float() const { return __rubicon_e8m0_to_float(__x); }
  __host__ __device__ explicit operator double() const {
    return (double)__rubicon_e8m0_to_float(__x);
  }
  __host__ __device__ explicit operator __half() const {
    return __float2half_rn(__rubicon_e8m0_to_float(__x));
  }
  __host__ __device__ explicit operator bool() const { return true; }
  __host__ __device__ explicit operator unsigned char() const {
    return __rubicon_fp8_to_integer<unsigned char>(float(*this));
  }
  __host__ __device__ explicit operator unsigned short int() const {
    return __rubicon_fp8_to_integer<unsigned short>(float(*this));
  }
  __host__ __device__ explicit operator unsigned int() const {
    return __rubicon_fp8_to_integer<unsigned int>(float(*this));
  }
  __host__ __device__ explicit operator unsigned long int() const {
    return __rubicon_fp8_to_integer<unsigned long>(float(*this));
  }
  __host__ __device__ explicit operator unsigned long long int() const {
    return __rubicon_fp8_to_integer<unsigned long long>(float(*this));
  }
  __host__ __device__ explicit operator signed char() const {
    return __rubicon_fp8_to_integer<signed char>(float(*this));
  }
  __host__ __device__ explicit operator char() const {
    return (char)__rubicon_fp8_to_integer<signed char>(float(*this));
  }
  __host__ __device__ explicit operator short int() const {
    return __rubicon_fp8_to_integer<short>(float(*this));
  }
  __host__ __device__ explicit operator int() const {
    return __rubicon_fp8_to_integer<int>(float(*this));
  }
  __host__ __device__ explicit operator long int() const {
    return __rubicon_fp8_to_integer<long>(float(*this));
  }
  __host__ __device__ explicit operator long long int() const {
    return __rubicon_fp8_to_integer<long long>(float(*this));
  }
};
struct __attribute__((aligned(2))) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e8m0() = default;
  __host__ __device__ explicit __nv_fp8x2_e8m0(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(f), __NV_SATFINITE,
                                            cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8x2_e8m0(const float2 f)
      : __x(__nv_cvt_float2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  __host__ __device__ explicit __nv_fp8x2_e8m0(const double2 f)
      : __x(__nv_cvt_double2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  __host__ __device__ explicit operator __nv_bfloat162() const {
    return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x));
  }
  __host__ __device__ explicit operator float2() const {
    return make_float2(__rubicon_e8m0_to_float((__nv_fp8_storage_t)(__x & 0xff)),
                       __rubicon_e8m0_to_float((__nv_fp8_storage_t)(__x >> 8)));
  }
};
struct __attribute__((aligned(4))) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e8m0() = default;
  __host__ __device__ explicit __nv_fp8x4_e8m0(const float4 f)
      : __x((__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(make_float2(f.x, f.y),
                                                           __NV_SATFINITE, cudaRoundPosInf) |
            ((__nv_fp8x4_storage_t)__nv_cvt_float2_to_e8m0x2(make_float2(f.z, f.w),
                                                            __NV_SATFINITE, cudaRoundPosInf)
             << 16)) {}
  __host__ __device__ explicit __nv_fp8x4_e8m0(const double4 f)
      : __x((__nv_fp8x4_storage_t)__nv_cvt_double2_to_e8m0x2(make_double2(f.x, f.y),
                                                            __NV_SATFINITE, cudaRoundPosInf) |
            ((__nv_fp8x4_storage_t)__nv_cvt_double2_to_e8m0x2(make_double2(f.z, f.w),
                                                             __NV_SATFINITE, cudaRoundPosInf)
             << 16)) {}
  __host__ __device__ explicit operator float4() const {
    return make_float4(__rubicon_e8m0_to_float((__nv_fp8_storage_t)(__x & 0xff)),
                       __rubicon_e8m0_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xff)),
                       __rubicon_e8m0_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xff)),
                       __rubicon_e8m0_to_float((__nv_fp8_storage_t)(__x >> 24)));
  }
};

#endif /* __cplusplus */
#endif /* RUBICON_CUDA_FP8_H */
