/*===- __rubicon/device.h - Everything device code sees -----------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. cuda_runtime.h includes this umbrella when compiling CUDA
 * (clang's CUDA mode, host and device sides). It must come before any C++
 * standard header (see math_functions.h). Outside CUDA compilation it is
 * empty.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_DEVICE_H
#define RUBICON_INTERNAL_DEVICE_H

#include "../host_defines.h"

#if defined(__CUDA__) && defined(__cplusplus)
#include "../vector_types.h"
#include "../vector_functions.h"
#include "builtin_variables.h"
#include "synchronization.h"
#include "cluster_functions.h"
#include "atomic_functions.h"
#include "math_functions.h"
#include "intrinsic_functions.h"
#include "simd_functions.h"
#include "cache_hints.h"
#include "directed_rounding.h"
#include "dot_products.h"
#include "warp_functions.h"
#include "device_runtime.h"
#include "texture_fetch.h"
#include "texture_object.h"
#include "texture_object_3d.h"
#include "../math_constants.h"
#include "standard_headers.h"
#endif

#endif /* RUBICON_INTERNAL_DEVICE_H */
