// cuSPARSE's host backend inside stream capture beyond SpMV: SpMM, SpSV
// (analysis and solve), sparse-to-dense, scatter and gather on a capturing
// stream become host nodes of the graph, in stream order with the kernels
// around them; each launch reads the data as it is then, host-mode scalars
// as they were at the call.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcusparse -o %t && %t | FileCheck %s

// CHECK: captured: 0 results before the launch
// CHECK: launch 1: spmm ok, spsv ok, dense ok, scatter ok, gather ok
// CHECK: launch 2: spmm ok, spsv ok, dense ok, scatter ok, gather ok

#include <cuda_runtime.h>
#include <cusparse.h>
#include <stdio.h>

constexpr int N = 32;

// B's two columns: x and 2 x.
__global__ void spread(const float *X, float *B) {
  int I = threadIdx.x;
  B[I] = X[I];
  B[N + I] = 2 * X[I];
}

int main() {
  float *X, *B, *C, *Y, *Dense, *Values, *Sparse, *Full, *Gathered;
  int *Offsets, *Columns, *Indices;
  cudaMallocManaged(&X, N * 4);
  cudaMallocManaged(&B, 2 * N * 4);
  cudaMallocManaged(&C, 2 * N * 4);
  cudaMallocManaged(&Y, N * 4);
  cudaMallocManaged(&Dense, N * N * 4);
  cudaMallocManaged(&Values, N * 4);
  cudaMallocManaged(&Sparse, 4 * 4);
  cudaMallocManaged(&Full, N * 4);
  cudaMallocManaged(&Gathered, 4 * 4);
  cudaMallocManaged(&Offsets, (N + 1) * 4);
  cudaMallocManaged(&Columns, N * 4);
  cudaMallocManaged(&Indices, 4 * 4);
  // A = diag(1, 2, ..., N) in CSR; a sparse vector at 3, 5, 7, 11.
  for (int I = 0; I <= N; ++I)
    Offsets[I] = I;
  for (int I = 0; I < N; ++I) {
    Columns[I] = I;
    Values[I] = float(I + 1);
  }
  int Where[] = {3, 5, 7, 11};
  for (int K = 0; K < 4; ++K)
    Indices[K] = Where[K];
  for (int I = 0; I < N * N; ++I)
    Dense[I] = -1;
  for (int I = 0; I < 2 * N; ++I)
    C[I] = 0;
  for (int I = 0; I < N; ++I)
    Y[I] = Full[I] = 0;
  for (int K = 0; K < 4; ++K)
    Gathered[K] = 0;

  cudaStream_t S;
  cudaStreamCreate(&S);
  cusparseHandle_t H;
  cusparseCreate(&H);
  cusparseSetStream(H, S);
  cusparseSpMatDescr_t A;
  cusparseCreateCsr(&A, N, N, N, Offsets, Columns, Values, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseDnMatDescr_t MB, MC, MD;
  cusparseCreateDnMat(&MB, N, 2, N, B, CUDA_R_32F, CUSPARSE_ORDER_COL);
  cusparseCreateDnMat(&MC, N, 2, N, C, CUDA_R_32F, CUSPARSE_ORDER_COL);
  cusparseCreateDnMat(&MD, N, N, N, Dense, CUDA_R_32F, CUSPARSE_ORDER_COL);
  cusparseDnVecDescr_t VX, VY, VFull;
  cusparseCreateDnVec(&VX, N, X, CUDA_R_32F);
  cusparseCreateDnVec(&VY, N, Y, CUDA_R_32F);
  cusparseCreateDnVec(&VFull, N, Full, CUDA_R_32F);
  cusparseSpVecDescr_t VS, VG;
  cusparseCreateSpVec(&VS, N, 4, Indices, Sparse, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateSpVec(&VG, N, 4, Indices, Gathered, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseSpSVDescr_t SV;
  cusparseSpSV_createDescr(&SV);

  cudaGraph_t Graph;
  cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal);
  spread<<<1, N, 0, S>>>(X, B);
  float Alpha = 3.0f, Beta = 0.0f; // host mode: the values at the call
  size_t Size = 0;
  cusparseStatus_t Status[6];
  Status[0] = cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
                           CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MB,
                           &Beta, MC, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                           nullptr); // C = 3 A B
  float Two = 2.0f;
  cusparseSpSV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Two, A, VX, VY,
                          CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, SV, &Size);
  Status[1] = cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Two,
                                    A, VX, VY, CUDA_R_32F,
                                    CUSPARSE_SPSV_ALG_DEFAULT, SV, nullptr);
  Status[2] = cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Two, A,
                                 VX, VY, CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT,
                                 SV); // y = 2 A^-1 x
  Status[3] = cusparseSparseToDense(H, A, MD,
                                    CUSPARSE_SPARSETODENSE_ALG_DEFAULT, nullptr);
  Status[4] = cusparseScatter(H, VS, VFull);
  Status[5] = cusparseGather(H, VX, VG);
  Alpha = Two = 100.0f;
  if (cudaStreamEndCapture(S, &Graph) != cudaSuccess) {
    printf("capture failed\n");
    return 1;
  }
  for (int K = 0; K < 6; ++K)
    if (Status[K] != CUSPARSE_STATUS_SUCCESS)
      printf("call %d: status %d\n", K, int(Status[K]));
  printf("captured: %d results before the launch\n",
         int(C[1] != 0) + int(Y[1] != 0) + int(Dense[0] != -1) +
             int(Full[3] != 0));
  cudaGraphExec_t Exec;
  cudaGraphInstantiate(&Exec, Graph, nullptr, nullptr, 0);
  for (int Launch = 1; Launch <= 2; ++Launch) {
    // Data read at each launch: x, A's values, the sparse vector's values.
    for (int I = 0; I < N; ++I) {
      X[I] = float(I * Launch);
      Values[I] = float((I + 1) * Launch);
    }
    for (int K = 0; K < 4; ++K)
      Sparse[K] = float(10 * K + Launch);
    cudaGraphLaunch(Exec, S);
    cudaStreamSynchronize(S);
    bool Spmm = true, Spsv = true, DenseOk = true, Scatter = true,
         Gather = true;
    for (int I = 0; I < N; ++I) {
      float AI = float((I + 1) * Launch), XI = float(I * Launch);
      Spmm &= C[I] == 3 * AI * XI && C[N + I] == 3 * AI * 2 * XI;
      Spsv &= Y[I] == 2 * XI / AI;
      for (int J = 0; J < N; ++J)
        DenseOk &= Dense[I + J * N] == (I == J ? AI : 0.0f);
    }
    for (int K = 0; K < 4; ++K) {
      Scatter &= Full[Where[K]] == float(10 * K + Launch);
      Gather &= Gathered[K] == X[Where[K]];
    }
    printf("launch %d: spmm %s, spsv %s, dense %s, scatter %s, gather %s\n",
           Launch, Spmm ? "ok" : "wrong", Spsv ? "ok" : "wrong",
           DenseOk ? "ok" : "wrong", Scatter ? "ok" : "wrong",
           Gather ? "ok" : "wrong");
  }
  return 0;
}
