//===- cublas_gemm_bench.cpp - cuBLAS host backend vs OpenBLAS ------------===//
//
// Part of Rubicon. SGEMM and DGEMM GFLOP/s of libcublas on the host target
// against the same OpenBLAS called directly, interleaved, best of several
// runs each, and the ratio (the cost of the cuBLAS layer). See README.md.
//
//===----------------------------------------------------------------------===//
#include "cublas_v2.h"
#include "cuda_runtime_api.h"

#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double seconds(auto &&Work) {
  auto Start = std::chrono::steady_clock::now();
  Work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

template <class T>
void run(cublasHandle_t H, int N, int Repeats, const char *Name) {
  size_t Count = size_t(N) * N;
  T *A, *B, *C;
  cudaMalloc(reinterpret_cast<void **>(&A), Count * sizeof(T));
  cudaMalloc(reinterpret_cast<void **>(&B), Count * sizeof(T));
  cudaMalloc(reinterpret_cast<void **>(&C), Count * sizeof(T));
  std::vector<T> Init(Count);
  for (size_t I = 0; I < Count; ++I)
    Init[I] = T((I * 7919) % 1000) / T(1000);
  cudaMemcpy(A, Init.data(), Count * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(B, Init.data(), Count * sizeof(T), cudaMemcpyHostToDevice);
  T Alpha = 1, Beta = 0;
  auto viaCublas = [&] {
    cublasStatus_t S;
    if constexpr (sizeof(T) == 4)
      S = cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha, A, N, B, N,
                      &Beta, C, N);
    else
      S = cublasDgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &Alpha, A, N, B, N,
                      &Beta, C, N);
    if (S != CUBLAS_STATUS_SUCCESS) {
      std::fprintf(stderr, "gemm failed: %s\n", cublasGetStatusName(S));
      std::exit(1);
    }
    cudaDeviceSynchronize();
  };
  auto viaOpenblas = [&] {
    if constexpr (sizeof(T) == 4)
      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, Alpha,
                  reinterpret_cast<const float *>(A), N,
                  reinterpret_cast<const float *>(B), N, Beta,
                  reinterpret_cast<float *>(C), N);
    else
      cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, Alpha,
                  reinterpret_cast<const double *>(A), N,
                  reinterpret_cast<const double *>(B), N, Beta,
                  reinterpret_cast<double *>(C), N);
  };
  viaCublas(); // warm up both
  viaOpenblas();
  double BestCublas = 1e30, BestOpenblas = 1e30;
  for (int R = 0; R < Repeats; ++R) {
    BestCublas = std::min(BestCublas, seconds(viaCublas));
    BestOpenblas = std::min(BestOpenblas, seconds(viaOpenblas));
  }
  double Flops = 2.0 * N * double(N) * N;
  double GCublas = Flops / BestCublas / 1e9, GOpen = Flops / BestOpenblas / 1e9;
  std::printf("%s n=%d: cuBLAS host backend %.2f GFLOP/s, OpenBLAS direct "
              "%.2f GFLOP/s, ratio %.3f\n",
              Name, N, GCublas, GOpen, GCublas / GOpen);
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
}

} // namespace

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? std::atoi(Argv[1]) : 1024;
  int Repeats = Argc > 2 ? std::atoi(Argv[2]) : 5;
  cublasHandle_t H;
  if (cublasStatus_t S = cublasCreate(&H)) {
    std::fprintf(stderr, "cublasCreate: %s\n", cublasGetStatusName(S));
    return 1;
  }
  run<float>(H, N, Repeats, "SGEMM");
  run<double>(H, N, Repeats, "DGEMM");
  cublasDestroy(H);
  return 0;
}
