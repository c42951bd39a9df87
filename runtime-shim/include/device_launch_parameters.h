/*===- device_launch_parameters.h - threadIdx, blockIdx, ... -------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The built-in variables (CUDA C++ Programming Guide, "Built-in
 * Variables"); in CUDA compilation only.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_DEVICE_LAUNCH_PARAMETERS_H
#define RUBICON_DEVICE_LAUNCH_PARAMETERS_H

#include "host_defines.h"
#include "vector_types.h"
#if defined(__CUDA__) && defined(__cplusplus)
#include "__rubicon/builtin_variables.h"
#endif

#endif /* RUBICON_DEVICE_LAUNCH_PARAMETERS_H */
