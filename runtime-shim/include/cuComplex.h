/*===- cuComplex.h - Single and double precision complex numbers ----------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the documented interface of cuComplex.h: the
 * complex types are float2 and double2 (real part in x), and every function
 * works in host and device code.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUCOMPLEX_H
#define RUBICON_CUCOMPLEX_H

#include "host_defines.h"
#include "vector_types.h"

#include <math.h>

#if defined(__cplusplus)
extern "C" {
#endif

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __RUBICON_CUCOMPLEX_FN static __inline__ __host__ __device__

__RUBICON_CUCOMPLEX_FN float cuCrealf(cuFloatComplex x) { return x.x; }
__RUBICON_CUCOMPLEX_FN float cuCimagf(cuFloatComplex x) { return x.y; }
__RUBICON_CUCOMPLEX_FN cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r;
  z.y = i;
  return z;
}
__RUBICON_CUCOMPLEX_FN cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(x.x, -x.y);
}
__RUBICON_CUCOMPLEX_FN cuFloatComplex cuCaddf(cuFloatComplex x,
                                              cuFloatComplex y) {
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
__RUBICON_CUCOMPLEX_FN cuFloatComplex cuCsubf(cuFloatComplex x,
                                              cuFloatComplex y) {
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
__RUBICON_CUCOMPLEX_FN cuFloatComplex cuCmulf(cuFloatComplex x,
                                              cuFloatComplex y) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
/* x / y, scaled by 1/(|y.x| + |y.y|) so that neither |y|^2 overflows nor
 * underflows for representable inputs. */
__RUBICON_CUCOMPLEX_FN cuFloatComplex cuCdivf(cuFloatComplex x,
                                              cuFloatComplex y) {
  float s = fabsf(y.x) + fabsf(y.y);
  float oos = 1.0f / s;
  float ars = x.x * oos, ais = x.y * oos;
  float brs = y.x * oos, bis = y.y * oos;
  float oosq = 1.0f / (brs * brs + bis * bis);
  return make_cuFloatComplex((ars * brs + ais * bis) * oosq,
                             (ais * brs - ars * bis) * oosq);
}
/* |x| without overflow or underflow of the intermediate squares. */
__RUBICON_CUCOMPLEX_FN float cuCabsf(cuFloatComplex x) {
  float a = fabsf(x.x), b = fabsf(x.y);
  float v = a > b ? a : b, w = a > b ? b : a;
  if (v == 0.0f || v > 3.402823466e38f || w > 3.402823466e38f)
    return v + w;
  float q = w / v;
  return v * sqrtf(1.0f + q * q);
}

__RUBICON_CUCOMPLEX_FN double cuCreal(cuDoubleComplex x) { return x.x; }
__RUBICON_CUCOMPLEX_FN double cuCimag(cuDoubleComplex x) { return x.y; }
__RUBICON_CUCOMPLEX_FN cuDoubleComplex make_cuDoubleComplex(double r,
                                                            double i) {
  cuDoubleComplex z;
  z.x = r;
  z.y = i;
  return z;
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(x.x, -x.y);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCadd(cuDoubleComplex x,
                                              cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCsub(cuDoubleComplex x,
                                              cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCmul(cuDoubleComplex x,
                                              cuDoubleComplex y) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCdiv(cuDoubleComplex x,
                                              cuDoubleComplex y) {
  double s = fabs(y.x) + fabs(y.y);
  double oos = 1.0 / s;
  double ars = x.x * oos, ais = x.y * oos;
  double brs = y.x * oos, bis = y.y * oos;
  double oosq = 1.0 / (brs * brs + bis * bis);
  return make_cuDoubleComplex((ars * brs + ais * bis) * oosq,
                              (ais * brs - ars * bis) * oosq);
}
__RUBICON_CUCOMPLEX_FN double cuCabs(cuDoubleComplex x) {
  double a = fabs(x.x), b = fabs(x.y);
  double v = a > b ? a : b, w = a > b ? b : a;
  if (v == 0.0 || v > 1.7976931348623157e308 || w > 1.7976931348623157e308)
    return v + w;
  double q = w / v;
  return v * sqrt(1.0 + q * q);
}

__RUBICON_CUCOMPLEX_FN cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex
cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
__RUBICON_CUCOMPLEX_FN cuFloatComplex
cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}
/* x * y + d, each real product fused. */
__RUBICON_CUCOMPLEX_FN cuComplex cuCfmaf(cuComplex x, cuComplex y,
                                         cuComplex d) {
  float r = fmaf(-x.y, y.y, fmaf(x.x, y.x, d.x));
  float i = fmaf(x.y, y.x, fmaf(x.x, y.y, d.y));
  return make_cuComplex(r, i);
}
__RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCfma(cuDoubleComplex x,
                                              cuDoubleComplex y,
                                              cuDoubleComplex d) {
  double r = fma(-x.y, y.y, fma(x.x, y.x, d.x));
  double i = fma(x.y, y.x, fma(x.x, y.y, d.y));
  return make_cuDoubleComplex(r, i);
}

#undef __RUBICON_CUCOMPLEX_FN

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* RUBICON_CUCOMPLEX_H */
