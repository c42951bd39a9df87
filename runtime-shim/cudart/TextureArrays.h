//===- TextureArrays.h - CUDA arrays, inside the runtime --------*- C++ -*-===//
//
// Part of Rubicon. What a cudaArray_t points to (pitched linear device memory,
// slice after slice, plus its channel format), shared by the legacy texture references
// (Textures.cpp) and texture/surface objects (TextureObjects.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDART_TEXTURE_ARRAYS_H
#define RUBICON_CUDART_TEXTURE_ARRAYS_H

#include "texture_types.h"

#include <cstddef>

struct cudaArray {
  cudaChannelFormatDesc Desc{};
  size_t Width = 0;  // texels
  size_t Height = 0; // rows; 0 for a 1D array
  size_t Depth = 0;  // slices (3D depth, layers, 6 faces per cubemap layer);
                     // 0 for a 1D or 2D array
  unsigned Flags = 0;
  char *Data = nullptr;
  size_t Pitch = 0; // bytes

  size_t rows() const { return Height ? Height : 1; }
  size_t slices() const { return Depth ? Depth : 1; }
  size_t slicePitch() const { return Pitch * rows(); }
};

namespace rubicon::cudart {

/// Bytes per texel of a channel format; 0 when it is not a whole number of
/// bytes or a channel is negative.
inline size_t texelSize(const cudaChannelFormatDesc &Desc) {
  if (Desc.x < 0 || Desc.y < 0 || Desc.z < 0 || Desc.w < 0)
    return 0;
  int Bits = Desc.x + Desc.y + Desc.z + Desc.w;
  return Bits % 8 == 0 ? static_cast<size_t>(Bits / 8) : 0;
}

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_TEXTURE_ARRAYS_H
