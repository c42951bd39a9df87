/*===- nvtx3/nvToolsExtCudaRt.h - NVTX names of runtime objects -----------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Naming CUDA runtime objects for a profiling tool; no tool is
 * attached (nvToolsExt.h), so the names are not recorded.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVTX3_NVTOOLSEXTCUDART_H
#define RUBICON_NVTX3_NVTOOLSEXTCUDART_H

#include "../driver_types.h"
#include "nvToolsExt.h"

#define __RUBICON_NVTX_NAME(Function, Type, Char)                              \
  static __inline__ void Function(Type object, const Char *name) {             \
    (void)object;                                                              \
    (void)name;                                                                \
  }
__RUBICON_NVTX_NAME(nvtxNameCudaDeviceA, int, char)
__RUBICON_NVTX_NAME(nvtxNameCudaDeviceW, int, wchar_t)
__RUBICON_NVTX_NAME(nvtxNameCudaStreamA, cudaStream_t, char)
__RUBICON_NVTX_NAME(nvtxNameCudaStreamW, cudaStream_t, wchar_t)
__RUBICON_NVTX_NAME(nvtxNameCudaEventA, cudaEvent_t, char)
__RUBICON_NVTX_NAME(nvtxNameCudaEventW, cudaEvent_t, wchar_t)
#undef __RUBICON_NVTX_NAME

#endif /* RUBICON_NVTX3_NVTOOLSEXTCUDART_H */
