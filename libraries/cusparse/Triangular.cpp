//===- Triangular.cpp - Triangular solves and incomplete factorizations ---===//
//
// Part of Rubicon. cusparseSpSV (generic API, any format), and the legacy
// csrsv2 solve and the csrilu02 (ILU(0)) and csric02 (IC(0))
// factorizations on 32-bit CSR, in the four precisions, on the host target
// (Host.h: after the handle's stream, on the program's arrays).
//
// A triangular solve keeps the entries of op(A) in the triangle the fill
// mode names (the rest of the matrix is ignored, as cuSPARSE does) and
// substitutes forward or backward; a unit diagonal is not read. The
// factorizations work in place on A's sparsity pattern, row by row, with
// the columns of each row in increasing order (cuSPARSE requires sorted
// rows); the first missing or zero pivot is recorded for *_zeroPivot.
// Analysis steps check their arguments and find structural zero pivots;
// no buffer is used (buffer sizes are 4 bytes, so that programs allocating
// them get a valid pointer).
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "Host.h"
#include "rocm/Generic.h"
#include "rocm/Rocsparse.h"

#include <cmath>
#include <new>
#include <utility>
#include <vector>

using namespace rubicon::cusparse;

struct cusparseSpSVDescr {
  rubicon::cusparse::rocm::SpSVState Rocm; // the analysis on AMD GPUs
};
struct csrilu02Info {
  int ZeroPivot = -1;
};
struct csric02Info {
  int ZeroPivot = -1;
};
struct csrsv2Info {
  int ZeroPivot = -1;
};

namespace {

/// The rows of op(A)'s triangle: off-diagonal (column, value) pairs and the
/// diagonal (absent: zero).
template <class V> struct Triangle {
  std::vector<std::vector<std::pair<int64_t, V>>> Rows;
  std::vector<V> Diagonal;
  std::vector<bool> HasDiagonal;
  bool Lower = true;
};

/// Collects op(A)'s triangle from A's entries, visited by \p ForEach(F).
template <class V, class ForEachT>
Triangle<V> triangleOf(int64_t N, bool FillLower, cusparseOperation_t Op,
                       ForEachT &&ForEach) {
  Triangle<V> T;
  T.Rows.resize(N);
  T.Diagonal.assign(N, V(0));
  T.HasDiagonal.assign(N, false);
  bool Transposed = Op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  T.Lower = FillLower != Transposed;
  ForEach([&](int64_t R, int64_t C, V Value) {
    if (FillLower ? C > R : C < R)
      return;
    if (Transposed)
      std::swap(R, C);
    if (Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
      Value = conjugate(Value);
    if (R == C) {
      T.Diagonal[R] += Value;
      T.HasDiagonal[R] = true;
    } else {
      T.Rows[R].push_back({C, Value});
    }
  });
  return T;
}

/// Solves op(A) Y = Alpha X by substitution; the first zero pivot (or -1).
template <class V>
int64_t substitute(const Triangle<V> &T, bool UnitDiagonal, V Alpha,
                   const V *X, V *Y) {
  int64_t N = int64_t(T.Rows.size()), ZeroPivot = -1;
  for (int64_t Step = 0; Step < N; ++Step) {
    int64_t I = T.Lower ? Step : N - 1 - Step;
    V Sum = Alpha * X[I];
    for (const auto &[C, Value] : T.Rows[I])
      Sum -= Value * Y[C];
    if (!UnitDiagonal) {
      if (T.Diagonal[I] == V(0)) {
        if (ZeroPivot < 0)
          ZeroPivot = I;
      } else {
        Sum /= T.Diagonal[I];
      }
    }
    Y[I] = Sum;
  }
  return ZeroPivot;
}

cusparseStatus_t checkSpSV(cusparseHandle_t Handle, cusparseOperation_t Op,
                           const void *Alpha, cusparseConstSpMatDescr_t A,
                           cusparseConstDnVecDescr_t X,
                           cusparseDnVecDescr_t Y, cudaDataType Compute,
                           cusparseSpSVAlg_t Alg, cusparseSpSVDescr_t Descr) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!Alpha || !A || !X || !Y || !Descr || Alg != CUSPARSE_SPSV_ALG_DEFAULT ||
      (Op != CUSPARSE_OPERATION_NON_TRANSPOSE &&
       Op != CUSPARSE_OPERATION_TRANSPOSE &&
       Op != CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->Rows != A->Cols || X->Size != A->Rows || Y->Size != A->Rows)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (A->ValueType != Compute || X->ValueType != Compute ||
      Y->ValueType != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

/// A legacy CSR matrix (32-bit indices, base from its descriptor).
struct Csr {
  int M;
  const int *RowPtr, *ColInd;
  int Base;
  int begin(int Row) const { return RowPtr[Row] - Base; }
  int end(int Row) const { return RowPtr[Row + 1] - Base; }
  int column(int K) const { return ColInd[K] - Base; }
  /// Each row's diagonal entry, or -1.
  std::vector<int> diagonal() const {
    std::vector<int> D(M, -1);
    for (int R = 0; R < M; ++R)
      for (int K = begin(R); K < end(R); ++K)
        if (column(K) == R)
          D[R] = K;
    return D;
  }
};

cusparseStatus_t checkLegacy(cusparseHandle_t Handle, int M, int Nnz,
                             const cusparseMatDescr_t Descr,
                             const void *Values, const int *RowPtr,
                             const int *ColInd, const void *Info) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (M < 0 || Nnz < 0 || !Descr || !Info ||
      (M && (!Values || !RowPtr || !ColInd)))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (Descr->Type != CUSPARSE_MATRIX_TYPE_GENERAL &&
      Descr->Type != CUSPARSE_MATRIX_TYPE_TRIANGULAR &&
      Descr->Type != CUSPARSE_MATRIX_TYPE_SYMMETRIC &&
      Descr->Type != CUSPARSE_MATRIX_TYPE_HERMITIAN)
    return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

int baseOf(const cusparseMatDescr_t Descr) {
  return Descr->Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
}

/// The first row whose diagonal entry is missing, or -1.
int structuralZero(const Csr &A) {
  std::vector<int> D = A.diagonal();
  for (int R = 0; R < A.M; ++R)
    if (D[R] < 0)
      return R;
  return -1;
}

/// ILU(0) in place; the first missing or zero pivot, or -1.
template <class V> int ilu0(const Csr &A, V *Values) {
  std::vector<int> Diagonal = A.diagonal(), Position(A.M, -1);
  int ZeroPivot = -1;
  auto note = [&](int Row) {
    if (ZeroPivot < 0 || Row < ZeroPivot)
      ZeroPivot = Row;
  };
  for (int I = 0; I < A.M; ++I) {
    for (int K = A.begin(I); K < A.end(I); ++K)
      Position[A.column(K)] = K;
    for (int P = A.begin(I); P < A.end(I); ++P) {
      int K = A.column(P);
      if (K >= I)
        break;
      if (Diagonal[K] < 0 || Values[Diagonal[K]] == V(0)) {
        note(K);
        continue;
      }
      Values[P] /= Values[Diagonal[K]];
      for (int Q = A.begin(K); Q < A.end(K); ++Q) {
        int J = A.column(Q);
        if (J > K && Position[J] >= 0)
          Values[Position[J]] -= Values[P] * Values[Q];
      }
    }
    if (Diagonal[I] < 0 || Values[Diagonal[I]] == V(0))
      note(I);
    for (int K = A.begin(I); K < A.end(I); ++K)
      Position[A.column(K)] = -1;
  }
  return ZeroPivot;
}

template <class V> double realPart(V X) { return double(std::real(X)); }

/// IC(0) in place on the lower triangle (A = L L^H); the first missing or
/// non-positive pivot, or -1.
template <class V> int ic0(const Csr &A, V *Values) {
  std::vector<int> Diagonal = A.diagonal(), Position(A.M, -1);
  int ZeroPivot = -1;
  auto note = [&](int Row) {
    if (ZeroPivot < 0 || Row < ZeroPivot)
      ZeroPivot = Row;
  };
  for (int I = 0; I < A.M; ++I) {
    for (int K = A.begin(I); K < A.end(I); ++K)
      Position[A.column(K)] = K;
    for (int P = A.begin(I); P < A.end(I); ++P) {
      int K = A.column(P);
      if (K >= I)
        break;
      V Sum = Values[P];
      for (int Q = A.begin(K); Q < A.end(K); ++Q) {
        int J = A.column(Q);
        if (J >= K)
          break;
        if (Position[J] >= 0)
          Sum -= Values[Position[J]] * conjugate(Values[Q]);
      }
      if (Diagonal[K] < 0 || Values[Diagonal[K]] == V(0)) {
        note(K);
        continue;
      }
      Values[P] = Sum / Values[Diagonal[K]];
    }
    if (Diagonal[I] < 0) {
      note(I);
    } else {
      V Sum = Values[Diagonal[I]];
      for (int P = A.begin(I); P < A.end(I) && A.column(P) < I; ++P)
        Sum -= Values[P] * conjugate(Values[P]);
      if (realPart(Sum) <= 0)
        note(I);
      else
        Values[Diagonal[I]] = V(std::sqrt(realPart(Sum)));
    }
    for (int K = A.begin(I); K < A.end(I); ++K)
      Position[A.column(K)] = -1;
  }
  return ZeroPivot;
}

template <class T> struct Std {
  using Type = T;
};
template <> struct Std<cuComplex> {
  using Type = std::complex<float>;
};
template <> struct Std<cuDoubleComplex> {
  using Type = std::complex<double>;
};

cusparseStatus_t zeroPivot(cusparseHandle_t Handle, int Recorded,
                           int *Position) {
  if (!Handle)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  if (!Position)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (cudaStreamSynchronize(Handle->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  *Position = Recorded;
  return Recorded < 0 ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ZERO_PIVOT;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr) {
  if (!descr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *descr = new (std::nothrow) cusparseSpSVDescr;
  return *descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr) {
  delete descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_bufferSize(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr, size_t *bufferSize) {
  if (cusparseStatus_t S = checkSpSV(handle, opA, alpha, matA, vecX, vecY,
                                     computeType, alg, spsvDescr))
    return S;
  if (!bufferSize)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *bufferSize = 0;
  if (handle->Rocsparse)
    return rubicon::cusparse::rocm::spsvBufferSize(
        handle, opA, alpha, matA, vecX, vecY, computeType, bufferSize);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_analysis(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr, void *buffer) {
  if (cusparseStatus_t S = checkSpSV(handle, opA, alpha, matA, vecX, vecY,
                                     computeType, alg, spsvDescr))
    return S;
  if (handle->Rocsparse)
    return rubicon::cusparse::rocm::spsvAnalysis(handle, opA, alpha, matA,
                                                 vecX, vecY, computeType,
                                                 spsvDescr->Rocm, buffer);
  return onHostTarget(handle); // nothing to wait for: checks only

}

cusparseStatus_t cusparseSpSV_solve(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr) {
  if (cusparseStatus_t S = checkSpSV(handle, opA, alpha, matA, vecX, vecY,
                                     computeType, alg, spsvDescr))
    return S;
  if (handle->Rocsparse)
    return rubicon::cusparse::rocm::spsvSolve(handle, opA, alpha, vecX, vecY,
                                              computeType, spsvDescr->Rocm);
  // In the stream's order (a graph captures it): the descriptors as they
  // are now, a host-mode alpha copied.
  auto AlphaS = scalar(handle, alpha, computeType);
  cusparseSpMatDescr A = *matA;
  cusparseDnVecDescr X = *vecX, Y = *vecY;
  return inStreamOrder(handle, [=] {
    return withType(computeType, [&](auto Zero) {
      using V = decltype(Zero);
      V Alpha = *AlphaS.as<V>();
      Triangle<V> T = triangleOf<V>(
          A.Rows, A.Fill == CUSPARSE_FILL_MODE_LOWER, opA,
          [&](auto &&Visit) { forEachEntry<V>(&A, Visit); });
      substitute(T, A.Diag == CUSPARSE_DIAG_TYPE_UNIT, Alpha,
                 static_cast<const V *>(X.Values), static_cast<V *>(Y.Values));
      return CUSPARSE_STATUS_SUCCESS;
    });
  });
}

#define INFO(Capitalized, Name)                                                \
  cusparseStatus_t cusparseCreate##Capitalized##Info(Name##Info_t *info) {     \
    if (!info)                                                                 \
      return CUSPARSE_STATUS_INVALID_VALUE;                                    \
    *info = new (std::nothrow) Name##Info;                                     \
    return *info ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;     \
  }                                                                            \
  cusparseStatus_t cusparseDestroy##Capitalized##Info(Name##Info_t info) {     \
    delete info;                                                               \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }
INFO(Csrilu02, csrilu02)
INFO(Csric02, csric02)
INFO(Csrsv2, csrsv2)
#undef INFO

cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle,
                                             csrilu02Info_t info,
                                             int *position) {
  return info ? zeroPivot(handle, info->ZeroPivot, position)
              : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseXcsric02_zeroPivot(cusparseHandle_t handle,
                                            csric02Info_t info, int *position) {
  return info ? zeroPivot(handle, info->ZeroPivot, position)
              : CUSPARSE_STATUS_INVALID_VALUE;
}
cusparseStatus_t cusparseXcsrsv2_zeroPivot(cusparseHandle_t handle,
                                           csrsv2Info_t info, int *position) {
  return info ? zeroPivot(handle, info->ZeroPivot, position)
              : CUSPARSE_STATUS_INVALID_VALUE;
}

// A factorization: its buffer size, analysis (structural zero pivots) and
// numeric step.
#define FACTORIZATION(P, T, Name, Run)                                         \
  cusparseStatus_t cusparse##P##Name##_bufferSize(                             \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA, const int *csrRowPtrA,      \
      const int *csrColIndA, Name##Info_t info, int *pBufferSizeInBytes) {     \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA,      \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (!pBufferSizeInBytes)                                                   \
      return CUSPARSE_STATUS_INVALID_VALUE;                                    \
    *pBufferSizeInBytes = 4;                                                   \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }                                                                            \
  cusparseStatus_t cusparse##P##Name##_analysis(                               \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, Name##Info_t info,         \
      cusparseSolvePolicy_t, void *) {                                         \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA,      \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (cusparseStatus_t S = begin(handle))                                    \
      return S;                                                                \
    int Zero = structuralZero(Csr{m, csrRowPtrA, csrColIndA, baseOf(descrA)}); \
    info->ZeroPivot = Zero < 0 ? -1 : Zero + baseOf(descrA);                   \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }                                                                            \
  cusparseStatus_t cusparse##P##Name(                                          \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA_valM,                        \
      const int *csrRowPtrA, const int *csrColIndA, Name##Info_t info,         \
      cusparseSolvePolicy_t, void *) {                                         \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA_valM, \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (cusparseStatus_t S = begin(handle))                                    \
      return S;                                                                \
    int Zero = Run(Csr{m, csrRowPtrA, csrColIndA, baseOf(descrA)},             \
                   reinterpret_cast<typename Std<T>::Type *>(csrValA_valM));   \
    info->ZeroPivot = Zero < 0 ? -1 : Zero + baseOf(descrA);                   \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }

#define LEGACY(P, T)                                                           \
  FACTORIZATION(P, T, csrilu02, ilu0)                                          \
  FACTORIZATION(P, T, csric02, ic0)                                            \
  cusparseStatus_t cusparse##P##csrsv2_bufferSize(                             \
      cusparseHandle_t handle, cusparseOperation_t, int m, int nnz,            \
      const cusparseMatDescr_t descrA, T *csrValA, const int *csrRowPtrA,      \
      const int *csrColIndA, csrsv2Info_t info, int *pBufferSizeInBytes) {     \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA,      \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (!pBufferSizeInBytes)                                                   \
      return CUSPARSE_STATUS_INVALID_VALUE;                                    \
    *pBufferSizeInBytes = 4;                                                   \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }                                                                            \
  cusparseStatus_t cusparse##P##csrsv2_analysis(                               \
      cusparseHandle_t handle, cusparseOperation_t, int m, int nnz,            \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrsv2Info_t info,         \
      cusparseSolvePolicy_t, void *) {                                         \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA,      \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (cusparseStatus_t S = begin(handle))                                    \
      return S;                                                                \
    int Zero = descrA->Diag == CUSPARSE_DIAG_TYPE_UNIT                         \
                   ? -1                                                        \
                   : structuralZero(                                           \
                         Csr{m, csrRowPtrA, csrColIndA, baseOf(descrA)});      \
    info->ZeroPivot = Zero < 0 ? -1 : Zero + baseOf(descrA);                   \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }                                                                            \
  cusparseStatus_t cusparse##P##csrsv2_solve(                                  \
      cusparseHandle_t handle, cusparseOperation_t transA, int m, int nnz,     \
      const T *alpha, const cusparseMatDescr_t descrA, const T *csrValA,       \
      const int *csrRowPtrA, const int *csrColIndA, csrsv2Info_t info,         \
      const T *f, T *x, cusparseSolvePolicy_t, void *) {                       \
    if (cusparseStatus_t S = checkLegacy(handle, m, nnz, descrA, csrValA,      \
                                         csrRowPtrA, csrColIndA, info))        \
      return S;                                                                \
    if (!alpha || (m && (!f || !x)))                                           \
      return CUSPARSE_STATUS_INVALID_VALUE;                                    \
    if (cusparseStatus_t S = begin(handle))                                    \
      return S;                                                                \
    using V = typename Std<T>::Type;                                           \
    const V *Values = reinterpret_cast<const V *>(csrValA);                    \
    Csr A{m, csrRowPtrA, csrColIndA, baseOf(descrA)};                          \
    Triangle<V> Tri = triangleOf<V>(                                           \
        m, descrA->Fill == CUSPARSE_FILL_MODE_LOWER, transA,                   \
        [&](auto &&Visit) {                                                    \
          for (int R = 0; R < m; ++R)                                          \
            for (int K = A.begin(R); K < A.end(R); ++K)                        \
              Visit(int64_t(R), int64_t(A.column(K)), Values[K]);              \
        });                                                                    \
    int64_t Zero = substitute(Tri, descrA->Diag == CUSPARSE_DIAG_TYPE_UNIT,    \
                              *reinterpret_cast<const V *>(alpha),             \
                              reinterpret_cast<const V *>(f),                  \
                              reinterpret_cast<V *>(x));                       \
    info->ZeroPivot = Zero < 0 ? -1 : int(Zero) + A.Base;                      \
    return CUSPARSE_STATUS_SUCCESS;                                            \
  }

LEGACY(S, float)
LEGACY(D, double)
LEGACY(C, cuComplex)
LEGACY(Z, cuDoubleComplex)
#undef LEGACY
#undef FACTORIZATION

} // extern "C"
