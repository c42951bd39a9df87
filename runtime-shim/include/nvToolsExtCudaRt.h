/*===- nvToolsExtCudaRt.h - NVTX (nvtx3/nvToolsExtCudaRt.h) ----------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The NVTX header by its pre-NVTX-3 name.
 *
 *===------------------------------------------------------------------===*/
#ifndef RUBICON_NVTOOLSEXTCUDART_H
#define RUBICON_NVTOOLSEXTCUDART_H

#include "nvtx3/nvToolsExtCudaRt.h"

#endif /* RUBICON_NVTOOLSEXTCUDART_H */
