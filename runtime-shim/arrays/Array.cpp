//===- Array.cpp - Creating and freeing CUDA arrays -----------------------===//
//
// Part of Rubicon. Array.h.
//
//===----------------------------------------------------------------------===//

#include "arrays/Array.h"

#include <algorithm>

namespace rubicon::arrays {

namespace {

constexpr unsigned KnownFlags = cudaArrayLayered | cudaArraySurfaceLoadStore |
                                cudaArrayCubemap | cudaArrayTextureGather;

/// The start of every allocation the backends make (cudaMallocPitch rows
/// start at the allocation's alignment).
constexpr size_t ArrayAlignment = 256;

cudaError_t checkShape(const cudaChannelFormatDesc &Desc, cudaExtent Extent,
                       unsigned Flags) {
  if (Extent.width == 0)
    return cudaErrorInvalidValue;
  if (Flags & (cudaArraySparse | cudaArrayDeferredMapping))
    return cudaErrorNotSupported; // no sparse or deferred-mapping arrays
  if (Flags & ~KnownFlags)
    return cudaErrorInvalidValue;
  if (texelSize(Desc) == 0)
    return cudaErrorInvalidChannelDescriptor;
  bool Layered = Flags & cudaArrayLayered, Cubemap = Flags & cudaArrayCubemap;
  // A 3D array has a height; a layered one needs layers (depth); a cubemap
  // is square with 6 faces per layer.
  if ((Extent.depth && !Extent.height && !Layered) ||
      (Layered && Extent.depth == 0) ||
      (Cubemap && (Extent.width != Extent.height ||
                   (Layered ? Extent.depth % 6 : Extent.depth != 6))))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t allocate(Backend &B, const cudaChannelFormatDesc &Desc,
                     cudaExtent Extent, unsigned Flags, cudaArray *&Out) {
  auto *A = new cudaArray;
  A->Desc = Desc;
  A->Width = Extent.width;
  A->Height = Extent.height;
  A->Depth = Extent.depth;
  A->Flags = Flags;
  void *Data = nullptr;
  if (cudaError_t Status = B.mallocPitch(&Data, A->Pitch, rowBytes(*A),
                                         A->rows() * A->slices())) {
    delete A;
    return Status;
  }
  A->Data = static_cast<char *>(Data);
  Out = A;
  return cudaSuccess;
}

} // namespace

cudaError_t createArray(Backend &B, const cudaChannelFormatDesc &Desc,
                        cudaExtent Extent, unsigned Flags, cudaArray *&Out) {
  if (cudaError_t Status = checkShape(Desc, Extent, Flags))
    return Status;
  return allocate(B, Desc, Extent, Flags, Out);
}

cudaError_t destroyArray(Backend &B, cudaArray *Array) {
  if (!Array)
    return cudaSuccess;
  if (Array->Owner)
    return cudaErrorInvalidValue;
  cudaError_t Status = B.free(Array->Data);
  delete Array;
  return Status;
}

cudaExtent levelExtent(cudaExtent Extent, unsigned Flags, unsigned Level) {
  auto Halve = [&](size_t N) {
    return N ? std::max<size_t>(N >> std::min(Level, 63u), 1) : 0;
  };
  cudaExtent E{Halve(Extent.width), Halve(Extent.height), Extent.depth};
  if (!(Flags & (cudaArrayLayered | cudaArrayCubemap)))
    E.depth = Halve(Extent.depth);
  if (Flags & cudaArrayCubemap) // faces stay square
    E.height = E.width;
  return E;
}

cudaError_t createMipmappedArray(Backend &B, const cudaChannelFormatDesc &Desc,
                                 cudaExtent Extent, unsigned Levels,
                                 unsigned Flags, cudaMipmappedArray *&Out) {
  if (cudaError_t Status = checkShape(Desc, Extent, Flags))
    return Status;
  size_t Largest = std::max(Extent.width, Extent.height);
  if (!(Flags & (cudaArrayLayered | cudaArrayCubemap)))
    Largest = std::max(Largest, Extent.depth);
  unsigned MaxLevels = 1;
  while (Largest >> MaxLevels)
    ++MaxLevels;
  if (Levels == 0 || Levels > MaxLevels)
    return cudaErrorInvalidValue;
  auto *M = new cudaMipmappedArray;
  M->Desc = Desc;
  M->Extent = Extent;
  M->Flags = Flags;
  for (unsigned L = 0; L < Levels; ++L) {
    cudaArray *Level = nullptr;
    if (cudaError_t Status = allocate(B, Desc, levelExtent(Extent, Flags, L),
                                      Flags, Level)) {
      destroyMipmappedArray(B, M);
      return Status;
    }
    Level->Owner = M;
    M->Levels.push_back(Level);
  }
  Out = M;
  return cudaSuccess;
}

cudaError_t destroyMipmappedArray(Backend &B, cudaMipmappedArray *Mipmap) {
  if (!Mipmap)
    return cudaSuccess;
  cudaError_t Result = cudaSuccess;
  for (cudaArray *Level : Mipmap->Levels) {
    Level->Owner = nullptr;
    if (cudaError_t Status = destroyArray(B, Level); Status && !Result)
      Result = Status;
  }
  delete Mipmap;
  return Result;
}

void memoryRequirements(const cudaArray &A, size_t &Size, size_t &Alignment) {
  Size = A.slicePitch() * A.slices();
  Alignment = ArrayAlignment;
}

void memoryRequirements(const cudaMipmappedArray &M, size_t &Size,
                        size_t &Alignment) {
  Size = 0;
  for (const cudaArray *Level : M.Levels) {
    size_t LevelSize = 0;
    memoryRequirements(*Level, LevelSize, Alignment);
    Size += (LevelSize + ArrayAlignment - 1) / ArrayAlignment * ArrayAlignment;
  }
  Alignment = ArrayAlignment;
}

} // namespace rubicon::arrays
