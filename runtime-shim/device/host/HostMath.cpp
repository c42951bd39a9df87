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

// The ocml names for STD rows.
#define RUBICON_MATH_1_STD(F, D, O)                                            \
  extern "C" float __ocml_##O##_f32(float x) { return F(x); }                  \
  extern "C" double __ocml_##O##_f64(double x) { return D(x); }
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

namespace {
template <typename T> T pi() { return T(3.14159265358979323846); }
} // namespace

#define RUBICON_HOST_CUDA_MATH(Suffix, T, Sin, Cos, Sqrt, Cbrt, Pow, Erfc,     \
                               Hypot, J0, J1, Y0, Y1)                          \
  extern "C" T __ocml_cospi_##Suffix(T x) { return Cos(pi<T>() * x); }         \
  extern "C" T __ocml_sinpi_##Suffix(T x) { return Sin(pi<T>() * x); }         \
  extern "C" T __ocml_rsqrt_##Suffix(T x) { return T(1) / Sqrt(x); }           \
  extern "C" T __ocml_rcbrt_##Suffix(T x) { return T(1) / Cbrt(x); }           \
  extern "C" T __ocml_exp10_##Suffix(T x) { return Pow(T(10), x); }            \
  extern "C" T __ocml_ncdf_##Suffix(T x) {                                     \
    return T(0.5) * Erfc(-x * T(0.70710678118654752440));                      \
  }                                                                            \
  extern "C" T __ocml_rhypot_##Suffix(T x, T y) { return T(1) / Hypot(x, y); } \
  extern "C" T __ocml_len3_##Suffix(T x, T y, T z) {                           \
    return Sqrt(x * x + y * y + z * z);                                        \
  }                                                                            \
  extern "C" T __ocml_rlen3_##Suffix(T x, T y, T z) {                          \
    return T(1) / Sqrt(x * x + y * y + z * z);                                 \
  }                                                                            \
  extern "C" T __ocml_j0_##Suffix(T x) { return J0(x); }                       \
  extern "C" T __ocml_j1_##Suffix(T x) { return J1(x); }                       \
  extern "C" T __ocml_y0_##Suffix(T x) { return Y0(x); }                       \
  extern "C" T __ocml_y1_##Suffix(T x) { return Y1(x); }
RUBICON_HOST_CUDA_MATH(f32, float, sinf, cosf, sqrtf, cbrtf, powf, erfcf,
                       hypotf, j0f, j1f, y0f, y1f)
RUBICON_HOST_CUDA_MATH(f64, double, sin, cos, sqrt, cbrt, pow, erfc, hypot, j0,
                       j1, y0, y1)
#undef RUBICON_HOST_CUDA_MATH

// The fast "native" forms the intrinsics (__expf, __sinf, ...) call.
extern "C" float exp2f(float), log2f(float), log10f(float), expf(float),
    logf(float), sinf(float), cosf(float), powf(float, float);
extern "C" float __ocml_native_exp_f32(float x) { return expf(x); }
extern "C" float __ocml_native_exp2_f32(float x) { return exp2f(x); }
extern "C" float __ocml_native_exp10_f32(float x) { return powf(10.0f, x); }
extern "C" float __ocml_native_log_f32(float x) { return logf(x); }
extern "C" float __ocml_native_log2_f32(float x) { return log2f(x); }
extern "C" float __ocml_native_log10_f32(float x) { return log10f(x); }
extern "C" float __ocml_native_sin_f32(float x) { return sinf(x); }
extern "C" float __ocml_native_cos_f32(float x) { return cosf(x); }

// Functions with a second result through a pointer.
extern "C" void sincosf(float, float *, float *);
extern "C" void sincos(double, double *, double *);
extern "C" float frexpf(float, int *), modff(float, float *),
    remquof(float, float, int *), lgammaf_r(float, int *);
extern "C" double frexp(double, int *), modf(double, double *),
    remquo(double, double, int *), lgamma_r(double, int *);

#define RUBICON_HOST_POINTER_RESULT(Suffix, T, SinCos, Sin, Cos, Frexp, Modf,  \
                                    Remquo, LgammaR)                           \
  extern "C" void __rubicon_math_sincos_##Suffix(T x, T *s, T *c) {            \
    SinCos(x, s, c);                                                           \
  }                                                                            \
  extern "C" void __rubicon_math_sincospi_##Suffix(T x, T *s, T *c) {          \
    *s = Sin(pi<T>() * x);                                                     \
    *c = Cos(pi<T>() * x);                                                     \
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
RUBICON_HOST_POINTER_RESULT(f32, float, sincosf, sinf, cosf, frexpf, modff,
                            remquof, lgammaf_r)
RUBICON_HOST_POINTER_RESULT(f64, double, sincos, sin, cos, frexp, modf, remquo,
                            lgamma_r)
#undef RUBICON_HOST_POINTER_RESULT
