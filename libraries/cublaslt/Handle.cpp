//===- Handle.cpp - cuBLASLt handles and versions -------------------------===//
//
// Part of Rubicon. Matmul.cpp has the matmuls.
//
//===----------------------------------------------------------------------===//
#include "LtHandle.h"

#include "cublas_v2.h"

#include <new>

extern "C" {

cublasStatus_t cublasLtCreate(cublasLtHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Handle = new (std::nothrow) cublasLtContext;
  return *Handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}
cublasStatus_t cublasLtDestroy(cublasLtHandle_t Handle) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Handle->Blas)
    cublasDestroy(Handle->Blas);
  delete Handle;
  return CUBLAS_STATUS_SUCCESS;
}
size_t cublasLtGetVersion(void) { return CUBLAS_VERSION; }
size_t cublasLtGetCudartVersion(void) { return CUDART_VERSION; }
cublasStatus_t cublasLtGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUBLAS_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUBLAS_VER_MAJOR; return CUBLAS_STATUS_SUCCESS;
  case MINOR_VERSION: *Value = CUBLAS_VER_MINOR; return CUBLAS_STATUS_SUCCESS;
  case PATCH_LEVEL: *Value = CUBLAS_VER_PATCH; return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}
const char *cublasLtGetStatusName(cublasStatus_t Status) {
  return cublasGetStatusName(Status);
}
const char *cublasLtGetStatusString(cublasStatus_t Status) {
  return cublasGetStatusString(Status);
}

} // extern "C"
