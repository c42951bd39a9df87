//===- TextureObjects.cpp - Texture and surface objects -------------------===//
//
// Part of Rubicon. cudaCreateTextureObject and cudaCreateSurfaceObject write
// a __rubicon_texture_descriptor (include/__rubicon/texture_descriptor.h)
// into device memory; the object handle is that descriptor's device address,
// so a kernel receives it as a plain 64-bit argument and the device-side
// functions (include/__rubicon/texture_object.h: tex1Dfetch<T>, tex1D<T>,
// tex2D<T>, surf2Dread/surf2Dwrite, ...) read texels through it in software,
// on every target. The runtime keeps the descriptors the program passed, for
// cudaGetTextureObject*Desc.
//
// Built on the public runtime API (cudaMalloc, cudaMemcpy), like the legacy
// references in Textures.cpp, so it works on every backend.
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

struct ObjectState {
  cudaResourceDesc Resource{};
  cudaTextureDesc Texture{};
  bool Surface = false;
};

struct ObjectRegistry {
  std::mutex Mutex;
  std::unordered_map<unsigned long long, ObjectState> Objects;
};

ObjectRegistry &registry() {
  static ObjectRegistry *Registry = new ObjectRegistry; // never destroyed
  return *Registry;
}

cudaError_t fail(cudaError_t Status) {
  return Runtime::instance().record(Status);
}

/// Fills the resource part of D (data, extent, pitch, channel format).
cudaError_t describeResource(const cudaResourceDesc &Resource,
                             __rubicon_texture_descriptor &D, bool Surface) {
  cudaChannelFormatDesc Format{};
  switch (Resource.resType) {
  case cudaResourceTypeArray: {
    const cudaArray *Array = Resource.res.array.array;
    if (!Array)
      return cudaErrorInvalidResourceHandle;
    Format = Array->Desc;
    D.data = Array->Data;
    D.width = Array->Width;
    D.height = Array->rows();
    D.pitch = Array->Pitch;
    D.depth = Array->slices();
    D.slice_pitch = Array->slicePitch();
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
  case cudaResourceTypeMipmappedArray:
    return cudaErrorNotSupported; // Rubicon has no mipmapped arrays
  default:
    return cudaErrorInvalidValue;
  }
  size_t Texel = texelSize(Format);
  if (Texel == 0)
    return cudaErrorInvalidChannelDescriptor;
  D.texel_size = static_cast<unsigned>(Texel);
  D.channel_kind = Format.f;
  D.channel_bits = Format.x;
  D.channel_count = (Format.x > 0) + (Format.y > 0) + (Format.z > 0) +
                    (Format.w > 0);
  return cudaSuccess;
}

/// Copies D to new device memory and registers its address as an object.
cudaError_t createObject(unsigned long long *Handle,
                         const __rubicon_texture_descriptor &D,
                         ObjectState State) {
  void *Device = nullptr;
  if (cudaError_t Status = cudaMalloc(&Device, sizeof(D)))
    return Status;
  if (cudaError_t Status =
          cudaMemcpy(Device, &D, sizeof(D), cudaMemcpyHostToDevice)) {
    cudaFree(Device);
    return Status;
  }
  unsigned long long Object = reinterpret_cast<unsigned long long>(Device);
  {
    ObjectRegistry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    R.Objects[Object] = State;
  }
  *Handle = Object;
  return cudaSuccess;
}

cudaError_t destroyObject(unsigned long long Object, bool Surface) {
  if (Object == 0)
    return cudaSuccess;
  {
    ObjectRegistry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto It = R.Objects.find(Object);
    if (It == R.Objects.end() || It->second.Surface != Surface)
      return fail(cudaErrorInvalidValue);
    R.Objects.erase(It);
  }
  return cudaFree(reinterpret_cast<void *>(Object));
}

/// The state of a live object, or cudaErrorInvalidValue.
cudaError_t findObject(unsigned long long Object, bool Surface,
                       ObjectState &State) {
  ObjectRegistry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  auto It = R.Objects.find(Object);
  if (It == R.Objects.end() || It->second.Surface != Surface)
    return fail(cudaErrorInvalidValue);
  State = It->second;
  return cudaSuccess;
}

bool validAddressMode(cudaTextureAddressMode Mode) {
  return Mode >= cudaAddressModeWrap && Mode <= cudaAddressModeBorder;
}

} // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *TexObject,
                                    const cudaResourceDesc *ResDesc,
                                    const cudaTextureDesc *TexDesc,
                                    const cudaResourceViewDesc *ResViewDesc) {
  if (!TexObject || !ResDesc || !TexDesc)
    return fail(cudaErrorInvalidValue);
  if (ResViewDesc)
    return fail(cudaErrorNotSupported); // resource views are not applied
  for (cudaTextureAddressMode Mode : TexDesc->addressMode)
    if (!validAddressMode(Mode))
      return fail(cudaErrorInvalidValue);
  if ((TexDesc->filterMode != cudaFilterModePoint &&
       TexDesc->filterMode != cudaFilterModeLinear) ||
      (TexDesc->readMode != cudaReadModeElementType &&
       TexDesc->readMode != cudaReadModeNormalizedFloat))
    return fail(cudaErrorInvalidValue);
  __rubicon_texture_descriptor D{};
  if (cudaError_t Status = describeResource(*ResDesc, D, false))
    return fail(Status);
  D.filter_mode = TexDesc->filterMode;
  D.read_mode = TexDesc->readMode;
  D.normalized_coordinates = TexDesc->normalizedCoords ? 1 : 0;
  for (int I = 0; I < 3; ++I) {
    // CUDA: wrap and mirror need normalized coordinates; otherwise clamp.
    cudaTextureAddressMode Mode = TexDesc->addressMode[I];
    if (!D.normalized_coordinates &&
        (Mode == cudaAddressModeWrap || Mode == cudaAddressModeMirror))
      Mode = cudaAddressModeClamp;
    D.address_mode[I] = Mode;
  }
  for (int I = 0; I < 4; ++I)
    D.border_color[I] = TexDesc->borderColor[I];
  ObjectState State;
  State.Resource = *ResDesc;
  State.Texture = *TexDesc;
  if (cudaError_t Status = createObject(TexObject, D, State))
    return Status;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t TexObject) {
  return destroyObject(TexObject, false);
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaTextureObject_t TexObject) {
  if (!ResDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(TexObject, false, State))
    return Status;
  *ResDesc = State.Resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *TexDesc,
                                            cudaTextureObject_t TexObject) {
  if (!TexDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(TexObject, false, State))
    return Status;
  *TexDesc = State.Texture;
  return cudaSuccess;
}

cudaError_t
cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc *ResViewDesc,
                                     cudaTextureObject_t TexObject) {
  if (!ResViewDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(TexObject, false, State))
    return Status;
  // Objects are created without a view (cudaCreateTextureObject refuses
  // one), so this is CUDA's answer for such objects.
  return fail(cudaErrorInvalidValue);
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *SurfObject,
                                    const cudaResourceDesc *ResDesc) {
  if (!SurfObject || !ResDesc)
    return fail(cudaErrorInvalidValue);
  __rubicon_texture_descriptor D{};
  if (cudaError_t Status = describeResource(*ResDesc, D, true))
    return fail(Status);
  ObjectState State;
  State.Resource = *ResDesc;
  State.Surface = true;
  return createObject(SurfObject, D, State);
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t SurfObject) {
  return destroyObject(SurfObject, true);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaSurfaceObject_t SurfObject) {
  if (!ResDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(SurfObject, true, State))
    return Status;
  *ResDesc = State.Resource;
  return cudaSuccess;
}

} // extern "C"
