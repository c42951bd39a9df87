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
// V_PERM_B32: byte i of D is chosen by byte i of Sel from the eight bytes
// {Src0, Src1} (selectors 0-3: Src1's bytes, 4-7: Src0's), or is the sign
// of byte 1 or 3 of Src1 (8, 9) or of Src0 (10, 11) repeated, 0x00 (12) or
// 0xff (13 and above).
RUBICON_AMDGCN u32 __rubicon_amdgcn_perm(u32 Src0, u32 Src1, u32 Sel) {
  u64 Bytes = static_cast<u64>(Src0) << 32 | Src1;
  u32 D = 0;
  for (unsigned I = 0; I < 4; ++I) {
    u32 S = (Sel >> 8 * I) & 0xff, Byte;
    if (S < 8)
      Byte = (Bytes >> 8 * S) & 0xff;
    else if (S < 12)
      Byte = (Bytes >> (S < 10 ? 15 + 16 * (S - 8) : 47 + 16 * (S - 10))) & 1
                 ? 0xff
                 : 0;
    else
      Byte = S == 12 ? 0 : 0xff;
    D |= Byte << 8 * I;
  }
  return D;
}

// v_trig_preop_f64 (MI300 ISA guide): 53 bits of the 1201-bit fraction of
// 2/pi, from bit Segment[4:0] * 53 (bit 0: the most significant), moved
// further by how much the exponent of X exceeds 1077, scaled by
// 2^(-53 - shift) (2^128 more when the exponent is 1968 or above). ocml's
// trigonometric reduction for large arguments sums these pieces.
namespace {
// The fraction of 2/pi, most significant bit first; bits after the 1201st
// are 0.
constexpr u64 TwoOverPi[19] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull,
    0xfe5163abdebbc561ull, 0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull,
    0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull, 0xe99c7026b45f7e41ull,
    0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull,
    0x7527bac7ebe5f17bull, 0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull,
    0x56033046fc7b0000ull};
} // namespace
RUBICON_AMDGCN double __rubicon_amdgcn_trig_preop_f64(double X, i32 Segment) {
  u32 Exponent = static_cast<u32>(__builtin_bit_cast(u64, X) >> 52) & 0x7ff;
  u32 Shift = (static_cast<u32>(Segment) & 31) * 53;
  if (Exponent > 1077)
    Shift += Exponent - 1077;
  u64 Bits = 0;
  for (u32 I = 0; I < 53; ++I) {
    u32 B = Shift + I;
    u64 Bit = B < 1201 ? (TwoOverPi[B / 64] >> (63 - B % 64)) & 1 : 0;
    Bits = (Bits << 1) | Bit;
  }
  i32 Scale = -53 - static_cast<i32>(Shift);
  if (Exponent >= 1968)
    Scale += 128;
  return __builtin_ldexp(static_cast<double>(Bits), Scale);
}
