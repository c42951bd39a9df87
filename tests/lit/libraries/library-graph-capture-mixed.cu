// The mixed-type GEMMs, cuBLAS's batched LU and cuBLASLt's matmul with an
// epilogue inside stream capture on the host target: each becomes host
// nodes of the graph, in stream order with the kernels around them, and
// each launch redoes the work on the data of that launch. Host-mode
// scalars are taken at the call in the size of their compute type (a
// double alpha copied as 4 bytes would be wrong); a type combination the
// host backend does not multiply is refused at the call.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcublas -lcublasLt -o %t && %t | FileCheck %s

// CHECK: unsupported gemmEx while capturing: not supported
// CHECK: captured: nothing ran before the launch
// CHECK: launch 1: gemmEx half ok, gemmEx double ok, strided ok, lu ok, lt ok
// CHECK: launch 2: gemmEx half ok, gemmEx double ok, strided ok, lu ok, lt ok

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>

constexpr int N = 4;

__global__ void copy(float *To, const float *From, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    To[I] = From[I];
}
__global__ void copyDouble(double *To, const double *From, int Count) {
  for (int I = threadIdx.x; I < Count; I += blockDim.x)
    To[I] = From[I];
}

template <class T> T *managed(int Count) {
  T *P;
  cudaMallocManaged(&P, sizeof(T) * Count);
  return P;
}

int main() {
  // Inputs each launch reads: Source (N x N, column-major) and Rhs.
  float *Source = managed<float>(N * N), *Rhs = managed<float>(N);
  double *SourceD = managed<double>(N * N);
  __half *H = managed<__half>(N * N);
  float *CHalf = managed<float>(N * N), *CStrided = managed<float>(2 * N * N);
  double *AD = managed<double>(N * N), *CD = managed<double>(N * N);
  float *Lu[2] = {managed<float>(N * N), managed<float>(N * N)};
  float *X[2] = {managed<float>(N), managed<float>(N)};
  float **LuArray = managed<float *>(2), **XArray = managed<float *>(2);
  int *Pivots = managed<int>(2 * N), *Infos = managed<int>(2);
  float *Bias = managed<float>(N), *LtD = managed<float>(N * N);
  for (int I = 0; I < 2; ++I) {
    LuArray[I] = Lu[I];
    XArray[I] = X[I];
  }
  for (int I = 0; I < N; ++I)
    Bias[I] = float(I);

  cudaStream_t S;
  cudaStreamCreate(&S);
  cublasHandle_t B;
  cublasCreate(&B);
  cublasSetStream(B, S);
  cublasLtHandle_t Lt;
  cublasLtCreate(&Lt);
  cublasLtMatmulDesc_t Op;
  cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtEpilogue_t Epilogue = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &Epilogue,
                                 sizeof Epilogue);
  cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &Bias,
                                 sizeof Bias);
  cublasLtMatrixLayout_t Layout;
  cublasLtMatrixLayoutCreate(&Layout, CUDA_R_32F, N, N, N);

  cudaGraph_t Graph;
  cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal);
  float Alpha = 2.0f, Beta = 0.0f;
  // Double inputs with a float C: no such GEMM (cuBLAS's NOT_SUPPORTED).
  cublasStatus_t Refused = cublasGemmEx(
      B, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha, AD, CUDA_R_64F, N, AD,
      CUDA_R_64F, N, &Beta, CHalf, CUDA_R_32F, N, CUBLAS_COMPUTE_32F,
      CUBLAS_GEMM_DEFAULT);
  printf("unsupported gemmEx while capturing: %s\n",
         Refused == CUBLAS_STATUS_NOT_SUPPORTED ? "not supported" : "other");
  // C = 2 * H * H (half inputs, float C and compute).
  cublasGemmEx(B, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha, H, CUDA_R_16F, N,
               H, CUDA_R_16F, N, &Beta, CHalf, CUDA_R_32F, N,
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // CD = 3 * AD^T * AD in double: an 8-byte alpha.
  copyDouble<<<1, 32, 0, S>>>(AD, SourceD, N * N);
  double AlphaD = 3.0, BetaD = 0.0;
  cublasGemmEx(B, CUBLAS_OP_T, CUBLAS_OP_N, N, N, N, &AlphaD, AD, CUDA_R_64F,
               N, AD, CUDA_R_64F, N, &BetaD, CD, CUDA_R_64F, N,
               CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT);
  // Two products Source * Source, strided.
  cublasGemmStridedBatchedEx(B, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha,
                             Source, CUDA_R_32F, N, 0, Source, CUDA_R_32F, N,
                             0, &Beta, CStrided, CUDA_R_32F, N, N * N, 2,
                             CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  // Solve Source x = Rhs twice through the batched LU.
  for (int I = 0; I < 2; ++I) {
    copy<<<1, 32, 0, S>>>(Lu[I], Source, N * N);
    copy<<<1, 32, 0, S>>>(X[I], Rhs, N);
  }
  cublasSgetrfBatched(B, N, LuArray, N, Pivots, Infos, 2);
  int SolveInfo = -1;
  cublasSgetrsBatched(B, CUBLAS_OP_N, N, 1, LuArray, N, Pivots, XArray, N,
                      &SolveInfo, 2);
  // LtD = Source * Source + bias (per row).
  cublasLtMatmul(Lt, Op, &Alpha, Source, Layout, Source, Layout, &Beta, LtD,
                 Layout, LtD, Layout, nullptr, nullptr, 0, S);
  Alpha = 100.0f; // not seen: host-mode scalars are taken at the call
  AlphaD = 100.0;
  if (cudaStreamEndCapture(S, &Graph) != cudaSuccess) {
    printf("capture failed\n");
    return 1;
  }
  bool Ran = false;
  for (int I = 0; I < N * N; ++I)
    Ran |= CHalf[I] != 0 || CD[I] != 0 || LtD[I] != 0;
  printf("captured: %s before the launch\n", Ran ? "something ran" : "nothing ran");

  cudaGraphExec_t Exec;
  cudaGraphInstantiate(&Exec, Graph, nullptr, nullptr, 0);
  for (int Launch = 1; Launch <= 2; ++Launch) {
    // This launch's inputs: a diagonally dominant Source, small integers.
    for (int J = 0; J < N; ++J) {
      Rhs[J] = float(Launch + J);
      for (int I = 0; I < N; ++I) {
        float V = I == J ? 10.0f * Launch : float((I + 2 * J + Launch) % 3);
        Source[J * N + I] = V;
        SourceD[J * N + I] = V;
        H[J * N + I] = __float2half(V);
      }
    }
    cudaGraphLaunch(Exec, S);
    cudaStreamSynchronize(S);
    bool HalfOk = true, DoubleOk = true, StridedOk = true, LuOk = true,
         LtOk = true;
    for (int I = 0; I < N; ++I)
      for (int J = 0; J < N; ++J) {
        double Product = 0, Gram = 0;
        for (int K = 0; K < N; ++K) {
          Product += double(Source[K * N + I]) * Source[J * N + K];
          Gram += SourceD[I * N + K] * SourceD[J * N + K];
        }
        HalfOk &= CHalf[J * N + I] == float(2 * Product);
        DoubleOk &= CD[J * N + I] == 3 * Gram;
        StridedOk &= CStrided[J * N + I] == float(2 * Product) &&
                     CStrided[N * N + J * N + I] == float(2 * Product);
        LtOk &= LtD[J * N + I] == float(2 * Product + I);
      }
    for (int M = 0; M < 2; ++M) {
      LuOk &= Infos[M] == 0;
      for (int I = 0; I < N; ++I) {
        double Sum = -Rhs[I];
        for (int K = 0; K < N; ++K)
          Sum += double(Source[K * N + I]) * X[M][K];
        LuOk &= fabs(Sum) < 1e-4;
      }
    }
    LuOk &= SolveInfo == 0;
    printf("launch %d: gemmEx half %s, gemmEx double %s, strided %s, lu %s, "
           "lt %s\n",
           Launch, HalfOk ? "ok" : "wrong", DoubleOk ? "ok" : "wrong",
           StridedOk ? "ok" : "wrong", LuOk ? "ok" : "wrong",
           LtOk ? "ok" : "wrong");
  }
  return 0;
}
