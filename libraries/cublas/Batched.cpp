//===- Batched.cpp - cuBLAS's batched LU: getrf, getrs, getri -------------===//
//
// Part of Rubicon. cublas<t>getrfBatched, getrsBatched and getriBatched in
// the four precisions (see Level1.cpp for how an entry point runs). The
// host target runs LAPACK (OpenBLAS's) matrix by matrix; a NULL pivot array
// means LU without pivoting, done directly (LAPACK has no such routine).
// On AMD GPUs ROCm has these functions in rocSOLVER, on the same
// rocblas_handle: rocsolver_<t>getrf(_npvt)_batched, getrs_batched and
// getri_outofplace(_npvt)_batched. On a capturing stream the host work is a
// graph node (Handle.h's dispatch): the matrices, the arrays of pointers to
// them, the pivots and infos are device memory, read when the graph runs.
//
//===----------------------------------------------------------------------===//
#include "Handle.h"
#include "Lapack.h"
#include "rocm/Rocblas.h"

#include <algorithm>
#include <complex>
#include <vector>

using namespace rubicon::cublas;

extern "C" {
#define RUBICON_LAPACK_GETRI(P, T)                                             \
  void P##getri_(const int *, T *, const int *, const int *, T *, const int *, \
                 int *);
RUBICON_LAPACK_GETRI(s, float)
RUBICON_LAPACK_GETRI(d, double)
RUBICON_LAPACK_GETRI(c, cuComplex)
RUBICON_LAPACK_GETRI(z, cuDoubleComplex)
#undef RUBICON_LAPACK_GETRI
}

namespace {

// Arithmetic on the element types, through std::complex for C and Z.
template <class T> struct Scalar {
  using Type = T;
};
template <> struct Scalar<cuComplex> {
  using Type = std::complex<float>;
};
template <> struct Scalar<cuDoubleComplex> {
  using Type = std::complex<double>;
};

/// LU without pivoting of the n x n matrix \p A, in place; the 1-based
/// index of the first zero pivot, or 0.
template <class T> int luNoPivot(int N, T *A, int Lda) {
  using S = typename Scalar<T>::Type;
  auto *M = reinterpret_cast<S *>(A);
  int Info = 0;
  for (int K = 0; K < N; ++K) {
    S Pivot = M[K + size_t(K) * Lda];
    if (Pivot == S(0)) {
      if (!Info)
        Info = K + 1;
      continue;
    }
    for (int I = K + 1; I < N; ++I)
      M[I + size_t(K) * Lda] /= Pivot;
    for (int J = K + 1; J < N; ++J) {
      S Ukj = M[K + size_t(J) * Lda];
      for (int I = K + 1; I < N; ++I)
        M[I + size_t(J) * Lda] -= M[I + size_t(K) * Lda] * Ukj;
    }
  }
  return Info;
}

/// LAPACK's pivots for \p Pivots, or the identity (1..n) when it is null.
const int *pivotsOrIdentity(const int *Pivots, int N, std::vector<int> &Own) {
  if (Pivots)
    return Pivots;
  Own.resize(N);
  for (int I = 0; I < N; ++I)
    Own[I] = I + 1;
  return Own.data();
}

/// The workspace size a LAPACK query answered.
int workSize(float Query) { return int(Query); }
int workSize(double Query) { return int(Query); }
int workSize(cuComplex Query) { return int(Query.x); }
int workSize(cuDoubleComplex Query) { return int(Query.x); }

char transposeChar(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N ? 'N' : Op == CUBLAS_OP_T ? 'T' : 'C';
}

} // namespace

extern "C" {

#define BATCHED_LU(P, T, L)                                                    \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t H, int N,              \
                                         T *const A[], int Lda, int *Pivots,   \
                                         int *Info, int Count) {               \
    if (H && (N < 0 || Lda < std::max(1, N) || Count < 0))                     \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          for (int I = 0; I < Count; ++I) {                                    \
            if (Pivots) {                                                      \
              L##getrf_(&N, &N, A[I], &Lda, Pivots + size_t(I) * N, &Info[I]); \
            } else {                                                           \
              Info[I] = luNoPivot(N, A[I], Lda);                               \
            }                                                                  \
          }                                                                    \
        },                                                                     \
        [&] {                                                                  \
          if (!Pivots)                                                         \
            return RUBICON_ROCSOLVER(L##getrf_npvt_batched)(H, N, N, A, Lda,   \
                                                            Info, Count);      \
          return RUBICON_ROCSOLVER(L##getrf_batched)(                          \
              H, N, N, A, Lda, Pivots, (long long)N, Info, Count);             \
        });                                                                    \
  }                                                                            \
  cublasStatus_t cublas##P##getrsBatched(                                      \
      cublasHandle_t H, cublasOperation_t Trans, int N, int Nrhs,              \
      const T *const A[], int Lda, const int *Pivots, T *const B[], int Ldb,   \
      int *Info, int Count) {                                                  \
    int Bad = N < 0 ? -3 : Nrhs < 0 ? -4 : Lda < std::max(1, N) ? -6          \
              : Ldb < std::max(1, N) ? -9 : Count < 0 ? -11 : 0;               \
    if (Info)                                                                  \
      *Info = Bad;                                                             \
    if (H && (Bad || !Info))                                                   \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          char Op = transposeChar(Trans);                                      \
          std::vector<int> Identity;                                           \
          for (int I = 0; I < Count; ++I) {                                    \
            int LapackInfo = 0;                                                \
            const int *Piv = pivotsOrIdentity(                                 \
                Pivots ? Pivots + size_t(I) * N : nullptr, N, Identity);       \
            L##getrs_(&Op, &N, &Nrhs, A[I], &Lda, Piv, B[I], &Ldb,             \
                      &LapackInfo, 1);                                         \
          }                                                                    \
        },                                                                     \
        [&] {                                                                  \
          return RUBICON_ROCSOLVER(L##getrs_batched)(                          \
              H, Trans, N, Nrhs, A, Lda, Pivots, (long long)N, B, Ldb, Count); \
        });                                                                    \
  }                                                                            \
  cublasStatus_t cublas##P##getriBatched(                                      \
      cublasHandle_t H, int N, const T *const A[], int Lda,                    \
      const int *Pivots, T *const C[], int Ldc, int *Info, int Count) {        \
    if (H && (N < 0 || Lda < std::max(1, N) || Ldc < std::max(1, N) ||         \
              Count < 0))                                                      \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
    return dispatch(                                                           \
        H,                                                                     \
        [=] {                                                                  \
          std::vector<int> Identity;                                           \
          for (int I = 0; I < Count; ++I) {                                    \
            for (int J = 0; J < N; ++J)                                        \
              std::copy(A[I] + size_t(J) * Lda, A[I] + size_t(J) * Lda + N,    \
                        C[I] + size_t(J) * Ldc);                               \
            const int *Piv = pivotsOrIdentity(                                 \
                Pivots ? Pivots + size_t(I) * N : nullptr, N, Identity);       \
            T Query;                                                           \
            int Lwork = -1;                                                    \
            L##getri_(&N, C[I], &Ldc, Piv, &Query, &Lwork, &Info[I]);          \
            Lwork = std::max(1, workSize(Query));                              \
            std::vector<T> Work(Lwork);                                        \
            L##getri_(&N, C[I], &Ldc, Piv, Work.data(), &Lwork, &Info[I]);     \
          }                                                                    \
        },                                                                     \
        [&] {                                                                  \
          if (!Pivots)                                                         \
            return RUBICON_ROCSOLVER(L##getri_outofplace_npvt_batched)(        \
                H, N, A, Lda, C, Ldc, Info, Count);                            \
          return RUBICON_ROCSOLVER(L##getri_outofplace_batched)(               \
              H, N, A, Lda, Pivots, (long long)N, C, Ldc, Info, Count);        \
        });                                                                    \
  }

BATCHED_LU(S, float, s)
BATCHED_LU(D, double, d)
BATCHED_LU(C, cuComplex, c)
BATCHED_LU(Z, cuDoubleComplex, z)
#undef BATCHED_LU

} // extern "C"
