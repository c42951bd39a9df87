//===- GemmEx.cpp - cublasGemmEx and its batched forms --------------------===//
//
// Part of Rubicon. The mixed-precision GEMMs: the data types of A, B, C and
// the compute type pick the routine.
//   host  same-type float, double and complex GEMMs are OpenBLAS's; 16-bit
//         inputs (CUDA_R_16F, CUDA_R_16BF) are widened to float, multiplied
//         by sgemm, and C rounded back to its type; int8 inputs with an int32
//         C multiply in int32; int8 inputs with a float C under a 32F compute
//         type (cuBLAS's CUDA_R_8I/CUDA_R_32F row) are widened to float and
//         multiplied by sgemm. Other combinations: CUBLAS_STATUS_NOT_SUPPORTED.
//   rocm  rocblas_gemm_ex (and _batched_ex, _strided_batched_ex) with D = C.
// The math mode and algorithm are hints: accepted, not used. On a capturing
// stream the host call becomes a graph node like the other GEMMs' (host
// mode scalars copied at the call, in the size the compute type gives them;
// an unsupported type combination is refused at the call).
//
//===----------------------------------------------------------------------===//
#include "Checks.h"
#include "HalfFloat.h"
#include "Handle.h"
#include "host/HostBlas.h"
#include "rocm/Rocblas.h"

#include <cstdint>
#include <vector>

using namespace rubicon;
using namespace rubicon::cublas;

namespace {

struct GemmShape {
  cublasOperation_t TransA, TransB;
  int M, N, K, Lda, Ldb, Ldc;
};

bool isFloatCompute(cublasComputeType_t Type) {
  return Type == CUBLAS_COMPUTE_32F || Type == CUBLAS_COMPUTE_32F_PEDANTIC ||
         Type == CUBLAS_COMPUTE_32F_FAST_16F ||
         Type == CUBLAS_COMPUTE_32F_FAST_16BF ||
         Type == CUBLAS_COMPUTE_32F_FAST_TF32;
}
bool isHalfCompute(cublasComputeType_t Type) {
  return Type == CUBLAS_COMPUTE_16F || Type == CUBLAS_COMPUTE_16F_PEDANTIC;
}
bool isDoubleCompute(cublasComputeType_t Type) {
  return Type == CUBLAS_COMPUTE_64F || Type == CUBLAS_COMPUTE_64F_PEDANTIC;
}
bool isIntCompute(cublasComputeType_t Type) {
  return Type == CUBLAS_COMPUTE_32I || Type == CUBLAS_COMPUTE_32I_PEDANTIC;
}

float loadAsFloat(const void *Base, size_t Index, cudaDataType Type) {
  switch (Type) {
  case CUDA_R_16F:
    return libraries::halfToFloat(static_cast<const uint16_t *>(Base)[Index]);
  case CUDA_R_16BF:
    return libraries::bfloat16ToFloat(
        static_cast<const uint16_t *>(Base)[Index]);
  case CUDA_R_8I:
    return static_cast<const int8_t *>(Base)[Index];
  default:
    return static_cast<const float *>(Base)[Index];
  }
}

void storeFromFloat(void *Base, size_t Index, cudaDataType Type, float V) {
  switch (Type) {
  case CUDA_R_16F:
    static_cast<uint16_t *>(Base)[Index] = libraries::floatToHalf(V);
    break;
  case CUDA_R_16BF:
    static_cast<uint16_t *>(Base)[Index] = libraries::floatToBfloat16(V);
    break;
  default:
    static_cast<float *>(Base)[Index] = V;
  }
}

/// A column-major Rows x Cols matrix with leading dimension Ld, widened.
std::vector<float> widen(const void *M, cudaDataType Type, int Rows, int Cols,
                         int Ld) {
  std::vector<float> Out(size_t(Ld) * Cols);
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Rows; ++I)
      Out[size_t(J) * Ld + I] = loadAsFloat(M, size_t(J) * Ld + I, Type);
  return Out;
}

/// The scalar alpha or beta as a float: half for a 16F compute type.
float scalarAsFloat(const void *S, cublasComputeType_t Compute) {
  return isHalfCompute(Compute)
             ? libraries::halfToFloat(*static_cast<const uint16_t *>(S))
             : *static_cast<const float *>(S);
}

bool is16Bit(cudaDataType T) { return T == CUDA_R_16F || T == CUDA_R_16BF; }

/// int8 A and B, float C, float compute: widened to float (exact), summed
/// as sgemm sums.
bool isInt8ToFloat(cudaDataType AType, cudaDataType BType, cudaDataType CType,
                   cublasComputeType_t Compute) {
  return AType == CUDA_R_8I && BType == CUDA_R_8I && CType == CUDA_R_32F &&
         isFloatCompute(Compute);
}

/// One GEMM on the host target.
cublasStatus_t hostGemmEx(const GemmShape &S, const void *Alpha, const void *A,
                          cudaDataType AType, const void *B, cudaDataType BType,
                          const void *Beta, void *C, cudaDataType CType,
                          cublasComputeType_t Compute) {
  if (S.M == 0 || S.N == 0)
    return CUBLAS_STATUS_SUCCESS;
  bool Same = AType == BType && BType == CType;
  if (Same && AType == CUDA_R_32F && isFloatCompute(Compute)) {
    host::gemm(S.TransA, S.TransB, S.M, S.N, S.K,
               static_cast<const float *>(Alpha), static_cast<const float *>(A),
               S.Lda, static_cast<const float *>(B), S.Ldb,
               static_cast<const float *>(Beta), static_cast<float *>(C), S.Ldc);
    return CUBLAS_STATUS_SUCCESS;
  }
  if (Same && AType == CUDA_R_64F && isDoubleCompute(Compute)) {
    host::gemm(S.TransA, S.TransB, S.M, S.N, S.K,
               static_cast<const double *>(Alpha),
               static_cast<const double *>(A), S.Lda,
               static_cast<const double *>(B), S.Ldb,
               static_cast<const double *>(Beta), static_cast<double *>(C),
               S.Ldc);
    return CUBLAS_STATUS_SUCCESS;
  }
  if (Same && AType == CUDA_C_32F && isFloatCompute(Compute)) {
    host::gemm(S.TransA, S.TransB, S.M, S.N, S.K,
               static_cast<const cuComplex *>(Alpha),
               static_cast<const cuComplex *>(A), S.Lda,
               static_cast<const cuComplex *>(B), S.Ldb,
               static_cast<const cuComplex *>(Beta), static_cast<cuComplex *>(C),
               S.Ldc);
    return CUBLAS_STATUS_SUCCESS;
  }
  if (Same && AType == CUDA_C_64F && isDoubleCompute(Compute)) {
    host::gemm(S.TransA, S.TransB, S.M, S.N, S.K,
               static_cast<const cuDoubleComplex *>(Alpha),
               static_cast<const cuDoubleComplex *>(A), S.Lda,
               static_cast<const cuDoubleComplex *>(B), S.Ldb,
               static_cast<const cuDoubleComplex *>(Beta),
               static_cast<cuDoubleComplex *>(C), S.Ldc);
    return CUBLAS_STATUS_SUCCESS;
  }
  int ARows = S.TransA == CUBLAS_OP_N ? S.M : S.K;
  int ACols = S.TransA == CUBLAS_OP_N ? S.K : S.M;
  int BRows = S.TransB == CUBLAS_OP_N ? S.K : S.N;
  int BCols = S.TransB == CUBLAS_OP_N ? S.N : S.K;
  if ((is16Bit(AType) && BType == AType &&
       (CType == AType || CType == CUDA_R_32F) &&
       (isFloatCompute(Compute) ||
        (isHalfCompute(Compute) && CType == AType))) ||
      isInt8ToFloat(AType, BType, CType, Compute)) {
    std::vector<float> WideA = widen(A, AType, ARows, ACols, S.Lda);
    std::vector<float> WideB = widen(B, BType, BRows, BCols, S.Ldb);
    std::vector<float> WideC = widen(C, CType, S.M, S.N, S.Ldc);
    float AlphaF = scalarAsFloat(Alpha, Compute);
    float BetaF = scalarAsFloat(Beta, Compute);
    host::gemm(S.TransA, S.TransB, S.M, S.N, S.K, &AlphaF, WideA.data(), S.Lda,
               WideB.data(), S.Ldb, &BetaF, WideC.data(), S.Ldc);
    for (int J = 0; J < S.N; ++J)
      for (int I = 0; I < S.M; ++I)
        storeFromFloat(C, size_t(J) * S.Ldc + I, CType,
                       WideC[size_t(J) * S.Ldc + I]);
    return CUBLAS_STATUS_SUCCESS;
  }
  if (AType == CUDA_R_8I && BType == CUDA_R_8I && CType == CUDA_R_32I &&
      isIntCompute(Compute)) {
    auto *A8 = static_cast<const int8_t *>(A);
    auto *B8 = static_cast<const int8_t *>(B);
    auto *C32 = static_cast<int32_t *>(C);
    int32_t AlphaI = *static_cast<const int32_t *>(Alpha);
    int32_t BetaI = *static_cast<const int32_t *>(Beta);
    for (int J = 0; J < S.N; ++J)
      for (int I = 0; I < S.M; ++I) {
        int32_t Sum = 0;
        for (int L = 0; L < S.K; ++L) {
          size_t AIndex = S.TransA == CUBLAS_OP_N ? size_t(L) * S.Lda + I
                                                  : size_t(I) * S.Lda + L;
          size_t BIndex = S.TransB == CUBLAS_OP_N ? size_t(J) * S.Ldb + L
                                                  : size_t(L) * S.Ldb + J;
          Sum += int32_t(A8[AIndex]) * int32_t(B8[BIndex]);
        }
        int32_t &Out = C32[size_t(J) * S.Ldc + I];
        Out = AlphaI * Sum + (BetaI ? BetaI * Out : 0);
      }
    return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

size_t elementSize(cudaDataType Type) {
  switch (Type) {
  case CUDA_R_8I: case CUDA_R_8U: return 1;
  case CUDA_R_16F: case CUDA_R_16BF: case CUDA_C_8I: case CUDA_C_8U: return 2;
  case CUDA_R_32F: case CUDA_R_32I: case CUDA_R_32U: case CUDA_C_16F:
  case CUDA_C_16BF: return 4;
  case CUDA_R_64F: case CUDA_C_32F: case CUDA_C_32I: case CUDA_C_32U: return 8;
  case CUDA_C_64F: return 16;
  default: return 0;
  }
}

/// cublasComputeType_t → the rocblas_datatype of rocblas_gemm_ex's compute.
int rocmComputeType(cublasComputeType_t Compute, cudaDataType CType) {
  bool Complex = CType == CUDA_C_32F || CType == CUDA_C_64F;
  if (isHalfCompute(Compute))
    return 150; // f16_r
  if (isFloatCompute(Compute))
    return Complex ? 154 : 151; // f32_c, f32_r
  if (isDoubleCompute(Compute))
    return Complex ? 155 : 152; // f64_c, f64_r
  return 162;                   // i32_r
}

/// Whether hostGemmEx multiplies these types (it answers NOT_SUPPORTED
/// otherwise): said at the call, since captured work's status is not seen.
bool hostSupports(cudaDataType AType, cudaDataType BType, cudaDataType CType,
                  cublasComputeType_t Compute) {
  bool Same = AType == BType && BType == CType;
  if (Same && (AType == CUDA_R_32F || AType == CUDA_C_32F))
    return isFloatCompute(Compute);
  if (Same && (AType == CUDA_R_64F || AType == CUDA_C_64F))
    return isDoubleCompute(Compute);
  if (is16Bit(AType) && BType == AType &&
      (CType == AType || CType == CUDA_R_32F))
    return isFloatCompute(Compute) ||
           (isHalfCompute(Compute) && CType == AType);
  if (isInt8ToFloat(AType, BType, CType, Compute))
    return true;
  return AType == CUDA_R_8I && BType == CUDA_R_8I && CType == CUDA_R_32I &&
         isIntCompute(Compute);
}

/// alpha and beta as the call saw them: their type is the compute type's
/// (half, float, double, int32), complex when C is.
libraries::HostScalar gemmScalar(cublasHandle_t H, const void *S,
                                 cublasComputeType_t Compute,
                                 cudaDataType CType) {
  bool Complex = CType == CUDA_C_32F || CType == CUDA_C_64F;
  size_t Size = isHalfCompute(Compute)     ? 2
                : isDoubleCompute(Compute) ? (Complex ? 16 : 8)
                : isIntCompute(Compute)    ? 4
                                           : (Complex ? 8 : 4);
  return libraries::HostScalar(S, Size,
                               !H || H->PointerMode == CUBLAS_POINTER_MODE_HOST);
}

} // namespace

extern "C" {

cublasStatus_t cublasGemmEx(cublasHandle_t H, cublasOperation_t TransA,
                            cublasOperation_t TransB, int M, int N, int K,
                            const void *Alpha, const void *A, cudaDataType AType,
                            int Lda, const void *B, cudaDataType BType, int Ldb,
                            const void *Beta, void *C, cudaDataType CType,
                            int Ldc, cublasComputeType_t Compute,
                            cublasGemmAlgo_t) {
  if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||
            !Beta))
    return CUBLAS_STATUS_INVALID_VALUE;
  GemmShape S{TransA, TransB, M, N, K, Lda, Ldb, Ldc};
  if (H && H->Target == libraries::LibraryTarget::Host &&
      !hostSupports(AType, BType, CType, Compute))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  libraries::HostScalar AlphaS = gemmScalar(H, Alpha, Compute, CType),
                        BetaS = gemmScalar(H, Beta, Compute, CType);
  return dispatch(
      H,
      [=] {
        return hostGemmEx(S, AlphaS.get(), A, AType, B, BType, BetaS.get(), C,
                          CType, Compute);
      },
      [&] {
        return RUBICON_ROCBLAS(gemm_ex)(
            H, TransA, TransB, M, N, K, Alpha, A, AType, Lda, B, BType, Ldb,
            Beta, C, CType, Ldc, C, CType, Ldc,
            rocmComputeType(Compute, CType), /*algo=*/0, /*solution=*/0,
            /*flags=*/0u);
      });
}

cublasStatus_t cublasGemmBatchedEx(
    cublasHandle_t H, cublasOperation_t TransA, cublasOperation_t TransB, int M,
    int N, int K, const void *Alpha, const void *const A[], cudaDataType AType,
    int Lda, const void *const B[], cudaDataType BType, int Ldb,
    const void *Beta, void *const C[], cudaDataType CType, int Ldc, int Count,
    cublasComputeType_t Compute, cublasGemmAlgo_t) {
  if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||
            !Beta || Count < 0))
    return CUBLAS_STATUS_INVALID_VALUE;
  GemmShape S{TransA, TransB, M, N, K, Lda, Ldb, Ldc};
  if (H && H->Target == libraries::LibraryTarget::Host &&
      !hostSupports(AType, BType, CType, Compute))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  libraries::HostScalar AlphaS = gemmScalar(H, Alpha, Compute, CType),
                        BetaS = gemmScalar(H, Beta, Compute, CType);
  // The arrays of pointers are device memory, read when the work runs.
  return dispatch(
      H,
      [=] {
        for (int I = 0; I < Count; ++I)
          if (cublasStatus_t Status =
                  hostGemmEx(S, AlphaS.get(), A[I], AType, B[I], BType,
                             BetaS.get(), C[I], CType, Compute))
            return Status;
        return CUBLAS_STATUS_SUCCESS;
      },
      [&] {
        return RUBICON_ROCBLAS(gemm_batched_ex)(
            H, TransA, TransB, M, N, K, Alpha, A, AType, Lda, B, BType, Ldb,
            Beta, C, CType, Ldc, C, CType, Ldc, Count,
            rocmComputeType(Compute, CType), 0, 0, 0u);
      });
}

cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t H, cublasOperation_t TransA, cublasOperation_t TransB, int M,
    int N, int K, const void *Alpha, const void *A, cudaDataType AType,
    int Lda, long long StrideA, const void *B, cudaDataType BType, int Ldb,
    long long StrideB, const void *Beta, void *C, cudaDataType CType, int Ldc,
    long long StrideC, int Count, cublasComputeType_t Compute,
    cublasGemmAlgo_t) {
  if (H && (!validGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc) || !Alpha ||
            !Beta || Count < 0))
    return CUBLAS_STATUS_INVALID_VALUE;
  GemmShape S{TransA, TransB, M, N, K, Lda, Ldb, Ldc};
  if (H && H->Target == libraries::LibraryTarget::Host &&
      !hostSupports(AType, BType, CType, Compute))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  libraries::HostScalar AlphaS = gemmScalar(H, Alpha, Compute, CType),
                        BetaS = gemmScalar(H, Beta, Compute, CType);
  return dispatch(
      H,
      [=] {
        size_t ASize = elementSize(AType), BSize = elementSize(BType),
               CSize = elementSize(CType);
        for (int I = 0; I < Count; ++I)
          if (cublasStatus_t Status = hostGemmEx(
                  S, AlphaS.get(),
                  static_cast<const char *>(A) + I * StrideA * ASize, AType,
                  static_cast<const char *>(B) + I * StrideB * BSize, BType,
                  BetaS.get(), static_cast<char *>(C) + I * StrideC * CSize,
                  CType, Compute))
            return Status;
        return CUBLAS_STATUS_SUCCESS;
      },
      [&] {
        return RUBICON_ROCBLAS(gemm_strided_batched_ex)(
            H, TransA, TransB, M, N, K, Alpha, A, AType, Lda, StrideA, B,
            BType, Ldb, StrideB, Beta, C, CType, Ldc, StrideC, C, CType, Ldc,
            StrideC, Count, rocmComputeType(Compute, CType), 0, 0, 0u);
      });
}

} // extern "C"
