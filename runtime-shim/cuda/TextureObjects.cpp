//===- TextureObjects.cpp - Texture and surface objects (driver API) ------===//
//
// Part of Rubicon. cuTexObject* and cuSurfObject* over
// runtime-shim/arrays/TextureObject.h, which the runtime's
// cudaCreateTextureObject uses too: a CUtexObject is a cudaTextureObject_t
// (the device address of its descriptor), valid in both APIs and read by
// the same device-side functions. The driver's descriptors are converted to
// the runtime's and back.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "arrays/TextureObject.h"

#include <cstring>

using namespace rubicon::driver;
using namespace rubicon::arrays;

namespace {

CUdeviceptr toDevicePtr(const void *Ptr) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(Ptr));
}
void *toPointer(CUdeviceptr Address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(Address));
}

CUresult toRuntime(const CUDA_RESOURCE_DESC &D, cudaResourceDesc &R) {
  std::memset(&R, 0, sizeof R);
  if (D.flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  switch (D.resType) {
  case CU_RESOURCE_TYPE_ARRAY:
    R.resType = cudaResourceTypeArray;
    R.res.array.array = reinterpret_cast<cudaArray_t>(D.res.array.hArray);
    return CUDA_SUCCESS;
  case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
    R.resType = cudaResourceTypeMipmappedArray;
    R.res.mipmap.mipmap =
        reinterpret_cast<cudaMipmappedArray_t>(D.res.mipmap.hMipmappedArray);
    return CUDA_SUCCESS;
  case CU_RESOURCE_TYPE_LINEAR:
    R.resType = cudaResourceTypeLinear;
    R.res.linear.devPtr = toPointer(D.res.linear.devPtr);
    R.res.linear.sizeInBytes = D.res.linear.sizeInBytes;
    return channelDesc(D.res.linear.format, D.res.linear.numChannels,
                       R.res.linear.desc);
  case CU_RESOURCE_TYPE_PITCH2D:
    R.resType = cudaResourceTypePitch2D;
    R.res.pitch2D.devPtr = toPointer(D.res.pitch2D.devPtr);
    R.res.pitch2D.width = D.res.pitch2D.width;
    R.res.pitch2D.height = D.res.pitch2D.height;
    R.res.pitch2D.pitchInBytes = D.res.pitch2D.pitchInBytes;
    return channelDesc(D.res.pitch2D.format, D.res.pitch2D.numChannels,
                       R.res.pitch2D.desc);
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

void toDriver(const cudaResourceDesc &R, CUDA_RESOURCE_DESC &D) {
  std::memset(&D, 0, sizeof D);
  switch (R.resType) {
  case cudaResourceTypeArray:
    D.resType = CU_RESOURCE_TYPE_ARRAY;
    D.res.array.hArray = reinterpret_cast<CUarray>(R.res.array.array);
    break;
  case cudaResourceTypeMipmappedArray:
    D.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
    D.res.mipmap.hMipmappedArray =
        reinterpret_cast<CUmipmappedArray>(R.res.mipmap.mipmap);
    break;
  case cudaResourceTypeLinear:
    D.resType = CU_RESOURCE_TYPE_LINEAR;
    D.res.linear.devPtr = toDevicePtr(R.res.linear.devPtr);
    D.res.linear.sizeInBytes = R.res.linear.sizeInBytes;
    driverFormat(R.res.linear.desc, D.res.linear.format,
                 D.res.linear.numChannels);
    break;
  case cudaResourceTypePitch2D:
    D.resType = CU_RESOURCE_TYPE_PITCH2D;
    D.res.pitch2D.devPtr = toDevicePtr(R.res.pitch2D.devPtr);
    D.res.pitch2D.width = R.res.pitch2D.width;
    D.res.pitch2D.height = R.res.pitch2D.height;
    D.res.pitch2D.pitchInBytes = R.res.pitch2D.pitchInBytes;
    driverFormat(R.res.pitch2D.desc, D.res.pitch2D.format,
                 D.res.pitch2D.numChannels);
    break;
  }
}

/// The channel format a resource holds.
cudaChannelFormatDesc formatOf(const cudaResourceDesc &R) {
  switch (R.resType) {
  case cudaResourceTypeArray:
    return R.res.array.array ? R.res.array.array->Desc
                             : cudaChannelFormatDesc{};
  case cudaResourceTypeMipmappedArray:
    return R.res.mipmap.mipmap ? R.res.mipmap.mipmap->Desc
                               : cudaChannelFormatDesc{};
  case cudaResourceTypeLinear:
    return R.res.linear.desc;
  default:
    return R.res.pitch2D.desc;
  }
}

/// CUDA_TEXTURE_DESC as the runtime's. Without CU_TRSF_READ_AS_INTEGER the
/// driver promotes 8- and 16-bit integer texels to normalized floats (32-bit
/// integers and floats are read as they are).
void toRuntime(const CUDA_TEXTURE_DESC &D, const cudaChannelFormatDesc &Format,
               cudaTextureDesc &T) {
  std::memset(&T, 0, sizeof T);
  for (int I = 0; I < 3; ++I)
    T.addressMode[I] = static_cast<cudaTextureAddressMode>(D.addressMode[I]);
  T.filterMode = static_cast<cudaTextureFilterMode>(D.filterMode);
  bool SmallInteger = Format.f != cudaChannelFormatKindFloat &&
                      (Format.x == 8 || Format.x == 16);
  T.readMode = SmallInteger && !(D.flags & CU_TRSF_READ_AS_INTEGER)
                   ? cudaReadModeNormalizedFloat
                   : cudaReadModeElementType;
  T.sRGB = (D.flags & CU_TRSF_SRGB) != 0;
  for (int I = 0; I < 4; ++I)
    T.borderColor[I] = D.borderColor[I];
  T.normalizedCoords = (D.flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
  T.maxAnisotropy = D.maxAnisotropy;
  T.mipmapFilterMode = static_cast<cudaTextureFilterMode>(D.mipmapFilterMode);
  T.mipmapLevelBias = D.mipmapLevelBias;
  T.minMipmapLevelClamp = D.minMipmapLevelClamp;
  T.maxMipmapLevelClamp = D.maxMipmapLevelClamp;
  T.disableTrilinearOptimization =
      (D.flags & CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION) != 0;
  T.seamlessCubemap = (D.flags & CU_TRSF_SEAMLESS_CUBEMAP) != 0;
}

void toDriver(const ObjectState &State, CUDA_TEXTURE_DESC &D) {
  const cudaTextureDesc &T = State.Texture;
  std::memset(&D, 0, sizeof D);
  for (int I = 0; I < 3; ++I)
    D.addressMode[I] = static_cast<CUaddress_mode>(T.addressMode[I]);
  D.filterMode = static_cast<CUfilter_mode>(T.filterMode);
  if (State.HasDriverFlags) {
    D.flags = State.DriverFlags;
  } else {
    cudaChannelFormatDesc Format = formatOf(State.Resource);
    bool SmallInteger = Format.f != cudaChannelFormatKindFloat &&
                        (Format.x == 8 || Format.x == 16);
    if (SmallInteger && T.readMode == cudaReadModeElementType)
      D.flags |= CU_TRSF_READ_AS_INTEGER;
    if (T.normalizedCoords)
      D.flags |= CU_TRSF_NORMALIZED_COORDINATES;
    if (T.sRGB)
      D.flags |= CU_TRSF_SRGB;
    if (T.disableTrilinearOptimization)
      D.flags |= CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION;
    if (T.seamlessCubemap)
      D.flags |= CU_TRSF_SEAMLESS_CUBEMAP;
  }
  D.maxAnisotropy = T.maxAnisotropy;
  D.mipmapFilterMode = static_cast<CUfilter_mode>(T.mipmapFilterMode);
  D.mipmapLevelBias = T.mipmapLevelBias;
  D.minMipmapLevelClamp = T.minMipmapLevelClamp;
  D.maxMipmapLevelClamp = T.maxMipmapLevelClamp;
  for (int I = 0; I < 4; ++I)
    D.borderColor[I] = T.borderColor[I];
}

CUresult objectState(unsigned long long Handle, bool Surface,
                     ObjectState &State) {
  rubicon::cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  return findObject(Handle, Surface, State) ? CUDA_ERROR_INVALID_HANDLE
                                            : CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult cuTexObjectCreate(CUtexObject *Object, const CUDA_RESOURCE_DESC *Res,
                           const CUDA_TEXTURE_DESC *Tex,
                           const CUDA_RESOURCE_VIEW_DESC *View) {
  rubicon::cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  if (!Object || !Res || !Tex)
    return CUDA_ERROR_INVALID_VALUE;
  if (View)
    return CUDA_ERROR_NOT_SUPPORTED; // resource views are not applied
  cudaResourceDesc Resource;
  if (CUresult Status = toRuntime(*Res, Resource))
    return Status;
  cudaTextureDesc Texture;
  toRuntime(*Tex, formatOf(Resource), Texture);
  ObjectState State;
  State.HasDriverFlags = true;
  State.DriverFlags = Tex->flags;
  return toDriverResult(
      createTextureObject(*B, Resource, Texture, nullptr, State, *Object));
}

CUresult cuTexObjectDestroy(CUtexObject Object) {
  return withBackend([&](Backend &B) {
    cudaError_t Status = destroyObject(B, Object, false);
    return Status == cudaErrorInvalidValue ? cudaErrorInvalidResourceHandle
                                           : Status;
  });
}

CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *Res,
                                    CUtexObject Object) {
  ObjectState State;
  if (CUresult Status = objectState(Object, false, State))
    return Status;
  if (!Res)
    return CUDA_ERROR_INVALID_VALUE;
  toDriver(State.Resource, *Res);
  return CUDA_SUCCESS;
}

CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *Tex, CUtexObject Object) {
  ObjectState State;
  if (CUresult Status = objectState(Object, false, State))
    return Status;
  if (!Tex)
    return CUDA_ERROR_INVALID_VALUE;
  toDriver(State, *Tex);
  return CUDA_SUCCESS;
}

CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *View,
                                        CUtexObject Object) {
  ObjectState State;
  if (CUresult Status = objectState(Object, false, State))
    return Status;
  // Objects have no resource view (creation refuses one): CUDA's answer
  // for such an object.
  (void)View;
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuSurfObjectCreate(CUsurfObject *Object,
                            const CUDA_RESOURCE_DESC *Res) {
  rubicon::cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  if (!Object || !Res)
    return CUDA_ERROR_INVALID_VALUE;
  cudaResourceDesc Resource;
  if (CUresult Status = toRuntime(*Res, Resource))
    return Status;
  return toDriverResult(createSurfaceObject(*B, Resource, *Object));
}

CUresult cuSurfObjectDestroy(CUsurfObject Object) {
  return withBackend([&](Backend &B) {
    cudaError_t Status = destroyObject(B, Object, true);
    return Status == cudaErrorInvalidValue ? cudaErrorInvalidResourceHandle
                                           : Status;
  });
}

CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *Res,
                                     CUsurfObject Object) {
  ObjectState State;
  if (CUresult Status = objectState(Object, true, State))
    return Status;
  if (!Res)
    return CUDA_ERROR_INVALID_VALUE;
  toDriver(State.Resource, *Res);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *MaxWidth,
                                            CUarray_format Format,
                                            unsigned Channels,
                                            CUdevice Device) {
  rubicon::cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  cudaChannelFormatDesc Desc;
  if (!MaxWidth)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = channelDesc(Format, Channels, Desc))
    return Status;
  cudaDeviceProp Prop{};
  if (cudaError_t Status = B->getDeviceProperties(Prop, Device))
    return toDriverResult(Status);
  *MaxWidth = static_cast<size_t>(Prop.maxTexture1DLinear);
  return CUDA_SUCCESS;
}

} // extern "C"
