/*===- curand_kernel.h - The cuRAND device API ----------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuRAND documentation and the generators' published
 * definitions: per-thread generator states and their distributions, for
 *   XORWOW (curandState_t, the default)   Marsaglia's xorwow;
 *   Philox4_32_10                         Salmon et al.'s counter-based Philox;
 *   MRG32k3a                              L'Ecuyer's combined recursive one;
 * the Sobol32/64 quasirandom states (scrambled or not), started from
 * curandGetDirectionVectors32/64's vectors; and MTGP32's block-wide states
 * (curand_mtgp32_kernel.h, set up by curand_mtgp32_host.h).
 * curand_init(seed, subsequence, offset, &state) starts where cuRAND starts,
 * so a thread's numbers are those of the host API's generators
 * (libraries/curand/generators/, docs/cuda-libraries.md): subsequences are
 * 2^67 values apart for XORWOW, 2^76 for MRG32k3a, and the counter's upper
 * 64 bits for Philox. Skip-ahead uses the tables of curand_precalc.h,
 * computed when Rubicon is built.
 *
 * Everything here is __device__ code of the including translation unit; the
 * header also compiles as plain C++ (host compilers see ordinary functions).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CURAND_KERNEL_H
#define RUBICON_CURAND_KERNEL_H
#define CURAND_KERNEL_H_

#include <math.h>

#include "cuda_runtime.h"
#include "curand.h"
#include "curand_precalc.h"

#ifndef QUALIFIERS
#define QUALIFIERS static __forceinline__ __device__
#endif

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI (6.2831853071795860)
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

/* --- States ------------------------------------------------------------- */

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* --- Distributions of 32-bit draws (shared by XORWOW and Philox) -------- */

QUALIFIERS float _curand_uniform(unsigned int x) {
  return x * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f;
}

/* 53 bits of x ^ (y << 21), in (0, 1]. */
QUALIFIERS double _curand_uniform_double_hq(unsigned int x, unsigned int y) {
  unsigned long long z =
      ((unsigned long long)x ^ ((unsigned long long)y << 21)) &
      ((1ull << 53) - 1);
  return z * CURAND_2POW53_INV_DOUBLE + CURAND_2POW53_INV_DOUBLE / 2.0;
}

/* Box-Muller: sqrt(-2 ln u) (sin 2 pi v, cos 2 pi v). The angle is one
   fused multiply-add, as a GPU contracts it, so that every target and the
   host API's generators (generators/Distributions.h) give the same bits
   whether or not their compiler contracts. */
QUALIFIERS float2 _curand_box_muller(unsigned int x, unsigned int y) {
  float u = x * CURAND_2POW32_INV + CURAND_2POW32_INV / 2.0f;
  float v = fmaf((float)y, CURAND_2POW32_INV_2PI,
                 CURAND_2POW32_INV * 3.1415927f);
  float s = sqrtf(-2.0f * logf(u));
  float2 r;
  r.x = s * sinf(v);
  r.y = s * cosf(v);
  return r;
}

QUALIFIERS double2 _curand_box_muller_double(unsigned int x0, unsigned int x1,
                                             unsigned int y0,
                                             unsigned int y1) {
  double u = _curand_uniform_double_hq(x0, x1);
  double v = _curand_uniform_double_hq(y0, y1) * 2.0 * CURAND_PI_DOUBLE;
  double s = sqrt(-2.0 * log(u));
  double2 r;
  r.x = s * sin(v);
  r.y = s * cos(v);
  return r;
}

/* --- XORWOW -------------------------------------------------------------- */

QUALIFIERS void _curand_xorwow_shift(unsigned int *v) {
  unsigned int t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* v = M v over GF(2); M is 160 columns of five words. */
QUALIFIERS void _curand_xorwow_apply(const unsigned int *m, unsigned int *v) {
  unsigned int r[5] = {0, 0, 0, 0, 0};
  for (int w = 0; w < 5; ++w)
    for (unsigned int x = v[w]; x; x &= x - 1) {
      const unsigned int *c = m + 5 * (32 * w + __builtin_ctz(x));
      for (int i = 0; i < 5; ++i)
        r[i] ^= c[i];
    }
  for (int i = 0; i < 5; ++i)
    v[i] = r[i];
}

QUALIFIERS unsigned int curand(curandStateXORWOW_t *state) {
  _curand_xorwow_shift(state->v);
  state->d += 362437;
  return state->v[4] + state->d;
}

QUALIFIERS void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  state->d += 362437u * (unsigned int)n;
  if (n < 64) {
    for (; n; --n)
      _curand_xorwow_shift(state->v);
    return;
  }
  for (int k = 0; n; ++k, n >>= 1)
    if (n & 1)
      _curand_xorwow_apply(__curand_xorwow_jump[k], state->v);
}

/* Subsequence n starts 2^67 n values in (the Weyl counter moves by a
 * multiple of 2^32 there, so it stays). */
QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStateXORWOW_t *state) {
  for (int k = 0; n; ++k, n >>= 1)
    if (n & 1)
      _curand_xorwow_apply(__curand_xorwow_jump[67 + k], state->v);
}

QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStateXORWOW_t *state) {
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
}

/* --- Philox4_32_10 ------------------------------------------------------- */

QUALIFIERS uint4 _curand_philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 10; ++round) {
    unsigned long long p0 = 0xD2511F53ull * c.x;
    unsigned long long p1 = 0xCD9E8D57ull * c.z;
    uint4 n;
    n.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
    n.y = (unsigned int)p1;
    n.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
    n.w = (unsigned int)p0;
    c = n;
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return c;
}

/* Adds n to the counter's lower 64 bits (the position), carrying up. */
QUALIFIERS void _curand_philox_advance(curandStatePhilox4_32_10_t *state,
                                       unsigned long long n) {
  unsigned long long lo =
      ((unsigned long long)state->ctr.y << 32) | state->ctr.x;
  unsigned long long next = lo + n;
  state->ctr.x = (unsigned int)next;
  state->ctr.y = (unsigned int)(next >> 32);
  if (next < lo && ++state->ctr.z == 0)
    ++state->ctr.w;
}

QUALIFIERS void skipahead(unsigned long long n,
                          curandStatePhilox4_32_10_t *state) {
  unsigned int element = state->STATE + (unsigned int)(n & 3);
  n >>= 2;
  if (element > 3) {
    element -= 4;
    ++n;
  }
  state->STATE = element;
  _curand_philox_advance(state, n);
  state->output = _curand_philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStatePhilox4_32_10_t *state) {
  unsigned long long hi =
      ((unsigned long long)state->ctr.w << 32) | state->ctr.z;
  hi += n;
  state->ctr.z = (unsigned int)hi;
  state->ctr.w = (unsigned int)(hi >> 32);
  state->output = _curand_philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStatePhilox4_32_10_t *state) {
  state->ctr = make_uint4(0, 0, 0, 0);
  state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

QUALIFIERS unsigned int curand(curandStatePhilox4_32_10_t *state) {
  unsigned int r = state->STATE == 0   ? state->output.x
                   : state->STATE == 1 ? state->output.y
                   : state->STATE == 2 ? state->output.z
                                       : state->output.w;
  if (++state->STATE == 4) {
    state->STATE = 0;
    _curand_philox_advance(state, 1);
    state->output = _curand_philox4x32_10(state->ctr, state->key);
  }
  return r;
}

/* The next four values of the sequence. */
QUALIFIERS uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 r;
  r.x = curand(state);
  r.y = curand(state);
  r.z = curand(state);
  r.w = curand(state);
  return r;
}

/* --- MRG32k3a ------------------------------------------------------------ */

#define CURAND_MRG_M1 4294967087ull
#define CURAND_MRG_M2 4294944443ull

/* s = A s mod m, A row-major 3 x 3. */
QUALIFIERS void _curand_mrg_apply(const unsigned int *a, unsigned int *s,
                                  unsigned long long m) {
  unsigned long long r[3];
  for (int i = 0; i < 3; ++i) {
    unsigned long long t = 0;
    for (int k = 0; k < 3; ++k)
      t = (t + (unsigned long long)a[3 * i + k] * s[k] % m) % m;
    r[i] = t;
  }
  for (int i = 0; i < 3; ++i)
    s[i] = (unsigned int)r[i];
}

/* The next value of the combined generator, in [1, m1]. */
QUALIFIERS unsigned int _curand_mrg_next(curandStateMRG32k3a_t *state) {
  unsigned long long p1 =
      (1403580ull * state->s1[1] + 810728ull * (CURAND_MRG_M1 - state->s1[0])) %
      CURAND_MRG_M1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  unsigned long long p2 =
      (527612ull * state->s2[2] + 1370589ull * (CURAND_MRG_M2 - state->s2[0])) %
      CURAND_MRG_M2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  return (unsigned int)(p1 > p2 ? p1 - p2 : p1 + CURAND_MRG_M1 - p2);
}

/* cuRAND's MRG32k3a values: the combination divided by m1, in (0, 1]. */
QUALIFIERS double curand_MRG32k3a(curandStateMRG32k3a_t *state) {
  return _curand_mrg_next(state) * (1.0 / (double)CURAND_MRG_M1);
}

QUALIFIERS void _curand_mrg_skip(unsigned long long n, int first,
                                 curandStateMRG32k3a_t *state) {
  for (int k = first; n; ++k, n >>= 1)
    if (n & 1) {
      _curand_mrg_apply(__curand_mrg_jump1[k], state->s1, CURAND_MRG_M1);
      _curand_mrg_apply(__curand_mrg_jump2[k], state->s2, CURAND_MRG_M2);
    }
}

QUALIFIERS void skipahead(unsigned long long n, curandStateMRG32k3a_t *state) {
  _curand_mrg_skip(n, 0, state);
}
/* Subsequences are 2^76 values apart, sequences 2^127. */
QUALIFIERS void skipahead_subsequence(unsigned long long n,
                                      curandStateMRG32k3a_t *state) {
  _curand_mrg_skip(n, 76, state);
}
QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStateMRG32k3a_t *state) {
  _curand_mrg_skip(n, 127, state);
}

/* Seeds 12345 in all six words; a nonzero seed multiplies them by its
 * halves (each xored with a constant), as cuRAND seeds them. */
QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStateMRG32k3a_t *state) {
  for (int i = 0; i < 3; ++i)
    state->s1[i] = state->s2[i] = 12345u;
  if (seed != 0) {
    unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
    unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    state->s1[0] = (unsigned int)(x1 * 12345u % CURAND_MRG_M1);
    state->s1[1] = (unsigned int)(x2 * 12345u % CURAND_MRG_M1);
    state->s1[2] = (unsigned int)(x1 * 12345u % CURAND_MRG_M1);
    state->s2[0] = (unsigned int)(x2 * 12345u % CURAND_MRG_M2);
    state->s2[1] = (unsigned int)(x1 * 12345u % CURAND_MRG_M2);
    state->s2[2] = (unsigned int)(x2 * 12345u % CURAND_MRG_M2);
  }
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.0f;
  state->boxmuller_extra_double = 0.0;
}

/* 32 bits: the combination scaled by 2^32 / m1, with cuRAND's rounding of
 * that ratio (1.000000048662, found by comparing with NVIDIA's library; the
 * exact ratio differs in the last bit of 1 value in 1200). */
QUALIFIERS unsigned int curand(curandStateMRG32k3a_t *state) {
  return (unsigned int)(_curand_mrg_next(state) * 1.000000048662);
}

/* --- Uniform ------------------------------------------------------------- */

QUALIFIERS float curand_uniform(curandStateXORWOW_t *state) {
  return _curand_uniform(curand(state));
}
QUALIFIERS float curand_uniform(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform(curand(state));
}
QUALIFIERS float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)curand_MRG32k3a(state);
}

QUALIFIERS float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return make_float4(_curand_uniform(x.x), _curand_uniform(x.y),
                     _curand_uniform(x.z), _curand_uniform(x.w));
}

QUALIFIERS double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_uniform_double_hq(x, y);
}
QUALIFIERS double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_uniform_double_hq(x, y);
}
QUALIFIERS double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return curand_MRG32k3a(state);
}

QUALIFIERS double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return make_double2(_curand_uniform_double_hq(x.x, x.y),
                      _curand_uniform_double_hq(x.z, x.w));
}
QUALIFIERS double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
  double2 a = curand_uniform2_double(state);
  double2 b = curand_uniform2_double(state);
  double4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}

/* --- Normal -------------------------------------------------------------- */

QUALIFIERS float2 _curand_box_muller(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}
QUALIFIERS float2 _curand_box_muller(curandStatePhilox4_32_10_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}
QUALIFIERS float2 _curand_box_muller(curandStateMRG32k3a_t *state) {
  float u = curand_uniform(state);
  float v = curand_uniform(state) * 6.2831855f;
  float s = sqrtf(-2.0f * logf(u));
  return make_float2(s * sinf(v), s * cosf(v));
}

template <typename State>
QUALIFIERS double2 _curand_box_muller_double(State *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return _curand_box_muller_double(x0, x1, y0, y1);
}
QUALIFIERS double2 _curand_box_muller_double(curandStateMRG32k3a_t *state) {
  double u = curand_MRG32k3a(state);
  double v = curand_MRG32k3a(state) * CURAND_2PI;
  double s = sqrt(-2.0 * log(u));
  return make_double2(s * sin(v), s * cos(v));
}

/* One value of a pair; the second is kept for the next call. */
template <typename State> QUALIFIERS float _curand_normal(State *state) {
  if (state->boxmuller_flag) {
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
  }
  float2 v = _curand_box_muller(state);
  state->boxmuller_extra = v.y;
  state->boxmuller_flag = 1;
  return v.x;
}
template <typename State>
QUALIFIERS double _curand_normal_double(State *state) {
  if (state->boxmuller_flag_double) {
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
  }
  double2 v = _curand_box_muller_double(state);
  state->boxmuller_extra_double = v.y;
  state->boxmuller_flag_double = 1;
  return v.x;
}

QUALIFIERS float curand_normal(curandStateXORWOW_t *state) {
  return _curand_normal(state);
}
QUALIFIERS float curand_normal(curandStatePhilox4_32_10_t *state) {
  return _curand_normal(state);
}
QUALIFIERS float curand_normal(curandStateMRG32k3a_t *state) {
  return _curand_normal(state);
}
QUALIFIERS double curand_normal_double(curandStateXORWOW_t *state) {
  return _curand_normal_double(state);
}
QUALIFIERS double curand_normal_double(curandStatePhilox4_32_10_t *state) {
  return _curand_normal_double(state);
}
QUALIFIERS double curand_normal_double(curandStateMRG32k3a_t *state) {
  return _curand_normal_double(state);
}

QUALIFIERS float2 curand_normal2(curandStateXORWOW_t *state) {
  return _curand_box_muller(state);
}
QUALIFIERS float2 curand_normal2(curandStatePhilox4_32_10_t *state) {
  return _curand_box_muller(state);
}
QUALIFIERS float2 curand_normal2(curandStateMRG32k3a_t *state) {
  return _curand_box_muller(state);
}
QUALIFIERS float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float2 a = _curand_box_muller(x.x, x.y);
  float2 b = _curand_box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
QUALIFIERS double2 curand_normal2_double(curandStateXORWOW_t *state) {
  return _curand_box_muller_double(state);
}
QUALIFIERS double2 curand_normal2_double(curandStatePhilox4_32_10_t *state) {
  return _curand_box_muller_double(state);
}
QUALIFIERS double2 curand_normal2_double(curandStateMRG32k3a_t *state) {
  return _curand_box_muller_double(state);
}
QUALIFIERS double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
  double2 a = _curand_box_muller_double(state);
  double2 b = _curand_box_muller_double(state);
  double4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}

/* --- Log-normal: exp(mean + stddev * normal) ---------------------------- */

#define _CURAND_LOG_NORMAL(State)                                              \
  QUALIFIERS float curand_log_normal(State *state, float mean, float stddev) { \
    return expf(mean + stddev * curand_normal(state));                         \
  }                                                                            \
  QUALIFIERS float2 curand_log_normal2(State *state, float mean,               \
                                       float stddev) {                         \
    float2 v = curand_normal2(state);                                          \
    return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));  \
  }                                                                            \
  QUALIFIERS double curand_log_normal_double(State *state, double mean,        \
                                             double stddev) {                  \
    return exp(mean + stddev * curand_normal_double(state));                   \
  }                                                                            \
  QUALIFIERS double2 curand_log_normal2_double(State *state, double mean,      \
                                               double stddev) {                \
    double2 v = curand_normal2_double(state);                                  \
    return make_double2(exp(mean + stddev * v.x), exp(mean + stddev * v.y));   \
  }
_CURAND_LOG_NORMAL(curandStateXORWOW_t)
_CURAND_LOG_NORMAL(curandStatePhilox4_32_10_t)
_CURAND_LOG_NORMAL(curandStateMRG32k3a_t)
#undef _CURAND_LOG_NORMAL

QUALIFIERS float4 curand_log_normal4(curandStatePhilox4_32_10_t *state,
                                     float mean, float stddev) {
  float4 v = curand_normal4(state);
  return make_float4(expf(mean + stddev * v.x), expf(mean + stddev * v.y),
                     expf(mean + stddev * v.z), expf(mean + stddev * v.w));
}
QUALIFIERS double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state,
                                             double mean, double stddev) {
  double4 v = curand_normal4_double(state);
  double4 r;
  r.x = exp(mean + stddev * v.x);
  r.y = exp(mean + stddev * v.y);
  r.z = exp(mean + stddev * v.z);
  r.w = exp(mean + stddev * v.w);
  return r;
}

/* --- Sobol (quasirandom) ------------------------------------------------ *
 * A state holds one dimension's direction vectors (as curandGetDirectionVectors32
 * or 64 give them), the index i of its next point and that point x; a
 * scrambled state xors its constant c into every point. Point i is the xor
 * of the vectors of the bits of i's Gray code (libraries/curand/generators/
 * Sobol.h); curand returns x and steps to point i + 1 with one vector. The
 * conversions are the host API's. */
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

#define _CURAND_SOBOL(State, Word, Bits)                                       \
  QUALIFIERS void skipahead(Word n, State *state) {                            \
    state->i += n;                                                             \
    Word g = state->i ^ (state->i >> 1), x = state->c;                         \
    for (int k = 0; k < Bits && g; ++k, g >>= 1)                               \
      if (g & 1)                                                               \
        x ^= state->direction_vectors[k];                                      \
    state->x = x;                                                              \
  }                                                                            \
  QUALIFIERS Word curand(State *state) {                                       \
    Word x = state->x;                                                         \
    Word ones = ~state->i;                                                     \
    int k = 0;                                                                 \
    while (k < Bits && !(ones & 1)) {                                          \
      ones >>= 1;                                                              \
      ++k;                                                                     \
    }                                                                          \
    if (k < Bits)                                                              \
      state->x ^= state->direction_vectors[k];                                 \
    ++state->i;                                                                \
    return x;                                                                  \
  }
_CURAND_SOBOL(curandStateSobol32_t, unsigned int, 32)
_CURAND_SOBOL(curandStateScrambledSobol32_t, unsigned int, 32)
_CURAND_SOBOL(curandStateSobol64_t, unsigned long long, 64)
_CURAND_SOBOL(curandStateScrambledSobol64_t, unsigned long long, 64)
#undef _CURAND_SOBOL

#define _CURAND_SOBOL_INIT(State, Vectors, Word, Bits)                         \
  QUALIFIERS void _curand_sobol_init(Vectors direction_vectors, Word scramble, \
                                     Word offset, State *state) {              \
    for (int k = 0; k < Bits; ++k)                                             \
      state->direction_vectors[k] = direction_vectors[k];                      \
    state->c = scramble;                                                       \
    state->i = 0;                                                              \
    skipahead(offset, state);                                                  \
  }
_CURAND_SOBOL_INIT(curandStateSobol32_t, curandDirectionVectors32_t,
                   unsigned int, 32)
_CURAND_SOBOL_INIT(curandStateScrambledSobol32_t, curandDirectionVectors32_t,
                   unsigned int, 32)
_CURAND_SOBOL_INIT(curandStateSobol64_t, curandDirectionVectors64_t,
                   unsigned long long, 64)
_CURAND_SOBOL_INIT(curandStateScrambledSobol64_t, curandDirectionVectors64_t,
                   unsigned long long, 64)
#undef _CURAND_SOBOL_INIT

QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int offset, curandStateSobol32_t *state) {
  _curand_sobol_init(direction_vectors, 0u, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int scramble_c, unsigned int offset,
                            curandStateScrambledSobol32_t *state) {
  _curand_sobol_init(direction_vectors, scramble_c, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long offset,
                            curandStateSobol64_t *state) {
  _curand_sobol_init(direction_vectors, 0ull, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long scramble_c,
                            unsigned long long offset,
                            curandStateScrambledSobol64_t *state) {
  _curand_sobol_init(direction_vectors, scramble_c, offset, state);
}

/* The normal quantile: CUDA's normcdfinv(f) in CUDA code; compiled as plain
 * C++ (where they do not exist), Acklam's approximation refined by one Halley
 * step on erfc, as libcurand's host generators compute it. */
#ifdef __CUDACC__
#define _CURAND_NORMCDFINV normcdfinv
#define _CURAND_NORMCDFINVF normcdfinvf
#else
static inline double _curand_normcdfinv(double p) {
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                             -2.759285104469687e+02, 1.383577518672690e+02,
                             -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                             -1.556989798598866e+02, 6.680131188771972e+01,
                             -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                             -2.400758277161838e+00, -2.549732539343734e+00,
                             4.374664141464968e+00,  2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                             2.445134137142996e+00, 3.754408661907416e+00};
  double x, q, r, e, u;
  if (!(p > 0.0) || !(p < 1.0))
    return p > 0.0 ? HUGE_VAL : -HUGE_VAL;
  if (p < 0.02425 || p > 1.0 - 0.02425) {
    q = sqrt(-2.0 * log(p < 0.5 ? p : 1.0 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    if (p > 0.5)
      x = -x;
  } else {
    q = p - 0.5;
    r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) *
        q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  }
  e = 0.5 * erfc(-x / sqrt(2.0)) - p;
  u = e * sqrt(2.0 * CURAND_PI_DOUBLE) * exp(x * x / 2.0);
  return x - u / (1.0 + x * u / 2.0);
}
#define _CURAND_NORMCDFINV _curand_normcdfinv
#define _CURAND_NORMCDFINVF(p) ((float)_curand_normcdfinv(p))
#endif

/* 32-bit points: floats x 2^-32 plus half a step, doubles plus a whole step;
 * 64-bit points: floats from the upper 32 bits, doubles from the upper 53
 * plus half a step. Normals are the normal quantile of such a uniform. */
QUALIFIERS double _curand_sobol_double(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
QUALIFIERS double _curand_sobol_double(unsigned long long x) {
  return (x >> 11) * CURAND_2POW53_INV_DOUBLE + CURAND_2POW53_INV_DOUBLE / 2.0;
}
QUALIFIERS double _curand_sobol_normal_double(unsigned int x) {
  return _CURAND_NORMCDFINV(x * CURAND_2POW32_INV_DOUBLE +
                            CURAND_2POW32_INV_DOUBLE / 2.0);
}
QUALIFIERS double _curand_sobol_normal_double(unsigned long long x) {
  return _CURAND_NORMCDFINV(_curand_sobol_double(x));
}
QUALIFIERS unsigned int _curand_sobol_upper(unsigned int x) { return x; }
QUALIFIERS unsigned int _curand_sobol_upper(unsigned long long x) {
  return (unsigned int)(x >> 32);
}

#define _CURAND_SOBOL_DISTRIBUTIONS(State)                                     \
  QUALIFIERS float curand_uniform(State *state) {                              \
    return _curand_uniform(_curand_sobol_upper(curand(state)));                \
  }                                                                            \
  QUALIFIERS double curand_uniform_double(State *state) {                      \
    return _curand_sobol_double(curand(state));                                \
  }                                                                            \
  QUALIFIERS float curand_normal(State *state) {                               \
    return _CURAND_NORMCDFINVF(                                                \
        _curand_uniform(_curand_sobol_upper(curand(state))));                  \
  }                                                                            \
  QUALIFIERS double curand_normal_double(State *state) {                       \
    return _curand_sobol_normal_double(curand(state));                         \
  }                                                                            \
  QUALIFIERS float curand_log_normal(State *state, float mean, float stddev) { \
    return expf(mean + stddev * curand_normal(state));                         \
  }                                                                            \
  QUALIFIERS double curand_log_normal_double(State *state, double mean,        \
                                             double stddev) {                  \
    return exp(mean + stddev * curand_normal_double(state));                   \
  }
_CURAND_SOBOL_DISTRIBUTIONS(curandStateSobol32_t)
_CURAND_SOBOL_DISTRIBUTIONS(curandStateScrambledSobol32_t)
_CURAND_SOBOL_DISTRIBUTIONS(curandStateSobol64_t)
_CURAND_SOBOL_DISTRIBUTIONS(curandStateScrambledSobol64_t)
#undef _CURAND_SOBOL_DISTRIBUTIONS

/* --- MTGP32 (curand_mtgp32_kernel.h) ------------------------------------- *
 * Block-wide: every thread of the block calls; one value each, as the host
 * API's MTGP32 generator converts it. CUDA code only (the calls synchronize
 * the block). */
#ifdef __CUDACC__
#include "curand_mtgp32_kernel.h"

QUALIFIERS float curand_uniform(curandStateMtgp32_t *state) {
  return _curand_uniform(curand(state));
}
QUALIFIERS double curand_uniform_double(curandStateMtgp32_t *state) {
  return _curand_sobol_double(curand(state));
}
QUALIFIERS float curand_normal(curandStateMtgp32_t *state) {
  return _CURAND_NORMCDFINVF(_curand_uniform(curand(state)));
}
QUALIFIERS double curand_normal_double(curandStateMtgp32_t *state) {
  return _curand_sobol_normal_double(curand(state));
}
QUALIFIERS float curand_log_normal(curandStateMtgp32_t *state, float mean,
                                   float stddev) {
  return expf(mean + stddev * curand_normal(state));
}
QUALIFIERS double curand_log_normal_double(curandStateMtgp32_t *state,
                                           double mean, double stddev) {
  return exp(mean + stddev * curand_normal_double(state));
}
#else
#include "curand_mtgp32.h"
#endif

/* --- Poisson ------------------------------------------------------------- *
 * lambda < 64: inversion by sequential search from one uniform double;
 * larger: Hoermann's transformed rejection with squeeze (PTRS, "The
 * transformed rejection method for generating Poisson random variables",
 * 1993), two uniforms per trial. Exact in distribution; the numbers are not
 * NVIDIA's (whose algorithm is not documented). */
template <typename State>
QUALIFIERS unsigned int _curand_poisson(State *state, double lambda) {
  if (!(lambda > 0.0))
    return 0;
  if (lambda < 64.0) {
    double u = curand_uniform_double(state);
    double p = exp(-lambda), cdf = p;
    unsigned int k = 0;
    while (u > cdf && k < 1024) {
      ++k;
      p *= lambda / k;
      cdf += p;
      if (p == 0.0 && k > lambda)
        break;
    }
    return k;
  }
  double slam = sqrt(lambda), loglam = log(lambda);
  double b = 0.931 + 2.53 * slam;
  double a = -0.059 + 0.02483 * b;
  double invalpha = 1.1239 + 1.1328 / (b - 3.4);
  double vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    double u = curand_uniform_double(state) - 0.5;
    double v = curand_uniform_double(state);
    double us = 0.5 - fabs(u);
    double k = floor((2.0 * a / us + b) * u + lambda + 0.43);
    if (us >= 0.07 && v <= vr)
      return (unsigned int)k;
    if (k < 0.0 || (us < 0.013 && v > us))
      continue;
    if (log(v) + log(invalpha) - log(a / (us * us) + b) <=
        -lambda + k * loglam - lgamma(k + 1.0))
      return (unsigned int)k;
  }
}

QUALIFIERS unsigned int curand_poisson(curandStateXORWOW_t *state,
                                       double lambda) {
  return _curand_poisson(state, lambda);
}
QUALIFIERS unsigned int curand_poisson(curandStatePhilox4_32_10_t *state,
                                       double lambda) {
  return _curand_poisson(state, lambda);
}
QUALIFIERS unsigned int curand_poisson(curandStateMRG32k3a_t *state,
                                       double lambda) {
  return _curand_poisson(state, lambda);
}
QUALIFIERS uint4 curand_poisson4(curandStatePhilox4_32_10_t *state,
                                 double lambda) {
  uint4 r;
  r.x = _curand_poisson(state, lambda);
  r.y = _curand_poisson(state, lambda);
  r.z = _curand_poisson(state, lambda);
  r.w = _curand_poisson(state, lambda);
  return r;
}

#endif /* RUBICON_CURAND_KERNEL_H */
