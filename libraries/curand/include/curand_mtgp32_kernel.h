/*===- curand_mtgp32_kernel.h - MTGP32 in a block -------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuRAND documentation and Saito and Matsumoto's
 * MTGP definition. A curandStateMtgp32_t is shared by one block of at most
 * 256 threads: every thread of the block calls together, and each call
 * makes blockDim values, thread t getting value t of them (the recursion of
 * x_i reads x_{i-N}, x_{i-N+1} and x_{i-N+pos} only, so the block computes
 * them at once). The state keeps the words in a ring of 1024 from offset.
 * Included by curand_kernel.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CURAND_MTGP32_KERNEL_H
#define RUBICON_CURAND_MTGP32_KERNEL_H
#define CURAND_MTGP32_KERNEL_H

#include "curand_mtgp32.h"

#ifndef QUALIFIERS_MTGP32
#define QUALIFIERS_MTGP32 static __forceinline__ __device__
#endif

/* Value offset + index + N of the block's sequence, tempered; the state is
 * not moved. */
QUALIFIERS_MTGP32 unsigned int _curand_mtgp32_make(curandStateMtgp32_t *state,
                                                   int index, int temper_float,
                                                   float *single) {
  const mtgp32_kernel_params_t *k = state->k;
  int p = state->pIdx;
  int pos = (int)k->pos_tbl[p];
  int at = state->offset + index;
  unsigned int x = (state->s[at & MTGP32_STATE_MASK] & k->mask[0]) ^
                   state->s[(at + 1) & MTGP32_STATE_MASK];
  x ^= x << k->sh1_tbl[p];
  unsigned int y = x ^ (state->s[(at + pos) & MTGP32_STATE_MASK] >> k->sh2_tbl[p]);
  unsigned int r = y ^ k->param_tbl[p][y & 0x0f];
  state->s[(at + MTGPDC_N) & MTGP32_STATE_MASK] = r;
  unsigned int t = state->s[(at + pos - 1) & MTGP32_STATE_MASK];
  t ^= t >> 16;
  t ^= t >> 8;
  if (temper_float) {
    union {
      unsigned int u;
      float f;
    } v;
    v.u = (r >> 9) ^ k->single_temper_tbl[p][t & 0x0f];
    *single = v.f - 1.0f; /* [1, 2) moved to [0, 1) */
  }
  return r ^ k->temper_tbl[p][t & 0x0f];
}

QUALIFIERS_MTGP32 int _curand_mtgp32_thread(void) {
  return (int)((blockDim.x * blockDim.y * threadIdx.z) +
               (blockDim.x * threadIdx.y) + threadIdx.x);
}

/* Every thread's value, then the block moves on by n values. */
QUALIFIERS_MTGP32 void _curand_mtgp32_advance(curandStateMtgp32_t *state,
                                              int n) {
  __syncthreads();
  if (_curand_mtgp32_thread() == 0)
    state->offset = (state->offset + n) & MTGP32_STATE_MASK;
  __syncthreads();
}

/* The block's next blockDim values; thread t gets value t. */
QUALIFIERS_MTGP32 unsigned int curand(curandStateMtgp32_t *state) {
  int n = (int)(blockDim.x * blockDim.y * blockDim.z);
  unsigned int o = _curand_mtgp32_make(state, _curand_mtgp32_thread(), 0, 0);
  _curand_mtgp32_advance(state, n);
  return o;
}

/* Value index of the block's next n (n threads call, each with its own
 * index below n). */
QUALIFIERS_MTGP32 unsigned int
curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index,
                       unsigned char n) {
  unsigned int o = _curand_mtgp32_make(state, index, 0, 0);
  _curand_mtgp32_advance(state, n);
  return o;
}

/* Floats from the float tempering table: [0, 1) in 23 bits. */
QUALIFIERS_MTGP32 float curand_mtgp32_single(curandStateMtgp32_t *state) {
  int n = (int)(blockDim.x * blockDim.y * blockDim.z);
  float f;
  _curand_mtgp32_make(state, _curand_mtgp32_thread(), 1, &f);
  _curand_mtgp32_advance(state, n);
  return f;
}
QUALIFIERS_MTGP32 float
curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index,
                              unsigned char n) {
  float f;
  _curand_mtgp32_make(state, index, 1, &f);
  _curand_mtgp32_advance(state, n);
  return f;
}

#endif /* RUBICON_CURAND_MTGP32_KERNEL_H */
