/*===- cuda_profiler_api.h - Profiler control (runtime API) ---------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference.
 * Implemented by libcudart: see the API coverage table.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_PROFILER_API_H
#define RUBICON_CUDA_PROFILER_API_H

#include "driver_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Start and stop collecting profile data of the calling process. */
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* RUBICON_CUDA_PROFILER_API_H */
