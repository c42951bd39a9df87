//===- Level3.cpp - cuBLAS level 3: matrix-matrix operations --------------===//
//
// Part of Rubicon. gemm, gemmBatched, gemmStridedBatched and trsm in the
// four precisions (see Level1.cpp for how an entry point runs). The host
// target runs a batch as one OpenBLAS call per matrix.
//
//===----------------------------------------------------------------------===//
#include "Checks.h"
#include "Handle.h"
#include "host/HostBlas.h"
#include "rocm/Rocblas.h"

using namespace rubicon::cublas;

extern "C" {

#define GEMM(P, T, L)                                                          \
  cublasStatus_t cublas##P##gemm_v2(                                           \
      cublasHandle_t H, cublasOperation_t TransA, cublasOperation_t TransB,    \
      int M, int N, int K, const T *Alpha, const T *A, int Lda, const T *B,    \
      int Ldb, const T *Beta, T *C, int Ldc) {                                 \
    if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||  \
              !Beta))                                                          \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    auto BetaS = scalar(H, Beta);                                              \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (M > 0 && N > 0)                                                  \
            host::gemm(TransA, TransB, M, N, K, AlphaS.get(), A, Lda, B, Ldb, BetaS.get(),   \
                       C, Ldc);                                                \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCBLAS(L##gemm)(H, TransA, TransB, M, N, K, Alpha,   \
                                          A, Lda, B, Ldb, Beta, C, Ldc);       \
        });                                                                    \
  }                                                                            \
  cublasStatus_t cublas##P##gemmBatched(                                       \
      cublasHandle_t H, cublasOperation_t TransA, cublasOperation_t TransB,    \
      int M, int N, int K, const T *Alpha, const T *const A[], int Lda,        \
      const T *const B[], int Ldb, const T *Beta, T *const C[], int Ldc,       \
      int Count) {                                                             \
    if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||  \
              !Beta || Count < 0))                                             \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    auto BetaS = scalar(H, Beta);                                              \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (M > 0 && N > 0)                                                  \
            for (int I = 0; I < Count; ++I)                                    \
              host::gemm(TransA, TransB, M, N, K, AlphaS.get(), A[I], Lda, B[I], Ldb, \
                         BetaS.get(), C[I], Ldc);                                     \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCBLAS(L##gemm_batched)(H, TransA, TransB, M, N, K,  \
                                                  Alpha, A, Lda, B, Ldb, Beta, \
                                                  C, Ldc, Count);              \
        });                                                                    \
  }                                                                            \
  cublasStatus_t cublas##P##gemmStridedBatched(                                \
      cublasHandle_t H, cublasOperation_t TransA, cublasOperation_t TransB,    \
      int M, int N, int K, const T *Alpha, const T *A, int Lda,                \
      long long StrideA, const T *B, int Ldb, long long StrideB,               \
      const T *Beta, T *C, int Ldc, long long StrideC, int Count) {            \
    if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||  \
              !Beta || Count < 0))                                             \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    auto BetaS = scalar(H, Beta);                                              \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (M > 0 && N > 0)                                                  \
            for (int I = 0; I < Count; ++I)                                    \
              host::gemm(TransA, TransB, M, N, K, AlphaS.get(), A + I * StrideA, Lda, \
                         B + I * StrideB, Ldb, BetaS.get(), C + I * StrideC, Ldc);    \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCBLAS(L##gemm_strided_batched)(                     \
              H, TransA, TransB, M, N, K, Alpha, A, Lda, StrideA, B, Ldb,      \
              StrideB, Beta, C, Ldc, StrideC, Count);                          \
        });                                                                    \
  }                                                                            \
  cublasStatus_t cublas##P##trsm_v2(                                           \
      cublasHandle_t H, cublasSideMode_t Side, cublasFillMode_t Uplo,          \
      cublasOperation_t Trans, cublasDiagType_t Diag, int M, int N,            \
      const T *Alpha, const T *A, int Lda, T *B, int Ldb) {                    \
    if (H && (!validTrsm(Side, Uplo, Trans, Diag, M, N, Lda, Ldb) || !Alpha))  \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    auto AlphaS = scalar(H, Alpha);                                            \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          if (M > 0 && N > 0)                                                  \
            host::trsm(Side, Uplo, Trans, Diag, M, N, AlphaS.get(), A, Lda, B, Ldb);  \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCBLAS(L##trsm)(H, Side, Uplo, Trans, Diag, M, N,    \
                                          Alpha, A, Lda, B, Ldb);              \
        });                                                                    \
  }
GEMM(S, float, s)
GEMM(D, double, d)
GEMM(C, cuComplex, c)
GEMM(Z, cuDoubleComplex, z)
#undef GEMM

} // extern "C"
