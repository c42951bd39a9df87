// The libraries' host backends inside stream capture: cuBLAS and cuSPARSE
// calls on a capturing stream become host nodes of the graph, in stream
// order with the kernels around them; host-mode scalars are the values at
// the call, device-mode ones are read when the graph runs. Each launch of
// the graph redoes the work. The mixed-type GEMMs, batched LU and cuBLASLt:
// library-graph-capture-mixed.cu.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcublas -lcusparse -o %t && %t | FileCheck %s

// CHECK: captured: 0 nodes run before the launch
// CHECK: launch 1: y ok, dot ok, spmv ok
// CHECK: launch 2: y ok, dot ok, spmv ok

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include <stdio.h>

constexpr int N = 64;

__global__ void fill(float *Y, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = V;
}

int main() {
  float *X, *Y, *Dot, *Scale, *Z;
  cudaMallocManaged(&X, N * 4);
  cudaMallocManaged(&Y, N * 4);
  cudaMallocManaged(&Z, N * 4);
  cudaMallocManaged(&Dot, 4);
  cudaMallocManaged(&Scale, 4);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I);
    Y[I] = Z[I] = 0.0f;
  }
  *Dot = 0.0f;
  *Scale = 0.5f;
  // A diagonal CSR matrix: A = diag(1, 2, ..., N).
  int *Offsets, *Columns;
  float *Values;
  cudaMallocManaged(&Offsets, (N + 1) * 4);
  cudaMallocManaged(&Columns, N * 4);
  cudaMallocManaged(&Values, N * 4);
  for (int I = 0; I <= N; ++I)
    Offsets[I] = I;
  for (int I = 0; I < N; ++I) {
    Columns[I] = I;
    Values[I] = float(I + 1);
  }

  cudaStream_t S;
  cudaStreamCreate(&S);
  cublasHandle_t B;
  cublasCreate(&B);
  cublasSetStream(B, S);
  cusparseHandle_t Sp;
  cusparseCreate(&Sp);
  cusparseSetStream(Sp, S);
  cusparseSpMatDescr_t A;
  cusparseCreateCsr(&A, N, N, N, Offsets, Columns, Values, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDnVecDescr_t VX, VZ;
  cusparseCreateDnVec(&VX, N, X, CUDA_R_32F);
  cusparseCreateDnVec(&VZ, N, Z, CUDA_R_32F);

  cudaGraph_t Graph;
  cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal);
  fill<<<1, N, 0, S>>>(Y, 1.0f);
  float Alpha = 2.0f; // host mode: the value at the call
  cublasSaxpy(B, N, &Alpha, X, 1, Y, 1); // y = 1 + 2 x
  Alpha = 100.0f;
  cublasSetPointerMode(B, CUBLAS_POINTER_MODE_DEVICE);
  cublasSscal(B, N, Scale, Y, 1); // y *= *Scale, read at launch
  cublasSdot(B, N, X, 1, Y, 1, Dot);
  cublasSetPointerMode(B, CUBLAS_POINTER_MODE_HOST);
  float One = 1.0f, Zero = 0.0f;
  size_t Size = 0;
  cusparseSpMV_bufferSize(Sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &One, A, VX,
                          &Zero, VZ, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                          &Size);
  cusparseSpMV(Sp, CUSPARSE_OPERATION_NON_TRANSPOSE, &One, A, VX, &Zero, VZ,
               CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr); // z = A x
  One = 7.0f;
  if (cudaStreamEndCapture(S, &Graph) != cudaSuccess) {
    printf("capture failed\n");
    return 1;
  }
  printf("captured: %d nodes run before the launch\n", int(Y[0] != 0.0f) + int(*Dot != 0.0f) + int(Z[1] != 0.0f));
  cudaGraphExec_t Exec;
  cudaGraphInstantiate(&Exec, Graph, nullptr, nullptr, 0);
  for (int Launch = 1; Launch <= 2; ++Launch) {
    float Factor = Launch == 1 ? 0.5f : 0.25f;
    *Scale = Factor;
    cudaGraphLaunch(Exec, S);
    cudaStreamSynchronize(S);
    bool YOk = true, ZOk = true;
    double WantDot = 0;
    for (int I = 0; I < N; ++I) {
      float Want = (1.0f + 2.0f * I) * Factor;
      YOk &= Y[I] == Want;
      ZOk &= Z[I] == float(I) * float(I + 1);
      WantDot += double(I) * Want;
    }
    bool DotOk = fabs(*Dot - WantDot) <= 1e-5 * WantDot;
    printf("launch %d: y %s, dot %s, spmv %s\n", Launch, YOk ? "ok" : "wrong",
           DotOk ? "ok" : "wrong", ZOk ? "ok" : "wrong");
  }
  return 0;
}
