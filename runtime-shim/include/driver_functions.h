/*===- driver_functions.h - make_cudaPitchedPtr, make_cudaPos, ... --------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_DRIVER_FUNCTIONS_H
#define RUBICON_DRIVER_FUNCTIONS_H

#include "driver_types.h"
#include "host_defines.h"

/* A pitched pointer: d is the allocation, p its row pitch in bytes, xsz and
 * ysz the logical width (bytes) and height (rows). */
static __inline__ __host__ struct cudaPitchedPtr
make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  struct cudaPitchedPtr s;
  s.ptr = d;
  s.pitch = p;
  s.xsize = xsz;
  s.ysize = ysz;
  return s;
}

/* A position in a 3D copy (x in bytes for linear memory, in elements for
 * arrays). */
static __inline__ __host__ struct cudaPos make_cudaPos(size_t x, size_t y,
                                                       size_t z) {
  struct cudaPos p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}

/* An extent: width in bytes for linear memory, in elements for arrays. */
static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h,
                                                             size_t d) {
  struct cudaExtent e;
  e.width = w;
  e.height = h;
  e.depth = d;
  return e;
}

#endif /* RUBICON_DRIVER_FUNCTIONS_H */
