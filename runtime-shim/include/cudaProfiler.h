/*===- cudaProfiler.h - Profiler control (driver API) ---------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Driver API reference.
 * Implemented by libcuda: see the API coverage table.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDAPROFILER_H
#define RUBICON_CUDAPROFILER_H

#include "cuda.h"

#if defined(__cplusplus)
extern "C" {
#endif

CUresult cuProfilerStart(void);
CUresult cuProfilerStop(void);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* RUBICON_CUDAPROFILER_H */
