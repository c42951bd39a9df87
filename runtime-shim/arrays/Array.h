//===- Array.h - CUDA arrays and mipmapped arrays ---------------*- C++ -*-===//
//
// Part of Rubicon. What a cudaArray_t (= CUarray) and a cudaMipmappedArray_t
// (= CUmipmappedArray) point to, shared by libcudart and libcuda: a CUDA
// array is pitched linear device memory, slice after slice, plus its channel
// format; a mipmapped array is one such array per level. Both libraries come
// from the same build, so an array made through one API is used, copied and
// freed through the other (docs/runtime-driver-state.md).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ARRAYS_ARRAY_H
#define RUBICON_ARRAYS_ARRAY_H

#include "Backend.h"
#include "driver_types.h"
#include "texture_types.h"

#include <cstddef>
#include <vector>

struct cudaArray {
  cudaChannelFormatDesc Desc{};
  size_t Width = 0;  // texels
  size_t Height = 0; // rows; 0 for a 1D array
  size_t Depth = 0;  // slices (3D depth, layers, 6 faces per cubemap layer);
                     // 0 for a 1D or 2D array
  unsigned Flags = 0;
  char *Data = nullptr;
  size_t Pitch = 0; // bytes
  /// The mipmapped array this array is a level of (it owns the level).
  cudaMipmappedArray *Owner = nullptr;

  size_t rows() const { return Height ? Height : 1; }
  size_t slices() const { return Depth ? Depth : 1; }
  size_t slicePitch() const { return Pitch * rows(); }
};

struct cudaMipmappedArray {
  cudaChannelFormatDesc Desc{};
  cudaExtent Extent{}; // of level 0
  unsigned Flags = 0;
  std::vector<cudaArray *> Levels;
};

namespace rubicon::arrays {

using cudart::Backend;

/// Bytes per texel of a channel format; 0 when it is not a whole number of
/// bytes or a channel is negative.
inline size_t texelSize(const cudaChannelFormatDesc &Desc) {
  if (Desc.x < 0 || Desc.y < 0 || Desc.z < 0 || Desc.w < 0)
    return 0;
  int Bits = Desc.x + Desc.y + Desc.z + Desc.w;
  return Bits % 8 == 0 ? static_cast<size_t>(Bits / 8) : 0;
}

/// Bytes of one row of the array.
inline size_t rowBytes(const cudaArray &A) {
  return A.Width * texelSize(A.Desc);
}

/// cudaMalloc3DArray's rules: 1D (height and depth 0), 2D (depth 0), 3D,
/// layered (cudaArrayLayered: depth is the layer count), cubemap
/// (cudaArrayCubemap: square, 6 faces, or 6 per layer).
/// cudaErrorInvalidChannelDescriptor, cudaErrorInvalidValue, or a memory
/// error.
cudaError_t createArray(Backend &B, const cudaChannelFormatDesc &Desc,
                        cudaExtent Extent, unsigned Flags, cudaArray *&Out);
/// Frees an array; a level of a mipmapped array is cudaErrorInvalidValue.
cudaError_t destroyArray(Backend &B, cudaArray *Array);

/// The extent of level Level of an array of extent Extent (each dimension
/// halved, at least 1; the layer count of a layered array stays).
cudaExtent levelExtent(cudaExtent Extent, unsigned Flags, unsigned Level);
/// Levels levels (at most 1 + log2 of the largest dimension).
cudaError_t createMipmappedArray(Backend &B, const cudaChannelFormatDesc &Desc,
                                 cudaExtent Extent, unsigned Levels,
                                 unsigned Flags, cudaMipmappedArray *&Out);
cudaError_t destroyMipmappedArray(Backend &B, cudaMipmappedArray *Mipmap);
/// A mipmapped array over an imported memory object (ExternalArray.cpp).
cudaError_t mapExternalMipmappedArray(Backend &B, void *Memory,
                                      unsigned long long Offset,
                                      const cudaChannelFormatDesc &Desc,
                                      cudaExtent Extent, unsigned Flags,
                                      unsigned Levels,
                                      cudaMipmappedArray *&Out);

/// Bytes the array's memory takes, and the alignment of its start.
void memoryRequirements(const cudaArray &A, size_t &Size, size_t &Alignment);
void memoryRequirements(const cudaMipmappedArray &M, size_t &Size,
                        size_t &Alignment);

} // namespace rubicon::arrays

#endif // RUBICON_ARRAYS_ARRAY_H
