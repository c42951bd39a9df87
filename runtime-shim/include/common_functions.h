/*===- common_functions.h - Functions of host and device code -------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. CUDA code includes this header by name for the math
 * functions host and device code share; they come from math_functions.h
 * (and, in CUDA compilation, the device umbrella).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_COMMON_FUNCTIONS_H
#define RUBICON_COMMON_FUNCTIONS_H

#include "host_defines.h"
#include "math_functions.h"
#include "__rubicon/device.h"

#endif /* RUBICON_COMMON_FUNCTIONS_H */
