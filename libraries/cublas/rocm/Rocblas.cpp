//===- Rocblas.cpp - rocBLAS loaded at first use --------------------------===//
//
// Part of Rubicon. See Rocblas.h.
//
//===----------------------------------------------------------------------===//
#include "Rocblas.h"
#include "RocmLibrary.h"

namespace rubicon::cublas::rocm {

namespace {
libraries::RocmLibrary &rocblas() {
  static libraries::RocmLibrary Library(
      "cuBLAS", "rocBLAS", "RUBICON_ROCBLAS_LIBRARY",
      {"librocblas.so.4", "librocblas.so.3", "librocblas.so.0",
       "librocblas.so"});
  return Library;
}
libraries::RocmLibrary &rocsolver() {
  static libraries::RocmLibrary Library(
      "cuBLAS", "rocSOLVER", "RUBICON_ROCSOLVER_LIBRARY",
      {"librocsolver.so.0", "librocsolver.so"});
  return Library;
}
} // namespace

void *lookupRocsolver(const char *Name) {
  if (!rocsolver().load())
    return nullptr;
  return rocsolver().resolve(Name);
}

void *lookup(const char *Name) {
  if (!rocblas().load())
    return nullptr;
  return rocblas().resolve(Name);
}

cublasStatus_t toCublas(RocblasStatus Status) {
  switch (Status) {
  case 0: // success
  case 7: // perf_degraded
  case 9: // size_increased
  case 10: // size_unchanged
    return CUBLAS_STATUS_SUCCESS;
  case 1: // invalid_handle
    return CUBLAS_STATUS_NOT_INITIALIZED;
  case 2: // not_implemented
  case 14: // excluded_from_build
    return CUBLAS_STATUS_NOT_SUPPORTED;
  case 3: // invalid_pointer
  case 4: // invalid_size
  case 11: // invalid_value
    return CUBLAS_STATUS_INVALID_VALUE;
  case 5: // memory_error
    return CUBLAS_STATUS_ALLOC_FAILED;
  case 15: // arch_mismatch
    return CUBLAS_STATUS_ARCH_MISMATCH;
  default:
    return CUBLAS_STATUS_INTERNAL_ERROR;
  }
}

int toRocblas(cudaDataType Type) {
  switch (Type) {
  case CUDA_R_16F: return 150;
  case CUDA_R_32F: return 151;
  case CUDA_R_64F: return 152;
  case CUDA_C_16F: return 153;
  case CUDA_C_32F: return 154;
  case CUDA_C_64F: return 155;
  case CUDA_R_8I: return 160;
  case CUDA_R_8U: return 161;
  case CUDA_R_32I: return 162;
  case CUDA_R_32U: return 163;
  case CUDA_C_8I: return 164;
  case CUDA_C_8U: return 165;
  case CUDA_C_32I: return 166;
  case CUDA_C_32U: return 167;
  case CUDA_R_16BF: return 168;
  case CUDA_C_16BF: return 169;
  default: return -1;
  }
}

cublasStatus_t createHandle(cublasHandle_t Handle) {
  using Create = RocblasStatus (*)(RocblasHandle *);
  auto *Fn = reinterpret_cast<Create>(lookup("rocblas_create_handle"));
  if (!Fn)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (cublasStatus_t Status = toCublas(Fn(&Handle->Rocm)))
    return Status;
  return setStream(Handle);
}

cublasStatus_t destroyHandle(cublasHandle_t Handle) {
  using Destroy = RocblasStatus (*)(RocblasHandle);
  auto *Fn = reinterpret_cast<Destroy>(lookup("rocblas_destroy_handle"));
  if (!Fn || !Handle->Rocm)
    return CUBLAS_STATUS_SUCCESS;
  return toCublas(Fn(Handle->Rocm));
}

cublasStatus_t setStream(cublasHandle_t Handle) {
  // The HIP backend's cudaStream_t is the hipStream_t, except the legacy
  // default stream, which is HIP's null stream.
  void *Stream = Handle->Stream == cudaStreamLegacy ? nullptr : Handle->Stream;
  return RUBICON_ROCBLAS(set_stream)(Handle, Stream);
}

cublasStatus_t setPointerMode(cublasHandle_t Handle) {
  // rocblas_pointer_mode: host = 0, device = 1, as cuBLAS's.
  return RUBICON_ROCBLAS(set_pointer_mode)(Handle, int(Handle->PointerMode));
}

} // namespace rubicon::cublas::rocm
