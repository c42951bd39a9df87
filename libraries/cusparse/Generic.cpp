//===- Generic.cpp - cuSPARSE's generic API: SpMV, SpMM, conversions ------===//
//
// Part of Rubicon. On the host target the operations run on the calling
// thread over the program's arrays (host memory there) after waiting for
// the handle's stream, as the other libraries' host backends do: every
// format (CSR, CSC, COO) is a list of entries (row, column, value), which
// SpMV, SpMM and the conversions visit once. Values and the compute type
// are one of float, double, cuComplex, cuDoubleComplex (mixed types answer
// NOT_SUPPORTED); indices 32 or 64 bits, base 0 or 1. No workspace is
// needed (buffer sizes are 0). On AMD GPUs SpMV, SpMM, the conversions,
// scatter and gather are rocSPARSE's (rocm/Generic.h), with rocSPARSE's
// buffer sizes.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "Host.h"
#include "rocm/Generic.h"

#include <complex>
#include <cstdio>
#include <cstring>

using namespace rubicon::cusparse;

namespace {

bool validOp(cusparseOperation_t Op) {
  return Op == CUSPARSE_OPERATION_NON_TRANSPOSE ||
         Op == CUSPARSE_OPERATION_TRANSPOSE ||
         Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

cusparseStatus_t checkSpMV(cusparseHandle_t Handle, cusparseOperation_t OpA,
                           const void *Alpha, cusparseConstSpMatDescr_t A,
                           cusparseConstDnVecDescr_t X, const void *Beta,
                           cusparseDnVecDescr_t Y, cudaDataType Compute) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!validOp(OpA) || !Alpha || !Beta || !A || !X || !Y)
    return CUSPARSE_STATUS_INVALID_VALUE;
  bool N = OpA == CUSPARSE_OPERATION_NON_TRANSPOSE;
  if (X->Size != (N ? A->Cols : A->Rows) || Y->Size != (N ? A->Rows : A->Cols))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != Compute || X->ValueType != Compute ||
      Y->ValueType != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t checkSpMM(cusparseHandle_t Handle, cusparseOperation_t OpA,
                           cusparseOperation_t OpB, const void *Alpha,
                           cusparseConstSpMatDescr_t A,
                           cusparseConstDnMatDescr_t B, const void *Beta,
                           cusparseDnMatDescr_t C, cudaDataType Compute) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!validOp(OpA) || !validOp(OpB) || !Alpha || !Beta || !A || !B || !C)
    return CUSPARSE_STATUS_INVALID_VALUE;
  bool NA = OpA == CUSPARSE_OPERATION_NON_TRANSPOSE,
       NB = OpB == CUSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t M = NA ? A->Rows : A->Cols, K = NA ? A->Cols : A->Rows;
  int64_t KB = NB ? B->Rows : B->Cols, N = NB ? B->Cols : B->Rows;
  if (K != KB || C->Rows != M || C->Cols != N)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != Compute || B->ValueType != Compute ||
      C->ValueType != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSpMV_bufferSize(
    cusparseHandle_t Handle, cusparseOperation_t OpA, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X, const void *Beta,
    cusparseDnVecDescr_t Y, cudaDataType Compute, cusparseSpMVAlg_t,
    size_t *Size) {
  if (cusparseStatus_t S = checkSpMV(Handle, OpA, Alpha, A, X, Beta, Y, Compute))
    return S;
  if (!Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = 0;
  if (Handle->Rocsparse)
    return rocm::spmv(Handle, OpA, Alpha, A, X, Beta, Y, Compute, Size, nullptr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t Handle, cusparseOperation_t OpA,
                              const void *Alpha, cusparseConstSpMatDescr_t A,
                              cusparseConstDnVecDescr_t X, const void *Beta,
                              cusparseDnVecDescr_t Y, cudaDataType Compute,
                              cusparseSpMVAlg_t, void *Buffer) {
  if (cusparseStatus_t S = checkSpMV(Handle, OpA, Alpha, A, X, Beta, Y, Compute))
    return S;
  if (Handle->Rocsparse)
    return rocm::spmv(Handle, OpA, Alpha, A, X, Beta, Y, Compute, nullptr,
                      Buffer);
  // In the stream's order (a graph captures it): the descriptors as they
  // are now, host-mode scalars copied.
  auto AlphaS = scalar(Handle, Alpha, Compute);
  auto BetaS = scalar(Handle, Beta, Compute);
  cusparseSpMatDescr Mat = *A;
  cusparseDnVecDescr In = *X, Out = *Y;
  return inStreamOrder(Handle, [=] {
    return withType(Compute, [&](auto Zero) {
      using V = decltype(Zero);
      V Al = *AlphaS.as<V>(), Be = *BetaS.as<V>();
      const V *XV = static_cast<const V *>(In.Values);
      V *YV = static_cast<V *>(Out.Values);
      for (int64_t I = 0; I < Out.Size; ++I) // beta = 0: y is not read
        YV[I] = Be == Zero ? Zero : Be * YV[I];
      forEachEntry<V>(&Mat, [&](int64_t R, int64_t C, V Val) {
        if (OpA == CUSPARSE_OPERATION_NON_TRANSPOSE)
          YV[R] += Al * Val * XV[C];
        else
          YV[C] += Al *
                   (OpA == CUSPARSE_OPERATION_TRANSPOSE ? Val : conjugate(Val)) *
                   XV[R];
      });
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

cusparseStatus_t cusparseSpMM_bufferSize(
    cusparseHandle_t Handle, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseDnMatDescr_t C,
    cudaDataType Compute, cusparseSpMMAlg_t, size_t *Size) {
  if (cusparseStatus_t S =
          checkSpMM(Handle, OpA, OpB, Alpha, A, B, Beta, C, Compute))
    return S;
  if (!Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = 0;
  if (Handle->Rocsparse)
    return rocm::spmm(Handle, OpA, OpB, Alpha, A, B, Beta, C, Compute, Size,
                      nullptr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_preprocess(
    cusparseHandle_t Handle, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseDnMatDescr_t C,
    cudaDataType Compute, cusparseSpMMAlg_t, void *) {
  return checkSpMM(Handle, OpA, OpB, Alpha, A, B, Beta, C, Compute);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t Handle, cusparseOperation_t OpA,
                              cusparseOperation_t OpB, const void *Alpha,
                              cusparseConstSpMatDescr_t A,
                              cusparseConstDnMatDescr_t B, const void *Beta,
                              cusparseDnMatDescr_t C, cudaDataType Compute,
                              cusparseSpMMAlg_t, void *Buffer) {
  if (cusparseStatus_t S =
          checkSpMM(Handle, OpA, OpB, Alpha, A, B, Beta, C, Compute))
    return S;
  if (Handle->Rocsparse)
    return rocm::spmm(Handle, OpA, OpB, Alpha, A, B, Beta, C, Compute, nullptr,
                      Buffer);
  // In the stream's order (a graph captures it): the descriptors as they
  // are now, host-mode scalars copied.
  auto AlphaS = scalar(Handle, Alpha, Compute);
  auto BetaS = scalar(Handle, Beta, Compute);
  cusparseSpMatDescr MatA = *A;
  cusparseDnMatDescr MatB = *B, MatC = *C;
  return inStreamOrder(Handle, [=] {
    return withType(Compute, [&](auto Zero) {
      using V = decltype(Zero);
      const cusparseSpMatDescr *A = &MatA;
      const cusparseDnMatDescr *B = &MatB, *C = &MatC;
      V Al = *AlphaS.as<V>(), Be = *BetaS.as<V>();
      for (int64_t J = 0; J < C->Cols; ++J)
        for (int64_t I = 0; I < C->Rows; ++I) {
          V &E = element<V>(C, I, J);
          E = Be == Zero ? Zero : Be * E;
        }
      // op(B)(K, N)
      auto OpBAt = [&](int64_t K, int64_t N) {
        if (OpB == CUSPARSE_OPERATION_NON_TRANSPOSE)
          return element<V>(B, K, N);
        V E = element<V>(B, N, K);
        return OpB == CUSPARSE_OPERATION_TRANSPOSE ? E : conjugate(E);
      };
      forEachEntry<V>(A, [&](int64_t R, int64_t Col, V Val) {
        int64_t Row = R, K = Col;
        if (OpA != CUSPARSE_OPERATION_NON_TRANSPOSE) {
          Row = Col;
          K = R;
          if (OpA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
            Val = conjugate(Val);
        }
        V Scaled = Al * Val;
        for (int64_t N = 0; N < C->Cols; ++N)
          element<V>(C, Row, N) += Scaled * OpBAt(K, N);
      });
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

cusparseStatus_t cusparseSparseToDense_bufferSize(
    cusparseHandle_t Handle, cusparseConstSpMatDescr_t A,
    cusparseDnMatDescr_t B, cusparseSparseToDenseAlg_t, size_t *Size) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || !Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = 0;
  if (Handle->Rocsparse)
    return rocm::sparseToDense(Handle, A, B, Size, nullptr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSparseToDense(cusparseHandle_t Handle,
                                       cusparseConstSpMatDescr_t A,
                                       cusparseDnMatDescr_t B,
                                       cusparseSparseToDenseAlg_t,
                                       void *Buffer) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || A->Rows != B->Rows || A->Cols != B->Cols)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != B->ValueType)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (Handle->Rocsparse)
    return rocm::sparseToDense(Handle, A, B, nullptr, Buffer);
  cusparseSpMatDescr Sparse = *A;
  cusparseDnMatDescr Dense = *B;
  return inStreamOrder(Handle, [=] {
    return withType(Sparse.ValueType, [&](auto Zero) {
      using V = decltype(Zero);
      for (int64_t J = 0; J < Dense.Cols; ++J)
        for (int64_t I = 0; I < Dense.Rows; ++I)
          element<V>(&Dense, I, J) = Zero;
      forEachEntry<V>(&Sparse, [&](int64_t R, int64_t C, V Val) {
        element<V>(&Dense, R, C) += Val; // duplicates add, as in SpMV
      });
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(
    cusparseHandle_t Handle, cusparseConstDnMatDescr_t A,
    cusparseSpMatDescr_t B, cusparseDenseToSparseAlg_t, size_t *Size) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || !Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = 0;
  if (Handle->Rocsparse)
    return rocm::denseToSparse(Handle, A, B, false, Size, nullptr);
  return CUSPARSE_STATUS_SUCCESS;
}

namespace {

/// Counts A's nonzeros into B's nnz and, for CSR/CSC, writes the offsets;
/// with Fill, also the indices and values. Rows (CSR, COO) or columns (CSC)
/// in order.
cusparseStatus_t denseToSparse(cusparseHandle_t Handle,
                               cusparseConstDnMatDescr_t A,
                               cusparseSpMatDescr_t B, bool Fill,
                               void *Buffer) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!A || !B || A->Rows != B->Rows || A->Cols != B->Cols)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != B->ValueType)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (Handle->Rocsparse)
    return rocm::denseToSparse(Handle, A, B, Fill, nullptr, Buffer);
  if (B->Format == CUSPARSE_FORMAT_BSR) // not on the host target yet
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (cusparseStatus_t S = begin(Handle))
    return S;
  return withType(A->ValueType, [&](auto Zero) {
    using V = decltype(Zero);
    bool Csc = B->Format == CUSPARSE_FORMAT_CSC;
    int64_t Outer = Csc ? A->Cols : A->Rows, InnerN = Csc ? A->Rows : A->Cols;
    int64_t Base = B->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0, Nnz = 0;
    if (B->Format != CUSPARSE_FORMAT_COO && B->Offsets)
      setIndex(B->Offsets, B->OffsetType, 0, Base);
    for (int64_t O = 0; O < Outer; ++O) {
      for (int64_t In = 0; In < InnerN; ++In) {
        V E = Csc ? element<V>(A, In, O) : element<V>(A, O, In);
        if (E == Zero)
          continue;
        if (Fill) {
          if (B->Format == CUSPARSE_FORMAT_COO)
            setIndex(B->Offsets, B->OffsetType, Nnz, O + Base);
          setIndex(B->Indices, B->IndexType, Nnz, In + Base);
          static_cast<V *>(B->Values)[Nnz] = E;
        }
        ++Nnz;
      }
      if (B->Format != CUSPARSE_FORMAT_COO && B->Offsets)
        setIndex(B->Offsets, B->OffsetType, O + 1, Nnz + Base);
    }
    B->Nnz = Nnz;
    return CUSPARSE_STATUS_SUCCESS;
  });
}

} // namespace

cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t Handle,
                                                cusparseConstDnMatDescr_t A,
                                                cusparseSpMatDescr_t B,
                                                cusparseDenseToSparseAlg_t,
                                                void *Buffer) {
  return denseToSparse(Handle, A, B, false, Buffer);
}

cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t Handle,
                                               cusparseConstDnMatDescr_t A,
                                               cusparseSpMatDescr_t B,
                                               cusparseDenseToSparseAlg_t,
                                               void *Buffer) {
  if (B && B->Nnz > 0 &&
      (!B->Indices || !B->Values ||
       (B->Format == CUSPARSE_FORMAT_COO && !B->Offsets)))
    return CUSPARSE_STATUS_INVALID_VALUE;
  return denseToSparse(Handle, A, B, true, Buffer);
}

cusparseStatus_t cusparseScatter(cusparseHandle_t handle,
                                 cusparseConstSpVecDescr_t vecX,
                                 cusparseDnVecDescr_t vecY) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!vecX || !vecY || vecX->Size != vecY->Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (vecX->ValueType != vecY->ValueType)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (handle->Rocsparse)
    return rocm::scatter(handle, vecX, vecY);
  cusparseSpVecDescr From = *vecX;
  void *To = vecY->Values;
  return inStreamOrder(handle, [=] {
    return withType(From.ValueType, [&](auto Zero) {
      using V = decltype(Zero);
      int64_t Base = From.Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
      const V *X = static_cast<const V *>(From.Values);
      V *Y = static_cast<V *>(To);
      for (int64_t K = 0; K < From.Nnz; ++K)
        Y[index(From.Indices, From.IndexType, K) - Base] = X[K];
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

cusparseStatus_t cusparseGather(cusparseHandle_t handle,
                                cusparseConstDnVecDescr_t vecY,
                                cusparseSpVecDescr_t vecX) {
  if (!handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!vecX || !vecY || vecX->Size != vecY->Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (vecX->ValueType != vecY->ValueType)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (handle->Rocsparse)
    return rocm::gather(handle, vecY, vecX);
  cusparseSpVecDescr To = *vecX;
  const void *From = vecY->Values;
  return inStreamOrder(handle, [=] {
    return withType(To.ValueType, [&](auto Zero) {
      using V = decltype(Zero);
      int64_t Base = To.Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
      V *X = static_cast<V *>(To.Values);
      const V *Y = static_cast<const V *>(From);
      for (int64_t K = 0; K < To.Nnz; ++K)
        X[K] = Y[index(To.Indices, To.IndexType, K) - Base];
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

} // extern "C"
