/*===- __rubicon/config.h - Internal macros of the device headers --------===*
 *
 * Part of Rubicon. Included by every __rubicon/ header; not a public header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CONFIG_H
#define RUBICON_INTERNAL_CONFIG_H

#include "../host_defines.h"

/* A device function defined in a header: internal, always inlined, so that
 * it overloads a host function of the same name without clashing with it. */
#define __RUBICON_DEVICE__                                                     \
  static __device__ __inline__ __attribute__((always_inline))
#define __RUBICON_HOST_DEVICE__                                                \
  static __host__ __device__ __inline__ __attribute__((always_inline))

/* Device functions of Rubicon's device library (lib64/rubicon/<gfx>.bc) and
 * of AMD's ocml that the headers call. */
#define __RUBICON_DEVICE_LIBRARY__ extern "C" __device__

/* CUDA's warp size. The opt-in native-wave64 mode defines it to 64. */
#ifndef __RUBICON_WARP_SIZE__
#define __RUBICON_WARP_SIZE__ 32
#endif

typedef __SIZE_TYPE__ __rubicon_size_t;

#endif /* RUBICON_INTERNAL_CONFIG_H */
