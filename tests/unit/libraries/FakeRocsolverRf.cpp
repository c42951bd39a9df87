//===- FakeRocsolverRf.cpp - A stand-in rocSOLVER for cusolverRf ----------===//
//
// Part of Rubicon. Loaded by CusolverRfRocmTest as both rocBLAS (handles)
// and rocSOLVER (the csrrf refactorization functions), with a stand-in HIP
// whose device memory is host memory. Each call is logged; refactlu and
// solve compute what rocSOLVER documents: P*A*Q = L*U, where row i of P*A*Q
// is row pivP[i] of A and column j is column pivQ[j], refactored into the
// pattern of T = (L - I) + U (dense LU without pivoting, n is small), and
// the solve of A*X = B with T. Fill outside T's pattern is logged.
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

namespace {
std::string Log;
int HandleObject, InfoObject;
bool Analyzed = false;

void say(const char *Format, ...) __attribute__((format(printf, 1, 2)));
void say(const char *Format, ...) {
  char Line[256];
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(Line, sizeof Line, Format, Args);
  va_end(Args);
  Log += Line;
  Log += '\n';
}

bool ours(void *Handle, void *Info) {
  return Handle == &HandleObject && Info == &InfoObject;
}
} // namespace

extern "C" {
const char *fake_rocsolver_log() { return Log.c_str(); }
void fake_rocsolver_clear() { Log.clear(); }

int rocblas_create_handle(void **Handle) {
  say("create_handle");
  *Handle = &HandleObject;
  return 0;
}
int rocblas_destroy_handle(void *Handle) {
  say("destroy_handle %s", Handle == &HandleObject ? "ours" : "WRONG");
  return 0;
}
int rocsolver_create_rfinfo(void **Info, void *Handle) {
  say("create_rfinfo %s", Handle == &HandleObject ? "ours" : "WRONG");
  *Info = &InfoObject;
  return 0;
}
int rocsolver_destroy_rfinfo(void *Info) {
  say("destroy_rfinfo %s", Info == &InfoObject ? "ours" : "WRONG");
  return 0;
}

int rocsolver_dcsrrf_analysis(void *Handle, int N, int Nrhs, int NnzM,
                              int *PtrM, int *IndM, double *ValM, int NnzT,
                              int *PtrT, int *IndT, double *ValT, int *PivP,
                              int *PivQ, double *B, int Ldb, void *Info) {
  say("analysis n=%d nrhs=%d nnzM=%d nnzT=%d ldb=%d%s", N, Nrhs, NnzM, NnzT,
      Ldb, ours(Handle, Info) ? "" : " WRONG");
  if (!PtrM || !IndM || !ValM || !PtrT || !IndT || !ValT || !PivP || !PivQ ||
      (Nrhs && !B))
    return 3; // rocblas_status_invalid_pointer
  if (PtrM[N] != NnzM || PtrT[N] != NnzT)
    return 4; // rocblas_status_invalid_size
  Analyzed = true;
  return 0;
}

int rocsolver_dcsrrf_refactlu(void *Handle, int N, int NnzA, int *PtrA,
                              int *IndA, double *ValA, int NnzT, int *PtrT,
                              int *IndT, double *ValT, int *PivP, int *PivQ,
                              void *Info) {
  say("refactlu n=%d nnzA=%d nnzT=%d%s", N, NnzA, NnzT,
      ours(Handle, Info) ? "" : " WRONG");
  if (!Analyzed)
    return 11; // rocblas_status_invalid_value
  std::vector<double> Dense(size_t(N) * N, 0.0), Column(N, 0.0);
  std::vector<int> Where(N);
  for (int J = 0; J < N; ++J)
    Where[PivQ[J]] = J;
  for (int I = 0; I < N; ++I)
    for (int K = PtrA[PivP[I]]; K < PtrA[PivP[I] + 1]; ++K)
      Dense[size_t(I) * N + Where[IndA[K]]] += ValA[K];
  for (int K = 0; K < N; ++K)
    for (int I = K + 1; I < N; ++I) {
      double &Lik = Dense[size_t(I) * N + K];
      if (Lik == 0)
        continue;
      Lik /= Dense[size_t(K) * N + K];
      for (int J = K + 1; J < N; ++J)
        Dense[size_t(I) * N + J] -= Lik * Dense[size_t(K) * N + J];
    }
  int Fill = 0;
  for (int I = 0; I < N; ++I) {
    std::vector<bool> InT(N, false);
    for (int K = PtrT[I]; K < PtrT[I + 1]; ++K) {
      InT[IndT[K]] = true;
      ValT[K] = Dense[size_t(I) * N + IndT[K]];
    }
    for (int J = 0; J < N; ++J)
      Fill += !InT[J] && std::fabs(Dense[size_t(I) * N + J]) > 1e-12;
  }
  if (Fill)
    say("fill outside T: %d entries", Fill);
  return 0;
}

int rocsolver_dcsrrf_solve(void *Handle, int N, int Nrhs, int NnzT, int *PtrT,
                           int *IndT, double *ValT, int *PivP, int *PivQ,
                           double *B, int Ldb, void *Info) {
  say("solve n=%d nrhs=%d nnzT=%d ldb=%d%s", N, Nrhs, NnzT, Ldb,
      ours(Handle, Info) ? "" : " WRONG");
  if (!Analyzed)
    return 11;
  std::vector<double> Y(N);
  for (int R = 0; R < Nrhs; ++R) {
    double *X = B + size_t(R) * Ldb;
    for (int I = 0; I < N; ++I)
      Y[I] = X[PivP[I]];
    for (int I = 0; I < N; ++I)
      for (int K = PtrT[I]; K < PtrT[I + 1]; ++K)
        if (IndT[K] < I)
          Y[I] -= ValT[K] * Y[IndT[K]];
    for (int I = N - 1; I >= 0; --I) {
      double Diagonal = 0;
      for (int K = PtrT[I]; K < PtrT[I + 1]; ++K)
        if (IndT[K] > I)
          Y[I] -= ValT[K] * Y[IndT[K]];
        else if (IndT[K] == I)
          Diagonal = ValT[K];
      Y[I] /= Diagonal;
    }
    for (int I = 0; I < N; ++I)
      X[PivQ[I]] = Y[I];
  }
  return 0;
}
}
