//===- Rocblas.h - cuBLAS calls forwarded to rocBLAS ------------*- C++ -*-===//
//
// Part of Rubicon. rocBLAS's functions take cuBLAS's arguments in cuBLAS's
// order, with a rocblas_handle first and rocBLAS's own numbering of the
// enumerations (CBLAS's: 111 = no transpose, 121 = upper, ...). So a
// forwarded call is: the rocBLAS function found by name (dlsym, once per
// function), each argument converted by toRocblas(), the rocblas_status
// converted back. rocBLAS itself is loaded at first use (librocblas.so.4,
// .3, .0; RUBICON_ROCBLAS_LIBRARY overrides).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUBLAS_ROCBLAS_H
#define RUBICON_CUBLAS_ROCBLAS_H

#include "Handle.h"

#include <atomic>

namespace rubicon::cublas::rocm {

using RocblasStatus = int;
using RocblasHandle = void *;

/// rocblas_status → cublasStatus_t.
cublasStatus_t toCublas(RocblasStatus Status);

/// The address of a rocBLAS function (null: rocBLAS or the function is
/// missing, and a message said so).
void *lookup(const char *Name);

/// The address of a rocSOLVER function (cuBLAS's batched LU family, which
/// ROCm has in rocSOLVER, on the same rocblas_handle); null: rocSOLVER or
/// the function is missing, and a message said so.
void *lookupRocsolver(const char *Name);

/// rocblas_create_handle + rocblas_set_stream; rocblas_destroy_handle.
cublasStatus_t createHandle(cublasHandle_t Handle);
cublasStatus_t destroyHandle(cublasHandle_t Handle);
cublasStatus_t setStream(cublasHandle_t Handle);
cublasStatus_t setPointerMode(cublasHandle_t Handle);

// cuBLAS enumerations in rocBLAS's numbering; other arguments unchanged.
inline int toRocblas(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N ? 111 : Op == CUBLAS_OP_T ? 112 : 113;
}
inline int toRocblas(cublasFillMode_t Fill) {
  return Fill == CUBLAS_FILL_MODE_UPPER ? 121
         : Fill == CUBLAS_FILL_MODE_LOWER ? 122
                                          : 123;
}
inline int toRocblas(cublasDiagType_t Diag) {
  return Diag == CUBLAS_DIAG_UNIT ? 132 : 131;
}
inline int toRocblas(cublasSideMode_t Side) {
  return Side == CUBLAS_SIDE_LEFT ? 141 : 142;
}
/// cudaDataType → rocblas_datatype (-1: none).
int toRocblas(cudaDataType Type);
template <class T> T toRocblas(T Value) { return Value; }

template <class T> using RocblasArg = decltype(toRocblas(std::declval<T>()));

/// One rocBLAS function, found by name at its first call.
class Function {
public:
  explicit constexpr Function(const char *Name,
                              void *(*Lookup)(const char *) = lookup)
      : Name(Name), Lookup(Lookup) {}

  template <class... ArgTs>
  cublasStatus_t operator()(cublasHandle_t Handle, ArgTs... Args) {
    using Fn = RocblasStatus (*)(RocblasHandle, RocblasArg<ArgTs>...);
    void *Address = Cached.load(std::memory_order_acquire);
    if (!Address) {
      Address = Lookup(Name);
      if (!Address)
        return CUBLAS_STATUS_NOT_SUPPORTED;
      Cached.store(Address, std::memory_order_release);
    }
    return toCublas(reinterpret_cast<Fn>(Address)(Handle->Rocm,
                                                   toRocblas(Args)...));
  }

private:
  const char *Name;
  void *(*Lookup)(const char *);
  std::atomic<void *> Cached{nullptr};
};

} // namespace rubicon::cublas::rocm

/// The rocBLAS function \p Name (without its rocblas_ prefix), called with
/// the handle and the given arguments.
#define RUBICON_ROCBLAS(Name)                                                  \
  ([]() -> ::rubicon::cublas::rocm::Function & {                               \
    static ::rubicon::cublas::rocm::Function F("rocblas_" #Name);              \
    return F;                                                                  \
  }())

/// The rocSOLVER function \p Name (without its rocsolver_ prefix), called
/// with the cuBLAS handle's rocblas_handle and the given arguments.
#define RUBICON_ROCSOLVER(Name)                                                \
  ([]() -> ::rubicon::cublas::rocm::Function & {                               \
    static ::rubicon::cublas::rocm::Function F(                                \
        "rocsolver_" #Name, ::rubicon::cublas::rocm::lookupRocsolver);         \
    return F;                                                                  \
  }())

#endif // RUBICON_CUBLAS_ROCBLAS_H
