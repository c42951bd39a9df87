//===- GraphicsInterop.cpp - cuGraphics* ----------------------------------===//
//
// Part of Rubicon. The driver API's graphics-resource calls. Resources are
// registered through the runtime (cudaGraphicsGLRegisterBuffer/Image), so a
// CUgraphicsResource is a cudaGraphicsResource_t and these calls are the
// runtime's, reached through the table libcudart publishes in the shared
// state when it registers its first resource
// (../cudart/GraphicsInterop.h). Before that no resource exists: every
// handle is CUDA_ERROR_INVALID_HANDLE. A CUarray is a cudaArray_t, a
// CUmipmappedArray a cudaMipmappedArray_t, a CUstream a cudaStream_t.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "GraphicsInterop.h"
#include "graphs/SharedState.h"

using namespace rubicon;
using namespace rubicon::cudart;

namespace {

/// The runtime's calls; null members until it has registered a resource.
const GraphicsInteropCalls &calls() {
  return graphs::sharedObject<GraphicsInteropCalls>(
      graphs::Slot::GraphicsInterop);
}

cudaGraphicsResource_t toRuntime(CUgraphicsResource Resource) {
  return reinterpret_cast<cudaGraphicsResource_t>(Resource);
}

} // namespace

extern "C" {

CUresult cuGraphicsUnregisterResource(CUgraphicsResource Resource) {
  const GraphicsInteropCalls &C = calls();
  if (!C.Unregister)
    return CUDA_ERROR_INVALID_HANDLE;
  return driver::toDriverResult(C.Unregister(toRuntime(Resource)));
}

CUresult cuGraphicsSubResourceGetMappedArray(CUarray *Array,
                                             CUgraphicsResource Resource,
                                             unsigned ArrayIndex,
                                             unsigned MipLevel) {
  if (!Array)
    return CUDA_ERROR_INVALID_VALUE;
  const GraphicsInteropCalls &C = calls();
  if (!C.MappedArray)
    return CUDA_ERROR_INVALID_HANDLE;
  cudaArray_t Mapped = nullptr;
  cudaError_t Status =
      C.MappedArray(&Mapped, toRuntime(Resource), ArrayIndex, MipLevel);
  if (Status == cudaSuccess)
    *Array = reinterpret_cast<CUarray>(Mapped);
  return driver::toDriverResult(Status);
}

CUresult
cuGraphicsResourceGetMappedMipmappedArray(CUmipmappedArray *Mipmapped,
                                          CUgraphicsResource Resource) {
  if (!Mipmapped)
    return CUDA_ERROR_INVALID_VALUE;
  const GraphicsInteropCalls &C = calls();
  if (!C.MappedMipmappedArray)
    return CUDA_ERROR_INVALID_HANDLE;
  cudaMipmappedArray_t Mapped = nullptr;
  cudaError_t Status = C.MappedMipmappedArray(&Mapped, toRuntime(Resource));
  if (Status == cudaSuccess)
    *Mipmapped = reinterpret_cast<CUmipmappedArray>(Mapped);
  return driver::toDriverResult(Status);
}

CUresult cuGraphicsResourceGetMappedPointer_v2(CUdeviceptr *DevPtr,
                                               size_t *Size,
                                               CUgraphicsResource Resource) {
  if (!DevPtr || !Size)
    return CUDA_ERROR_INVALID_VALUE;
  const GraphicsInteropCalls &C = calls();
  if (!C.MappedPointer)
    return CUDA_ERROR_INVALID_HANDLE;
  void *Pointer = nullptr;
  cudaError_t Status = C.MappedPointer(&Pointer, Size, toRuntime(Resource));
  if (Status == cudaSuccess)
    *DevPtr = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(Pointer));
  return driver::toDriverResult(Status);
}

CUresult cuGraphicsResourceSetMapFlags_v2(CUgraphicsResource Resource,
                                          unsigned Flags) {
  const GraphicsInteropCalls &C = calls();
  if (!C.SetMapFlags)
    return CUDA_ERROR_INVALID_HANDLE;
  return driver::toDriverResult(C.SetMapFlags(toRuntime(Resource), Flags));
}

CUresult cuGraphicsMapResources(unsigned Count, CUgraphicsResource *Resources,
                                CUstream Stream) {
  if (!Count || !Resources)
    return CUDA_ERROR_INVALID_VALUE;
  const GraphicsInteropCalls &C = calls();
  if (!C.Map)
    return CUDA_ERROR_INVALID_HANDLE;
  return driver::toDriverResult(
      C.Map(int(Count), reinterpret_cast<cudaGraphicsResource_t *>(Resources),
            reinterpret_cast<cudaStream_t>(Stream)));
}

CUresult cuGraphicsUnmapResources(unsigned Count, CUgraphicsResource *Resources,
                                  CUstream Stream) {
  if (!Count || !Resources)
    return CUDA_ERROR_INVALID_VALUE;
  const GraphicsInteropCalls &C = calls();
  if (!C.Unmap)
    return CUDA_ERROR_INVALID_HANDLE;
  return driver::toDriverResult(
      C.Unmap(int(Count), reinterpret_cast<cudaGraphicsResource_t *>(Resources),
              reinterpret_cast<cudaStream_t>(Stream)));
}

// The names before CUDA 3.2's _v2 (the same calls).
#undef cuGraphicsResourceGetMappedPointer
#undef cuGraphicsResourceSetMapFlags
CUresult cuGraphicsResourceGetMappedPointer(CUdeviceptr *DevPtr, size_t *Size,
                                            CUgraphicsResource Resource) {
  return cuGraphicsResourceGetMappedPointer_v2(DevPtr, Size, Resource);
}
CUresult cuGraphicsResourceSetMapFlags(CUgraphicsResource Resource,
                                       unsigned Flags) {
  return cuGraphicsResourceSetMapFlags_v2(Resource, Flags);
}

} // extern "C"
