//===- Textures.cpp - Legacy texture references and CUDA arrays -----------===//
//
// Part of Rubicon. CUDA 12 removed texture references; programs still use
// them, so Rubicon keeps them, in software:
//
// - clang's host code registers each texture<T, dim, mode> variable with
//   __cudaRegisterTexture. On the device it is a 64-bit variable of that name
//   (lowering/LowerTextureHandles.cpp), registered here as a device variable.
// - Binding writes a __rubicon_texture_descriptor (include/__rubicon/
//   texture_descriptor.h: address, extent, pitch, texel size, filter,
//   address modes, normalized coordinates) into device memory and the
//   descriptor's address into the reference's device variable; device code
//   (include/__rubicon/texture_fetch.h) reads texels through it. The
//   reference's fields (filterMode, normalized, addressMode) are read at bind
//   time, as CUDA documents.
// - A CUDA array is pitched linear device memory plus its channel format.
//
// Everything here is built on the public runtime API (cudaMalloc, cudaMemcpy,
// cudaMemcpy2D, cudaGetSymbolAddress), so it works on every backend.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"
#include "TextureArrays.h"

#include "__rubicon/texture_api.h"
#include "__rubicon/texture_descriptor.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>

using namespace rubicon::cudart;

namespace {

struct TextureReferenceState {
  int Dimensions = 1;
  void *DeviceDescriptor = nullptr; // while bound
};

struct TextureRegistry {
  std::mutex Mutex;
  std::unordered_map<const textureReference *, TextureReferenceState>
      References;
};

TextureRegistry &registry() {
  static TextureRegistry *Registry = new TextureRegistry; // never destroyed
  return *Registry;
}

cudaError_t fail(cudaError_t Status) {
  return Runtime::instance().record(Status);
}

/// Writes Descriptor for Texref to device memory and its address into the
/// reference's device variable.
cudaError_t bind(const textureReference *Texref,
                 __rubicon_texture_descriptor Descriptor) {
  if (!Texref)
    return fail(cudaErrorInvalidTexture);
  TextureRegistry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  auto It = R.References.find(Texref);
  if (It == R.References.end())
    return fail(cudaErrorInvalidTexture);
  Descriptor.filter_mode = Texref->filterMode;
  Descriptor.normalized_coordinates = Texref->normalized ? 1 : 0;
  Descriptor.address_mode[0] = Texref->addressMode[0];
  Descriptor.address_mode[1] = Texref->addressMode[1];

  void *Handle = nullptr;
  if (cudaError_t Status = cudaGetSymbolAddress(&Handle, Texref))
    return Status;
  TextureReferenceState &State = It->second;
  if (!State.DeviceDescriptor) {
    if (cudaError_t Status =
            cudaMalloc(&State.DeviceDescriptor, sizeof(Descriptor)))
      return Status;
  }
  if (cudaError_t Status = cudaMemcpy(State.DeviceDescriptor, &Descriptor,
                                      sizeof(Descriptor),
                                      cudaMemcpyHostToDevice))
    return Status;
  return cudaMemcpy(Handle, &State.DeviceDescriptor, sizeof(void *),
                    cudaMemcpyHostToDevice);
}

} // namespace

extern "C" {

void __cudaRegisterTexture(void **FatCubinHandle,
                           const textureReference *HostVar,
                           const void ** /*DeviceAddress*/,
                           const char *DeviceName, int Dimensions,
                           int /*Normalized*/, int External) {
  Runtime::instance().registerVariable(FatCubinHandle, HostVar, DeviceName,
                                       sizeof(void *), false, External != 0);
  TextureRegistry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.References[HostVar].Dimensions = Dimensions;
}

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
  if (!Array || !Desc || Width == 0)
    return fail(cudaErrorInvalidValue);
  size_t Texel = texelSize(*Desc);
  if (Texel == 0)
    return fail(cudaErrorInvalidChannelDescriptor);
  auto *A = new cudaArray;
  A->Desc = *Desc;
  A->Width = Width;
  A->Height = Height;
  A->Flags = Flags;
  void *Data = nullptr;
  if (cudaError_t Status = cudaMallocPitch(&Data, &A->Pitch, Width * Texel,
                                           std::max<size_t>(Height, 1))) {
    delete A;
    return Status;
  }
  A->Data = static_cast<char *>(Data);
  *Array = A;
  return cudaSuccess;
}

cudaError_t cudaFreeArray(cudaArray_t Array) {
  if (!Array)
    return cudaSuccess;
  cudaError_t Status = cudaFree(Array->Data);
  delete Array;
  return Status;
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
  if (Extent) {
    Extent->width = Array->Width;
    Extent->height = Array->Height;
    Extent->depth = Array->Depth;
  }
  if (Flags)
    *Flags = Array->Flags;
  return cudaSuccess;
}

/// Copies Count bytes between linear memory and the array, starting at byte
/// WOffset of row HOffset and continuing row after row (CUDA's semantics of
/// cudaMemcpyToArray/FromArray).
static cudaError_t copyLinear(const cudaArray *Array, size_t WOffset,
                              size_t HOffset, void *Linear, size_t Count,
                              cudaMemcpyKind Kind, bool ToArray) {
  if (!Array)
    return fail(cudaErrorInvalidValue);
  size_t RowBytes = Array->Width * texelSize(Array->Desc);
  size_t Rows = std::max<size_t>(Array->Height, 1);
  if (WOffset >= RowBytes || HOffset >= Rows ||
      HOffset * RowBytes + WOffset + Count > Rows * RowBytes)
    return fail(cudaErrorInvalidValue);
  char *Host = static_cast<char *>(Linear);
  auto copy = [&](char *ArrayAt, char *LinearAt, size_t Bytes) {
    return ToArray ? cudaMemcpy(ArrayAt, LinearAt, Bytes, Kind)
                   : cudaMemcpy(LinearAt, ArrayAt, Bytes, Kind);
  };
  size_t Row = HOffset;
  // The rest of the first row.
  size_t First = std::min(Count, RowBytes - WOffset);
  if (cudaError_t Status =
          copy(Array->Data + Row * Array->Pitch + WOffset, Host, First))
    return Status;
  Host += First;
  Count -= First;
  ++Row;
  // Whole rows.
  size_t WholeRows = Count / RowBytes;
  if (WholeRows) {
    char *ArrayAt = Array->Data + Row * Array->Pitch;
    cudaError_t Status =
        ToArray ? cudaMemcpy2D(ArrayAt, Array->Pitch, Host, RowBytes, RowBytes,
                               WholeRows, Kind)
                : cudaMemcpy2D(Host, RowBytes, ArrayAt, Array->Pitch, RowBytes,
                               WholeRows, Kind);
    if (Status)
      return Status;
    Host += WholeRows * RowBytes;
    Count -= WholeRows * RowBytes;
    Row += WholeRows;
  }
  // The start of the last row.
  if (Count)
    return copy(Array->Data + Row * Array->Pitch, Host, Count);
  return cudaSuccess;
}

cudaError_t cudaMemcpyToArray(cudaArray_t Dst, size_t WOffset, size_t HOffset,
                              const void *Src, size_t Count,
                              cudaMemcpyKind Kind) {
  return copyLinear(Dst, WOffset, HOffset, const_cast<void *>(Src), Count,
                    Kind, true);
}

cudaError_t cudaMemcpyFromArray(void *Dst, cudaArray_const_t Src,
                                size_t WOffset, size_t HOffset, size_t Count,
                                cudaMemcpyKind Kind) {
  return copyLinear(Src, WOffset, HOffset, Dst, Count, Kind, false);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t Dst, size_t WOffset,
                                size_t HOffset, const void *Src, size_t SPitch,
                                size_t Width, size_t Height,
                                cudaMemcpyKind Kind) {
  if (!Dst)
    return fail(cudaErrorInvalidValue);
  size_t RowBytes = Dst->Width * texelSize(Dst->Desc);
  if (WOffset + Width > RowBytes ||
      HOffset + Height > std::max<size_t>(Dst->Height, 1))
    return fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(Dst->Data + HOffset * Dst->Pitch + WOffset, Dst->Pitch,
                      Src, SPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy2DFromArray(void *Dst, size_t DPitch,
                                  cudaArray_const_t Src, size_t WOffset,
                                  size_t HOffset, size_t Width, size_t Height,
                                  cudaMemcpyKind Kind) {
  if (!Src)
    return fail(cudaErrorInvalidValue);
  size_t RowBytes = Src->Width * texelSize(Src->Desc);
  if (WOffset + Width > RowBytes ||
      HOffset + Height > std::max<size_t>(Src->Height, 1))
    return fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(Dst, DPitch, Src->Data + HOffset * Src->Pitch + WOffset,
                      Src->Pitch, Width, Height, Kind);
}

cudaError_t cudaBindTexture(size_t *Offset, const textureReference *Texref,
                            const void *DevPtr,
                            const cudaChannelFormatDesc *Desc, size_t Size) {
  if (!Desc)
    return fail(cudaErrorInvalidChannelDescriptor);
  size_t Texel = texelSize(*Desc);
  if (Texel == 0)
    return fail(cudaErrorInvalidChannelDescriptor);
  if (!DevPtr)
    return fail(cudaErrorInvalidValue);
  if (Offset)
    *Offset = 0; // any alignment is fine: texels are read by software
  __rubicon_texture_descriptor D{};
  D.data = static_cast<const char *>(DevPtr);
  D.width = Size / Texel;
  D.height = 1;
  D.pitch = D.width * Texel;
  D.texel_size = static_cast<unsigned>(Texel);
  return bind(Texref, D);
}

cudaError_t cudaBindTexture2D(size_t *Offset, const textureReference *Texref,
                              const void *DevPtr,
                              const cudaChannelFormatDesc *Desc, size_t Width,
                              size_t Height, size_t Pitch) {
  if (!Desc)
    return fail(cudaErrorInvalidChannelDescriptor);
  size_t Texel = texelSize(*Desc);
  if (Texel == 0)
    return fail(cudaErrorInvalidChannelDescriptor);
  if (!DevPtr || Width == 0 || Height == 0 || Pitch < Width * Texel)
    return fail(cudaErrorInvalidValue);
  if (Offset)
    *Offset = 0;
  __rubicon_texture_descriptor D{};
  D.data = static_cast<const char *>(DevPtr);
  D.width = Width;
  D.height = Height;
  D.pitch = Pitch;
  D.texel_size = static_cast<unsigned>(Texel);
  return bind(Texref, D);
}

cudaError_t cudaBindTextureToArray(const textureReference *Texref,
                                   cudaArray_const_t Array,
                                   const cudaChannelFormatDesc *Desc) {
  if (!Array)
    return fail(cudaErrorInvalidResourceHandle);
  const cudaChannelFormatDesc &Format = Desc ? *Desc : Array->Desc;
  if (texelSize(Format) != texelSize(Array->Desc) || texelSize(Format) == 0)
    return fail(cudaErrorInvalidChannelDescriptor);
  __rubicon_texture_descriptor D{};
  D.data = Array->Data;
  D.width = Array->Width;
  D.height = std::max<size_t>(Array->Height, 1);
  D.pitch = Array->Pitch;
  D.texel_size = static_cast<unsigned>(texelSize(Format));
  return bind(Texref, D);
}

cudaError_t cudaUnbindTexture(const textureReference *Texref) {
  if (!Texref)
    return fail(cudaErrorInvalidTexture);
  TextureRegistry &R = registry();
  void *Descriptor = nullptr;
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto It = R.References.find(Texref);
    if (It == R.References.end())
      return fail(cudaErrorInvalidTexture);
    Descriptor = It->second.DeviceDescriptor;
    It->second.DeviceDescriptor = nullptr;
  }
  if (!Descriptor)
    return cudaSuccess;
  void *Handle = nullptr;
  void *Null = nullptr;
  if (cudaError_t Status = cudaGetSymbolAddress(&Handle, Texref))
    return Status;
  if (cudaError_t Status = cudaMemcpy(Handle, &Null, sizeof(void *),
                                      cudaMemcpyHostToDevice))
    return Status;
  return cudaFree(Descriptor);
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *Offset,
                                          const textureReference *Texref) {
  if (!Offset || !Texref)
    return fail(cudaErrorInvalidValue);
  *Offset = 0;
  return cudaSuccess;
}

} // extern "C"
