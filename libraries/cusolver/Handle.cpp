//===- Handle.cpp - cuSOLVER handles and streams --------------------------===//
//
// Part of Rubicon. Handles, streams, versions; the solvers are Dense.cpp.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"

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
  *Handle = new (std::nothrow) cusolverDnContext;
  return *Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete Handle;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t Handle,
                                     cudaStream_t Stream) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  Handle->Stream = Stream;
  return CUSOLVER_STATUS_SUCCESS;
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
