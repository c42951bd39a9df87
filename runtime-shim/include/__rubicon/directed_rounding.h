/*===- __rubicon/directed_rounding.h - _rd/_ru/_rz arithmetic -------------===*
 *
 * Part of Rubicon. The CUDA Math API's arithmetic and conversions in the
 * directed IEEE rounding modes: __fadd_rd ... __fma_rz, __fmaf_ieee_*,
 * __int2float_ru ... __double2float_rz. Each is computed exactly, the same
 * way on every target (no floating-point mode is changed): the
 * round-to-nearest result r and the sign of (exact - r), from an error-free
 * transformation (TwoSum, an fma remainder) or from arithmetic in double for
 * float, then one step to the neighbouring value when the mode asks for it.
 * An overflow to infinity from finite operands is an exact value beyond the
 * largest finite one.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_DIRECTED_ROUNDING_H
#define RUBICON_INTERNAL_DIRECTED_ROUNDING_H

#include "config.h"

enum __rubicon_rounding { __rubicon_down, __rubicon_up, __rubicon_zero };

template <class T> struct __rubicon_float_bits;
template <> struct __rubicon_float_bits<float> {
  typedef int Int;
};
template <> struct __rubicon_float_bits<double> {
  typedef long long Int;
};

/* The neighbour of x (not NaN) toward +inf or -inf. */
template <class T> __RUBICON_DEVICE__ T __rubicon_next_up(T x) {
  typedef typename __rubicon_float_bits<T>::Int I;
  if (x == T(0))
    return __builtin_bit_cast(T, I(1));
  I bits = __builtin_bit_cast(I, x);
  if (x == __builtin_inf())
    return x;
  return __builtin_bit_cast(T, bits < 0 ? bits - 1 : bits + 1);
}
template <class T> __RUBICON_DEVICE__ T __rubicon_next_down(T x) {
  return -__rubicon_next_up(-x);
}

/* r rounded to nearest, err a value with the sign of (exact - r) (0: r is
 * exact; NaN: no adjustment), finite: whether the operands were finite. */
template <__rubicon_rounding Mode, class T>
__RUBICON_DEVICE__ T __rubicon_directed(T r, double err, bool finite) {
  if (finite && __builtin_isinf(r)) // overflow: |exact| is finite
    err = -r;
  const bool below = err < 0.0, above = err > 0.0;
  if (Mode == __rubicon_down)
    return below ? __rubicon_next_down(r) : r;
  if (Mode == __rubicon_up)
    return above ? __rubicon_next_up(r) : r;
  if (below && r > T(0))
    return __rubicon_next_down(r);
  if (above && r < T(0))
    return __rubicon_next_up(r);
  return r;
}

/* Knuth's TwoSum: s + e == a + b exactly (no overflow). */
struct __rubicon_two_sum_result {
  double s, e;
};
__RUBICON_DEVICE__ __rubicon_two_sum_result __rubicon_two_sum(double a,
                                                              double b) {
  _Pragma("clang fp contract(off)");
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

/* The double w + e (e: a remainder of smaller magnitude, or 0) rounded to
 * float in Mode. */
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_narrow(double w, double e, bool finite) {
  const float near = static_cast<float>(w);
  const double back = near;
  // w is within half an ulp (of double) of the exact value, back is a
  // different double when not equal to w: exact - back has the sign of
  // w - back then.
  return __rubicon_directed<Mode>(near, back != w ? w - back : e,
                                  finite && !__builtin_isinf(w));
}

__RUBICON_DEVICE__ bool __rubicon_finite(double a) {
  return __builtin_isfinite(a);
}

/* ---- float: exact in double, rounded once. ------------------------------ */
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_fadd(float a, float b) {
  _Pragma("clang fp contract(off)");
  const __rubicon_two_sum_result t = __rubicon_two_sum(a, b);
  if (Mode == __rubicon_down && t.s == 0.0 && t.e == 0.0)
    return -(-a + -b); // an exact zero sum is -0 when rounding down
  return __rubicon_narrow<Mode>(t.s, t.e, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_fmul(float a, float b) {
  _Pragma("clang fp contract(off)");
  return __rubicon_narrow<Mode>(static_cast<double>(a) * b, 0.0, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_fdiv(float a, float b) {
  _Pragma("clang fp contract(off)");
  const double q = static_cast<double>(a) / b;
  // a - q*b is exact; the exact quotient is q + (a - q*b) / b.
  const double rem = __builtin_fma(-q, static_cast<double>(b), a);
  return __rubicon_narrow<Mode>(q, rem * b, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_fsqrt(float a) {
  const double s = __builtin_sqrt(static_cast<double>(a));
  return __rubicon_narrow<Mode>(s, __builtin_fma(-s, s, a), true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_fmaf(float a, float b, float c) {
  _Pragma("clang fp contract(off)");
  const double p = static_cast<double>(a) * b; // exact
  const __rubicon_two_sum_result t = __rubicon_two_sum(p, c);
  if (Mode == __rubicon_down && t.s == 0.0 && t.e == 0.0)
    return static_cast<float>(-(-p + -static_cast<double>(c)));
  return __rubicon_narrow<Mode>(t.s, t.e, true);
}

/* ---- double: error-free transformations. -------------------------------- */
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_dadd(double a, double b) {
  _Pragma("clang fp contract(off)");
  const __rubicon_two_sum_result t = __rubicon_two_sum(a, b);
  if (Mode == __rubicon_down && t.s == 0.0 && t.e == 0.0)
    return -(-a + -b);
  return __rubicon_directed<Mode>(t.s, t.e,
                                  __rubicon_finite(a) && __rubicon_finite(b));
}

/* A value with the sign of (a * b - p) for p = RN(a * b) (finite a, b),
 * also when the product is below the normal range and fma(a, b, -p) is not
 * exact: then the product is scaled by 2^600 and compared with p * 2^600. */
__RUBICON_DEVICE__ double __rubicon_product_error(double a, double b,
                                                  double p) {
  _Pragma("clang fp contract(off)");
  if (!(__builtin_fabs(p) < 0x1p-900))
    return __builtin_fma(a, b, -p);
  if (a == 0.0 || b == 0.0)
    return 0.0;
  if (__builtin_fabs(a) > __builtin_fabs(b)) { // scale the smaller one
    const double t = a;
    a = b;
    b = t;
  }
  const double as = a * 0x1p600, ps = as * b;
  if (__builtin_fabs(ps) < 0x1p-900) // |a * b| < 2^-1500: p is a zero
    return __builtin_copysign(1.0, a) * __builtin_copysign(1.0, b);
  // ps + e == a * b * 2^600 exactly; p * 2^600 is exact and close to ps.
  const double d = ps - p * 0x1p600, e = __builtin_fma(as, b, -ps);
  return d != 0.0 ? d : e;
}

template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_dmul(double a, double b) {
  _Pragma("clang fp contract(off)");
  const double p = a * b;
  return __rubicon_directed<Mode>(p, __rubicon_product_error(a, b, p),
                                  __rubicon_finite(a) && __rubicon_finite(b));
}

/* a / b: the remainder a - q*b is exact when it stays in the normal range:
 * a small a is scaled up by 2^200 first (q with it, exactly, when q is
 * normal); a quotient below the normal range is recomputed scaled by 2^600
 * and compared with q * 2^600. */
__RUBICON_DEVICE__ double __rubicon_sign(double x) {
  return x == 0.0 ? 0.0 : __builtin_copysign(1.0, x);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_ddiv(double a, double b) {
  _Pragma("clang fp contract(off)");
  const double q = a / b;
  if (!__rubicon_finite(a) || !__rubicon_finite(b) || a == 0.0 || b == 0.0)
    return q; // exact: NaN, an infinity, a zero
  double err;
  if (__builtin_fabs(q) >= 0x1p-1000) {
    double as = a, qs = q;
    if (__builtin_fabs(a) < 0x1p-900 && __builtin_isfinite(q)) {
      as = a * 0x1p200;
      qs = q * 0x1p200;
    }
    err = __rubicon_sign(__builtin_fma(-qs, b, as)) * __rubicon_sign(b);
  } else {
    // |b| > 2^1000 |a|: scale a up if it is small, else b down.
    double as = a, bs = b;
    if (__builtin_fabs(a) < 1.0)
      as = a * 0x1p600;
    else
      bs = b * 0x1p-600;
    const double qq = as / bs; // RN(exact * 2^600)
    if (__builtin_fabs(qq) < 0x1p-1000) {
      err = __rubicon_sign(a) * __rubicon_sign(b); // q is a zero
    } else {
      const double d = qq - q * 0x1p600; // exact: close values
      err = d != 0.0 ? d
                     : __rubicon_sign(__builtin_fma(-qq, bs, as)) *
                           __rubicon_sign(bs);
    }
  }
  return __rubicon_directed<Mode>(q, err, true);
}

template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_dsqrt(double a) {
  const double s = __builtin_sqrt(a);
  double err;
  if (a < 0x1p-900 && a > 0.0) { // s*s would leave the normal range
    const double ss = s * 0x1p300;
    err = __builtin_fma(-ss, ss, a * 0x1p600);
  } else {
    err = __builtin_fma(-s, s, a);
  }
  return __rubicon_directed<Mode>(s, err, __rubicon_finite(a));
}

/* fma(a, b, c). With p + pe == a*b (pe exact while p is not tiny) and
 * TwoSums, the exact value is H + k + n, H within an ulp of r = RN(fma):
 * exact - r = (H - r) + k + n, H - r exact. A tiny product is scaled by
 * 2^600 with c (and r) when c allows it; beside a large c it only decides
 * the direction. */
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_dfma(double a, double b, double c) {
  _Pragma("clang fp contract(off)");
  const double r = __builtin_fma(a, b, c);
  if (!__rubicon_finite(a) || !__rubicon_finite(b) || !__rubicon_finite(c))
    return r;
  double p = a * b;
  if (a == 0.0 || b == 0.0) { // exactly c + (a signed zero)
    if (Mode == __rubicon_down && c == 0.0)
      return -(-p + -c);
    return r;
  }
  double rs = r;
  if (__builtin_fabs(p) < 0x1p-900) {
    if (!(__builtin_fabs(c) < 0x1p400)) // r == c; |a*b| < ulp(c) / 2
      return __rubicon_directed<Mode>(
          r, __rubicon_sign(a) * __rubicon_sign(b), true);
    if (__builtin_fabs(a) < __builtin_fabs(b))
      a *= 0x1p600;
    else
      b *= 0x1p600;
    c *= 0x1p600;
    rs = r * 0x1p600; // exact
    p = a * b;
    if (__builtin_fabs(p) < 0x1p-900) // |a*b| < 2^-1500
      return __rubicon_directed<Mode>(
          r, __rubicon_sign(a) * __rubicon_sign(b), true);
  }
  const double pe = __builtin_fma(a, b, -p); // exact
  const __rubicon_two_sum_result hl = __rubicon_two_sum(p, c);
  const __rubicon_two_sum_result mn = __rubicon_two_sum(hl.e, pe);
  const __rubicon_two_sum_result hk = __rubicon_two_sum(hl.s, mn.s);
  const __rubicon_two_sum_result uv = __rubicon_two_sum(hk.e, mn.e);
  const double d = hk.s - rs; // exact: equal or neighbouring values
  const double du = d + uv.s; // exact when it cancels
  const double err = du != 0.0 ? du : uv.e;
  if (Mode == __rubicon_down && r == 0.0 && err == 0.0)
    return -0.0; // an exact zero sum of nonzero terms
  return __rubicon_directed<Mode>(r, err, true);
}

/* ---- Integer to floating point. ----------------------------------------- */
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_ll2double(long long x) {
  // hi * 2^32 and lo are exact doubles; their TwoSum is x exactly.
  const double hi = static_cast<double>(x >> 32) * 0x1p32;
  const double lo = static_cast<double>(x & 0xffffffffll);
  const __rubicon_two_sum_result t = __rubicon_two_sum(hi, lo);
  return __rubicon_directed<Mode>(t.s, t.e, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ double __rubicon_ull2double(unsigned long long x) {
  const double hi = static_cast<double>(x >> 32) * 0x1p32;
  const double lo = static_cast<double>(x & 0xffffffffull);
  const __rubicon_two_sum_result t = __rubicon_two_sum(hi, lo);
  return __rubicon_directed<Mode>(t.s, t.e, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_ll2float(long long x) {
  const double hi = static_cast<double>(x >> 32) * 0x1p32;
  const double lo = static_cast<double>(x & 0xffffffffll);
  const __rubicon_two_sum_result t = __rubicon_two_sum(hi, lo);
  return __rubicon_narrow<Mode>(t.s, t.e, true);
}
template <__rubicon_rounding Mode>
__RUBICON_DEVICE__ float __rubicon_ull2float(unsigned long long x) {
  const double hi = static_cast<double>(x >> 32) * 0x1p32;
  const double lo = static_cast<double>(x & 0xffffffffull);
  const __rubicon_two_sum_result t = __rubicon_two_sum(hi, lo);
  return __rubicon_narrow<Mode>(t.s, t.e, true);
}

/* Name_rd, Name_ru, Name_rz(Parameters) calling Implementation<Mode>(Args). */
#define __RUBICON_DIRECTED(Name, T, Implementation, Parameters, Arguments)      \
  __RUBICON_DEVICE__ T Name##_rd Parameters {                                  \
    return Implementation<__rubicon_down> Arguments;                           \
  }                                                                            \
  __RUBICON_DEVICE__ T Name##_ru Parameters {                                  \
    return Implementation<__rubicon_up> Arguments;                             \
  }                                                                            \
  __RUBICON_DEVICE__ T Name##_rz Parameters {                                  \
    return Implementation<__rubicon_zero> Arguments;                           \
  }
__RUBICON_DIRECTED(__fadd, float, __rubicon_fadd, (float a, float b), (a, b))
__RUBICON_DIRECTED(__fsub, float, __rubicon_fadd, (float a, float b), (a, -b))
__RUBICON_DIRECTED(__fmul, float, __rubicon_fmul, (float a, float b), (a, b))
__RUBICON_DIRECTED(__fdiv, float, __rubicon_fdiv, (float a, float b), (a, b))
__RUBICON_DIRECTED(__frcp, float, __rubicon_fdiv, (float a), (1.0f, a))
__RUBICON_DIRECTED(__fsqrt, float, __rubicon_fsqrt, (float a), (a))
__RUBICON_DIRECTED(__fmaf, float, __rubicon_fmaf, (float a, float b, float c),
                   (a, b, c))
__RUBICON_DIRECTED(__fmaf_ieee, float, __rubicon_fmaf,
                   (float a, float b, float c), (a, b, c))
__RUBICON_DIRECTED(__dadd, double, __rubicon_dadd, (double a, double b), (a, b))
__RUBICON_DIRECTED(__dsub, double, __rubicon_dadd, (double a, double b),
                   (a, -b))
__RUBICON_DIRECTED(__dmul, double, __rubicon_dmul, (double a, double b), (a, b))
__RUBICON_DIRECTED(__ddiv, double, __rubicon_ddiv, (double a, double b), (a, b))
__RUBICON_DIRECTED(__drcp, double, __rubicon_ddiv, (double a), (1.0, a))
__RUBICON_DIRECTED(__dsqrt, double, __rubicon_dsqrt, (double a), (a))
__RUBICON_DIRECTED(__fma, double, __rubicon_dfma,
                   (double a, double b, double c), (a, b, c))
__RUBICON_DIRECTED(__int2float, float, __rubicon_narrow,
                   (int x), (static_cast<double>(x), 0.0, true))
__RUBICON_DIRECTED(__uint2float, float, __rubicon_narrow,
                   (unsigned int x), (static_cast<double>(x), 0.0, true))
__RUBICON_DIRECTED(__ll2float, float, __rubicon_ll2float, (long long x), (x))
__RUBICON_DIRECTED(__ull2float, float, __rubicon_ull2float,
                   (unsigned long long x), (x))
__RUBICON_DIRECTED(__ll2double, double, __rubicon_ll2double, (long long x),
                   (x))
__RUBICON_DIRECTED(__ull2double, double, __rubicon_ull2double,
                   (unsigned long long x), (x))
__RUBICON_DIRECTED(__double2float, float, __rubicon_narrow, (double x),
                   (x, 0.0, __rubicon_finite(x)))
#undef __RUBICON_DIRECTED
__RUBICON_DEVICE__ float __fmaf_ieee_rn(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}

#endif /* RUBICON_INTERNAL_DIRECTED_ROUNDING_H */
