//===- MathAccuracy.cpp - ocml functions held to CUDA's error bounds ------===//
//
// Part of Rubicon. The CUDA headers call AMD's ocml for every math function
// (include/__rubicon/math_functions.def). The accuracy suite
// (tests/e2e/host/accuracy.test, run on the gfx mapping as gfx942-emulated)
// finds a few ocml functions over the maximum error the CUDA C++ Programming
// Guide documents; they are replaced here (strong definitions win over the
// library's weak_odr ocml at link time). docs/math-accuracy.md lists them:
//
//   tgammaf, erfinvf       ocml's double function, rounded once to float
//   sinpif, cospif,        (ocml's float tgamma is 1e7 ulps off for negative
//   sincospif              arguments; erfinvf 2.9 ulps; sinpif 1.5 ulps)
//   cyl_bessel_i1 (double) odd symmetry: ocml's is NaN below about -700
//   erfcx (double)         from x = 16 on, the asymptotic series (ocml's is
//                          up to 7 ulps off in [16, 128])

// An ocml function a replacement still calls is renamed `__rubicon_amd_<f>`
// in the library's copy of ocml (CMakeLists.txt, ocml_renamed).
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

#define RUBICON_PRIVATE __attribute__((address_space(5)))

extern "C" double __ocml_tgamma_f64(double);
extern "C" double __ocml_erfinv_f64(double);
extern "C" double __ocml_sinpi_f64(double);
extern "C" double __ocml_cospi_f64(double);
extern "C" double __ocml_sincospi_f64(double, RUBICON_PRIVATE double *);
extern "C" double __rubicon_amd_i1_f64(double);
extern "C" double __rubicon_amd_erfcx_f64(double);

// ---- float functions through ocml's double ones ---------------------------
// A double result within a few double ulps rounds to the float nearest the
// exact value or to its neighbour: within 0.5 + 2^-28 float ulps.
RUBICON_EXPORT float __ocml_tgamma_f32(float x) {
  return (float)__ocml_tgamma_f64(x);
}
RUBICON_EXPORT float __ocml_erfinv_f32(float x) {
  return (float)__ocml_erfinv_f64(x);
}
RUBICON_EXPORT float __ocml_sinpi_f32(float x) {
  return (float)__ocml_sinpi_f64(x);
}
RUBICON_EXPORT float __ocml_cospi_f32(float x) {
  return (float)__ocml_cospi_f64(x);
}
RUBICON_EXPORT float __ocml_sincospi_f32(float x, RUBICON_PRIVATE float *c) {
  double cosine;
  double sine = __ocml_sincospi_f64(x, (RUBICON_PRIVATE double *)&cosine);
  *c = (float)cosine;
  return (float)sine;
}

// ---- cyl_bessel_i1: an odd function --------------------------------------
RUBICON_EXPORT double __ocml_i1_f64(double x) {
  return __builtin_copysign(__rubicon_amd_i1_f64(__builtin_fabs(x)), x);
}

// ---- erfcx for large x ----------------------------------------------------
// erfcx(x) = 1 / (x sqrt(pi)) * sum (-1)^n (2n-1)!! / (2x^2)^n. From x = 16
// on, t = 1 / (2x^2) <= 2^-9 and the terms after n = 12 are below 2^-60 of
// the first; the coefficients are exact doubles.
RUBICON_EXPORT double __ocml_erfcx_f64(double x) {
  if (!(x >= 16))
    return __rubicon_amd_erfcx_f64(x); // NaN too
  constexpr double InvSqrtPi = 0.56418958354775628694807945156077259;
  double t = 0.5 / (x * x); // 0 once x * x overflows: the series is 1
  double s = 316234143225.0; // (2n-1)!! for n = 12, down to n = 0
  constexpr double Coefficients[] = {-13749310575.0, 654729075.0, -34459425.0,
                                     2027025.0,      -135135.0,   10395.0,
                                     -945.0,         105.0,       -15.0,
                                     3.0,            -1.0,        1.0};
  for (double c : Coefficients)
    s = __builtin_fma(s, t, c);
  return s * InvSqrtPi / x;
}

