//===- CublasBatchedLuTest.cpp - cuBLAS's batched LU and cuBLASXt, host ---===//
//
// Part of Rubicon. On the host target: getrfBatched with and without
// pivoting, getrsBatched by the residual of the solution, getriBatched by
// A * inv(A) = I, in the four precisions; a singular matrix's info; and
// cublasXt<t>gemm on host matrices against the naive reference.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"

#include "cublasXt.h"
#include "cublas_v2.h"
#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

#define OVERLOADS(P, T)                                                        \
  cublasStatus_t getrf(cublasHandle_t H, int N, T *const A[], int Lda,         \
                       int *Piv, int *Info, int Count) {                       \
    return cublas##P##getrfBatched(H, N, A, Lda, Piv, Info, Count);            \
  }                                                                            \
  cublasStatus_t getrs(cublasHandle_t H, cublasOperation_t Op, int N,          \
                       int Nrhs, const T *const A[], int Lda, const int *Piv,  \
                       T *const B[], int Ldb, int *Info, int Count) {          \
    return cublas##P##getrsBatched(H, Op, N, Nrhs, A, Lda, Piv, B, Ldb, Info,  \
                                   Count);                                     \
  }                                                                            \
  cublasStatus_t getri(cublasHandle_t H, int N, const T *const A[], int Lda,   \
                       const int *Piv, T *const C[], int Ldc, int *Info,       \
                       int Count) {                                            \
    return cublas##P##getriBatched(H, N, A, Lda, Piv, C, Ldc, Info, Count);    \
  }                                                                            \
  cublasStatus_t xtGemm(cublasXtHandle_t H, cublasOperation_t OpA,             \
                        cublasOperation_t OpB, size_t M, size_t N, size_t K,   \
                        const T *Alpha, const T *A, size_t Lda, const T *B,    \
                        size_t Ldb, const T *Beta, T *C, size_t Ldc) {         \
    return cublasXt##P##gemm(H, OpA, OpB, M, N, K, Alpha, A, Lda, B, Ldb,      \
                             Beta, C, Ldc);                                    \
  }
OVERLOADS(S, float)
OVERLOADS(D, double)
OVERLOADS(C, cuComplex)
OVERLOADS(Z, cuDoubleComplex)
#undef OVERLOADS

/// A diagonally dominant matrix when \p Dominant (safe without pivoting),
/// else one whose first pivot is tiny (needs pivoting).
template <class T> std::vector<T> matrix(int N, int Lda, unsigned Seed,
                                         bool Dominant) {
  auto A = randomValues<T>(size_t(Lda) * N, Seed);
  for (int I = 0; I < N; ++I)
    A[size_t(I) * Lda + I] =
        narrow<T>(widen(A[size_t(I) * Lda + I]) + Cd(Dominant ? 2.0 * N : 0));
  if (!Dominant)
    A[0] = narrow<T>(Cd(1e-3));
  return A;
}

template <class T> void checkLu(cublasHandle_t H, bool Pivoting) {
  const int N = 13, Lda = 16, Nrhs = 3, Ldb = 15, Count = 4;
  std::vector<std::vector<T>> A, LU, B, X, Inv;
  std::vector<T *> LUp, Xp, Invp;
  std::vector<const T *> LUc;
  for (int I = 0; I < Count; ++I) {
    A.push_back(matrix<T>(N, Lda, 10 + I, !Pivoting));
    B.push_back(randomValues<T>(size_t(Ldb) * Nrhs, 20 + I));
  }
  LU = A;
  X = B;
  Inv.assign(Count, std::vector<T>(size_t(N) * N));
  for (int I = 0; I < Count; ++I) {
    LUp.push_back(LU[I].data());
    LUc.push_back(LU[I].data());
    Xp.push_back(X[I].data());
    Invp.push_back(Inv[I].data());
  }
  std::vector<int> Pivots(size_t(N) * Count, -1), Info(Count, -1);
  int *Piv = Pivoting ? Pivots.data() : nullptr;
  ASSERT_EQ(getrf(H, N, LUp.data(), Lda, Piv, Info.data(), Count),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int I = 0; I < Count; ++I)
    EXPECT_EQ(Info[I], 0);
  if (Pivoting) // The tiny first pivot was swapped away.
    EXPECT_NE(Pivots[0], 1);
  int SolveInfo = -1;
  ASSERT_EQ(getrs(H, CUBLAS_OP_N, N, Nrhs, LUc.data(), Lda, Piv, Xp.data(),
                  Ldb, &SolveInfo, Count),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(getri(H, N, LUc.data(), Lda, Piv, Invp.data(), N, Info.data(),
                  Count),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(SolveInfo, 0);
  for (int I = 0; I < Count; ++I) {
    EXPECT_EQ(Info[I], 0);
    // A X = B.
    std::vector<Cd> AX(size_t(Ldb) * Nrhs);
    referenceGemm(0, 0, N, Nrhs, N, 1, A[I].data(), Lda, X[I].data(), Ldb, 0,
                  AX, Ldb);
    EXPECT_LT(maxError(B[I], AX, N, Nrhs, Ldb), Tolerance<T> * N)
        << "matrix " << I;
    // A inv(A) = I.
    std::vector<Cd> AInv(size_t(N) * N);
    referenceGemm(0, 0, N, N, N, 1, A[I].data(), Lda, Inv[I].data(), N, 0,
                  AInv, N);
    std::vector<T> Identity(size_t(N) * N, narrow<T>(0));
    for (int J = 0; J < N; ++J)
      Identity[size_t(J) * N + J] = narrow<T>(1);
    std::vector<Cd> Got(AInv);
    EXPECT_LT(maxError(Identity, Got, N, N, N), Tolerance<T> * N * 10)
        << "matrix " << I;
  }
}

class CublasBatchedLu : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(cublasCreate(&H), CUBLAS_STATUS_SUCCESS); }
  void TearDown() override { EXPECT_EQ(cublasDestroy(H), CUBLAS_STATUS_SUCCESS); }
  cublasHandle_t H = nullptr;
};

TEST_F(CublasBatchedLu, SolvesAndInvertsWithPivoting) {
  checkLu<float>(H, true);
  checkLu<double>(H, true);
  checkLu<cuComplex>(H, true);
  checkLu<cuDoubleComplex>(H, true);
}

TEST_F(CublasBatchedLu, SolvesAndInvertsWithoutPivoting) {
  checkLu<float>(H, false);
  checkLu<double>(H, false);
  checkLu<cuComplex>(H, false);
  checkLu<cuDoubleComplex>(H, false);
}

TEST_F(CublasBatchedLu, SingularMatricesAndBadArguments) {
  // Second column zero: U(2,2) is exactly zero, info = 2, with and without
  // pivoting.
  double A[9] = {1, 2, 3, 0, 0, 0, 4, 5, 7};
  double *Ap[] = {A};
  int Piv[3], Info = -7;
  ASSERT_EQ(cublasDgetrfBatched(H, 3, Ap, 3, Piv, &Info, 1),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Info, 2);
  double B[9] = {1, 2, 3, 0, 0, 0, 4, 5, 7};
  double *Bp[] = {B};
  ASSERT_EQ(cublasDgetrfBatched(H, 3, Bp, 3, nullptr, &Info, 1),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Info, 2);
  EXPECT_EQ(cublasDgetrfBatched(H, 3, Ap, 2, Piv, &Info, 1),
            CUBLAS_STATUS_INVALID_VALUE);
  const double *Ac[] = {A};
  EXPECT_EQ(cublasDgetrsBatched(H, CUBLAS_OP_N, 3, 1, Ac, 3, Piv, Bp, 2,
                                &Info, 1),
            CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_EQ(Info, -9);
}

TEST(CublasXt, GemmOnHostMatrices) {
  cublasXtHandle_t H = nullptr;
  ASSERT_EQ(cublasXtCreate(&H), CUBLAS_STATUS_SUCCESS);
  int Devices[] = {0};
  ASSERT_EQ(cublasXtDeviceSelect(H, 1, Devices), CUBLAS_STATUS_SUCCESS);
  int Bad[] = {99};
  EXPECT_EQ(cublasXtDeviceSelect(H, 1, Bad), CUBLAS_STATUS_INVALID_VALUE);
  ASSERT_EQ(cublasXtSetBlockDim(H, 64), CUBLAS_STATUS_SUCCESS);
  int Block = 0;
  ASSERT_EQ(cublasXtGetBlockDim(H, &Block), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Block, 64);
  const size_t M = 70, N = 33, K = 41, Lda = K + 2, Ldb = N + 1, Ldc = M + 3;
  auto A = randomValues<float>(Lda * M, 1); // op(A) = A^T: K x M stored
  auto B = randomValues<float>(Ldb * K, 2); // op(B) = B^T: N x K stored
  auto C = randomValues<float>(Ldc * N, 3);
  std::vector<Cd> Want(C.size());
  for (size_t I = 0; I < C.size(); ++I)
    Want[I] = widen(C[I]);
  referenceGemm(1, 1, M, N, K, 0.5, A.data(), Lda, B.data(), Ldb, -2, Want,
                Ldc);
  float Alpha = 0.5f, Beta = -2;
  std::vector<float> Got = C;
  ASSERT_EQ(xtGemm(H, CUBLAS_OP_T, CUBLAS_OP_T, M, N, K, &Alpha, A.data(), Lda,
                   B.data(), Ldb, &Beta, Got.data(), Ldc),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_LT(maxError(Got, Want, M, N, Ldc), Tolerance<float> * K);
  // Rows past M are untouched.
  for (size_t J = 0; J < N; ++J)
    for (size_t I = M; I < Ldc; ++I)
      EXPECT_EQ(Got[J * Ldc + I], C[J * Ldc + I]);
  auto Z = randomValues<cuDoubleComplex>(16, 4);
  std::vector<cuDoubleComplex> ZC(16);
  std::vector<Cd> ZWant(16);
  cuDoubleComplex ZAlpha = make_cuDoubleComplex(0, 1), ZBeta = {};
  referenceGemm(0, 2, 4, 4, 4, Cd(0, 1), Z.data(), 4, Z.data(), 4, 0, ZWant, 4);
  ASSERT_EQ(xtGemm(H, CUBLAS_OP_N, CUBLAS_OP_C, 4, 4, 4, &ZAlpha, Z.data(), 4,
                   Z.data(), 4, &ZBeta, ZC.data(), 4),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_LT(maxError(ZC, ZWant, 4, 4, 4), Tolerance<cuDoubleComplex> * 4);
  EXPECT_EQ(xtGemm(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha, A.data(), 1,
                   B.data(), Ldb, &Beta, Got.data(), Ldc),
            CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_EQ(cublasXtDestroy(H), CUBLAS_STATUS_SUCCESS);
}

} // namespace
