/*===- nvtx3/nvToolsExtCuda.h - NVTX names of driver objects --------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Naming CUDA driver objects for a profiling tool; no tool is
 * attached (nvToolsExt.h), so the names are not recorded.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVTX3_NVTOOLSEXTCUDA_H
#define RUBICON_NVTX3_NVTOOLSEXTCUDA_H

#include "../cuda.h"
#include "nvToolsExt.h"

#define __RUBICON_NVTX_NAME(Function, Type, Char)                              \
  static __inline__ void Function(Type object, const Char *name) {             \
    (void)object;                                                              \
    (void)name;                                                                \
  }
__RUBICON_NVTX_NAME(nvtxNameCuDeviceA, CUdevice, char)
__RUBICON_NVTX_NAME(nvtxNameCuDeviceW, CUdevice, wchar_t)
__RUBICON_NVTX_NAME(nvtxNameCuContextA, CUcontext, char)
__RUBICON_NVTX_NAME(nvtxNameCuContextW, CUcontext, wchar_t)
__RUBICON_NVTX_NAME(nvtxNameCuStreamA, CUstream, char)
__RUBICON_NVTX_NAME(nvtxNameCuStreamW, CUstream, wchar_t)
__RUBICON_NVTX_NAME(nvtxNameCuEventA, CUevent, char)
__RUBICON_NVTX_NAME(nvtxNameCuEventW, CUevent, wchar_t)
#undef __RUBICON_NVTX_NAME

#endif /* RUBICON_NVTX3_NVTOOLSEXTCUDA_H */
