//===- HostMath.cpp - CUDA's math functions on the host target
//-------------===//
//
// Part of Rubicon. The CUDA headers call AMD's ocml names (__ocml_<f>_f32/_f64)
// for every row of include/__rubicon/math_functions.def, plus the "native"
// fast forms and the __rubicon_math_* pointer-result helpers. On the host
// target they are the C library's libm functions: rows whose Kind is STD map
// to libm's function of the same name; CUDA-only rows are written here.
//
//===----------------------------------------------------------------------===//
#include "Types.h"

using namespace rubicon;

// libm's declarations, one per STD row.
#define RUBICON_MATH_1_STD(F, D, O) RUBICON_DECLARE_1(F, D)
#define RUBICON_MATH_1_CUDA(F, D, O)
#define RUBICON_MATH_2_STD(F, D, O) RUBICON_DECLARE_2(F, D)
#define RUBICON_MATH_2_CUDA(F, D, O)
#define RUBICON_MATH_3_STD(F, D, O) RUBICON_DECLARE_3(F, D)
#define RUBICON_MATH_3_CUDA(F, D, O)
#define RUBICON_DECLARE_1(F, D)                                                \
  extern "C" float F(float);                                                   \
  extern "C" double D(double);
#define RUBICON_DECLARE_2(F, D)                                                \
  extern "C" float F(float, float);                                            \
  extern "C" double D(double, double);
#define RUBICON_DECLARE_3(F, D)                                                \
  extern "C" float F(float, float, float);                                     \
  extern "C" double D(double, double, double);
#define RUBICON_MATH_1(F, D, O, Kind) RUBICON_MATH_1_##Kind(F, D, O)
#define RUBICON_MATH_2(F, D, O, Kind) RUBICON_MATH_2_##Kind(F, D, O)
#define RUBICON_MATH_3(F, D, O, Kind) RUBICON_MATH_3_##Kind(F, D, O)
#define RUBICON_MATH_INT_RESULT(F, D, O, Kind)                                 \
  extern "C" int F(float);                                                     \
  extern "C" int D(double);
#define RUBICON_MATH_INT_ARG(F, D, O, Kind)                                    \
  extern "C" float F(float, int);                                              \
  extern "C" double D(double, int);
#include "__rubicon/math_functions.def"

#undef RUBICON_MATH_1_STD
#undef RUBICON_MATH_1_CUDA
#undef RUBICON_MATH_2_STD
#undef RUBICON_MATH_2_CUDA
#undef RUBICON_MATH_3_STD
#undef RUBICON_MATH_3_CUDA

// The ocml names for STD rows. Weak: HostMathWider.cpp replaces the
// functions whose C library error exceeds CUDA's documented bound.
#define RUBICON_MATH_1_STD(F, D, O)                                            \
  extern "C" __attribute__((weak)) float __ocml_##O##_f32(float x) {           \
    return F(x);                                                               \
  }                                                                            \
  extern "C" __attribute__((weak)) double __ocml_##O##_f64(double x) {         \
    return D(x);                                                               \
  }
#define RUBICON_MATH_1_CUDA(F, D, O)
#define RUBICON_MATH_2_STD(F, D, O)                                            \
  extern "C" float __ocml_##O##_f32(float x, float y) { return F(x, y); }      \
  extern "C" double __ocml_##O##_f64(double x, double y) { return D(x, y); }
#define RUBICON_MATH_2_CUDA(F, D, O)
#define RUBICON_MATH_3_STD(F, D, O)                                            \
  extern "C" float __ocml_##O##_f32(float x, float y, float z) {               \
    return F(x, y, z);                                                         \
  }                                                                            \
  extern "C" double __ocml_##O##_f64(double x, double y, double z) {           \
    return D(x, y, z);                                                         \
  }
#define RUBICON_MATH_3_CUDA(F, D, O)
#define RUBICON_MATH_1(F, D, O, Kind) RUBICON_MATH_1_##Kind(F, D, O)
#define RUBICON_MATH_2(F, D, O, Kind) RUBICON_MATH_2_##Kind(F, D, O)
#define RUBICON_MATH_3(F, D, O, Kind) RUBICON_MATH_3_##Kind(F, D, O)
#define RUBICON_MATH_INT_RESULT(F, D, O, Kind)                                 \
  extern "C" int __ocml_##O##_f32(float x) { return F(x); }                    \
  extern "C" int __ocml_##O##_f64(double x) { return D(x); }
#define RUBICON_MATH_INT_ARG(F, D, O, Kind)                                    \
  extern "C" float __ocml_##O##_f32(float x, int n) { return F(x, n); }        \
  extern "C" double __ocml_##O##_f64(double x, int n) { return D(x, n); }
#include "__rubicon/math_functions.def"
#undef RUBICON_MATH_1_STD
#undef RUBICON_MATH_1_CUDA
#undef RUBICON_MATH_2_STD
#undef RUBICON_MATH_2_CUDA
#undef RUBICON_MATH_3_STD
#undef RUBICON_MATH_3_CUDA

// CUDA-only functions that libm lacks or names differently.
extern "C" float j0f(float), j1f(float), y0f(float), y1f(float);
extern "C" double j0(double), j1(double), y0(double), y1(double);

extern "C" float fmodf(float, float);
extern "C" double fmod(double, double);

namespace {
template <typename T> T pi() { return T(3.14159265358979323846); }

// sin(pi x) and cos(pi x) with x reduced exactly (fmod, then subtractions
// that Sterbenz's lemma makes exact) to [-1/4, 1/4] before multiplying by
// pi: integers and half-integers give exact zeros and ones at any magnitude.
inline double remainderOf2(double x) { return fmod(x, 2.0); }

template <typename T, typename SinF, typename CosF>
T sinPi(T x, SinF Sin, CosF Cos) {
  T y = remainderOf2(x); // (-2, 2), the sign of x
  if (y > 1)
    y -= 2;
  else if (y < -1)
    y += 2;
  const T a = y < 0 ? -y : y;
  T r;
  if (a <= T(0.25))
    return Sin(pi<T>() * y);
  if (a <= T(0.75))
    r = Cos(pi<T>() * (a - T(0.5)));
  else
    r = Sin(pi<T>() * (1 - a));
  return y < 0 ? -r : r;
}

template <typename T, typename SinF, typename CosF>
T cosPi(T x, SinF Sin, CosF Cos) {
  T a = remainderOf2(x < 0 ? -x : x); // [0, 2)
  if (a > 1)
    a = 2 - a;
  if (a <= T(0.25))
    return Cos(pi<T>() * a);
  if (a <= T(0.75))
    return Sin(pi<T>() * (T(0.5) - a));
  return -Cos(pi<T>() * (1 - a));
}
} // namespace

// Each is computed in the next wider type (float in double, double in long
// double: x87's 64-bit significand) and rounded once, which keeps it within
// CUDA's bounds (tests/e2e/host/accuracy.test): 1/cbrt, 1/hypot, and sums of
// squares that would overflow or underflow in the argument's own type.
extern "C" long double sqrtl(long double), cbrtl(long double),
    hypotl(long double, long double), j0l(long double), j1l(long double),
    y0l(long double), y1l(long double);
namespace {
template <typename T> struct Wider;
template <> struct Wider<float> {
  typedef double type;
  static double sqrt(double x) { return __builtin_sqrt(x); }
  static double cbrt(double x) { return ::cbrt(x); }
  static double hypot(double x, double y) { return ::hypot(x, y); }
};
template <> struct Wider<double> {
  typedef long double type;
  static long double sqrt(long double x) { return sqrtl(x); }
  static long double cbrt(long double x) { return cbrtl(x); }
  static long double hypot(long double x, long double y) {
    return hypotl(x, y);
  }
};
// sqrt(x^2 + y^2 + z^2); an infinite coordinate gives +inf even beside a NaN.
template <typename T> typename Wider<T>::type length3(T x, T y, T z) {
  typedef typename Wider<T>::type W;
  if (__builtin_isinf(x) || __builtin_isinf(y) || __builtin_isinf(z))
    return __builtin_inf();
  const W a = x, b = y, c = z;
  return Wider<T>::sqrt(a * a + b * b + c * c);
}
} // namespace

#define RUBICON_HOST_CUDA_MATH(Suffix, T, Sin, Cos, Sqrt, Pow, J0, J1, Y0, Y1) \
  extern "C" T __ocml_cospi_##Suffix(T x) { return cosPi<T>(x, Sin, Cos); }    \
  extern "C" T __ocml_sinpi_##Suffix(T x) { return sinPi<T>(x, Sin, Cos); }    \
  extern "C" T __ocml_rsqrt_##Suffix(T x) { return T(1) / Sqrt(x); }           \
  extern "C" T __ocml_rcbrt_##Suffix(T x) {                                    \
    return T(1 / Wider<T>::cbrt(x));                                           \
  }                                                                            \
  extern "C" T __ocml_exp10_##Suffix(T x) { return Pow(T(10), x); }            \
  extern "C" T __ocml_rhypot_##Suffix(T x, T y) {                              \
    return T(1 / Wider<T>::hypot(x, y));                                       \
  }                                                                            \
  extern "C" T __ocml_len3_##Suffix(T x, T y, T z) {                           \
    return T(length3(x, y, z));                                                \
  }                                                                            \
  extern "C" T __ocml_rlen3_##Suffix(T x, T y, T z) {                          \
    return T(1 / length3(x, y, z));                                            \
  }                                                                            \
  extern "C" T __ocml_j0_##Suffix(T x) { return T(J0(x)); }                    \
  extern "C" T __ocml_j1_##Suffix(T x) { return T(J1(x)); }                    \
  extern "C" T __ocml_y0_##Suffix(T x) { return T(Y0(x)); }                    \
  extern "C" T __ocml_y1_##Suffix(T x) { return T(Y1(x)); }
// sinpif/cospif in double: in float, the rounding of pi * x alone costs
// about an ulp (CUDA allows one). Double's j0 ... y1 lose many ulps near
// their zeros (CUDA allows 7 below 8): long double's do not.
inline double sinDouble(double x) { return sin(x); }
inline double cosDouble(double x) { return cos(x); }
extern "C" float __ocml_cospi_f32(float x) {
  return float(cosPi<double>(x, sinDouble, cosDouble));
}
extern "C" float __ocml_sinpi_f32(float x) {
  return float(sinPi<double>(x, sinDouble, cosDouble));
}
RUBICON_HOST_CUDA_MATH(f64, double, sin, cos, sqrt, pow, j0l, j1l, y0l, y1l)
extern "C" float __ocml_rsqrt_f32(float x) { return 1.0f / sqrtf(x); }
extern "C" float __ocml_rcbrt_f32(float x) {
  return float(1 / Wider<float>::cbrt(x));
}
extern "C" float __ocml_rhypot_f32(float x, float y) {
  return float(1 / Wider<float>::hypot(x, y));
}
extern "C" float __ocml_len3_f32(float x, float y, float z) {
  return float(length3(x, y, z));
}
extern "C" float __ocml_rlen3_f32(float x, float y, float z) {
  return float(1 / length3(x, y, z));
}
extern "C" float __ocml_j0_f32(float x) { return j0f(x); }
extern "C" float __ocml_j1_f32(float x) { return j1f(x); }
extern "C" float __ocml_y0_f32(float x) { return y0f(x); }
extern "C" float __ocml_y1_f32(float x) { return y1f(x); }
#undef RUBICON_HOST_CUDA_MATH

// CUDA-only special functions libm lacks, in double precision; the float
// forms round the double result. Accuracy is measured against mpmath in
// tests/e2e/host/math.test.
extern "C" double erf(double), erfc(double), exp(double), log(double),
    sqrt(double);

namespace {
constexpr double TwoOverSqrtPi = 1.12837916709551257390;
constexpr double InvSqrtPi = 0.56418958354775628695;
constexpr double Sqrt2 = 1.41421356237309504880;
// 1/sqrt(2) as a sum of two doubles.
constexpr double InvSqrt2High = 0.70710678118654757274;
constexpr double InvSqrt2Low = -4.8336466567264567e-17;
constexpr double Infinity = __builtin_inf();
constexpr double NaN = __builtin_nan("");

bool isNaN(double x) { return x != x; }

// exp(x * x) without the rounding error of x * x: the high half of x has 26
// significant bits, so its square is exact.
double expSquare(double x) {
  double high = __builtin_bit_cast(
      double, __builtin_bit_cast(unsigned long long, x) & ~((1ull << 27) - 1));
  double low = x - high;
  return exp(high * high) * exp(low * (2 * high + low));
}

// erfcx(x) = exp(x^2) erfc(x).
double erfcx(double x) {
  if (isNaN(x))
    return x;
  if (x < -26.7)
    return Infinity;
  if (x < 0)
    return 2 * expSquare(x) - erfcx(-x);
  if (x < 12)
    return expSquare(x) * erfc(x);
  if (x > 1e8)
    return InvSqrtPi / x;
  // The asymptotic series: 1/(x sqrt(pi)) sum (-1)^n (2n-1)!! / (2x^2)^n;
  // at x >= 12 its 15th term is below 1e-17.
  const double r = 1 / (2 * x * x);
  double term = 1, sum = 1;
  for (int n = 1; n < 15; ++n) {
    term *= -(2 * n - 1) * r;
    sum += term;
  }
  return InvSqrtPi / x * sum;
}

// Inverse of erf on [0, 0.5]: Halley's iteration from the series' first terms.
double erfinvCentral(double x) {
  if (x < 1e-10)
    return x / TwoOverSqrtPi;
  double y = x / TwoOverSqrtPi * (1 + 3.14159265358979323846 / 12 * x * x);
  for (int i = 0; i < 4; ++i) {
    double step = (erf(y) - x) / (TwoOverSqrtPi * exp(-y * y));
    y -= step / (1 + y * step);
  }
  return y;
}

// Inverse of erfc on (0, 0.5): Newton's iteration on
// g(y) = erfcx(y) - q exp(y^2), which stays representable where erfc(y)
// underflows, from Abramowitz and Stegun 26.2.23 (the normal distribution's
// upper tail at q/2, over sqrt 2).
double erfcinvTail(double q) {
  // log(q / 2) as log(q) - log(2): q / 2 underflows for the smallest q.
  const double t = sqrt(-2 * (log(q) - 0.69314718055994530942));
  const double z = t - (2.515517 + t * (0.802853 + t * 0.010328)) /
                           (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  double y = z * InvSqrt2High;
  const double logQ = log(q);
  for (int i = 0; i < 5; ++i) {
    double g = erfcx(y) - exp(y * y + logQ);
    y -= g / (2 * y * g - TwoOverSqrtPi);
  }
  return y;
}

double erfcinv(double q);

double erfinv(double x) {
  if (isNaN(x) || x < -1 || x > 1)
    return NaN;
  if (x == 0)
    return x;
  const double a = x < 0 ? -x : x;
  double y;
  if (a == 1)
    y = Infinity;
  else if (a <= 0.5)
    y = erfinvCentral(a);
  else
    y = erfcinvTail(1 - a); // exact
  return x < 0 ? -y : y;
}

double erfcinv(double q) {
  if (isNaN(q) || q < 0 || q > 2)
    return NaN;
  if (q == 0)
    return Infinity;
  if (q == 2)
    return -Infinity;
  if (q > 1)
    return -erfcinv(2 - q); // exact
  if (q >= 0.5)
    return erfinvCentral(1 - q); // exact
  return erfcinvTail(q);
}

// normcdf(x) = erfc(-x / sqrt 2) / 2, with -x / sqrt 2 carried to twice the
// precision (its rounding error would be amplified by erfc in the tail).
double normcdf(double x) {
  if (isNaN(x))
    return x;
  if (x == Infinity || x == -Infinity)
    return x > 0 ? 1 : 0;
  const double high = -x * InvSqrt2High;
  const double low = __builtin_fma(-x, InvSqrt2High, -high) + -x * InvSqrt2Low;
  if (high > 27.3)
    return 0;
  return 0.5 * (erfc(high) - TwoOverSqrtPi * low * exp(-high * high));
}

double normcdfinv(double p) { return -Sqrt2 * erfcinv(2 * p); }

// Modified Bessel functions of the first kind, orders 0 and 1: the power
// series (positive terms) below BesselAsymptoticFrom, the asymptotic expansion
// e^x / sqrt(2 pi x) sum_k (-1)^k prod_{j<=k} (4 nu^2 - (2j-1)^2) / (k! (8x)^k)
// above, scaled by e^(x/2) twice so that it overflows only where the result
// does.
struct DoubleDouble {
  double high, low;
};
DoubleDouble normalize(double high, double low) {
  const double sum = high + low;
  return {sum, low - (sum - high)};
}
DoubleDouble exactProduct(double a, double b) {
  const double p = a * b;
  return {p, __builtin_fma(a, b, -p)};
}
DoubleDouble multiply(DoubleDouble a, DoubleDouble b) {
  DoubleDouble p = exactProduct(a.high, b.high);
  return normalize(p.high, p.low + a.high * b.low + a.low * b.high);
}
DoubleDouble divide(DoubleDouble a, double d) {
  const double q = a.high / d;
  const double r = __builtin_fma(-q, d, a.high) + a.low;
  return normalize(q, r / d);
}
DoubleDouble add(DoubleDouble a, DoubleDouble b) {
  const double s = a.high + b.high;
  const double v = s - a.high;
  const double e = (a.high - (s - v)) + (b.high - v);
  return normalize(s, e + a.low + b.low);
}

constexpr double BesselAsymptoticFrom = 30;
// 2 pi as a sum of two doubles.
constexpr double TwoPiHigh = 6.28318530717958623200;
constexpr double TwoPiLow = 2.4492935982947064e-16;
double besselI(int order, double x) {
  if (x > 720) // both overflow from about 713.99
    return Infinity;
  if (x < BesselAsymptoticFrom) {
    // Terms and sum carried as double-double pairs: in plain doubles the
    // terms' rounding errors add up to about ten ulps near 30.
    const double half = x * 0.5;
    const DoubleDouble quarterSquare = exactProduct(half, half);
    DoubleDouble term = {order == 0 ? 1 : half, 0}, sum = term;
    for (int k = 1; k < 500; ++k) {
      term = divide(multiply(term, quarterSquare), double(k) * (k + order));
      sum = add(sum, term);
      if (term.high < sum.high * 1e-17)
        break;
    }
    return sum.high + sum.low;
  }
  const double mu = 4.0 * order * order;
  double term = 1;
  DoubleDouble total = {1, 0}; // small terms added to 1: keep their bits
  for (int k = 1; k < 60; ++k) {
    const double odd = 2 * k - 1;
    const double next = term * -(mu - odd * odd) / (k * 8 * x);
    if ((next < 0 ? -next : next) >= (term < 0 ? -term : term))
      break; // the expansion started to diverge
    term = next;
    total = add(total, {term, 0});
    if ((term < 0 ? -term : term) < 1e-17)
      break;
  }
  // e^x / sqrt(2 pi x) * sum with one rounding after the two exponentials
  // and the square root (in double-double), as long as e^x is finite.
  const double halfExp = exp(x * 0.5);
  const DoubleDouble twoPiX =
      add(exactProduct(TwoPiHigh, x), {TwoPiLow * x, 0});
  const double root = sqrt(twoPiX.high);
  const DoubleDouble sqrtTwoPiX =
      normalize(root, (__builtin_fma(-root, root, twoPiX.high) + twoPiX.low) /
                          (2 * root));
  if (x > 709)
    return halfExp * (halfExp / sqrtTwoPiX.high * (total.high + total.low));
  const DoubleDouble scaled = multiply(exactProduct(halfExp, halfExp), total);
  const double q = scaled.high / sqrtTwoPiX.high;
  const DoubleDouble back = multiply({q, 0}, sqrtTwoPiX);
  return q +
         ((scaled.high - back.high) - back.low + scaled.low) / sqrtTwoPiX.high;
}

double besselI0(double x) {
  if (isNaN(x))
    return x;
  return besselI(0, x < 0 ? -x : x);
}

double besselI1(double x) {
  if (isNaN(x))
    return x;
  return __builtin_copysign(besselI(1, x < 0 ? -x : x), x);
}
} // namespace

#define RUBICON_HOST_SPECIAL(Name, Function)                                   \
  extern "C" double __ocml_##Name##_f64(double x) { return Function(x); }      \
  extern "C" float __ocml_##Name##_f32(float x) {                              \
    return static_cast<float>(Function(x));                                    \
  }
RUBICON_HOST_SPECIAL(erfinv, erfinv)
RUBICON_HOST_SPECIAL(ncdf, normcdf)
RUBICON_HOST_SPECIAL(erfcinv, erfcinv)
RUBICON_HOST_SPECIAL(erfcx, erfcx)
RUBICON_HOST_SPECIAL(ncdfinv, normcdfinv)
RUBICON_HOST_SPECIAL(i0, besselI0)
RUBICON_HOST_SPECIAL(i1, besselI1)
#undef RUBICON_HOST_SPECIAL

// The fast "native" forms the intrinsics (__sinf, __cosf) call; the
// exponentials and logarithms (__expf, __logf, ...) and their accurate forms
// are HostMathVectorizable.cpp's, which replace the weak wrappers above.
extern "C" float sinf(float), cosf(float);
extern "C" float __ocml_native_sin_f32(float x) { return sinf(x); }
extern "C" float __ocml_native_cos_f32(float x) { return cosf(x); }

// Functions with a second result through a pointer.
extern "C" void sincosf(float, float *, float *);
extern "C" void sincos(double, double *, double *);
extern "C" float frexpf(float, int *), modff(float, float *),
    remquof(float, float, int *), lgammaf_r(float, int *);
extern "C" double frexp(double, int *), modf(double, double *),
    remquo(double, double, int *), lgamma_r(double, int *);

#define RUBICON_HOST_POINTER_RESULT(Suffix, T, SinCos, Precise, PreciseSin,    \
                                    PreciseCos, Frexp, Modf, Remquo, LgammaR)  \
  extern "C" void __rubicon_math_sincos_##Suffix(T x, T *s, T *c) {            \
    SinCos(x, s, c);                                                           \
  }                                                                            \
  extern "C" void __rubicon_math_sincospi_##Suffix(T x, T *s, T *c) {          \
    *s = T(sinPi<Precise>(x, PreciseSin, PreciseCos));                         \
    *c = T(cosPi<Precise>(x, PreciseSin, PreciseCos));                         \
  }                                                                            \
  extern "C" T __rubicon_math_frexp_##Suffix(T x, int *e) {                    \
    return Frexp(x, e);                                                        \
  }                                                                            \
  extern "C" T __rubicon_math_modf_##Suffix(T x, T *i) { return Modf(x, i); }  \
  extern "C" T __rubicon_math_remquo_##Suffix(T x, T y, int *q) {              \
    return Remquo(x, y, q);                                                    \
  }                                                                            \
  extern "C" T __rubicon_math_lgamma_r_##Suffix(T x, int *s) {                 \
    return LgammaR(x, s);                                                      \
  }
// sincospif in double, as sinpif and cospif.
RUBICON_HOST_POINTER_RESULT(f32, float, sincosf, double, sinDouble, cosDouble,
                            frexpf, modff, remquof, lgammaf_r)
RUBICON_HOST_POINTER_RESULT(f64, double, sincos, double, sin, cos, frexp, modf,
                            remquo, lgamma_r)
#undef RUBICON_HOST_POINTER_RESULT
