/*===- cuda_fp4.h - 4-bit floating point: E2M1 ----------------------------===*
 *
 * Part of Rubicon. Written from the CUDA Math API reference ("FP4
 * Intrinsics"): the storage types, the __nv_cvt_* conversions and the
 * __nv_fp4{,x2,x4}_e2m1 classes, on the host and the device.
 *
 * E2M1: bias 1, the values 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives;
 * no infinity, no NaN. A value is the low 4 bits of its storage; x2 storage
 * (a byte) and x4 storage (16 bits) hold one value per nibble, the first in
 * the lowest. Rounding, saturation and NaN: __rubicon/narrow_float.h
 * (docs/device-api.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_FP4_H
#define RUBICON_CUDA_FP4_H

#include "__rubicon/narrow_float.h"

typedef unsigned char __nv_fp4_storage_t;
typedef unsigned char __nv_fp4x2_storage_t;
typedef unsigned short int __nv_fp4x4_storage_t;

typedef enum __nv_fp4_interpretation_t { __NV_E2M1 } __nv_fp4_interpretation_t;

#if defined(__cplusplus)

__RUBICON_HOST_DEVICE__ __nv_fp4_storage_t
__nv_cvt_double_to_fp4(const double x, const __nv_fp4_interpretation_t fp4_interpretation,
                       const enum cudaRoundMode rounding) {
  (void)fp4_interpretation;
  return __rubicon_narrow_from_double_bits(__rubicon_fp8_double_bits(x), 2, 1, rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp4_storage_t
__nv_cvt_float_to_fp4(const float x, const __nv_fp4_interpretation_t fp4_interpretation,
                      const enum cudaRoundMode rounding) {
  return __nv_cvt_double_to_fp4(__rubicon_fp8_float_to_double(x), fp4_interpretation,
                                rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp4_storage_t
__nv_cvt_halfraw_to_fp4(const __half_raw x, const __nv_fp4_interpretation_t fp4_interpretation,
                        const enum cudaRoundMode rounding) {
  return __nv_cvt_float_to_fp4(__rubicon_fp8_half_bits_to_float(x.x), fp4_interpretation,
                               rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp4_storage_t
__nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw x,
                            const __nv_fp4_interpretation_t fp4_interpretation,
                            const enum cudaRoundMode rounding) {
  return __nv_cvt_float_to_fp4(__builtin_bit_cast(float, (unsigned)x.x << 16),
                               fp4_interpretation, rounding);
}
__RUBICON_HOST_DEVICE__ __nv_fp4x2_storage_t
__nv_cvt_double2_to_fp4x2(const double2 x, const __nv_fp4_interpretation_t fp4_interpretation,
                          const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(__nv_cvt_double_to_fp4(x.x, fp4_interpretation, rounding) |
                                (__nv_cvt_double_to_fp4(x.y, fp4_interpretation, rounding)
                                 << 4));
}
__RUBICON_HOST_DEVICE__ __nv_fp4x2_storage_t
__nv_cvt_float2_to_fp4x2(const float2 x, const __nv_fp4_interpretation_t fp4_interpretation,
                         const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(__nv_cvt_float_to_fp4(x.x, fp4_interpretation, rounding) |
                                (__nv_cvt_float_to_fp4(x.y, fp4_interpretation, rounding)
                                 << 4));
}
__RUBICON_HOST_DEVICE__ __nv_fp4x2_storage_t
__nv_cvt_halfraw2_to_fp4x2(const __half2_raw x,
                           const __nv_fp4_interpretation_t fp4_interpretation,
                           const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(
      __nv_cvt_halfraw_to_fp4(__half_raw{x.x}, fp4_interpretation, rounding) |
      (__nv_cvt_halfraw_to_fp4(__half_raw{x.y}, fp4_interpretation, rounding) << 4));
}
__RUBICON_HOST_DEVICE__ __nv_fp4x2_storage_t
__nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw x,
                               const __nv_fp4_interpretation_t fp4_interpretation,
                               const enum cudaRoundMode rounding) {
  return (__nv_fp4x2_storage_t)(
      __nv_cvt_bfloat16raw_to_fp4(__nv_bfloat16_raw{x.x}, fp4_interpretation, rounding) |
      (__nv_cvt_bfloat16raw_to_fp4(__nv_bfloat16_raw{x.y}, fp4_interpretation, rounding)
       << 4));
}
__RUBICON_HOST_DEVICE__ __half_raw
__nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t x,
                        const __nv_fp4_interpretation_t fp4_interpretation) {
  (void)fp4_interpretation;
  return __half_raw{
      __rubicon_fp8_float_bits_to_half(__rubicon_narrow_to_float_bits(x & 0xf, 2, 1))};
}
__RUBICON_HOST_DEVICE__ __half2_raw
__nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t x,
                           const __nv_fp4_interpretation_t fp4_interpretation) {
  return __half2_raw{
      __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(x & 0xf), fp4_interpretation).x,
      __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)(x >> 4), fp4_interpretation).x};
}

__RUBICON_NARROW_CLASS(__nv_fp4_e2m1, __nv_fp4_storage_t, 1, 2, 1)

/* Two values, one per nibble; built saturating, to nearest. */
struct __attribute__((aligned(1))) __nv_fp4x2_e2m1 {
  __nv_fp4x2_storage_t __x;
  __nv_fp4x2_e2m1() = default;
  __host__ __device__ explicit __nv_fp4x2_e2m1(const __half2 f)
      : __x(__nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(f), __NV_E2M1,
                                       cudaRoundNearest)) {}
  __host__ __device__ explicit __nv_fp4x2_e2m1(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(f), __NV_E2M1,
                                           cudaRoundNearest)) {}
  __host__ __device__ explicit __nv_fp4x2_e2m1(const float2 f)
      : __x(__nv_cvt_float2_to_fp4x2(f, __NV_E2M1, cudaRoundNearest)) {}
  __host__ __device__ explicit __nv_fp4x2_e2m1(const double2 f)
      : __x(__nv_cvt_double2_to_fp4x2(f, __NV_E2M1, cudaRoundNearest)) {}
  __host__ __device__ explicit operator __half2() const {
    return __half2(__nv_cvt_fp4x2_to_halfraw2(__x, __NV_E2M1));
  }
  __host__ __device__ explicit operator float2() const {
    return make_float2(__rubicon_narrow_to_float((unsigned char)(__x & 0xf), 2, 1),
                       __rubicon_narrow_to_float((unsigned char)(__x >> 4), 2, 1));
  }
};

/* Four values, one per nibble. */
struct __attribute__((aligned(2))) __nv_fp4x4_e2m1 {
  __nv_fp4x4_storage_t __x;
  __nv_fp4x4_e2m1() = default;
  __host__ __device__ explicit __nv_fp4x4_e2m1(const __half2 lo, const __half2 hi)
      : __x((__nv_fp4x4_storage_t)(__nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(lo),
                                                              __NV_E2M1, cudaRoundNearest) |
                                   (__nv_cvt_halfraw2_to_fp4x2(static_cast<__half2_raw>(hi),
                                                               __NV_E2M1, cudaRoundNearest)
                                    << 8))) {}
  __host__ __device__ explicit __nv_fp4x4_e2m1(const __nv_bfloat162 lo,
                                               const __nv_bfloat162 hi)
      : __x((__nv_fp4x4_storage_t)(
            __nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(lo), __NV_E2M1,
                                           cudaRoundNearest) |
            (__nv_cvt_bfloat16raw2_to_fp4x2(static_cast<__nv_bfloat162_raw>(hi), __NV_E2M1,
                                            cudaRoundNearest)
             << 8))) {}
  __host__ __device__ explicit __nv_fp4x4_e2m1(const float4 f)
      : __x((__nv_fp4x4_storage_t)(
            __nv_cvt_float2_to_fp4x2(make_float2(f.x, f.y), __NV_E2M1, cudaRoundNearest) |
            (__nv_cvt_float2_to_fp4x2(make_float2(f.z, f.w), __NV_E2M1, cudaRoundNearest)
             << 8))) {}
  __host__ __device__ explicit __nv_fp4x4_e2m1(const double4 f)
      : __x((__nv_fp4x4_storage_t)(
            __nv_cvt_double2_to_fp4x2(make_double2(f.x, f.y), __NV_E2M1, cudaRoundNearest) |
            (__nv_cvt_double2_to_fp4x2(make_double2(f.z, f.w), __NV_E2M1, cudaRoundNearest)
             << 8))) {}
  __host__ __device__ explicit operator float4() const {
    return make_float4(__rubicon_narrow_to_float((unsigned char)(__x & 0xf), 2, 1),
                       __rubicon_narrow_to_float((unsigned char)((__x >> 4) & 0xf), 2, 1),
                       __rubicon_narrow_to_float((unsigned char)((__x >> 8) & 0xf), 2, 1),
                       __rubicon_narrow_to_float((unsigned char)(__x >> 12), 2, 1));
  }
};

#endif /* __cplusplus */
#endif /* RUBICON_CUDA_FP4_H */
