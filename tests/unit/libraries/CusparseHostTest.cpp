//===- CusparseHostTest.cpp - cuSPARSE's generic API on the host ----------===//
//
// Part of Rubicon. One random sparse matrix in CSR (32-bit, base 0), CSC
// (64-bit, base 1) and COO; SpMV and SpMM under every operation, with alpha
// and beta, against the dense product in double precision, in four value
// types; dense <-> sparse conversions round trip; argument errors.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"
#include "cusparse.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <type_traits>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

template <class T> constexpr cudaDataType TypeOf = CUDA_R_32F;
template <> constexpr cudaDataType TypeOf<double> = CUDA_R_64F;
template <> constexpr cudaDataType TypeOf<cuComplex> = CUDA_C_32F;
template <> constexpr cudaDataType TypeOf<cuDoubleComplex> = CUDA_C_64F;

/// A dense column-major M x N matrix with about a quarter of its entries
/// nonzero, and its three sparse forms.
template <class T> struct Sparse {
  int M = 30, N = 20;
  std::vector<T> Dense;
  std::vector<int32_t> CsrOffsets, CsrCols;
  std::vector<int64_t> CscOffsets, CscRows; // base 1
  std::vector<int32_t> CooRows, CooCols;
  std::vector<T> CsrValues, CscValues, CooValues;

  Sparse() {
    std::vector<T> R = randomValues<T>(size_t(M) * N, 11);
    std::vector<double> Keep = randomValues<double>(size_t(M) * N, 12);
    Dense.assign(size_t(M) * N, narrow<T>(0));
    for (size_t I = 0; I < Dense.size(); ++I)
      if (Keep[I] > 0.5)
        Dense[I] = R[I];
    CsrOffsets.push_back(0);
    for (int I = 0; I < M; ++I) {
      for (int J = 0; J < N; ++J)
        if (widen(Dense[size_t(J) * M + I]) != Cd(0)) {
          CsrCols.push_back(J);
          CsrValues.push_back(Dense[size_t(J) * M + I]);
          CooRows.push_back(I);
          CooCols.push_back(J);
          CooValues.push_back(Dense[size_t(J) * M + I]);
        }
      CsrOffsets.push_back(int32_t(CsrCols.size()));
    }
    CscOffsets.push_back(1);
    for (int J = 0; J < N; ++J) {
      for (int I = 0; I < M; ++I)
        if (widen(Dense[size_t(J) * M + I]) != Cd(0)) {
          CscRows.push_back(I + 1);
          CscValues.push_back(Dense[size_t(J) * M + I]);
        }
      CscOffsets.push_back(int64_t(CscRows.size()) + 1);
    }
  }
  int64_t nnz() const { return int64_t(CsrValues.size()); }
};

template <class T> class CusparseHost : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(ForceHost, 0);
    ASSERT_EQ(cusparseCreate(&Handle), CUSPARSE_STATUS_SUCCESS);
    cudaDataType Type = TypeOf<T>;
    ASSERT_EQ(cusparseCreateCsr(&Formats[0], S.M, S.N, S.nnz(), S.CsrOffsets.data(),
                                S.CsrCols.data(), S.CsrValues.data(), CUSPARSE_INDEX_32I,
                                CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, Type),
              CUSPARSE_STATUS_SUCCESS);
    ASSERT_EQ(cusparseCreateCsc(&Formats[1], S.M, S.N, S.nnz(), S.CscOffsets.data(),
                                S.CscRows.data(), S.CscValues.data(), CUSPARSE_INDEX_64I,
                                CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ONE, Type),
              CUSPARSE_STATUS_SUCCESS);
    ASSERT_EQ(cusparseCreateCoo(&Formats[2], S.M, S.N, S.nnz(), S.CooRows.data(),
                                S.CooCols.data(), S.CooValues.data(), CUSPARSE_INDEX_32I,
                                CUSPARSE_INDEX_BASE_ZERO, Type),
              CUSPARSE_STATUS_SUCCESS);
  }
  void TearDown() override {
    for (cusparseSpMatDescr_t F : Formats)
      cusparseDestroySpMat(F);
    cusparseDestroy(Handle);
  }
  cusparseHandle_t Handle = nullptr;
  Sparse<T> S;
  cusparseSpMatDescr_t Formats[3] = {};
};

using ValueTypes = ::testing::Types<float, double, cuComplex, cuDoubleComplex>;
TYPED_TEST_SUITE(CusparseHost, ValueTypes);

/// op(A)(I, J) of the dense column-major M x N matrix.
template <class T>
Cd opElement(const std::vector<T> &A, int M, cusparseOperation_t Op, int I, int J) {
  if (Op == CUSPARSE_OPERATION_NON_TRANSPOSE)
    return widen(A[size_t(J) * M + I]);
  Cd V = widen(A[size_t(I) * M + J]);
  return Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE ? std::conj(V) : V;
}

TYPED_TEST(CusparseHost, SpMVEveryFormatAndOperation) {
  using T = TypeParam;
  auto &S = this->S;
  T Alpha = narrow<T>(Cd(1.5, -0.5)), Beta = narrow<T>(Cd(-0.75, 0.25));
  for (cusparseOperation_t Op :
       {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
        CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE}) {
    bool N = Op == CUSPARSE_OPERATION_NON_TRANSPOSE;
    int Rows = N ? S.M : S.N, Cols = N ? S.N : S.M;
    std::vector<T> X = randomValues<T>(Cols, 13), Y0 = randomValues<T>(Rows, 14);
    std::vector<Cd> Want(Rows);
    for (int I = 0; I < Rows; ++I) {
      Cd Sum = 0;
      for (int J = 0; J < Cols; ++J)
        Sum += opElement(S.Dense, S.M, Op, I, J) * widen(X[J]);
      Want[I] = widen(Alpha) * Sum + widen(Beta) * widen(Y0[I]);
    }
    for (int F = 0; F < 3; ++F) {
      std::vector<T> Y = Y0;
      cusparseDnVecDescr_t VX, VY;
      ASSERT_EQ(cusparseCreateDnVec(&VX, Cols, X.data(), TypeOf<T>), CUSPARSE_STATUS_SUCCESS);
      ASSERT_EQ(cusparseCreateDnVec(&VY, Rows, Y.data(), TypeOf<T>), CUSPARSE_STATUS_SUCCESS);
      size_t Size = 1;
      ASSERT_EQ(cusparseSpMV_bufferSize(this->Handle, Op, &Alpha, this->Formats[F], VX,
                                        &Beta, VY, TypeOf<T>, CUSPARSE_SPMV_ALG_DEFAULT,
                                        &Size),
                CUSPARSE_STATUS_SUCCESS);
      ASSERT_EQ(cusparseSpMV(this->Handle, Op, &Alpha, this->Formats[F], VX, &Beta, VY,
                             TypeOf<T>, CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
                CUSPARSE_STATUS_SUCCESS);
      EXPECT_LT(maxError(Y, Want, Rows, 1, Rows), Tolerance<T>)
          << "format " << F << " op " << Op;
      cusparseDestroyDnVec(VX);
      cusparseDestroyDnVec(VY);
    }
  }
}

TYPED_TEST(CusparseHost, SpMMBothOrdersAndOperations) {
  using T = TypeParam;
  auto &S = this->S;
  const int K = 7; // columns of C
  T Alpha = narrow<T>(Cd(0.5, 1.0)), Beta = narrow<T>(Cd(2.0, 0.0));
  for (cusparseOperation_t OpA :
       {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE})
    for (cusparseOperation_t OpB :
         {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE})
      for (cusparseOrder_t Order : {CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW}) {
        bool NA = OpA == CUSPARSE_OPERATION_NON_TRANSPOSE;
        int M = NA ? S.M : S.N, Inner = NA ? S.N : S.M;
        // op(B) is Inner x K: B is Inner x K or K x Inner.
        int BRows = OpB == CUSPARSE_OPERATION_NON_TRANSPOSE ? Inner : K;
        int BCols = OpB == CUSPARSE_OPERATION_NON_TRANSPOSE ? K : Inner;
        bool Col = Order == CUSPARSE_ORDER_COL;
        int Ldb = (Col ? BRows : BCols) + 2, Ldc = (Col ? M : K) + 3;
        std::vector<T> B = randomValues<T>(size_t(Ldb) * (Col ? BCols : BRows), 15);
        std::vector<T> C0 = randomValues<T>(size_t(Ldc) * (Col ? K : M), 16);
        auto At = [&](const std::vector<T> &V, int Ld, int I, int J) {
          return Col ? V[size_t(J) * Ld + I] : V[size_t(I) * Ld + J];
        };
        std::vector<Cd> Want(size_t(M) * K);
        for (int I = 0; I < M; ++I)
          for (int J = 0; J < K; ++J) {
            Cd Sum = 0;
            for (int L = 0; L < Inner; ++L)
              Sum += opElement(S.Dense, S.M, OpA, I, L) *
                     widen(OpB == CUSPARSE_OPERATION_NON_TRANSPOSE ? At(B, Ldb, L, J)
                                                                   : At(B, Ldb, J, L));
            Want[size_t(J) * M + I] = widen(Alpha) * Sum + widen(Beta) * widen(At(C0, Ldc, I, J));
          }
        for (int F = 0; F < 3; ++F) {
          std::vector<T> C = C0;
          cusparseDnMatDescr_t MB, MC;
          ASSERT_EQ(cusparseCreateDnMat(&MB, BRows, BCols, Ldb, B.data(), TypeOf<T>, Order),
                    CUSPARSE_STATUS_SUCCESS);
          ASSERT_EQ(cusparseCreateDnMat(&MC, M, K, Ldc, C.data(), TypeOf<T>, Order),
                    CUSPARSE_STATUS_SUCCESS);
          ASSERT_EQ(cusparseSpMM(this->Handle, OpA, OpB, &Alpha, this->Formats[F], MB, &Beta,
                                 MC, TypeOf<T>, CUSPARSE_SPMM_ALG_DEFAULT, nullptr),
                    CUSPARSE_STATUS_SUCCESS);
          std::vector<T> Got(size_t(M) * K);
          for (int I = 0; I < M; ++I)
            for (int J = 0; J < K; ++J)
              Got[size_t(J) * M + I] = At(C, Ldc, I, J);
          EXPECT_LT(maxError(Got, Want, M, K, M), Tolerance<T> * 10)
              << "format " << F << " opA " << OpA << " opB " << OpB << " order " << Order;
          cusparseDestroyDnMat(MB);
          cusparseDestroyDnMat(MC);
        }
      }
}

TYPED_TEST(CusparseHost, DenseAndSparseRoundTrip) {
  using T = TypeParam;
  auto &S = this->S;
  // Sparse to dense, from each format.
  for (int F = 0; F < 3; ++F) {
    std::vector<T> D(size_t(S.M) * S.N, narrow<T>(Cd(9, 9)));
    cusparseDnMatDescr_t MD;
    ASSERT_EQ(cusparseCreateDnMat(&MD, S.M, S.N, S.M, D.data(), TypeOf<T>, CUSPARSE_ORDER_COL),
              CUSPARSE_STATUS_SUCCESS);
    ASSERT_EQ(cusparseSparseToDense(this->Handle, this->Formats[F], MD,
                                    CUSPARSE_SPARSETODENSE_ALG_DEFAULT, nullptr),
              CUSPARSE_STATUS_SUCCESS);
    std::vector<Cd> Want(D.size());
    for (size_t I = 0; I < D.size(); ++I)
      Want[I] = widen(S.Dense[I]);
    EXPECT_EQ(maxError(D, Want, S.M, S.N, S.M), 0.0) << "format " << F;
    cusparseDestroyDnMat(MD);
  }
  // Dense to CSR: analysis gives nnz and the offsets, convert the rest.
  std::vector<T> D = S.Dense;
  cusparseDnMatDescr_t MD;
  ASSERT_EQ(cusparseCreateDnMat(&MD, S.M, S.N, S.M, D.data(), TypeOf<T>, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  std::vector<int32_t> Offsets(S.M + 1);
  cusparseSpMatDescr_t Csr;
  ASSERT_EQ(cusparseCreateCsr(&Csr, S.M, S.N, 0, Offsets.data(), nullptr, nullptr,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ZERO, TypeOf<T>),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseDenseToSparse_analysis(this->Handle, MD, Csr,
                                           CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  int64_t Rows, Cols, Nnz;
  ASSERT_EQ(cusparseSpMatGetSize(Csr, &Rows, &Cols, &Nnz), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Nnz, S.nnz());
  std::vector<int32_t> Columns(Nnz);
  std::vector<T> Values(Nnz);
  ASSERT_EQ(cusparseCsrSetPointers(Csr, Offsets.data(), Columns.data(), Values.data()),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseDenseToSparse_convert(this->Handle, MD, Csr,
                                          CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Offsets, S.CsrOffsets);
  EXPECT_EQ(Columns, S.CsrCols);
  bool SameValues = true;
  for (int64_t I = 0; I < Nnz; ++I)
    SameValues &= widen(Values[I]) == widen(S.CsrValues[I]);
  EXPECT_TRUE(SameValues);
  cusparseDestroySpMat(Csr);
  cusparseDestroyDnMat(MD);
}

TYPED_TEST(CusparseHost, ArgumentErrors) {
  using T = TypeParam;
  auto &S = this->S;
  std::vector<T> X(S.M), Y(S.M);
  cusparseDnVecDescr_t VX, VY;
  ASSERT_EQ(cusparseCreateDnVec(&VX, S.M, X.data(), TypeOf<T>), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&VY, S.M, Y.data(), TypeOf<T>), CUSPARSE_STATUS_SUCCESS);
  T One = narrow<T>(1);
  // x must have as many entries as A has columns (20, not 30).
  EXPECT_EQ(cusparseSpMV(this->Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &One,
                         this->Formats[0], VX, &One, VY, TypeOf<T>,
                         CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
            CUSPARSE_STATUS_INVALID_VALUE);
  EXPECT_EQ(cusparseSpMV(nullptr, CUSPARSE_OPERATION_TRANSPOSE, &One, this->Formats[0],
                         VX, &One, VY, TypeOf<T>, CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
            CUSPARSE_STATUS_NOT_INITIALIZED);
  cusparseSpMatDescr_t Bad;
  EXPECT_EQ(cusparseCreateCsr(&Bad, 2, 2, 1, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, TypeOf<T>),
            CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroyDnVec(VX);
  cusparseDestroyDnVec(VY);
}

TEST(CusparseHostLegacy, MatrixDescriptors) {
  cusparseMatDescr_t D;
  ASSERT_EQ(cusparseCreateMatDescr(&D), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseGetMatType(D), CUSPARSE_MATRIX_TYPE_GENERAL);
  EXPECT_EQ(cusparseGetMatIndexBase(D), CUSPARSE_INDEX_BASE_ZERO);
  ASSERT_EQ(cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_TRIANGULAR), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSetMatIndexBase(D, CUSPARSE_INDEX_BASE_ONE), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseGetMatType(D), CUSPARSE_MATRIX_TYPE_TRIANGULAR);
  EXPECT_EQ(cusparseGetMatIndexBase(D), CUSPARSE_INDEX_BASE_ONE);
  EXPECT_EQ(cusparseSetMatIndexBase(D, cusparseIndexBase_t(7)), CUSPARSE_STATUS_INVALID_VALUE);
  EXPECT_EQ(cusparseDestroyMatDescr(D), CUSPARSE_STATUS_SUCCESS);
}

// Sparse vectors: y[idx[k]] = x[k] (scatter, base 1 here) and back (gather).
TEST(CusparseHostVectors, ScatterAndGather) {
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  int64_t Indices[] = {4, 1, 3};
  double Values[] = {10, 20, 30}, Y[5] = {1, 2, 3, 4, 5};
  cusparseSpVecDescr_t X;
  ASSERT_EQ(cusparseCreateSpVec(&X, 5, 3, Indices, Values, CUSPARSE_INDEX_64I,
                                CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  cusparseDnVecDescr_t DY;
  ASSERT_EQ(cusparseCreateDnVec(&DY, 5, Y, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseScatter(H, X, DY), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(std::vector<double>(Y, Y + 5),
            (std::vector<double>{20, 2, 30, 10, 5}));
  Y[0] = -1;
  Y[2] = -3;
  Y[3] = -4;
  ASSERT_EQ(cusparseGather(H, DY, X), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(std::vector<double>(Values, Values + 3),
            (std::vector<double>{-4, -1, -3}));
  cusparseSpVecDescr_t Bad;
  EXPECT_EQ(cusparseCreateSpVec(&Bad, 2, 3, Indices, Values,
                                CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ONE,
                                CUDA_R_64F),
            CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroySpVec(X);
  cusparseDestroyDnVec(DY);
  cusparseDestroy(H);
}

} // namespace

namespace {

// BSR on the host target: a 4 x 6 matrix of 2 x 3 blocks (block rows 0 and
// 1, block columns 1 and 0), in both block orders, against its dense form.
TEST(CusparseHostBsr, SpMVBothBlockOrders) {
  ASSERT_EQ(ForceHost, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  int Offsets[] = {0, 1, 2}, Cols[] = {1, 0};
  // Dense A (row-major 4 x 6).
  double A[4][6] = {};
  double RowMajor[12], ColMajor[12];
  for (int K = 0; K < 2; ++K)
    for (int R = 0; R < 2; ++R)
      for (int C = 0; C < 3; ++C) {
        double V = 1 + K * 6 + R * 3 + C;
        A[K * 2 + R][Cols[K] * 3 + C] = V;
        RowMajor[K * 6 + R * 3 + C] = V;
        ColMajor[K * 6 + R + C * 2] = V;
      }
  double X[6] = {1, -2, 3, 0.5, 4, -1}, Alpha = 2, Beta = 0;
  for (auto [Order, Values] : {std::pair{CUSPARSE_ORDER_ROW, RowMajor},
                               std::pair{CUSPARSE_ORDER_COL, ColMajor}}) {
    cusparseSpMatDescr_t M;
    ASSERT_EQ(cusparseCreateBsr(&M, 2, 2, 2, 2, 3, Offsets, Cols, Values,
                                CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F, Order),
              CUSPARSE_STATUS_SUCCESS);
    int64_t Rows, Columns, Nnz;
    ASSERT_EQ(cusparseSpMatGetSize(M, &Rows, &Columns, &Nnz), CUSPARSE_STATUS_SUCCESS);
    EXPECT_EQ(Rows, 4);
    EXPECT_EQ(Columns, 6);
    double Y[4] = {};
    cusparseDnVecDescr_t VX, VY;
    ASSERT_EQ(cusparseCreateDnVec(&VX, 6, X, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
    ASSERT_EQ(cusparseCreateDnVec(&VY, 4, Y, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
    ASSERT_EQ(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, M, VX, &Beta,
                           VY, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
              CUSPARSE_STATUS_SUCCESS);
    for (int I = 0; I < 4; ++I) {
      double Want = 0;
      for (int J = 0; J < 6; ++J)
        Want += 2 * A[I][J] * X[J];
      EXPECT_EQ(Y[I], Want) << "row " << I << " order " << Order;
    }
    cusparseDestroyDnVec(VX);
    cusparseDestroyDnVec(VY);
    cusparseDestroySpMat(M);
  }
  int Bad[] = {0};
  cusparseSpMatDescr_t M;
  EXPECT_EQ(cusparseCreateBsr(&M, 1, 1, 0, 0, 2, Bad, Bad, Bad, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F,
                              CUSPARSE_ORDER_ROW),
            CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroy(H);
}

} // namespace

namespace {

// SpGEMM on the host target: C = alpha A B for random CSR matrices (A base
// 0, 32-bit; B base 1, 64-bit; C base 1, 64-bit offsets), against the dense
// product in double; cuSPARSE's steps and their errors.
TEST(CusparseHostSpGEMM, ProductOfRandomMatrices) {
  ASSERT_EQ(ForceHost, 0);
  const int M = 17, K = 13, N = 11;
  std::vector<double> RA = randomValues<double>(M * K, 21),
                      RB = randomValues<double>(K * N, 22),
                      KeepA = randomValues<double>(M * K, 23),
                      KeepB = randomValues<double>(K * N, 24);
  std::vector<double> DA(M * K, 0.0), DB(K * N, 0.0); // row-major
  std::vector<int32_t> AOff{0}, ACol;
  std::vector<double> AVal, BVal;
  for (int I = 0; I < M; ++I) {
    for (int J = 0; J < K; ++J)
      if (KeepA[I * K + J] > 0.6) {
        DA[I * K + J] = RA[I * K + J];
        ACol.push_back(J);
        AVal.push_back(RA[I * K + J]);
      }
    AOff.push_back(int32_t(ACol.size()));
  }
  std::vector<int64_t> BOff{1}, BCol;
  for (int I = 0; I < K; ++I) {
    for (int J = 0; J < N; ++J)
      if (KeepB[I * N + J] > 0.6) {
        DB[I * N + J] = RB[I * N + J];
        BCol.push_back(J + 1);
        BVal.push_back(RB[I * N + J]);
      }
    BOff.push_back(int64_t(BCol.size()) + 1);
  }
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  cusparseSpMatDescr_t A, B, C;
  ASSERT_EQ(cusparseCreateCsr(&A, M, K, int64_t(AVal.size()), AOff.data(), ACol.data(),
                              AVal.data(), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateCsr(&B, K, N, int64_t(BVal.size()), BOff.data(), BCol.data(),
                              BVal.data(), CUSPARSE_INDEX_64I, CUSPARSE_INDEX_64I,
                              CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  std::vector<int64_t> COff(M + 1);
  ASSERT_EQ(cusparseCreateCsr(&C, M, N, 0, COff.data(), nullptr, nullptr,
                              CUSPARSE_INDEX_64I, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  cusparseSpGEMMDescr_t D;
  ASSERT_EQ(cusparseSpGEMM_createDescr(&D), CUSPARSE_STATUS_SUCCESS);
  double Alpha = -1.5, Beta = 0;
  auto Op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  size_t Size1 = 7, Size2 = 7;
  char Buffer[1];
  // copy before compute: nothing to copy.
  EXPECT_EQ(cusparseSpGEMM_copy(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                CUSPARSE_SPGEMM_DEFAULT, D),
            CUSPARSE_STATUS_INVALID_VALUE);
  ASSERT_EQ(cusparseSpGEMM_workEstimation(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                          CUSPARSE_SPGEMM_DEFAULT, D, &Size1, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size1, 0u);
  ASSERT_EQ(cusparseSpGEMM_workEstimation(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                          CUSPARSE_SPGEMM_DEFAULT, D, &Size1, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  int64_t Products = 0, WantProducts = 0;
  for (int32_t J : ACol)
    WantProducts += BOff[J + 1] - BOff[J];
  ASSERT_EQ(cusparseSpGEMM_getNumProducts(D, &Products), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Products, WantProducts);
  ASSERT_EQ(cusparseSpGEMM_compute(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                   CUSPARSE_SPGEMM_DEFAULT, D, &Size2, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size2, 0u);
  ASSERT_EQ(cusparseSpGEMM_compute(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                   CUSPARSE_SPGEMM_DEFAULT, D, &Size2, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  int64_t Rows, Cols, Nnz;
  ASSERT_EQ(cusparseSpMatGetSize(C, &Rows, &Cols, &Nnz), CUSPARSE_STATUS_SUCCESS);
  // The structural product's pattern.
  int64_t WantNnz = 0;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      bool Any = false;
      for (int L = 0; L < K; ++L)
        Any |= DA[I * K + L] != 0 && DB[L * N + J] != 0;
      WantNnz += Any;
    }
  EXPECT_EQ(Nnz, WantNnz);
  std::vector<int32_t> CCol(Nnz);
  std::vector<double> CVal(Nnz);
  ASSERT_EQ(cusparseCsrSetPointers(C, COff.data(), CCol.data(), CVal.data()),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSpGEMM_copy(H, Op, Op, &Alpha, A, B, &Beta, C, CUDA_R_64F,
                                CUSPARSE_SPGEMM_DEFAULT, D),
            CUSPARSE_STATUS_SUCCESS);
  std::vector<double> Got(M * N, 0.0);
  EXPECT_EQ(COff[0], 1);
  EXPECT_EQ(COff[M], Nnz + 1);
  for (int I = 0; I < M; ++I)
    for (int64_t P = COff[I] - 1; P < COff[I + 1] - 1; ++P) {
      if (P > COff[I] - 1)
        EXPECT_LT(CCol[P - 1], CCol[P]); // columns ascending
      Got[I * N + CCol[P] - 1] = CVal[P];
    }
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      double Want = 0;
      for (int L = 0; L < K; ++L)
        Want += DA[I * K + L] * DB[L * N + J];
      EXPECT_NEAR(Got[I * N + J], Alpha * Want, 1e-12) << I << "," << J;
    }
  // cuSPARSE's limits: non-transposed CSR.
  EXPECT_EQ(cusparseSpGEMM_compute(H, CUSPARSE_OPERATION_TRANSPOSE, Op, &Alpha, A, B,
                                   &Beta, C, CUDA_R_64F, CUSPARSE_SPGEMM_DEFAULT, D,
                                   &Size2, Buffer),
            CUSPARSE_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(cusparseSpGEMM_compute(H, Op, Op, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                   CUSPARSE_SPGEMM_DEFAULT, D, &Size2, Buffer),
            CUSPARSE_STATUS_INVALID_VALUE); // 17 x 13 times 17 x 13
  cusparseSpGEMM_destroyDescr(D);
  cusparseDestroySpMat(A);
  cusparseDestroySpMat(B);
  cusparseDestroySpMat(C);
  cusparseDestroy(H);
}

} // namespace
