//===- SpGEMM.cpp - cuSPARSE's sparse matrix-matrix product ---------------===//
//
// Part of Rubicon. cusparseSpGEMM: C' = alpha op(A) op(B) + beta C for CSR
// matrices with op = NON_TRANSPOSE (cuSPARSE's own limits), in cuSPARSE's
// three steps: work estimation, compute (C's number of entries becomes
// known), copy (into the arrays the program then gave C). C is the output:
// its previous entries are not added (beta's term is over an empty C),
// on both backends.
//   host  compute multiplies row by row with a dense accumulator (Gustavson)
//         into the SpGEMM descriptor, columns ascending; copy writes C's
//         offsets, columns and values in C's index types and base. Buffer
//         sizes are 0.
//   rocm  rocsparse_spgemm: work estimation's size is its buffer-size stage
//         (buffer 1 is its temporary buffer); compute's size is C's row
//         offsets, buffer 2 holds them while the nnz stage counts; copy puts
//         them in C's offsets and runs the compute stage.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "Host.h"
#include "rocm/Generic.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

using namespace rubicon::cusparse;

struct cusparseSpGEMMDescr {
  int64_t Products = 0;
  // Host target: the product, rows of (column, value), 0-based.
  std::vector<int64_t> RowPtr, Cols;
  std::vector<unsigned char> Values;
  // AMD GPUs: rocSPARSE's temporary buffer and C's row offsets.
  void *Buffer1 = nullptr, *Buffer2 = nullptr;
};

namespace {

cusparseStatus_t check(cusparseHandle_t H, cusparseOperation_t OpA,
                       cusparseOperation_t OpB, const void *Alpha,
                       cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B,
                       const void *Beta, cusparseSpMatDescr_t C,
                       cudaDataType Compute, cusparseSpGEMMDescr_t D) {
  if (!H)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!Alpha || !Beta || !A || !B || !C || !D)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (OpA != CUSPARSE_OPERATION_NON_TRANSPOSE ||
      OpB != CUSPARSE_OPERATION_NON_TRANSPOSE ||
      A->Format != CUSPARSE_FORMAT_CSR || B->Format != CUSPARSE_FORMAT_CSR ||
      C->Format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Cols != B->Rows || C->Rows != A->Rows || C->Cols != B->Cols)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != Compute || B->ValueType != Compute ||
      C->ValueType != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

/// The entries of row R of a CSR matrix: F(column, value), 0-based.
template <class V, class F>
void forEachInRow(const cusparseSpMatDescr *M, int64_t R, F &&Visit) {
  int64_t Base = M->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  const V *Values = static_cast<const V *>(M->Values);
  for (int64_t K = index(M->Offsets, M->OffsetType, R) - Base,
               End = index(M->Offsets, M->OffsetType, R + 1) - Base;
       K < End; ++K)
    Visit(index(M->Indices, M->IndexType, K) - Base, Values[K]);
}

int64_t countProducts(const cusparseSpMatDescr *A, const cusparseSpMatDescr *B) {
  int64_t Count = 0;
  int64_t ABase = A->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t K = 0, E = index(A->Offsets, A->OffsetType, A->Rows) - ABase;
       K < E; ++K) {
    int64_t J = index(A->Indices, A->IndexType, K) - ABase;
    Count += index(B->Offsets, B->OffsetType, J + 1) -
             index(B->Offsets, B->OffsetType, J);
  }
  return Count;
}

/// The host product alpha A B into D.
template <class V>
void multiply(const cusparseSpMatDescr *A, const cusparseSpMatDescr *B,
              const cusparseSpMatDescr *C, V Alpha, cusparseSpGEMMDescr &D) {
  std::vector<V> Row(size_t(C->Cols), V());
  std::vector<int64_t> Mark(size_t(C->Cols), -1), Touched;
  std::vector<V> Values;
  D.RowPtr.assign(1, 0);
  D.Cols.clear();
  for (int64_t I = 0; I < A->Rows; ++I) {
    Touched.clear();
    auto Add = [&](int64_t J, V X) {
      if (Mark[J] != I) {
        Mark[J] = I;
        Row[J] = V();
        Touched.push_back(J);
      }
      Row[J] += X;
    };
    forEachInRow<V>(A, I, [&](int64_t K, V AV) {
      forEachInRow<V>(B, K, [&](int64_t J, V BV) { Add(J, Alpha * AV * BV); });
    });
    std::sort(Touched.begin(), Touched.end());
    for (int64_t J : Touched) {
      D.Cols.push_back(J);
      Values.push_back(Row[J]);
    }
    D.RowPtr.push_back(int64_t(D.Cols.size()));
  }
  D.Values.resize(Values.size() * sizeof(V));
  if (!Values.empty())
    std::memcpy(D.Values.data(), Values.data(), D.Values.size());
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *Descr) {
  if (!Descr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Descr = new (std::nothrow) cusparseSpGEMMDescr;
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_getNumProducts(cusparseSpGEMMDescr_t Descr,
                                               int64_t *Products) {
  if (!Descr || !Products)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Products = Descr->Products;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t D,
    size_t *Size1, void *Buffer1) {
  if (cusparseStatus_t S = check(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, D))
    return S;
  if (!Size1)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (H->Rocsparse) {
    if (!Buffer1)
      return rocm::spgemmBufferSize(H, Alpha, A, B, Beta, C, Compute, Size1);
    D->Buffer1 = Buffer1;
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (!Buffer1) {
    *Size1 = 0;
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (cusparseStatus_t S = begin(H))
    return S;
  D->Products = countProducts(A, B);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_compute(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t D,
    size_t *Size2, void *Buffer2) {
  if (cusparseStatus_t S = check(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, D))
    return S;
  if (!Size2)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (H->Rocsparse) {
    if (!Buffer2) {
      *Size2 = size_t(C->Rows + 1) *
               (C->OffsetType == CUSPARSE_INDEX_64I ? 8 : 4);
      return CUSPARSE_STATUS_SUCCESS;
    }
    if (!D->Buffer1)
      return CUSPARSE_STATUS_INVALID_VALUE; // no work estimation with buffer
    D->Buffer2 = Buffer2;
    return rocm::spgemmNnz(H, Alpha, A, B, Beta, C, Compute, Buffer2,
                           D->Buffer1);
  }
  if (!Buffer2) {
    *Size2 = 0;
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (cusparseStatus_t S = begin(H))
    return S;
  cusparseStatus_t S = withType(Compute, [&](auto Zero) {
    using V = decltype(Zero);
    multiply<V>(A, B, C, *static_cast<const V *>(Alpha), *D);
    return CUSPARSE_STATUS_SUCCESS;
  });
  if (S == CUSPARSE_STATUS_SUCCESS)
    C->Nnz = int64_t(D->Cols.size());
  return S;
}

cusparseStatus_t cusparseSpGEMM_copy(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t D) {
  if (cusparseStatus_t S = check(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, D))
    return S;
  if (!C->Offsets || (C->Nnz > 0 && (!C->Indices || !C->Values)))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (H->Rocsparse) {
    if (!D->Buffer1 || !D->Buffer2)
      return CUSPARSE_STATUS_INVALID_VALUE; // compute did not run
    return rocm::spgemmCopy(H, Alpha, A, B, Beta, C, Compute, D->Buffer2,
                            D->Buffer1);
  }
  if (D->RowPtr.size() != size_t(C->Rows + 1) ||
      int64_t(D->Cols.size()) != C->Nnz)
    return CUSPARSE_STATUS_INVALID_VALUE; // compute did not run for this C
  if (cusparseStatus_t S = begin(H))
    return S;
  int64_t Base = C->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  for (int64_t I = 0; I <= C->Rows; ++I)
    setIndex(C->Offsets, C->OffsetType, I, D->RowPtr[I] + Base);
  for (int64_t K = 0; K < C->Nnz; ++K)
    setIndex(C->Indices, C->IndexType, K, D->Cols[K] + Base);
  if (!D->Values.empty())
    std::memcpy(C->Values, D->Values.data(), D->Values.size());
  return CUSPARSE_STATUS_SUCCESS;
}

} // extern "C"
