/*===- cuComplex.h - Complex numbers of the CUDA math libraries ----------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public CUDA library documentation: cuFloatComplex is a
 * float2 (real part in x), cuDoubleComplex a double2.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUCOMPLEX_H
#define RUBICON_CUCOMPLEX_H

#include "vector_types.h"

/* Programs rely on this header bringing in the C math functions (sqrt,
 * fabs, ...), as the CUDA toolkit's does. */
#include <math.h>

#define RUBICON_CUCOMPLEX_FN static __inline__ __host__ __device__
#define RUBICON_FABS(x) __builtin_fabs(x)
#define RUBICON_SQRT(x) __builtin_sqrt(x)

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

RUBICON_CUCOMPLEX_FN float cuCrealf(cuFloatComplex z) { return z.x; }
RUBICON_CUCOMPLEX_FN float cuCimagf(cuFloatComplex z) { return z.y; }
RUBICON_CUCOMPLEX_FN cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex z;
  z.x = r;
  z.y = i;
  return z;
}
RUBICON_CUCOMPLEX_FN cuComplex make_cuComplex(float r, float i) {
  return make_cuFloatComplex(r, i);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuConjf(cuFloatComplex z) {
  return make_cuFloatComplex(z.x, -z.y);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x + b.x, a.y + b.y);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x - b.x, a.y - b.y);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
/* Division scaled by the larger component of the divisor, against overflow. */
RUBICON_CUCOMPLEX_FN cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  float s = __builtin_fabsf(b.x) + __builtin_fabsf(b.y);
  float inv = 1.0f / s;
  float ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  float d = 1.0f / (br * br + bi * bi);
  return make_cuFloatComplex((ar * br + ai * bi) * d, (ai * br - ar * bi) * d);
}
RUBICON_CUCOMPLEX_FN float cuCabsf(cuFloatComplex z) {
  float a = __builtin_fabsf(z.x), b = __builtin_fabsf(z.y);
  float hi = a > b ? a : b, lo = a > b ? b : a;
  if (hi == 0.0f)
    return hi;
  float r = lo / hi;
  return hi * __builtin_sqrtf(1.0f + r * r);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y,
                                             cuFloatComplex d) {
  return make_cuFloatComplex(x.x * y.x - x.y * y.y + d.x,
                             x.x * y.y + x.y * y.x + d.y);
}

RUBICON_CUCOMPLEX_FN double cuCreal(cuDoubleComplex z) { return z.x; }
RUBICON_CUCOMPLEX_FN double cuCimag(cuDoubleComplex z) { return z.y; }
RUBICON_CUCOMPLEX_FN cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex z;
  z.x = r;
  z.y = i;
  return z;
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuConj(cuDoubleComplex z) {
  return make_cuDoubleComplex(z.x, -z.y);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x + b.x, a.y + b.y);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x - b.x, a.y - b.y);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return make_cuDoubleComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  double s = RUBICON_FABS(b.x) + RUBICON_FABS(b.y);
  double inv = 1.0 / s;
  double ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  double d = 1.0 / (br * br + bi * bi);
  return make_cuDoubleComplex((ar * br + ai * bi) * d, (ai * br - ar * bi) * d);
}
RUBICON_CUCOMPLEX_FN double cuCabs(cuDoubleComplex z) {
  double a = RUBICON_FABS(z.x), b = RUBICON_FABS(z.y);
  double hi = a > b ? a : b, lo = a > b ? b : a;
  if (hi == 0.0)
    return hi;
  double r = lo / hi;
  return hi * RUBICON_SQRT(1.0 + r * r);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                            cuDoubleComplex d) {
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y + d.x,
                              x.x * y.y + x.y * y.x + d.y);
}
RUBICON_CUCOMPLEX_FN cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
RUBICON_CUCOMPLEX_FN cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

#undef RUBICON_FABS
#undef RUBICON_SQRT
#undef RUBICON_CUCOMPLEX_FN
#endif /* RUBICON_CUCOMPLEX_H */
