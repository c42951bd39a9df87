//===- Rocsolver.h - cuSOLVER calls forwarded to rocSOLVER ------*- C++ -*-===//
//
// Part of Rubicon. cuSOLVER's AMD backend forwards to rocSOLVER, whose
// functions take a rocblas_handle (made by rocBLAS) and return a
// rocblas_status. Both libraries are loaded at first use (librocsolver.so.0,
// librocblas.so.4, .3, .0; RUBICON_ROCSOLVER_LIBRARY and
// RUBICON_ROCBLAS_LIBRARY override); a missing library or function is said
// once on stderr, naming it, and the call answers cuSOLVER's own status.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSOLVER_ROCSOLVER_H
#define RUBICON_CUSOLVER_ROCSOLVER_H

#include "cusolver_common.h"

#include <atomic>

namespace rubicon::cusolver::rocm {

using RocblasStatus = int;
using RocblasHandle = void *;

/// rocblas_status → cusolverStatus_t.
cusolverStatus_t toCusolver(RocblasStatus Status);

/// The address of a rocSOLVER (or rocBLAS) function; null: the library or
/// the function is missing, and a message said so.
void *lookupRocsolver(const char *Name);
void *lookupRocblas(const char *Name);

/// rocblas_create_handle (rocSOLVER loaded first, so that a missing
/// rocSOLVER is the one named); NOT_INITIALIZED when either is missing.
cusolverStatus_t createHandle(RocblasHandle *Handle);
void destroyHandle(RocblasHandle Handle);

/// One ROCm function, found by name at its first call, called with its
/// arguments as given (ints and pointers: the C ABI of both sides).
class Function {
public:
  constexpr Function(const char *Name, void *(*Lookup)(const char *))
      : Name(Name), Lookup(Lookup) {}

  template <class... ArgTs> cusolverStatus_t operator()(ArgTs... Args) {
    using Fn = RocblasStatus (*)(ArgTs...);
    void *Address = Cached.load(std::memory_order_acquire);
    if (!Address) {
      Address = Lookup(Name);
      if (!Address)
        return CUSOLVER_STATUS_NOT_SUPPORTED;
      Cached.store(Address, std::memory_order_release);
    }
    return toCusolver(reinterpret_cast<Fn>(Address)(Args...));
  }

private:
  const char *Name;
  void *(*Lookup)(const char *);
  std::atomic<void *> Cached{nullptr};
};

} // namespace rubicon::cusolver::rocm

/// The rocSOLVER function \p Name (without its rocsolver_ prefix).
#define RUBICON_CUSOLVER_ROCSOLVER(Name)                                       \
  ([]() -> ::rubicon::cusolver::rocm::Function & {                             \
    static ::rubicon::cusolver::rocm::Function F(                              \
        "rocsolver_" #Name, ::rubicon::cusolver::rocm::lookupRocsolver);       \
    return F;                                                                  \
  }())

#endif // RUBICON_CUSOLVER_ROCSOLVER_H
