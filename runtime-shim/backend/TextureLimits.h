//===- TextureLimits.h - The texture limits Rubicon reports -----*- C++ -*-===//
//
// Part of Rubicon. Textures and surfaces are read and written in software on
// every backend (include/__rubicon/texture_object.h), from CUDA arrays that
// are ordinary pitched device memory, so their limits are Rubicon's, not the
// GPU's texture unit's: both backends report these (the values of an sm_90
// device, which programs expect) in cudaDeviceProp and the
// CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE* / SURFACE* attributes.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_TEXTURELIMITS_H
#define RUBICON_BACKEND_TEXTURELIMITS_H

#include "driver_types.h"

namespace rubicon::cudart {

inline void setTextureLimits(cudaDeviceProp &P) {
  P.maxTexture1D = 131072;
  P.maxTexture1DMipmap = 32768;
  P.maxTexture1DLinear = 268435456;
  P.maxTexture2D[0] = 131072, P.maxTexture2D[1] = 65536;
  P.maxTexture2DMipmap[0] = P.maxTexture2DMipmap[1] = 32768;
  P.maxTexture2DLinear[0] = 131072, P.maxTexture2DLinear[1] = 65000;
  P.maxTexture2DLinear[2] = 2097120;
  P.maxTexture2DGather[0] = P.maxTexture2DGather[1] = 32768;
  P.maxTexture3D[0] = P.maxTexture3D[1] = P.maxTexture3D[2] = 16384;
  P.maxTexture3DAlt[0] = P.maxTexture3DAlt[1] = 8192;
  P.maxTexture3DAlt[2] = 32768;
  P.maxTextureCubemap = 32768;
  P.maxTexture1DLayered[0] = 32768, P.maxTexture1DLayered[1] = 2048;
  P.maxTexture2DLayered[0] = P.maxTexture2DLayered[1] = 32768;
  P.maxTexture2DLayered[2] = 2048;
  P.maxTextureCubemapLayered[0] = 32768, P.maxTextureCubemapLayered[1] = 2046;
  P.maxSurface1D = 32768;
  P.maxSurface2D[0] = 131072, P.maxSurface2D[1] = 65536;
  P.maxSurface3D[0] = P.maxSurface3D[1] = P.maxSurface3D[2] = 16384;
  P.maxSurface1DLayered[0] = 32768, P.maxSurface1DLayered[1] = 2048;
  P.maxSurface2DLayered[0] = P.maxSurface2DLayered[1] = 32768;
  P.maxSurface2DLayered[2] = 2048;
  P.maxSurfaceCubemap = 32768;
  P.maxSurfaceCubemapLayered[0] = 32768, P.maxSurfaceCubemapLayered[1] = 2046;
}

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_TEXTURELIMITS_H
