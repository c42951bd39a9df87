//===- HostBlas.h - cuBLAS on the host target: OpenBLAS ---------*- C++ -*-===//
//
// Part of Rubicon. On the host target device memory is host memory, so each
// cuBLAS operation is the CBLAS call of its precision (column-major), with
// cuBLAS's enumerations in CBLAS's numbering. Overloads by element type let
// the entry points (../Level1.cpp, ...) be written once for all four
// precisions. Called after the handle's stream is drained (../Handle.h).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUBLAS_HOSTBLAS_H
#define RUBICON_CUBLAS_HOSTBLAS_H

#include "cublas_api.h"

#include <cblas.h>
#include <cmath>
#include <complex>

namespace rubicon::cublas::host {

inline CBLAS_TRANSPOSE toCblas(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N ? CblasNoTrans
         : Op == CUBLAS_OP_T ? CblasTrans
                             : CblasConjTrans;
}
inline CBLAS_UPLO toCblas(cublasFillMode_t Fill) {
  return Fill == CUBLAS_FILL_MODE_UPPER ? CblasUpper : CblasLower;
}
inline CBLAS_DIAG toCblas(cublasDiagType_t Diag) {
  return Diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
}
inline CBLAS_SIDE toCblas(cublasSideMode_t Side) {
  return Side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
}

// The four precisions' CBLAS functions under one name each.
#define RUBICON_HOST_BLAS_4(Decl, S, D, C, Z)                                  \
  Decl(float, S) Decl(double, D) Decl(cuComplex, C) Decl(cuDoubleComplex, Z)

#define AXPY(T, F)                                                             \
  inline void axpy(int N, const T *Alpha, const T *X, int IncX, T *Y,          \
                   int IncY) {                                                 \
    F;                                                                         \
  }
RUBICON_HOST_BLAS_4(AXPY, cblas_saxpy(N, *Alpha, X, IncX, Y, IncY),
                    cblas_daxpy(N, *Alpha, X, IncX, Y, IncY),
                    cblas_caxpy(N, Alpha, X, IncX, Y, IncY),
                    cblas_zaxpy(N, Alpha, X, IncX, Y, IncY))
#undef AXPY

#define COPY_SWAP(T, P)                                                        \
  inline void copy(int N, const T *X, int IncX, T *Y, int IncY) {              \
    cblas_##P##copy(N, X, IncX, Y, IncY);                                      \
  }                                                                            \
  inline void swap(int N, T *X, int IncX, T *Y, int IncY) {                    \
    cblas_##P##swap(N, X, IncX, Y, IncY);                                      \
  }
RUBICON_HOST_BLAS_4(COPY_SWAP, s, d, c, z)
#undef COPY_SWAP

inline float dot(int N, const float *X, int IncX, const float *Y, int IncY) {
  return cblas_sdot(N, X, IncX, Y, IncY);
}
inline double dot(int N, const double *X, int IncX, const double *Y,
                  int IncY) {
  return cblas_ddot(N, X, IncX, Y, IncY);
}
inline void dotu(int N, const cuComplex *X, int IncX, const cuComplex *Y,
                 int IncY, cuComplex *R) {
  cblas_cdotu_sub(N, X, IncX, Y, IncY, R);
}
inline void dotc(int N, const cuComplex *X, int IncX, const cuComplex *Y,
                 int IncY, cuComplex *R) {
  cblas_cdotc_sub(N, X, IncX, Y, IncY, R);
}
inline void dotu(int N, const cuDoubleComplex *X, int IncX,
                 const cuDoubleComplex *Y, int IncY, cuDoubleComplex *R) {
  cblas_zdotu_sub(N, X, IncX, Y, IncY, R);
}
inline void dotc(int N, const cuDoubleComplex *X, int IncX,
                 const cuDoubleComplex *Y, int IncY, cuDoubleComplex *R) {
  cblas_zdotc_sub(N, X, IncX, Y, IncY, R);
}

inline float nrm2(int N, const float *X, int IncX) {
  return cblas_snrm2(N, X, IncX);
}
inline double nrm2(int N, const double *X, int IncX) {
  return cblas_dnrm2(N, X, IncX);
}
inline float nrm2(int N, const cuComplex *X, int IncX) {
  return cblas_scnrm2(N, X, IncX);
}
inline double nrm2(int N, const cuDoubleComplex *X, int IncX) {
  return cblas_dznrm2(N, X, IncX);
}
inline float asum(int N, const float *X, int IncX) {
  return cblas_sasum(N, X, IncX);
}
inline double asum(int N, const double *X, int IncX) {
  return cblas_dasum(N, X, IncX);
}
inline float asum(int N, const cuComplex *X, int IncX) {
  return cblas_scasum(N, X, IncX);
}
inline double asum(int N, const cuDoubleComplex *X, int IncX) {
  return cblas_dzasum(N, X, IncX);
}

inline void scal(int N, const float *A, float *X, int IncX) {
  cblas_sscal(N, *A, X, IncX);
}
inline void scal(int N, const double *A, double *X, int IncX) {
  cblas_dscal(N, *A, X, IncX);
}
inline void scal(int N, const cuComplex *A, cuComplex *X, int IncX) {
  cblas_cscal(N, A, X, IncX);
}
inline void scal(int N, const float *A, cuComplex *X, int IncX) {
  cblas_csscal(N, *A, X, IncX);
}
inline void scal(int N, const cuDoubleComplex *A, cuDoubleComplex *X,
                 int IncX) {
  cblas_zscal(N, A, X, IncX);
}
inline void scal(int N, const double *A, cuDoubleComplex *X, int IncX) {
  cblas_zdscal(N, *A, X, IncX);
}

/// |x| as BLAS's i?amax measures it: |Re| + |Im| for complex numbers.
inline double magnitude(float V) { return std::fabs(V); }
inline double magnitude(double V) { return std::fabs(V); }
inline double magnitude(cuComplex V) {
  return std::fabs(V.x) + std::fabs(V.y);
}
inline double magnitude(cuDoubleComplex V) {
  return std::fabs(V.x) + std::fabs(V.y);
}

/// 1-based index of the first element of largest (Largest) or smallest
/// magnitude; 0 when N <= 0 or IncX <= 0 (cuBLAS's convention).
template <class T>
int extremeIndex(int N, const T *X, int IncX, bool Largest) {
  if (N <= 0 || IncX <= 0)
    return 0;
  int Best = 0;
  double BestValue = magnitude(X[0]);
  for (int I = 1; I < N; ++I) {
    double V = magnitude(X[size_t(I) * IncX]);
    if (Largest ? V > BestValue : V < BestValue) {
      Best = I;
      BestValue = V;
    }
  }
  return Best + 1;
}

#define GEMV(T, P, S)                                                          \
  inline void gemv(cublasOperation_t Trans, int M, int N, const T *Alpha,      \
                   const T *A, int Lda, const T *X, int IncX, const T *Beta,   \
                   T *Y, int IncY) {                                           \
    cblas_##P##gemv(CblasColMajor, toCblas(Trans), M, N, S Alpha, A, Lda, X,   \
                    IncX, S Beta, Y, IncY);                                    \
  }
GEMV(float, s, *) GEMV(double, d, *) GEMV(cuComplex, c, )
GEMV(cuDoubleComplex, z, )
#undef GEMV

#define GEMM(T, P, S)                                                          \
  inline void gemm(cublasOperation_t TransA, cublasOperation_t TransB, int M,  \
                   int N, int K, const T *Alpha, const T *A, int Lda,          \
                   const T *B, int Ldb, const T *Beta, T *C, int Ldc) {        \
    cblas_##P##gemm(CblasColMajor, toCblas(TransA), toCblas(TransB), M, N, K,  \
                    S Alpha, A, Lda, B, Ldb, S Beta, C, Ldc);                  \
  }
GEMM(float, s, *) GEMM(double, d, *) GEMM(cuComplex, c, )
GEMM(cuDoubleComplex, z, )
#undef GEMM

#define TRSM(T, P, S)                                                          \
  inline void trsm(cublasSideMode_t Side, cublasFillMode_t Uplo,               \
                   cublasOperation_t Trans, cublasDiagType_t Diag, int M,      \
                   int N, const T *Alpha, const T *A, int Lda, T *B,           \
                   int Ldb) {                                                  \
    cblas_##P##trsm(CblasColMajor, toCblas(Side), toCblas(Uplo),               \
                    toCblas(Trans), toCblas(Diag), M, N, S Alpha, A, Lda, B,   \
                    Ldb);                                                      \
  }
TRSM(float, s, *) TRSM(double, d, *) TRSM(cuComplex, c, )
TRSM(cuDoubleComplex, z, )
#undef TRSM

#undef RUBICON_HOST_BLAS_4

} // namespace rubicon::cublas::host

#endif // RUBICON_CUBLAS_HOSTBLAS_H
