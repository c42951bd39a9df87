//===- HostMathVectorizable.cpp - expf/logf families LLVM can vectorize ---===//
//
// Part of Rubicon. The single-precision exponentials and logarithms (expf,
// exp2f, exp10f, logf, log2f, log10f and their fast forms __expf, __logf,
// ...) written as straight-line arithmetic instead of calls to the C
// library. Inlined into a kernel's thread loop they vectorize with it (a
// call to libm's expf stays one call per thread, four per vector of four
// threads): cuda-samples' BlackScholes spent 40% of its time in libm's expf
// and logf. They replace HostMath.cpp's weak wrappers of the same names.
//
// expf, __expf and __logf, the most used, are computed in float (four lanes
// per SSE2 register): within 1.3 ulp (expf, __expf) against CUDA's bound of
// 2, and 1.5 ulp (__logf) against 3. The others, logf included, are
// computed in double and rounded once to float, so the result is the
// correctly rounded one or its neighbour: within 0.51 ulp, against CUDA's
// bounds of 1 (logf) and 2 (exp2f, exp10f, log2f, log10f)
// (tests/e2e/host/accuracy.test, docs/math-accuracy.md). There are no
// branches and no tables: special values are selected at the end, and the
// rounding to an integer uses the 1.5 * 2^52 (1.5 * 2^23) shifter (SSE2 has
// no vector rounding instruction).
//
//===----------------------------------------------------------------------===//
#include "Types.h"

using namespace rubicon;

namespace {
constexpr double Ln2 = 0.693147180559945309417232121458176568;
constexpr double Log2E = 1.44269504088896340735992468100189214;
constexpr double Log2Of10 = 3.32192809488736234787031942948939018;
constexpr double Log10Of2 = 0.301029995663981195213738894724493027;
constexpr double Log10E = 0.434294481903251827651128918916605082;

inline u64 bits(double x) { return __builtin_bit_cast(u64, x); }
inline double fromBits(u64 x) { return __builtin_bit_cast(double, x); }
inline u32 bits(float x) { return __builtin_bit_cast(u32, x); }
inline float fromBits(u32 x) { return __builtin_bit_cast(float, x); }

// e^x in float. x is clamped to [-104, 89], where e^x is below half the
// smallest subnormal or above the largest float; NaN stays NaN.
inline float expFloat(float x) {
  x = x < -104.0f ? -104.0f : x;
  x = x > 89.0f ? 89.0f : x;
  // Adding 1.5 * 2^23 rounds x log2(e) to an integer n, in the low bits.
  constexpr float Shifter = 0x1.8p23f;
  const float shifted = x * 1.44269504088896341f + Shifter;
  const float n = shifted - Shifter;
  // x - n ln(2) with ln(2) in two parts (Cody and Waite), the first of 15
  // significant bits, so that n times it is exact: |r| <= ln(2) / 2.
  const float r = (x - n * 0x1.62e400p-1f) - n * 0x1.7f7d1cp-20f;
  // e^r by its Taylor series to r^7: the remainder is below 6e-9.
  float p = 1.0f / 5040;
  p = p * r + 1.0f / 720;
  p = p * r + 1.0f / 120;
  p = p * r + 1.0f / 24;
  p = p * r + 1.0f / 6;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  // 2^n (n in [-151, 129]) as two factors that are normal floats.
  const int k = int(bits(shifted) - bits(Shifter));
  const int a = k >> 1, b = k - a;
  return p * fromBits(u32(a + 127) << 23) * fromBits(u32(b + 127) << 23);
}

// 2^z, z in double. Exact to about 2^-50 relative over the range that
// matters to a float result: z is clamped to [-160, 130], where 2^z is
// below half the smallest float subnormal or above the largest float, and
// 2^z itself is a normal double. NaN stays NaN (the selects keep it, the
// integer steps only move bits).
inline double exp2Double(double z) {
  z = z < -160.0 ? -160.0 : z;
  z = z > 130.0 ? 130.0 : z;
  // Adding 1.5 * 2^52 rounds z to an integer n, held in the low bits.
  constexpr double Shifter = 0x1.8p52;
  const double shifted = z + Shifter;
  const double n = shifted - Shifter;
  const double r = (z - n) * Ln2; // |r| <= ln(2) / 2; z - n is exact
  // e^r by its Taylor series to r^8: the remainder is below 3e-10.
  double p = 1.0 / 40320;
  p = p * r + 1.0 / 5040;
  p = p * r + 1.0 / 720;
  p = p * r + 1.0 / 120;
  p = p * r + 1.0 / 24;
  p = p * r + 1.0 / 6;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // 2^n: n + 1023 into the exponent field (n is in [-160, 130]).
  const double scale = fromBits((bits(shifted) + 1023) << 52);
  return p * scale;
}

// logf's special values: log(+-0) = -inf, log(x < 0) = NaN, log(inf) = inf,
// NaN stays NaN.
inline float logSpecial(float x, float result) {
  result = x == 0.0f ? -__builtin_inff() : result;
  result = x < 0.0f ? __builtin_nanf("") : result;
  result = x == __builtin_inff() ? x : result;
  return x != x ? x + x : result;
}

// __logf in float: within 1.5 ulp (CUDA: 3, or 2^-21.41 absolute on
// [0.5, 2]). x = 2^e * m, m in [sqrt(1/2), sqrt(2)) (a subnormal x scaled by
// 2^23 first), log(m) = 2 atanh(s) with s = (m - 1) / (m + 1).
inline float fastLogFloat(float x) {
  const bool subnormal = x < 0x1p-126f;
  const float scaled = subnormal ? x * 0x1p23f : x;
  const u32 b = bits(scaled);
  const u32 t = b - 0x3F3504F3u; // sqrt(1/2)
  const int e = (int(t) >> 23) - (subnormal ? 23 : 0);
  const float m = fromBits(b - (t & 0xFF800000u));
  const float f = m - 1.0f;
  const float s = f / (2.0f + f);
  const float z = s * s;
  // 2 atanh(s) / s to z^4: |s| <= 0.1716, the remainder is below 4e-9.
  float p = 2.0f / 9;
  p = p * z + 2.0f / 7;
  p = p * z + 2.0f / 5;
  p = p * z + 2.0f / 3;
  p = p * z + 2.0f;
  // ln(2) in two parts, the first exact times e.
  const float n = float(e);
  return logSpecial(x, n * 0x1.62e400p-1f + (s * p + n * 0x1.7f7d1cp-20f));
}

// A positive finite double x as 2^e * m with m in [sqrt(1/2), sqrt(2)):
// e, and log(m). Other inputs give meaningless values (no undefined
// behaviour); the callers select the special results.
struct LogParts {
  double exponent;
  double logMantissa;
};
inline LogParts logDouble(double x) {
  constexpr u64 SqrtHalf = 0x3FE6A09E667F3BCDull;
  const u64 b = bits(x);
  const u64 t = b - SqrtHalf;
  // The exponent from the high word, so that the shift is a 32-bit one.
  const int e = int(u32(t >> 32)) >> 20;
  const double m = fromBits(b - (t & 0xFFF0000000000000ull));
  // log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: the series
  // to s^11 leaves a relative error below 1e-10.
  const double f = m - 1.0;
  const double s = f / (2.0 + f);
  const double s2 = s * s;
  double p = 1.0 / 11;
  p = p * s2 + 1.0 / 9;
  p = p * s2 + 1.0 / 7;
  p = p * s2 + 1.0 / 5;
  p = p * s2 + 1.0 / 3;
  p = p * s2 + 1.0;
  return {double(e), 2.0 * s * p};
}


inline float expf(float x) { return expFloat(x); }
inline float exp2f(float x) { return float(exp2Double(double(x))); }
inline float exp10f(float x) { return float(exp2Double(double(x) * Log2Of10)); }

inline float logf(float x) {
  const LogParts l = logDouble(double(x));
  return logSpecial(x, float(l.exponent * Ln2 + l.logMantissa));
}
inline float log2f(float x) {
  const LogParts l = logDouble(double(x));
  return logSpecial(x, float(l.exponent + l.logMantissa * Log2E));
}
inline float log10f(float x) {
  const LogParts l = logDouble(double(x));
  return logSpecial(x,
                    float(l.exponent * Log10Of2 + l.logMantissa * Log10E));
}
} // namespace

#define RUBICON_HOST_VECTORIZABLE(Name, F)                                     \
  extern "C" float __ocml_##Name##_f32(float x) { return F(x); }               \
  extern "C" float __ocml_native_##Name##_f32(float x) { return F(x); }
RUBICON_HOST_VECTORIZABLE(exp, expf)
RUBICON_HOST_VECTORIZABLE(exp2, exp2f)
RUBICON_HOST_VECTORIZABLE(exp10, exp10f)
extern "C" float __ocml_log_f32(float x) { return logf(x); }
extern "C" float __ocml_native_log_f32(float x) { return fastLogFloat(x); }
RUBICON_HOST_VECTORIZABLE(log2, log2f)
RUBICON_HOST_VECTORIZABLE(log10, log10f)
#undef RUBICON_HOST_VECTORIZABLE
