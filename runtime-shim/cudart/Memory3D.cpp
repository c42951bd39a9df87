//===- Memory3D.cpp - 3D allocations, copies and fills --------------------===//
//
// Part of Rubicon. cudaMalloc3D is a pitched allocation of height * depth
// rows; a 3D copy or fill is one 2D copy or fill per slice (the backend's
// memcpy2D/memset2D, in stream order when Async). Either end of a copy may
// be a CUDA array (TextureArrays.h: 1D, 2D, 3D, layered and cubemap arrays,
// slice after slice). cudaMalloc3DArray makes the arrays of more than one
// slice.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "TextureArrays.h"
#include "graphs/StreamHooks.h"

using namespace rubicon::cudart;

namespace {

/// One end of a 3D copy as pitched bytes: the first byte the copy touches,
/// the row pitch and the slice pitch.
struct CopyEnd {
  char *First = nullptr;
  size_t Pitch = 0, SlicePitch = 0;
};

/// Resolves an end (Array, or Ptr at Pos) of a copy WidthBytes x Height x
/// Depth; ElementBytes is the size the x position counts in.
cudaError_t resolveEnd(cudaArray *Array, const cudaPitchedPtr &Ptr,
                       const cudaPos &Pos, size_t WidthBytes, size_t Height,
                       size_t Depth, CopyEnd &End) {
  if (Array) {
    size_t Texel = texelSize(Array->Desc);
    if (!Texel || Pos.z + Depth > Array->slices() ||
        Pos.y + Height > Array->rows() ||
        Pos.x * Texel + WidthBytes > Array->Width * Texel)
      return cudaErrorInvalidValue;
    End.First = Array->Data + Pos.z * Array->slicePitch() +
                Pos.y * Array->Pitch + Pos.x * Texel;
    End.Pitch = Array->Pitch;
    End.SlicePitch = Array->slicePitch();
    return cudaSuccess;
  }
  if (!Ptr.ptr || Pos.x + WidthBytes > Ptr.pitch)
    return cudaErrorInvalidValue;
  // ysize is the rows of a slice; 0 is taken as the copy's height.
  size_t Rows = Ptr.ysize ? Ptr.ysize : Height;
  if (Depth > 1 && Pos.y + Height > Rows)
    return cudaErrorInvalidValue;
  End.First = static_cast<char *>(Ptr.ptr) + Pos.z * Ptr.pitch * Rows +
              Pos.y * Ptr.pitch + Pos.x;
  End.Pitch = Ptr.pitch;
  End.SlicePitch = Ptr.pitch * Rows;
  return cudaSuccess;
}

cudaError_t memcpy3D(const cudaMemcpy3DParms *P, cudaStream_t Stream,
                     bool Async) {
  if (!P || (P->srcArray && P->srcPtr.ptr) || (P->dstArray && P->dstPtr.ptr))
    return fail(cudaErrorInvalidValue);
  if (P->kind < cudaMemcpyHostToHost || P->kind > cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  const cudaExtent &E = P->extent;
  if (!E.width || !E.height || !E.depth)
    return cudaSuccess;
  // The width counts bytes unless an end is an array: then its elements.
  cudaArray *Array = P->srcArray ? P->srcArray : P->dstArray;
  size_t WidthBytes = E.width;
  if (Array) {
    size_t Texel = texelSize(Array->Desc);
    if (!Texel)
      return fail(cudaErrorInvalidValue);
    WidthBytes = E.width * Texel;
  }
  CopyEnd Src, Dst;
  if (cudaError_t Status = resolveEnd(P->srcArray, P->srcPtr, P->srcPos,
                                      WidthBytes, E.height, E.depth, Src))
    return fail(Status);
  if (cudaError_t Status = resolveEnd(P->dstArray, P->dstPtr, P->dstPos,
                                      WidthBytes, E.height, E.depth, Dst))
    return fail(Status);
  return withBackend([&](Backend &B) {
    for (size_t Z = 0; Z < E.depth; ++Z) {
      // During stream capture each slice becomes a copy node.
      if (Async)
        if (auto Captured = rubicon::graphs::hooks::copy2D(
                Dst.First + Z * Dst.SlicePitch, Dst.Pitch,
                Src.First + Z * Src.SlicePitch, Src.Pitch, WidthBytes,
                E.height, P->kind, Stream)) {
          if (*Captured)
            return *Captured;
          continue;
        }
      if (cudaError_t Status =
              B.memcpy2D(Dst.First + Z * Dst.SlicePitch, Dst.Pitch,
                         Src.First + Z * Src.SlicePitch, Src.Pitch, WidthBytes,
                         E.height, P->kind, Stream, Async))
        return Status;
    }
    return cudaSuccess;
  });
}

cudaError_t memset3D(cudaPitchedPtr Ptr, int Value, cudaExtent E,
                     cudaStream_t Stream, bool Async) {
  if (!E.width || !E.height || !E.depth)
    return cudaSuccess;
  if (!Ptr.ptr || E.width > Ptr.pitch)
    return fail(cudaErrorInvalidValue);
  size_t Rows = Ptr.ysize ? Ptr.ysize : E.height;
  if (E.depth > 1 && E.height > Rows)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    for (size_t Z = 0; Z < E.depth; ++Z) {
      char *Slice = static_cast<char *>(Ptr.ptr) + Z * Ptr.pitch * Rows;
      if (Async)
        if (auto Captured = rubicon::graphs::hooks::fill(
                Slice, Ptr.pitch, unsigned(Value) & 0xff, 1, E.width,
                E.height, Stream)) {
          if (*Captured)
            return *Captured;
          continue;
        }
      if (cudaError_t Status = B.memset2D(Slice, Ptr.pitch, Value, E.width,
                                          E.height, Stream, Async))
        return Status;
    }
    return cudaSuccess;
  });
}

} // namespace

extern "C" {

cudaError_t cudaMalloc3D(cudaPitchedPtr *PitchedDevPtr, cudaExtent Extent) {
  if (!PitchedDevPtr)
    return fail(cudaErrorInvalidValue);
  *PitchedDevPtr = {};
  void *Ptr = nullptr;
  size_t Pitch = 0;
  if (cudaError_t Status =
          cudaMallocPitch(&Ptr, &Pitch, Extent.width,
                          Extent.height * (Extent.depth ? Extent.depth : 1)))
    return Status;
  *PitchedDevPtr = {Ptr, Pitch, Extent.width, Extent.height};
  return cudaSuccess;
}

cudaError_t cudaMalloc3DArray(cudaArray_t *Array,
                              const cudaChannelFormatDesc *Desc,
                              cudaExtent Extent, unsigned int Flags) {
  if (!Array || !Desc || Extent.width == 0)
    return fail(cudaErrorInvalidValue);
  if (Flags & ~unsigned(cudaArrayLayered | cudaArraySurfaceLoadStore |
                        cudaArrayCubemap | cudaArrayTextureGather))
    return fail(cudaErrorInvalidValue);
  size_t Texel = texelSize(*Desc);
  if (Texel == 0)
    return fail(cudaErrorInvalidChannelDescriptor);
  bool Layered = Flags & cudaArrayLayered, Cubemap = Flags & cudaArrayCubemap;
  // A 3D array has a height; a layered one needs layers (depth); a cubemap
  // is square with 6 faces per layer.
  if ((Extent.depth && !Extent.height && !Layered) ||
      (Layered && Extent.depth == 0) ||
      (Cubemap && (Extent.width != Extent.height ||
                   (Layered ? Extent.depth % 6 : Extent.depth != 6))))
    return fail(cudaErrorInvalidValue);
  auto *A = new cudaArray;
  A->Desc = *Desc;
  A->Width = Extent.width;
  A->Height = Extent.height;
  A->Depth = Extent.depth;
  A->Flags = Flags;
  void *Data = nullptr;
  if (cudaError_t Status = cudaMallocPitch(&Data, &A->Pitch,
                                           Extent.width * Texel,
                                           A->rows() * A->slices())) {
    delete A;
    return Status;
  }
  A->Data = static_cast<char *>(Data);
  *Array = A;
  return cudaSuccess;
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *P) {
  return memcpy3D(P, nullptr, false);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *P, cudaStream_t Stream) {
  return memcpy3D(P, Stream, true);
}

cudaError_t cudaMemset3D(cudaPitchedPtr Ptr, int Value, cudaExtent Extent) {
  return memset3D(Ptr, Value, Extent, nullptr, false);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr Ptr, int Value, cudaExtent Extent,
                              cudaStream_t Stream) {
  return memset3D(Ptr, Value, Extent, Stream, true);
}

} // extern "C"
