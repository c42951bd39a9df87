/*===- __rubicon/math_functions.h - CUDA device math functions -----------===*
 *
 * Part of Rubicon. The CUDA Math API's single- and double-precision functions
 * for device code, on AMD's ocml (linked from the device library).
 *
 * Each function is a static __device__ inline overload of the host library
 * function of the same name, so sinf() in device code calls __ocml_sin_f32
 * and sinf() in host code calls libm. These declarations must come before
 * <cmath>: clang then leaves libstdc++'s constexpr float overloads
 * (std::sin(float), ...) host-only instead of making them __host__ __device__,
 * and the using-declarations below give std::sin etc. the device versions.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_MATH_FUNCTIONS_H
#define RUBICON_INTERNAL_MATH_FUNCTIONS_H

#include "config.h"

#define __RUBICON_EXTERN__ __RUBICON_DEVICE_LIBRARY__

#define __RUBICON_MATH_STD_USING_STD(FloatName, DoubleName)                    \
  namespace std {                                                              \
  using ::DoubleName;                                                          \
  using ::FloatName;                                                           \
  }
#define __RUBICON_MATH_STD_USING_CUDA(FloatName, DoubleName)
/* The float overload of the double name (sin(float)) that <cmath> has. */
#define __RUBICON_MATH_FLOAT_OVERLOAD_STD(Declaration) Declaration
#define __RUBICON_MATH_FLOAT_OVERLOAD_CUDA(Declaration)

#define __RUBICON_MATH_ROW(FloatName, DoubleName, Ocml, Kind, Result,          \
                           Parameters, Arguments, FloatParameters,             \
                           DoubleParameters)                                   \
  __RUBICON_EXTERN__ Result(float) __ocml_##Ocml##_f32 FloatParameters;        \
  __RUBICON_EXTERN__ Result(double)                                            \
      __ocml_##Ocml##_f64 DoubleParameters;                                    \
  __RUBICON_DEVICE__ Result(float) FloatName FloatParameters {                 \
    return __ocml_##Ocml##_f32 Arguments;                                      \
  }                                                                            \
  __RUBICON_DEVICE__ Result(double) DoubleName DoubleParameters {              \
    return __ocml_##Ocml##_f64 Arguments;                                      \
  }                                                                            \
  __RUBICON_MATH_FLOAT_OVERLOAD_##Kind(                                        \
      __RUBICON_DEVICE__ Result(float) DoubleName FloatParameters {            \
        return __ocml_##Ocml##_f32 Arguments;                                  \
      })                                                                       \
  __RUBICON_MATH_STD_USING_##Kind(FloatName, DoubleName)

#define __RUBICON_SAME_TYPE(T) T
#define __RUBICON_INT_TYPE(T) int

#define RUBICON_MATH_1(F, D, Ocml, Kind)                                       \
  __RUBICON_MATH_ROW(F, D, Ocml, Kind, __RUBICON_SAME_TYPE, , (x), (float x),  \
                     (double x))
#define RUBICON_MATH_2(F, D, Ocml, Kind)                                       \
  __RUBICON_MATH_ROW(F, D, Ocml, Kind, __RUBICON_SAME_TYPE, , (x, y),          \
                     (float x, float y), (double x, double y))
#define RUBICON_MATH_3(F, D, Ocml, Kind)                                       \
  __RUBICON_MATH_ROW(F, D, Ocml, Kind, __RUBICON_SAME_TYPE, , (x, y, z),       \
                     (float x, float y, float z),                              \
                     (double x, double y, double z))
#define RUBICON_MATH_INT_RESULT(F, D, Ocml, Kind)                              \
  __RUBICON_MATH_ROW(F, D, Ocml, Kind, __RUBICON_INT_TYPE, , (x), (float x),   \
                     (double x))
#define RUBICON_MATH_INT_ARG(F, D, Ocml, Kind)                                 \
  __RUBICON_MATH_ROW(F, D, Ocml, Kind, __RUBICON_SAME_TYPE, , (x, n),          \
                     (float x, int n), (double x, int n))
#include "math_functions.def"

/* CUDA-only functions CUDA declares __host__ __device__: host overloads on
 * libcudart's copies of the host target's implementations. */
#define RUBICON_HOST_MATH_1(FloatName, DoubleName, Ocml)                       \
  extern "C" __host__ float __cudart_math_##Ocml##_f32(float);                 \
  extern "C" __host__ double __cudart_math_##Ocml##_f64(double);               \
  static __host__ __inline__ float FloatName(float x) {                        \
    return __cudart_math_##Ocml##_f32(x);                                      \
  }                                                                            \
  static __host__ __inline__ double DoubleName(double x) {                     \
    return __cudart_math_##Ocml##_f64(x);                                      \
  }
#include "host_math_functions.def"
extern "C" __host__ void __cudart_math_sincospi_f32(float, float *, float *);
extern "C" __host__ void __cudart_math_sincospi_f64(double, double *,
                                                    double *);
static __host__ __inline__ void sincospif(float x, float *s, float *c) {
  __cudart_math_sincospi_f32(x, s, c);
}
static __host__ __inline__ void sincospi(double x, double *s, double *c) {
  __cudart_math_sincospi_f64(x, s, c);
}

/* Functions with a second result through a pointer: ocml takes a private
 * pointer there, so the device library wraps them (MathSupport.cpp). */
#define __RUBICON_MATH_POINTER_RESULTS(Suffix, T, Tail)                        \
  __RUBICON_EXTERN__ void __rubicon_math_sincos_##Suffix(T, T *, T *);         \
  __RUBICON_EXTERN__ void __rubicon_math_sincospi_##Suffix(T, T *,             \
                                                                   T *);       \
  __RUBICON_EXTERN__ T __rubicon_math_frexp_##Suffix(T, int *);                \
  __RUBICON_EXTERN__ T __rubicon_math_modf_##Suffix(T, T *);                   \
  __RUBICON_EXTERN__ T __rubicon_math_remquo_##Suffix(T, T, int *);            \
  __RUBICON_DEVICE__ void sincos##Tail(T x, T *s, T *c) {                      \
    __rubicon_math_sincos_##Suffix(x, s, c);                                   \
  }                                                                            \
  __RUBICON_DEVICE__ void sincospi##Tail(T x, T *s, T *c) {                    \
    __rubicon_math_sincospi_##Suffix(x, s, c);                                 \
  }                                                                            \
  __RUBICON_DEVICE__ T frexp##Tail(T x, int *e) {                              \
    return __rubicon_math_frexp_##Suffix(x, e);                                \
  }                                                                            \
  __RUBICON_DEVICE__ T modf##Tail(T x, T *i) {                                 \
    return __rubicon_math_modf_##Suffix(x, i);                                 \
  }                                                                            \
  __RUBICON_DEVICE__ T remquo##Tail(T x, T y, int *q) {                        \
    return __rubicon_math_remquo_##Suffix(x, y, q);                            \
  }
__RUBICON_MATH_POINTER_RESULTS(f32, float, f)
__RUBICON_MATH_POINTER_RESULTS(f64, double, )
#undef __RUBICON_MATH_POINTER_RESULTS
__RUBICON_DEVICE__ void sincos(float x, float *s, float *c) {
  sincosf(x, s, c);
}
__RUBICON_DEVICE__ float frexp(float x, int *e) { return frexpf(x, e); }
__RUBICON_DEVICE__ float modf(float x, float *i) { return modff(x, i); }
__RUBICON_DEVICE__ float remquo(float x, float y, int *q) {
  return remquof(x, y, q);
}
namespace std {
using ::frexp;
using ::frexpf;
using ::modf;
using ::modff;
using ::remquo;
using ::remquof;
} // namespace std

/* Rounding to integers. */
__RUBICON_DEVICE__ long lrintf(float x) { return static_cast<long>(rintf(x)); }
__RUBICON_DEVICE__ long lrint(double x) { return static_cast<long>(rint(x)); }
__RUBICON_DEVICE__ long long llrintf(float x) {
  return static_cast<long long>(rintf(x));
}
__RUBICON_DEVICE__ long long llrint(double x) {
  return static_cast<long long>(rint(x));
}
__RUBICON_DEVICE__ long lroundf(float x) {
  return static_cast<long>(roundf(x));
}
__RUBICON_DEVICE__ long lround(double x) { return static_cast<long>(round(x)); }
__RUBICON_DEVICE__ long long llroundf(float x) {
  return static_cast<long long>(roundf(x));
}
__RUBICON_DEVICE__ long long llround(double x) {
  return static_cast<long long>(round(x));
}
__RUBICON_DEVICE__ float scalblnf(float x, long n) {
  return scalbnf(x, n > 0x7fffffff ? 0x7fffffff
                    : n < -0x7fffffff ? -0x7fffffff
                                      : static_cast<int>(n));
}
__RUBICON_DEVICE__ double scalbln(double x, long n) {
  return scalbn(x, n > 0x7fffffff ? 0x7fffffff
                   : n < -0x7fffffff ? -0x7fffffff
                                     : static_cast<int>(n));
}
__RUBICON_DEVICE__ float nanf(const char *) { return __builtin_nanf(""); }
__RUBICON_DEVICE__ double nan(const char *) { return __builtin_nan(""); }

/* Integer absolute values. */
__RUBICON_DEVICE__ int abs(int x) { return x < 0 ? -x : x; }
__RUBICON_DEVICE__ long labs(long x) { return x < 0 ? -x : x; }
__RUBICON_DEVICE__ long long llabs(long long x) { return x < 0 ? -x : x; }

/* Classification (CUDA's double-underscore forms; the C++ ones are constexpr
 * in libstdc++ and therefore usable in device code already). */
__RUBICON_DEVICE__ int __isnanf(float x) { return __builtin_isnan(x); }
__RUBICON_DEVICE__ int __isnan(double x) { return __builtin_isnan(x); }
__RUBICON_DEVICE__ int __isinff(float x) { return __builtin_isinf(x); }
__RUBICON_DEVICE__ int __isinf(double x) { return __builtin_isinf(x); }
__RUBICON_DEVICE__ int __finitef(float x) { return __builtin_isfinite(x); }
__RUBICON_DEVICE__ int __finite(double x) { return __builtin_isfinite(x); }
__RUBICON_DEVICE__ int __signbitf(float x) { return __builtin_signbit(x); }
__RUBICON_DEVICE__ int __signbit(double x) { return __builtin_signbit(x); }

#endif /* RUBICON_INTERNAL_MATH_FUNCTIONS_H */
