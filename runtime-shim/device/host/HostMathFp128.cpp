//===- HostMathFp128.cpp - CUDA's quad-precision functions on the host ----===//
//
// Part of Rubicon. The __nv_fp128_<name> functions the CUDA header
// crt/device_fp128_functions.h declares (C++ names, as device code calls
// them), one per row of include/__rubicon/fp128_functions.def: the C library's binary128
// function of the row (glibc >= 2.26 has every one, sqrtf128 ... fmaf128),
// fmax/fmin with CUDA's rule for a NaN argument (signaling ones too), the
// arithmetic as x86-64's binary128 operations (compiled to libgcc's
// soft-float __addtf3 & co., correctly rounded to nearest even), and the
// predicates as clang's builtins. The code object leaves the C library's and
// libgcc's functions undefined; the process that loads it provides them.
//
//===----------------------------------------------------------------------===//

#define RUBICON_FP128_1(Name, Host)                                            \
  extern "C" __float128 Host(__float128);                                      \
  __float128 __nv_fp128_##Name(__float128 x) {                 \
    return Host(x);                                                            \
  }
#define RUBICON_FP128_2(Name, Host)                                            \
  extern "C" __float128 Host(__float128, __float128);                          \
  __float128 __nv_fp128_##Name(__float128 x, __float128 y) {   \
    return Host(x, y);                                                         \
  }
#define RUBICON_FP128_3(Name, Host)                                            \
  extern "C" __float128 Host(__float128, __float128, __float128);              \
  __float128 __nv_fp128_##Name(__float128 x, __float128 y,     \
                                               __float128 z) {                 \
    return Host(x, y, z);                                                      \
  }
#define RUBICON_FP128_MINMAX(Name, Host)                                       \
  extern "C" __float128 Host(__float128, __float128);                          \
  __float128 __nv_fp128_##Name(__float128 x, __float128 y) {                   \
    if (__builtin_isnan(x))                                                    \
      return y;                                                                \
    if (__builtin_isnan(y))                                                    \
      return x;                                                                \
    return Host(x, y);                                                         \
  }
#define RUBICON_FP128_ARITHMETIC(Name, Op)                                     \
  __float128 __nv_fp128_##Name(__float128 x, __float128 y) {   \
    return x Op y;                                                             \
  }
#define RUBICON_FP128_INT_ARG(Name, Host)                                      \
  extern "C" __float128 Host(__float128, int);                                 \
  __float128 __nv_fp128_##Name(__float128 x, int n) {          \
    return Host(x, n);                                                         \
  }
#define RUBICON_FP128_INT_RESULT(Name, Host)                                   \
  extern "C" int Host(__float128);                                             \
  int __nv_fp128_##Name(__float128 x) { return Host(x); }
#define RUBICON_FP128_POINTER(Name, Host, T)                                   \
  extern "C" __float128 Host(__float128, T *);                                 \
  __float128 __nv_fp128_##Name(__float128 x, T *p) {           \
    return Host(x, p);                                                         \
  }
#define RUBICON_FP128_PREDICATE_1(Name, Builtin)                               \
  int __nv_fp128_##Name(__float128 x) { return Builtin(x); }
#define RUBICON_FP128_PREDICATE_2(Name, Builtin)                               \
  int __nv_fp128_##Name(__float128 x, __float128 y) {          \
    return Builtin(x, y);                                                      \
  }
#include "__rubicon/fp128_functions.def"
