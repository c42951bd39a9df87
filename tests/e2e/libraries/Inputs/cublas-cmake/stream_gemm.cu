// A kernel and cuBLAS on one stream: the kernel writes A, cublasSgemm reads
// it, a second kernel doubles C; the program's own (static) runtime and
// libcublas see the same stream.
#include <cublas_v2.h>
#include <cstdio>

__global__ void fill(float *A, int N, float Value) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = Value + I % 3;
}
__global__ void twice(float *C, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    C[I] *= 2;
}

int main() {
  const int N = 64;
  float *A, *B, *C;
  cudaMalloc(&A, N * N * sizeof(float));
  cudaMalloc(&B, N * N * sizeof(float));
  cudaMalloc(&C, N * N * sizeof(float));
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  cublasHandle_t H;
  if (cublasStatus_t S = cublasCreate(&H)) {
    std::printf("cublasCreate: %s\n", cublasGetStatusName(S));
    return 1;
  }
  cublasSetStream(H, Stream);
  fill<<<N, N, 0, Stream>>>(A, N * N, 1.0f);
  fill<<<N, N, 0, Stream>>>(B, N * N, 0.0f);
  float Alpha = 1, Beta = 0;
  cublasStatus_t S = cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha,
                                 A, N, B, N, &Beta, C, N);
  twice<<<N, N, 0, Stream>>>(C, N * N);
  float Host[N * N];
  cudaMemcpyAsync(Host, C, sizeof(Host), cudaMemcpyDeviceToHost, Stream);
  cudaStreamSynchronize(Stream);
  // C(i, j) = 2 * sum_l A(i, l) B(l, j), A(i, l) = 1 + (i + l N) % 3,
  // B(l, j) = (l + j N) % 3.
  int Wrong = 0;
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I) {
      float Want = 0;
      for (int L = 0; L < N; ++L)
        Want += (1.0f + (I + L * N) % 3) * float((L + J * N) % 3);
      Wrong += Host[J * N + I] != 2 * Want;
    }
  std::printf("sgemm: %s, %d wrong of %d\n", cublasGetStatusName(S), Wrong,
              N * N);
  cublasDestroy(H);
  return Wrong != 0;
}
