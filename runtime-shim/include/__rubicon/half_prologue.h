/*===- __rubicon/half_prologue.h - What cuda_fp16/bf16.hpp need -----------===*
 *
 * Part of Rubicon. Not a public header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_HALF_PROLOGUE_H
#define RUBICON_INTERNAL_HALF_PROLOGUE_H

#include "config.h"
#include "../vector_types.h"
#if defined(__CUDA__)
/* Device code: the CUDA math and warp functions (cuda_runtime.h's umbrella;
 * nvcc includes it before any user header). */
#include "device.h"
#else
/* A C++ file built by the host compiler: the C math library. */
#include <math.h>
#endif

#endif /* RUBICON_INTERNAL_HALF_PROLOGUE_H */
