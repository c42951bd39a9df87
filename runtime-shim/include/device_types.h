/*===- device_types.h - CUDA device types ---------------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_DEVICE_TYPES_H
#define RUBICON_DEVICE_TYPES_H

#include "host_defines.h"

/* Rounding modes of the conversion and arithmetic intrinsics. */
enum cudaRoundMode {
  cudaRoundNearest,
  cudaRoundZero,
  cudaRoundPosInf,
  cudaRoundMinInf
};

#endif /* RUBICON_DEVICE_TYPES_H */
