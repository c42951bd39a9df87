//===- Refactor.cpp - cuSOLVER's refactorization API (cusolverRf) ---------===//
//
// Part of Rubicon. cusolverRf refactors matrices that share one sparsity
// pattern: given the first one's P*A*Q^T = L*U (from csrluExtractHost), it
// keeps M = L + U (L's unit diagonal implied) and, for new values of A,
// puts P*A*Q^T into M's pattern (ResetValues) and factors it again in
// place without pivoting (Refactor: row by row, each row updated by the
// rows of U its L entries name; fill outside M's pattern cannot arise, as
// the pattern came from a factorization with the same P and Q). Solve:
// x = Q^T * U^-1 * L^-1 * P * b.
//
// M lives in device memory (AccessBundledFactorsDevice returns it). On the
// host target that is memory the CPU reads, and every function runs on the
// CPU after the default stream. On AMD GPUs M is rocSOLVER's bundled factor
// T = (L - I) + U: Setup builds it on the CPU as here and copies it to the
// GPU with A's pattern, values, P and Q; Analyze, Refactor and Solve are
// rocsolver_dcsrrf_analysis, _refactlu and _solve on the default stream
// (rocSOLVER's P and Q are cusolverRf's), one refactlu per matrix of a
// batch. Only the CSR format with L's unit diagonal (stored or assumed) is
// taken; the CSC format and a unit diagonal in U answer NOT_SUPPORTED.
//
//===----------------------------------------------------------------------===//
#include "cusolverRf.h"

#include "LibraryTarget.h"
#include "rocm/Rocsolver.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

struct cusolverRfCommon {
  cusolverRfMatrixFormat_t Format = CUSOLVERRF_MATRIX_FORMAT_CSR;
  cusolverRfUnitDiagonal_t Diagonal = CUSOLVERRF_UNIT_DIAGONAL_STORED_L;
  cusolverRfFactorization_t FactAlg = CUSOLVERRF_FACTORIZATION_ALG0;
  cusolverRfTriangularSolve_t SolveAlg = CUSOLVERRF_TRIANGULAR_SOLVE_ALG1;
  cusolverRfResetValuesFastMode_t FastMode =
      CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF;
  double Zero = 0, Boost = 0;
  bool BoostUsed = false;

  bool IsSetUp = false, Analyzed = false;
  int N = 0, NnzA = 0, NnzM = 0, Batch = 0;
  std::vector<int> ARowPtr, AColInd; // A's pattern, 0-based
  std::vector<int> AToM;             // A's entry k is M's entry AToM[k]
  std::vector<int> Diag;             // M's entry (i, i)
  // M = L + U in device memory: its pattern, and values per matrix.
  int *MRowPtr = nullptr, *MColInd = nullptr;
  std::vector<double *> MValues;
  // A's values as Setup got them (M's layout), until ResetValues: Refactor
  // after Setup factors these, not the factors M holds then.
  std::vector<std::vector<double>> SetupValues;
  bool MHoldsA = false;
  std::vector<int> ZeroPivot; // per matrix, -1: none
  std::vector<int> MRowPtrHost, MColIndHost; // M's pattern, on the CPU

  // AMD GPUs: rocSOLVER's handle and refactorization info; A's pattern, its
  // values per matrix (Setup's, then ResetValues'), P and Q on the GPU.
  void *Rocblas = nullptr, *RfInfo = nullptr;
  int *APtrDevice = nullptr, *AIndDevice = nullptr;
  int *PDevice = nullptr, *QDevice = nullptr;
  std::vector<double *> AValuesDevice;

  void release() {
    for (void *P : {(void *)MRowPtr, (void *)MColInd, (void *)APtrDevice,
                    (void *)AIndDevice, (void *)PDevice, (void *)QDevice})
      cudaFree(P);
    for (double *V : MValues)
      cudaFree(V);
    for (double *V : AValuesDevice)
      cudaFree(V);
    MRowPtr = MColInd = APtrDevice = AIndDevice = PDevice = QDevice = nullptr;
    MValues.clear();
    AValuesDevice.clear();
    IsSetUp = Analyzed = false;
  }
};

namespace {

bool onRocm() {
  using rubicon::libraries::LibraryTarget;
  return rubicon::libraries::currentTarget() == LibraryTarget::Rocm;
}

#define ROCSOLVER RUBICON_CUSOLVER_ROCSOLVER

/// Before a function that holds or uses factors: on the host target, device
/// memory is read after the default stream's work; on AMD GPUs the handle
/// must have rocSOLVER's (cusolverRfCreate made it).
cusolverStatus_t ready(cusolverRfHandle_t Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (onRocm())
    return Handle->Rocblas && Handle->RfInfo ? CUSOLVER_STATUS_SUCCESS
                                             : CUSOLVER_STATUS_NOT_INITIALIZED;
  if (cudaStreamSynchronize(nullptr) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

/// Copies between the CPU and device memory (either way; cudaMemcpy waits).
template <class T> bool copy(T *To, const T *From, size_t Count) {
  return !Count ||
         cudaMemcpy(To, From, sizeof(T) * Count, cudaMemcpyDefault) == cudaSuccess;
}
template <class T>
bool toHost(std::vector<T> &To, const T *From, size_t Count) {
  To.resize(Count);
  return !Count || (From && copy(To.data(), From, Count));
}
template <class T> T *deviceArray(size_t Count) {
  void *P = nullptr;
  if (cudaMalloc(&P, sizeof(T) * std::max<size_t>(Count, 1)) != cudaSuccess)
    return nullptr;
  return static_cast<T *>(P);
}

bool isPermutation(int N, const int *P, std::vector<int> &Inverse) {
  Inverse.assign(N, -1);
  for (int I = 0; I < N; ++I) {
    if (P[I] < 0 || P[I] >= N || Inverse[P[I]] >= 0)
      return false;
    Inverse[P[I]] = I;
  }
  return true;
}

bool validCsr(int N, int Nnz, const int *RowPtr, const int *ColInd) {
  if (!RowPtr || (Nnz && !ColInd) || RowPtr[0] != 0 || RowPtr[N] != Nnz)
    return false;
  for (int I = 0; I < N; ++I)
    if (RowPtr[I + 1] < RowPtr[I])
      return false;
  for (int K = 0; K < Nnz; ++K)
    if (ColInd[K] < 0 || ColInd[K] >= N)
      return false;
  return true;
}

/// The position of column J in M's row I, or -1.
int find(const cusolverRfCommon &H, int I, int J) {
  const int *Cols = H.MColIndHost.data();
  const int *Begin = Cols + H.MRowPtrHost[I], *End = Cols + H.MRowPtrHost[I + 1];
  const int *At = std::lower_bound(Begin, End, J);
  return At != End && *At == J ? int(At - Cols) : -1;
}

/// Puts A's values (A's CSR order) into M: P*A*Q^T, zeros elsewhere.
void scatterA(const cusolverRfCommon &H, const double *AValues, double *M) {
  std::fill(M, M + H.NnzM, 0.0);
  for (int K = 0; K < H.NnzA; ++K)
    M[H.AToM[K]] += AValues[K];
}

cusolverStatus_t setup(int Batch, int N, int NnzA, const int *ARowPtr,
                       const int *AColInd, const double *const *AValues,
                       int NnzL, const int *LRowPtr, const int *LColInd,
                       const double *LValues, int NnzU, const int *URowPtr,
                       const int *UColInd, const double *UValues, const int *P,
                       const int *Q, cusolverRfHandle_t H) {
  if (cusolverStatus_t S = ready(H))
    return S;
  if (H->Format != CUSOLVERRF_MATRIX_FORMAT_CSR ||
      (H->Diagonal != CUSOLVERRF_UNIT_DIAGONAL_STORED_L &&
       H->Diagonal != CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (Batch < 1 || N < 0 || NnzA < 0 || NnzL < 0 || NnzU < 0 || !AValues ||
      !validCsr(N, NnzA, ARowPtr, AColInd) ||
      !validCsr(N, NnzL, LRowPtr, LColInd) ||
      !validCsr(N, NnzU, URowPtr, UColInd) || (NnzL && !LValues) ||
      (NnzU && !UValues) || (N && (!P || !Q)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B)
    if (NnzA && !AValues[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<int> PInverse, QInverse;
  if (!isPermutation(N, P, PInverse) || !isPermutation(N, Q, QInverse))
    return CUSOLVER_STATUS_INVALID_VALUE;

  // M's rows: L's entries left of the diagonal, U's from it on (sorted).
  bool StoredL = H->Diagonal == CUSOLVERRF_UNIT_DIAGONAL_STORED_L;
  std::vector<int> RowPtr(N + 1, 0), ColInd;
  std::vector<double> Factors;
  std::vector<std::pair<int, double>> Row;
  for (int I = 0; I < N; ++I) {
    Row.clear();
    for (int K = LRowPtr[I]; K < LRowPtr[I + 1]; ++K) {
      if (LColInd[K] > I || (LColInd[K] == I && !StoredL))
        return CUSOLVER_STATUS_INVALID_VALUE;
      if (LColInd[K] < I)
        Row.emplace_back(LColInd[K], LValues[K]);
    }
    bool HasDiagonal = false;
    for (int K = URowPtr[I]; K < URowPtr[I + 1]; ++K) {
      if (UColInd[K] < I)
        return CUSOLVER_STATUS_INVALID_VALUE;
      HasDiagonal |= UColInd[K] == I;
      Row.emplace_back(UColInd[K], UValues[K]);
    }
    if (!HasDiagonal)
      Row.emplace_back(I, 0.0);
    std::sort(Row.begin(), Row.end(),
              [](auto &X, auto &Y) { return X.first < Y.first; });
    for (size_t K = 1; K < Row.size(); ++K)
      if (Row[K].first == Row[K - 1].first)
        return CUSOLVER_STATUS_INVALID_VALUE;
    for (auto &[Column, Value] : Row) {
      ColInd.push_back(Column);
      Factors.push_back(Value);
    }
    RowPtr[I + 1] = int(ColInd.size());
  }

  H->release();
  int NnzM = int(ColInd.size());
  bool Rocm = onRocm();
  bool Allocated = (H->MRowPtr = deviceArray<int>(N + 1)) &&
                   (H->MColInd = deviceArray<int>(NnzM));
  for (int B = 0; Allocated && B < Batch; ++B)
    if ((Allocated = H->MValues.emplace_back(deviceArray<double>(NnzM))))
      Allocated = !Rocm || H->AValuesDevice.emplace_back(
                               deviceArray<double>(NnzA));
  if (Allocated && Rocm)
    Allocated = (H->APtrDevice = deviceArray<int>(N + 1)) &&
                (H->AIndDevice = deviceArray<int>(NnzA)) &&
                (H->PDevice = deviceArray<int>(N)) &&
                (H->QDevice = deviceArray<int>(N));
  if (!Allocated) {
    H->release();
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  H->MRowPtrHost = RowPtr;
  H->MColIndHost = ColInd;
  H->N = N;
  H->NnzA = NnzA;
  H->NnzM = NnzM;
  H->Batch = Batch;
  H->ARowPtr.assign(ARowPtr, ARowPtr + N + 1);
  H->AColInd.assign(AColInd, AColInd + NnzA);
  H->Diag.assign(N, -1);
  for (int I = 0; I < N; ++I)
    H->Diag[I] = find(*H, I, I);
  // Where each entry of A goes in P*A*Q^T: row PInverse[r], column
  // QInverse[c]. An entry outside L + U cannot be refactored.
  H->AToM.assign(NnzA, -1);
  for (int R = 0; R < N; ++R)
    for (int K = ARowPtr[R]; K < ARowPtr[R + 1]; ++K) {
      H->AToM[K] = find(*H, PInverse[R], QInverse[AColInd[K]]);
      if (H->AToM[K] < 0) {
        H->release();
        return CUSOLVER_STATUS_INVALID_VALUE;
      }
    }
  bool Copied = copy(H->MRowPtr, RowPtr.data(), RowPtr.size()) &&
                copy(H->MColInd, ColInd.data(), ColInd.size());
  for (int B = 0; Copied && B < Batch; ++B)
    Copied = copy(H->MValues[B], Factors.data(), Factors.size());
  if (Rocm) {
    // rocSOLVER refactors A's values itself: Setup's until ResetValues.
    Copied = Copied && copy(H->APtrDevice, ARowPtr, N + 1) &&
             copy(H->AIndDevice, AColInd, NnzA) && copy(H->PDevice, P, N) &&
             copy(H->QDevice, Q, N);
    for (int B = 0; Copied && B < Batch; ++B)
      Copied = copy(H->AValuesDevice[B], AValues[B], NnzA);
    H->SetupValues.clear();
  } else {
    H->SetupValues.assign(Batch, std::vector<double>(std::max(NnzM, 1)));
    for (int B = 0; B < Batch; ++B)
      scatterA(*H, AValues[B], H->SetupValues[B].data());
  }
  if (!Copied) {
    H->release();
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  }
  H->MHoldsA = false;
  H->ZeroPivot.assign(Batch, -1);
  H->BoostUsed = false;
  H->IsSetUp = true;
  H->Analyzed = false;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t resetValues(int Batch, int N, int NnzA, const int *RowPtr,
                             const int *ColInd, const double *const *Values,
                             const int *P, const int *Q, cusolverRfHandle_t H) {
  if (cusolverStatus_t S = ready(H))
    return S;
  if (!H->IsSetUp || Batch != H->Batch || N != H->N || NnzA != H->NnzA ||
      !Values || (N && (!P || !Q || !RowPtr)) || (NnzA && !ColInd))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // On AMD GPUs the pattern is read back from the GPU to be checked.
  std::vector<int> RowPtrCopy, ColIndCopy;
  if (onRocm() && H->FastMode == CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF) {
    if (!toHost(RowPtrCopy, RowPtr, N + 1) || !toHost(ColIndCopy, ColInd, NnzA))
      return CUSOLVER_STATUS_EXECUTION_FAILED;
    RowPtr = RowPtrCopy.data();
    ColInd = ColIndCopy.data();
  }
  // The fast mode trusts the pattern to be Setup's; otherwise it is checked.
  if (H->FastMode == CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF &&
      (!std::equal(RowPtr, RowPtr + N + 1, H->ARowPtr.begin()) ||
       !std::equal(ColInd, ColInd + NnzA, H->AColInd.begin())))
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B) {
    if (NnzA && !Values[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
    if (!onRocm())
      scatterA(*H, Values[B], H->MValues[B]);
    else if (!copy(H->AValuesDevice[B], Values[B], NnzA))
      return CUSOLVER_STATUS_EXECUTION_FAILED;
  }
  H->MHoldsA = true;
  return CUSOLVER_STATUS_SUCCESS;
}

/// Factors M in place (its values P*A*Q^T); the first zero pivot or -1.
int refactor(cusolverRfHandle_t H, double *M, std::vector<int> &Where) {
  const int *RowPtr = H->MRowPtr, *ColInd = H->MColInd;
  int FirstZero = -1;
  for (int I = 0; I < H->N; ++I) {
    for (int P = RowPtr[I]; P < RowPtr[I + 1]; ++P)
      Where[ColInd[P]] = P;
    for (int P = RowPtr[I]; P < H->Diag[I]; ++P) {
      int K = ColInd[P];
      double Multiplier = M[P] / M[H->Diag[K]];
      M[P] = Multiplier;
      for (int Q = H->Diag[K] + 1; Q < RowPtr[K + 1]; ++Q)
        if (int At = Where[ColInd[Q]]; At >= 0)
          M[At] -= Multiplier * M[Q];
    }
    double &Pivot = M[H->Diag[I]];
    if (std::fabs(Pivot) <= H->Zero) {
      if (H->Boost > 0) {
        Pivot = Pivot < 0 ? -H->Boost : H->Boost;
        H->BoostUsed = true;
      } else if (FirstZero < 0) {
        FirstZero = I;
      }
    }
    for (int P = RowPtr[I]; P < RowPtr[I + 1]; ++P)
      Where[ColInd[P]] = -1;
  }
  return FirstZero;
}

/// rocSOLVER's refactorization of each matrix; its zero pivots are read
/// from U's diagonal (rocSOLVER reports none and boosts none).
cusolverStatus_t refactorOnRocm(cusolverRfHandle_t H) {
  bool Zero = false;
  std::vector<double> M;
  for (int B = 0; B < H->Batch; ++B) {
    if (cusolverStatus_t S = ROCSOLVER(dcsrrf_refactlu)(
            H->Rocblas, H->N, H->NnzA, H->APtrDevice, H->AIndDevice,
            H->AValuesDevice[B], H->NnzM, H->MRowPtr, H->MColInd,
            H->MValues[B], H->PDevice, H->QDevice, H->RfInfo))
      return S;
    if (!toHost(M, H->MValues[B], H->NnzM))
      return CUSOLVER_STATUS_EXECUTION_FAILED;
    H->ZeroPivot[B] = -1;
    for (int I = 0; I < H->N && H->ZeroPivot[B] < 0; ++I)
      if (std::fabs(M[H->Diag[I]]) <= H->Zero)
        H->ZeroPivot[B] = I;
    Zero |= H->ZeroPivot[B] >= 0;
  }
  H->MHoldsA = false;
  return Zero ? CUSOLVER_STATUS_ZERO_PIVOT : CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t refactorAll(cusolverRfHandle_t H) {
  if (cusolverStatus_t S = ready(H))
    return S;
  if (!H->IsSetUp || !H->Analyzed)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  H->BoostUsed = false;
  if (onRocm())
    return refactorOnRocm(H);
  std::vector<int> Where(H->N, -1);
  bool Zero = false;
  H->BoostUsed = false;
  for (int B = 0; B < H->Batch; ++B) {
    if (!H->MHoldsA)
      std::copy(H->SetupValues[B].begin(),
                H->SetupValues[B].begin() + H->NnzM, H->MValues[B]);
    H->ZeroPivot[B] = refactor(H, H->MValues[B], Where);
    Zero |= H->ZeroPivot[B] >= 0;
  }
  H->MHoldsA = false;
  return Zero ? CUSOLVER_STATUS_ZERO_PIVOT : CUSOLVER_STATUS_SUCCESS;
}

/// XF = Q^T * U^-1 * L^-1 * P * XF for each right-hand side.
void solveWith(const cusolverRfCommon &H, const double *M, const int *P,
               const int *Q, int Nrhs, double *XF, int Ldxf) {
  std::vector<double> Y(H.N);
  for (int R = 0; R < Nrhs; ++R) {
    double *X = XF + size_t(R) * Ldxf;
    for (int I = 0; I < H.N; ++I)
      Y[I] = X[P[I]];
    for (int I = 0; I < H.N; ++I)
      for (int K = H.MRowPtr[I]; K < H.Diag[I]; ++K)
        Y[I] -= M[K] * Y[H.MColInd[K]];
    for (int I = H.N - 1; I >= 0; --I) {
      for (int K = H.Diag[I] + 1; K < H.MRowPtr[I + 1]; ++K)
        Y[I] -= M[K] * Y[H.MColInd[K]];
      Y[I] /= M[H.Diag[I]];
    }
    for (int I = 0; I < H.N; ++I)
      X[Q[I]] = Y[I];
  }
}

cusolverStatus_t solveAll(cusolverRfHandle_t H, const int *P, const int *Q,
                          int Nrhs, const double *Temp, int Ldt,
                          double *const *XF, int Ldxf, int Batch) {
  if (cusolverStatus_t S = ready(H))
    return S;
  if (!H->IsSetUp || !H->Analyzed)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (Batch != H->Batch || Nrhs < 1 || Ldt < H->N || Ldxf < H->N || !XF ||
      (H->N && (!P || !Q || !Temp)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B)
    if (H->N && !XF[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B) {
    if (!onRocm()) {
      solveWith(*H, H->MValues[B], P, Q, Nrhs, XF[B], Ldxf);
      continue;
    }
    if (cusolverStatus_t S = ROCSOLVER(dcsrrf_solve)(
            H->Rocblas, H->N, Nrhs, H->NnzM, H->MRowPtr, H->MColInd,
            H->MValues[B], const_cast<int *>(P), const_cast<int *>(Q), XF[B],
            Ldxf, H->RfInfo))
      return S;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

/// A malloc'ed copy (the caller frees it) of host or device memory.
template <class T> T *hostCopy(const T *From, size_t Count) {
  T *To = static_cast<T *>(std::malloc(sizeof(T) * std::max<size_t>(Count, 1)));
  if (To && !copy(To, From, Count)) {
    std::free(To);
    return nullptr;
  }
  return To;
}

/// The arrays of cusolverRfSetupDevice, read into host memory on AMD GPUs
/// (device memory is the CPU's on the host target).
struct DeviceInputs {
  std::vector<int> Ints[8];
  std::vector<double> Doubles[3];
  template <class T>
  const T *read(std::vector<T> &To, const T *From, long Count, bool &Ok) {
    if (!onRocm() || !From || Count < 0)
      return From;
    Ok = Ok && toHost(To, From, size_t(Count));
    return To.data();
  }
};

} // namespace

extern "C" {

cusolverStatus_t cusolverRfCreate(cusolverRfHandle_t *handle) {
  if (!handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto *H = new (std::nothrow) cusolverRfCommon;
  if (!H)
    return CUSOLVER_STATUS_ALLOC_FAILED;
  if (onRocm()) {
    // rocSOLVER's handle and rfinfo; without rocSOLVER or rocBLAS, stderr
    // says which is missing and the library is not initialized.
    namespace rocm = rubicon::cusolver::rocm;
    cusolverStatus_t S = rocm::createHandle(&H->Rocblas);
    if (!S)
      S = ROCSOLVER(create_rfinfo)(&H->RfInfo, H->Rocblas);
    if (S) {
      rocm::destroyHandle(H->Rocblas);
      delete H;
      return S == CUSOLVER_STATUS_NOT_SUPPORTED ? CUSOLVER_STATUS_NOT_INITIALIZED
                                                : S;
    }
  }
  *handle = H;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfDestroy(cusolverRfHandle_t handle) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  handle->release();
  if (handle->RfInfo)
    ROCSOLVER(destroy_rfinfo)(handle->RfInfo);
  rubicon::cusolver::rocm::destroyHandle(handle->Rocblas);
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetMatrixFormat(cusolverRfHandle_t handle,
                                           cusolverRfMatrixFormat_t *format,
                                           cusolverRfUnitDiagonal_t *diag) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!format || !diag)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *format = handle->Format;
  *diag = handle->Diagonal;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetMatrixFormat(cusolverRfHandle_t handle,
                                           cusolverRfMatrixFormat_t format,
                                           cusolverRfUnitDiagonal_t diag) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (format < CUSOLVERRF_MATRIX_FORMAT_CSR ||
      format > CUSOLVERRF_MATRIX_FORMAT_CSC ||
      diag < CUSOLVERRF_UNIT_DIAGONAL_STORED_L ||
      diag > CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U)
    return CUSOLVER_STATUS_INVALID_VALUE;
  handle->Format = format;
  handle->Diagonal = diag;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetNumericProperties(cusolverRfHandle_t handle,
                                                double zero, double boost) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!(zero >= 0) || !(boost >= 0))
    return CUSOLVER_STATUS_INVALID_VALUE;
  handle->Zero = zero;
  handle->Boost = boost;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetNumericProperties(cusolverRfHandle_t handle,
                                                double *zero, double *boost) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!zero || !boost)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *zero = handle->Zero;
  *boost = handle->Boost;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t
cusolverRfGetNumericBoostReport(cusolverRfHandle_t handle,
                                cusolverRfNumericBoostReport_t *report) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!report)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *report = handle->BoostUsed ? CUSOLVERRF_NUMERIC_BOOST_USED
                              : CUSOLVERRF_NUMERIC_BOOST_NOT_USED;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetAlgs(cusolverRfHandle_t handle,
                                   cusolverRfFactorization_t factAlg,
                                   cusolverRfTriangularSolve_t solveAlg) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  // Every algorithm gives the same factors here; ALG0 solves are not
  // offered by cuSOLVER.
  if (factAlg < CUSOLVERRF_FACTORIZATION_ALG0 ||
      factAlg > CUSOLVERRF_FACTORIZATION_ALG2 ||
      solveAlg < CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 ||
      solveAlg > CUSOLVERRF_TRIANGULAR_SOLVE_ALG3)
    return CUSOLVER_STATUS_INVALID_VALUE;
  handle->FactAlg = factAlg;
  handle->SolveAlg = solveAlg;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetAlgs(cusolverRfHandle_t handle,
                                   cusolverRfFactorization_t *factAlg,
                                   cusolverRfTriangularSolve_t *solveAlg) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!factAlg || !solveAlg)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *factAlg = handle->FactAlg;
  *solveAlg = handle->SolveAlg;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t
cusolverRfGetResetValuesFastMode(cusolverRfHandle_t handle,
                                 cusolverRfResetValuesFastMode_t *fastMode) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!fastMode)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *fastMode = handle->FastMode;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t
cusolverRfSetResetValuesFastMode(cusolverRfHandle_t handle,
                                 cusolverRfResetValuesFastMode_t fastMode) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (fastMode != CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF &&
      fastMode != CUSOLVERRF_RESET_VALUES_FAST_MODE_ON)
    return CUSOLVER_STATUS_INVALID_VALUE;
  handle->FastMode = fastMode;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t
cusolverRfSetupHost(int n, int nnzA, int *h_csrRowPtrA, int *h_csrColIndA,
                    double *h_csrValA, int nnzL, int *h_csrRowPtrL,
                    int *h_csrColIndL, double *h_csrValL, int nnzU,
                    int *h_csrRowPtrU, int *h_csrColIndU, double *h_csrValU,
                    int *h_P, int *h_Q, cusolverRfHandle_t handle) {
  const double *Values[] = {h_csrValA};
  return setup(1, n, nnzA, h_csrRowPtrA, h_csrColIndA, Values, nnzL,
               h_csrRowPtrL, h_csrColIndL, h_csrValL, nnzU, h_csrRowPtrU,
               h_csrColIndU, h_csrValU, h_P, h_Q, handle);
}

cusolverStatus_t
cusolverRfSetupDevice(int n, int nnzA, int *csrRowPtrA, int *csrColIndA,
                      double *csrValA, int nnzL, int *csrRowPtrL,
                      int *csrColIndL, double *csrValL, int nnzU,
                      int *csrRowPtrU, int *csrColIndU, double *csrValU,
                      int *P, int *Q, cusolverRfHandle_t handle) {
  // Device memory is the CPU's on the host target; on AMD GPUs the arrays
  // are read back to build M as SetupHost does.
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (n < 0)
    return CUSOLVER_STATUS_INVALID_VALUE;
  DeviceInputs In;
  bool Ok = true;
  auto *RowPtrA = In.read(In.Ints[0], csrRowPtrA, n + 1L, Ok);
  int NnzA = RowPtrA && Ok ? nnzA : 0;
  auto *ColIndA = In.read(In.Ints[1], csrColIndA, NnzA, Ok);
  const double *Values[] = {In.read(In.Doubles[0], csrValA, NnzA, Ok)};
  auto *RowPtrL = In.read(In.Ints[2], csrRowPtrL, n + 1L, Ok);
  auto *ColIndL = In.read(In.Ints[3], csrColIndL, nnzL, Ok);
  auto *ValL = In.read(In.Doubles[1], csrValL, nnzL, Ok);
  auto *RowPtrU = In.read(In.Ints[4], csrRowPtrU, n + 1L, Ok);
  auto *ColIndU = In.read(In.Ints[5], csrColIndU, nnzU, Ok);
  auto *ValU = In.read(In.Doubles[2], csrValU, nnzU, Ok);
  auto *HostP = In.read(In.Ints[6], P, n, Ok);
  auto *HostQ = In.read(In.Ints[7], Q, n, Ok);
  if (!Ok)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return setup(1, n, nnzA, RowPtrA, ColIndA, Values, nnzL, RowPtrL, ColIndL,
               ValL, nnzU, RowPtrU, ColIndU, ValU, HostP, HostQ, handle);
}

cusolverStatus_t cusolverRfResetValues(int n, int nnzA, int *csrRowPtrA,
                                       int *csrColIndA, double *csrValA,
                                       int *P, int *Q,
                                       cusolverRfHandle_t handle) {
  const double *Values[] = {csrValA};
  return resetValues(1, n, nnzA, csrRowPtrA, csrColIndA, Values, P, Q, handle);
}

cusolverStatus_t cusolverRfAnalyze(cusolverRfHandle_t handle) {
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (!handle->IsSetUp)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  // The row-by-row refactorization needs no schedule: Setup made M's
  // pattern, its diagonal and where A's entries go. rocSOLVER analyses A's
  // and T's patterns (no right-hand side yet: nrhs 0); one analysis serves
  // every matrix of a batch, as they share the pattern.
  cusolverRfCommon &H = *handle;
  if (onRocm())
    if (cusolverStatus_t S = ROCSOLVER(dcsrrf_analysis)(
            H.Rocblas, H.N, 0, H.NnzA, H.APtrDevice, H.AIndDevice,
            H.AValuesDevice[0], H.NnzM, H.MRowPtr, H.MColInd, H.MValues[0],
            H.PDevice, H.QDevice, static_cast<double *>(nullptr),
            std::max(H.N, 1), H.RfInfo))
      return S;
  handle->Analyzed = true;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfRefactor(cusolverRfHandle_t handle) {
  return refactorAll(handle);
}

cusolverStatus_t cusolverRfAccessBundledFactorsDevice(cusolverRfHandle_t handle,
                                                      int *nnzM, int **Mp,
                                                      int **Mi, double **Mx) {
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (!handle->IsSetUp)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!nnzM || !Mp || !Mi || !Mx)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *nnzM = handle->NnzM;
  *Mp = handle->MRowPtr;
  *Mi = handle->MColInd;
  *Mx = handle->MValues[0];
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfExtractBundledFactorsHost(cusolverRfHandle_t handle,
                                                     int *h_nnzM, int **h_Mp,
                                                     int **h_Mi,
                                                     double **h_Mx) {
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (!handle->IsSetUp)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!h_nnzM || !h_Mp || !h_Mi || !h_Mx)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // Copies the caller owns (free()).
  *h_Mp = hostCopy(handle->MRowPtrHost.data(), handle->N + 1);
  *h_Mi = hostCopy(handle->MColIndHost.data(), handle->NnzM);
  *h_Mx = hostCopy(handle->MValues[0], handle->NnzM);
  if (!*h_Mp || !*h_Mi || !*h_Mx)
    return CUSOLVER_STATUS_ALLOC_FAILED;
  *h_nnzM = handle->NnzM;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfExtractSplitFactorsHost(
    cusolverRfHandle_t handle, int *h_nnzL, int **h_csrRowPtrL,
    int **h_csrColIndL, double **h_csrValL, int *h_nnzU, int **h_csrRowPtrU,
    int **h_csrColIndU, double **h_csrValU) {
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (!handle->IsSetUp)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!h_nnzL || !h_csrRowPtrL || !h_csrColIndL || !h_csrValL || !h_nnzU ||
      !h_csrRowPtrU || !h_csrColIndU || !h_csrValU)
    return CUSOLVER_STATUS_INVALID_VALUE;
  const cusolverRfCommon &H = *handle;
  bool StoredL = H.Diagonal == CUSOLVERRF_UNIT_DIAGONAL_STORED_L;
  std::vector<int> LRowPtr(1, 0), LColInd, URowPtr(1, 0), UColInd;
  std::vector<double> LValues, UValues, M;
  if (!toHost(M, H.MValues[0], H.NnzM))
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  for (int I = 0; I < H.N; ++I) {
    for (int K = H.MRowPtrHost[I]; K < H.MRowPtrHost[I + 1]; ++K) {
      bool Lower = K < H.Diag[I];
      (Lower ? LColInd : UColInd).push_back(H.MColIndHost[K]);
      (Lower ? LValues : UValues).push_back(M[K]);
    }
    if (StoredL) {
      LColInd.push_back(I);
      LValues.push_back(1.0);
    }
    LRowPtr.push_back(int(LColInd.size()));
    URowPtr.push_back(int(UColInd.size()));
  }
  *h_csrRowPtrL = hostCopy(LRowPtr.data(), LRowPtr.size());
  *h_csrColIndL = hostCopy(LColInd.data(), LColInd.size());
  *h_csrValL = hostCopy(LValues.data(), LValues.size());
  *h_csrRowPtrU = hostCopy(URowPtr.data(), URowPtr.size());
  *h_csrColIndU = hostCopy(UColInd.data(), UColInd.size());
  *h_csrValU = hostCopy(UValues.data(), UValues.size());
  if (!*h_csrRowPtrL || !*h_csrColIndL || !*h_csrValL || !*h_csrRowPtrU ||
      !*h_csrColIndU || !*h_csrValU)
    return CUSOLVER_STATUS_ALLOC_FAILED;
  *h_nnzL = int(LColInd.size());
  *h_nnzU = int(UColInd.size());
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSolve(cusolverRfHandle_t handle, int *P, int *Q,
                                 int nrhs, double *Temp, int ldt, double *XF,
                                 int ldxf) {
  double *Arrays[] = {XF};
  return solveAll(handle, P, Q, nrhs, Temp, ldt, Arrays, ldxf, 1);
}

cusolverStatus_t cusolverRfBatchSetupHost(
    int batchSize, int n, int nnzA, int *h_csrRowPtrA, int *h_csrColIndA,
    double *h_csrValA_array[], int nnzL, int *h_csrRowPtrL, int *h_csrColIndL,
    double *h_csrValL, int nnzU, int *h_csrRowPtrU, int *h_csrColIndU,
    double *h_csrValU, int *h_P, int *h_Q, cusolverRfHandle_t handle) {
  return setup(batchSize, n, nnzA, h_csrRowPtrA, h_csrColIndA, h_csrValA_array,
               nnzL, h_csrRowPtrL, h_csrColIndL, h_csrValL, nnzU, h_csrRowPtrU,
               h_csrColIndU, h_csrValU, h_P, h_Q, handle);
}

cusolverStatus_t cusolverRfBatchResetValues(int batchSize, int n, int nnzA,
                                            int *csrRowPtrA, int *csrColIndA,
                                            double *csrValA_array[], int *P,
                                            int *Q, cusolverRfHandle_t handle) {
  return resetValues(batchSize, n, nnzA, csrRowPtrA, csrColIndA, csrValA_array,
                     P, Q, handle);
}

cusolverStatus_t cusolverRfBatchAnalyze(cusolverRfHandle_t handle) {
  return cusolverRfAnalyze(handle);
}

cusolverStatus_t cusolverRfBatchRefactor(cusolverRfHandle_t handle) {
  // A zero pivot is reported by cusolverRfBatchZeroPivot.
  cusolverStatus_t S = refactorAll(handle);
  return S == CUSOLVER_STATUS_ZERO_PIVOT ? CUSOLVER_STATUS_SUCCESS : S;
}

cusolverStatus_t cusolverRfBatchSolve(cusolverRfHandle_t handle, int *P,
                                      int *Q, int nrhs, double *Temp, int ldt,
                                      double *XF_array[], int ldxf) {
  if (!handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  return solveAll(handle, P, Q, nrhs, Temp, ldt, XF_array, ldxf,
                  handle->Batch);
}

cusolverStatus_t cusolverRfBatchZeroPivot(cusolverRfHandle_t handle,
                                          int *position) {
  if (cusolverStatus_t S = ready(handle))
    return S;
  if (!handle->IsSetUp)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!position)
    return CUSOLVER_STATUS_INVALID_VALUE;
  bool Zero = false;
  for (int B = 0; B < handle->Batch; ++B) {
    position[B] = handle->ZeroPivot[B];
    Zero |= position[B] >= 0;
  }
  return Zero ? CUSOLVER_STATUS_ZERO_PIVOT : CUSOLVER_STATUS_SUCCESS;
}

} // extern "C"
