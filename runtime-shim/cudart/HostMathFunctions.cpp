//===- HostMathFunctions.cpp - CUDA-only math functions for host code -----===//
//
// Part of Rubicon. CUDA declares some math functions the C library lacks
// (rsqrtf, sinpif, normcdff, ...) __host__ __device__; the CUDA headers give
// host code inline overloads that call the functions below
// (include/__rubicon/host_math_functions.def). They are the host target's own
// implementations (device/host/HostMath.cpp, compiled into this library with
// hidden visibility), so host code and kernels run on the host target agree
// bit for bit.
//
//===----------------------------------------------------------------------===//

#define RUBICON_HOST_MATH_1(FloatName, DoubleName, Ocml)                       \
  extern "C" float __ocml_##Ocml##_f32(float);                                 \
  extern "C" double __ocml_##Ocml##_f64(double);                               \
  extern "C" float __cudart_math_##Ocml##_f32(float x) {                       \
    return __ocml_##Ocml##_f32(x);                                             \
  }                                                                            \
  extern "C" double __cudart_math_##Ocml##_f64(double x) {                     \
    return __ocml_##Ocml##_f64(x);                                             \
  }
#include "__rubicon/host_math_functions.def"

extern "C" void __rubicon_math_sincospi_f32(float, float *, float *);
extern "C" void __rubicon_math_sincospi_f64(double, double *, double *);
extern "C" void __cudart_math_sincospi_f32(float x, float *s, float *c) {
  __rubicon_math_sincospi_f32(x, s, c);
}
extern "C" void __cudart_math_sincospi_f64(double x, double *s, double *c) {
  __rubicon_math_sincospi_f64(x, s, c);
}
