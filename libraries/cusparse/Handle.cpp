//===- Handle.cpp - cuSPARSE handles, streams and statuses ----------------===//
//
// Part of Rubicon. The handle keeps the stream and pointer mode; the
// operations are Generic.cpp, the descriptors Descriptors.cpp. On AMD GPUs
// it owns a rocSPARSE handle bound to the same stream (rocm/Rocsparse.h).
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "LibraryTarget.h"
#include "rocm/Rocsparse.h"

#include <new>

extern "C" {

cusparseStatus_t cusparseCreate(cusparseHandle_t *Handle) {
  if (!Handle)
    return CUSPARSE_STATUS_INVALID_VALUE;
  auto *H = new (std::nothrow) cusparseContext;
  if (!H)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  if (rubicon::libraries::currentTarget() !=
      rubicon::libraries::LibraryTarget::Host) {
    // Without rocSPARSE: NOT_INITIALIZED, and stderr names it.
    if (cusparseStatus_t S = rubicon::cusparse::rocm::createHandle(&H->Rocsparse)) {
      delete H;
      return S;
    }
  }
  *Handle = H;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDestroy(cusparseHandle_t Handle) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  rubicon::cusparse::rocm::destroyHandle(Handle->Rocsparse);
  delete Handle;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetVersion(cusparseHandle_t Handle, int *Version) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!Version)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUSPARSE_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUSPARSE_VER_MAJOR; return CUSPARSE_STATUS_SUCCESS;
  case MINOR_VERSION: *Value = CUSPARSE_VER_MINOR; return CUSPARSE_STATUS_SUCCESS;
  case PATCH_LEVEL: *Value = CUSPARSE_VER_PATCH; return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseSetStream(cusparseHandle_t Handle, cudaStream_t S) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  Handle->Stream = S;
  if (!Handle->Rocsparse)
    return CUSPARSE_STATUS_SUCCESS;
  // The HIP backend's cudaStream_t is the hipStream_t, except the legacy
  // default stream, which is HIP's null stream.
  return RUBICON_ROCSPARSE(set_stream)(Handle->Rocsparse,
                                       S == cudaStreamLegacy ? nullptr : (void *)S);
}
cusparseStatus_t cusparseGetStream(cusparseHandle_t Handle, cudaStream_t *S) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!S)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *S = Handle->Stream;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t Handle,
                                        cusparsePointerMode_t Mode) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (Mode != CUSPARSE_POINTER_MODE_HOST && Mode != CUSPARSE_POINTER_MODE_DEVICE)
    return CUSPARSE_STATUS_INVALID_VALUE;
  Handle->PointerMode = Mode;
  if (!Handle->Rocsparse)
    return CUSPARSE_STATUS_SUCCESS;
  return RUBICON_ROCSPARSE(set_pointer_mode)(Handle->Rocsparse, int(Mode));
}
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t Handle,
                                        cusparsePointerMode_t *Mode) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Mode = Handle->PointerMode;
  return CUSPARSE_STATUS_SUCCESS;
}
const char *cusparseGetErrorName(cusparseStatus_t Status) {
  switch (Status) {
#define CASE(Name) case Name: return #Name;
  CASE(CUSPARSE_STATUS_SUCCESS)
  CASE(CUSPARSE_STATUS_NOT_INITIALIZED)
  CASE(CUSPARSE_STATUS_ALLOC_FAILED)
  CASE(CUSPARSE_STATUS_INVALID_VALUE)
  CASE(CUSPARSE_STATUS_ARCH_MISMATCH)
  CASE(CUSPARSE_STATUS_MAPPING_ERROR)
  CASE(CUSPARSE_STATUS_EXECUTION_FAILED)
  CASE(CUSPARSE_STATUS_INTERNAL_ERROR)
  CASE(CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
  CASE(CUSPARSE_STATUS_ZERO_PIVOT)
  CASE(CUSPARSE_STATUS_NOT_SUPPORTED)
  CASE(CUSPARSE_STATUS_INSUFFICIENT_RESOURCES)
#undef CASE
  }
  return "CUSPARSE_STATUS_UNKNOWN";
}
const char *cusparseGetErrorString(cusparseStatus_t Status) {
  switch (Status) {
  case CUSPARSE_STATUS_SUCCESS: return "success";
  case CUSPARSE_STATUS_NOT_INITIALIZED: return "initialization error";
  case CUSPARSE_STATUS_ALLOC_FAILED: return "out of memory";
  case CUSPARSE_STATUS_INVALID_VALUE: return "invalid value";
  case CUSPARSE_STATUS_NOT_SUPPORTED: return "operation not supported";
  default: return "cuSPARSE error";
  }
}

} // extern "C"
