//===- CusolverSparseTest.cpp - cuSOLVER's sparse API on the host ---------===//
//
// Part of Rubicon. On the host target: csrlsvlu/qr/chol (host and device
// forms) by the residual |A x - b| of a 2D Laplacian, plain and with
// reordering, in the four precisions; the low-level QR (with a shift) and
// Cholesky factorizations; singular matrices; reverse Cuthill-McKee's
// bandwidth on a scrambled matrix; csrperm against the dense B = A(p, q);
// csrissym.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"
#include "cusolverSp.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

/// The 5-point Laplacian of a G x G grid (plus Shift on the diagonal), in
/// CSR with sorted rows, base 0; scrambled by a fixed permutation when asked.
template <class T> struct Laplacian {
  int N;
  std::vector<int> RowPtr, Cols;
  std::vector<T> Values;
  explicit Laplacian(int G, Cd Shift = 0, bool Scramble = false) : N(G * G) {
    std::vector<int> Label(N);
    std::iota(Label.begin(), Label.end(), 0);
    if (Scramble)
      for (int I = 0; I < N; ++I)
        std::swap(Label[I], Label[(I * 7919 + 13) % N]);
    std::vector<std::vector<std::pair<int, Cd>>> Rows(N);
    for (int X = 0; X < G; ++X)
      for (int Y = 0; Y < G; ++Y) {
        int I = Label[X * G + Y];
        Rows[I].push_back({I, Cd(4) + Shift});
        if (X > 0) Rows[I].push_back({Label[(X - 1) * G + Y], -1});
        if (X < G - 1) Rows[I].push_back({Label[(X + 1) * G + Y], -1});
        if (Y > 0) Rows[I].push_back({Label[X * G + Y - 1], -1});
        if (Y < G - 1) Rows[I].push_back({Label[X * G + Y + 1], -1});
      }
    RowPtr.push_back(0);
    for (auto &Row : Rows) {
      std::sort(Row.begin(), Row.end(),
                [](auto &A, auto &B) { return A.first < B.first; });
      for (auto &[C, V] : Row) {
        Cols.push_back(C);
        Values.push_back(narrow<T>(V));
      }
      RowPtr.push_back(int(Cols.size()));
    }
  }
  int nnz() const { return int(Cols.size()); }
  /// max |A x - b| / max |b|.
  double residual(const std::vector<T> &X, const std::vector<T> &B,
                  Cd Shift = 0) const {
    double Worst = 0, Scale = 0;
    for (int I = 0; I < N; ++I) {
      Cd Sum = -Shift * widen(X[I]);
      for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K)
        Sum += widen(Values[K]) * widen(X[Cols[K]]);
      Worst = worse(Worst, std::abs(Sum - widen(B[I])));
      Scale = std::max(Scale, std::abs(widen(B[I])));
    }
    return Worst / Scale;
  }
};


#define OVERLOADS(P, T, R)                                                     \
  cusolverStatus_t lsv(int Method, bool Host, cusolverSpHandle_t H, int N,     \
                       int Nnz, cusparseMatDescr_t D, const T *V,              \
                       const int *Rp, const int *Ci, const T *B, int Reorder,  \
                       T *X, int *Sing) {                                      \
    R Tol = R(1e-12);                                                          \
    if (Method == 0)                                                           \
      return cusolverSp##P##csrlsvluHost(H, N, Nnz, D, V, Rp, Ci, B, Tol,      \
                                         Reorder, X, Sing);                    \
    if (Method == 1)                                                           \
      return Host ? cusolverSp##P##csrlsvqrHost(H, N, Nnz, D, V, Rp, Ci, B,    \
                                                Tol, Reorder, X, Sing)         \
                  : cusolverSp##P##csrlsvqr(H, N, Nnz, D, V, Rp, Ci, B, Tol,   \
                                            Reorder, X, Sing);                 \
    return Host ? cusolverSp##P##csrlsvcholHost(H, N, Nnz, D, V, Rp, Ci, B,    \
                                                Tol, Reorder, X, Sing)         \
                : cusolverSp##P##csrlsvchol(H, N, Nnz, D, V, Rp, Ci, B, Tol,   \
                                            Reorder, X, Sing);                 \
  }                                                                            \
  cusolverStatus_t lowLevelQr(cusolverSpHandle_t H, int N, int Nnz,            \
                              cusparseMatDescr_t D, const T *V, const int *Rp, \
                              const int *Ci, T Mu, T *B, T *X, int *Sing) {    \
    csrqrInfoHost_t Info;                                                      \
    cusolverSpCreateCsrqrInfoHost(&Info);                                      \
    size_t Internal = 0, Work = 0;                                             \
    cusolverStatus_t S =                                                       \
        cusolverSpXcsrqrAnalysisHost(H, N, N, Nnz, D, Rp, Ci, Info);           \
    if (!S)                                                                    \
      S = cusolverSp##P##csrqrBufferInfoHost(H, N, N, Nnz, D, V, Rp, Ci, Info, \
                                             &Internal, &Work);                \
    if (!S)                                                                    \
      S = cusolverSp##P##csrqrSetupHost(H, N, N, Nnz, D, V, Rp, Ci, Mu, Info); \
    if (!S)                                                                    \
      S = cusolverSp##P##csrqrFactorHost(H, N, N, Nnz, nullptr, nullptr, Info, \
                                         nullptr);                             \
    if (!S)                                                                    \
      S = cusolverSp##P##csrqrZeroPivotHost(H, Info, R(1e-12), Sing);          \
    if (!S && *Sing < 0)                                                       \
      S = cusolverSp##P##csrqrSolveHost(H, N, N, B, X, Info, nullptr);         \
    cusolverSpDestroyCsrqrInfoHost(Info);                                      \
    return S;                                                                  \
  }                                                                            \
  cusolverStatus_t lowLevelChol(cusolverSpHandle_t H, int N, int Nnz,          \
                                cusparseMatDescr_t D, const T *V,              \
                                const int *Rp, const int *Ci, const T *B,      \
                                T *X, int *Sing) {                             \
    csrcholInfo_t Info;                                                        \
    cusolverSpCreateCsrcholInfo(&Info);                                        \
    size_t Internal = 0, Work = 0;                                             \
    cusolverStatus_t S =                                                       \
        cusolverSpXcsrcholAnalysis(H, N, Nnz, D, Rp, Ci, Info);                \
    if (!S)                                                                    \
      S = cusolverSp##P##csrcholBufferInfo(H, N, Nnz, D, V, Rp, Ci, Info,      \
                                           &Internal, &Work);                  \
    if (!S)                                                                    \
      S = cusolverSp##P##csrcholFactor(H, N, Nnz, D, V, Rp, Ci, Info,          \
                                       nullptr);                               \
    if (!S)                                                                    \
      S = cusolverSp##P##csrcholZeroPivot(H, Info, R(1e-12), Sing);            \
    if (!S && *Sing < 0)                                                       \
      S = cusolverSp##P##csrcholSolve(H, N, B, X, Info, nullptr);              \
    cusolverSpDestroyCsrcholInfo(Info);                                        \
    return S;                                                                  \
  }
OVERLOADS(S, float, float)
OVERLOADS(D, double, double)
OVERLOADS(C, cuComplex, float)
OVERLOADS(Z, cuDoubleComplex, double)
#undef OVERLOADS

class CusolverSparse : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(cusolverSpCreate(&H), CUSOLVER_STATUS_SUCCESS);
    ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
  }
  void TearDown() override {
    cusparseDestroyMatDescr(D);
    cusolverSpDestroy(H);
  }
  cusolverSpHandle_t H = nullptr;
  cusparseMatDescr_t D = nullptr;
};

template <class T>
void checkLinearSolvers(cusolverSpHandle_t H, cusparseMatDescr_t D) {
  for (bool Scramble : {false, true}) {
    Laplacian<T> A(9, 0, Scramble);
    std::vector<T> B = randomValues<T>(A.N, 3);
    for (int Method = 0; Method < 3; ++Method)
      for (bool Host : {true, false})
        for (int Reorder : {0, 1}) {
          if (Method == 0 && !Host)
            continue; // csrlsvlu exists on the host only.
          std::vector<T> X(A.N, narrow<T>(0));
          int Sing = 7;
          ASSERT_EQ(lsv(Method, Host, H, A.N, A.nnz(), D, A.Values.data(),
                        A.RowPtr.data(), A.Cols.data(), B.data(), Reorder,
                        X.data(), &Sing),
                    CUSOLVER_STATUS_SUCCESS);
          EXPECT_EQ(Sing, -1);
          EXPECT_LT(A.residual(X, B), Tolerance<T> * 10)
              << "method " << Method << " host " << Host << " reorder "
              << Reorder << " scrambled " << Scramble;
        }
  }
}

TEST_F(CusolverSparse, LinearSolversByResidual) {
  checkLinearSolvers<float>(H, D);
  checkLinearSolvers<double>(H, D);
  checkLinearSolvers<cuComplex>(H, D);
  checkLinearSolvers<cuDoubleComplex>(H, D);
}

TEST_F(CusolverSparse, LowLevelQrWithShiftAndCholesky) {
  // A complex, non-Hermitian matrix for QR: the Laplacian plus i/2 I.
  Laplacian<cuDoubleComplex> A(8, Cd(0, 0.5), true);
  auto B = randomValues<cuDoubleComplex>(A.N, 4), X = B;
  cuDoubleComplex Mu = make_cuDoubleComplex(0.25, -0.125);
  int Sing = 7;
  ASSERT_EQ(lowLevelQr(H, A.N, A.nnz(), D, A.Values.data(), A.RowPtr.data(),
                       A.Cols.data(), Mu, B.data(), X.data(), &Sing),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sing, -1);
  EXPECT_LT(A.residual(X, B, Cd(0.25, -0.125)), 1e-12);

  Laplacian<double> S(10);
  auto SB = randomValues<double>(S.N, 5), SX = SB;
  ASSERT_EQ(lowLevelChol(H, S.N, S.nnz(), D, S.Values.data(), S.RowPtr.data(),
                         S.Cols.data(), SB.data(), SX.data(), &Sing),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sing, -1);
  EXPECT_LT(S.residual(SX, SB), 1e-12);
}

TEST_F(CusolverSparse, SingularAndIndefiniteMatrices) {
  // Row 2 is all zeros: every method reports a singularity.
  int RowPtr[] = {0, 2, 4, 4, 5};
  int Cols[] = {0, 1, 0, 1, 3};
  double Values[] = {2, 1, 1, 3, 1};
  double B[4] = {1, 1, 1, 1}, X[4];
  for (int Method = 0; Method < 3; ++Method) {
    int Sing = -7;
    ASSERT_EQ(lsv(Method, true, H, 4, 5, D, Values, RowPtr, Cols, B, 0, X,
                  &Sing),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(Sing, 2) << "method " << Method;
  }
  // Symmetric indefinite: Cholesky fails at 1, LU does not.
  int R2[] = {0, 2, 4};
  int C2[] = {0, 1, 0, 1};
  double V2[] = {1, 2, 2, 1};
  int Sing = -7;
  ASSERT_EQ(lsv(2, true, H, 2, 4, D, V2, R2, C2, B, 0, X, &Sing),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sing, 1);
  ASSERT_EQ(lsv(0, true, H, 2, 4, D, V2, R2, C2, B, 0, X, &Sing),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sing, -1);
  EXPECT_NEAR(X[0] + 2 * X[1], 1, 1e-14);
  // Bad arguments and matrix types.
  EXPECT_EQ(lsv(0, true, H, -1, 4, D, V2, R2, C2, B, 0, X, &Sing),
            CUSOLVER_STATUS_INVALID_VALUE);
  cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  EXPECT_EQ(lsv(0, true, H, 2, 4, D, V2, R2, C2, B, 0, X, &Sing),
            CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_GENERAL);
  csrqrInfoHost_t Info;
  cusolverSpCreateCsrqrInfoHost(&Info);
  EXPECT_EQ(cusolverSpXcsrqrAnalysisHost(H, 3, 2, 4, D, R2, C2, Info),
            CUSOLVER_STATUS_NOT_SUPPORTED);
  cusolverSpDestroyCsrqrInfoHost(Info);
}

/// The largest |i - j| over the entries of A(p, p).
int bandwidth(const Laplacian<double> &A, const std::vector<int> &P) {
  std::vector<int> Inverse(A.N);
  for (int K = 0; K < A.N; ++K)
    Inverse[P[K]] = K;
  int Width = 0;
  for (int I = 0; I < A.N; ++I)
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K)
      Width = std::max(Width, std::abs(Inverse[I] - Inverse[A.Cols[K]]));
  return Width;
}

TEST_F(CusolverSparse, OrderingsPermutationAndSymmetry) {
  Laplacian<double> A(20, 0, true);
  std::vector<int> Identity(A.N);
  std::iota(Identity.begin(), Identity.end(), 0);
  ASSERT_GT(bandwidth(A, Identity), 200); // scrambled
  std::vector<int> P(A.N, -1);
  ASSERT_EQ(cusolverSpXcsrsymrcmHost(H, A.N, A.nnz(), D, A.RowPtr.data(),
                                     A.Cols.data(), P.data()),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<int> Sorted = P;
  std::sort(Sorted.begin(), Sorted.end());
  EXPECT_EQ(Sorted, Identity);
  EXPECT_LE(bandwidth(A, P), 2 * 20 + 1);
  ASSERT_EQ(cusolverSpXcsrsymamdHost(H, A.N, A.nnz(), D, A.RowPtr.data(),
                                     A.Cols.data(), P.data()),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_LE(bandwidth(A, P), 2 * 20 + 1);

  // B = A(p, q) through csrperm, against the dense definition.
  Laplacian<double> S(4, 0, true);
  std::vector<int> Pr(S.N), Q(S.N);
  for (int I = 0; I < S.N; ++I) {
    Pr[I] = (I * 5 + 3) % S.N;
    Q[I] = (I * 3 + 1) % S.N;
  }
  std::vector<int> Rows = S.RowPtr, Cols = S.Cols, Map(S.nnz());
  std::iota(Map.begin(), Map.end(), 0);
  size_t Size = 0;
  ASSERT_EQ(cusolverSpXcsrperm_bufferSizeHost(H, S.N, S.N, S.nnz(), D,
                                              Rows.data(), Cols.data(),
                                              Pr.data(), Q.data(), &Size),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<char> Buffer(Size);
  ASSERT_EQ(cusolverSpXcsrpermHost(H, S.N, S.N, S.nnz(), D, Rows.data(),
                                   Cols.data(), Pr.data(), Q.data(),
                                   Map.data(), Buffer.data()),
            CUSOLVER_STATUS_SUCCESS);
  auto dense = [&](const std::vector<int> &Rp, const std::vector<int> &Ci,
                   auto ValueOf) {
    std::vector<double> M(size_t(S.N) * S.N, 0);
    for (int I = 0; I < S.N; ++I)
      for (int K = Rp[I]; K < Rp[I + 1]; ++K)
        M[size_t(I) * S.N + Ci[K]] = ValueOf(K);
    return M;
  };
  // Distinct values so that a wrong map shows.
  std::vector<double> Distinct(S.nnz());
  std::iota(Distinct.begin(), Distinct.end(), 1.0);
  auto AD = dense(S.RowPtr, S.Cols, [&](int K) { return Distinct[K]; });
  auto BD = dense(Rows, Cols, [&](int K) { return Distinct[Map[K]]; });
  for (int I = 0; I < S.N; ++I)
    for (int J = 0; J < S.N; ++J)
      EXPECT_EQ(BD[size_t(I) * S.N + J], AD[size_t(Pr[I]) * S.N + Q[J]]);

  int Sym = -1;
  ASSERT_EQ(cusolverSpXcsrissymHost(H, A.N, A.nnz(), D, A.RowPtr.data(),
                                    A.RowPtr.data() + 1, A.Cols.data(), &Sym),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sym, 1);
  int R2[] = {0, 2, 3};
  int C2[] = {0, 1, 1};
  ASSERT_EQ(cusolverSpXcsrissymHost(H, 2, 3, D, R2, R2 + 1, C2, &Sym),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Sym, 0);
}

} // namespace
