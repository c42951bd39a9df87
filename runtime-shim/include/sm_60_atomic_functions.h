/*===- sm_60_atomic_functions.h - Compatibility header ---------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. CUDA code includes this header by name for device functions
 * (intrinsics, atomics, texture and surface functions). In CUDA compilation
 * they come from the device umbrella <__rubicon/device.h>; elsewhere only
 * host parts exist.
 *
 *===------------------------------------------------------------------===*/
#ifndef RUBICON_SM_60_ATOMIC_FUNCTIONS_H
#define RUBICON_SM_60_ATOMIC_FUNCTIONS_H

#include "host_defines.h"
#include "__rubicon/device.h"

#endif /* RUBICON_SM_60_ATOMIC_FUNCTIONS_H */
