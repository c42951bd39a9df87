//===- Dense.cpp - cuSOLVER's dense functions -----------------------------===//
//
// Part of Rubicon. getrf/getrs, potrf/potrs, geqrf, ormqr/unmqr, gesvd,
// syevd/heevd and their buffer sizes in the four precisions. Host target:
// LAPACK (OpenBLAS's, common/Lapack.h) on the program's buffers after waiting
// for the handle's stream, as cuBLAS's host backend does; devInfo receives
// LAPACK's info, which is cuSOLVER's. Buffer sizes are LAPACK's optimal
// workspaces; the computation allocates its own, so any workspace the
// program passes is accepted. On AMD GPUs each function is rocSOLVER's of
// the same name (rocsolver_<t>getrf, ...) on the handle's rocblas_handle
// and stream, with rocBLAS's numbering of the enumerations; rocSOLVER keeps
// its own workspace, so the program's is not used there either. Where
// rocSOLVER reports no info (getrs, potrs, geqrf, ormqr), devInfo is set to
// 0 on the stream; gesvd and syevd get their real workspace E from
// cudaMalloc. getrs without pivots answers NOT_SUPPORTED there.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "LibraryTarget.h"
#include "Lapack.h"

#include "rocm/Rocsolver.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

using namespace rubicon::cusolver;

namespace {

/// Whether the handle forwards to rocSOLVER (AMD GPUs).
bool onRocm(cusolverDnHandle_t Handle) { return Handle && Handle->Rocblas; }

/// Whether the host backend runs: the handle is valid and the stream's work
/// is done.
cusolverStatus_t begin(cusolverDnHandle_t Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (cudaStreamSynchronize(Handle->Stream) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T> constexpr char prefix() {
  if constexpr (std::is_same_v<T, float>)
    return 's';
  else if constexpr (std::is_same_v<T, double>)
    return 'd';
  else if constexpr (std::is_same_v<T, cuComplex>)
    return 'c';
  else
    return 'z';
}

/// rocsolver_<t><Op>(rocblas_handle, Args...), found by name once.
template <typename T, class... ArgTs>
cusolverStatus_t rocsolver(cusolverDnHandle_t H, const char *Op,
                           ArgTs... Args) {
  static std::mutex Lock;
  static std::unordered_map<std::string, void *> Found;
  std::string Name = std::string("rocsolver_") + prefix<T>() + Op;
  void *Address;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto [At, New] = Found.try_emplace(Name, nullptr);
    if (New)
      At->second = rubicon::cusolver::rocm::lookupRocsolver(Name.c_str());
    Address = At->second;
  }
  if (!Address)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  using Fn = int (*)(void *, ArgTs...);
  return rubicon::cusolver::rocm::toCusolver(
      reinterpret_cast<Fn>(Address)(H->Rocblas, Args...));
}

/// devInfo = 0 in stream order, for rocSOLVER functions that report none.
cusolverStatus_t clearInfo(cusolverDnHandle_t H, cusolverStatus_t S,
                           int *Info) {
  if (S)
    return S;
  return cudaMemsetAsync(Info, 0, sizeof(int), H->Stream) == cudaSuccess
             ? CUSOLVER_STATUS_SUCCESS
             : CUSOLVER_STATUS_EXECUTION_FAILED;
}

// cuBLAS's enumerations in rocBLAS's numbering.
int rocFill(cublasFillMode_t Uplo) {
  return Uplo == CUBLAS_FILL_MODE_UPPER ? 121 : 122;
}
int rocOp(cublasOperation_t Trans) {
  return Trans == CUBLAS_OP_N ? 111 : Trans == CUBLAS_OP_T ? 112 : 113;
}
int rocSide(cublasSideMode_t Side) {
  return Side == CUBLAS_SIDE_LEFT ? 141 : 142;
}
int rocSvect(signed char Job) { // rocblas_svect
  return Job == 'A' ? 191 : Job == 'S' ? 192 : Job == 'O' ? 193 : 194;
}

/// A real workspace of Count elements in device memory, for rocSOLVER's
/// gesvd and syevd (freed after the call: cudaFree waits for it).
template <typename R> struct DeviceWorkspace {
  R *Data = nullptr;
  explicit DeviceWorkspace(size_t Count) {
    if (cudaMalloc(reinterpret_cast<void **>(&Data),
                   sizeof(R) * std::max<size_t>(Count, 1)) != cudaSuccess)
      Data = nullptr;
  }
  ~DeviceWorkspace() { cudaFree(Data); }
};

char fill(cublasFillMode_t Uplo) { return Uplo == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L'; }
char op(cublasOperation_t Trans) {
  return Trans == CUBLAS_OP_N ? 'N' : Trans == CUBLAS_OP_T ? 'T' : 'C';
}
bool validFill(cublasFillMode_t Uplo) {
  return Uplo == CUBLAS_FILL_MODE_LOWER || Uplo == CUBLAS_FILL_MODE_UPPER;
}
bool validOp(cublasOperation_t Trans) {
  return Trans == CUBLAS_OP_N || Trans == CUBLAS_OP_T || Trans == CUBLAS_OP_C;
}

// Scalar arithmetic for the unpivoted LU.
float sub(float A, float B) { return A - B; }
double sub(double A, double B) { return A - B; }
cuComplex sub(cuComplex A, cuComplex B) { return cuCsubf(A, B); }
cuDoubleComplex sub(cuDoubleComplex A, cuDoubleComplex B) { return cuCsub(A, B); }
float mul(float A, float B) { return A * B; }
double mul(double A, double B) { return A * B; }
cuComplex mul(cuComplex A, cuComplex B) { return cuCmulf(A, B); }
cuDoubleComplex mul(cuDoubleComplex A, cuDoubleComplex B) { return cuCmul(A, B); }
float div(float A, float B) { return A / B; }
double div(double A, double B) { return A / B; }
cuComplex div(cuComplex A, cuComplex B) { return cuCdivf(A, B); }
cuDoubleComplex div(cuDoubleComplex A, cuDoubleComplex B) { return cuCdiv(A, B); }
bool isZero(float A) { return A == 0; }
bool isZero(double A) { return A == 0; }
bool isZero(cuComplex A) { return A.x == 0 && A.y == 0; }
bool isZero(cuDoubleComplex A) { return A.x == 0 && A.y == 0; }

/// LU without pivoting (cuSOLVER's getrf with devIpiv NULL): info is the
/// first zero pivot, 1-based, after which elimination stops.
template <typename T> int luNoPivot(int M, int N, T *A, int Lda) {
  for (int K = 0; K < std::min(M, N); ++K) {
    T Pivot = A[K + size_t(K) * Lda];
    if (isZero(Pivot))
      return K + 1;
    for (int I = K + 1; I < M; ++I)
      A[I + size_t(K) * Lda] = div(A[I + size_t(K) * Lda], Pivot);
    for (int J = K + 1; J < N; ++J)
      for (int I = K + 1; I < M; ++I)
        A[I + size_t(J) * Lda] =
            sub(A[I + size_t(J) * Lda],
                mul(A[I + size_t(K) * Lda], A[K + size_t(J) * Lda]));
  }
  return 0;
}

template <typename T> int workspaceSize(T Query) {
  if constexpr (Lapack<T>::Complex)
    return std::max(1, int(Query.x));
  else
    return std::max(1, int(Query));
}

template <typename T>
cusolverStatus_t getrfBufferSize(cusolverDnHandle_t Handle, int M, int N,
                                 int Lda, int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (M < 0 || N < 0 || Lda < std::max(1, M) || !Lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Lwork = 1; // LAPACK's getrf needs none
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t getrf(cusolverDnHandle_t Handle, int M, int N, T *A, int Lda,
                       int *Ipiv, int *Info) {
  if (Handle && (M < 0 || N < 0 || Lda < std::max(1, M) || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle))
    return Ipiv ? rocsolver<T>(Handle, "getrf", M, N, A, Lda, Ipiv, Info)
                : rocsolver<T>(Handle, "getrf_npvt", M, N, A, Lda, Info);
  if (cusolverStatus_t S = begin(Handle))
    return S;
  if (!Ipiv) {
    *Info = luNoPivot(M, N, A, Lda);
    return CUSOLVER_STATUS_SUCCESS;
  }
  Lapack<T>::getrf(&M, &N, A, &Lda, Ipiv, Info);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t getrs(cusolverDnHandle_t Handle, cublasOperation_t Trans,
                       int N, int Nrhs, const T *A, int Lda, const int *Ipiv,
                       T *B, int Ldb, int *Info) {
  if (Handle && (!validOp(Trans) || N < 0 || Nrhs < 0 ||
                 Lda < std::max(1, N) || Ldb < std::max(1, N) || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle)) {
    if (!Ipiv) // rocSOLVER's getrs needs pivots
      return CUSOLVER_STATUS_NOT_SUPPORTED;
    return clearInfo(Handle,
                     rocsolver<T>(Handle, "getrs", rocOp(Trans), N, Nrhs,
                                  const_cast<T *>(A), Lda,
                                  const_cast<int *>(Ipiv), B, Ldb),
                     Info);
  }
  if (cusolverStatus_t S = begin(Handle))
    return S;
  std::vector<int> Identity;
  if (!Ipiv) { // factored without pivoting
    for (int I = 1; I <= N; ++I)
      Identity.push_back(I);
    Ipiv = Identity.data();
  }
  char C = op(Trans);
  Lapack<T>::getrs(&C, &N, &Nrhs, A, &Lda, Ipiv, B, &Ldb, Info, 1);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t potrfBufferSize(cusolverDnHandle_t Handle,
                                 cublasFillMode_t Uplo, int N, int Lda,
                                 int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!validFill(Uplo) || N < 0 || Lda < std::max(1, N) || !Lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Lwork = 1;
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t potrf(cusolverDnHandle_t Handle, cublasFillMode_t Uplo, int N,
                       T *A, int Lda, int *Info) {
  if (Handle && (!validFill(Uplo) || N < 0 || Lda < std::max(1, N) || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle))
    return rocsolver<T>(Handle, "potrf", rocFill(Uplo), N, A, Lda, Info);
  if (cusolverStatus_t S = begin(Handle))
    return S;
  char C = fill(Uplo);
  Lapack<T>::potrf(&C, &N, A, &Lda, Info, 1);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t potrs(cusolverDnHandle_t Handle, cublasFillMode_t Uplo, int N,
                       int Nrhs, const T *A, int Lda, T *B, int Ldb,
                       int *Info) {
  if (Handle && (!validFill(Uplo) || N < 0 || Nrhs < 0 ||
                 Lda < std::max(1, N) || Ldb < std::max(1, N) || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle))
    return clearInfo(Handle,
                     rocsolver<T>(Handle, "potrs", rocFill(Uplo), N, Nrhs,
                                  const_cast<T *>(A), Lda, B, Ldb),
                     Info);
  if (cusolverStatus_t S = begin(Handle))
    return S;
  char C = fill(Uplo);
  Lapack<T>::potrs(&C, &N, &Nrhs, A, &Lda, B, &Ldb, Info, 1);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t geqrfBufferSize(cusolverDnHandle_t Handle, int M, int N,
                                 T *A, int Lda, int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (M < 0 || N < 0 || Lda < std::max(1, M) || !Lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  T Query{};
  int Minus1 = -1, Info = 0;
  Lapack<T>::geqrf(&M, &N, A, &Lda, nullptr, &Query, &Minus1, &Info);
  *Lwork = workspaceSize(Query);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t geqrf(cusolverDnHandle_t Handle, int M, int N, T *A, int Lda,
                       T *Tau, int *Info) {
  if (Handle && (M < 0 || N < 0 || Lda < std::max(1, M) || !Tau || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle))
    return clearInfo(Handle, rocsolver<T>(Handle, "geqrf", M, N, A, Lda, Tau),
                     Info);
  if (cusolverStatus_t S = begin(Handle))
    return S;
  T Query{};
  int Minus1 = -1;
  Lapack<T>::geqrf(&M, &N, A, &Lda, Tau, &Query, &Minus1, Info);
  int Lwork = workspaceSize(Query);
  std::vector<T> Work(Lwork);
  Lapack<T>::geqrf(&M, &N, A, &Lda, Tau, Work.data(), &Lwork, Info);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
bool ormqrArgsValid(cublasSideMode_t Side, cublasOperation_t Trans, int M,
                    int N, int K, int Lda, int Ldc) {
  int Nq = Side == CUBLAS_SIDE_LEFT ? M : N;
  bool TransOk = Trans == CUBLAS_OP_N ||
                 Trans == (Lapack<T>::Complex ? CUBLAS_OP_C : CUBLAS_OP_T);
  return (Side == CUBLAS_SIDE_LEFT || Side == CUBLAS_SIDE_RIGHT) && TransOk &&
         M >= 0 && N >= 0 && K >= 0 && K <= Nq && Lda >= std::max(1, Nq) &&
         Ldc >= std::max(1, M);
}

template <typename T>
cusolverStatus_t ormqrBufferSize(cusolverDnHandle_t Handle,
                                 cublasSideMode_t Side, cublasOperation_t Trans,
                                 int M, int N, int K, const T *A, int Lda,
                                 const T *Tau, const T *C, int Ldc,
                                 int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!ormqrArgsValid<T>(Side, Trans, M, N, K, Lda, Ldc) || !Lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  char S = Side == CUBLAS_SIDE_LEFT ? 'L' : 'R', O = op(Trans);
  T Query{};
  int Minus1 = -1, Info = 0;
  Lapack<T>::ormqr(&S, &O, &M, &N, &K, A, &Lda, Tau, const_cast<T *>(C), &Ldc,
                   &Query, &Minus1, &Info, 1, 1);
  *Lwork = workspaceSize(Query);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t ormqr(cusolverDnHandle_t Handle, cublasSideMode_t Side,
                       cublasOperation_t Trans, int M, int N, int K,
                       const T *A, int Lda, const T *Tau, T *C, int Ldc,
                       int *Info) {
  if (Handle && (!ormqrArgsValid<T>(Side, Trans, M, N, K, Lda, Ldc) || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle))
    return clearInfo(
        Handle,
        rocsolver<T>(Handle, Lapack<T>::Complex ? "unmqr" : "ormqr",
                     rocSide(Side), rocOp(Trans), M, N, K, const_cast<T *>(A),
                     Lda, const_cast<T *>(Tau), C, Ldc),
        Info);
  if (cusolverStatus_t St = begin(Handle))
    return St;
  char S = Side == CUBLAS_SIDE_LEFT ? 'L' : 'R', O = op(Trans);
  T Query{};
  int Minus1 = -1;
  Lapack<T>::ormqr(&S, &O, &M, &N, &K, A, &Lda, Tau, C, &Ldc, &Query, &Minus1,
                   Info, 1, 1);
  int Lwork = workspaceSize(Query);
  std::vector<T> Work(Lwork);
  Lapack<T>::ormqr(&S, &O, &M, &N, &K, A, &Lda, Tau, C, &Ldc, Work.data(),
                   &Lwork, Info, 1, 1);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
void callGesvd(char Ju, char Jv, int M, int N, T *A, int Lda,
               typename Lapack<T>::Real *S, T *U, int Ldu, T *VT, int Ldvt,
               T *Work, int Lwork, int *Info) {
  if constexpr (Lapack<T>::Complex) {
    std::vector<typename Lapack<T>::Real> Rwork(5 * std::max(1, std::min(M, N)));
    Lapack<T>::gesvd(&Ju, &Jv, &M, &N, A, &Lda, S, U, &Ldu, VT, &Ldvt, Work,
                     &Lwork, Rwork.data(), Info, 1, 1);
  } else {
    Lapack<T>::gesvd(&Ju, &Jv, &M, &N, A, &Lda, S, U, &Ldu, VT, &Ldvt, Work,
                     &Lwork, Info, 1, 1);
  }
}

template <typename T>
cusolverStatus_t gesvdBufferSize(cusolverDnHandle_t Handle, int M, int N,
                                 int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (M < N || N < 0 || !Lwork) // cuSOLVER's gesvd takes m >= n only
    return CUSOLVER_STATUS_INVALID_VALUE;
  T Query{};
  int Info = 0, Lda = std::max(1, M);
  callGesvd<T>('A', 'A', M, N, nullptr, Lda, nullptr, nullptr, Lda, nullptr,
               std::max(1, N), &Query, -1, &Info);
  *Lwork = workspaceSize(Query);
  return CUSOLVER_STATUS_SUCCESS;
}

bool validJob(signed char Job) {
  return Job == 'A' || Job == 'S' || Job == 'O' || Job == 'N';
}

template <typename T>
cusolverStatus_t gesvd(cusolverDnHandle_t Handle, signed char Jobu,
                       signed char Jobvt, int M, int N, T *A, int Lda,
                       typename Lapack<T>::Real *S, T *U, int Ldu, T *VT,
                       int Ldvt, int *Info) {
  if (Handle && (!validJob(Jobu) || !validJob(Jobvt) ||
                 (Jobu == 'O' && Jobvt == 'O') || M < N || N < 0 ||
                 Lda < std::max(1, M) || !S || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle)) {
    using Real = typename Lapack<T>::Real;
    DeviceWorkspace<Real> E(std::min(M, N));
    if (!E.Data)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    return rocsolver<T>(Handle, "gesvd", rocSvect(Jobu), rocSvect(Jobvt), M, N,
                        A, Lda, S, U, std::max(1, Ldu), VT, std::max(1, Ldvt),
                        E.Data, /*rocblas_outofplace=*/201, Info);
  }
  if (cusolverStatus_t St = begin(Handle))
    return St;
  T Query{};
  callGesvd<T>(Jobu, Jobvt, M, N, A, Lda, S, U, std::max(1, Ldu), VT,
               std::max(1, Ldvt), &Query, -1, Info);
  int Lwork = workspaceSize(Query);
  std::vector<T> Work(Lwork);
  callGesvd<T>(Jobu, Jobvt, M, N, A, Lda, S, U, std::max(1, Ldu), VT,
               std::max(1, Ldvt), Work.data(), Lwork, Info);
  return CUSOLVER_STATUS_SUCCESS;
}

/// syevd (heevd): returns LAPACK's workspace sizes when Lwork is -1.
template <typename T>
void callEvd(char Jobz, char Uplo, int N, T *A, int Lda,
             typename Lapack<T>::Real *W, int *Info, int *QueryLwork) {
  using Real = typename Lapack<T>::Real;
  int Minus1 = -1, LiworkQ = 0;
  T WorkQ{};
  if constexpr (Lapack<T>::Complex) {
    Real RworkQ{};
    Lapack<T>::heevd(&Jobz, &Uplo, &N, A, &Lda, W, &WorkQ, &Minus1, &RworkQ,
                     &Minus1, &LiworkQ, &Minus1, Info, 1, 1);
    if (QueryLwork) {
      *QueryLwork = workspaceSize(WorkQ);
      return;
    }
    int Lwork = workspaceSize(WorkQ), Lrwork = std::max(1, int(RworkQ)),
        Liwork = std::max(1, LiworkQ);
    std::vector<T> Work(Lwork);
    std::vector<Real> Rwork(Lrwork);
    std::vector<int> Iwork(Liwork);
    Lapack<T>::heevd(&Jobz, &Uplo, &N, A, &Lda, W, Work.data(), &Lwork,
                     Rwork.data(), &Lrwork, Iwork.data(), &Liwork, Info, 1, 1);
  } else {
    Lapack<T>::syevd(&Jobz, &Uplo, &N, A, &Lda, W, &WorkQ, &Minus1, &LiworkQ,
                     &Minus1, Info, 1, 1);
    if (QueryLwork) {
      *QueryLwork = workspaceSize(WorkQ);
      return;
    }
    int Lwork = workspaceSize(WorkQ), Liwork = std::max(1, LiworkQ);
    std::vector<T> Work(Lwork);
    std::vector<int> Iwork(Liwork);
    Lapack<T>::syevd(&Jobz, &Uplo, &N, A, &Lda, W, Work.data(), &Lwork,
                     Iwork.data(), &Liwork, Info, 1, 1);
  }
}

bool validEig(cusolverEigMode_t Jobz) {
  return Jobz == CUSOLVER_EIG_MODE_NOVECTOR || Jobz == CUSOLVER_EIG_MODE_VECTOR;
}

template <typename T>
cusolverStatus_t evdBufferSize(cusolverDnHandle_t Handle,
                               cusolverEigMode_t Jobz, cublasFillMode_t Uplo,
                               int N, int Lda, int *Lwork) {
  if (!Handle)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!validEig(Jobz) || !validFill(Uplo) || N < 0 || Lda < std::max(1, N) ||
      !Lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  int Info = 0;
  callEvd<T>(Jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', fill(Uplo), N,
             nullptr, Lda, nullptr, &Info, Lwork);
  return CUSOLVER_STATUS_SUCCESS;
}

template <typename T>
cusolverStatus_t evd(cusolverDnHandle_t Handle, cusolverEigMode_t Jobz,
                     cublasFillMode_t Uplo, int N, T *A, int Lda,
                     typename Lapack<T>::Real *W, int *Info) {
  if (Handle && (!validEig(Jobz) || !validFill(Uplo) || N < 0 ||
                 Lda < std::max(1, N) || !W || !Info))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (onRocm(Handle)) {
    DeviceWorkspace<typename Lapack<T>::Real> E(N);
    if (!E.Data)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    // rocblas_evect: original (211) or none (213).
    return rocsolver<T>(Handle, Lapack<T>::Complex ? "heevd" : "syevd",
                        Jobz == CUSOLVER_EIG_MODE_VECTOR ? 211 : 213,
                        rocFill(Uplo), N, A, Lda, W, E.Data, Info);
  }
  if (cusolverStatus_t S = begin(Handle))
    return S;
  callEvd<T>(Jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N', fill(Uplo), N, A,
             Lda, W, Info, nullptr);
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

#define RUBICON_CUSOLVER_DENSE(P, T, R, ORM, EVD)                              \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(                            \
      cusolverDnHandle_t H, int M, int N, T *, int Lda, int *Lwork) {          \
    return getrfBufferSize<T>(H, M, N, Lda, Lwork);                            \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t H, int M, int N,    \
                                        T *A, int Lda, T *, int *Ipiv,         \
                                        int *Info) {                           \
    return getrf<T>(H, M, N, A, Lda, Ipiv, Info);                              \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##getrs(                                       \
      cusolverDnHandle_t H, cublasOperation_t Trans, int N, int Nrhs,          \
      const T *A, int Lda, const int *Ipiv, T *B, int Ldb, int *Info) {        \
    return getrs<T>(H, Trans, N, Nrhs, A, Lda, Ipiv, B, Ldb, Info);            \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(                            \
      cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, T *, int Lda,        \
      int *Lwork) {                                                            \
    return potrfBufferSize<T>(H, Uplo, N, Lda, Lwork);                         \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t H,                  \
                                        cublasFillMode_t Uplo, int N, T *A,    \
                                        int Lda, T *, int, int *Info) {        \
    return potrf<T>(H, Uplo, N, A, Lda, Info);                                 \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##potrs(                                       \
      cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, int Nrhs,            \
      const T *A, int Lda, T *B, int Ldb, int *Info) {                         \
    return potrs<T>(H, Uplo, N, Nrhs, A, Lda, B, Ldb, Info);                   \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(                            \
      cusolverDnHandle_t H, int M, int N, T *A, int Lda, int *Lwork) {         \
    return geqrfBufferSize<T>(H, M, N, A, Lda, Lwork);                         \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t H, int M, int N,    \
                                        T *A, int Lda, T *Tau, T *, int,       \
                                        int *Info) {                           \
    return geqrf<T>(H, M, N, A, Lda, Tau, Info);                               \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##ORM##_bufferSize(                            \
      cusolverDnHandle_t H, cublasSideMode_t Side, cublasOperation_t Trans,    \
      int M, int N, int K, const T *A, int Lda, const T *Tau, const T *C,      \
      int Ldc, int *Lwork) {                                                   \
    return ormqrBufferSize<T>(H, Side, Trans, M, N, K, A, Lda, Tau, C, Ldc,    \
                              Lwork);                                          \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##ORM(                                         \
      cusolverDnHandle_t H, cublasSideMode_t Side, cublasOperation_t Trans,    \
      int M, int N, int K, const T *A, int Lda, const T *Tau, T *C, int Ldc,   \
      T *, int, int *Info) {                                                   \
    return ormqr<T>(H, Side, Trans, M, N, K, A, Lda, Tau, C, Ldc, Info);       \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t H,       \
                                                   int M, int N, int *Lwork) { \
    return gesvdBufferSize<T>(H, M, N, Lwork);                                 \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##gesvd(                                       \
      cusolverDnHandle_t H, signed char Jobu, signed char Jobvt, int M, int N, \
      T *A, int Lda, R *S, T *U, int Ldu, T *VT, int Ldvt, T *, int, R *,      \
      int *Info) {                                                             \
    return gesvd<T>(H, Jobu, Jobvt, M, N, A, Lda, S, U, Ldu, VT, Ldvt, Info);  \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##EVD##_bufferSize(                            \
      cusolverDnHandle_t H, cusolverEigMode_t Jobz, cublasFillMode_t Uplo,     \
      int N, const T *, int Lda, const R *, int *Lwork) {                      \
    return evdBufferSize<T>(H, Jobz, Uplo, N, Lda, Lwork);                     \
  }                                                                            \
  cusolverStatus_t cusolverDn##P##EVD(                                         \
      cusolverDnHandle_t H, cusolverEigMode_t Jobz, cublasFillMode_t Uplo,     \
      int N, T *A, int Lda, R *W, T *, int, int *Info) {                       \
    return evd<T>(H, Jobz, Uplo, N, A, Lda, W, Info);                          \
  }

RUBICON_CUSOLVER_DENSE(S, float, float, ormqr, syevd)
RUBICON_CUSOLVER_DENSE(D, double, double, ormqr, syevd)
RUBICON_CUSOLVER_DENSE(C, cuComplex, float, unmqr, heevd)
RUBICON_CUSOLVER_DENSE(Z, cuDoubleComplex, double, unmqr, heevd)
#undef RUBICON_CUSOLVER_DENSE

} // extern "C"
