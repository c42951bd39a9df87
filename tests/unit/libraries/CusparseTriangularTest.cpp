//===- CusparseTriangularTest.cpp - cuSPARSE's triangular solves, host ----===//
//
// Part of Rubicon. On the host target, in the four precisions:
// cusparseSpSV and csrsv2 by the residual of op(T) y = alpha x for each
// fill mode, operation and diagonal type (T the triangle the fill mode
// names, the rest of the matrix ignored); csrilu02 by ILU(0)'s defining
// property (L U)(i,j) = A(i,j) on A's pattern; csric02 by
// (L L^H)(i,j) = A(i,j) on the lower pattern; zero pivots.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"
#include "cusparse.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

template <class T> constexpr cudaDataType TypeOf = CUDA_R_32F;
template <> constexpr cudaDataType TypeOf<double> = CUDA_R_64F;
template <> constexpr cudaDataType TypeOf<cuComplex> = CUDA_C_32F;
template <> constexpr cudaDataType TypeOf<cuDoubleComplex> = CUDA_C_64F;

/// A square N x N CSR matrix (32-bit, base 0, sorted rows) with a full,
/// dominant diagonal and about a fifth of the rest nonzero; symmetric
/// (Hermitian) with a positive diagonal when \p Hermitian.
template <class T> struct Square {
  int N = 40;
  std::vector<Cd> Dense;
  std::vector<int> RowPtr, Cols;
  std::vector<T> Values;
  explicit Square(bool Hermitian, unsigned Seed = 5) {
    auto R = randomValues<T>(size_t(N) * N, Seed);
    auto Keep = randomValues<double>(size_t(N) * N, Seed + 1);
    Dense.assign(size_t(N) * N, 0);
    for (int I = 0; I < N; ++I)
      for (int J = 0; J < N; ++J) {
        if (Hermitian && J > I)
          continue;
        Cd V = I == J ? Cd(N, 0) + widen(R[I * N + J]).real()
                      : (Keep[I * N + J] > 0.6 ? widen(R[I * N + J]) : Cd(0));
        Dense[I * N + J] = V; // row-major here
        if (Hermitian)
          Dense[J * N + I] = std::conj(V);
      }
    if (Hermitian)
      for (int I = 0; I < N; ++I)
        Dense[I * N + I] = Dense[I * N + I].real();
    RowPtr.push_back(0);
    for (int I = 0; I < N; ++I) {
      for (int J = 0; J < N; ++J)
        if (Dense[I * N + J] != Cd(0)) {
          Cols.push_back(J);
          Values.push_back(narrow<T>(Dense[I * N + J]));
        }
      RowPtr.push_back(int(Cols.size()));
    }
  }
  Cd at(int I, int J) const { return Dense[I * N + J]; }
};

/// op(T)(i, j) for T the fill mode's triangle of A (unit diagonal if asked).
template <class T>
Cd opTriangle(const Square<T> &A, bool Lower, bool Unit, int Op, int I, int J) {
  if (Op != 0)
    std::swap(I, J);
  Cd V = (Lower ? J <= I : J >= I) ? A.at(I, J) : Cd(0);
  if (I == J && Unit)
    V = 1;
  return Op == 2 ? std::conj(V) : V;
}

template <class T>
void checkResidual(const Square<T> &A, bool Lower, bool Unit, int Op, Cd Alpha,
                   const std::vector<T> &X, const std::vector<T> &Y) {
  double Worst = 0;
  for (int I = 0; I < A.N; ++I) {
    Cd Sum = 0;
    for (int J = 0; J < A.N; ++J)
      Sum += opTriangle(A, Lower, Unit, Op, I, J) * widen(Y[J]);
    Worst = worse(Worst, std::abs(Sum - Alpha * widen(X[I])));
  }
  EXPECT_LT(Worst, Tolerance<T> * A.N)
      << "lower=" << Lower << " unit=" << Unit << " op=" << Op;
}

template <class T> void checkSpSV(cusparseHandle_t H) {
  Square<T> A(false);
  const cusparseOperation_t Ops[] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
                                     CUSPARSE_OPERATION_TRANSPOSE,
                                     CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
  for (bool Lower : {true, false})
    for (bool Unit : {false, true})
      for (int Op = 0; Op < 3; ++Op) {
        cusparseSpMatDescr_t M;
        ASSERT_EQ(cusparseCreateCsr(&M, A.N, A.N, int64_t(A.Values.size()),
                                    A.RowPtr.data(), A.Cols.data(),
                                    A.Values.data(), CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, TypeOf<T>),
                  CUSPARSE_STATUS_SUCCESS);
        cusparseFillMode_t Fill =
            Lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
        cusparseDiagType_t Diag =
            Unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
        ASSERT_EQ(cusparseSpMatSetAttribute(M, CUSPARSE_SPMAT_FILL_MODE, &Fill,
                                            sizeof(Fill)),
                  CUSPARSE_STATUS_SUCCESS);
        ASSERT_EQ(cusparseSpMatSetAttribute(M, CUSPARSE_SPMAT_DIAG_TYPE, &Diag,
                                            sizeof(Diag)),
                  CUSPARSE_STATUS_SUCCESS);
        std::vector<T> X = randomValues<T>(A.N, 7), Y(A.N, narrow<T>(0));
        cusparseDnVecDescr_t VX, VY;
        ASSERT_EQ(cusparseCreateDnVec(&VX, A.N, X.data(), TypeOf<T>),
                  CUSPARSE_STATUS_SUCCESS);
        ASSERT_EQ(cusparseCreateDnVec(&VY, A.N, Y.data(), TypeOf<T>),
                  CUSPARSE_STATUS_SUCCESS);
        Cd AlphaD = IsComplex<T> ? Cd(1.5, -0.5) : Cd(1.5);
        T Alpha = narrow<T>(AlphaD);
        cusparseSpSVDescr_t D;
        ASSERT_EQ(cusparseSpSV_createDescr(&D), CUSPARSE_STATUS_SUCCESS);
        size_t Size = 1;
        ASSERT_EQ(cusparseSpSV_bufferSize(H, Ops[Op], &Alpha, M, VX, VY,
                                          TypeOf<T>, CUSPARSE_SPSV_ALG_DEFAULT,
                                          D, &Size),
                  CUSPARSE_STATUS_SUCCESS);
        ASSERT_EQ(cusparseSpSV_analysis(H, Ops[Op], &Alpha, M, VX, VY,
                                        TypeOf<T>, CUSPARSE_SPSV_ALG_DEFAULT,
                                        D, nullptr),
                  CUSPARSE_STATUS_SUCCESS);
        ASSERT_EQ(cusparseSpSV_solve(H, Ops[Op], &Alpha, M, VX, VY, TypeOf<T>,
                                     CUSPARSE_SPSV_ALG_DEFAULT, D),
                  CUSPARSE_STATUS_SUCCESS);
        checkResidual(A, Lower, Unit, Op, AlphaD, X, Y);
        cusparseSpSV_destroyDescr(D);
        cusparseDestroyDnVec(VX);
        cusparseDestroyDnVec(VY);
        cusparseDestroySpMat(M);
      }
}

#define LEGACY(P, T)                                                           \
  cusparseStatus_t ilu(cusparseHandle_t H, int M, int Nnz,                     \
                       cusparseMatDescr_t D, T *V, const int *R, const int *C, \
                       csrilu02Info_t I) {                                     \
    int Size = 0;                                                              \
    if (cusparseStatus_t S =                                                   \
            cusparse##P##csrilu02_bufferSize(H, M, Nnz, D, V, R, C, I, &Size)) \
      return S;                                                                \
    if (cusparseStatus_t S = cusparse##P##csrilu02_analysis(                   \
            H, M, Nnz, D, V, R, C, I, CUSPARSE_SOLVE_POLICY_USE_LEVEL,         \
            nullptr))                                                          \
      return S;                                                                \
    return cusparse##P##csrilu02(H, M, Nnz, D, V, R, C, I,                     \
                                 CUSPARSE_SOLVE_POLICY_USE_LEVEL, nullptr);    \
  }                                                                            \
  cusparseStatus_t ic(cusparseHandle_t H, int M, int Nnz,                      \
                      cusparseMatDescr_t D, T *V, const int *R, const int *C,  \
                      csric02Info_t I) {                                       \
    if (cusparseStatus_t S = cusparse##P##csric02_analysis(                    \
            H, M, Nnz, D, V, R, C, I, CUSPARSE_SOLVE_POLICY_NO_LEVEL,          \
            nullptr))                                                          \
      return S;                                                                \
    return cusparse##P##csric02(H, M, Nnz, D, V, R, C, I,                      \
                                CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr);      \
  }                                                                            \
  cusparseStatus_t sv2(cusparseHandle_t H, cusparseOperation_t Op, int M,      \
                       int Nnz, const T *Alpha, cusparseMatDescr_t D,          \
                       const T *V, const int *R, const int *C, csrsv2Info_t I, \
                       const T *F, T *X) {                                     \
    if (cusparseStatus_t S = cusparse##P##csrsv2_analysis(                     \
            H, Op, M, Nnz, D, V, R, C, I, CUSPARSE_SOLVE_POLICY_USE_LEVEL,     \
            nullptr))                                                          \
      return S;                                                                \
    return cusparse##P##csrsv2_solve(H, Op, M, Nnz, Alpha, D, V, R, C, I, F,   \
                                     X, CUSPARSE_SOLVE_POLICY_USE_LEVEL,       \
                                     nullptr);                                 \
  }
LEGACY(S, float)
LEGACY(D, double)
LEGACY(C, cuComplex)
LEGACY(Z, cuDoubleComplex)
#undef LEGACY

template <class T> void checkIlu0(cusparseHandle_t H) {
  Square<T> A(false);
  cusparseMatDescr_t D;
  ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
  csrilu02Info_t Info;
  ASSERT_EQ(cusparseCreateCsrilu02Info(&Info), CUSPARSE_STATUS_SUCCESS);
  std::vector<T> LU = A.Values;
  ASSERT_EQ(ilu(H, A.N, int(LU.size()), D, LU.data(), A.RowPtr.data(),
                A.Cols.data(), Info),
            CUSPARSE_STATUS_SUCCESS);
  int Position = 7;
  EXPECT_EQ(cusparseXcsrilu02_zeroPivot(H, Info, &Position),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Position, -1);
  // L (unit lower) and U (upper) in dense form, then (L U)(i,j) = A(i,j)
  // wherever A has an entry.
  std::vector<Cd> L(size_t(A.N) * A.N, 0), U(size_t(A.N) * A.N, 0);
  for (int I = 0; I < A.N; ++I) {
    L[I * A.N + I] = 1;
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K)
      (A.Cols[K] < I ? L : U)[I * A.N + A.Cols[K]] = widen(LU[K]);
  }
  double Worst = 0;
  for (int I = 0; I < A.N; ++I)
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K) {
      int J = A.Cols[K];
      Cd Sum = 0;
      for (int P = 0; P < A.N; ++P)
        Sum += L[I * A.N + P] * U[P * A.N + J];
      Worst = worse(Worst, std::abs(Sum - A.at(I, J)));
    }
  EXPECT_LT(Worst, Tolerance<T> * A.N * A.N);
  cusparseDestroyCsrilu02Info(Info);
  cusparseDestroyMatDescr(D);
}

template <class T> void checkIc0(cusparseHandle_t H) {
  Square<T> A(true);
  // The lower triangle in CSR (the upper part is left alone by csric02;
  // give only the lower part).
  std::vector<int> RowPtr{0}, Cols;
  std::vector<T> Values;
  for (int I = 0; I < A.N; ++I) {
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K)
      if (A.Cols[K] <= I) {
        Cols.push_back(A.Cols[K]);
        Values.push_back(A.Values[K]);
      }
    RowPtr.push_back(int(Cols.size()));
  }
  cusparseMatDescr_t D;
  ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
  csric02Info_t Info;
  ASSERT_EQ(cusparseCreateCsric02Info(&Info), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(ic(H, A.N, int(Values.size()), D, Values.data(), RowPtr.data(),
               Cols.data(), Info),
            CUSPARSE_STATUS_SUCCESS);
  int Position = 7;
  EXPECT_EQ(cusparseXcsric02_zeroPivot(H, Info, &Position),
            CUSPARSE_STATUS_SUCCESS);
  std::vector<Cd> L(size_t(A.N) * A.N, 0);
  for (int I = 0; I < A.N; ++I)
    for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K)
      L[I * A.N + Cols[K]] = widen(Values[K]);
  double Worst = 0;
  for (int I = 0; I < A.N; ++I)
    for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K) {
      int J = Cols[K];
      Cd Sum = 0;
      for (int P = 0; P < A.N; ++P)
        Sum += L[I * A.N + P] * std::conj(L[J * A.N + P]);
      Worst = worse(Worst, std::abs(Sum - A.at(I, J)));
    }
  EXPECT_LT(Worst, Tolerance<T> * A.N * A.N);
  cusparseDestroyCsric02Info(Info);
  cusparseDestroyMatDescr(D);
}

template <class T> void checkCsrsv2(cusparseHandle_t H) {
  Square<T> A(false, 9);
  const cusparseOperation_t Ops[] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
                                     CUSPARSE_OPERATION_TRANSPOSE,
                                     CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
  for (bool Lower : {true, false})
    for (bool Unit : {false, true})
      for (int Op = 0; Op < 3; ++Op) {
        cusparseMatDescr_t D;
        ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
        cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_TRIANGULAR);
        cusparseSetMatFillMode(D, Lower ? CUSPARSE_FILL_MODE_LOWER
                                        : CUSPARSE_FILL_MODE_UPPER);
        cusparseSetMatDiagType(D, Unit ? CUSPARSE_DIAG_TYPE_UNIT
                                       : CUSPARSE_DIAG_TYPE_NON_UNIT);
        csrsv2Info_t Info;
        ASSERT_EQ(cusparseCreateCsrsv2Info(&Info), CUSPARSE_STATUS_SUCCESS);
        std::vector<T> F = randomValues<T>(A.N, 3), X(A.N);
        T Alpha = narrow<T>(2);
        ASSERT_EQ(sv2(H, Ops[Op], A.N, int(A.Values.size()), &Alpha, D,
                      A.Values.data(), A.RowPtr.data(), A.Cols.data(), Info,
                      F.data(), X.data()),
                  CUSPARSE_STATUS_SUCCESS);
        checkResidual(A, Lower, Unit, Op, 2, F, X);
        cusparseDestroyCsrsv2Info(Info);
        cusparseDestroyMatDescr(D);
      }
}

class CusparseTriangular : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  }
  void TearDown() override { cusparseDestroy(H); }
  cusparseHandle_t H = nullptr;
};

TEST_F(CusparseTriangular, SpSVSolvesEveryTriangleAndOperation) {
  checkSpSV<float>(H);
  checkSpSV<double>(H);
  checkSpSV<cuComplex>(H);
  checkSpSV<cuDoubleComplex>(H);
}

TEST_F(CusparseTriangular, Csrsv2SolvesEveryTriangleAndOperation) {
  checkCsrsv2<float>(H);
  checkCsrsv2<double>(H);
  checkCsrsv2<cuComplex>(H);
  checkCsrsv2<cuDoubleComplex>(H);
}

TEST_F(CusparseTriangular, Ilu0MatchesAOnItsPattern) {
  checkIlu0<float>(H);
  checkIlu0<double>(H);
  checkIlu0<cuComplex>(H);
  checkIlu0<cuDoubleComplex>(H);
}

TEST_F(CusparseTriangular, Ic0MatchesAOnItsLowerPattern) {
  checkIc0<float>(H);
  checkIc0<double>(H);
  checkIc0<cuComplex>(H);
  checkIc0<cuDoubleComplex>(H);
}

TEST_F(CusparseTriangular, ZeroPivots) {
  // Row 1 has no diagonal entry (base 1 descriptor: position 2); row 2's
  // pivot becomes zero numerically: [[1,1],[1,1]] block.
  int RowPtr[] = {1, 2, 3, 5};
  int Cols[] = {1, 1, 1, 3};
  double Values[] = {1, 1, 1, 1};
  cusparseMatDescr_t D;
  ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
  cusparseSetMatIndexBase(D, CUSPARSE_INDEX_BASE_ONE);
  csrilu02Info_t Info;
  ASSERT_EQ(cusparseCreateCsrilu02Info(&Info), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseDcsrilu02_analysis(H, 3, 4, D, Values, RowPtr, Cols, Info,
                                       CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  int Position = -7;
  EXPECT_EQ(cusparseXcsrilu02_zeroPivot(H, Info, &Position),
            CUSPARSE_STATUS_ZERO_PIVOT);
  EXPECT_EQ(Position, 2);
  // A numerical zero: [[1,1],[1,1]] has U(2,2) = 0.
  int R2[] = {0, 2, 4};
  int C2[] = {0, 1, 0, 1};
  double V2[] = {1, 1, 1, 1};
  cusparseSetMatIndexBase(D, CUSPARSE_INDEX_BASE_ZERO);
  ASSERT_EQ(ilu(H, 2, 4, D, V2, R2, C2, Info), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseXcsrilu02_zeroPivot(H, Info, &Position),
            CUSPARSE_STATUS_ZERO_PIVOT);
  EXPECT_EQ(Position, 1);
  EXPECT_EQ(cusparseDcsrilu02(H, -1, 4, D, V2, R2, C2, Info,
                              CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr),
            CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroyCsrilu02Info(Info);
  cusparseDestroyMatDescr(D);
}

} // namespace
