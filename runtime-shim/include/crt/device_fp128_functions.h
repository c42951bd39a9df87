/*===- crt/device_fp128_functions.h - Quad-precision device math ---------===*
 *
 * Part of Rubicon. The CUDA Math API's "FP128 Quad Precision Mathematical
 * Functions": __device__ __nv_fp128_<name> on __float128, where the host
 * compiler has that type (__SIZEOF_FLOAT128__: x86-64 Linux). The rows are
 * __rubicon/fp128_functions.def.
 *
 * Clang has no _Float128 in C++, so only the __float128 spelling exists (in
 * glibc's headers _Float128 is then a typedef of __float128, which these
 * overloads also take).
 *
 * The host target computes them (glibc's binary128 functions, exact
 * arithmetic). AMD GPUs have no 128-bit floating point: these declarations
 * compile for every target, and device code that uses __float128 is a
 * compile error at the use when an AMD GPU is among the targets
 * (docs/device-api.md, "Quad precision").
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CRT_DEVICE_FP128_FUNCTIONS_H
#define RUBICON_CRT_DEVICE_FP128_FUNCTIONS_H

#include "../host_defines.h"

#if defined(__cplusplus) && defined(__CUDACC__) && defined(__SIZEOF_FLOAT128__)

/* Declarations only: the host target's device library defines them
 * (runtime-shim/device/host/HostMathFp128.cpp). A declaration compiles for
 * every target; only a use of __float128 in device code needs the type. */
#define __RUBICON_FP128_ROW(Name, Result, Parameters)                          \
  __device__ Result __nv_fp128_##Name Parameters;

#define RUBICON_FP128_1(Name, Host)                                            \
  __RUBICON_FP128_ROW(Name, __float128, (__float128 x))
#define RUBICON_FP128_2(Name, Host)                                            \
  __RUBICON_FP128_ROW(Name, __float128, (__float128 x, __float128 y))
#define RUBICON_FP128_3(Name, Host)                                            \
  __RUBICON_FP128_ROW(Name, __float128,                                        \
                      (__float128 x, __float128 y, __float128 z))
#define RUBICON_FP128_ARITHMETIC(Name, Op) RUBICON_FP128_2(Name, )
#define RUBICON_FP128_MINMAX(Name, Host) RUBICON_FP128_2(Name, Host)
#define RUBICON_FP128_INT_ARG(Name, Host)                                      \
  __RUBICON_FP128_ROW(Name, __float128, (__float128 x, int n))
#define RUBICON_FP128_INT_RESULT(Name, Host)                                   \
  __RUBICON_FP128_ROW(Name, int, (__float128 x))
#define RUBICON_FP128_POINTER(Name, Host, T)                                   \
  __RUBICON_FP128_ROW(Name, __float128, (__float128 x, T * p))
#define RUBICON_FP128_PREDICATE_1(Name, Builtin) RUBICON_FP128_INT_RESULT(Name, )
#define RUBICON_FP128_PREDICATE_2(Name, Builtin)                               \
  __RUBICON_FP128_ROW(Name, int, (__float128 x, __float128 y))
#include "../__rubicon/fp128_functions.def"
#undef RUBICON_FP128_1
#undef RUBICON_FP128_2
#undef RUBICON_FP128_3
#undef RUBICON_FP128_ARITHMETIC
#undef RUBICON_FP128_MINMAX
#undef RUBICON_FP128_INT_ARG
#undef RUBICON_FP128_INT_RESULT
#undef RUBICON_FP128_POINTER
#undef RUBICON_FP128_PREDICATE_1
#undef RUBICON_FP128_PREDICATE_2
#undef __RUBICON_FP128_ROW

#endif /* __cplusplus && __CUDACC__ && __SIZEOF_FLOAT128__ */

#endif /* RUBICON_CRT_DEVICE_FP128_FUNCTIONS_H */
