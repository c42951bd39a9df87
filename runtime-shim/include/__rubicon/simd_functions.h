/*===- __rubicon/simd_functions.h - CUDA SIMD video intrinsics -----------===*
 *
 * Part of Rubicon. CUDA Math API "SIMD Intrinsics": operations on the two
 * halfwords or four bytes of a 32-bit word (rows of simd_functions.def), and
 * the 32-bit and 16x2 three-operand min/max family (__viaddmax_s32,
 * __vimax3_u16x2, __vibmin_s16x2, ...). Written on clang's extended vectors,
 * which gfx942 selects as packed 16-bit instructions (v_pk_add_u16,
 * v_pk_max_i16, ...).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_SIMD_FUNCTIONS_H
#define RUBICON_INTERNAL_SIMD_FUNCTIONS_H

#include "config.h"

template <int Lanes> struct __rubicon_simd_lanes;
template <> struct __rubicon_simd_lanes<2> {
  typedef short Signed __attribute__((ext_vector_type(2)));
  typedef unsigned short Unsigned __attribute__((ext_vector_type(2)));
  typedef int Wide __attribute__((ext_vector_type(2)));
  static constexpr short Max = 0x7fff;
};
template <> struct __rubicon_simd_lanes<4> {
  typedef signed char Signed __attribute__((ext_vector_type(4)));
  typedef unsigned char Unsigned __attribute__((ext_vector_type(4)));
  typedef int Wide __attribute__((ext_vector_type(4)));
  static constexpr signed char Max = 0x7f;
};

/* The lanes of x and y under the names the .def expressions use. */
#define __RUBICON_SIMD_LANES(Lanes)                                            \
  typedef typename __rubicon_simd_lanes<Lanes>::Signed S;                      \
  typedef typename __rubicon_simd_lanes<Lanes>::Unsigned U;                    \
  typedef typename __rubicon_simd_lanes<Lanes>::Wide W;                        \
  [[maybe_unused]] const S smax = (S)(__rubicon_simd_lanes<Lanes>::Max);       \
  [[maybe_unused]] const S sa = __builtin_bit_cast(S, x);                      \
  [[maybe_unused]] const S sb = __builtin_bit_cast(S, y);                      \
  [[maybe_unused]] const U ua = __builtin_bit_cast(U, x);                      \
  [[maybe_unused]] const U ub = __builtin_bit_cast(U, y);                      \
  [[maybe_unused]] const W wsa = __builtin_convertvector(sa, W);               \
  [[maybe_unused]] const W wsb = __builtin_convertvector(sb, W);               \
  [[maybe_unused]] const W wua = __builtin_convertvector(ua, W);               \
  [[maybe_unused]] const W wub = __builtin_convertvector(ub, W);
#define NARROW(w) __builtin_convertvector(w, U)

#define __RUBICON_SIMD_DEFINE(Name, Lanes, Result, Expression)                 \
  __RUBICON_DEVICE__ unsigned int Name##Lanes(unsigned int x,                  \
                                              unsigned int y) {                \
    __RUBICON_SIMD_LANES(Lanes)                                                \
    return Result(Expression);                                                 \
  }
#define __RUBICON_SIMD_BITS(v) __builtin_bit_cast(unsigned int, v)
#define __RUBICON_SIMD_SUM(v) static_cast<unsigned int>(__builtin_reduce_add(v))

#define RUBICON_SIMD_BINARY(Name, Expression)                                  \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 2, __RUBICON_SIMD_BITS,          \
                        Expression)                                            \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 4, __RUBICON_SIMD_BITS,          \
                        Expression)                                            \
  __RUBICON_DEVICE__ unsigned int Name##2(unsigned int a, unsigned int b) {    \
    return __rubicon_simd##Name##2(a, b);                                      \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##4(unsigned int a, unsigned int b) {    \
    return __rubicon_simd##Name##4(a, b);                                      \
  }
#define RUBICON_SIMD_UNARY(Name, Expression)                                   \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 2, __RUBICON_SIMD_BITS,          \
                        Expression)                                            \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 4, __RUBICON_SIMD_BITS,          \
                        Expression)                                            \
  __RUBICON_DEVICE__ unsigned int Name##2(unsigned int a) {                    \
    return __rubicon_simd##Name##2(a, 0);                                      \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##4(unsigned int a) {                    \
    return __rubicon_simd##Name##4(a, 0);                                      \
  }
#define RUBICON_SIMD_REDUCE(Name, Expression)                                  \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 2, __RUBICON_SIMD_SUM,           \
                        Expression)                                            \
  __RUBICON_SIMD_DEFINE(__rubicon_simd##Name, 4, __RUBICON_SIMD_SUM,           \
                        Expression)                                            \
  __RUBICON_DEVICE__ unsigned int Name##2(unsigned int a, unsigned int b) {    \
    return __rubicon_simd##Name##2(a, b);                                      \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##4(unsigned int a, unsigned int b) {    \
    return __rubicon_simd##Name##4(a, b);                                      \
  }
#include "simd_functions.def"
#undef __RUBICON_SIMD_DEFINE
#undef __RUBICON_SIMD_BITS
#undef __RUBICON_SIMD_SUM
#undef __RUBICON_SIMD_LANES
#undef NARROW

/* ---- 32-bit and 16x2 min/max of sums and of three values. ---------------
 * __viaddmax_X(a, b, c) = max(a + b, c) (the sum wraps around in each lane),
 * __viaddmin_X = min(a + b, c), __vimax3_X(a, b, c) = max(a, b, c),
 * __vimin3_X = min(a, b, c), __vimax_X_relu(a, b) = max(a, b, 0); the _relu
 * forms clamp the result at 0 from below. __vibmax_X(a, b, p) = max(a, b)
 * and sets *p to a >= b (__vibmin: min, a <= b); the 16x2 forms set
 * *pred_hi and *pred_lo for the high and low halfwords. */
typedef short __rubicon_s16x2 __attribute__((ext_vector_type(2)));
typedef unsigned short __rubicon_u16x2 __attribute__((ext_vector_type(2)));

__RUBICON_DEVICE__ int __rubicon_simd_wrapping_add(int a, int b) {
  return static_cast<int>(static_cast<unsigned int>(a) +
                          static_cast<unsigned int>(b));
}
__RUBICON_DEVICE__ unsigned int __rubicon_simd_wrapping_add(unsigned int a,
                                                            unsigned int b) {
  return a + b;
}
__RUBICON_DEVICE__ __rubicon_s16x2 __rubicon_simd_wrapping_add(__rubicon_s16x2 a,
                                                              __rubicon_s16x2 b) {
  return __builtin_bit_cast(__rubicon_s16x2,
                            __builtin_bit_cast(__rubicon_u16x2, a) +
                                __builtin_bit_cast(__rubicon_u16x2, b));
}
__RUBICON_DEVICE__ __rubicon_u16x2 __rubicon_simd_wrapping_add(__rubicon_u16x2 a,
                                                              __rubicon_u16x2 b) {
  return a + b;
}
template <class T> __RUBICON_DEVICE__ T __rubicon_simd_relu(T a) {
  return __builtin_elementwise_max(a, T());
}

/* Name_Suffix(a, b, c) for Suffix = s32 (int), u32, s16x2, u16x2, with the
 * _relu forms for the signed ones. */
#define __RUBICON_SIMD_3(Name, Expression)                                     \
  __RUBICON_DEVICE__ int Name##_s32(const int a, const int b, const int c) {   \
    return Expression;                                                         \
  }                                                                            \
  __RUBICON_DEVICE__ int Name##_s32_relu(const int a, const int b,             \
                                         const int c) {                        \
    return __rubicon_simd_relu(Expression);                                    \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_u32(                                  \
      const unsigned int a, const unsigned int b, const unsigned int c) {      \
    return Expression;                                                         \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_s16x2(                                \
      const unsigned int x, const unsigned int y, const unsigned int z) {      \
    const __rubicon_s16x2 a = __builtin_bit_cast(__rubicon_s16x2, x),          \
                          b = __builtin_bit_cast(__rubicon_s16x2, y),          \
                          c = __builtin_bit_cast(__rubicon_s16x2, z);          \
    return __builtin_bit_cast(unsigned int, Expression);                       \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_s16x2_relu(                           \
      const unsigned int x, const unsigned int y, const unsigned int z) {      \
    const __rubicon_s16x2 a = __builtin_bit_cast(__rubicon_s16x2, x),          \
                          b = __builtin_bit_cast(__rubicon_s16x2, y),          \
                          c = __builtin_bit_cast(__rubicon_s16x2, z);          \
    return __builtin_bit_cast(unsigned int, __rubicon_simd_relu(Expression));  \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_u16x2(                                \
      const unsigned int x, const unsigned int y, const unsigned int z) {      \
    const __rubicon_u16x2 a = __builtin_bit_cast(__rubicon_u16x2, x),          \
                          b = __builtin_bit_cast(__rubicon_u16x2, y),          \
                          c = __builtin_bit_cast(__rubicon_u16x2, z);          \
    return __builtin_bit_cast(unsigned int, Expression);                       \
  }
__RUBICON_SIMD_3(__viaddmax, __builtin_elementwise_max(
                                 __rubicon_simd_wrapping_add(a, b), c))
__RUBICON_SIMD_3(__viaddmin, __builtin_elementwise_min(
                                 __rubicon_simd_wrapping_add(a, b), c))
__RUBICON_SIMD_3(__vimax3, __builtin_elementwise_max(
                               __builtin_elementwise_max(a, b), c))
__RUBICON_SIMD_3(__vimin3, __builtin_elementwise_min(
                               __builtin_elementwise_min(a, b), c))
#undef __RUBICON_SIMD_3

#define __RUBICON_SIMD_RELU_2(Name, Op)                                        \
  __RUBICON_DEVICE__ int Name##_s32_relu(const int a, const int b) {           \
    return __rubicon_simd_relu(Op(a, b));                                      \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_s16x2_relu(const unsigned int a,      \
                                                    const unsigned int b) {    \
    return __builtin_bit_cast(                                                 \
        unsigned int,                                                          \
        __rubicon_simd_relu(Op(__builtin_bit_cast(__rubicon_s16x2, a),         \
                               __builtin_bit_cast(__rubicon_s16x2, b))));      \
  }
__RUBICON_SIMD_RELU_2(__vimax, __builtin_elementwise_max)
__RUBICON_SIMD_RELU_2(__vimin, __builtin_elementwise_min)
#undef __RUBICON_SIMD_RELU_2

#define __RUBICON_SIMD_SELECT(Name, Op, Compare)                               \
  __RUBICON_DEVICE__ int Name##_s32(const int a, const int b,                  \
                                    bool *const pred) {                        \
    *pred = a Compare b;                                                       \
    return Op(a, b);                                                           \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_u32(                                  \
      const unsigned int a, const unsigned int b, bool *const pred) {          \
    *pred = a Compare b;                                                       \
    return Op(a, b);                                                           \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_s16x2(                                \
      const unsigned int x, const unsigned int y, bool *const pred_hi,         \
      bool *const pred_lo) {                                                   \
    const __rubicon_s16x2 a = __builtin_bit_cast(__rubicon_s16x2, x),          \
                          b = __builtin_bit_cast(__rubicon_s16x2, y);          \
    *pred_hi = a.y Compare b.y;                                                \
    *pred_lo = a.x Compare b.x;                                                \
    return __builtin_bit_cast(unsigned int, Op(a, b));                         \
  }                                                                            \
  __RUBICON_DEVICE__ unsigned int Name##_u16x2(                                \
      const unsigned int x, const unsigned int y, bool *const pred_hi,         \
      bool *const pred_lo) {                                                   \
    const __rubicon_u16x2 a = __builtin_bit_cast(__rubicon_u16x2, x),          \
                          b = __builtin_bit_cast(__rubicon_u16x2, y);          \
    *pred_hi = a.y Compare b.y;                                                \
    *pred_lo = a.x Compare b.x;                                                \
    return __builtin_bit_cast(unsigned int, Op(a, b));                         \
  }
__RUBICON_SIMD_SELECT(__vibmax, __builtin_elementwise_max, >=)
__RUBICON_SIMD_SELECT(__vibmin, __builtin_elementwise_min, <=)
#undef __RUBICON_SIMD_SELECT

#endif /* RUBICON_INTERNAL_SIMD_FUNCTIONS_H */
