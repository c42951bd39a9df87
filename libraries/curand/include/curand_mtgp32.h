/*===- curand_mtgp32.h - MTGP32's types and sizes -------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuRAND documentation and the MTGP definition of
 * M. Saito and M. Matsumoto ("Variants of Mersenne Twister Suitable for
 * Graphic Processors", ACM TOMS 39(2), 2013): a parameter set (the
 * generator's recursion and tempering tables), the kernel form of up to 200
 * sets (curandMakeMTGP32Constants) and the per-block state
 * (curandMakeMTGP32KernelState).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CURAND_MTGP32_H
#define RUBICON_CURAND_MTGP32_H
#define CURAND_MTGP32_H

#include <stdint.h>

#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGPDC_PARAM_TABLE mtgp32dc_params_fast_11213
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGPDC_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define TBL_SIZE 16

/* One published parameter set. */
typedef struct MTGP32_PARAMS_FAST_T {
  int mexp;                   /* Mersenne exponent */
  int pos;                    /* pick-up position */
  int sh1;                    /* shifts */
  int sh2;
  uint32_t tbl[16];           /* recursion table */
  uint32_t tmp_tbl[16];       /* tempering table */
  uint32_t flt_tmp_tbl[16];   /* tempering table for floats */
  uint32_t mask;              /* state mask */
  unsigned char poly_sha1[21];
} mtgp32_params_fast_t;

/* The parameter sets as kernels read them, one column per set. */
typedef struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
} mtgp32_kernel_params_t;

/* A block's state: the recursion's words in a ring, where the block's next
 * value starts, and its parameter set. */
typedef struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
} curandStateMtgp32_t;

#endif /* RUBICON_CURAND_MTGP32_H */
