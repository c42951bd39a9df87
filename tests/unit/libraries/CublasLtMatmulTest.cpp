//===- CublasLtMatmulTest.cpp - cublasLtMatmul on the host target ---------===//
//
// Part of Rubicon. cublasLtMatmul against the naive reference: transposes,
// padded leading dimensions, alpha and beta with C distinct from D, strided
// batches, the bias/ReLU/GELU epilogues; the heuristic; attributes; what is
// refused (row order, gradient epilogues).
//
//===----------------------------------------------------------------------===//
#include "Reference.h"

#include "cublasLt.h"
#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

using namespace rubicon::testing;

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

template <class T> constexpr cudaDataType TypeOf = CUDA_R_32F;
template <> constexpr cudaDataType TypeOf<double> = CUDA_R_64F;
template <class T> constexpr cublasComputeType_t ComputeOf = CUBLAS_COMPUTE_32F;
template <> constexpr cublasComputeType_t ComputeOf<double> = CUBLAS_COMPUTE_64F;

struct Lt : ::testing::Test {
  void SetUp() override { ASSERT_EQ(cublasLtCreate(&H), CUBLAS_STATUS_SUCCESS); }
  void TearDown() override { cublasLtDestroy(H); }
  cublasLtHandle_t H = nullptr;
};

cublasLtMatrixLayout_t makeLayout(cudaDataType Type, uint64_t Rows,
                                  uint64_t Cols, int64_t Ld, int32_t Batch = 1,
                                  int64_t Stride = 0) {
  cublasLtMatrixLayout_t L = nullptr;
  EXPECT_EQ(cublasLtMatrixLayoutCreate(&L, Type, Rows, Cols, Ld),
            CUBLAS_STATUS_SUCCESS);
  if (Batch != 1) {
    EXPECT_EQ(cublasLtMatrixLayoutSetAttribute(
                  L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &Batch, sizeof(Batch)),
              CUBLAS_STATUS_SUCCESS);
    EXPECT_EQ(cublasLtMatrixLayoutSetAttribute(
                  L, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &Stride,
                  sizeof(Stride)),
              CUBLAS_STATUS_SUCCESS);
  }
  return L;
}

/// D = epilogue(alpha op(A) op(B) + beta C) for one epilogue, batched,
/// against the reference.
template <class T>
void checkMatmul(cublasLtHandle_t H, cublasOperation_t OpA,
                 cublasOperation_t OpB, cublasLtEpilogue_t Epilogue,
                 int Batch) {
  const int M = 33, N = 17, K = 21, Pad = 2;
  int RowsA = OpA == CUBLAS_OP_N ? M : K, ColsA = OpA == CUBLAS_OP_N ? K : M;
  int RowsB = OpB == CUBLAS_OP_N ? K : N, ColsB = OpB == CUBLAS_OP_N ? N : K;
  int Lda = RowsA + Pad, Ldb = RowsB + Pad, Ldc = M + Pad;
  int64_t SA = int64_t(Lda) * ColsA, SB = int64_t(Ldb) * ColsB,
          SC = int64_t(Ldc) * N;
  auto A = randomValues<T>(SA * Batch, 1), B = randomValues<T>(SB * Batch, 2);
  auto C = randomValues<T>(SC * Batch, 3), Bias = randomValues<T>(M * Batch, 4);
  std::vector<T> D(C.size(), T(-99));
  T Alpha = T(0.75), Beta = T(-0.5);
  cublasLtMatmulDesc_t Op;
  ASSERT_EQ(cublasLtMatmulDescCreate(&Op, ComputeOf<T>, TypeOf<T>),
            CUBLAS_STATUS_SUCCESS);
  int32_t TA = OpA, TB = OpB;
  uint32_t E = Epilogue;
  const void *BiasPtr = Bias.data();
  int64_t BiasStride = M;
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA,
                                           &TA, sizeof(TA)),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSB,
                                           &TB, sizeof(TB)),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                           &E, sizeof(E)),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(
                Op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &BiasPtr,
                sizeof(BiasPtr)),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(
                Op, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &BiasStride,
                sizeof(BiasStride)),
            CUBLAS_STATUS_SUCCESS);
  auto LA = makeLayout(TypeOf<T>, RowsA, ColsA, Lda, Batch, SA);
  auto LB = makeLayout(TypeOf<T>, RowsB, ColsB, Ldb, Batch, SB);
  auto LC = makeLayout(TypeOf<T>, M, N, Ldc, Batch, SC);
  auto LD = makeLayout(TypeOf<T>, M, N, Ldc, Batch, SC);
  cublasLtMatmulPreference_t Pref;
  ASSERT_EQ(cublasLtMatmulPreferenceCreate(&Pref), CUBLAS_STATUS_SUCCESS);
  cublasLtMatmulHeuristicResult_t Result;
  int Count = 0;
  ASSERT_EQ(cublasLtMatmulAlgoGetHeuristic(H, Op, LA, LB, LC, LD, Pref, 1,
                                           &Result, &Count),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(Count, 1);
  EXPECT_EQ(Result.workspaceSize, 0u);
  cudaStream_t Stream;
  ASSERT_EQ(cudaStreamCreate(&Stream), cudaSuccess);
  ASSERT_EQ(cublasLtMatmul(H, Op, &Alpha, A.data(), LA, B.data(), LB, &Beta,
                           C.data(), LC, D.data(), LD, &Result.algo, nullptr,
                           0, Stream),
            CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cudaStreamSynchronize(Stream), cudaSuccess);
  for (int I = 0; I < Batch; ++I) {
    std::vector<Cd> Want(SC);
    for (int64_t X = 0; X < SC; ++X)
      Want[X] = widen(C[I * SC + X]);
    referenceGemm(OpA == CUBLAS_OP_N ? 0 : 1, OpB == CUBLAS_OP_N ? 0 : 1, M,
                  N, K, double(Alpha), A.data() + I * SA, Lda,
                  B.data() + I * SB, Ldb, double(Beta), Want, Ldc);
    for (int J = 0; J < N; ++J)
      for (int R = 0; R < M; ++R) {
        double X = Want[J * Ldc + R].real();
        if (Epilogue & CUBLASLT_EPILOGUE_BIAS)
          X += double(Bias[I * M + R]);
        if (Epilogue == CUBLASLT_EPILOGUE_RELU ||
            Epilogue == CUBLASLT_EPILOGUE_RELU_BIAS)
          X = std::max(X, 0.0);
        if (Epilogue == CUBLASLT_EPILOGUE_GELU ||
            Epilogue == CUBLASLT_EPILOGUE_GELU_BIAS)
          X = 0.5 * X *
              (1 + std::tanh(std::sqrt(2 / M_PI) * (X + 0.044715 * X * X * X)));
        Want[J * Ldc + R] = X;
      }
    std::vector<T> Got(D.begin() + I * SC, D.begin() + (I + 1) * SC);
    EXPECT_LT(maxError(Got, Want, M, N, Ldc), Tolerance<T> * K)
        << "batch " << I << " epilogue " << Epilogue;
    // D's padding rows are not written.
    EXPECT_EQ(Got[M], T(-99));
  }
  cudaStreamDestroy(Stream);
  for (auto L : {LA, LB, LC, LD})
    cublasLtMatrixLayoutDestroy(L);
  cublasLtMatmulPreferenceDestroy(Pref);
  cublasLtMatmulDescDestroy(Op);
}

TEST_F(Lt, MatmulMatchesTheReference) {
  checkMatmul<float>(H, CUBLAS_OP_T, CUBLAS_OP_N, CUBLASLT_EPILOGUE_DEFAULT, 1);
  checkMatmul<double>(H, CUBLAS_OP_N, CUBLAS_OP_T, CUBLASLT_EPILOGUE_DEFAULT,
                      3);
}

TEST_F(Lt, Epilogues) {
  checkMatmul<double>(H, CUBLAS_OP_N, CUBLAS_OP_N, CUBLASLT_EPILOGUE_RELU_BIAS,
                      2);
  checkMatmul<float>(H, CUBLAS_OP_T, CUBLAS_OP_T, CUBLASLT_EPILOGUE_GELU_BIAS,
                     1);
  checkMatmul<float>(H, CUBLAS_OP_N, CUBLAS_OP_N, CUBLASLT_EPILOGUE_RELU, 1);
  checkMatmul<double>(H, CUBLAS_OP_N, CUBLAS_OP_N, CUBLASLT_EPILOGUE_BIAS, 1);
}

TEST_F(Lt, AttributesAndRefusals) {
  cublasLtMatmulDesc_t Op;
  ASSERT_EQ(cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F),
            CUBLAS_STATUS_SUCCESS);
  int32_t Trans = CUBLAS_OP_T;
  EXPECT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA,
                                           &Trans, 2),
            CUBLAS_STATUS_INVALID_VALUE);
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA,
                                           &Trans, sizeof(Trans)),
            CUBLAS_STATUS_SUCCESS);
  int32_t Read = 0;
  size_t Written = 0;
  ASSERT_EQ(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA,
                                           nullptr, 0, &Written),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Written, sizeof(int32_t));
  ASSERT_EQ(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA,
                                           &Read, sizeof(Read), &Written),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Read, CUBLAS_OP_T);
  float X[16] = {}, Alpha = 1, Beta = 0;
  auto L = makeLayout(CUDA_R_32F, 4, 4, 4);
  cublasLtMatmulPreference_t Pref;
  ASSERT_EQ(cublasLtMatmulPreferenceCreate(&Pref), CUBLAS_STATUS_SUCCESS);
  uint64_t Workspace = 1 << 20;
  EXPECT_EQ(cublasLtMatmulPreferenceSetAttribute(
                Pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &Workspace,
                sizeof(Workspace)),
            CUBLAS_STATUS_SUCCESS);
  // Gradient epilogues are refused by the heuristic and the matmul.
  uint32_t E = CUBLASLT_EPILOGUE_DRELU;
  ASSERT_EQ(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                           &E, sizeof(E)),
            CUBLAS_STATUS_SUCCESS);
  cublasLtMatmulHeuristicResult_t Result;
  int Count = 7;
  EXPECT_EQ(cublasLtMatmulAlgoGetHeuristic(H, Op, L, L, L, L, Pref, 1, &Result,
                                           &Count),
            CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(Count, 0);
  EXPECT_EQ(cublasLtMatmul(H, Op, &Alpha, X, L, X, L, &Beta, X, L, X, L,
                           nullptr, nullptr, 0, nullptr),
            CUBLAS_STATUS_NOT_SUPPORTED);
  E = CUBLASLT_EPILOGUE_DEFAULT;
  cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E,
                                 sizeof(E));
  // Row-major layouts are refused; mismatched shapes are invalid.
  auto Row = makeLayout(CUDA_R_32F, 4, 4, 4);
  int32_t Order = CUBLASLT_ORDER_ROW;
  ASSERT_EQ(cublasLtMatrixLayoutSetAttribute(Row, CUBLASLT_MATRIX_LAYOUT_ORDER,
                                             &Order, sizeof(Order)),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(cublasLtMatmul(H, Op, &Alpha, X, Row, X, L, &Beta, X, L, X, L,
                           nullptr, nullptr, 0, nullptr),
            CUBLAS_STATUS_NOT_SUPPORTED);
  auto Wide = makeLayout(CUDA_R_32F, 4, 3, 4);
  EXPECT_EQ(cublasLtMatmul(H, Op, &Alpha, X, L, X, L, &Beta, X, Wide, X, L,
                           nullptr, nullptr, 0, nullptr),
            CUBLAS_STATUS_INVALID_VALUE);
  for (auto Layout : {L, Row, Wide})
    cublasLtMatrixLayoutDestroy(Layout);
  cublasLtMatmulPreferenceDestroy(Pref);
  cublasLtMatmulDescDestroy(Op);
}

} // namespace
