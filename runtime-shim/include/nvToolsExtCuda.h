/*===- nvToolsExtCuda.h - NVTX (nvtx3/nvToolsExtCuda.h) --------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The NVTX header by its pre-NVTX-3 name.
 *
 *===------------------------------------------------------------------===*/
#ifndef RUBICON_NVTOOLSEXTCUDA_H
#define RUBICON_NVTOOLSEXTCUDA_H

#include "nvtx3/nvToolsExtCuda.h"

#endif /* RUBICON_NVTOOLSEXTCUDA_H */
