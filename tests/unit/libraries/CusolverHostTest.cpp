//===- CusolverHostTest.cpp - cuSOLVER's dense functions on the host -----===//
//
// Part of Rubicon. Each solver in the four precisions, checked by its
// residual in double precision: LU and Cholesky solves (A X = B), QR
// (Q R = A, Q applied by ormqr/unmqr), the SVD (U S V^H = A, S sorted) and
// the symmetric/Hermitian eigensolver (A V = V W, W ascending); singular
// and indefinite matrices through devInfo; argument errors. (The AMD
// target's NOT_SUPPORTED: CusolverNoRocmTest.cpp.)
//
//===----------------------------------------------------------------------===//
#include "Reference.h"
#include "cusolverDn.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <type_traits>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

/// The cuSOLVER functions of one precision.
template <class T> struct Api;
#define RUBICON_API(T, R, P, ORM, EVD)                                         \
  template <> struct Api<T> {                                                  \
    using Real = R;                                                            \
    static constexpr auto getrfBufferSize = cusolverDn##P##getrf_bufferSize;   \
    static constexpr auto getrf = cusolverDn##P##getrf;                        \
    static constexpr auto getrs = cusolverDn##P##getrs;                        \
    static constexpr auto potrfBufferSize = cusolverDn##P##potrf_bufferSize;   \
    static constexpr auto potrf = cusolverDn##P##potrf;                        \
    static constexpr auto potrs = cusolverDn##P##potrs;                        \
    static constexpr auto geqrfBufferSize = cusolverDn##P##geqrf_bufferSize;   \
    static constexpr auto geqrf = cusolverDn##P##geqrf;                        \
    static constexpr auto ormqrBufferSize = cusolverDn##P##ORM##_bufferSize;   \
    static constexpr auto ormqr = cusolverDn##P##ORM;                          \
    static constexpr auto gesvdBufferSize = cusolverDn##P##gesvd_bufferSize;   \
    static constexpr auto gesvd = cusolverDn##P##gesvd;                        \
    static constexpr auto evdBufferSize = cusolverDn##P##EVD##_bufferSize;     \
    static constexpr auto evd = cusolverDn##P##EVD;                            \
  };
RUBICON_API(float, float, S, ormqr, syevd)
RUBICON_API(double, double, D, ormqr, syevd)
RUBICON_API(cuComplex, float, C, unmqr, heevd)
RUBICON_API(cuDoubleComplex, double, Z, unmqr, heevd)
#undef RUBICON_API

template <class T> class CusolverHost : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(ForceHost, 0);
    ASSERT_EQ(cusolverDnCreate(&Handle), CUSOLVER_STATUS_SUCCESS);
  }
  void TearDown() override { cusolverDnDestroy(Handle); }
  cusolverDnHandle_t Handle = nullptr;
};

using Precisions = ::testing::Types<float, double, cuComplex, cuDoubleComplex>;
TYPED_TEST_SUITE(CusolverHost, Precisions);

template <class T> double tolerance() {
  return std::is_same_v<T, float> || std::is_same_v<T, cuComplex> ? 1e-3 : 1e-10;
}

/// max |A X - B| / max |B|: small only when X solves the system (the
/// matrices here are well conditioned).
template <class T>
double solveResidual(const std::vector<T> &A, int Lda, const std::vector<T> &X,
                     const std::vector<T> &B, int Ld, int N, int Nrhs) {
  double Worst = 0, NormB = 0;
  for (int J = 0; J < Nrhs; ++J)
    for (int I = 0; I < N; ++I) {
      Cd Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += widen(A[size_t(K) * Lda + I]) * widen(X[size_t(J) * Ld + K]);
      Worst = worse(Worst, std::abs(Sum - widen(B[size_t(J) * Ld + I])));
      NormB = std::max(NormB, std::abs(widen(B[size_t(J) * Ld + I])));
    }
  return Worst / NormB;
}

/// Overwrites the triangle the solver must not read (above or below the
/// diagonal) with garbage.
template <class T>
void poisonOtherTriangle(std::vector<T> &A, int Lda, int N,
                         cublasFillMode_t Uplo) {
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      if (Uplo == CUBLAS_FILL_MODE_LOWER ? I < J : I > J)
        A[size_t(J) * Lda + I] = narrow<T>(Cd(1e3, -1e3));
}

TYPED_TEST(CusolverHost, LuSolvesWithAndWithoutPivoting) {
  using T = TypeParam;
  const int N = 40, Lda = 43, Nrhs = 3, Ldb = 41;
  for (bool Pivot : {true, false}) {
    std::vector<T> A = randomValues<T>(size_t(Lda) * N, 1);
    if (!Pivot) // diagonally dominant: no pivoting needed
      for (int I = 0; I < N; ++I)
        A[size_t(I) * Lda + I] = narrow<T>(widen(A[size_t(I) * Lda + I]) + Cd(N));
    std::vector<T> B = randomValues<T>(size_t(Ldb) * Nrhs, 2), LU = A, X = B;
    int Lwork = 0;
    ASSERT_EQ(Api<T>::getrfBufferSize(this->Handle, N, N, LU.data(), Lda, &Lwork),
              CUSOLVER_STATUS_SUCCESS);
    std::vector<T> Work(Lwork);
    std::vector<int> Ipiv(N);
    int Info = -1;
    ASSERT_EQ(Api<T>::getrf(this->Handle, N, N, LU.data(), Lda, Work.data(),
                            Pivot ? Ipiv.data() : nullptr, &Info),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(Info, 0);
    ASSERT_EQ(Api<T>::getrs(this->Handle, CUBLAS_OP_N, N, Nrhs, LU.data(), Lda,
                            Pivot ? Ipiv.data() : nullptr, X.data(), Ldb, &Info),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(Info, 0);
    EXPECT_LT(solveResidual(A, Lda, X, B, Ldb, N, Nrhs), tolerance<T>())
        << (Pivot ? "pivoted" : "unpivoted");
  }
  // A singular matrix: devInfo names the zero pivot.
  std::vector<T> Z(size_t(Lda) * N, narrow<T>(0));
  std::vector<int> Ipiv(N);
  int Info = 0;
  ASSERT_EQ(Api<T>::getrf(this->Handle, N, N, Z.data(), Lda, nullptr,
                          Ipiv.data(), &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 1);
}

TYPED_TEST(CusolverHost, CholeskySolvesBothTriangles) {
  using T = TypeParam;
  const int N = 40, Lda = 42, Nrhs = 2;
  std::vector<T> M = randomValues<T>(size_t(N) * N, 3);
  std::vector<T> A(size_t(Lda) * N, narrow<T>(0));
  for (int J = 0; J < N; ++J) // A = M M^H + n I: Hermitian positive definite
    for (int I = 0; I < N; ++I) {
      Cd Sum = I == J ? Cd(N) : Cd(0);
      for (int K = 0; K < N; ++K)
        Sum += widen(M[size_t(K) * N + I]) * std::conj(widen(M[size_t(K) * N + J]));
      A[size_t(J) * Lda + I] = narrow<T>(Sum);
    }
  for (cublasFillMode_t Uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    std::vector<T> B = randomValues<T>(size_t(Lda) * Nrhs, 4), L = A, X = B;
    poisonOtherTriangle(L, Lda, N, Uplo);
    int Lwork = 0, Info = -1;
    ASSERT_EQ(Api<T>::potrfBufferSize(this->Handle, Uplo, N, L.data(), Lda, &Lwork),
              CUSOLVER_STATUS_SUCCESS);
    std::vector<T> Work(Lwork);
    ASSERT_EQ(Api<T>::potrf(this->Handle, Uplo, N, L.data(), Lda, Work.data(),
                            Lwork, &Info),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(Info, 0);
    ASSERT_EQ(Api<T>::potrs(this->Handle, Uplo, N, Nrhs, L.data(), Lda, X.data(),
                            Lda, &Info),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_LT(solveResidual(A, Lda, X, B, Lda, N, Nrhs), tolerance<T>());
  }
  // Not positive definite: devInfo is the order of the failing minor.
  std::vector<T> Neg(size_t(Lda) * N, narrow<T>(0));
  for (int I = 0; I < N; ++I)
    Neg[size_t(I) * Lda + I] = narrow<T>(I == 2 ? -1.0 : 1.0);
  int Info = 0;
  ASSERT_EQ(Api<T>::potrf(this->Handle, CUBLAS_FILL_MODE_LOWER, N, Neg.data(),
                          Lda, nullptr, 0, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 3);
}

TYPED_TEST(CusolverHost, QrTimesQIsA) {
  using T = TypeParam;
  const int M = 30, N = 20, Lda = 31;
  std::vector<T> A = randomValues<T>(size_t(Lda) * N, 5), QR = A;
  std::vector<T> Tau(N);
  int Lwork = 0, Info = -1;
  ASSERT_EQ(Api<T>::geqrfBufferSize(this->Handle, M, N, QR.data(), Lda, &Lwork),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_GE(Lwork, 1);
  std::vector<T> Work(Lwork);
  ASSERT_EQ(Api<T>::geqrf(this->Handle, M, N, QR.data(), Lda, Tau.data(),
                          Work.data(), Lwork, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 0);
  // C = R (upper triangle, M x N), then C = Q C must give back A.
  std::vector<T> C(size_t(Lda) * N, narrow<T>(0));
  for (int J = 0; J < N; ++J)
    for (int I = 0; I <= J; ++I)
      C[size_t(J) * Lda + I] = QR[size_t(J) * Lda + I];
  ASSERT_EQ(Api<T>::ormqrBufferSize(this->Handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_N,
                                    M, N, N, QR.data(), Lda, Tau.data(), C.data(),
                                    Lda, &Lwork),
            CUSOLVER_STATUS_SUCCESS);
  Work.resize(Lwork);
  ASSERT_EQ(Api<T>::ormqr(this->Handle, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, M, N, N,
                          QR.data(), Lda, Tau.data(), C.data(), Lda, Work.data(),
                          Lwork, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 0);
  std::vector<Cd> Want(A.size());
  for (size_t I = 0; I < A.size(); ++I)
    Want[I] = widen(A[I]);
  EXPECT_LT(maxError(C, Want, M, N, Lda), tolerance<T>() * 10);
}

TYPED_TEST(CusolverHost, SvdReconstructsA) {
  using T = TypeParam;
  using Real = typename Api<T>::Real;
  const int M = 30, N = 20, Lda = 32;
  std::vector<T> A = randomValues<T>(size_t(Lda) * N, 6), W = A;
  std::vector<Real> S(N);
  std::vector<T> U(size_t(M) * M), VT(size_t(N) * N);
  int Lwork = 0, Info = -1;
  ASSERT_EQ(Api<T>::gesvdBufferSize(this->Handle, M, N, &Lwork),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<T> Work(Lwork);
  ASSERT_EQ(Api<T>::gesvd(this->Handle, 'A', 'A', M, N, W.data(), Lda, S.data(),
                          U.data(), M, VT.data(), N, Work.data(), Lwork, nullptr,
                          &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 0);
  EXPECT_TRUE(std::is_sorted(S.rbegin(), S.rend()));
  std::vector<Cd> USV(size_t(Lda) * N);
  double Worst = 0;
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      Cd Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += widen(U[size_t(K) * M + I]) * double(S[K]) *
               widen(VT[size_t(J) * N + K]);
      Worst = worse(Worst, std::abs(Sum - widen(A[size_t(J) * Lda + I])));
    }
  EXPECT_LT(Worst, tolerance<T>() * 10);
  // cuSOLVER's gesvd takes m >= n only.
  EXPECT_EQ(Api<T>::gesvdBufferSize(this->Handle, N, M, &Lwork),
            CUSOLVER_STATUS_INVALID_VALUE);
}

TYPED_TEST(CusolverHost, EigenvectorsOfHermitianMatrices) {
  using T = TypeParam;
  using Real = typename Api<T>::Real;
  const int N = 24, Lda = 25;
  std::vector<T> R = randomValues<T>(size_t(N) * N, 7);
  std::vector<T> A(size_t(Lda) * N, narrow<T>(0));
  for (int J = 0; J < N; ++J) // A = (R + R^H) / 2
    for (int I = 0; I < N; ++I)
      A[size_t(J) * Lda + I] = narrow<T>(
          (widen(R[size_t(J) * N + I]) + std::conj(widen(R[size_t(I) * N + J]))) / 2.0);
  std::vector<T> V = A;
  poisonOtherTriangle(V, Lda, N, CUBLAS_FILL_MODE_UPPER);
  std::vector<Real> W(N);
  int Lwork = 0, Info = -1;
  ASSERT_EQ(Api<T>::evdBufferSize(this->Handle, CUSOLVER_EIG_MODE_VECTOR,
                                  CUBLAS_FILL_MODE_UPPER, N, V.data(), Lda,
                                  W.data(), &Lwork),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<T> Work(Lwork);
  ASSERT_EQ(Api<T>::evd(this->Handle, CUSOLVER_EIG_MODE_VECTOR,
                        CUBLAS_FILL_MODE_UPPER, N, V.data(), Lda, W.data(),
                        Work.data(), Lwork, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Info, 0);
  EXPECT_TRUE(std::is_sorted(W.begin(), W.end()));
  double Worst = 0; // A v_j = w_j v_j
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I) {
      Cd Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += widen(A[size_t(K) * Lda + I]) * widen(V[size_t(J) * Lda + K]);
      Worst = worse(Worst, std::abs(Sum - double(W[J]) * widen(V[size_t(J) * Lda + I])));
    }
  EXPECT_LT(Worst, tolerance<T>() * 10);
}

TYPED_TEST(CusolverHost, ArgumentErrors) {
  using T = TypeParam;
  std::vector<T> A(16);
  int Lwork = 0, Info = 0;
  EXPECT_EQ(Api<T>::getrfBufferSize(nullptr, 4, 4, A.data(), 4, &Lwork),
            CUSOLVER_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(Api<T>::getrfBufferSize(this->Handle, 4, 4, A.data(), 3, &Lwork),
            CUSOLVER_STATUS_INVALID_VALUE);
  EXPECT_EQ(Api<T>::potrf(this->Handle, CUBLAS_FILL_MODE_FULL, 4, A.data(), 4,
                          nullptr, 0, &Info),
            CUSOLVER_STATUS_INVALID_VALUE);
  EXPECT_EQ(Api<T>::getrs(this->Handle, CUBLAS_OP_N, -1, 1, A.data(), 4,
                          nullptr, A.data(), 4, &Info),
            CUSOLVER_STATUS_INVALID_VALUE);
}

} // namespace
