/*===- surface_types.h - Surface object types ---------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference: surface
 * objects (cudaCreateSurfaceObject) and the boundary modes of surf*read and
 * surf*write. Legacy surface references are not provided.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_SURFACE_TYPES_H
#define RUBICON_SURFACE_TYPES_H

#include "texture_types.h"

/* The device address of the surface's __rubicon_texture_descriptor. */
typedef unsigned long long cudaSurfaceObject_t;

enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};

enum cudaSurfaceFormatMode {
  cudaFormatModeForced = 0,
  cudaFormatModeAuto = 1
};

#endif /* RUBICON_SURFACE_TYPES_H */
