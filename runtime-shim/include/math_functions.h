/*===- math_functions.h - Compatibility header --------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. CUDA code includes this header by name for the device math
 * functions. In CUDA compilation they come from the device umbrella
 * <__rubicon/device.h>; elsewhere only host parts exist.
 *
 *===------------------------------------------------------------------===*/
#ifndef RUBICON_MATH_FUNCTIONS_H
#define RUBICON_MATH_FUNCTIONS_H

#include "host_defines.h"
#include "__rubicon/device.h"
#if defined(__cplusplus)
#include <cmath>
#else
#include <math.h>
#endif

#endif /* RUBICON_MATH_FUNCTIONS_H */
