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

#include <stddef.h>

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

/* Texture objects (CUDA 5 and later): a 64-bit handle passed to kernels by
 * value. In Rubicon it is the device address of the object's
 * __rubicon_texture_descriptor (__rubicon/texture_descriptor.h). */
typedef unsigned long long cudaTextureObject_t;

enum cudaResourceType {
  cudaResourceTypeArray = 0x00,
  cudaResourceTypeMipmappedArray = 0x01,
  cudaResourceTypeLinear = 0x02,
  cudaResourceTypePitch2D = 0x03
};

struct cudaMipmappedArray;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray *cudaMipmappedArray_const_t;

/* What a texture or surface object reads. */
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct cudaChannelFormatDesc desc;
      size_t width;  /* texels */
      size_t height; /* rows */
      size_t pitchInBytes;
    } pitch2D;
    struct {
      int reserved[32];
    } reserved;
  } res;
  unsigned int flags; /* must be zero */
};

/* How a texture object samples. */
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};

enum cudaResourceViewFormat {
  cudaResViewFormatNone = 0x00
  /* Rubicon applies no resource views: the other formats are not listed. */
};

struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
  unsigned int reserved[16];
};

#endif /* RUBICON_TEXTURE_TYPES_H */
