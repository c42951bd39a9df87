/*===- cuda_fp6.h - 6-bit floating point: E2M3 and E3M2 -------------------===*
 *
 * Part of Rubicon. Written from the CUDA Math API reference ("FP6
 * Intrinsics"): the storage types, the __nv_cvt_* conversions and the
 * __nv_fp6{,x2,x4}_{e2m3,e3m2} classes, on the host and the device.
 *
 * E2M3 (bias 1, largest 7.5, smallest subnormal 0.125) and E3M2 (bias 3,
 * largest 28, smallest subnormal 0.0625); no infinity, no NaN. A value is
 * stored in the low 6 bits of a byte; x2 and x4 storage hold one value per
 * byte, the first in the lowest. Rounding, saturation and NaN:
 * __rubicon/narrow_float.h (docs/device-api.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_FP6_H
#define RUBICON_CUDA_FP6_H

#include "__rubicon/narrow_float.h"

typedef unsigned char __nv_fp6_storage_t;
typedef unsigned short int __nv_fp6x2_storage_t;
typedef unsigned int __nv_fp6x4_storage_t;

typedef enum __nv_fp6_interpretation_t { __NV_E2M3, __NV_E3M2 } __nv_fp6_interpretation_t;

#if defined(__cplusplus)

#define __RUBICON_FP6_EBITS(kind) ((kind) == __NV_E2M3 ? 2 : 3)
#define __RUBICON_FP6_MBITS(kind) ((kind) == __NV_E2M3 ? 3 : 2)

__RUBICON_HOST_DEVICE__ __nv_fp6_storage_t
__nv_cvt_double_to_fp6(const double x, const __nv_fp6_interpretation_t fp6_interpretation,
                       const enum cudaRoundMode rounding) {
  return __rubicon_narrow_from_double_bits(__rubicon_fp8_double_bits(x),
                                           __RUBICON_FP6_EBITS(fp6_interpretation),
                                           __RUBICON_FP6_MBITS(fp6_interpretation),
                                           rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp6_storage_t
__nv_cvt_float_to_fp6(const float x, const __nv_fp6_interpretation_t fp6_interpretation,
                      const enum cudaRoundMode rounding) {
  return __nv_cvt_double_to_fp6(__rubicon_fp8_float_to_double(x), fp6_interpretation,
                                rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp6_storage_t
__nv_cvt_halfraw_to_fp6(const __half_raw x, const __nv_fp6_interpretation_t fp6_interpretation,
                        const enum cudaRoundMode rounding) {
  return __nv_cvt_float_to_fp6(__rubicon_fp8_half_bits_to_float(x.x), fp6_interpretation,
                               rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp6_storage_t
__nv_cvt_bfloat16raw_to_fp6(const __nv_bfloat16_raw x,
                            const __nv_fp6_interpretation_t fp6_interpretation,
                            const enum cudaRoundMode rounding) {
  return __nv_cvt_float_to_fp6(__builtin_bit_cast(float, (unsigned)x.x << 16),
                               fp6_interpretation, rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp6x2_storage_t
__nv_cvt_double2_to_fp6x2(const double2 x, const __nv_fp6_interpretation_t fp6_interpretation,
                          const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(__nv_cvt_double_to_fp6(x.x, fp6_interpretation, rounding) |
                                (__nv_cvt_double_to_fp6(x.y, fp6_interpretation, rounding)
                                 << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp6x2_storage_t
__nv_cvt_float2_to_fp6x2(const float2 x, const __nv_fp6_interpretation_t fp6_interpretation,
                         const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(__nv_cvt_float_to_fp6(x.x, fp6_interpretation, rounding) |
                                (__nv_cvt_float_to_fp6(x.y, fp6_interpretation, rounding)
                                 << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp6x2_storage_t
__nv_cvt_halfraw2_to_fp6x2(const __half2_raw x,
                           const __nv_fp6_interpretation_t fp6_interpretation,
                           const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(
      __nv_cvt_halfraw_to_fp6(__half_raw{x.x}, fp6_interpretation, rounding) |
      (__nv_cvt_halfraw_to_fp6(__half_raw{x.y}, fp6_interpretation, rounding) << 8));
}
__RUBICON_HOST_DEVICE__ __nv_fp6x2_storage_t
__nv_cvt_bfloat16raw2_to_fp6x2(const __nv_bfloat162_raw x,
                               const __nv_fp6_interpretation_t fp6_interpretation,
                               const enum cudaRoundMode rounding) {
  return (__nv_fp6x2_storage_t)(
      __nv_cvt_bfloat16raw_to_fp6(__nv_bfloat16_raw{x.x}, fp6_interpretation, rounding) |
      (__nv_cvt_bfloat16raw_to_fp6(__nv_bfloat16_raw{x.y}, fp6_interpretation, rounding)
       << 8));
}
__RUBICON_HOST_DEVICE__ __half_raw
__nv_cvt_fp6_to_halfraw(const __nv_fp6_storage_t x,
                        const __nv_fp6_interpretation_t fp6_interpretation) {
  return __half_raw{__rubicon_fp8_float_bits_to_half(__rubicon_narrow_to_float_bits(
      x, __RUBICON_FP6_EBITS(fp6_interpretation), __RUBICON_FP6_MBITS(fp6_interpretation)))};
}
__RUBICON_HOST_DEVICE__ __half2_raw
__nv_cvt_fp6x2_to_halfraw2(const __nv_fp6x2_storage_t x,
                           const __nv_fp6_interpretation_t fp6_interpretation) {
  return __half2_raw{
      __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(x & 0xff), fp6_interpretation).x,
      __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(x >> 8), fp6_interpretation).x};
}

__RUBICON_NARROW_CLASS(__nv_fp6_e2m3, __nv_fp6_storage_t, 1, 2, 3)
__RUBICON_NARROW_CLASS(__nv_fp6_e3m2, __nv_fp6_storage_t, 1, 3, 2)

/* Two (four) values, one per byte; built saturating, to nearest. */
#define __RUBICON_FP6X2_CLASS(Name, Kind)                                      \
  struct __attribute__((aligned(2))) Name {                                    \
    __nv_fp6x2_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const __half2 f)                         \
        : __x(__nv_cvt_halfraw2_to_fp6x2(static_cast<__half2_raw>(f), Kind,    \
                                         cudaRoundNearest)) {}                 \
    __host__ __device__ explicit Name(const __nv_bfloat162 f)                  \
        : __x(__nv_cvt_bfloat16raw2_to_fp6x2(static_cast<__nv_bfloat162_raw>(f), \
                                             Kind, cudaRoundNearest)) {}       \
    __host__ __device__ explicit Name(const float2 f)                          \
        : __x(__nv_cvt_float2_to_fp6x2(f, Kind, cudaRoundNearest)) {}          \
    __host__ __device__ explicit Name(const double2 f)                         \
        : __x(__nv_cvt_double2_to_fp6x2(f, Kind, cudaRoundNearest)) {}         \
    __host__ __device__ explicit operator __half2() const {                    \
      return __half2(__nv_cvt_fp6x2_to_halfraw2(__x, Kind));                   \
    }                                                                          \
    __host__ __device__ explicit operator float2() const {                     \
      return make_float2(                                                      \
          __rubicon_narrow_to_float((unsigned char)(__x & 0xff),               \
                                    __RUBICON_FP6_EBITS(Kind),                 \
                                    __RUBICON_FP6_MBITS(Kind)),                \
          __rubicon_narrow_to_float((unsigned char)(__x >> 8),                 \
                                    __RUBICON_FP6_EBITS(Kind),                 \
                                    __RUBICON_FP6_MBITS(Kind)));               \
    }                                                                          \
  };
__RUBICON_FP6X2_CLASS(__nv_fp6x2_e2m3, __NV_E2M3)
__RUBICON_FP6X2_CLASS(__nv_fp6x2_e3m2, __NV_E3M2)
#undef __RUBICON_FP6X2_CLASS

#define __RUBICON_FP6X4_CLASS(Name, Kind)                                      \
  struct __attribute__((aligned(4))) Name {                                    \
    __nv_fp6x4_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(const __half2 lo, const __half2 hi)      \
        : __x((__nv_fp6x4_storage_t)__nv_cvt_halfraw2_to_fp6x2(                \
                  static_cast<__half2_raw>(lo), Kind, cudaRoundNearest) |      \
              ((__nv_fp6x4_storage_t)__nv_cvt_halfraw2_to_fp6x2(               \
                   static_cast<__half2_raw>(hi), Kind, cudaRoundNearest)       \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const __nv_bfloat162 lo,                 \
                                      const __nv_bfloat162 hi)                 \
        : __x((__nv_fp6x4_storage_t)__nv_cvt_bfloat16raw2_to_fp6x2(            \
                  static_cast<__nv_bfloat162_raw>(lo), Kind, cudaRoundNearest) | \
              ((__nv_fp6x4_storage_t)__nv_cvt_bfloat16raw2_to_fp6x2(           \
                   static_cast<__nv_bfloat162_raw>(hi), Kind, cudaRoundNearest) \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const float4 f)                          \
        : __x((__nv_fp6x4_storage_t)__nv_cvt_float2_to_fp6x2(                  \
                  make_float2(f.x, f.y), Kind, cudaRoundNearest) |             \
              ((__nv_fp6x4_storage_t)__nv_cvt_float2_to_fp6x2(                 \
                   make_float2(f.z, f.w), Kind, cudaRoundNearest)              \
               << 16)) {}                                                      \
    __host__ __device__ explicit Name(const double4 f)                         \
        : __x((__nv_fp6x4_storage_t)__nv_cvt_double2_to_fp6x2(                 \
                  make_double2(f.x, f.y), Kind, cudaRoundNearest) |            \
              ((__nv_fp6x4_storage_t)__nv_cvt_double2_to_fp6x2(                \
                   make_double2(f.z, f.w), Kind, cudaRoundNearest)             \
               << 16)) {}                                                      \
    __host__ __device__ explicit operator float4() const {                     \
      const int e = __RUBICON_FP6_EBITS(Kind), m = __RUBICON_FP6_MBITS(Kind);  \
      return make_float4(                                                      \
          __rubicon_narrow_to_float((unsigned char)(__x & 0xff), e, m),        \
          __rubicon_narrow_to_float((unsigned char)((__x >> 8) & 0xff), e, m), \
          __rubicon_narrow_to_float((unsigned char)((__x >> 16) & 0xff), e, m), \
          __rubicon_narrow_to_float((unsigned char)(__x >> 24), e, m));        \
    }                                                                          \
  };
__RUBICON_FP6X4_CLASS(__nv_fp6x4_e2m3, __NV_E2M3)
__RUBICON_FP6X4_CLASS(__nv_fp6x4_e3m2, __NV_E3M2)
#undef __RUBICON_FP6X4_CLASS

#endif /* __cplusplus */
#endif /* RUBICON_CUDA_FP6_H */
