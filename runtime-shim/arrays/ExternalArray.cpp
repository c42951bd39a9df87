//===- ExternalArray.cpp - Mipmapped arrays over external memory ----------===//
//
// Part of Rubicon. cudaExternalMemoryGetMappedMipmappedArray and
// cuExternalMemoryGetMappedMipmappedArray: a mipmapped array whose levels
// are buffers mapped from an imported memory object (Backend.h:
// externalMemoryMappedBuffer), laid out from the descriptor's offset one
// level after another, each level's rows tightly packed (pitch = row bytes)
// and its slices after one another. Writes through the array are the
// object's, seen by whoever shares it (docs/external-resources.md); freeing
// the mipmapped array unmaps its levels.
//
//===----------------------------------------------------------------------===//
#include "Array.h"

#include <algorithm>

namespace rubicon::arrays {

cudaError_t mapExternalMipmappedArray(Backend &B, void *Memory,
                                      unsigned long long Offset,
                                      const cudaChannelFormatDesc &Desc,
                                      cudaExtent Extent, unsigned Flags,
                                      unsigned Levels,
                                      cudaMipmappedArray *&Out) {
  size_t Texel = texelSize(Desc);
  if (!Texel || !Extent.width || Levels == 0)
    return cudaErrorInvalidValue;
  size_t Largest = std::max(Extent.width, Extent.height);
  if (!(Flags & (cudaArrayLayered | cudaArrayCubemap)))
    Largest = std::max(Largest, Extent.depth);
  unsigned MaxLevels = 1;
  while (Largest >> MaxLevels)
    ++MaxLevels;
  if (Levels > MaxLevels)
    return cudaErrorInvalidValue;
  auto *M = new cudaMipmappedArray;
  M->Desc = Desc;
  M->Extent = Extent;
  M->Flags = Flags;
  for (unsigned L = 0; L < Levels; ++L) {
    cudaExtent E = levelExtent(Extent, Flags, L);
    auto *A = new cudaArray;
    A->Desc = Desc;
    A->Width = E.width;
    A->Height = E.height;
    A->Depth = E.depth;
    A->Flags = Flags;
    A->Pitch = rowBytes(*A);
    cudaExternalMemoryBufferDesc Buffer{};
    Buffer.offset = Offset;
    Buffer.size = A->slicePitch() * A->slices();
    void *Data = nullptr;
    if (cudaError_t Status = B.externalMemoryMappedBuffer(Data, Memory, Buffer)) {
      delete A;
      destroyMipmappedArray(B, M);
      return Status;
    }
    A->Data = static_cast<char *>(Data);
    A->Owner = M;
    M->Levels.push_back(A);
    Offset += Buffer.size;
  }
  Out = M;
  return cudaSuccess;
}

} // namespace rubicon::arrays
