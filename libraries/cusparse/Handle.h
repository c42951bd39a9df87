//===- Handle.h - cuSPARSE's handle and descriptors -------------*- C++ -*-===//
//
// Part of Rubicon. A handle is its stream and pointer mode; the generic
// API's descriptors record what the program gave (sizes, the arrays'
// addresses, their types), as cuSPARSE's do: nothing is copied.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSPARSE_HANDLE_H
#define RUBICON_CUSPARSE_HANDLE_H

#include "cusparse.h"

struct cusparseContext {
  cudaStream_t Stream = nullptr;
  cusparsePointerMode_t PointerMode = CUSPARSE_POINTER_MODE_HOST;
  /// The rocSPARSE handle on AMD GPUs (rocm/Rocsparse.h); null on the host
  /// target.
  void *Rocsparse = nullptr;
};

struct cusparseMatDescr {
  cusparseMatrixType_t Type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t Base = CUSPARSE_INDEX_BASE_ZERO;
};

/// CSR: Offsets (rows + 1), Indices (columns), Values. CSC: the same of the
/// transpose. COO: Rows, Indices (columns), Values, one each per entry.
/// BSR: CSR of blocks (Nnz blocks), each BlockRows x BlockCols values in
/// BlockOrder; Rows and Cols count elements.
struct cusparseSpMatDescr {
  cusparseFormat_t Format;
  int64_t Rows, Cols, Nnz;
  void *Offsets; // CSR row offsets, CSC column offsets, COO row indices
  void *Indices; // CSR column indices, CSC row indices, COO column indices
  void *Values;
  cusparseIndexType_t OffsetType, IndexType;
  cusparseIndexBase_t Base;
  cudaDataType ValueType;
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  int64_t BlockRows = 1, BlockCols = 1;
  cusparseOrder_t BlockOrder = CUSPARSE_ORDER_ROW;
};

struct cusparseSpVecDescr {
  int64_t Size, Nnz;
  void *Indices, *Values;
  cusparseIndexType_t IndexType;
  cusparseIndexBase_t Base;
  cudaDataType ValueType;
};

struct cusparseDnVecDescr {
  int64_t Size;
  void *Values;
  cudaDataType ValueType;
};

struct cusparseDnMatDescr {
  int64_t Rows, Cols, Ld;
  void *Values;
  cudaDataType ValueType;
  cusparseOrder_t Order;
};

#endif // RUBICON_CUSPARSE_HANDLE_H
