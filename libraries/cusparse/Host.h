//===- Host.h - cuSPARSE's host backend: entries, types, streams -*- C++ -*-===//
//
// Part of Rubicon. What the host backend's operations share (Generic.cpp,
// Triangular.cpp): the start of every operation (the backend's check and
// the wait for the handle's stream, or work in the stream's order that a
// graph capture records), 32/64-bit indices, each format's
// entries as (row, column, value), and the C++ type of a cudaDataType.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSPARSE_HOST_H
#define RUBICON_CUSPARSE_HOST_H

#include "Handle.h"
#include "StreamOrder.h"

#include <complex>
#include <cstdio>

namespace rubicon::cusparse {

/// The host backend's check: a handle of the AMD backend (it has a
/// rocSPARSE handle) reaching an operation not forwarded to rocSPARSE
/// answers NOT_SUPPORTED (said once on stderr).
inline cusparseStatus_t onHostTarget(cusparseHandle_t Handle) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (Handle->Rocsparse) {
    static bool Said = false;
    if (!Said) {
      Said = true;
      std::fprintf(stderr, "rubicon: cuSPARSE: this operation is not "
                           "forwarded to rocSPARSE yet: "
                           "CUSPARSE_STATUS_NOT_SUPPORTED\n");
    }
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
  return CUSPARSE_STATUS_SUCCESS;
}

/// The start of an operation that runs now: the backend's check, then the
/// handle's stream drained.
inline cusparseStatus_t begin(cusparseHandle_t Handle) {
  if (cusparseStatus_t S = onHostTarget(Handle))
    return S;
  if (cudaStreamSynchronize(Handle->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  return CUSPARSE_STATUS_SUCCESS;
}

/// Runs \p Work (returning a cusparseStatus_t) in the handle's stream's
/// order: now, or as a host node of the graph the stream is capturing
/// (../common/StreamOrder.h). \p Work holds copies of what it reads from
/// the caller: descriptors by value, scalars as HostScalar.
template <class Fn>
cusparseStatus_t inStreamOrder(cusparseHandle_t Handle, Fn Work) {
  if (cusparseStatus_t S = onHostTarget(Handle))
    return S;
  return libraries::inStreamOrder(Handle->Stream, CUSPARSE_STATUS_SUCCESS,
                                  CUSPARSE_STATUS_EXECUTION_FAILED,
                                  std::move(Work));
}

/// A scalar of \p Type as the call saw it (HostScalar).
inline libraries::HostScalar scalar(cusparseHandle_t Handle, const void *S,
                                    cudaDataType Type) {
  size_t Size = Type == CUDA_R_32F ? 4 : Type == CUDA_C_64F ? 16 : 8;
  return libraries::HostScalar(
      S, Size, Handle->PointerMode == CUSPARSE_POINTER_MODE_HOST);
}

inline int64_t index(const void *Array, cusparseIndexType_t Type, int64_t I) {
  return Type == CUSPARSE_INDEX_64I ? static_cast<const int64_t *>(Array)[I]
                                    : static_cast<const int32_t *>(Array)[I];
}
inline void setIndex(void *Array, cusparseIndexType_t Type, int64_t I, int64_t V) {
  if (Type == CUSPARSE_INDEX_64I)
    static_cast<int64_t *>(Array)[I] = V;
  else
    static_cast<int32_t *>(Array)[I] = int32_t(V);
}

inline float conjugate(float X) { return X; }
inline double conjugate(double X) { return X; }
template <class R> std::complex<R> conjugate(std::complex<R> X) { return std::conj(X); }

/// Calls F(row, column, value) for each entry of A, 0-based (each value
/// of a BSR block, zeros included).
template <class V, class F> void forEachEntry(const cusparseSpMatDescr *A, F &&Visit) {
  const V *Values = static_cast<const V *>(A->Values);
  int64_t Base = A->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  if (A->Format == CUSPARSE_FORMAT_COO) {
    for (int64_t K = 0; K < A->Nnz; ++K)
      Visit(index(A->Offsets, A->OffsetType, K) - Base,
            index(A->Indices, A->IndexType, K) - Base, Values[K]);
    return;
  }
  if (A->Format == CUSPARSE_FORMAT_BSR) {
    int64_t RB = A->BlockRows, CB = A->BlockCols;
    bool RowMajor = A->BlockOrder == CUSPARSE_ORDER_ROW;
    for (int64_t BR = 0; BR < A->Rows / RB; ++BR)
      for (int64_t K = index(A->Offsets, A->OffsetType, BR) - Base,
                   End = index(A->Offsets, A->OffsetType, BR + 1) - Base;
           K < End; ++K) {
        int64_t BC = index(A->Indices, A->IndexType, K) - Base;
        const V *Block = Values + K * RB * CB;
        for (int64_t R = 0; R < RB; ++R)
          for (int64_t C = 0; C < CB; ++C)
            Visit(BR * RB + R, BC * CB + C,
                  Block[RowMajor ? R * CB + C : R + C * RB]);
      }
    return;
  }
  bool Csr = A->Format == CUSPARSE_FORMAT_CSR;
  int64_t Outer = Csr ? A->Rows : A->Cols;
  for (int64_t O = 0; O < Outer; ++O)
    for (int64_t K = index(A->Offsets, A->OffsetType, O) - Base,
                 End = index(A->Offsets, A->OffsetType, O + 1) - Base;
         K < End; ++K) {
      int64_t Inner = index(A->Indices, A->IndexType, K) - Base;
      if (Csr)
        Visit(O, Inner, Values[K]);
      else
        Visit(Inner, O, Values[K]);
    }
}

/// Element (R, C) of a dense matrix.
template <class V> V &element(const cusparseDnMatDescr *M, int64_t R, int64_t C) {
  V *Values = static_cast<V *>(M->Values);
  return M->Order == CUSPARSE_ORDER_COL ? Values[R + C * M->Ld]
                                        : Values[R * M->Ld + C];
}

/// Calls F.template operator()<V>() with V the C++ type of Type.
template <class F> cusparseStatus_t withType(cudaDataType Type, F &&Run) {
  switch (Type) {
  case CUDA_R_32F: return Run(float());
  case CUDA_R_64F: return Run(double());
  case CUDA_C_32F: return Run(std::complex<float>());
  case CUDA_C_64F: return Run(std::complex<double>());
  default: return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
}

} // namespace rubicon::cusparse

#endif // RUBICON_CUSPARSE_HOST_H
