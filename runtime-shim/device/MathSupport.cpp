//===- MathSupport.cpp - ocml functions with result pointers --------------===//
//
// Part of Rubicon. ocml's functions that return a second result through a
// pointer take a private (addrspace 5) pointer; CUDA's sincosf, frexpf, modff,
// remquof, ... take generic pointers. The headers call these wrappers, which
// take generic pointers and use a private temporary. All other math functions
// are called by the headers directly in ocml.
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

#define RUBICON_PRIVATE __attribute__((address_space(5)))

template <class T> static inline RUBICON_PRIVATE T *privateAddress(T &value) {
  return (RUBICON_PRIVATE T *)&value;
}

// ocml's pointer-result functions for one floating-point type: the function,
// its result pointer's type, and the name of the wrapper.
#define RUBICON_OCML_POINTER_RESULT(Suffix, Float)                             \
  extern "C" Float __ocml_sincos_##Suffix(Float, RUBICON_PRIVATE Float *);     \
  extern "C" Float __ocml_sincospi_##Suffix(Float, RUBICON_PRIVATE Float *);   \
  extern "C" Float __ocml_frexp_##Suffix(Float, RUBICON_PRIVATE int *);        \
  extern "C" Float __ocml_modf_##Suffix(Float, RUBICON_PRIVATE Float *);       \
  extern "C" Float __ocml_remquo_##Suffix(Float, Float,                        \
                                          RUBICON_PRIVATE int *);              \
  extern "C" Float __ocml_lgamma_r_##Suffix(Float, RUBICON_PRIVATE int *);     \
  RUBICON_EXPORT void __rubicon_math_sincos_##Suffix(Float x, Float *sine,     \
                                                     Float *cosine) {          \
    Float c;                                                                   \
    *sine = __ocml_sincos_##Suffix(x, privateAddress(c));                      \
    *cosine = c;                                                               \
  }                                                                            \
  RUBICON_EXPORT void __rubicon_math_sincospi_##Suffix(Float x, Float *sine,   \
                                                       Float *cosine) {        \
    Float c;                                                                   \
    *sine = __ocml_sincospi_##Suffix(x, privateAddress(c));                    \
    *cosine = c;                                                               \
  }                                                                            \
  RUBICON_EXPORT Float __rubicon_math_frexp_##Suffix(Float x, int *exponent) { \
    int e;                                                                     \
    Float mantissa = __ocml_frexp_##Suffix(x, privateAddress(e));              \
    *exponent = e;                                                             \
    return mantissa;                                                           \
  }                                                                            \
  RUBICON_EXPORT Float __rubicon_math_modf_##Suffix(Float x,                   \
                                                    Float *integral) {         \
    Float i;                                                                   \
    Float fraction = __ocml_modf_##Suffix(x, privateAddress(i));               \
    *integral = i;                                                             \
    return fraction;                                                           \
  }                                                                            \
  RUBICON_EXPORT Float __rubicon_math_remquo_##Suffix(Float x, Float y,        \
                                                      int *quotient) {         \
    int q;                                                                     \
    Float remainder = __ocml_remquo_##Suffix(x, y, privateAddress(q));         \
    *quotient = q;                                                             \
    return remainder;                                                          \
  }                                                                            \
  RUBICON_EXPORT Float __rubicon_math_lgamma_r_##Suffix(Float x, int *sign) {  \
    int s;                                                                     \
    Float result = __ocml_lgamma_r_##Suffix(x, privateAddress(s));             \
    *sign = s;                                                                 \
    return result;                                                             \
  }

RUBICON_OCML_POINTER_RESULT(f32, float)
RUBICON_OCML_POINTER_RESULT(f64, double)

// C's scalbln/scalblnf, which libstdc++'s std::scalbln(float, long) calls
// by name (__builtin_scalblnf): an exponent beyond int's range saturates
// (the result is then 0 or infinite whatever the clamp).
static inline int clampExponent(long n) {
  return n > 0x7fffffff ? 0x7fffffff : n < -0x7fffffff ? -0x7fffffff : int(n);
}
RUBICON_EXPORT float scalblnf(float x, long n) {
  return __builtin_ldexpf(x, clampExponent(n));
}
RUBICON_EXPORT double scalbln(double x, long n) {
  return __builtin_ldexp(x, clampExponent(n));
}
