//===- Rocsolver.cpp - rocSOLVER and rocBLAS loaded at first use ----------===//
//
// Part of Rubicon. See Rocsolver.h.
//
//===----------------------------------------------------------------------===//
#include "Rocsolver.h"
#include "RocmLibrary.h"

namespace rubicon::cusolver::rocm {

namespace {
libraries::RocmLibrary &rocsolver() {
  static libraries::RocmLibrary Library(
      "cuSOLVER", "rocSOLVER", "RUBICON_ROCSOLVER_LIBRARY",
      {"librocsolver.so.0", "librocsolver.so"});
  return Library;
}
libraries::RocmLibrary &rocblas() {
  static libraries::RocmLibrary Library(
      "cuSOLVER", "rocBLAS", "RUBICON_ROCBLAS_LIBRARY",
      {"librocblas.so.4", "librocblas.so.3", "librocblas.so.0",
       "librocblas.so"});
  return Library;
}
} // namespace

void *lookupRocsolver(const char *Name) {
  return rocsolver().load() ? rocsolver().resolve(Name) : nullptr;
}

void *lookupRocblas(const char *Name) {
  return rocblas().load() ? rocblas().resolve(Name) : nullptr;
}

cusolverStatus_t toCusolver(RocblasStatus Status) {
  switch (Status) {
  case 0:  // success
  case 7:  // perf_degraded
  case 9:  // size_increased
  case 10: // size_unchanged
    return CUSOLVER_STATUS_SUCCESS;
  case 1: // invalid_handle
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  case 2:  // not_implemented
  case 14: // excluded_from_build
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  case 3:  // invalid_pointer
  case 4:  // invalid_size
  case 11: // invalid_value
    return CUSOLVER_STATUS_INVALID_VALUE;
  case 5: // memory_error
    return CUSOLVER_STATUS_ALLOC_FAILED;
  case 15: // arch_mismatch
    return CUSOLVER_STATUS_ARCH_MISMATCH;
  default:
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  }
}

cusolverStatus_t createHandle(RocblasHandle *Handle) {
  *Handle = nullptr;
  if (!rocsolver().load())
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  using Create = RocblasStatus (*)(RocblasHandle *);
  auto *Fn = reinterpret_cast<Create>(lookupRocblas("rocblas_create_handle"));
  if (!Fn)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  // The handle's stream is HIP's null stream, the default stream that
  // cusolverRf (which has no stream of its own) works in.
  return toCusolver(Fn(Handle));
}

void destroyHandle(RocblasHandle Handle) {
  using Destroy = RocblasStatus (*)(RocblasHandle);
  if (!Handle)
    return;
  if (auto *Fn = reinterpret_cast<Destroy>(lookupRocblas("rocblas_destroy_handle")))
    Fn(Handle);
}

} // namespace rubicon::cusolver::rocm
