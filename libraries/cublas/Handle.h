//===- Handle.h - cuBLAS handles and how an entry point runs ----*- C++ -*-===//
//
// Part of Rubicon. A cublasHandle_t records the stream, the modes and the
// backend its library calls run on (../common/LibraryTarget.h):
//   host  the call first waits for the handle's stream (cudaStreamSynchronize)
//         and then runs on the calling thread with OpenBLAS (host/HostBlas.h):
//         device pointers are host memory there, and work the program queued
//         before the call is finished when it reads them, work queued after
//         it starts after it returns. Calls are therefore synchronous, but
//         while the stream is being captured into a graph the call becomes
//         a host node of the graph (dispatch, ../common/StreamOrder.h).
//   rocm  the call is forwarded to rocBLAS (rocm/Rocblas.h) on a rocBLAS
//         handle bound to the same stream (a cudaStream_t of the HIP backend
//         is the hipStream_t), converting enumerations and statuses.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUBLAS_HANDLE_H
#define RUBICON_CUBLAS_HANDLE_H

#include "LibraryTarget.h"
#include "StreamOrder.h"
#include "cublas_api.h"

#include <type_traits>

struct cublasContext {
  rubicon::libraries::LibraryTarget Target;
  cudaStream_t Stream = nullptr;
  cublasPointerMode_t PointerMode = CUBLAS_POINTER_MODE_HOST;
  cublasAtomicsMode_t AtomicsMode = CUBLAS_ATOMICS_NOT_ALLOWED;
  cublasMath_t MathMode = CUBLAS_DEFAULT_MATH;
  void *Workspace = nullptr;
  size_t WorkspaceSize = 0;
  void *Rocm = nullptr; // the rocblas_handle, on the rocm target
};

namespace rubicon::cublas {

/// Before a host-target call: the handle's stream, drained.
cublasStatus_t waitForStream(cublasHandle_t Handle);

/// A scalar argument (alpha, beta) as the call saw it: copied in the host
/// pointer mode, read through the pointer when the work runs in the device
/// pointer mode (../common/StreamOrder.h).
template <class T> class Scalar {
  libraries::HostScalar Value;

public:
  Scalar(cublasHandle_t Handle, const T *S)
      : Value(S, sizeof(T),
              !Handle || Handle->PointerMode == CUBLAS_POINTER_MODE_HOST) {}
  const T *get() const { return Value.as<T>(); }
};
template <class T> Scalar<T> scalar(cublasHandle_t Handle, const T *S) {
  return Scalar<T>(Handle, S);
}

/// Runs \p HostCall on the host target in the handle's stream's order, or
/// \p RocmCall on the rocm target. \p HostCall returns void or a
/// cublasStatus_t; it is copied, and while the stream is being captured it
/// becomes a host node of the graph (../common/StreamOrder.h), so it must
/// hold copies of the caller's arguments (scalars as Scalar).
template <class HostT, class RocmT>
cublasStatus_t dispatch(cublasHandle_t Handle, HostT HostCall,
                        RocmT &&RocmCall) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Handle->Target == libraries::LibraryTarget::Rocm)
    return RocmCall();
  return libraries::inStreamOrder(
      Handle->Stream, CUBLAS_STATUS_SUCCESS, CUBLAS_STATUS_EXECUTION_FAILED,
      [HostCall]() mutable -> cublasStatus_t {
        if constexpr (std::is_void_v<decltype(HostCall())>) {
          HostCall();
          return CUBLAS_STATUS_SUCCESS;
        } else {
          return HostCall();
        }
      });
}

} // namespace rubicon::cublas

#endif // RUBICON_CUBLAS_HANDLE_H
