//===- SparseLU.cpp - cuSOLVER's low-level sparse LU (csrlu...Host) -------===//
//
// Part of Rubicon. The csrlu functions of cusolverSp_LOWLEVEL_PREVIEW.h:
// an info object, the analysis (the pattern), buffer sizes, the
// factorization with threshold partial pivoting (sparse/SparseLU.h), the
// zero pivot, solves, and the extraction of P, Q, L and U with
// P*A*Q^T = L*U that cusolverRf starts from. Q is the identity (the
// factorization reorders no columns: a fill-reducing order is the caller's,
// csrsymrcm/csrsymamd). L's unit diagonal is not stored. cuSOLVER has only
// the host-memory form; it runs on the CPU for every target.
//
//===----------------------------------------------------------------------===//
#include "cusolverSp.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include "sparse/SparseLU.h"

#include <new>
#include <variant>

using namespace rubicon::cusolver::sparse;

struct csrluInfoHost {
  bool Analyzed = false, Sized = false;
  int N = 0;
  std::vector<int> RowPtr, ColInd; // the analysed pattern, 0-based
  std::variant<std::monostate, SparseLU<float>, SparseLU<double>,
               SparseLU<std::complex<float>>, SparseLU<std::complex<double>>>
      Factored;
};

namespace {

template <class T> struct Std {
  using Type = T;
};
template <> struct Std<cuComplex> {
  using Type = std::complex<float>;
};
template <> struct Std<cuDoubleComplex> {
  using Type = std::complex<double>;
};
template <class T> using StdOf = typename Std<T>::Type;

int baseOf(const cusparseMatDescr_t Descr) {
  return cusparseGetMatIndexBase(Descr) == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
}

/// The pattern given to a later call is the analysed one.
bool samePattern(const csrluInfoHost *Info, int N, int Nnz, int Base,
                 const int *RowPtr, const int *ColInd) {
  if (N != Info->N || Nnz != int(Info->ColInd.size()))
    return false;
  for (int I = 0; I <= N; ++I)
    if (RowPtr[I] - Base != Info->RowPtr[I])
      return false;
  for (int K = 0; K < Nnz; ++K)
    if (ColInd[K] - Base != Info->ColInd[K])
      return false;
  return true;
}

template <class T> SparseLU<StdOf<T>> *factorOf(csrluInfoHost *Info) {
  return Info ? std::get_if<SparseLU<StdOf<T>>>(&Info->Factored) : nullptr;
}

template <class T>
cusolverStatus_t bufferInfo(cusolverSpHandle_t Handle, int N, int Nnz,
                            const cusparseMatDescr_t Descr, const T *Values,
                            const int *RowPtr, const int *ColInd,
                            csrluInfoHost *Info, size_t *Internal,
                            size_t *Workspace) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!Info || !Info->Analyzed || !Descr || !Internal || !Workspace ||
      (Nnz && !Values) || !RowPtr || (Nnz && !ColInd) ||
      !samePattern(Info, N, Nnz, baseOf(Descr), RowPtr, ColInd))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // The factors are kept in the info object; the buffer is not used.
  *Internal = (size_t(Nnz) + N) * (sizeof(T) + sizeof(int));
  *Workspace = size_t(N) * (sizeof(T) + 4 * sizeof(int)) + 1;
  Info->Sized = true;
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class R>
cusolverStatus_t factor(cusolverSpHandle_t Handle, int N, int Nnz,
                        const cusparseMatDescr_t Descr, const T *Values,
                        const int *RowPtr, const int *ColInd,
                        csrluInfoHost *Info, R Threshold) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!Info || !Info->Analyzed || !Info->Sized || !Descr ||
      (Nnz && !Values) || !RowPtr || (Nnz && !ColInd) || !(Threshold >= 0) ||
      Threshold > 1 ||
      !samePattern(Info, N, Nnz, baseOf(Descr), RowPtr, ColInd))
    return CUSOLVER_STATUS_INVALID_VALUE;
  using V = StdOf<T>;
  SparseLU<V> LU;
  LU.factor(csrToCsc(N, RowPtr, ColInd, reinterpret_cast<const V *>(Values),
                     baseOf(Descr)),
            double(Threshold));
  Info->Factored = std::move(LU);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class R>
cusolverStatus_t zeroPivot(cusolverSpHandle_t Handle, csrluInfoHost *Info,
                           R Tol, int *Position) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  SparseLU<StdOf<T>> *LU = factorOf<T>(Info);
  if (!LU || !Position || !(Tol >= 0))
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Position = LU->zeroPivot(double(Tol));
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t solve(cusolverSpHandle_t Handle, int N, const T *B, T *X,
                       csrluInfoHost *Info) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  SparseLU<StdOf<T>> *LU = factorOf<T>(Info);
  if (!LU || N != LU->size() || (N && (!B || !X)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  using V = StdOf<T>;
  LU->solve(reinterpret_cast<const V *>(B), reinterpret_cast<V *>(X));
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t extract(cusolverSpHandle_t Handle, int *P, int *Q,
                         const cusparseMatDescr_t DescrL, T *LValues,
                         int *LRowPtr, int *LColInd,
                         const cusparseMatDescr_t DescrU, T *UValues,
                         int *URowPtr, int *UColInd, csrluInfoHost *Info) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  SparseLU<StdOf<T>> *LU = factorOf<T>(Info);
  int N = LU ? LU->size() : 0;
  if (!LU || !DescrL || !DescrU ||
      (N && (!P || !Q || !LRowPtr || !URowPtr || !UValues || !UColInd)) ||
      (LU->nnzL() && (!LValues || !LColInd)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusparseGetMatType(DescrL) != CUSPARSE_MATRIX_TYPE_GENERAL ||
      cusparseGetMatType(DescrU) != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  using V = StdOf<T>;
  LU->extract(P, reinterpret_cast<V *>(LValues), LRowPtr, LColInd,
              reinterpret_cast<V *>(UValues), URowPtr, UColInd,
              baseOf(DescrL), baseOf(DescrU));
  for (int K = 0; K < N; ++K)
    Q[K] = K;
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *info) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *info = new (std::nothrow) csrluInfoHost;
  return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t info) {
  delete info;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t handle, int n,
                                              int nnzA,
                                              const cusparseMatDescr_t descrA,
                                              const int *csrRowPtrA,
                                              const int *csrColIndA,
                                              csrluInfoHost_t info) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!info || !descrA || n < 0 || nnzA < 0 || !csrRowPtrA ||
      (nnzA && !csrColIndA))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // cuSOLVER takes general matrices only and says INVALID_VALUE otherwise.
  if (cusparseGetMatType(descrA) != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSOLVER_STATUS_INVALID_VALUE;
  int Base = baseOf(descrA);
  if (csrRowPtrA[0] != Base || csrRowPtrA[n] - Base != nnzA)
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int I = 0; I < n; ++I)
    if (csrRowPtrA[I + 1] < csrRowPtrA[I])
      return CUSOLVER_STATUS_INVALID_VALUE;
  for (int K = 0; K < nnzA; ++K)
    if (csrColIndA[K] - Base < 0 || csrColIndA[K] - Base >= n)
      return CUSOLVER_STATUS_INVALID_VALUE;
  info->N = n;
  info->RowPtr.resize(n + 1);
  info->ColInd.resize(nnzA);
  for (int I = 0; I <= n; ++I)
    info->RowPtr[I] = csrRowPtrA[I] - Base;
  for (int K = 0; K < nnzA; ++K)
    info->ColInd[K] = csrColIndA[K] - Base;
  info->Analyzed = true;
  info->Sized = false;
  info->Factored = std::monostate();
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t handle,
                                         int *nnzLRef, int *nnzURef,
                                         csrluInfoHost_t info) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!info || !nnzLRef || !nnzURef)
    return CUSOLVER_STATUS_INVALID_VALUE;
  return std::visit(
      [&](auto &LU) {
        if constexpr (std::is_same_v<std::decay_t<decltype(LU)>,
                                     std::monostate>) {
          return CUSOLVER_STATUS_INVALID_VALUE;
        } else {
          *nnzLRef = LU.nnzL();
          *nnzURef = LU.nnzU();
          return CUSOLVER_STATUS_SUCCESS;
        }
      },
      info->Factored);
}

#define RUBICON_CSRLU(X, T, R)                                                 \
  cusolverStatus_t cusolverSp##X##csrluBufferInfoHost(                         \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,      \
      size_t *internalDataInBytes, size_t *workspaceInBytes) {                 \
    return bufferInfo(handle, n, nnzA, descrA, csrValA, csrRowPtrA,            \
                      csrColIndA, info, internalDataInBytes,                   \
                      workspaceInBytes);                                       \
  }                                                                            \
  cusolverStatus_t cusolverSp##X##csrluFactorHost(                             \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,      \
      R pivot_threshold, void *) {                                             \
    return factor(handle, n, nnzA, descrA, csrValA, csrRowPtrA, csrColIndA,    \
                  info, pivot_threshold);                                      \
  }                                                                            \
  cusolverStatus_t cusolverSp##X##csrluZeroPivotHost(                          \
      cusolverSpHandle_t handle, csrluInfoHost_t info, R tol,                  \
      int *position) {                                                         \
    return zeroPivot<T>(handle, info, tol, position);                          \
  }                                                                            \
  cusolverStatus_t cusolverSp##X##csrluSolveHost(                              \
      cusolverSpHandle_t handle, int n, const T *b, T *x,                      \
      csrluInfoHost_t info, void *) {                                          \
    return solve(handle, n, b, x, info);                                       \
  }                                                                            \
  cusolverStatus_t cusolverSp##X##csrluExtractHost(                            \
      cusolverSpHandle_t handle, int *P, int *Q,                               \
      const cusparseMatDescr_t descrL, T *csrValL, int *csrRowPtrL,            \
      int *csrColIndL, const cusparseMatDescr_t descrU, T *csrValU,            \
      int *csrRowPtrU, int *csrColIndU, csrluInfoHost_t info, void *) {        \
    return extract(handle, P, Q, descrL, csrValL, csrRowPtrL, csrColIndL,      \
                   descrU, csrValU, csrRowPtrU, csrColIndU, info);             \
  }
RUBICON_CSRLU(S, float, float)
RUBICON_CSRLU(D, double, double)
RUBICON_CSRLU(C, cuComplex, float)
RUBICON_CSRLU(Z, cuDoubleComplex, double)
#undef RUBICON_CSRLU

} // extern "C"
