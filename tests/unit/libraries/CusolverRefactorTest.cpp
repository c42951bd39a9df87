//===- CusolverRefactorTest.cpp - csrlu and cusolverRf on the host --------===//
//
// Part of Rubicon. On the host target: the low-level sparse LU (csrlu...Host)
// of a nonsymmetric matrix whose diagonal forces row exchanges, checked by
// P*A = L*U rebuilt densely and by residuals, at pivot thresholds 1 and 0,
// in double and double complex; a singular matrix's zero pivot. Then
// cusolverRf as cuSOLVER's refactorization flow uses it (reorder, csrlu,
// extract, Setup, Analyze, ResetValues with new values, Refactor, Solve),
// single and batched, checked by residuals of the new matrices; its
// refusals.
//
//===----------------------------------------------------------------------===//
#include "cusolverRf.h"
#include "cusolverSp.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

/// A G x G grid's convection-diffusion operator in CSR (base 0): rows of a
/// 5-point stencil whose diagonal is Diagonal and whose off-diagonal
/// entries differ by direction (nonsymmetric values, symmetric pattern);
/// Seed varies them.
struct Grid {
  int N;
  std::vector<int> RowPtr, Cols;
  std::vector<double> Values;
  Grid(int G, double Diagonal, int Seed) : N(G * G) {
    RowPtr.push_back(0);
    for (int X = 0; X < G; ++X)
      for (int Y = 0; Y < G; ++Y) {
        int I = X * G + Y;
        auto Add = [&](int J, double V) {
          Cols.push_back(J);
          Values.push_back(V);
        };
        double Wiggle = 0.1 * std::sin(I * 0.7 + Seed);
        if (X > 0) Add(I - G, -1.3 + Wiggle);
        if (Y > 0) Add(I - 1, -0.7 - Wiggle);
        Add(I, Diagonal + Wiggle);
        if (Y < G - 1) Add(I + 1, -1.1 + 0.5 * Wiggle);
        if (X < G - 1) Add(I + G, -0.9);
        RowPtr.push_back(int(Cols.size()));
      }
  }
  int nnz() const { return int(Cols.size()); }
  /// max |A x - b| / max |b|.
  double residual(const std::vector<double> &X,
                  const std::vector<double> &B) const {
    double Worst = 0, Scale = 0;
    for (int I = 0; I < N; ++I) {
      double Sum = -B[I];
      for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K)
        Sum += Values[K] * X[Cols[K]];
      Worst = std::max(Worst, std::fabs(Sum));
      Scale = std::max(Scale, std::fabs(B[I]));
    }
    return Worst / Scale;
  }
};

std::vector<double> rightHandSide(int N) {
  std::vector<double> B(N);
  for (int I = 0; I < N; ++I)
    B[I] = 1.0 + std::cos(0.3 * I);
  return B;
}

struct Handles {
  cusolverSpHandle_t Sp = nullptr;
  cusparseMatDescr_t Descr = nullptr;
  Handles() {
    EXPECT_EQ(cusolverSpCreate(&Sp), CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(cusparseCreateMatDescr(&Descr), CUSPARSE_STATUS_SUCCESS);
  }
  ~Handles() {
    cusparseDestroyMatDescr(Descr);
    cusolverSpDestroy(Sp);
  }
};

/// csrlu of A: its info object, after analysis, sizes and factorization.
csrluInfoHost_t factorLU(Handles &H, const Grid &A, double Threshold) {
  csrluInfoHost_t Info = nullptr;
  EXPECT_EQ(cusolverSpCreateCsrluInfoHost(&Info), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverSpXcsrluAnalysisHost(H.Sp, A.N, A.nnz(), H.Descr,
                                         A.RowPtr.data(), A.Cols.data(), Info),
            CUSOLVER_STATUS_SUCCESS);
  size_t Internal = 0, Workspace = 0;
  EXPECT_EQ(cusolverSpDcsrluBufferInfoHost(
                H.Sp, A.N, A.nnz(), H.Descr, A.Values.data(), A.RowPtr.data(),
                A.Cols.data(), Info, &Internal, &Workspace),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<char> Buffer(Workspace);
  EXPECT_EQ(cusolverSpDcsrluFactorHost(H.Sp, A.N, A.nnz(), H.Descr,
                                       A.Values.data(), A.RowPtr.data(),
                                       A.Cols.data(), Info, Threshold,
                                       Buffer.data()),
            CUSOLVER_STATUS_SUCCESS);
  return Info;
}

struct Factors {
  std::vector<int> P, Q, LRowPtr, LCols, URowPtr, UCols;
  std::vector<double> LValues, UValues;
};

Factors extract(Handles &H, csrluInfoHost_t Info, int N) {
  int NnzL = -1, NnzU = -1;
  EXPECT_EQ(cusolverSpXcsrluNnzHost(H.Sp, &NnzL, &NnzU, Info),
            CUSOLVER_STATUS_SUCCESS);
  Factors F;
  F.P.resize(N);
  F.Q.resize(N);
  F.LRowPtr.resize(N + 1);
  F.URowPtr.resize(N + 1);
  F.LCols.resize(NnzL);
  F.LValues.resize(NnzL);
  F.UCols.resize(NnzU);
  F.UValues.resize(NnzU);
  EXPECT_EQ(cusolverSpDcsrluExtractHost(
                H.Sp, F.P.data(), F.Q.data(), H.Descr, F.LValues.data(),
                F.LRowPtr.data(), F.LCols.data(), H.Descr, F.UValues.data(),
                F.URowPtr.data(), F.UCols.data(), Info, nullptr),
            CUSOLVER_STATUS_SUCCESS);
  return F;
}

/// max |(P A Q^T - L U)(i, j)| over a dense rebuild; L's unit diagonal
/// implied, its stored entries strictly below the diagonal.
double factorizationError(const Grid &A, const Factors &F) {
  int N = A.N;
  std::vector<double> Dense(size_t(N) * N, 0.0), L(size_t(N) * N, 0.0),
      U(size_t(N) * N, 0.0);
  for (int I = 0; I < N; ++I)
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K)
      Dense[size_t(I) * N + A.Cols[K]] = A.Values[K];
  for (int I = 0; I < N; ++I) {
    L[size_t(I) * N + I] = 1;
    for (int K = F.LRowPtr[I]; K < F.LRowPtr[I + 1]; ++K) {
      if (F.LCols[K] >= I)
        return INFINITY;
      L[size_t(I) * N + F.LCols[K]] = F.LValues[K];
    }
    for (int K = F.URowPtr[I]; K < F.URowPtr[I + 1]; ++K) {
      if (F.UCols[K] < I)
        return INFINITY;
      U[size_t(I) * N + F.UCols[K]] = F.UValues[K];
    }
  }
  double Worst = 0;
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      double Sum = 0;
      for (int K = 0; K <= std::min(I, J); ++K)
        Sum += L[size_t(I) * N + K] * U[size_t(K) * N + J];
      Worst = std::max(Worst, std::fabs(Sum - Dense[size_t(F.P[I]) * N +
                                                    F.Q[J]]));
    }
  return Worst;
}

bool isIdentity(const std::vector<int> &P) {
  for (size_t I = 0; I < P.size(); ++I)
    if (P[I] != int(I))
      return false;
  return true;
}

TEST(CusolverLU, PartialPivotingFactorsAndSolves) {
  ASSERT_EQ(ForceHost, 0);
  Handles H;
  // A diagonal smaller than its column's other entries: row exchanges.
  Grid A(6, 0.2, 1);
  for (double Threshold : {1.0, 0.0}) {
    csrluInfoHost_t Info = factorLU(H, A, Threshold);
    int Singular = 7;
    EXPECT_EQ(cusolverSpDcsrluZeroPivotHost(H.Sp, Info, 1e-14, &Singular),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_EQ(Singular, -1);
    Factors F = extract(H, Info, A.N);
    EXPECT_LT(factorizationError(A, F), 1e-12) << "threshold " << Threshold;
    EXPECT_TRUE(isIdentity(F.Q));
    // Partial pivoting exchanges rows here; threshold 0 keeps the diagonal.
    EXPECT_EQ(isIdentity(F.P), Threshold == 0.0) << "threshold " << Threshold;
    std::vector<double> B = rightHandSide(A.N), X(A.N);
    EXPECT_EQ(cusolverSpDcsrluSolveHost(H.Sp, A.N, B.data(), X.data(), Info,
                                        nullptr),
              CUSOLVER_STATUS_SUCCESS);
    EXPECT_LT(A.residual(X, B), 1e-12) << "threshold " << Threshold;
    cusolverSpDestroyCsrluInfoHost(Info);
  }
}

TEST(CusolverLU, ComplexSolve) {
  Handles H;
  Grid A(5, 4.5, 2);
  std::vector<cuDoubleComplex> Values(A.nnz()), B(A.N), X(A.N);
  for (int K = 0; K < A.nnz(); ++K)
    Values[K] = make_cuDoubleComplex(A.Values[K], 0.3 * std::cos(K));
  for (int I = 0; I < A.N; ++I)
    B[I] = make_cuDoubleComplex(1.0 + I, -0.5 * I);
  csrluInfoHost_t Info;
  ASSERT_EQ(cusolverSpCreateCsrluInfoHost(&Info), CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverSpXcsrluAnalysisHost(H.Sp, A.N, A.nnz(), H.Descr,
                                         A.RowPtr.data(), A.Cols.data(), Info),
            CUSOLVER_STATUS_SUCCESS);
  size_t Internal, Workspace;
  ASSERT_EQ(cusolverSpZcsrluBufferInfoHost(H.Sp, A.N, A.nnz(), H.Descr,
                                           Values.data(), A.RowPtr.data(),
                                           A.Cols.data(), Info, &Internal,
                                           &Workspace),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverSpZcsrluFactorHost(H.Sp, A.N, A.nnz(), H.Descr,
                                       Values.data(), A.RowPtr.data(),
                                       A.Cols.data(), Info, 1.0, nullptr),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverSpZcsrluSolveHost(H.Sp, A.N, B.data(), X.data(), Info,
                                      nullptr),
            CUSOLVER_STATUS_SUCCESS);
  double Worst = 0;
  for (int I = 0; I < A.N; ++I) {
    std::complex<double> Sum(-B[I].x, -B[I].y);
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K)
      Sum += std::complex<double>(Values[K].x, Values[K].y) *
             std::complex<double>(X[A.Cols[K]].x, X[A.Cols[K]].y);
    Worst = std::max(Worst, std::abs(Sum));
  }
  EXPECT_LT(Worst, 1e-11);
  cusolverSpDestroyCsrluInfoHost(Info);
}

TEST(CusolverLU, ZeroPivotAndOrderOfCalls) {
  Handles H;
  Grid A(4, 4.0, 3);
  // Row 5 and its column emptied but for a zero diagonal: singular at 5.
  Grid S = A;
  for (int I = 0; I < S.N; ++I)
    for (int K = S.RowPtr[I]; K < S.RowPtr[I + 1]; ++K)
      if (I == 5 || S.Cols[K] == 5)
        S.Values[K] = 0;
  csrluInfoHost_t Info;
  ASSERT_EQ(cusolverSpCreateCsrluInfoHost(&Info), CUSOLVER_STATUS_SUCCESS);
  // Factor before the analysis and the buffer sizes: INVALID_VALUE.
  EXPECT_EQ(cusolverSpDcsrluFactorHost(H.Sp, S.N, S.nnz(), H.Descr,
                                       S.Values.data(), S.RowPtr.data(),
                                       S.Cols.data(), Info, 1.0, nullptr),
            CUSOLVER_STATUS_INVALID_VALUE);
  cusolverSpDestroyCsrluInfoHost(Info);
  Info = factorLU(H, S, 1.0);
  int Singular = -7;
  EXPECT_EQ(cusolverSpDcsrluZeroPivotHost(H.Sp, Info, 1e-14, &Singular),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Singular, 5);
  cusolverSpDestroyCsrluInfoHost(Info);
  cusparseSetMatType(H.Descr, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  ASSERT_EQ(cusolverSpCreateCsrluInfoHost(&Info), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverSpXcsrluAnalysisHost(H.Sp, A.N, A.nnz(), H.Descr,
                                         A.RowPtr.data(), A.Cols.data(), Info),
            CUSOLVER_STATUS_INVALID_VALUE);
  cusolverSpDestroyCsrluInfoHost(Info);
}

/// cuSOLVER's refactorization flow: B = Qr A Qr^T (reverse Cuthill-McKee),
/// Plu B Qlu^T = L U, so P A Q^T = L U with P = Qr(Plu), Q = Qr(Qlu).
struct Refactorization {
  Factors F;
  std::vector<int> P, Q;
  int NnzL = 0, NnzU = 0;
};

Refactorization analyse(Handles &H, const Grid &A) {
  Refactorization R;
  std::vector<int> Order(A.N);
  EXPECT_EQ(cusolverSpXcsrsymrcmHost(H.Sp, A.N, A.nnz(), H.Descr,
                                     A.RowPtr.data(), A.Cols.data(),
                                     Order.data()),
            CUSOLVER_STATUS_SUCCESS);
  Grid B = A;
  std::vector<int> Map(A.nnz());
  std::iota(Map.begin(), Map.end(), 0);
  size_t Size = 0;
  EXPECT_EQ(cusolverSpXcsrperm_bufferSizeHost(
                H.Sp, A.N, A.N, A.nnz(), H.Descr, B.RowPtr.data(),
                B.Cols.data(), Order.data(), Order.data(), &Size),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<char> Buffer(Size + 1);
  EXPECT_EQ(cusolverSpXcsrpermHost(H.Sp, A.N, A.N, A.nnz(), H.Descr,
                                   B.RowPtr.data(), B.Cols.data(),
                                   Order.data(), Order.data(), Map.data(),
                                   Buffer.data()),
            CUSOLVER_STATUS_SUCCESS);
  for (int K = 0; K < A.nnz(); ++K)
    B.Values[K] = A.Values[Map[K]];
  csrluInfoHost_t Info = factorLU(H, B, 1.0);
  R.F = extract(H, Info, A.N);
  R.NnzL = int(R.F.LCols.size());
  R.NnzU = int(R.F.UCols.size());
  cusolverSpDestroyCsrluInfoHost(Info);
  R.P.resize(A.N);
  R.Q.resize(A.N);
  for (int J = 0; J < A.N; ++J) {
    R.P[J] = Order[R.F.P[J]];
    R.Q[J] = Order[R.F.Q[J]];
  }
  return R;
}

cusolverRfHandle_t makeRf() {
  cusolverRfHandle_t Rf = nullptr;
  EXPECT_EQ(cusolverRfCreate(&Rf), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetNumericProperties(Rf, 0.0, 0.0),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetAlgs(Rf, CUSOLVERRF_FACTORIZATION_ALG0,
                              CUSOLVERRF_TRIANGULAR_SOLVE_ALG1),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetMatrixFormat(Rf, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetResetValuesFastMode(
                Rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON),
            CUSOLVER_STATUS_SUCCESS);
  return Rf;
}

/// Rf's solve of A x = b in device memory.
std::vector<double> solveRf(cusolverRfHandle_t Rf, const Refactorization &R,
                            const std::vector<double> &B) {
  int N = int(B.size());
  int *DP, *DQ;
  double *DX, *DT;
  cudaMalloc(&DP, sizeof(int) * N);
  cudaMalloc(&DQ, sizeof(int) * N);
  cudaMalloc(&DX, sizeof(double) * N);
  cudaMalloc(&DT, sizeof(double) * N);
  cudaMemcpy(DP, R.P.data(), sizeof(int) * N, cudaMemcpyHostToDevice);
  cudaMemcpy(DQ, R.Q.data(), sizeof(int) * N, cudaMemcpyHostToDevice);
  cudaMemcpy(DX, B.data(), sizeof(double) * N, cudaMemcpyHostToDevice);
  EXPECT_EQ(cusolverRfSolve(Rf, DP, DQ, 1, DT, N, DX, N),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<double> X(N);
  cudaMemcpy(X.data(), DX, sizeof(double) * N, cudaMemcpyDeviceToHost);
  for (void *P : {(void *)DP, (void *)DQ, (void *)DX, (void *)DT})
    cudaFree(P);
  return X;
}

TEST(CusolverRf, RefactorsNewValuesOfOnePattern) {
  Handles H;
  // A1: new values near A0's, as in a sequence of systems (A0's pivots suit it).
  Grid A0(12, 0.5, 4), A1(12, 0.6, 5);
  Refactorization R = analyse(H, A0);
  cusolverRfHandle_t Rf = makeRf();
  Grid A = A0;
  ASSERT_EQ(cusolverRfSetupHost(A.N, A.nnz(), A.RowPtr.data(), A.Cols.data(),
                                A.Values.data(), R.NnzL, R.F.LRowPtr.data(),
                                R.F.LCols.data(), R.F.LValues.data(), R.NnzU,
                                R.F.URowPtr.data(), R.F.UCols.data(),
                                R.F.UValues.data(), R.P.data(), R.Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_NOT_INITIALIZED);
  ASSERT_EQ(cusolverRfAnalyze(Rf), CUSOLVER_STATUS_SUCCESS);
  std::vector<double> B = rightHandSide(A.N);
  // The factors Setup was given solve A0.
  EXPECT_LT(A0.residual(solveRf(Rf, R, B), B), 1e-12);
  int NnzM = 0, *Mp = nullptr, *Mi = nullptr;
  double *Mx = nullptr;
  ASSERT_EQ(cusolverRfAccessBundledFactorsDevice(Rf, &NnzM, &Mp, &Mi, &Mx),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(NnzM, R.NnzL + R.NnzU);
  // Refactoring A0 itself gives back the factors csrlu made.
  std::vector<double> Factored(Mx, Mx + NnzM);
  ASSERT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  double Drift = 0;
  for (int K = 0; K < NnzM; ++K)
    Drift = std::max(Drift, std::fabs(Mx[K] - Factored[K]));
  EXPECT_LT(Drift, 1e-12);

  // New values of the same pattern, in device memory.
  int *DRowPtr, *DCols;
  double *DValues;
  cudaMalloc(&DRowPtr, sizeof(int) * (A.N + 1));
  cudaMalloc(&DCols, sizeof(int) * A.nnz());
  cudaMalloc(&DValues, sizeof(double) * A.nnz());
  cudaMemcpy(DRowPtr, A1.RowPtr.data(), sizeof(int) * (A.N + 1),
             cudaMemcpyHostToDevice);
  cudaMemcpy(DCols, A1.Cols.data(), sizeof(int) * A.nnz(),
             cudaMemcpyHostToDevice);
  cudaMemcpy(DValues, A1.Values.data(), sizeof(double) * A.nnz(),
             cudaMemcpyHostToDevice);
  std::vector<int> P = R.P, Q = R.Q;
  ASSERT_EQ(cusolverRfResetValues(A.N, A.nnz(), DRowPtr, DCols, DValues,
                                  P.data(), Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  std::vector<double> X = solveRf(Rf, R, B);
  EXPECT_LT(A1.residual(X, B), 1e-12);
  // Not A0's solution any more.
  EXPECT_GT(A0.residual(X, B), 1e-3);

  // The split factors rebuild P A1 Q^T.
  Factors S;
  int NnzL = 0, NnzU = 0, *Lp, *Li, *Up, *Ui;
  double *Lx, *Ux;
  ASSERT_EQ(cusolverRfExtractSplitFactorsHost(Rf, &NnzL, &Lp, &Li, &Lx, &NnzU,
                                              &Up, &Ui, &Ux),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(NnzL, R.NnzL);
  S.LRowPtr.assign(Lp, Lp + A.N + 1);
  S.LCols.assign(Li, Li + NnzL);
  S.LValues.assign(Lx, Lx + NnzL);
  S.URowPtr.assign(Up, Up + A.N + 1);
  S.UCols.assign(Ui, Ui + NnzU);
  S.UValues.assign(Ux, Ux + NnzU);
  S.P = R.P;
  S.Q = R.Q;
  EXPECT_LT(factorizationError(A1, S), 1e-12);
  for (void *Pointer : {(void *)Lp, (void *)Li, (void *)Lx, (void *)Up,
                        (void *)Ui, (void *)Ux})
    std::free(Pointer);

  // The fast mode off checks the pattern.
  ASSERT_EQ(cusolverRfSetResetValuesFastMode(
                Rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<int> OtherCols = A1.Cols;
  std::swap(OtherCols[0], OtherCols[1]);
  EXPECT_EQ(cusolverRfResetValues(A.N, A.nnz(), A1.RowPtr.data(),
                                  OtherCols.data(), A1.Values.data(),
                                  P.data(), Q.data(), Rf),
            CUSOLVER_STATUS_INVALID_VALUE);
  for (void *Pointer : {(void *)DRowPtr, (void *)DCols, (void *)DValues})
    cudaFree(Pointer);
  EXPECT_EQ(cusolverRfDestroy(Rf), CUSOLVER_STATUS_SUCCESS);
}

TEST(CusolverRf, BatchAndZeroPivots) {
  Handles H;
  Grid A0(8, 0.5, 6), A1(8, 0.6, 7), A2(8, 0.45, 8);
  Refactorization R = analyse(H, A0);
  cusolverRfHandle_t Rf = makeRf();
  double *Setup[] = {A0.Values.data(), A0.Values.data()};
  ASSERT_EQ(cusolverRfBatchSetupHost(
                2, A0.N, A0.nnz(), A0.RowPtr.data(), A0.Cols.data(), Setup,
                R.NnzL, R.F.LRowPtr.data(), R.F.LCols.data(),
                R.F.LValues.data(), R.NnzU, R.F.URowPtr.data(),
                R.F.UCols.data(), R.F.UValues.data(), R.P.data(), R.Q.data(),
                Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchAnalyze(Rf), CUSOLVER_STATUS_SUCCESS);
  double *Values[] = {A1.Values.data(), A2.Values.data()};
  ASSERT_EQ(cusolverRfBatchResetValues(2, A0.N, A0.nnz(), A0.RowPtr.data(),
                                       A0.Cols.data(), Values, R.P.data(),
                                       R.Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  std::vector<int> Position(2, 7);
  EXPECT_EQ(cusolverRfBatchZeroPivot(Rf, Position.data()),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Position, std::vector<int>({-1, -1}));
  std::vector<double> B = rightHandSide(A0.N), X1 = B, X2 = B,
                      Temp(2 * A0.N);
  double *XF[] = {X1.data(), X2.data()};
  ASSERT_EQ(cusolverRfBatchSolve(Rf, R.P.data(), R.Q.data(), 1, Temp.data(),
                                 A0.N, XF, A0.N),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_LT(A1.residual(X1, B), 1e-12);
  EXPECT_LT(A2.residual(X2, B), 1e-12);

  // A matrix that is all zeros: the first pivot is zero.
  std::vector<double> Zeros(A0.nnz(), 0.0);
  double *Singular[] = {A1.Values.data(), Zeros.data()};
  ASSERT_EQ(cusolverRfBatchResetValues(2, A0.N, A0.nnz(), A0.RowPtr.data(),
                                       A0.Cols.data(), Singular, R.P.data(),
                                       R.Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfBatchZeroPivot(Rf, Position.data()),
            CUSOLVER_STATUS_ZERO_PIVOT);
  EXPECT_EQ(Position, std::vector<int>({-1, 0}));
  // With a boost the zero pivots are replaced and reported.
  ASSERT_EQ(cusolverRfSetNumericProperties(Rf, 1e-20, 1.0),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchResetValues(2, A0.N, A0.nnz(), A0.RowPtr.data(),
                                       A0.Cols.data(), Singular, R.P.data(),
                                       R.Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  cusolverRfNumericBoostReport_t Report;
  ASSERT_EQ(cusolverRfGetNumericBoostReport(Rf, &Report),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Report, CUSOLVERRF_NUMERIC_BOOST_USED);
  EXPECT_EQ(cusolverRfDestroy(Rf), CUSOLVER_STATUS_SUCCESS);
}

TEST(CusolverRf, Refusals) {
  Handles H;
  Grid A(4, 4.0, 9);
  Refactorization R = analyse(H, A);
  cusolverRfHandle_t Rf = makeRf();
  auto Setup = [&] {
    return cusolverRfSetupHost(
        A.N, A.nnz(), A.RowPtr.data(), A.Cols.data(), A.Values.data(), R.NnzL,
        R.F.LRowPtr.data(), R.F.LCols.data(), R.F.LValues.data(), R.NnzU,
        R.F.URowPtr.data(), R.F.UCols.data(), R.F.UValues.data(), R.P.data(),
        R.Q.data(), Rf);
  };
  ASSERT_EQ(cusolverRfSetMatrixFormat(Rf, CUSOLVERRF_MATRIX_FORMAT_CSC,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Setup(), CUSOLVER_STATUS_NOT_SUPPORTED);
  ASSERT_EQ(cusolverRfSetMatrixFormat(Rf, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Setup(), CUSOLVER_STATUS_NOT_SUPPORTED);
  ASSERT_EQ(cusolverRfSetMatrixFormat(Rf, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L),
            CUSOLVER_STATUS_SUCCESS);
  // P must be a permutation.
  std::vector<int> BadP = R.P;
  BadP[0] = BadP[1];
  EXPECT_EQ(cusolverRfSetupHost(A.N, A.nnz(), A.RowPtr.data(), A.Cols.data(),
                                A.Values.data(), R.NnzL, R.F.LRowPtr.data(),
                                R.F.LCols.data(), R.F.LValues.data(), R.NnzU,
                                R.F.URowPtr.data(), R.F.UCols.data(),
                                R.F.UValues.data(), BadP.data(), R.Q.data(),
                                Rf),
            CUSOLVER_STATUS_INVALID_VALUE);
  EXPECT_EQ(Setup(), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetAlgs(Rf, CUSOLVERRF_FACTORIZATION_ALG0,
                              CUSOLVERRF_TRIANGULAR_SOLVE_ALG0),
            CUSOLVER_STATUS_INVALID_VALUE);
  EXPECT_EQ(cusolverRfSetupHost(A.N, A.nnz(), A.RowPtr.data(), A.Cols.data(),
                                A.Values.data(), R.NnzL, R.F.LRowPtr.data(),
                                R.F.LCols.data(), R.F.LValues.data(), R.NnzU,
                                R.F.URowPtr.data(), R.F.UCols.data(),
                                R.F.UValues.data(), R.P.data(), R.Q.data(),
                                nullptr),
            CUSOLVER_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(cusolverRfDestroy(Rf), CUSOLVER_STATUS_SUCCESS);
}

} // namespace
