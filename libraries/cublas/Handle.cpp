//===- Handle.cpp - cuBLAS handles, streams, modes, versions, statuses ----===//
//
// Part of Rubicon. See Handle.h for how a call runs on each backend.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "rocm/Rocblas.h"

#include <new>

using namespace rubicon;
using rubicon::libraries::LibraryTarget;

namespace rubicon::cublas {
cublasStatus_t waitForStream(cublasHandle_t Handle) {
  return cudaStreamSynchronize(Handle->Stream) == cudaSuccess
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_EXECUTION_FAILED;
}
} // namespace rubicon::cublas

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *Context = new (std::nothrow) cublasContext;
  if (!Context)
    return CUBLAS_STATUS_ALLOC_FAILED;
  Context->Target = libraries::currentTarget();
  if (Context->Target == LibraryTarget::Rocm) {
    if (cublasStatus_t Status = cublas::rocm::createHandle(Context)) {
      delete Context;
      return Status == CUBLAS_STATUS_NOT_SUPPORTED
                 ? CUBLAS_STATUS_NOT_INITIALIZED
                 : Status;
    }
  }
  *Handle = Context;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t Handle) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t Status = CUBLAS_STATUS_SUCCESS;
  if (Handle->Target == LibraryTarget::Rocm)
    Status = cublas::rocm::destroyHandle(Handle);
  else
    cudaStreamSynchronize(Handle->Stream);
  delete Handle;
  return Status;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t Handle, int *Version) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Version)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUBLAS_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUBLAS_VER_MAJOR; return CUBLAS_STATUS_SUCCESS;
  case MINOR_VERSION: *Value = CUBLAS_VER_MINOR; return CUBLAS_STATUS_SUCCESS;
  case PATCH_LEVEL: *Value = CUBLAS_VER_PATCH; return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void) { return CUDART_VERSION; }

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t Handle, void *Workspace,
                                     size_t Size) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Size && !Workspace)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->Workspace = Workspace;
  Handle->WorkspaceSize = Size;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t Handle, cudaStream_t Stream) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  Handle->Stream = Stream;
  if (Handle->Target == LibraryTarget::Rocm)
    return cublas::rocm::setStream(Handle);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t Handle, cudaStream_t *Stream) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Stream)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Stream = Handle->Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t Handle,
                                       cublasPointerMode_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->PointerMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t Handle,
                                       cublasPointerMode_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Mode != CUBLAS_POINTER_MODE_HOST && Mode != CUBLAS_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->PointerMode = Mode;
  if (Handle->Target == LibraryTarget::Rocm)
    return cublas::rocm::setPointerMode(Handle);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t Handle,
                                    cublasAtomicsMode_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->AtomicsMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t Handle,
                                    cublasAtomicsMode_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  Handle->AtomicsMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t Handle, cublasMath_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->MathMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t Handle, cublasMath_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  Handle->MathMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusName(cublasStatus_t Status) {
  switch (Status) {
#define CASE(Name) case Name: return #Name;
  CASE(CUBLAS_STATUS_SUCCESS)
  CASE(CUBLAS_STATUS_NOT_INITIALIZED)
  CASE(CUBLAS_STATUS_ALLOC_FAILED)
  CASE(CUBLAS_STATUS_INVALID_VALUE)
  CASE(CUBLAS_STATUS_ARCH_MISMATCH)
  CASE(CUBLAS_STATUS_MAPPING_ERROR)
  CASE(CUBLAS_STATUS_EXECUTION_FAILED)
  CASE(CUBLAS_STATUS_INTERNAL_ERROR)
  CASE(CUBLAS_STATUS_NOT_SUPPORTED)
  CASE(CUBLAS_STATUS_LICENSE_ERROR)
#undef CASE
  }
  return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t Status) {
  switch (Status) {
  case CUBLAS_STATUS_SUCCESS: return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "the library was not initialized (on an AMD GPU: rocBLAS missing?)";
  case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
  case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
  case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
  case CUBLAS_STATUS_LICENSE_ERROR: return "error detected trying to check the license";
  }
  return "unknown error";
}

} // extern "C"
