//===- Checks.h - cuBLAS's argument checks ----------------------*- C++ -*-===//
//
// Part of Rubicon. The checks cuBLAS documents for each routine
// (CUBLAS_STATUS_INVALID_VALUE), made before either backend runs, so both
// answer alike and OpenBLAS never sees an argument it would reject.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUBLAS_CHECKS_H
#define RUBICON_CUBLAS_CHECKS_H

#include "cublas_api.h"

#include <algorithm>

namespace rubicon::cublas {

inline bool validOp(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N || Op == CUBLAS_OP_T || Op == CUBLAS_OP_C;
}

inline bool validGemv(cublasOperation_t Trans, int M, int N, int Lda, int IncX,
                      int IncY) {
  return validOp(Trans) && M >= 0 && N >= 0 && Lda >= std::max(1, M) &&
         IncX != 0 && IncY != 0;
}

inline bool validGemm(cublasOperation_t TransA, cublasOperation_t TransB,
                      int M, int N, int K, int Lda, int Ldb, int Ldc) {
  return validOp(TransA) && validOp(TransB) && M >= 0 && N >= 0 && K >= 0 &&
         Lda >= std::max(1, TransA == CUBLAS_OP_N ? M : K) &&
         Ldb >= std::max(1, TransB == CUBLAS_OP_N ? K : N) &&
         Ldc >= std::max(1, M);
}

inline bool validTrsm(cublasSideMode_t Side, cublasFillMode_t Uplo,
                      cublasOperation_t Trans, cublasDiagType_t Diag, int M,
                      int N, int Lda, int Ldb) {
  return (Side == CUBLAS_SIDE_LEFT || Side == CUBLAS_SIDE_RIGHT) &&
         (Uplo == CUBLAS_FILL_MODE_LOWER || Uplo == CUBLAS_FILL_MODE_UPPER) &&
         validOp(Trans) &&
         (Diag == CUBLAS_DIAG_UNIT || Diag == CUBLAS_DIAG_NON_UNIT) &&
         M >= 0 && N >= 0 &&
         Lda >= std::max(1, Side == CUBLAS_SIDE_LEFT ? M : N) &&
         Ldb >= std::max(1, M);
}

} // namespace rubicon::cublas

#endif // RUBICON_CUBLAS_CHECKS_H
