//===- Handle.cpp - cuSOLVER handles and streams --------------------------===//
//
// Part of Rubicon. Handles, streams, versions; the solvers are Dense.cpp.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "LibraryTarget.h"
#include "rocm/Rocsolver.h"

#include <new>

extern "C" {

cusolverStatus_t cusolverGetVersion(int *Version) {
  if (!Version)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Version = CUSOLVER_VERSION;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUSOLVER_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUSOLVER_VER_MAJOR; return CUSOLVER_STATUS_SUCCESS;
  case MINOR_VERSION: *Value = CUSOLVER_VER_MINOR; return CUSOLVER_STATUS_SUCCESS;
  case PATCH_LEVEL: *Value = CUSOLVER_VER_PATCH; return CUSOLVER_STATUS_SUCCESS;
  }
  return CUSOLVER_STATUS_INVALID_VALUE;
}
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto *H = new (std::nothrow) cusolverDnContext;
  if (!H)
    return CUSOLVER_STATUS_ALLOC_FAILED;
  using rubicon::libraries::LibraryTarget;
  if (rubicon::libraries::currentTarget() == LibraryTarget::Rocm) {
    // Without rocSOLVER or rocBLAS, stderr names the missing library.
    if (cusolverStatus_t S = rubicon::cusolver::rocm::createHandle(&H->Rocblas)) {
      delete H;
      return S;
    }
  }
  *Handle = H;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  rubicon::cusolver::rocm::destroyHandle(Handle->Rocblas);
  delete Handle;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t Handle,
                                     cudaStream_t Stream) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  Handle->Stream = Stream;
  if (!Handle->Rocblas)
    return CUSOLVER_STATUS_SUCCESS;
  // The HIP backend's cudaStream_t is the hipStream_t, except the legacy
  // default stream, which is HIP's null stream.
  using SetStream = int (*)(void *, void *);
  auto *Fn = reinterpret_cast<SetStream>(
      rubicon::cusolver::rocm::lookupRocblas("rocblas_set_stream"));
  if (!Fn)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return rubicon::cusolver::rocm::toCusolver(
      Fn(Handle->Rocblas, Stream == cudaStreamLegacy ? nullptr : Stream));
}
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t Handle,
                                     cudaStream_t *Stream) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!Stream)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Stream = Handle->Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

} // extern "C"
