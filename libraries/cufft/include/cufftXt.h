/*===- cufftXt.h - cuFFT's extended API (single-GPU subset) ---------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuFFT documentation: plans described with
 * cudaDataType and 64-bit sizes, on one GPU. Multi-GPU descriptors and
 * callbacks are not provided (libraries/cufft/Cufft.def).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUFFTXT_H
#define RUBICON_CUFFTXT_H

#include "cufft.h"

#ifdef __cplusplus
extern "C" {
#endif

CUFFTAPI cufftResult cufftMakePlanMany64(
    cufftHandle plan, int rank, long long int *n, long long int *inembed,
    long long int istride, long long int idist, long long int *onembed,
    long long int ostride, long long int odist, cufftType type,
    long long int batch, size_t *workSize);
CUFFTAPI cufftResult cufftXtMakePlanMany(
    cufftHandle plan, int rank, long long int *n, long long int *inembed,
    long long int istride, long long int idist, cudaDataType inputtype,
    long long int *onembed, long long int ostride, long long int odist,
    cudaDataType outputtype, long long int batch, size_t *workSize,
    cudaDataType executiontype);
CUFFTAPI cufftResult cufftXtExec(cufftHandle plan, void *input, void *output,
                                 int direction);

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUFFTXT_H */
