//===- Arrays.cpp - CUDA arrays and mipmapped arrays: the cuda* functions -===//
//
// Part of Rubicon. The runtime API of CUDA arrays over runtime-shim/arrays
// (shared with libcuda's cuArray*, so the handles are the same in both
// APIs): creation, queries, mipmap levels, and the copies to, from and
// between arrays. x offsets and widths are bytes, as CUDA documents them.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "arrays/Array.h"
#include "arrays/Copy.h"

#include "__rubicon/texture_api.h"

#include <cstring>

using namespace rubicon::cudart;
using namespace rubicon::arrays;

namespace {

/// Byte (WOffset, HOffset) of an array as a linear offset (row after row,
/// no pitch padding); false when WOffset is past the row.
bool linearOffset(const cudaArray *Array, size_t WOffset, size_t HOffset,
                  LinearEnd &End) {
  if (!Array || WOffset >= rowBytes(*Array))
    return false;
  End.Array = const_cast<cudaArray *>(Array);
  End.Offset = HOffset * rowBytes(*Array) + WOffset;
  return true;
}

cudaError_t copyWithArray(const cudaArray *Array, size_t WOffset,
                          size_t HOffset, void *Linear, size_t Count,
                          cudaMemcpyKind Kind, bool ToArray,
                          cudaStream_t Stream, bool Async) {
  LinearEnd ArrayEnd, LinearSide;
  if (!linearOffset(Array, WOffset, HOffset, ArrayEnd))
    return fail(cudaErrorInvalidValue);
  LinearSide.Ptr = static_cast<char *>(Linear);
  return withBackend([&](Backend &B) {
    return ToArray ? copyLinear(B, LinearSide, ArrayEnd, Count, Kind, Stream,
                                Async)
                   : copyLinear(B, ArrayEnd, LinearSide, Count, Kind, Stream,
                                Async);
  });
}

RegionEnd arrayEnd(const cudaArray *Array, size_t WOffset, size_t HOffset) {
  RegionEnd End;
  End.Array = const_cast<cudaArray *>(Array);
  End.X = WOffset;
  End.Y = HOffset;
  return End;
}

RegionEnd linearEnd(const void *Ptr, size_t Pitch) {
  RegionEnd End;
  End.Ptr = static_cast<char *>(const_cast<void *>(Ptr));
  End.Pitch = Pitch;
  return End;
}

cudaError_t copy2D(const RegionEnd &Src, const RegionEnd &Dst, size_t Width,
                   size_t Height, cudaMemcpyKind Kind, cudaStream_t Stream,
                   bool Async) {
  if ((Src.Array == nullptr && Src.Ptr == nullptr) ||
      (Dst.Array == nullptr && Dst.Ptr == nullptr))
    return fail(cudaErrorInvalidValue);
  if (Kind < cudaMemcpyHostToHost || Kind > cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  // A linear end's rows must hold the copy's (as cudaMemcpy2D's).
  for (const RegionEnd *End : {&Src, &Dst})
    if (End->Ptr && Height > 1 && End->Pitch < Width)
      return fail(cudaErrorInvalidPitchValue);
  return withBackend([&](Backend &B) {
    return copyRegion(B, Src, Dst, Width, Height, 1, Kind, Stream, Async);
  });
}

} // namespace

extern "C" {

cudaChannelFormatDesc cudaCreateChannelDesc(int X, int Y, int Z, int W,
                                            cudaChannelFormatKind F) {
  cudaChannelFormatDesc Desc;
  Desc.x = X;
  Desc.y = Y;
  Desc.z = Z;
  Desc.w = W;
  Desc.f = F;
  return Desc;
}

cudaError_t cudaMallocArray(cudaArray_t *Array,
                            const cudaChannelFormatDesc *Desc, size_t Width,
                            size_t Height, unsigned int Flags) {
  return cudaMalloc3DArray(Array, Desc, cudaExtent{Width, Height, 0}, Flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *Array,
                              const cudaChannelFormatDesc *Desc,
                              cudaExtent Extent, unsigned int Flags) {
  if (!Array || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return createArray(B, *Desc, Extent, Flags, *Array);
  });
}

cudaError_t cudaFreeArray(cudaArray_t Array) {
  if (!Array)
    return cudaSuccess;
  return withBackend([&](Backend &B) { return destroyArray(B, Array); });
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *Desc,
                               cudaArray_const_t Array) {
  if (!Desc || !Array)
    return fail(cudaErrorInvalidValue);
  *Desc = Array->Desc;
  return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *Desc, cudaExtent *Extent,
                             unsigned int *Flags, cudaArray_t Array) {
  if (!Array)
    return fail(cudaErrorInvalidValue);
  if (Desc)
    *Desc = Array->Desc;
  if (Extent)
    *Extent = {Array->Width, Array->Height, Array->Depth};
  if (Flags)
    *Flags = Array->Flags;
  return cudaSuccess;
}

cudaError_t cudaArrayGetPlane(cudaArray_t *PlaneArray, cudaArray_t Array,
                              unsigned int PlaneIdx) {
  // Rubicon's arrays have one plane (no multi-planar formats exist in it).
  if (!PlaneArray || !Array || PlaneIdx != 0)
    return fail(cudaErrorInvalidValue);
  *PlaneArray = Array;
  return cudaSuccess;
}

cudaError_t cudaArrayGetMemoryRequirements(
    cudaArrayMemoryRequirements *Requirements, cudaArray_t Array,
    int Device) {
  if (!Requirements || !Array)
    return fail(cudaErrorInvalidValue);
  int Count = 0;
  if (cudaError_t Status = cudaGetDeviceCount(&Count))
    return Status;
  if (Device < 0 || Device >= Count)
    return fail(cudaErrorInvalidDevice);
  std::memset(Requirements, 0, sizeof *Requirements);
  memoryRequirements(*Array, Requirements->size, Requirements->alignment);
  return cudaSuccess;
}

cudaError_t cudaMipmappedArrayGetMemoryRequirements(
    cudaArrayMemoryRequirements *Requirements,
    cudaMipmappedArray_t Mipmap, int Device) {
  if (!Requirements || !Mipmap)
    return fail(cudaErrorInvalidValue);
  int Count = 0;
  if (cudaError_t Status = cudaGetDeviceCount(&Count))
    return Status;
  if (Device < 0 || Device >= Count)
    return fail(cudaErrorInvalidDevice);
  std::memset(Requirements, 0, sizeof *Requirements);
  memoryRequirements(*Mipmap, Requirements->size, Requirements->alignment);
  return cudaSuccess;
}

cudaError_t cudaArrayGetSparseProperties(cudaArraySparseProperties *Properties,
                                         cudaArray_t Array) {
  // CUDA's answer for an array made without cudaArraySparse, which is every
  // array Rubicon makes (cudaArraySparse is refused at creation).
  if (!Properties || !Array)
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorInvalidValue);
}

cudaError_t
cudaMipmappedArrayGetSparseProperties(cudaArraySparseProperties *Properties,
                                      cudaMipmappedArray_t Mipmap) {
  if (!Properties || !Mipmap)
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorInvalidValue);
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *Mipmap,
                                     const cudaChannelFormatDesc *Desc,
                                     cudaExtent Extent, unsigned int NumLevels,
                                     unsigned int Flags) {
  if (!Mipmap || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return createMipmappedArray(B, *Desc, Extent, NumLevels, Flags, *Mipmap);
  });
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t Mipmap) {
  if (!Mipmap)
    return cudaSuccess;
  return withBackend(
      [&](Backend &B) { return destroyMipmappedArray(B, Mipmap); });
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *LevelArray,
                                       cudaMipmappedArray_const_t Mipmap,
                                       unsigned int Level) {
  if (!LevelArray || !Mipmap || Level >= Mipmap->Levels.size())
    return fail(cudaErrorInvalidValue);
  *LevelArray = Mipmap->Levels[Level];
  return cudaSuccess;
}

// Copies of bytes row after row from (WOffset, HOffset), as the removed
// cudaMemcpyToArray family does.
cudaError_t cudaMemcpyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                              const void *Src, size_t Count,
                              cudaMemcpyKind Kind) {
  return copyWithArray(Dst, WOffset, HOffset, const_cast<void *>(Src), Count,
                       Kind, true, nullptr, false);
}

cudaError_t cudaMemcpyFromArray(void *Dst, cudaArray_const_t Src,
                                size_t WOffset, size_t HOffset, size_t Count,
                                cudaMemcpyKind Kind) {
  return copyWithArray(Src, WOffset, HOffset, Dst, Count, Kind, false, nullptr,
                       false);
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t Dst, size_t WOffset,
                                   size_t HOffset, const void *Src,
                                   size_t Count, cudaMemcpyKind Kind,
                                   cudaStream_t Stream) {
  return copyWithArray(Dst, WOffset, HOffset, const_cast<void *>(Src), Count,
                       Kind, true, Stream, true);
}

cudaError_t cudaMemcpyFromArrayAsync(void *Dst, cudaArray_const_t Src,
                                     size_t WOffset, size_t HOffset,
                                     size_t Count, cudaMemcpyKind Kind,
                                     cudaStream_t Stream) {
  return copyWithArray(Src, WOffset, HOffset, Dst, Count, Kind, false, Stream,
                       true);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t Dst, size_t WOffsetDst,
                                   size_t HOffsetDst, cudaArray_const_t Src,
                                   size_t WOffsetSrc, size_t HOffsetSrc,
                                   size_t Count, cudaMemcpyKind Kind) {
  LinearEnd From, To;
  if (!linearOffset(Src, WOffsetSrc, HOffsetSrc, From) ||
      !linearOffset(Dst, WOffsetDst, HOffsetDst, To))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return copyLinear(B, From, To, Count, Kind, nullptr, false);
  });
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t Dst, size_t WOffset,
                                size_t HOffset, const void *Src, size_t SPitch,
                                size_t Width, size_t Height,
                                cudaMemcpyKind Kind) {
  return copy2D(linearEnd(Src, SPitch), arrayEnd(Dst, WOffset, HOffset), Width,
                Height, Kind, nullptr, false);
}

cudaError_t cudaMemcpy2DFromArray(void *Dst, size_t DPitch,
                                  cudaArray_const_t Src, size_t WOffset,
                                  size_t HOffset, size_t Width, size_t Height,
                                  cudaMemcpyKind Kind) {
  return copy2D(arrayEnd(Src, WOffset, HOffset), linearEnd(Dst, DPitch), Width,
                Height, Kind, nullptr, false);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t Dst, size_t WOffset,
                                     size_t HOffset, const void *Src,
                                     size_t SPitch, size_t Width,
                                     size_t Height, cudaMemcpyKind Kind,
                                     cudaStream_t Stream) {
  return copy2D(linearEnd(Src, SPitch), arrayEnd(Dst, WOffset, HOffset), Width,
                Height, Kind, Stream, true);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *Dst, size_t DPitch,
                                       cudaArray_const_t Src, size_t WOffset,
                                       size_t HOffset, size_t Width,
                                       size_t Height, cudaMemcpyKind Kind,
                                       cudaStream_t Stream) {
  return copy2D(arrayEnd(Src, WOffset, HOffset), linearEnd(Dst, DPitch), Width,
                Height, Kind, Stream, true);
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t Dst, size_t WOffsetDst,
                                     size_t HOffsetDst, cudaArray_const_t Src,
                                     size_t WOffsetSrc, size_t HOffsetSrc,
                                     size_t Width, size_t Height,
                                     cudaMemcpyKind Kind) {
  return copy2D(arrayEnd(Src, WOffsetSrc, HOffsetSrc),
                arrayEnd(Dst, WOffsetDst, HOffsetDst), Width, Height, Kind,
                nullptr, false);
}

} // extern "C"
