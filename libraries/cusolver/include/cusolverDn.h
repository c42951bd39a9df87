/*===- cusolverDn.h - cuSOLVER's dense API (handles) ----------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSOLVER documentation. Rubicon's libcusolver has
 * its handles and streams only so far (libraries/cusolver/Cusolver.def).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSOLVERDN_H
#define RUBICON_CUSOLVERDN_H

#include "cuComplex.h"
#include "cuda_runtime_api.h"
#include "cusolver_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle,
                                     cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle,
                                     cudaStream_t *streamId);

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSOLVERDN_H */
