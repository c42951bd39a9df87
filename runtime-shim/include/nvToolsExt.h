/*===- nvToolsExt.h - NVTX (nvtx3/nvToolsExt.h) ----------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The NVTX header by its pre-NVTX-3 name.
 *
 *===------------------------------------------------------------------===*/
#ifndef RUBICON_NVTOOLSEXT_H
#define RUBICON_NVTOOLSEXT_H

#include "nvtx3/nvToolsExt.h"

#endif /* RUBICON_NVTOOLSEXT_H */
