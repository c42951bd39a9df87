//===- Level2.cpp - cuBLAS level 2: matrix-vector operations --------------===//
//
// Part of Rubicon. gemv in the four precisions (see Level1.cpp for how an
// entry point runs).
//
//===----------------------------------------------------------------------===//
#include "Checks.h"
#include "Handle.h"
#include "host/HostBlas.h"
#include "rocm/Rocblas.h"

using namespace rubicon::cublas;

extern "C" {

#define GEMV(P, T, R)                                                          \
  cublasStatus_t cublas##P##gemv_v2(cublasHandle_t H, cublasOperation_t Trans, \
                                    int M, int N, const T *Alpha, const T *A,  \
                                    int Lda, const T *X, int IncX,             \
                                    const T *Beta, T *Y, int IncY) {           \
    if (H && (!validGemv(Trans, M, N, Lda, IncX, IncY) || !Alpha || !Beta))    \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    auto BetaS = scalar(H, Beta);                                              \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (M > 0 && N > 0)                                                  \
            host::gemv(Trans, M, N, AlphaS.get(), A, Lda, X, IncX, BetaS.get(), Y, IncY);    \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCBLAS(R)(H, Trans, M, N, Alpha, A, Lda, X, IncX,    \
                                    Beta, Y, IncY);                            \
        });                                                                    \
  }
GEMV(S, float, sgemv)
GEMV(D, double, dgemv)
GEMV(C, cuComplex, cgemv)
GEMV(Z, cuDoubleComplex, zgemv)
#undef GEMV

} // extern "C"
