//===- TextureObject.h - Texture and surface objects ------------*- C++ -*-===//
//
// Part of Rubicon. The texture and surface objects of both APIs
// (cudaCreateTextureObject, cuTexObjectCreate, cudaCreateSurfaceObject,
// cuSurfObjectCreate): an object is a __rubicon_texture_descriptor
// (include/__rubicon/texture_descriptor.h) in device memory, one per
// mipmap level, contiguous; the handle is the address of level 0's, so a
// kernel receives it as a plain 64-bit argument and reads texels through it
// in software on every target. The descriptors the program passed are kept
// in a table that libcudart and libcuda share (graphs/SharedState.h), in
// the runtime API's types: an object made by one API is queried and
// destroyed by the other.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ARRAYS_TEXTUREOBJECT_H
#define RUBICON_ARRAYS_TEXTUREOBJECT_H

#include "arrays/Array.h"

#include "__rubicon/texture_descriptor.h"

#include <vector>

namespace rubicon::arrays {

/// What an object was made from.
struct ObjectState {
  cudaResourceDesc Resource{};
  cudaTextureDesc Texture{};
  bool Surface = false;
  /// The CU_TRSF_* flags of cuTexObjectCreate, when the driver made it.
  bool HasDriverFlags = false;
  unsigned DriverFlags = 0;
};

/// The device-side descriptors (one per mipmap level) of a texture reading
/// Resource as Texture describes; what createTextureObject writes, and what
/// the driver's texture references write for their module variables.
cudaError_t describeTexture(const cudaResourceDesc &Resource,
                           const cudaTextureDesc &Texture,
                           std::vector<__rubicon_texture_descriptor> &Levels);

/// Checks the descriptors, writes the object's descriptors to device memory
/// and records it. Resource views are cudaErrorNotSupported.
cudaError_t createTextureObject(Backend &B, const cudaResourceDesc &Resource,
                                const cudaTextureDesc &Texture,
                                const cudaResourceViewDesc *View,
                                ObjectState State, unsigned long long &Handle);
/// Surfaces are on arrays only.
cudaError_t createSurfaceObject(Backend &B, const cudaResourceDesc &Resource,
                                unsigned long long &Handle);
/// cudaErrorInvalidValue for a handle that is no live object of the kind.
cudaError_t destroyObject(Backend &B, unsigned long long Handle, bool Surface);
cudaError_t findObject(unsigned long long Handle, bool Surface,
                       ObjectState &State);

} // namespace rubicon::arrays

#endif // RUBICON_ARRAYS_TEXTUREOBJECT_H
