/*===- __rubicon/intrinsic_functions.h - CUDA device intrinsics ----------===*
 *
 * Part of Rubicon. CUDA Math API "Intrinsics" (fast approximate math, IEEE
 * round-to-nearest arithmetic, type casts), "Integer Intrinsics", min/max and
 * __ldg, from the public CUDA documentation.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_INTRINSIC_FUNCTIONS_H
#define RUBICON_INTERNAL_INTRINSIC_FUNCTIONS_H

#include "config.h"
#include "math_functions.h"
#include "../vector_types.h"

/* ---- Fast approximate single-precision math (ocml's native_*). ---------- */
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_exp_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_exp2_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_exp10_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_log_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_log2_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_log10_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_sin_f32(float);
__RUBICON_DEVICE_LIBRARY__ float __ocml_native_cos_f32(float);

__RUBICON_DEVICE__ float __expf(float x) { return __ocml_native_exp_f32(x); }
__RUBICON_DEVICE__ float __exp10f(float x) {
  return __ocml_native_exp10_f32(x);
}
__RUBICON_DEVICE__ float __logf(float x) { return __ocml_native_log_f32(x); }
__RUBICON_DEVICE__ float __log2f(float x) { return __ocml_native_log2_f32(x); }
__RUBICON_DEVICE__ float __log10f(float x) {
  return __ocml_native_log10_f32(x);
}
__RUBICON_DEVICE__ float __sinf(float x) { return __ocml_native_sin_f32(x); }
__RUBICON_DEVICE__ float __cosf(float x) { return __ocml_native_cos_f32(x); }
__RUBICON_DEVICE__ float __tanf(float x) { return __sinf(x) / __cosf(x); }
/* sm_75's fast tanh (CUDA documents a relative error of 2^-10.987): the
 * accurate one. */
__RUBICON_DEVICE__ float __tanhf(float x) { return tanhf(x); }
__RUBICON_DEVICE__ void __sincosf(float x, float *s, float *c) {
  *s = __sinf(x);
  *c = __cosf(x);
}
__RUBICON_DEVICE__ float __powf(float x, float y) {
  return __ocml_native_exp2_f32(y * __ocml_native_log2_f32(x));
}
__RUBICON_DEVICE__ float __fdividef(float x, float y) { return x / y; }
/* Clamps to [0, 1]; NaN gives 0. */
__RUBICON_DEVICE__ float __saturatef(float x) {
  return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f);
}

/* ---- IEEE arithmetic, round to nearest even, never contracted. ---------- */
#define __RUBICON_ROUND_NEAREST(Name, T, Expression, ...)                      \
  __RUBICON_DEVICE__ T Name(__VA_ARGS__) {                                     \
    _Pragma("clang fp contract(off)") return Expression;                       \
  }
__RUBICON_ROUND_NEAREST(__fadd_rn, float, x + y, float x, float y)
__RUBICON_ROUND_NEAREST(__fsub_rn, float, x - y, float x, float y)
__RUBICON_ROUND_NEAREST(__fmul_rn, float, x * y, float x, float y)
__RUBICON_ROUND_NEAREST(__fdiv_rn, float, x / y, float x, float y)
__RUBICON_ROUND_NEAREST(__frcp_rn, float, 1.0f / x, float x)
__RUBICON_ROUND_NEAREST(__fsqrt_rn, float, sqrtf(x), float x)
__RUBICON_ROUND_NEAREST(__fmaf_rn, float, fmaf(x, y, z), float x, float y,
                        float z)
__RUBICON_ROUND_NEAREST(__dadd_rn, double, x + y, double x, double y)
__RUBICON_ROUND_NEAREST(__dsub_rn, double, x - y, double x, double y)
__RUBICON_ROUND_NEAREST(__dmul_rn, double, x * y, double x, double y)
__RUBICON_ROUND_NEAREST(__ddiv_rn, double, x / y, double x, double y)
__RUBICON_ROUND_NEAREST(__drcp_rn, double, 1.0 / x, double x)
__RUBICON_ROUND_NEAREST(__dsqrt_rn, double, sqrt(x), double x)
__RUBICON_ROUND_NEAREST(__fma_rn, double, fma(x, y, z), double x, double y,
                        double z)
#undef __RUBICON_ROUND_NEAREST
/* Correctly rounded (CUDA documents it as IEEE round to nearest): 1/sqrt in
 * double is within 2^-51 of the exact value, and no float input's
 * reciprocal square root is that close to a midpoint of two floats
 * (checked for every float). */
__RUBICON_DEVICE__ float __frsqrt_rn(float x) {
  return static_cast<float>(1.0 / __builtin_sqrt(static_cast<double>(x)));
}

/* ---- Reinterpretation and conversion. ---------------------------------- */
__RUBICON_DEVICE__ float __int_as_float(int x) {
  return __builtin_bit_cast(float, x);
}
__RUBICON_DEVICE__ int __float_as_int(float x) {
  return __builtin_bit_cast(int, x);
}
__RUBICON_DEVICE__ float __uint_as_float(unsigned int x) {
  return __builtin_bit_cast(float, x);
}
__RUBICON_DEVICE__ unsigned int __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
__RUBICON_DEVICE__ double __longlong_as_double(long long x) {
  return __builtin_bit_cast(double, x);
}
__RUBICON_DEVICE__ long long __double_as_longlong(double x) {
  return __builtin_bit_cast(long long, x);
}
__RUBICON_DEVICE__ int __double2hiint(double x) {
  return static_cast<int>(__double_as_longlong(x) >> 32);
}
__RUBICON_DEVICE__ int __double2loint(double x) {
  return static_cast<int>(__double_as_longlong(x));
}
__RUBICON_DEVICE__ double __hiloint2double(int hi, int lo) {
  return __longlong_as_double(
      static_cast<long long>((static_cast<unsigned long long>(
                                  static_cast<unsigned int>(hi))
                              << 32) |
                             static_cast<unsigned int>(lo)));
}
/* Conversions: _rn rounds to nearest even, _rz toward zero, _ru up, _rd
 * down (CUDA's float-to-integer conversions). */
#define __RUBICON_CONVERSIONS(From, Prefix, To, ToName)                        \
  __RUBICON_DEVICE__ To __##Prefix##2##ToName##_rn(From x) {                   \
    return static_cast<To>(__builtin_rint(x));                                 \
  }                                                                            \
  __RUBICON_DEVICE__ To __##Prefix##2##ToName##_rz(From x) {                   \
    return static_cast<To>(x);                                                 \
  }                                                                            \
  __RUBICON_DEVICE__ To __##Prefix##2##ToName##_ru(From x) {                   \
    return static_cast<To>(__builtin_ceil(x));                                 \
  }                                                                            \
  __RUBICON_DEVICE__ To __##Prefix##2##ToName##_rd(From x) {                   \
    return static_cast<To>(__builtin_floor(x));                                \
  }
__RUBICON_CONVERSIONS(float, float, int, int)
__RUBICON_CONVERSIONS(float, float, unsigned int, uint)
__RUBICON_CONVERSIONS(float, float, long long, ll)
__RUBICON_CONVERSIONS(float, float, unsigned long long, ull)
__RUBICON_CONVERSIONS(double, double, int, int)
__RUBICON_CONVERSIONS(double, double, unsigned int, uint)
__RUBICON_CONVERSIONS(double, double, long long, ll)
__RUBICON_CONVERSIONS(double, double, unsigned long long, ull)
#undef __RUBICON_CONVERSIONS
__RUBICON_DEVICE__ float __int2float_rn(int x) { return static_cast<float>(x); }
__RUBICON_DEVICE__ float __uint2float_rn(unsigned int x) {
  return static_cast<float>(x);
}
__RUBICON_DEVICE__ float __ll2float_rn(long long x) {
  return static_cast<float>(x);
}
__RUBICON_DEVICE__ float __ull2float_rn(unsigned long long x) {
  return static_cast<float>(x);
}
__RUBICON_DEVICE__ double __int2double_rn(int x) {
  return static_cast<double>(x);
}
__RUBICON_DEVICE__ double __uint2double_rn(unsigned int x) {
  return static_cast<double>(x);
}
__RUBICON_DEVICE__ double __ll2double_rn(long long x) {
  return static_cast<double>(x);
}
__RUBICON_DEVICE__ double __ull2double_rn(unsigned long long x) {
  return static_cast<double>(x);
}
__RUBICON_DEVICE__ float __double2float_rn(double x) {
  return static_cast<float>(x);
}

/* ---- Integer intrinsics. ------------------------------------------------ */
__RUBICON_DEVICE__ int __clz(int x) {
  return __builtin_clzg(static_cast<unsigned int>(x), 32);
}
__RUBICON_DEVICE__ int __clzll(long long x) {
  return __builtin_clzg(static_cast<unsigned long long>(x), 64);
}
__RUBICON_DEVICE__ int __popc(unsigned int x) { return __builtin_popcount(x); }
__RUBICON_DEVICE__ int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
__RUBICON_DEVICE__ int __ffs(int x) { return __builtin_ffs(x); }
__RUBICON_DEVICE__ int __ffsll(long long x) { return __builtin_ffsll(x); }
__RUBICON_DEVICE__ unsigned int __brev(unsigned int x) {
  return __builtin_bitreverse32(x);
}
__RUBICON_DEVICE__ unsigned long long __brevll(unsigned long long x) {
  return __builtin_bitreverse64(x);
}
/* Products of the low 24 bits (sign-extended for __mul24). */
__RUBICON_DEVICE__ int __rubicon_low24_signed(int x) {
  return static_cast<int>(static_cast<unsigned int>(x) << 8) >> 8;
}
__RUBICON_DEVICE__ int __mul24(int x, int y) {
  return static_cast<int>(
      static_cast<unsigned int>(__rubicon_low24_signed(x)) *
      static_cast<unsigned int>(__rubicon_low24_signed(y)));
}
__RUBICON_DEVICE__ unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
__RUBICON_DEVICE__ int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * y) >> 32);
}
__RUBICON_DEVICE__ unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >>
                                   32);
}
__RUBICON_DEVICE__ long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
__RUBICON_DEVICE__ unsigned long long __umul64hi(unsigned long long x,
                                                 unsigned long long y) {
  return static_cast<unsigned long long>(
      (static_cast<unsigned __int128>(x) * y) >> 64);
}
/* |x - y| + z */
__RUBICON_DEVICE__ int __sad(int x, int y, unsigned int z) {
  const unsigned int ux = static_cast<unsigned int>(x);
  const unsigned int uy = static_cast<unsigned int>(y);
  return static_cast<int>((x > y ? ux - uy : uy - ux) + z);
}
__RUBICON_DEVICE__ unsigned int __usad(unsigned int x, unsigned int y,
                                       unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}
/* Halving adds without overflow; the r forms round up. */
__RUBICON_DEVICE__ int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
__RUBICON_DEVICE__ int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
__RUBICON_DEVICE__ unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >>
                                   1);
}
__RUBICON_DEVICE__ unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>(
      (static_cast<unsigned long long>(x) + y + 1) >> 1);
}
/* Byte i of the result is byte (s >> 4i) & 7 of the 8-byte value {y, x}. */
__RUBICON_DEVICE__ unsigned int __byte_perm(unsigned int x, unsigned int y,
                                            unsigned int s) {
  const unsigned long long bytes =
      (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int result = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned int selector = (s >> (4 * i)) & 7;
    result |= static_cast<unsigned int>((bytes >> (8 * selector)) & 0xff)
              << (8 * i);
  }
  return result;
}
/* Funnel shifts of the 64-bit value {hi, lo}: _l/_r wrap the shift amount
 * modulo 32, the c forms clamp it to 32. */
__RUBICON_DEVICE__ unsigned int __funnelshift_l(unsigned int lo,
                                                unsigned int hi,
                                                unsigned int shift) {
  return static_cast<unsigned int>(
             ((static_cast<unsigned long long>(hi) << 32 | lo)
              << (shift & 31)) >>
             32);
}
__RUBICON_DEVICE__ unsigned int __funnelshift_lc(unsigned int lo,
                                                 unsigned int hi,
                                                 unsigned int shift) {
  const unsigned int amount = shift < 32 ? shift : 32;
  return static_cast<unsigned int>(
      ((static_cast<unsigned long long>(hi) << 32 | lo) << amount) >> 32);
}
__RUBICON_DEVICE__ unsigned int __funnelshift_r(unsigned int lo,
                                                unsigned int hi,
                                                unsigned int shift) {
  return static_cast<unsigned int>(
      (static_cast<unsigned long long>(hi) << 32 | lo) >> (shift & 31));
}
__RUBICON_DEVICE__ unsigned int __funnelshift_rc(unsigned int lo,
                                                 unsigned int hi,
                                                 unsigned int shift) {
  const unsigned int amount = shift < 32 ? shift : 32;
  return static_cast<unsigned int>(
      (static_cast<unsigned long long>(hi) << 32 | lo) >> amount);
}

/* The position of the offset-th set bit of mask from bit base (toward the
 * MSB for offset > 0, the LSB for offset < 0; offset 0: base if set), or
 * 0xffffffff: PTX's fns, which the inline-PTX translation implements. */
__RUBICON_DEVICE__ unsigned int __fns(unsigned int mask, unsigned int base,
                                      int offset) {
  unsigned int position;
  asm("fns.b32 %0, %1, %2, %3;"
      : "=r"(position)
      : "r"(mask), "r"(base), "r"(offset));
  return position;
}

/* ---- min and max (host and device, as in CUDA). ------------------------- */
#define __RUBICON_MIN_MAX(A, B, R)                                             \
  __RUBICON_HOST_DEVICE__ R min(A a, B b) {                                    \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }                                                                            \
  __RUBICON_HOST_DEVICE__ R max(A a, B b) {                                    \
    return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }
__RUBICON_MIN_MAX(int, int, int)
__RUBICON_MIN_MAX(unsigned int, unsigned int, unsigned int)
__RUBICON_MIN_MAX(int, unsigned int, unsigned int)
__RUBICON_MIN_MAX(unsigned int, int, unsigned int)
__RUBICON_MIN_MAX(long, long, long)
__RUBICON_MIN_MAX(unsigned long, unsigned long, unsigned long)
__RUBICON_MIN_MAX(long, unsigned long, unsigned long)
__RUBICON_MIN_MAX(unsigned long, long, unsigned long)
__RUBICON_MIN_MAX(long long, long long, long long)
__RUBICON_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__RUBICON_MIN_MAX(long long, unsigned long long, unsigned long long)
__RUBICON_MIN_MAX(unsigned long long, long long, unsigned long long)
#undef __RUBICON_MIN_MAX
/* Host and device: the builtins, which clang provides on both sides. */
__RUBICON_HOST_DEVICE__ float min(float a, float b) {
  return __builtin_fminf(a, b);
}
__RUBICON_HOST_DEVICE__ float max(float a, float b) {
  return __builtin_fmaxf(a, b);
}
__RUBICON_HOST_DEVICE__ double min(double a, double b) {
  return __builtin_fmin(a, b);
}
__RUBICON_HOST_DEVICE__ double max(double a, double b) {
  return __builtin_fmax(a, b);
}
__RUBICON_HOST_DEVICE__ double min(float a, double b) {
  return __builtin_fmin(static_cast<double>(a), b);
}
__RUBICON_HOST_DEVICE__ double max(float a, double b) {
  return __builtin_fmax(static_cast<double>(a), b);
}
__RUBICON_HOST_DEVICE__ double min(double a, float b) {
  return __builtin_fmin(a, static_cast<double>(b));
}
__RUBICON_HOST_DEVICE__ double max(double a, float b) {
  return __builtin_fmax(a, static_cast<double>(b));
}
__RUBICON_DEVICE__ unsigned int umin(unsigned int a, unsigned int b) {
  return min(a, b);
}
__RUBICON_DEVICE__ unsigned int umax(unsigned int a, unsigned int b) {
  return max(a, b);
}
__RUBICON_DEVICE__ long long llmin(long long a, long long b) {
  return min(a, b);
}
__RUBICON_DEVICE__ long long llmax(long long a, long long b) {
  return max(a, b);
}
__RUBICON_DEVICE__ unsigned long long ullmin(unsigned long long a,
                                             unsigned long long b) {
  return min(a, b);
}
__RUBICON_DEVICE__ unsigned long long ullmax(unsigned long long a,
                                             unsigned long long b) {
  return max(a, b);
}

/* ---- __ldg: loads through the read-only data path (global, invariant). -- */
#define __RUBICON_LDG_SCALAR(T, Builtin)                                       \
  __RUBICON_DEVICE__ T __ldg(const T *address) { return Builtin(address); }
__RUBICON_LDG_SCALAR(char, __nvvm_ldg_c)
__RUBICON_LDG_SCALAR(signed char, __nvvm_ldg_sc)
__RUBICON_LDG_SCALAR(unsigned char, __nvvm_ldg_uc)
__RUBICON_LDG_SCALAR(short, __nvvm_ldg_s)
__RUBICON_LDG_SCALAR(unsigned short, __nvvm_ldg_us)
__RUBICON_LDG_SCALAR(int, __nvvm_ldg_i)
__RUBICON_LDG_SCALAR(unsigned int, __nvvm_ldg_ui)
__RUBICON_LDG_SCALAR(long, __nvvm_ldg_l)
__RUBICON_LDG_SCALAR(unsigned long, __nvvm_ldg_ul)
__RUBICON_LDG_SCALAR(long long, __nvvm_ldg_ll)
__RUBICON_LDG_SCALAR(unsigned long long, __nvvm_ldg_ull)
__RUBICON_LDG_SCALAR(float, __nvvm_ldg_f)
__RUBICON_LDG_SCALAR(double, __nvvm_ldg_d)
#undef __RUBICON_LDG_SCALAR
/* Vector types: component by component (the loads are adjacent and
 * invariant, so the backend merges them). */
#define __RUBICON_LDG_COMPONENTS_1 r.x = __ldg(&address->x);
#define __RUBICON_LDG_COMPONENTS_2                                             \
  __RUBICON_LDG_COMPONENTS_1 r.y = __ldg(&address->y);
#define __RUBICON_LDG_COMPONENTS_3                                             \
  __RUBICON_LDG_COMPONENTS_2 r.z = __ldg(&address->z);
#define __RUBICON_LDG_COMPONENTS_4                                             \
  __RUBICON_LDG_COMPONENTS_3 r.w = __ldg(&address->w);
#define RUBICON_VECTOR_TYPE(Name, Element, Components, Alignment)              \
  __RUBICON_DEVICE__ Name __ldg(const Name *address) {                         \
    Name r;                                                                    \
    __RUBICON_LDG_COMPONENTS_##Components                                      \
    return r;                                                                  \
  }
#include "vector_types.def"

/* ---- Address space predicates and conversions (CUDA 11+). ---------------
 * Generic addresses of shared and local memory are told apart at run time;
 * every other address is global. __constant__ variables are global memory
 * on AMD GPUs, so __isConstant is 0 and __isGlobal is 1 for them. The
 * conversions are address space casts: a shared address is its offset in
 * the block's shared memory (32 bits), as on NVIDIA GPUs. */
__RUBICON_DEVICE__ unsigned int __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
__RUBICON_DEVICE__ unsigned int __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
__RUBICON_DEVICE__ unsigned int __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}
__RUBICON_DEVICE__ unsigned int __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
}
/* Kernel parameters are copied to the kernel's own memory: never a
 * __grid_constant__ parameter's address. */
__RUBICON_DEVICE__ unsigned int __isGridConstant(const void *) { return 0; }
/* Without clusters, the block's shared memory is the cluster's. */
__RUBICON_DEVICE__ unsigned int __isCtaShared(const void *p) {
  return __isShared(p);
}
/* __grid_constant__ parameters are ordinary memory here: the conversions
 * keep the generic address. */
__RUBICON_DEVICE__ __SIZE_TYPE__ __cvta_generic_to_grid_constant(const void *p) {
  return (__SIZE_TYPE__)p;
}
__RUBICON_DEVICE__ void *__cvta_grid_constant_to_generic(__SIZE_TYPE__ raw) {
  return (void *)raw;
}

#define __RUBICON_CVTA(Space, AddressSpace)                                    \
  __RUBICON_DEVICE__ __SIZE_TYPE__ __cvta_generic_to_##Space(const void *p) {  \
    return (__SIZE_TYPE__)(                                                    \
        const __attribute__((address_space(AddressSpace))) void *)p;          \
  }                                                                            \
  __RUBICON_DEVICE__ void *__cvta_##Space##_to_generic(__SIZE_TYPE__ raw) {    \
    return (void *)(__attribute__((address_space(AddressSpace))) void *)raw;  \
  }
__RUBICON_CVTA(global, 1)
__RUBICON_CVTA(shared, 3)
__RUBICON_CVTA(constant, 4)
__RUBICON_CVTA(local, 5)
#undef __RUBICON_CVTA

#endif /* RUBICON_INTERNAL_INTRINSIC_FUNCTIONS_H */
