//===- TextureObjects.cpp - Texture and surface objects -------------------===//
//
// Part of Rubicon. cudaCreateTextureObject and cudaCreateSurfaceObject over
// runtime-shim/arrays/TextureObject.h, shared with libcuda's cuTexObject* and
// cuSurfObject*: the handle is the device address of the object's
// __rubicon_texture_descriptor (include/__rubicon/texture_descriptor.h), so a
// kernel receives it as a plain 64-bit argument and the device-side
// functions (include/__rubicon/texture_object.h: tex1Dfetch<T>, tex1D<T>,
// tex2D<T>, tex2DLod<T>, surf2Dread/surf2Dwrite, ...) read texels through it
// in software, on every target.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "arrays/TextureObject.h"

#include "__rubicon/texture_api.h"

using namespace rubicon::cudart;
using namespace rubicon::arrays;
using rubicon::arrays::texelSize;

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *TexObject,
                                    const cudaResourceDesc *ResDesc,
                                    const cudaTextureDesc *TexDesc,
                                    const cudaResourceViewDesc *ResViewDesc) {
  if (!TexObject || !ResDesc || !TexDesc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return createTextureObject(B, *ResDesc, *TexDesc, ResViewDesc, {},
                               *TexObject);
  });
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t TexObject) {
  return withBackend(
      [&](Backend &B) { return destroyObject(B, TexObject, false); });
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaTextureObject_t TexObject) {
  if (!ResDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(TexObject, false, State))
    return fail(Status);
  *ResDesc = State.Resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *TexDesc,
                                            cudaTextureObject_t TexObject) {
  if (!TexDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(TexObject, false, State))
    return fail(Status);
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
    return fail(Status);
  // Objects are created without a view (creation refuses one), so this is
  // CUDA's answer for such objects.
  return fail(cudaErrorInvalidValue);
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *SurfObject,
                                    const cudaResourceDesc *ResDesc) {
  if (!SurfObject || !ResDesc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return createSurfaceObject(B, *ResDesc, *SurfObject);
  });
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t SurfObject) {
  return withBackend(
      [&](Backend &B) { return destroyObject(B, SurfObject, true); });
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *ResDesc,
                                             cudaSurfaceObject_t SurfObject) {
  if (!ResDesc)
    return fail(cudaErrorInvalidValue);
  ObjectState State;
  if (cudaError_t Status = findObject(SurfObject, true, State))
    return fail(Status);
  *ResDesc = State.Resource;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(
    size_t *MaxWidth, const cudaChannelFormatDesc *Format, int Device) {
  if (!MaxWidth || !Format)
    return fail(cudaErrorInvalidValue);
  if (!texelSize(*Format))
    return fail(cudaErrorInvalidChannelDescriptor);
  return withBackend([&](Backend &B) {
    cudaDeviceProp Prop{};
    if (cudaError_t Status = B.getDeviceProperties(Prop, Device))
      return Status;
    // backend/TextureLimits.h: the software fetch's limit, any format.
    *MaxWidth = static_cast<size_t>(Prop.maxTexture1DLinear);
    return cudaSuccess;
  });
}

} // extern "C"
