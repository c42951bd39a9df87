//===- TextureObject.cpp - Texture and surface objects --------------------===//
//
// Part of Rubicon. TextureObject.h.
//
//===----------------------------------------------------------------------===//

#include "arrays/TextureObject.h"

#include "graphs/SharedState.h"

#include "__rubicon/texture_descriptor.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace rubicon::arrays {

namespace {

struct ObjectRegistry {
  std::mutex Mutex;
  std::unordered_map<unsigned long long, ObjectState> Objects;
};

ObjectRegistry &registry() {
  static ObjectRegistry &Registry =
      graphs::sharedObject<ObjectRegistry>(graphs::Slot::TextureObjects);
  return Registry;
}

/// The resource part of D (data, extent, pitch, channel format) for an
/// array.
void describeArray(const cudaArray &A, __rubicon_texture_descriptor &D) {
  D.data = A.Data;
  D.width = A.Width;
  D.height = A.rows();
  D.pitch = A.Pitch;
  D.depth = A.slices();
  D.slice_pitch = A.slicePitch();
}

/// Fills the resource part of each level's descriptor.
cudaError_t describeResource(const cudaResourceDesc &Resource,
                             std::vector<__rubicon_texture_descriptor> &Levels,
                             bool Surface) {
  cudaChannelFormatDesc Format{};
  Levels.assign(1, __rubicon_texture_descriptor{});
  __rubicon_texture_descriptor &D = Levels[0];
  switch (Resource.resType) {
  case cudaResourceTypeArray: {
    const cudaArray *Array = Resource.res.array.array;
    if (!Array)
      return cudaErrorInvalidResourceHandle;
    Format = Array->Desc;
    describeArray(*Array, D);
    break;
  }
  case cudaResourceTypeMipmappedArray: {
    if (Surface)
      return cudaErrorInvalidValue; // a surface is on one level: an array
    const cudaMipmappedArray *Mipmap = Resource.res.mipmap.mipmap;
    if (!Mipmap || Mipmap->Levels.empty())
      return cudaErrorInvalidResourceHandle;
    Format = Mipmap->Desc;
    Levels.resize(Mipmap->Levels.size());
    for (size_t L = 0; L < Levels.size(); ++L)
      describeArray(*Mipmap->Levels[L], Levels[L]);
    break;
  }
  case cudaResourceTypeLinear: {
    if (Surface)
      return cudaErrorInvalidValue; // surfaces are on arrays only
    Format = Resource.res.linear.desc;
    size_t Texel = texelSize(Format);
    if (!Resource.res.linear.devPtr || Texel == 0)
      return Texel == 0 ? cudaErrorInvalidChannelDescriptor
                        : cudaErrorInvalidValue;
    D.data = static_cast<const char *>(Resource.res.linear.devPtr);
    D.width = Resource.res.linear.sizeInBytes / Texel;
    D.height = 1;
    D.pitch = D.width * Texel;
    break;
  }
  case cudaResourceTypePitch2D: {
    if (Surface)
      return cudaErrorInvalidValue;
    const auto &Pitch2D = Resource.res.pitch2D;
    Format = Pitch2D.desc;
    size_t Texel = texelSize(Format);
    if (Texel == 0)
      return cudaErrorInvalidChannelDescriptor;
    if (!Pitch2D.devPtr || Pitch2D.width == 0 || Pitch2D.height == 0 ||
        Pitch2D.pitchInBytes < Pitch2D.width * Texel)
      return cudaErrorInvalidValue;
    D.data = static_cast<const char *>(Pitch2D.devPtr);
    D.width = Pitch2D.width;
    D.height = Pitch2D.height;
    D.pitch = Pitch2D.pitchInBytes;
    break;
  }
  default:
    return cudaErrorInvalidValue;
  }
  size_t Texel = texelSize(Format);
  if (Texel == 0)
    return cudaErrorInvalidChannelDescriptor;
  for (__rubicon_texture_descriptor &Level : Levels) {
    Level.texel_size = static_cast<unsigned>(Texel);
    Level.channel_kind = Format.f;
    Level.channel_bits = Format.x;
    Level.channel_count = (Format.x > 0) + (Format.y > 0) + (Format.z > 0) +
                          (Format.w > 0);
    Level.level_count = static_cast<unsigned>(Levels.size());
  }
  return cudaSuccess;
}

/// Copies the level descriptors to new device memory and records the
/// object under the address of the first.
cudaError_t createObject(Backend &B,
                         const std::vector<__rubicon_texture_descriptor> &Levels,
                         const ObjectState &State, unsigned long long &Handle) {
  size_t Bytes = Levels.size() * sizeof(Levels[0]);
  void *Device = nullptr;
  if (cudaError_t Status = B.malloc(&Device, Bytes))
    return Status;
  if (cudaError_t Status =
          B.memcpy(Device, Levels.data(), Bytes, cudaMemcpyHostToDevice)) {
    B.free(Device);
    return Status;
  }
  unsigned long long Object = reinterpret_cast<unsigned long long>(Device);
  {
    ObjectRegistry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    R.Objects[Object] = State;
  }
  Handle = Object;
  return cudaSuccess;
}

bool validAddressMode(cudaTextureAddressMode Mode) {
  return Mode >= cudaAddressModeWrap && Mode <= cudaAddressModeBorder;
}

bool validFilterMode(cudaTextureFilterMode Mode) {
  return Mode == cudaFilterModePoint || Mode == cudaFilterModeLinear;
}

} // namespace

cudaError_t describeTexture(const cudaResourceDesc &Resource,
                            const cudaTextureDesc &Texture,
                            std::vector<__rubicon_texture_descriptor> &Levels) {
  for (cudaTextureAddressMode Mode : Texture.addressMode)
    if (!validAddressMode(Mode))
      return cudaErrorInvalidValue;
  if (!validFilterMode(Texture.filterMode) ||
      (Texture.readMode != cudaReadModeElementType &&
       Texture.readMode != cudaReadModeNormalizedFloat))
    return cudaErrorInvalidValue;
  bool Mipmapped = Resource.resType == cudaResourceTypeMipmappedArray;
  if (Mipmapped && !validFilterMode(Texture.mipmapFilterMode))
    return cudaErrorInvalidValue;
  if (cudaError_t Status = describeResource(Resource, Levels, false))
    return Status;
  for (__rubicon_texture_descriptor &D : Levels) {
    D.filter_mode = Texture.filterMode;
    D.read_mode = Texture.readMode;
    D.normalized_coordinates = Texture.normalizedCoords ? 1 : 0;
    for (int I = 0; I < 3; ++I) {
      // CUDA: wrap and mirror need normalized coordinates; otherwise clamp.
      cudaTextureAddressMode Mode = Texture.addressMode[I];
      if (!D.normalized_coordinates &&
          (Mode == cudaAddressModeWrap || Mode == cudaAddressModeMirror))
        Mode = cudaAddressModeClamp;
      D.address_mode[I] = Mode;
    }
    for (int I = 0; I < 4; ++I)
      D.border_color[I] = Texture.borderColor[I];
    if (Mipmapped) {
      D.mipmap_filter_mode = Texture.mipmapFilterMode;
      D.mipmap_level_bias = Texture.mipmapLevelBias;
      D.min_mipmap_level_clamp = Texture.minMipmapLevelClamp;
      D.max_mipmap_level_clamp = Texture.maxMipmapLevelClamp;
    }
  }
  return cudaSuccess;
}

cudaError_t createTextureObject(Backend &B, const cudaResourceDesc &Resource,
                                const cudaTextureDesc &Texture,
                                const cudaResourceViewDesc *View,
                                ObjectState State, unsigned long long &Handle) {
  if (View)
    return cudaErrorNotSupported; // resource views are not applied
  std::vector<__rubicon_texture_descriptor> Levels;
  if (cudaError_t Status = describeTexture(Resource, Texture, Levels))
    return Status;
  State.Resource = Resource;
  State.Texture = Texture;
  State.Surface = false;
  return createObject(B, Levels, State, Handle);
}

cudaError_t createSurfaceObject(Backend &B, const cudaResourceDesc &Resource,
                                unsigned long long &Handle) {
  std::vector<__rubicon_texture_descriptor> Levels;
  if (cudaError_t Status = describeResource(Resource, Levels, true))
    return Status;
  ObjectState State;
  State.Resource = Resource;
  State.Surface = true;
  return createObject(B, Levels, State, Handle);
}

cudaError_t destroyObject(Backend &B, unsigned long long Handle,
                          bool Surface) {
  if (Handle == 0)
    return cudaSuccess;
  {
    ObjectRegistry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto It = R.Objects.find(Handle);
    if (It == R.Objects.end() || It->second.Surface != Surface)
      return cudaErrorInvalidValue;
    R.Objects.erase(It);
  }
  return B.free(reinterpret_cast<void *>(Handle));
}

cudaError_t findObject(unsigned long long Handle, bool Surface,
                       ObjectState &State) {
  ObjectRegistry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  auto It = R.Objects.find(Handle);
  if (It == R.Objects.end() || It->second.Surface != Surface)
    return cudaErrorInvalidValue;
  State = It->second;
  return cudaSuccess;
}

} // namespace rubicon::arrays
