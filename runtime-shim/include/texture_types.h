/*===- texture_types.h - Texture and channel-format types ---------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference: the types
 * of legacy texture references (textureReference, texture<T, dim, mode>),
 * which CUDA 12 removed and Rubicon keeps because existing programs (Rodinia
 * among them) use them, and the channel formats and arrays they bind to.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_TEXTURE_TYPES_H
#define RUBICON_TEXTURE_TYPES_H

#include "host_defines.h"

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0,
  cudaChannelFormatKindUnsigned = 1,
  cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3
};

struct cudaChannelFormatDesc {
  int x, y, z, w; /* bits per channel */
  enum cudaChannelFormatKind f;
};

enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
};

enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };

enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};

/* A CUDA array: opaque to programs; Rubicon's runtime keeps it as pitched
 * linear device memory (runtime-shim/cudart/Textures.cpp). */
struct cudaArray;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};

#endif /* RUBICON_TEXTURE_TYPES_H */
