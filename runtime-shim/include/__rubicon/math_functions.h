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
__RUBICON_DEVICE__ void sincospi(float x, float *s, float *c) {
  sincospif(x, s, c);
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

/* norm/rnorm of any number of coordinates and of four: scaled by the power
 * of two of the largest magnitude (exactly) so that no square overflows or
 * underflows; the sum of squares kept as an unevaluated pair of T (the
 * squares exactly, by fma), and the square root or reciprocal square root
 * refined by one Newton step on that pair: within about half an ulp (CUDA
 * allows 1 for rnorm4d, tests/e2e/host/accuracy.test). An infinite
 * coordinate gives +inf (rnorm 0) even beside a NaN. */
template <class T>
__RUBICON_DEVICE__ T __rubicon_norm(int dim, const T *p, bool reciprocal) {
  T largest = 0;
  bool infinite = false, nan = false;
  for (int i = 0; i < dim; ++i) {
    const T a = __builtin_fabs(p[i]);
    infinite |= __builtin_isinf(a);
    nan |= __builtin_isnan(a);
    largest = a > largest ? a : largest;
  }
  if (infinite)
    return reciprocal ? T(0) : T(__builtin_inf());
  if (nan)
    return T(__builtin_nan(""));
  if (largest == T(0))
    return reciprocal ? T(__builtin_inf()) : T(0);
  int exponent;
  (void)__builtin_frexp(static_cast<double>(largest), &exponent);
  T high = 0, low = 0;
  for (int i = 0; i < dim; ++i) {
    const T a = static_cast<T>(__builtin_ldexp(static_cast<double>(p[i]), -exponent));
    const T square = a * a, squareError = __builtin_fma(a, a, -square);
    const T sum = high + square, back = sum - high;
    low += (high - (sum - back)) + (square - back) + squareError;
    high = sum;
  }
  if (!reciprocal) {
    T r = __builtin_sqrt(high);
    r += (__builtin_fma(-r, r, high) + low) / (2 * r);
    return static_cast<T>(__builtin_ldexp(static_cast<double>(r), exponent));
  }
  T r = T(1) / __builtin_sqrt(high);
  const T square = r * r, squareError = __builtin_fma(r, r, -square);
  const T residual =
      __builtin_fma(-high, square, T(1)) - high * squareError - low * square;
  r = __builtin_fma(r * T(0.5), residual, r);
  return static_cast<T>(__builtin_ldexp(static_cast<double>(r), -exponent));
}
__RUBICON_DEVICE__ double norm(int dim, const double *p) {
  return __rubicon_norm(dim, p, false);
}
__RUBICON_DEVICE__ double rnorm(int dim, const double *p) {
  return __rubicon_norm(dim, p, true);
}
__RUBICON_DEVICE__ float normf(int dim, const float *p) {
  return __rubicon_norm(dim, p, false);
}
__RUBICON_DEVICE__ float rnormf(int dim, const float *p) {
  return __rubicon_norm(dim, p, true);
}
#define __RUBICON_NORM4(Name, T, Reciprocal)                                   \
  __RUBICON_DEVICE__ T Name(T a, T b, T c, T d) {                              \
    const T p[4] = {a, b, c, d};                                               \
    return __rubicon_norm(4, p, Reciprocal);                                   \
  }
__RUBICON_NORM4(norm4d, double, false)
__RUBICON_NORM4(rnorm4d, double, true)
__RUBICON_NORM4(norm4df, float, false)
__RUBICON_NORM4(rnorm4df, float, true)
#undef __RUBICON_NORM4

/* Bessel functions of integer order n, in double. Y: forward recurrence
 * from y0, y1 (stable). J: forward recurrence from j0, j1 where |x| > n,
 * else Miller's backward recurrence normalized by j0 or j1, whichever is
 * larger. J_-n = (-1)^n J_n, Y_-n = (-1)^n Y_n, J_n(-x) = (-1)^n J_n(x). */
__RUBICON_DEVICE__ double __rubicon_jn(int n, double x) {
  double sign = 1;
  if (n < 0) {
    n = -n;
    sign = n & 1 ? -1 : 1;
  }
  if (x < 0) {
    x = -x;
    sign *= n & 1 ? -1 : 1;
  }
  if (n == 0)
    return sign * j0(x);
  if (n == 1)
    return sign * j1(x);
  if (__builtin_isnan(x))
    return x;
  if (x == 0 || __builtin_isinf(x))
    return sign * 0.0;
  if (x < 1e-5) {
    /* (x/2)^n / n! (1 - (x/2)^2 / (n + 1)): the recurrences below divide by
     * x, which overflows for the smallest x. */
    const double half = x / 2;
    double term = 1;
    for (int k = 1; k <= n && term != 0; ++k)
      term *= half / k;
    return sign * term * (1 - half * half / (n + 1));
  }
  if (x > n) {
    double previous = j0(x), current = j1(x);
    for (int k = 1; k < n; ++k) {
      const double next = 2 * k / x * current - previous;
      previous = current;
      current = next;
    }
    return sign * current;
  }
  // Start well above n (Miller); rescale whenever the values grow large.
  const int start = 2 * ((n + static_cast<int>(x) + 20) / 2 +
                         static_cast<int>(__builtin_sqrt(40.0 * n)));
  double above = 0, current = 1e-300, atN = 0, at1 = 0;
  for (int k = start; k > 0; --k) {
    const double below = 2 * k / x * current - above;
    above = current;
    current = below;
    if (k - 1 == n)
      atN = current;
    if (k - 1 == 1)
      at1 = current;
    if (__builtin_fabs(current) > 1e250) {
      current *= 1e-250;
      above *= 1e-250;
      atN *= 1e-250;
      at1 *= 1e-250;
    }
  }
  const double j0x = j0(x), j1x = j1(x);
  const double scale =
      __builtin_fabs(j0x) >= __builtin_fabs(j1x) ? j0x / current : j1x / at1;
  return sign * atN * scale;
}
__RUBICON_DEVICE__ double __rubicon_yn(int n, double x) {
  double sign = 1;
  if (n < 0) {
    n = -n;
    sign = n & 1 ? -1 : 1;
  }
  if (n == 0)
    return y0(x);
  if (n == 1)
    return sign * y1(x);
  if (__builtin_isnan(x))
    return x;
  if (x < 0)
    return __builtin_nan("");
  if (x == 0)
    return -__builtin_inf();
  double previous = y0(x), current = y1(x);
  for (int k = 1; k < n && !__builtin_isinf(current); ++k) {
    const double next = 2 * k / x * current - previous;
    previous = current;
    current = next;
  }
  return sign * current;
}
__RUBICON_DEVICE__ double jn(int n, double x) { return __rubicon_jn(n, x); }
__RUBICON_DEVICE__ double yn(int n, double x) { return __rubicon_yn(n, x); }
__RUBICON_DEVICE__ float jnf(int n, float x) {
  return static_cast<float>(__rubicon_jn(n, x));
}
__RUBICON_DEVICE__ float ynf(int n, float x) {
  return static_cast<float>(__rubicon_yn(n, x));
}
__RUBICON_DEVICE__ float jn(int n, float x) { return jnf(n, x); }
__RUBICON_DEVICE__ float yn(int n, float x) { return ynf(n, x); }

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
