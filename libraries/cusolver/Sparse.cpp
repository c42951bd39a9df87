//===- Sparse.cpp - cuSOLVER's sparse API (cusolverSp) --------------------===//
//
// Part of Rubicon. The handle; csrlsvlu (host), csrlsvqr and csrlsvchol;
// the low-level QR and Cholesky factorizations (analysis, buffer sizes,
// setup/factor, zero pivots, solves); the orderings, csrperm and csrissym;
// in the four precisions, on CSR matrices of type GENERAL with 32-bit
// indices, base 0 or 1.
//
// The numerical work is sparse/Banded.h's: the matrix in band storage, LU,
// Cholesky (its lower triangle) or Givens QR; reorder != 0 applies reverse
// Cuthill-McKee first. Rectangular QR (m > n) is not provided
// (NOT_SUPPORTED). The ...Host functions run on the CPU for every target,
// as NVIDIA's do. The others take device memory: on the host target that
// is host memory and they run the same code after waiting for the
// handle's stream; on AMD GPUs they answer CUSOLVER_STATUS_NOT_SUPPORTED
// (rocSOLVER has no counterpart) and say so once. The low-level setup step
// (csrqrSetup, csrcholFactor) factors at once; csrqrFactor only solves
// when given b and x.
//
//===----------------------------------------------------------------------===//
#include "cusolverSp.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include "LibraryTarget.h"
#include "sparse/Banded.h"

#include <cstdio>
#include <mutex>
#include <new>
#include <variant>

using namespace rubicon::cusolver::sparse;

struct cusolverSpContext {
  cudaStream_t Stream = nullptr;
};

namespace {

using Factor =
    std::variant<std::monostate, BandFactor<float>, BandFactor<double>,
                 BandFactor<std::complex<float>>,
                 BandFactor<std::complex<double>>>;

} // namespace

/// What the low-level API's info objects hold: the analysed pattern and,
/// after setup/factor, the factorization.
struct SparseInfo {
  bool Analyzed = false;
  CsrPattern Pattern;
  Factor Factored;
};
struct csrqrInfo : SparseInfo {};
struct csrqrInfoHost : SparseInfo {};
struct csrcholInfo : SparseInfo {};
struct csrcholInfoHost : SparseInfo {};

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
template <class T> auto *std_(T *P) {
  return reinterpret_cast<typename Std<std::remove_const_t<T>>::Type *>(
      const_cast<std::remove_const_t<T> *>(P));
}
template <class T> auto value(T X) { return *std_(&X); }

/// A function taking host memory: the handle only.
cusolverStatus_t onHost(cusolverSpHandle_t Handle) {
  return Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_NOT_INITIALIZED;
}

/// A function taking device memory: host target only, after the stream.
cusolverStatus_t onDevice(cusolverSpHandle_t Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  using rubicon::libraries::LibraryTarget;
  if (rubicon::libraries::currentTarget() != LibraryTarget::Host) {
    static std::once_flag Said;
    std::call_once(Said, [] {
      std::fprintf(stderr,
                   "rubicon: cuSOLVER's sparse functions on device memory run "
                   "on the host target only (rocSOLVER has no counterpart); "
                   "the ...Host functions work everywhere: "
                   "CUSOLVER_STATUS_NOT_SUPPORTED\n");
    });
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  }
  if (cudaStreamSynchronize(Handle->Stream) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

int baseOf(const cusparseMatDescr_t Descr) {
  return cusparseGetMatIndexBase(Descr) == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
}

/// The pattern's arguments (values are checked where they are read).
cusolverStatus_t checkMatrix(int M, int N, int Nnz,
                             const cusparseMatDescr_t Descr, const void *,
                             const int *RowPtr, const int *ColInd) {
  if (M < 0 || N < 0 || Nnz < 0 || !Descr || (M && !RowPtr) ||
      (Nnz && !ColInd))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusparseGetMatType(Descr) != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return CUSOLVER_STATUS_SUCCESS;
}

/// csrlsv<method>: x = A \ b, singularity the first zero pivot or -1.
template <class V, class R>
cusolverStatus_t linearSolve(Method How, int N, int Nnz,
                             const cusparseMatDescr_t Descr, const V *Values,
                             const int *RowPtr, const int *ColInd, const V *B,
                             R Tol, int Reorder, V *X, int *Singularity) {
  if (cusolverStatus_t S =
          checkMatrix(N, N, Nnz, Descr, Values, RowPtr, ColInd))
    return S;
  if ((N && (!B || !X || !Values)) || !Singularity || Reorder < 0 ||
      Reorder > 3 || Tol < 0)
    return CUSOLVER_STATUS_INVALID_VALUE;
  CsrPattern A(N, N, RowPtr, ColInd, baseOf(Descr));
  if (Reorder)
    A.permute(reverseCuthillMcKee(A));
  BandFactor<V> F;
  if (!F.factor(How, A, Values))
    return CUSOLVER_STATUS_ALLOC_FAILED;
  int Zero = F.zeroPivot(Tol);
  *Singularity = Zero >= 0 && !A.Perm.empty() ? A.Perm[Zero] : Zero;
  if (Zero >= 0)
    return CUSOLVER_STATUS_SUCCESS;
  std::vector<V> Y(N);
  for (int K = 0; K < N; ++K)
    Y[K] = B[A.Perm.empty() ? K : A.Perm[K]];
  F.solve(Y.data());
  for (int K = 0; K < N; ++K)
    X[A.Perm.empty() ? K : A.Perm[K]] = Y[K];
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t analyse(SparseInfo *Info, int M, int N, int Nnz,
                         const cusparseMatDescr_t Descr, const int *RowPtr,
                         const int *ColInd) {
  if (!Info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusolverStatus_t S =
          checkMatrix(M, N, Nnz, Descr, ColInd, RowPtr, ColInd))
    return S;
  if (M != N)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  Info->Pattern = CsrPattern(M, N, RowPtr, ColInd, baseOf(Descr));
  Info->Analyzed = true;
  Info->Factored = std::monostate();
  return CUSOLVER_STATUS_SUCCESS;
}

template <class V>
cusolverStatus_t bufferInfo(SparseInfo *Info, size_t *Internal,
                            size_t *Workspace) {
  if (!Info || !Internal || !Workspace)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!Info->Analyzed)
    return CUSOLVER_STATUS_INVALID_VALUE;
  int Lower, Upper;
  Info->Pattern.bandwidths(Lower, Upper);
  *Internal = size_t(2 * Lower + Upper + 1) * Info->Pattern.N * sizeof(V);
  *Workspace = sizeof(V) * (Info->Pattern.N + 1);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class V>
cusolverStatus_t factorInto(SparseInfo *Info, Method How, const V *Values,
                            V Mu) {
  if (!Info || !Info->Analyzed || (Info->Pattern.RowPtr.back() && !Values))
    return CUSOLVER_STATUS_INVALID_VALUE;
  BandFactor<V> F;
  if (!F.factor(How, Info->Pattern, Values, Mu))
    return CUSOLVER_STATUS_ALLOC_FAILED;
  Info->Factored = std::move(F);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class V> BandFactor<V> *factorOf(SparseInfo *Info) {
  return Info ? std::get_if<BandFactor<V>>(&Info->Factored) : nullptr;
}

template <class V, class R>
cusolverStatus_t zeroPivotOf(SparseInfo *Info, R Tol, int *Position) {
  BandFactor<V> *F = factorOf<V>(Info);
  if (!F || !Position || Tol < 0)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Position = F->zeroPivot(Tol);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class V>
cusolverStatus_t solveWith(SparseInfo *Info, int N, const V *B, V *X) {
  BandFactor<V> *F = factorOf<V>(Info);
  if (!F || N != F->size() || (N && (!B || !X)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<V> Y(B, B + N);
  F->solve(Y.data());
  std::copy(Y.begin(), Y.end(), X);
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle) {
  if (!handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *handle = new (std::nothrow) cusolverSpContext;
  return *handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle,
                                     cudaStream_t streamId) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  handle->Stream = streamId;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle,
                                     cudaStream_t *streamId) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!streamId)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *streamId = handle->Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m,
                                         int nnzA,
                                         const cusparseMatDescr_t descrA,
                                         const int *csrRowPtrA,
                                         const int *csrEndPtrA,
                                         const int *csrColIndA, int *issym) {
  if (cusolverStatus_t S = onHost(handle))
    return S;
  if (m < 0 || nnzA < 0 || !descrA || !issym ||
      (m && (!csrRowPtrA || !csrEndPtrA)) || (nnzA && !csrColIndA))
    return CUSOLVER_STATUS_INVALID_VALUE;
  int Base = baseOf(descrA);
  std::vector<std::vector<int>> Rows(m);
  for (int I = 0; I < m; ++I)
    for (int K = csrRowPtrA[I] - Base; K < csrEndPtrA[I] - Base; ++K)
      Rows[I].push_back(csrColIndA[K] - Base);
  for (auto &Row : Rows)
    std::sort(Row.begin(), Row.end());
  *issym = 1;
  for (int I = 0; I < m && *issym; ++I)
    for (int J : Rows[I])
      if (J < 0 || J >= m ||
          !std::binary_search(Rows[J].begin(), Rows[J].end(), I)) {
        *issym = 0;
        break;
      }
  return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t ordering(cusolverSpHandle_t handle, int n, int nnzA,
                                 const cusparseMatDescr_t descrA,
                                 const int *csrRowPtrA, const int *csrColIndA,
                                 int *p) {
  if (cusolverStatus_t S = onHost(handle))
    return S;
  if (cusolverStatus_t S = checkMatrix(n, n, nnzA, descrA, csrColIndA,
                                       csrRowPtrA, csrColIndA))
    return S;
  if (n && !p)
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<int> Order = reverseCuthillMcKee(
      CsrPattern(n, n, csrRowPtrA, csrColIndA, baseOf(descrA)));
  std::copy(Order.begin(), Order.end(), p);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p) {
  return ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}
cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p) {
  return ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}
cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p) {
  return ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}
cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n,
                                           int nnzA,
                                           const cusparseMatDescr_t descrA,
                                           const int *csrRowPtrA,
                                           const int *csrColIndA,
                                           const int64_t *, int *p) {
  return ordering(handle, n, nnzA, descrA, csrRowPtrA, csrColIndA, p);
}

cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(
    cusolverSpHandle_t handle, int m, int n, int nnzA,
    const cusparseMatDescr_t descrA, const int *csrRowPtrA,
    const int *csrColIndA, const int *p, const int *q,
    size_t *bufferSizeInBytes) {
  if (cusolverStatus_t S = onHost(handle))
    return S;
  if (cusolverStatus_t S = checkMatrix(m, n, nnzA, descrA, csrColIndA,
                                       csrRowPtrA, csrColIndA))
    return S;
  if (!bufferSizeInBytes || (m && !p) || (n && !q))
    return CUSOLVER_STATUS_INVALID_VALUE;
  *bufferSizeInBytes = sizeof(int) * (size_t(nnzA) + m + n + 1);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m,
                                        int n, int nnzA,
                                        const cusparseMatDescr_t descrA,
                                        int *csrRowPtrA, int *csrColIndA,
                                        const int *p, const int *q, int *map,
                                        void *) {
  if (cusolverStatus_t S = onHost(handle))
    return S;
  if (cusolverStatus_t S = checkMatrix(m, n, nnzA, descrA, csrColIndA,
                                       csrRowPtrA, csrColIndA))
    return S;
  if ((m && !p) || (n && !q) || (nnzA && !map))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // B = A(p, q): row i of B is row p[i] of A, column j of B column q[j].
  int Base = baseOf(descrA);
  std::vector<int> InverseQ(n);
  for (int J = 0; J < n; ++J)
    InverseQ[q[J]] = J;
  std::vector<int> Rows(csrRowPtrA, csrRowPtrA + m + 1);
  std::vector<int> Cols(csrColIndA, csrColIndA + nnzA), Map(map, map + nnzA);
  int Out = 0;
  csrRowPtrA[0] = Base;
  for (int I = 0; I < m; ++I) {
    std::vector<std::pair<int, int>> Entries; // (new column, old position)
    for (int K = Rows[p[I]] - Base; K < Rows[p[I] + 1] - Base; ++K)
      Entries.push_back({InverseQ[Cols[K] - Base], K});
    std::sort(Entries.begin(), Entries.end());
    for (auto [Col, K] : Entries) {
      csrColIndA[Out] = Col + Base;
      map[Out] = Map[K];
      ++Out;
    }
    csrRowPtrA[I + 1] = Out + Base;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

#define INFO(Capitalized, Name)                                                \
  cusolverStatus_t cusolverSpCreate##Capitalized(Name##_t *info) {             \
    if (!info)                                                                 \
      return CUSOLVER_STATUS_INVALID_VALUE;                                    \
    *info = new (std::nothrow) Name;                                           \
    return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;     \
  }                                                                            \
  cusolverStatus_t cusolverSpDestroy##Capitalized(Name##_t info) {             \
    delete info;                                                               \
    return CUSOLVER_STATUS_SUCCESS;                                            \
  }
INFO(CsrqrInfo, csrqrInfo)
INFO(CsrqrInfoHost, csrqrInfoHost)
INFO(CsrcholInfo, csrcholInfo)
INFO(CsrcholInfoHost, csrcholInfoHost)
#undef INFO

// The analyses, in device (GATE onDevice) and host (onHost) forms.
#define ANALYSIS(SUFFIX, GATE, QRINFO, CHOLINFO)                               \
  cusolverStatus_t cusolverSpXcsrqrAnalysis##SUFFIX(                           \
      cusolverSpHandle_t handle, int m, int n, int nnzA,                       \
      const cusparseMatDescr_t descrA, const int *csrRowPtrA,                  \
      const int *csrColIndA, QRINFO info) {                                    \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return analyse(info, m, n, nnzA, descrA, csrRowPtrA, csrColIndA);          \
  }                                                                            \
  cusolverStatus_t cusolverSpXcsrcholAnalysis##SUFFIX(                         \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const int *csrRowPtrA,                  \
      const int *csrColIndA, CHOLINFO info) {                                  \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return analyse(info, n, n, nnzA, descrA, csrRowPtrA, csrColIndA);          \
  }
ANALYSIS(, onDevice, csrqrInfo_t, csrcholInfo_t)
ANALYSIS(Host, onHost, csrqrInfoHost_t, csrcholInfoHost_t)
#undef ANALYSIS

#define SOLVERS(P, T, R, SUFFIX, GATE, QRINFO, CHOLINFO)                       \
  cusolverStatus_t cusolverSp##P##csrlsvqr##SUFFIX(                            \
      cusolverSpHandle_t handle, int m, int nnz,                               \
      const cusparseMatDescr_t descrA, const T *csrVal,                        \
      const int *csrRowPtr, const int *csrColInd, const T *b, R tol,           \
      int reorder, T *x, int *singularity) {                                   \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return linearSolve(Method::Qr, m, nnz, descrA, std_(csrVal), csrRowPtr,    \
                       csrColInd, std_(b), tol, reorder, std_(x),              \
                       singularity);                                           \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrlsvchol##SUFFIX(                          \
      cusolverSpHandle_t handle, int m, int nnz,                               \
      const cusparseMatDescr_t descrA, const T *csrVal,                        \
      const int *csrRowPtr, const int *csrColInd, const T *b, R tol,           \
      int reorder, T *x, int *singularity) {                                   \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return linearSolve(Method::Cholesky, m, nnz, descrA, std_(csrVal),         \
                       csrRowPtr, csrColInd, std_(b), tol, reorder, std_(x),   \
                       singularity);                                           \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrqrBufferInfo##SUFFIX(                     \
      cusolverSpHandle_t handle, int, int, int, const cusparseMatDescr_t,      \
      const T *, const int *, const int *, QRINFO info,                        \
      size_t *internalDataInBytes, size_t *workspaceInBytes) {                 \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return bufferInfo<T>(info, internalDataInBytes, workspaceInBytes);         \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrqrSetup##SUFFIX(                          \
      cusolverSpHandle_t handle, int m, int n, int nnzA,                       \
      const cusparseMatDescr_t, const T *csrValA, const int *, const int *,    \
      T mu, QRINFO info) {                                                     \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    if (!info || m != info->Pattern.M || n != info->Pattern.N ||               \
        nnzA != int(info->Pattern.ColInd.size()))                              \
      return CUSOLVER_STATUS_INVALID_VALUE;                                    \
    return factorInto(info, Method::Qr, std_(csrValA), value(mu));             \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrqrFactor##SUFFIX(                         \
      cusolverSpHandle_t handle, int, int n, int, T *b, T *x, QRINFO info,     \
      void *) {                                                                \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    if (!factorOf<Std<T>::Type>(info))                                         \
      return CUSOLVER_STATUS_INVALID_VALUE;                                    \
    return b && x ? solveWith(info, n, std_(b), std_(x))                       \
                  : CUSOLVER_STATUS_SUCCESS;                                   \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrqrZeroPivot##SUFFIX(                      \
      cusolverSpHandle_t handle, QRINFO info, R tol, int *position) {          \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return zeroPivotOf<Std<T>::Type>(info, tol, position);                     \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrqrSolve##SUFFIX(                          \
      cusolverSpHandle_t handle, int, int n, T *b, T *x, QRINFO info,          \
      void *) {                                                                \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return solveWith(info, n, std_(b), std_(x));                               \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrcholBufferInfo##SUFFIX(                   \
      cusolverSpHandle_t handle, int, int, const cusparseMatDescr_t,           \
      const T *, const int *, const int *, CHOLINFO info,                      \
      size_t *internalDataInBytes, size_t *workspaceInBytes) {                 \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return bufferInfo<T>(info, internalDataInBytes, workspaceInBytes);         \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrcholFactor##SUFFIX(                       \
      cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t,    \
      const T *csrValA, const int *, const int *, CHOLINFO info, void *) {     \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    if (!info || n != info->Pattern.N ||                                       \
        nnzA != int(info->Pattern.ColInd.size()))                              \
      return CUSOLVER_STATUS_INVALID_VALUE;                                    \
    return factorInto(info, Method::Cholesky, std_(csrValA),                   \
                      Std<T>::Type(0));                                        \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrcholZeroPivot##SUFFIX(                    \
      cusolverSpHandle_t handle, CHOLINFO info, R tol, int *position) {        \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return zeroPivotOf<Std<T>::Type>(info, tol, position);                     \
  }                                                                            \
  cusolverStatus_t cusolverSp##P##csrcholSolve##SUFFIX(                        \
      cusolverSpHandle_t handle, int n, const T *b, T *x, CHOLINFO info,       \
      void *) {                                                                \
    if (cusolverStatus_t S = GATE(handle))                                     \
      return S;                                                                \
    return solveWith(info, n, std_(b), std_(x));                               \
  }

#define PRECISION(P, T, R)                                                     \
  SOLVERS(P, T, R, , onDevice, csrqrInfo_t, csrcholInfo_t)                     \
  SOLVERS(P, T, R, Host, onHost, csrqrInfoHost_t, csrcholInfoHost_t)           \
  cusolverStatus_t cusolverSp##P##csrlsvluHost(                                \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,         \
      int reorder, T *x, int *singularity) {                                   \
    if (cusolverStatus_t S = onHost(handle))                                   \
      return S;                                                                \
    return linearSolve(Method::Lu, n, nnzA, descrA, std_(csrValA),             \
                       csrRowPtrA, csrColIndA, std_(b), tol, reorder, std_(x), \
                       singularity);                                           \
  }
PRECISION(S, float, float)
PRECISION(D, double, double)
PRECISION(C, cuComplex, float)
PRECISION(Z, cuDoubleComplex, double)
#undef PRECISION
#undef SOLVERS

} // extern "C"
