/*===- builtin_types.h - The CUDA types every program sees ----------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The types of the runtime API (driver, surface, texture,
 * vector and device types), as the driver-API samples include them.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_BUILTIN_TYPES_H
#define RUBICON_BUILTIN_TYPES_H

#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif /* RUBICON_BUILTIN_TYPES_H */
