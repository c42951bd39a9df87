//===- Level1.cpp - cuBLAS level 1: vector operations ---------------------===//
//
// Part of Rubicon. axpy, dot, nrm2, asum, scal, copy, swap, iamax, iamin in
// the four precisions: each entry point checks its arguments as cuBLAS does,
// then runs on the host target (host/HostBlas.h) or forwards to rocBLAS
// (rocm/Rocblas.h). Cublas.def lists them.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "host/HostBlas.h"
#include "rocm/Rocblas.h"

using namespace rubicon::cublas;

namespace {
/// A result of an empty vector: zero, as cuBLAS writes it.
template <class T> void writeZero(T *Result) { *Result = T{}; }
} // namespace

extern "C" {

#define AXPY(P, T, R)                                                          \
  cublasStatus_t cublas##P##axpy_v2(cublasHandle_t H, int N, const T *Alpha,   \
                                    const T *X, int IncX, T *Y, int IncY) {    \
    if (H && N > 0 && !Alpha)                                                  \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    return dispatch(                                                           \
        H, [=] { if (N > 0) host::axpy(N, AlphaS.get(), X, IncX, Y, IncY); },         \
        [&] { return RUBICON_ROCBLAS(R)(H, N, Alpha, X, IncX, Y, IncY); });    \
  }
AXPY(S, float, saxpy)
AXPY(D, double, daxpy)
AXPY(C, cuComplex, caxpy)
AXPY(Z, cuDoubleComplex, zaxpy)
#undef AXPY

#define COPY(P, T, L)                                                          \
  cublasStatus_t cublas##P##copy_v2(cublasHandle_t H, int N, const T *X,       \
                                    int IncX, T *Y, int IncY) {                \
    return dispatch(                                                           \
        H, [=] { if (N > 0) host::copy(N, X, IncX, Y, IncY); },                \
        [&] { return RUBICON_ROCBLAS(L##copy)(H, N, X, IncX, Y, IncY); });    \
  }                                                                            \
  cublasStatus_t cublas##P##swap_v2(cublasHandle_t H, int N, T *X, int IncX,   \
                                    T *Y, int IncY) {                          \
    return dispatch(                                                           \
        H, [=] { if (N > 0) host::swap(N, X, IncX, Y, IncY); },                \
        [&] { return RUBICON_ROCBLAS(L##swap)(H, N, X, IncX, Y, IncY); });     \
  }
COPY(S, float, s)
COPY(D, double, d)
COPY(C, cuComplex, c)
COPY(Z, cuDoubleComplex, z)
#undef COPY

#define DOT(Name, T, Host, R)                                                  \
  cublasStatus_t cublas##Name##_v2(cublasHandle_t H, int N, const T *X,        \
                                   int IncX, const T *Y, int IncY, T *Result) { \
    if (H && !Result)                                                          \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (N <= 0)                                                          \
            writeZero(Result);                                                 \
          else                                                                 \
            Host;                                                              \
        },                                                                     \
        [&] { return RUBICON_ROCBLAS(R)(H, N, X, IncX, Y, IncY, Result); });   \
  }
DOT(Sdot, float, *Result = host::dot(N, X, IncX, Y, IncY), sdot)
DOT(Ddot, double, *Result = host::dot(N, X, IncX, Y, IncY), ddot)
DOT(Cdotu, cuComplex, host::dotu(N, X, IncX, Y, IncY, Result), cdotu)
DOT(Cdotc, cuComplex, host::dotc(N, X, IncX, Y, IncY, Result), cdotc)
DOT(Zdotu, cuDoubleComplex, host::dotu(N, X, IncX, Y, IncY, Result), zdotu)
DOT(Zdotc, cuDoubleComplex, host::dotc(N, X, IncX, Y, IncY, Result), zdotc)
#undef DOT

#define NORM(Name, T, RealT, Op, R)                                            \
  cublasStatus_t cublas##Name##Op##_v2(cublasHandle_t H, int N, const T *X,    \
                                       int IncX, RealT *Result) {              \
    if (H && !Result)                                                          \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H,                                                                     \
        [=] { *Result = N <= 0 || IncX <= 0 ? RealT(0) : host::Op(N, X, IncX); }, \
        [&] { return RUBICON_ROCBLAS(R)(H, N, X, IncX, Result); });            \
  }
NORM(S, float, float, nrm2, snrm2)
NORM(D, double, double, nrm2, dnrm2)
NORM(Sc, cuComplex, float, nrm2, scnrm2)
NORM(Dz, cuDoubleComplex, double, nrm2, dznrm2)
NORM(S, float, float, asum, sasum)
NORM(D, double, double, asum, dasum)
NORM(Sc, cuComplex, float, asum, scasum)
NORM(Dz, cuDoubleComplex, double, asum, dzasum)
#undef NORM

#define SCAL(P, A, T, R)                                                       \
  cublasStatus_t cublas##P##scal_v2(cublasHandle_t H, int N, const A *Alpha,   \
                                    T *X, int IncX) {                          \
    if (H && N > 0 && !Alpha)                                                  \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    return dispatch(                                                           \
        H, [=] { if (N > 0 && IncX > 0) host::scal(N, AlphaS.get(), X, IncX); },      \
        [&] { return RUBICON_ROCBLAS(R)(H, N, Alpha, X, IncX); });             \
  }
SCAL(S, float, float, sscal)
SCAL(D, double, double, dscal)
SCAL(C, cuComplex, cuComplex, cscal)
SCAL(Cs, float, cuComplex, csscal)
SCAL(Z, cuDoubleComplex, cuDoubleComplex, zscal)
SCAL(Zd, double, cuDoubleComplex, zdscal)
#undef SCAL

#define IAMAX(P, T)                                                            \
  cublasStatus_t cublasI##P##amax_v2(cublasHandle_t H, int N, const T *X,      \
                                     int IncX, int *Result) {                  \
    if (H && !Result)                                                          \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H, [=] { *Result = host::extremeIndex(N, X, IncX, true); },            \
        [&] { return RUBICON_ROCBLAS(i##P##amax)(H, N, X, IncX, Result); });   \
  }                                                                            \
  cublasStatus_t cublasI##P##amin_v2(cublasHandle_t H, int N, const T *X,      \
                                     int IncX, int *Result) {                  \
    if (H && !Result)                                                          \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H, [=] { *Result = host::extremeIndex(N, X, IncX, false); },           \
        [&] { return RUBICON_ROCBLAS(i##P##amin)(H, N, X, IncX, Result); });   \
  }
IAMAX(s, float)
IAMAX(d, double)
IAMAX(c, cuComplex)
IAMAX(z, cuDoubleComplex)
#undef IAMAX

} // extern "C"
