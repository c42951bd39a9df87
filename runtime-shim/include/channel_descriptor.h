/*===- channel_descriptor.h - cudaCreateChannelDesc ------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The C function cudaCreateChannelDesc(x, y, z, w, kind) and,
 * in C++, the template cudaCreateChannelDesc<T>() for every CUDA vector and
 * scalar type (__rubicon/texture_templates.h).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CHANNEL_DESCRIPTOR_H
#define RUBICON_CHANNEL_DESCRIPTOR_H

#include "cuda_runtime_api.h"
#include "__rubicon/texture_api.h"
#if defined(__cplusplus)
#include "__rubicon/texture_templates.h"
#endif

#endif /* RUBICON_CHANNEL_DESCRIPTOR_H */
