/*===- curand_mtgp32dc_p_11213.h - MTGP32's published parameter sets -----===*
 *
 * Part of Rubicon. The 200 parameter sets of period 2^11213 - 1 that
 * Saito and Matsumoto published for MTGP (mtgp32dc_params_fast_11213),
 * defined in libcurand (their licence is in its sources). Programs that
 * use them link libcurand, as those that call curandMakeMTGP32Constants do.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CURAND_MTGP32DC_P_11213_H
#define RUBICON_CURAND_MTGP32DC_P_11213_H

#include "curand_mtgp32.h"

#ifdef __cplusplus
extern "C" {
#endif
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];
#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CURAND_MTGP32DC_P_11213_H */
