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
// - A CUDA array is pitched linear device memory plus its channel format
//   (runtime-shim/arrays; Arrays.cpp).
//
// Everything here is built on the public runtime API (cudaMalloc, cudaMemcpy,
// cudaMemcpy2D, cudaGetSymbolAddress), so it works on every backend.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"
#include "arrays/Array.h"

#include "__rubicon/texture_api.h"
#include "__rubicon/texture_descriptor.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>

using namespace rubicon::cudart;
using rubicon::arrays::texelSize;

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
