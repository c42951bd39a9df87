/*===- __rubicon/half_types.h - A 16-bit float type and its conversions --===*
 *
 * Part of Rubicon. Written from the CUDA Math API reference ("Half Precision
 * Intrinsics", "Bfloat16 Precision Intrinsics"). Included twice, by
 * cuda_fp16.hpp (__half) and cuda_bf16.hpp (__nv_bfloat16), with:
 *   __RUBICON_H_T, __RUBICON_H_T2       the scalar and the pair type
 *   __RUBICON_H_RAW, __RUBICON_H_RAW2   their raw (bits) structs
 *   __RUBICON_H_NAME                    half / bfloat16 (function names)
 *   __RUBICON_H_BF16                    0 / 1
 *   __RUBICON_H_P, __RUBICON_H_E        significand and exponent bits
 *   __RUBICON_H_CONVERSIONS             0 when __CUDA_NO_HALF_CONVERSIONS__
 *                                       (__CUDA_NO_BFLOAT16_CONVERSIONS__)
 *   __RUBICON_H_OPERATORS, ..._OPERATORS2  0 when the scalar / pair
 *                                       operators are turned off
 * Not a public header; no include guard on purpose.
 *
 *===----------------------------------------------------------------------===*/
#include "half_convert.h"

#define __RUBICON_H_BITS(h) (((__RUBICON_H_RAW)(h)).x)
#define __RUBICON_H_MAKE(bits) __RUBICON_H_T(__RUBICON_H_RAW{(unsigned short)(bits)})

struct __RUBICON_H_RAW {
  unsigned short x;
};
struct __RUBICON_H_RAW2 {
  unsigned short x;
  unsigned short y;
};

struct __attribute__((aligned(2))) __RUBICON_H_T {
protected:
  unsigned short __x;

public:
  __RUBICON_H_T() = default;
  __host__ __device__ constexpr __RUBICON_H_T(const __RUBICON_H_RAW &r)
      : __x(r.x) {}
  __host__ __device__ __RUBICON_H_T &operator=(const __RUBICON_H_RAW &r) {
    __x = r.x;
    return *this;
  }
  __host__ __device__ constexpr operator __RUBICON_H_RAW() const {
    return __RUBICON_H_RAW{__x};
  }
  /* Volatile objects (reductions through volatile shared memory; libcu++'s
     complex<__half>::real() const volatile): read and written through the
     raw struct, as the Math API reference lists. */
  __host__ __device__ __RUBICON_H_T(const volatile __RUBICON_H_RAW &r) : __x(r.x) {}
  __host__ __device__ volatile __RUBICON_H_T &operator=(const __RUBICON_H_RAW &r) volatile {
    __x = r.x;
    return *this;
  }
  __host__ __device__ volatile __RUBICON_H_T &
  operator=(const volatile __RUBICON_H_RAW &r) volatile {
    __x = r.x;
    return *this;
  }
  __host__ __device__ operator __RUBICON_H_RAW() const volatile {
    return __RUBICON_H_RAW{__x};
  }
#if __RUBICON_H_CONVERSIONS
  __host__ __device__ __RUBICON_H_T(float f);
  __host__ __device__ __RUBICON_H_T(double d);
  __host__ __device__ __RUBICON_H_T(short v);
  __host__ __device__ __RUBICON_H_T(unsigned short v);
  __host__ __device__ __RUBICON_H_T(int v);
  __host__ __device__ __RUBICON_H_T(unsigned int v);
  __host__ __device__ __RUBICON_H_T(long v);
  __host__ __device__ __RUBICON_H_T(unsigned long v);
  __host__ __device__ __RUBICON_H_T(long long v);
  __host__ __device__ __RUBICON_H_T(unsigned long long v);
  __host__ __device__ __RUBICON_H_T &operator=(float f);
  __host__ __device__ __RUBICON_H_T &operator=(double d);
  __host__ __device__ operator float() const;
  __host__ __device__ explicit operator bool() const { return (__x & 0x7fff) != 0; }
  __host__ __device__ explicit operator signed char() const;
  __host__ __device__ explicit operator char() const;
  __host__ __device__ explicit operator unsigned char() const;
  __host__ __device__ explicit operator short() const;
  __host__ __device__ explicit operator unsigned short() const;
  __host__ __device__ explicit operator int() const;
  __host__ __device__ explicit operator unsigned int() const;
  __host__ __device__ explicit operator long() const;
  __host__ __device__ explicit operator unsigned long() const;
  __host__ __device__ explicit operator long long() const;
  __host__ __device__ explicit operator unsigned long long() const;
#endif
};

struct __attribute__((aligned(4))) __RUBICON_H_T2 {
  __RUBICON_H_T x;
  __RUBICON_H_T y;
  __RUBICON_H_T2() = default;
  __host__ __device__ constexpr __RUBICON_H_T2(const __RUBICON_H_T &a,
                                               const __RUBICON_H_T &b)
      : x(a), y(b) {}
  __host__ __device__ constexpr __RUBICON_H_T2(const __RUBICON_H_RAW2 &r)
      : x(__RUBICON_H_RAW{r.x}), y(__RUBICON_H_RAW{r.y}) {}
  __host__ __device__ __RUBICON_H_T2 &operator=(const __RUBICON_H_RAW2 &r) {
    x = __RUBICON_H_RAW{r.x};
    y = __RUBICON_H_RAW{r.y};
    return *this;
  }
  __host__ __device__ constexpr operator __RUBICON_H_RAW2() const {
    return __RUBICON_H_RAW2{((__RUBICON_H_RAW)x).x, ((__RUBICON_H_RAW)y).x};
  }
};

/* ---- Bits <-> the arithmetic type (_Float16 or float). ------------------ */
#if __RUBICON_H_BF16
typedef float __RUBICON_HN(__rubicon_compute_, );
__RUBICON_HOST_DEVICE__ float __rubicon_compute(__RUBICON_H_T h) {
  return __rubicon_bf16_bits_to_float(__RUBICON_H_BITS(h));
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_compute_, )(float f) {
  return __RUBICON_H_MAKE(__rubicon_float_to_bf16_bits_rn(f));
}
__RUBICON_HOST_DEVICE__ float __RUBICON_HN(__rubicon_to_float_, )(__RUBICON_H_T h) {
  return __rubicon_compute(h);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_float_, )(float f) {
  return __RUBICON_H_MAKE(__rubicon_float_to_bf16_bits_rn(f));
}
#elif __RUBICON_HALF_NATIVE__
typedef _Float16 __RUBICON_HN(__rubicon_compute_, );
__RUBICON_HOST_DEVICE__ _Float16 __rubicon_compute(__RUBICON_H_T h) {
  return __builtin_bit_cast(_Float16, __RUBICON_H_BITS(h));
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_compute_, )(_Float16 f) {
  return __RUBICON_H_MAKE(__builtin_bit_cast(unsigned short, f));
}
__RUBICON_HOST_DEVICE__ float __RUBICON_HN(__rubicon_to_float_, )(__RUBICON_H_T h) {
  return (float)__rubicon_compute(h);
}
/* A NaN becomes CUDA's canonical 0x7fff whatever its sign and payload, on
 * the host and in kernels alike (the hardware conversions keep the sign). */
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_float_, )(float f) {
  return f != f ? __RUBICON_H_MAKE(0x7fff)
                : __RUBICON_HN(__rubicon_from_compute_, )((_Float16)f);
}
#else
typedef float __RUBICON_HN(__rubicon_compute_, );
__RUBICON_HOST_DEVICE__ float __rubicon_compute(__RUBICON_H_T h) {
  return __rubicon_half_bits_to_float(__RUBICON_H_BITS(h));
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_compute_, )(float f) {
  return __RUBICON_H_MAKE((__rubicon_float_to_bits<11, 5>(f, __rubicon_round_nearest_even)));
}
__RUBICON_HOST_DEVICE__ float __RUBICON_HN(__rubicon_to_float_, )(__RUBICON_H_T h) {
  return __rubicon_compute(h);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__rubicon_from_float_, )(float f) {
  return __RUBICON_HN(__rubicon_from_compute_, )(f);
}
#endif

/* ---- Conversions. ------------------------------------------------------- */
#define __RUBICON_H_ROUND(f, mode)                                             \
  __RUBICON_H_MAKE((__rubicon_float_to_bits<__RUBICON_H_P, __RUBICON_H_E>(f, mode)))
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__float2, )(float f) {
  return __RUBICON_HN(__rubicon_from_float_, )(f);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__float2, _rn)(float f) {
  return __RUBICON_HN(__rubicon_from_float_, )(f);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__float2, _rz)(float f) {
  return __RUBICON_H_ROUND(f, __rubicon_round_toward_zero);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__float2, _rd)(float f) {
  return __RUBICON_H_ROUND(f, __rubicon_round_down);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__float2, _ru)(float f) {
  return __RUBICON_H_ROUND(f, __rubicon_round_up);
}
#undef __RUBICON_H_ROUND
__RUBICON_HOST_DEVICE__ float __RUBICON_HN(__, 2float)(__RUBICON_H_T h) {
  return __RUBICON_HN(__rubicon_to_float_, )(h);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__double2, )(double d) {
  return __RUBICON_H_MAKE((__rubicon_double_to_bits<__RUBICON_H_P, __RUBICON_H_E>(
      d, __rubicon_round_nearest_even)));
}

/* Integers: Type, name part (__int2half_rn, __half2int_rn, ...). */
#define __RUBICON_H_INT_MODE(Type, Name, Suffix, Mode)                         \
  __RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_CAT3(                        \
      __##Name##2, __RUBICON_H_NAME, Suffix)(Type v) {                         \
    return __RUBICON_H_MAKE(                                                   \
        (__rubicon_int_to_bits<__RUBICON_H_P, __RUBICON_H_E>(v, Mode)));       \
  }                                                                            \
  __RUBICON_HOST_DEVICE__ Type __RUBICON_CAT3(__, __RUBICON_H_NAME,            \
                                              2##Name##Suffix)(                \
      __RUBICON_H_T h) {                                                       \
    return __rubicon_float_to_int<Type>(__RUBICON_HN(__rubicon_to_float_, )(h), \
                                        Mode);                                 \
  }
#define __RUBICON_H_INT(Type, Name)                                            \
  __RUBICON_H_INT_MODE(Type, Name, _rn, __rubicon_round_nearest_even)          \
  __RUBICON_H_INT_MODE(Type, Name, _rz, __rubicon_round_toward_zero)           \
  __RUBICON_H_INT_MODE(Type, Name, _rd, __rubicon_round_down)                  \
  __RUBICON_H_INT_MODE(Type, Name, _ru, __rubicon_round_up)
__RUBICON_H_INT(int, int)
__RUBICON_H_INT(unsigned int, uint)
__RUBICON_H_INT(short, short)
__RUBICON_H_INT(unsigned short, ushort)
__RUBICON_H_INT(long long, ll)
__RUBICON_H_INT(unsigned long long, ull)
#undef __RUBICON_H_INT
#undef __RUBICON_H_INT_MODE
__RUBICON_HOST_DEVICE__ signed char __RUBICON_HN(__, 2char_rz)(__RUBICON_H_T h) {
  return __rubicon_float_to_int<signed char>(__RUBICON_HN(__rubicon_to_float_, )(h),
                                             __rubicon_round_toward_zero);
}
__RUBICON_HOST_DEVICE__ unsigned char __RUBICON_HN(__, 2uchar_rz)(__RUBICON_H_T h) {
  return __rubicon_float_to_int<unsigned char>(__RUBICON_HN(__rubicon_to_float_, )(h),
                                               __rubicon_round_toward_zero);
}

/* Reinterpretation. */
__RUBICON_HOST_DEVICE__ short __RUBICON_HN(__, _as_short)(__RUBICON_H_T h) {
  return (short)__RUBICON_H_BITS(h);
}
__RUBICON_HOST_DEVICE__ unsigned short __RUBICON_HN(__, _as_ushort)(__RUBICON_H_T h) {
  return __RUBICON_H_BITS(h);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__short_as_, )(short s) {
  return __RUBICON_H_MAKE((unsigned short)s);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__ushort_as_, )(unsigned short s) {
  return __RUBICON_H_MAKE(s);
}

/* Pairs. */
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(make_, 2)(__RUBICON_H_T x,
                                                           __RUBICON_H_T y) {
  return __RUBICON_H_T2(x, y);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__float2, 2_rn)(float f) {
  const __RUBICON_H_T h = __RUBICON_HN(__rubicon_from_float_, )(f);
  return __RUBICON_H_T2(h, h);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__floats2, 2_rn)(float a, float b) {
  return __RUBICON_H_T2(__RUBICON_HN(__rubicon_from_float_, )(a),
                        __RUBICON_HN(__rubicon_from_float_, )(b));
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__float22, 2_rn)(float2 f) {
  return __RUBICON_H_T2(__RUBICON_HN(__rubicon_from_float_, )(f.x),
                        __RUBICON_HN(__rubicon_from_float_, )(f.y));
}
__RUBICON_HOST_DEVICE__ float2 __RUBICON_HN(__, 22float2)(__RUBICON_H_T2 h) {
  float2 f;
  f.x = __RUBICON_HN(__rubicon_to_float_, )(h.x);
  f.y = __RUBICON_HN(__rubicon_to_float_, )(h.y);
  return f;
}
__RUBICON_HOST_DEVICE__ float __low2float(__RUBICON_H_T2 h) {
  return __RUBICON_HN(__rubicon_to_float_, )(h.x);
}
__RUBICON_HOST_DEVICE__ float __high2float(__RUBICON_H_T2 h) {
  return __RUBICON_HN(__rubicon_to_float_, )(h.y);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__low2, )(__RUBICON_H_T2 h) { return h.x; }
__RUBICON_HOST_DEVICE__ __RUBICON_H_T __RUBICON_HN(__high2, )(__RUBICON_H_T2 h) { return h.y; }
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__halves2, 2)(__RUBICON_H_T a,
                                                               __RUBICON_H_T b) {
  return __RUBICON_H_T2(a, b);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_CAT3(__, __RUBICON_H_NAME,
                                                      __RUBICON_CAT3(2, __RUBICON_H_NAME, 2))(
    __RUBICON_H_T a) {
  return __RUBICON_H_T2(a, a);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__low2, 2)(__RUBICON_H_T2 h) {
  return __RUBICON_H_T2(h.x, h.x);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__high2, 2)(__RUBICON_H_T2 h) {
  return __RUBICON_H_T2(h.y, h.y);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__lows2, 2)(__RUBICON_H_T2 a,
                                                             __RUBICON_H_T2 b) {
  return __RUBICON_H_T2(a.x, b.x);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __RUBICON_HN(__highs2, 2)(__RUBICON_H_T2 a,
                                                              __RUBICON_H_T2 b) {
  return __RUBICON_H_T2(a.y, b.y);
}
__RUBICON_HOST_DEVICE__ __RUBICON_H_T2 __lowhigh2highlow(__RUBICON_H_T2 h) {
  return __RUBICON_H_T2(h.y, h.x);
}

/* ---- The type's own conversions (after the functions they call). -------- */
#if __RUBICON_H_CONVERSIONS
__host__ __device__ inline __RUBICON_H_T::__RUBICON_H_T(float f)
    : __x(__RUBICON_H_BITS(__RUBICON_HN(__rubicon_from_float_, )(f))) {}
__host__ __device__ inline __RUBICON_H_T::__RUBICON_H_T(double d)
    : __x(__RUBICON_H_BITS(__RUBICON_HN(__double2, )(d))) {}
#define __RUBICON_H_FROM_INT(Type, Name)                                       \
  __host__ __device__ inline __RUBICON_H_T::__RUBICON_H_T(Type v)              \
      : __x(__RUBICON_H_BITS(__RUBICON_CAT3(__##Name##2, __RUBICON_H_NAME, _rn)(v))) {}
__RUBICON_H_FROM_INT(short, short)
__RUBICON_H_FROM_INT(unsigned short, ushort)
__RUBICON_H_FROM_INT(int, int)
__RUBICON_H_FROM_INT(unsigned int, uint)
__RUBICON_H_FROM_INT(long, ll)
__RUBICON_H_FROM_INT(unsigned long, ull)
__RUBICON_H_FROM_INT(long long, ll)
__RUBICON_H_FROM_INT(unsigned long long, ull)
#undef __RUBICON_H_FROM_INT
__host__ __device__ inline __RUBICON_H_T &__RUBICON_H_T::operator=(float f) {
  return *this = __RUBICON_H_T(f);
}
__host__ __device__ inline __RUBICON_H_T &__RUBICON_H_T::operator=(double d) {
  return *this = __RUBICON_H_T(d);
}
__host__ __device__ inline __RUBICON_H_T::operator float() const {
  return __RUBICON_HN(__rubicon_to_float_, )(*this);
}
#define __RUBICON_H_TO_INT(Type)                                               \
  __host__ __device__ inline __RUBICON_H_T::operator Type() const {            \
    return __rubicon_float_to_int<Type>(                                       \
        __RUBICON_HN(__rubicon_to_float_, )(*this), __rubicon_round_toward_zero); \
  }
__RUBICON_H_TO_INT(signed char)
__RUBICON_H_TO_INT(char)
__RUBICON_H_TO_INT(unsigned char)
__RUBICON_H_TO_INT(short)
__RUBICON_H_TO_INT(unsigned short)
__RUBICON_H_TO_INT(int)
__RUBICON_H_TO_INT(unsigned int)
__RUBICON_H_TO_INT(long)
__RUBICON_H_TO_INT(unsigned long)
__RUBICON_H_TO_INT(long long)
__RUBICON_H_TO_INT(unsigned long long)
#undef __RUBICON_H_TO_INT
#endif
