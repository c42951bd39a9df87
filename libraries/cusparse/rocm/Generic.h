//===- Generic.h - cuSPARSE's generic API on rocSPARSE ----------*- C++ -*-===//
//
// Part of Rubicon. The generic API's operations on AMD GPUs, called by
// Generic.cpp and Triangular.cpp once their arguments are checked, when
// the handle has a rocSPARSE handle. A buffer size (Size non-null) is
// rocSPARSE's for the same operation; an operation makes rocSPARSE's
// descriptors, runs its preprocess stage, then its compute stage, with
// the program's buffer.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSPARSE_ROCM_GENERIC_H
#define RUBICON_CUSPARSE_ROCM_GENERIC_H

#include "../Handle.h"

#include <cstddef>
#include <memory>

namespace rubicon::cusparse::rocm {

class SpMat;

cusparseStatus_t spmv(cusparseHandle_t H, cusparseOperation_t OpA,
                      const void *Alpha, const cusparseSpMatDescr *A,
                      const cusparseDnVecDescr *X, const void *Beta,
                      const cusparseDnVecDescr *Y, cudaDataType Compute,
                      size_t *Size, void *Buffer);

cusparseStatus_t spmm(cusparseHandle_t H, cusparseOperation_t OpA,
                      cusparseOperation_t OpB, const void *Alpha,
                      const cusparseSpMatDescr *A, const cusparseDnMatDescr *B,
                      const void *Beta, const cusparseDnMatDescr *C,
                      cudaDataType Compute, size_t *Size, void *Buffer);

cusparseStatus_t sparseToDense(cusparseHandle_t H, const cusparseSpMatDescr *A,
                               const cusparseDnMatDescr *B, size_t *Size,
                               void *Buffer);

/// rocSPARSE's two calls: without B's indices and values (Fill false) it
/// counts B's entries into B->Nnz (and writes CSR/CSC offsets); with them
/// it writes them.
cusparseStatus_t denseToSparse(cusparseHandle_t H, const cusparseDnMatDescr *A,
                               cusparseSpMatDescr *B, bool Fill, size_t *Size,
                               void *Buffer);

/// y[indices] = x (scatter), x = y[indices] (gather).
cusparseStatus_t scatter(cusparseHandle_t H, const cusparseSpVecDescr *X,
                         const cusparseDnVecDescr *Y);
cusparseStatus_t gather(cusparseHandle_t H, const cusparseDnVecDescr *Y,
                        const cusparseSpVecDescr *X);

/// SpSV's analysis keeps rocSPARSE's descriptor of A (which holds the
/// analysis) and the buffer for the solve.
struct SpSVState {
  std::unique_ptr<SpMat> Mat;
  void *Buffer = nullptr;
  SpSVState();
  ~SpSVState();
};
cusparseStatus_t spsvBufferSize(cusparseHandle_t H, cusparseOperation_t Op,
                                const void *Alpha, const cusparseSpMatDescr *A,
                                const cusparseDnVecDescr *X,
                                const cusparseDnVecDescr *Y,
                                cudaDataType Compute, size_t *Size);
cusparseStatus_t spsvAnalysis(cusparseHandle_t H, cusparseOperation_t Op,
                              const void *Alpha, const cusparseSpMatDescr *A,
                              const cusparseDnVecDescr *X,
                              const cusparseDnVecDescr *Y, cudaDataType Compute,
                              SpSVState &State, void *Buffer);
cusparseStatus_t spsvSolve(cusparseHandle_t H, cusparseOperation_t Op,
                           const void *Alpha, const cusparseDnVecDescr *X,
                           const cusparseDnVecDescr *Y, cudaDataType Compute,
                           SpSVState &State);

/// SpGEMM (C = alpha A B + beta C, CSR, no transposes) in rocSPARSE's
/// stages: the buffer size; the nnz stage with C's row offsets in RowPtr
/// (C->Nnz set from it); then C's offsets copied from RowPtr (on the
/// handle's stream) and the compute stage into C's arrays. Buffer is
/// rocSPARSE's temporary buffer, the same for every stage.
cusparseStatus_t spgemmBufferSize(cusparseHandle_t H, const void *Alpha,
                                  const cusparseSpMatDescr *A,
                                  const cusparseSpMatDescr *B, const void *Beta,
                                  const cusparseSpMatDescr *C,
                                  cudaDataType Compute, size_t *Size);
cusparseStatus_t spgemmNnz(cusparseHandle_t H, const void *Alpha,
                           const cusparseSpMatDescr *A,
                           const cusparseSpMatDescr *B, const void *Beta,
                           cusparseSpMatDescr *C, cudaDataType Compute,
                           void *RowPtr, void *Buffer);
cusparseStatus_t spgemmCopy(cusparseHandle_t H, const void *Alpha,
                            const cusparseSpMatDescr *A,
                            const cusparseSpMatDescr *B, const void *Beta,
                            const cusparseSpMatDescr *C, cudaDataType Compute,
                            const void *RowPtr, void *Buffer);

} // namespace rubicon::cusparse::rocm

#endif // RUBICON_CUSPARSE_ROCM_GENERIC_H
