/*===- cuda_stdint.h - Fixed-width integer types --------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The C99 fixed-width types, for code that includes this
 * header by name.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_STDINT_H
#define RUBICON_CUDA_STDINT_H

#include <stdint.h>

#endif /* RUBICON_CUDA_STDINT_H */
