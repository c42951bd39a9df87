//===- Math.cpp - The amdgcn arithmetic intrinsics ------------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). AMD's ocml and
// the AMDGPU optimizer use these; each computes what the ISA manual's
// instruction computes (V_RCP_F32 and friends are approximations on the
// GPU, within 1 ulp: here they are correctly rounded, which is within it).
//
//===----------------------------------------------------------------------===//
#include "Emulation.h"

RUBICON_AMDGCN float __rubicon_amdgcn_rcp_f32(float X) { return 1.0f / X; }
RUBICON_AMDGCN double __rubicon_amdgcn_rcp_f64(double X) { return 1.0 / X; }
RUBICON_AMDGCN float __rubicon_amdgcn_sqrt_f32(float X) {
  return __builtin_sqrtf(X);
}
RUBICON_AMDGCN double __rubicon_amdgcn_sqrt_f64(double X) {
  return __builtin_sqrt(X);
}
RUBICON_AMDGCN float __rubicon_amdgcn_rsq_f32(float X) {
  return 1.0f / __builtin_sqrtf(X);
}
RUBICON_AMDGCN double __rubicon_amdgcn_rsq_f64(double X) {
  return 1.0 / __builtin_sqrt(X);
}
// V_LDEXP, V_FREXP_MANT, V_FREXP_EXP, V_FRACT, V_CLASS.
RUBICON_AMDGCN float __rubicon_amdgcn_ldexp_f32(float X, i32 E) {
  return __builtin_ldexpf(X, E);
}
RUBICON_AMDGCN double __rubicon_amdgcn_ldexp_f64(double X, i32 E) {
  return __builtin_ldexp(X, E);
}
RUBICON_AMDGCN float __rubicon_amdgcn_frexp_mant_f32(float X) {
  int E;
  return __builtin_isfinite(X) ? __builtin_frexpf(X, &E) : X;
}
RUBICON_AMDGCN double __rubicon_amdgcn_frexp_mant_f64(double X) {
  int E;
  return __builtin_isfinite(X) ? __builtin_frexp(X, &E) : X;
}
RUBICON_AMDGCN i32 __rubicon_amdgcn_frexp_exp_i32_f32(float X) {
  int E = 0;
  if (__builtin_isfinite(X))
    __builtin_frexpf(X, &E);
  return E;
}
RUBICON_AMDGCN i32 __rubicon_amdgcn_frexp_exp_i32_f64(double X) {
  int E = 0;
  if (__builtin_isfinite(X))
    __builtin_frexp(X, &E);
  return E;
}
RUBICON_AMDGCN float __rubicon_amdgcn_fract_f32(float X) {
  if (__builtin_isinf(X))
    return 0.0f;
  float F = X - __builtin_floorf(X);
  return F < 0x1.fffffep-1f ? F : 0x1.fffffep-1f;
}
RUBICON_AMDGCN double __rubicon_amdgcn_fract_f64(double X) {
  if (__builtin_isinf(X))
    return 0.0;
  double F = X - __builtin_floor(X);
  return F < 0x1.fffffffffffffp-1 ? F : 0x1.fffffffffffffp-1;
}
// V_CLASS mask bits: 0 signaling NaN, 1 quiet NaN, 2 -inf, 3 -normal,
// 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
namespace {
template <typename T> bool fpClass(T X, i32 Mask) {
  bool Negative = __builtin_signbit(X);
  int Bit;
  if (__builtin_isnan(X))
    Bit = 1; // the CPU has no way to tell a signaling NaN here: quiet
  else if (__builtin_isinf(X))
    Bit = Negative ? 2 : 9;
  else if (X == 0)
    Bit = Negative ? 5 : 6;
  else if (__builtin_isnormal(X))
    Bit = Negative ? 3 : 8;
  else
    Bit = Negative ? 4 : 7;
  return (Mask >> Bit) & 1;
}
} // namespace
RUBICON_AMDGCN bool __rubicon_amdgcn_class_f32(float X, i32 Mask) {
  return fpClass(X, Mask);
}
RUBICON_AMDGCN bool __rubicon_amdgcn_class_f64(double X, i32 Mask) {
  return fpClass(X, Mask);
}
// V_SIN_F32 / V_COS_F32 take revolutions (x * 2 pi radians).
RUBICON_AMDGCN float __rubicon_amdgcn_sin_f32(float X) {
  return __builtin_sinf(X * 6.28318530717958647692f);
}
RUBICON_AMDGCN float __rubicon_amdgcn_cos_f32(float X) {
  return __builtin_cosf(X * 6.28318530717958647692f);
}
RUBICON_AMDGCN float __rubicon_amdgcn_exp2_f32(float X) {
  return __builtin_exp2f(X);
}
RUBICON_AMDGCN float __rubicon_amdgcn_log_f32(float X) {
  return __builtin_log2f(X);
}
// V_MED3: the median of three.
RUBICON_AMDGCN float __rubicon_amdgcn_fmed3_f32(float A, float B, float C) {
  return __builtin_fmaxf(__builtin_fminf(A, B),
                         __builtin_fminf(__builtin_fmaxf(A, B), C));
}
// V_FMA_LEGACY / V_MUL_LEGACY: 0 * anything (inf, NaN too) is 0.
RUBICON_AMDGCN float __rubicon_amdgcn_fmul_legacy(float A, float B) {
  return A == 0.0f || B == 0.0f ? 0.0f : A * B;
}
RUBICON_AMDGCN float __rubicon_amdgcn_fma_legacy(float A, float B, float C) {
  return A == 0.0f || B == 0.0f ? 0.0f + C : __builtin_fmaf(A, B, C);
}
