//===- CublasHostTest.cpp - cuBLAS on the host target, numerically --------===//
//
// Part of Rubicon. libcublas on the host backend (OpenBLAS) against naive
// double-precision references (Reference.h), in the four precisions, with
// every transpose, padded leading dimensions and negative increments; the
// argument checks; and the stream ordering the host backend promises
// (a call sees what was queued on its stream before it).
//
//===----------------------------------------------------------------------===//
#include "Reference.h"

#include "cublas_v2.h"
#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace rubicon::testing;

namespace {

// The library picks its backend once, at the first handle: the host target.
const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

/// Device memory holding a copy of a host vector.
template <class T> struct DeviceCopy {
  T *Ptr = nullptr;
  size_t Count;
  explicit DeviceCopy(const std::vector<T> &Host) : Count(Host.size()) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void **>(&Ptr), Count * sizeof(T)),
              cudaSuccess);
    EXPECT_EQ(cudaMemcpy(Ptr, Host.data(), Count * sizeof(T),
                         cudaMemcpyHostToDevice),
              cudaSuccess);
  }
  ~DeviceCopy() { cudaFree(Ptr); }
  std::vector<T> read() const {
    std::vector<T> Out(Count);
    EXPECT_EQ(cudaMemcpy(Out.data(), Ptr, Count * sizeof(T),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    return Out;
  }
};

class CublasHost : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(cublasCreate(&Handle), CUBLAS_STATUS_SUCCESS); }
  void TearDown() override { EXPECT_EQ(cublasDestroy(Handle), CUBLAS_STATUS_SUCCESS); }
  cublasHandle_t Handle = nullptr;
};

cublasStatus_t gemm(cublasHandle_t H, cublasOperation_t A, cublasOperation_t B,
                    int M, int N, int K, const float *Al, const float *X,
                    int Lx, const float *Y, int Ly, const float *Be, float *Z,
                    int Lz) {
  return cublasSgemm(H, A, B, M, N, K, Al, X, Lx, Y, Ly, Be, Z, Lz);
}
cublasStatus_t gemm(cublasHandle_t H, cublasOperation_t A, cublasOperation_t B,
                    int M, int N, int K, const double *Al, const double *X,
                    int Lx, const double *Y, int Ly, const double *Be,
                    double *Z, int Lz) {
  return cublasDgemm(H, A, B, M, N, K, Al, X, Lx, Y, Ly, Be, Z, Lz);
}
cublasStatus_t gemm(cublasHandle_t H, cublasOperation_t A, cublasOperation_t B,
                    int M, int N, int K, const cuComplex *Al,
                    const cuComplex *X, int Lx, const cuComplex *Y, int Ly,
                    const cuComplex *Be, cuComplex *Z, int Lz) {
  return cublasCgemm(H, A, B, M, N, K, Al, X, Lx, Y, Ly, Be, Z, Lz);
}
cublasStatus_t gemm(cublasHandle_t H, cublasOperation_t A, cublasOperation_t B,
                    int M, int N, int K, const cuDoubleComplex *Al,
                    const cuDoubleComplex *X, int Lx, const cuDoubleComplex *Y,
                    int Ly, const cuDoubleComplex *Be, cuDoubleComplex *Z,
                    int Lz) {
  return cublasZgemm(H, A, B, M, N, K, Al, X, Lx, Y, Ly, Be, Z, Lz);
}

template <class T> void checkGemm(cublasHandle_t H) {
  const int M = 37, N = 29, K = 23, Pad = 3;
  const cublasOperation_t Ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  for (int OpA = 0; OpA < 3; ++OpA)
    for (int OpB = 0; OpB < 3; ++OpB) {
      int Lda = (OpA == 0 ? M : K) + Pad, Ldb = (OpB == 0 ? K : N) + Pad;
      int Ldc = M + Pad;
      auto A = randomValues<T>(size_t(Lda) * (OpA == 0 ? K : M), 1);
      auto B = randomValues<T>(size_t(Ldb) * (OpB == 0 ? N : K), 2);
      auto C = randomValues<T>(size_t(Ldc) * N, 3);
      Cd Alpha = IsComplex<T> ? Cd(0.75, -0.5) : Cd(0.75);
      Cd Beta = IsComplex<T> ? Cd(-1.25, 0.25) : Cd(-1.25);
      std::vector<Cd> Want(C.size());
      for (size_t I = 0; I < C.size(); ++I)
        Want[I] = widen(C[I]);
      referenceGemm(OpA, OpB, M, N, K, Alpha, A.data(), Lda, B.data(), Ldb,
                    Beta, Want, Ldc);
      DeviceCopy<T> DA(A), DB(B), DC(C);
      T Al = narrow<T>(Alpha), Be = narrow<T>(Beta);
      ASSERT_EQ(gemm(H, Ops[OpA], Ops[OpB], M, N, K, &Al, DA.Ptr, Lda, DB.Ptr,
                     Ldb, &Be, DC.Ptr, Ldc),
                CUBLAS_STATUS_SUCCESS);
      std::vector<T> Got = DC.read();
      EXPECT_LT(maxError(Got, Want, M, N, Ldc), Tolerance<T> * K)
          << "op(A)=" << OpA << " op(B)=" << OpB;
      // Padding rows are left alone.
      for (int J = 0; J < N; ++J)
        EXPECT_EQ(std::memcmp(&Got[size_t(J) * Ldc + M], &C[size_t(J) * Ldc + M],
                              Pad * sizeof(T)),
                  0);
    }
}

TEST_F(CublasHost, GemmAllPrecisionsAndTransposes) {
  checkGemm<float>(Handle);
  checkGemm<double>(Handle);
  checkGemm<cuComplex>(Handle);
  checkGemm<cuDoubleComplex>(Handle);
}

TEST_F(CublasHost, GemmRejectsBadArguments) {
  float One = 1, A[4] = {}, C[4] = {};
  EXPECT_EQ(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &One, A, 1,
                        A, 2, &One, C, 2),
            CUBLAS_STATUS_INVALID_VALUE); // lda < m
  EXPECT_EQ(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, -1, 2, 2, &One, A, 2,
                        A, 2, &One, C, 2),
            CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_EQ(cublasSgemm(Handle, CUBLAS_OP_T, CUBLAS_OP_N, 4, 1, 1, &One, A, 1,
                        A, 1, &One, C, 3),
            CUBLAS_STATUS_INVALID_VALUE); // ldc < m
  EXPECT_EQ(cublasSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &One, A, 1,
                        A, 1, &One, C, 1),
            CUBLAS_STATUS_NOT_INITIALIZED);
}

TEST_F(CublasHost, GemvWithNegativeIncrements) {
  const int M = 13, N = 9, Lda = 15;
  for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T}) {
    int LenX = Op == CUBLAS_OP_N ? N : M, LenY = Op == CUBLAS_OP_N ? M : N;
    auto A = randomValues<double>(size_t(Lda) * N, 4);
    auto X = randomValues<double>(size_t(LenX) * 2, 5);
    auto Y = randomValues<double>(size_t(LenY) * 3, 6);
    // incx = -2: x(i) is X[(LenX - 1 - i) * 2]; incy = 3.
    std::vector<double> Want = Y;
    for (int I = 0; I < LenY; ++I) {
      double Sum = 0;
      for (int L = 0; L < LenX; ++L)
        Sum += (Op == CUBLAS_OP_N ? A[size_t(L) * Lda + I] : A[size_t(I) * Lda + L]) *
               X[size_t(LenX - 1 - L) * 2];
      Want[size_t(I) * 3] = 2.0 * Sum + 0.5 * Y[size_t(I) * 3];
    }
    DeviceCopy<double> DA(A), DX(X), DY(Y);
    double Alpha = 2.0, Beta = 0.5;
    ASSERT_EQ(cublasDgemv(Handle, Op, M, N, &Alpha, DA.Ptr, Lda, DX.Ptr, -2,
                          &Beta, DY.Ptr, 3),
              CUBLAS_STATUS_SUCCESS);
    std::vector<double> Got = DY.read();
    for (size_t I = 0; I < Got.size(); ++I)
      EXPECT_NEAR(Got[I], Want[I], 1e-12) << I;
  }
}

TEST_F(CublasHost, Level1) {
  const int N = 100;
  auto X = randomValues<float>(N, 7), Y = randomValues<float>(N, 8);
  X[41] = 5.0f;  // the largest magnitude
  X[17] = -1e-4f; // the smallest
  DeviceCopy<float> DX(X), DY(Y);
  double Dot = 0, Sum = 0, Squares = 0;
  for (int I = 0; I < N; ++I) {
    Dot += double(X[I]) * Y[I];
    Sum += std::fabs(X[I]);
    Squares += double(X[I]) * X[I];
  }
  float Result = 0;
  ASSERT_EQ(cublasSdot(Handle, N, DX.Ptr, 1, DY.Ptr, 1, &Result), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(Result, Dot, 1e-4);
  ASSERT_EQ(cublasSasum(Handle, N, DX.Ptr, 1, &Result), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(Result, Sum, 1e-4);
  ASSERT_EQ(cublasSnrm2(Handle, N, DX.Ptr, 1, &Result), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(Result, std::sqrt(Squares), 1e-4);
  int Index = 0;
  ASSERT_EQ(cublasIsamax(Handle, N, DX.Ptr, 1, &Index), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Index, 42); // 1-based
  ASSERT_EQ(cublasIsamin(Handle, N, DX.Ptr, 1, &Index), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Index, 18);
  ASSERT_EQ(cublasIsamax(Handle, 0, DX.Ptr, 1, &Index), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Index, 0);

  float Alpha = -0.5f;
  ASSERT_EQ(cublasSaxpy(Handle, N, &Alpha, DX.Ptr, 1, DY.Ptr, 1), CUBLAS_STATUS_SUCCESS);
  std::vector<float> Got = DY.read();
  for (int I = 0; I < N; ++I)
    EXPECT_FLOAT_EQ(Got[I], Y[I] - 0.5f * X[I]);
  ASSERT_EQ(cublasSscal(Handle, N / 2, &Alpha, DY.Ptr, 2), CUBLAS_STATUS_SUCCESS);
  std::vector<float> Scaled = DY.read();
  for (int I = 0; I < N; ++I)
    EXPECT_FLOAT_EQ(Scaled[I], I % 2 ? Got[I] : -0.5f * Got[I]);
  ASSERT_EQ(cublasScopy(Handle, N, DX.Ptr, 1, DY.Ptr, 1), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(DY.read(), X);
  auto Z = randomValues<float>(N, 9);
  DeviceCopy<float> DZ(Z);
  ASSERT_EQ(cublasSswap(Handle, N, DY.Ptr, 1, DZ.Ptr, 1), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(DY.read(), Z);
  EXPECT_EQ(DZ.read(), X);
}

TEST_F(CublasHost, ComplexLevel1) {
  const int N = 31;
  auto X = randomValues<cuDoubleComplex>(N, 10), Y = randomValues<cuDoubleComplex>(N, 11);
  DeviceCopy<cuDoubleComplex> DX(X), DY(Y);
  Cd Dotu = 0, Dotc = 0;
  double Norm = 0, Asum = 0;
  for (int I = 0; I < N; ++I) {
    Dotu += widen(X[I]) * widen(Y[I]);
    Dotc += std::conj(widen(X[I])) * widen(Y[I]);
    Norm += std::norm(widen(X[I]));
    Asum += std::fabs(X[I].x) + std::fabs(X[I].y);
  }
  cuDoubleComplex R;
  ASSERT_EQ(cublasZdotu(Handle, N, DX.Ptr, 1, DY.Ptr, 1, &R), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(std::abs(widen(R) - Dotu), 0, 1e-12);
  ASSERT_EQ(cublasZdotc(Handle, N, DX.Ptr, 1, DY.Ptr, 1, &R), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(std::abs(widen(R) - Dotc), 0, 1e-12);
  double D = 0;
  ASSERT_EQ(cublasDznrm2(Handle, N, DX.Ptr, 1, &D), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(D, std::sqrt(Norm), 1e-12);
  ASSERT_EQ(cublasDzasum(Handle, N, DX.Ptr, 1, &D), CUBLAS_STATUS_SUCCESS);
  EXPECT_NEAR(D, Asum, 1e-12);
  double Real = 3.0;
  ASSERT_EQ(cublasZdscal(Handle, N, &Real, DX.Ptr, 1), CUBLAS_STATUS_SUCCESS);
  std::vector<cuDoubleComplex> Got = DX.read();
  for (int I = 0; I < N; ++I)
    EXPECT_NEAR(std::abs(widen(Got[I]) - 3.0 * widen(X[I])), 0, 1e-12);
}

TEST_F(CublasHost, TrsmSolves) {
  // Left, lower, no transpose: A X = alpha B, checked by the residual.
  const int M = 16, N = 5, Lda = 17, Ldb = 18;
  auto A = randomValues<double>(size_t(Lda) * M, 12);
  for (int I = 0; I < M; ++I)
    A[size_t(I) * Lda + I] += 4.0; // well conditioned
  auto B = randomValues<double>(size_t(Ldb) * N, 13);
  DeviceCopy<double> DA(A), DB(B);
  double Alpha = 2.0;
  ASSERT_EQ(cublasDtrsm(Handle, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER,
                        CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, M, N, &Alpha,
                        DA.Ptr, Lda, DB.Ptr, Ldb),
            CUBLAS_STATUS_SUCCESS);
  std::vector<double> X = DB.read();
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      double Sum = 0;
      for (int L = 0; L <= I; ++L) // lower triangle only
        Sum += A[size_t(L) * Lda + I] * X[size_t(J) * Ldb + L];
      EXPECT_NEAR(Sum, 2.0 * B[size_t(J) * Ldb + I], 1e-10);
    }
}

TEST_F(CublasHost, BatchedAndStridedGemm) {
  const int M = 8, N = 6, K = 5, Count = 3;
  const long long StrideA = M * K + 7, StrideB = K * N + 1, StrideC = M * N + 2;
  auto A = randomValues<float>(StrideA * Count, 14);
  auto B = randomValues<float>(StrideB * Count, 15);
  auto C = randomValues<float>(StrideC * Count, 16);
  float Alpha = 1.5f, Beta = 0.25f;
  std::vector<Cd> Want(C.size());
  for (size_t I = 0; I < C.size(); ++I)
    Want[I] = C[I];
  for (int I = 0; I < Count; ++I) {
    std::vector<Cd> One(Want.begin() + I * StrideC, Want.begin() + I * StrideC + M * N);
    referenceGemm(0, 1, M, N, K, Alpha, A.data() + I * StrideA, M,
                  B.data() + I * StrideB, N, Beta, One, M);
    std::copy(One.begin(), One.end(), Want.begin() + I * StrideC);
  }
  {
    DeviceCopy<float> DA(A), DB(B), DC(C);
    ASSERT_EQ(cublasSgemmStridedBatched(Handle, CUBLAS_OP_N, CUBLAS_OP_T, M, N,
                                        K, &Alpha, DA.Ptr, M, StrideA, DB.Ptr,
                                        N, StrideB, &Beta, DC.Ptr, M, StrideC,
                                        Count),
              CUBLAS_STATUS_SUCCESS);
    std::vector<float> Got = DC.read();
    for (int I = 0; I < Count; ++I)
      for (int E = 0; E < M * N; ++E)
        EXPECT_NEAR(Got[I * StrideC + E], Want[I * StrideC + E].real(), 1e-5);
  }
  {
    DeviceCopy<float> DA(A), DB(B), DC(C);
    std::vector<const float *> As, Bs;
    std::vector<float *> Cs;
    for (int I = 0; I < Count; ++I) {
      As.push_back(DA.Ptr + I * StrideA);
      Bs.push_back(DB.Ptr + I * StrideB);
      Cs.push_back(DC.Ptr + I * StrideC);
    }
    // The pointer arrays live in device memory, as cuBLAS requires.
    DeviceCopy<const float *> DAs(As), DBs(Bs);
    DeviceCopy<float *> DCs(Cs);
    ASSERT_EQ(cublasSgemmBatched(Handle, CUBLAS_OP_N, CUBLAS_OP_T, M, N, K,
                                 &Alpha, DAs.Ptr, M, DBs.Ptr, N, &Beta,
                                 DCs.Ptr, M, Count),
              CUBLAS_STATUS_SUCCESS);
    std::vector<float> Got = DC.read();
    for (int I = 0; I < Count; ++I)
      for (int E = 0; E < M * N; ++E)
        EXPECT_NEAR(Got[I * StrideC + E], Want[I * StrideC + E].real(), 1e-5);
  }
}

uint16_t toHalfBits(float F) {
  // Exact for the small integers and halves used below.
  uint32_t B;
  std::memcpy(&B, &F, 4);
  if (F == 0)
    return 0;
  uint16_t Sign = (B >> 16) & 0x8000;
  int Exp = int((B >> 23) & 0xff) - 127 + 15;
  return Sign | uint16_t(Exp << 10) | uint16_t((B >> 13) & 0x3ff);
}
float fromHalfBits(uint16_t H) {
  int Exp = (H >> 10) & 0x1f;
  float V = (H & 0x3ff) / 1024.0f + (Exp ? 1.0f : 0.0f);
  V = std::ldexp(V, (Exp ? Exp : 1) - 15);
  return H & 0x8000 ? -V : V;
}

TEST_F(CublasHost, GemmExHalfInputs) {
  // Small integers: exact in half, so the products are exact too.
  const int M = 4, N = 3, K = 5;
  std::vector<float> A(M * K), B(K * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = float(I % 7) - 3;
  for (int I = 0; I < K * N; ++I)
    B[I] = float(I % 5) - 2;
  std::vector<uint16_t> AH(A.size()), BH(B.size()), CH(M * N, 0);
  for (size_t I = 0; I < A.size(); ++I)
    AH[I] = toHalfBits(A[I]);
  for (size_t I = 0; I < B.size(); ++I)
    BH[I] = toHalfBits(B[I]);
  std::vector<float> CF(M * N, 1.0f);
  DeviceCopy<uint16_t> DA(AH), DB(BH), DCH(CH);
  DeviceCopy<float> DCF(CF);
  float Alpha = 1.0f, Beta = 0.5f;
  ASSERT_EQ(cublasGemmEx(Handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha,
                         DA.Ptr, CUDA_R_16F, M, DB.Ptr, CUDA_R_16F, K, &Beta,
                         DCF.Ptr, CUDA_R_32F, M, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_SUCCESS);
  uint16_t AlphaH = toHalfBits(2.0f), BetaH = 0;
  ASSERT_EQ(cublasGemmEx(Handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &AlphaH,
                         DA.Ptr, CUDA_R_16F, M, DB.Ptr, CUDA_R_16F, K, &BetaH,
                         DCH.Ptr, CUDA_R_16F, M, CUBLAS_COMPUTE_16F,
                         CUBLAS_GEMM_DEFAULT_TENSOR_OP),
            CUBLAS_STATUS_SUCCESS);
  std::vector<float> GotF = DCF.read();
  std::vector<uint16_t> GotH = DCH.read();
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      float Sum = 0;
      for (int L = 0; L < K; ++L)
        Sum += A[L * M + I] * B[J * K + L];
      EXPECT_EQ(GotF[J * M + I], Sum + 0.5f);
      EXPECT_EQ(fromHalfBits(GotH[J * M + I]), 2 * Sum);
    }
  // No such combination: documented as not supported.
  EXPECT_EQ(cublasGemmEx(Handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &Alpha,
                         DA.Ptr, CUDA_R_16F, M, DB.Ptr, CUDA_R_32F, K, &Beta,
                         DCF.Ptr, CUDA_R_32F, M, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_NOT_SUPPORTED);
}

TEST_F(CublasHost, GemmExInt8) {
  const int M = 3, N = 2, K = 4;
  std::vector<int8_t> A(M * K), B(K * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = int8_t(I * 11 - 60);
  for (int I = 0; I < K * N; ++I)
    B[I] = int8_t(100 - I * 23);
  std::vector<int32_t> C(M * N, 7);
  DeviceCopy<int8_t> DA(A), DB(B);
  DeviceCopy<int32_t> DC(C);
  int32_t Alpha = 1, Beta = 2;
  // op(A) = A^T: A is stored K x M.
  ASSERT_EQ(cublasGemmEx(Handle, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &Alpha,
                         DA.Ptr, CUDA_R_8I, K, DB.Ptr, CUDA_R_8I, K, &Beta,
                         DC.Ptr, CUDA_R_32I, M, CUBLAS_COMPUTE_32I,
                         CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_SUCCESS);
  std::vector<int32_t> Got = DC.read();
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      int32_t Sum = 0;
      for (int L = 0; L < K; ++L)
        Sum += int32_t(A[I * K + L]) * B[J * K + L];
      EXPECT_EQ(Got[J * M + I], Sum + 14);
    }
}

// cuBLAS's CUDA_R_8I inputs with a CUDA_R_32F C under CUBLAS_COMPUTE_32F:
// float alpha and beta, float results (exact here: small integer sums).
TEST_F(CublasHost, GemmExInt8ToFloat) {
  const int M = 3, N = 2, K = 4;
  std::vector<int8_t> A(M * K), B(K * N);
  for (int I = 0; I < M * K; ++I)
    A[I] = int8_t(I * 11 - 60);
  for (int I = 0; I < K * N; ++I)
    B[I] = int8_t(100 - I * 23);
  std::vector<float> C(M * N, 3.0f);
  DeviceCopy<int8_t> DA(A), DB(B);
  DeviceCopy<float> DC(C);
  float Alpha = 0.5f, Beta = -1.0f;
  ASSERT_EQ(cublasGemmEx(Handle, CUBLAS_OP_N, CUBLAS_OP_T, M, N, K, &Alpha,
                         DA.Ptr, CUDA_R_8I, M, DB.Ptr, CUDA_R_8I, N, &Beta,
                         DC.Ptr, CUDA_R_32F, M, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_SUCCESS);
  std::vector<float> Got = DC.read();
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      int32_t Sum = 0;
      for (int L = 0; L < K; ++L)
        Sum += int32_t(A[L * M + I]) * B[L * N + J];
      EXPECT_EQ(Got[J * M + I], 0.5f * float(Sum) - 3.0f) << I << "," << J;
    }
  // An int32 compute type with a float C is not one of cuBLAS's rows.
  int32_t AlphaI = 1, BetaI = 0;
  EXPECT_EQ(cublasGemmEx(Handle, CUBLAS_OP_N, CUBLAS_OP_T, M, N, K, &AlphaI,
                         DA.Ptr, CUDA_R_8I, M, DB.Ptr, CUDA_R_8I, N, &BetaI,
                         DC.Ptr, CUDA_R_32F, M, CUBLAS_COMPUTE_32I,
                         CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_NOT_SUPPORTED);
}

TEST_F(CublasHost, CallsWaitForTheirStream) {
  // A large asynchronous copy queued on the stream must land before the
  // dot product on that stream reads it.
  const int N = 1 << 22;
  std::vector<float> Ones(N, 1.0f);
  float *X = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&X), N * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMemset(X, 0, N * sizeof(float)), cudaSuccess);
  cudaStream_t Stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&Stream), cudaSuccess);
  ASSERT_EQ(cublasSetStream(Handle, Stream), CUBLAS_STATUS_SUCCESS);
  cudaStream_t Got = nullptr;
  ASSERT_EQ(cublasGetStream(Handle, &Got), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Got, Stream);
  for (int Round = 0; Round < 3; ++Round) {
    ASSERT_EQ(cudaMemcpyAsync(X, Ones.data(), N * sizeof(float),
                              cudaMemcpyHostToDevice, Stream),
              cudaSuccess);
    float Sum = 0;
    ASSERT_EQ(cublasSasum(Handle, N, X, 1, &Sum), CUBLAS_STATUS_SUCCESS);
    EXPECT_EQ(Sum, float(N));
    ASSERT_EQ(cudaMemsetAsync(X, 0, N * sizeof(float), Stream), cudaSuccess);
    ASSERT_EQ(cublasSasum(Handle, N, X, 1, &Sum), CUBLAS_STATUS_SUCCESS);
    EXPECT_EQ(Sum, 0.0f);
  }
  cudaStreamDestroy(Stream);
  cudaFree(X);
}

TEST_F(CublasHost, SetGetMatrixAndVector) {
  const int Rows = 5, Cols = 4, Lda = 7, Ldb = 6;
  std::vector<double> A(Lda * Cols);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = double(I);
  double *D = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&D), Ldb * Cols * sizeof(double)), cudaSuccess);
  ASSERT_EQ(cublasSetMatrix(Rows, Cols, sizeof(double), A.data(), Lda, D, Ldb),
            CUBLAS_STATUS_SUCCESS);
  std::vector<double> Back(Lda * Cols, -1.0);
  ASSERT_EQ(cublasGetMatrix(Rows, Cols, sizeof(double), D, Ldb, Back.data(), Lda),
            CUBLAS_STATUS_SUCCESS);
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Lda; ++I)
      EXPECT_EQ(Back[J * Lda + I], I < Rows ? A[J * Lda + I] : -1.0);
  // Every third element of A into consecutive device elements, and back.
  ASSERT_EQ(cublasSetVector(6, sizeof(double), A.data(), 3, D, 1), CUBLAS_STATUS_SUCCESS);
  std::vector<double> V(12, -1.0);
  ASSERT_EQ(cublasGetVector(6, sizeof(double), D, 1, V.data(), 2), CUBLAS_STATUS_SUCCESS);
  for (int I = 0; I < 6; ++I) {
    EXPECT_EQ(V[2 * I], A[3 * I]);
    EXPECT_EQ(V[2 * I + 1], -1.0);
  }
  EXPECT_EQ(cublasSetVector(6, sizeof(double), A.data(), 0, D, 1), CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(D);
}

TEST_F(CublasHost, ModesAndVersions) {
  cublasPointerMode_t Mode;
  ASSERT_EQ(cublasSetPointerMode(Handle, CUBLAS_POINTER_MODE_DEVICE), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasGetPointerMode(Handle, &Mode), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Mode, CUBLAS_POINTER_MODE_DEVICE);
  // Device pointer mode: alpha and the result live in device memory.
  float *Scalars = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&Scalars), 2 * sizeof(float)), cudaSuccess);
  float Two[2] = {2.0f, 0.0f};
  ASSERT_EQ(cudaMemcpy(Scalars, Two, sizeof(Two), cudaMemcpyHostToDevice), cudaSuccess);
  std::vector<float> X = {1, 2, 3};
  DeviceCopy<float> DX(X);
  ASSERT_EQ(cublasSscal(Handle, 3, Scalars, DX.Ptr, 1), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasSdot(Handle, 3, DX.Ptr, 1, DX.Ptr, 1, Scalars + 1), CUBLAS_STATUS_SUCCESS);
  float Result = 0;
  ASSERT_EQ(cudaMemcpy(&Result, Scalars + 1, sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(Result, 56.0f);
  cudaFree(Scalars);
  int Version = 0;
  ASSERT_EQ(cublasGetVersion(Handle, &Version), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Version, CUBLAS_VERSION);
  EXPECT_STREQ(cublasGetStatusName(CUBLAS_STATUS_NOT_SUPPORTED), "CUBLAS_STATUS_NOT_SUPPORTED");
}

} // namespace
