/*===- curand_mtgp32_host.h - Setting up MTGP32 states --------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuRAND documentation: the host functions that put
 * parameter sets and per-block states in device memory for
 * curand_mtgp32_kernel.h. State i takes parameter set i and is seeded as
 * the host API's MTGP32 generator seeds its generator i, with
 * (seed ^ seed >> 32) + i + 1, so block i's values are that generator's
 * (libraries/curand/generators/Mtgp32.h has the definition).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CURAND_MTGP32_HOST_H
#define RUBICON_CURAND_MTGP32_HOST_H
#define CURAND_MTGP32_HOST_H

#include <stdlib.h>
#include <string.h>

#include "cuda_runtime.h"
#include "curand.h"
#include "curand_mtgp32.h"
#include "curand_mtgp32dc_p_11213.h"

/* Copies the first CURAND_NUM_MTGP32_PARAMS sets of params into the kernel
 * form at p (device memory). */
static __inline__ curandStatus_t
curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                          mtgp32_kernel_params_t *p) {
  mtgp32_kernel_params_t *h =
      (mtgp32_kernel_params_t *)malloc(sizeof(mtgp32_kernel_params_t));
  if (!h)
    return CURAND_STATUS_ALLOCATION_FAILED;
  for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS; ++i) {
    h->pos_tbl[i] = (unsigned int)params[i].pos;
    h->sh1_tbl[i] = (unsigned int)params[i].sh1;
    h->sh2_tbl[i] = (unsigned int)params[i].sh2;
    for (int j = 0; j < TBL_SIZE; ++j) {
      h->param_tbl[i][j] = params[i].tbl[j];
      h->temper_tbl[i][j] = params[i].tmp_tbl[j];
      h->single_temper_tbl[i][j] = params[i].flt_tmp_tbl[j];
    }
  }
  h->mask[0] = params[0].mask;
  cudaError_t e =
      cudaMemcpy(p, h, sizeof(mtgp32_kernel_params_t), cudaMemcpyHostToDevice);
  free(h);
  return e == cudaSuccess ? CURAND_STATUS_SUCCESS
                          : CURAND_STATUS_ALLOCATION_FAILED;
}

/* Seeds n (at most 200) block states at s (device memory) over the kernel
 * parameters k (from curandMakeMTGP32Constants). */
static __inline__ curandStatus_t
curandMakeMTGP32KernelState(curandStateMtgp32_t *s,
                            mtgp32_params_fast_t params[],
                            mtgp32_kernel_params_t *k, int n,
                            unsigned long long seed) {
  if (n < 0 || n > CURAND_NUM_MTGP32_PARAMS)
    return CURAND_STATUS_INITIALIZATION_FAILED;
  curandStateMtgp32_t *h =
      (curandStateMtgp32_t *)malloc(sizeof(curandStateMtgp32_t) * (size_t)n);
  if (!h)
    return CURAND_STATUS_ALLOCATION_FAILED;
  unsigned int folded = (unsigned int)(seed ^ (seed >> 32));
  for (int i = 0; i < n; ++i) {
    const mtgp32_params_fast_t *m = &params[i];
    int size = m->mexp / 32 + 1;
    unsigned int hidden = m->tbl[4] ^ (m->tbl[8] << 16);
    unsigned int fill = hidden;
    fill += fill >> 16;
    fill += fill >> 8;
    memset(h[i].s, (int)(fill & 0xff), sizeof(h[i].s));
    h[i].s[0] = folded + (unsigned int)i + 1u;
    h[i].s[1] = hidden;
    for (int j = 1; j < size; ++j)
      h[i].s[j] ^= 1812433253u * (h[i].s[j - 1] ^ (h[i].s[j - 1] >> 30)) +
                   (unsigned int)j;
    h[i].offset = 0;
    h[i].pIdx = i;
    h[i].k = k;
  }
  cudaError_t e = cudaMemcpy(s, h, sizeof(curandStateMtgp32_t) * (size_t)n,
                             cudaMemcpyHostToDevice);
  free(h);
  return e == cudaSuccess ? CURAND_STATUS_SUCCESS
                          : CURAND_STATUS_ALLOCATION_FAILED;
}

#endif /* RUBICON_CURAND_MTGP32_HOST_H */
