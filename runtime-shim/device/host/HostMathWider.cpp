//===- HostMathWider.cpp - C library math in the next wider type ---------===//
//
// Part of Rubicon. The functions of the C library whose error exceeds the
// maximum CUDA documents, computed with the next wider type's function
// (float in double; double in long double, x87's 64-bit significand) and
// rounded once. They replace HostMath.cpp's weak wrappers of the same ocml
// names; tests/e2e/host/accuracy.test measures them (docs/math-accuracy.md).
//
//   C library (x86-64 glibc)    CUDA's bound
//   tgammaf   up to 5.6 ulps    5
//   cbrt      up to 4           1
//   tanh      up to 1.7         1
//   log10     up to 1.6         1
//   cosh      up to 1.6         1   (near its overflow threshold)
//
//===----------------------------------------------------------------------===//

extern "C" double tgamma(double);
extern "C" long double cbrtl(long double), tanhl(long double),
    log10l(long double), coshl(long double);

extern "C" float __ocml_tgamma_f32(float x) { return (float)tgamma(x); }
extern "C" double __ocml_cbrt_f64(double x) { return (double)cbrtl(x); }
extern "C" double __ocml_tanh_f64(double x) { return (double)tanhl(x); }
extern "C" double __ocml_log10_f64(double x) { return (double)log10l(x); }
extern "C" double __ocml_cosh_f64(double x) { return (double)coshl(x); }
