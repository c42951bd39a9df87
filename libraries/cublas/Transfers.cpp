//===- Transfers.cpp - cublasSet/GetVector and cublasSet/GetMatrix --------===//
//
// Part of Rubicon. Strided copies between host and device memory, as 2D
// copies of the runtime (cudaMemcpy2D, cudaMemcpy2DAsync): one element (or
// one column) per row of the copy. They need no handle and no backend of
// their own.
//
//===----------------------------------------------------------------------===//
#include "cublas_api.h"

namespace {

cublasStatus_t copy2D(void *Dst, size_t DstPitch, const void *Src,
                      size_t SrcPitch, size_t Width, size_t Height,
                      cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  cudaError_t Error =
      Async ? cudaMemcpy2DAsync(Dst, DstPitch, Src, SrcPitch, Width, Height,
                                Kind, Stream)
            : cudaMemcpy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind);
  return Error == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                              : CUBLAS_STATUS_MAPPING_ERROR;
}

cublasStatus_t vector(int N, int ElemSize, const void *X, int IncX, void *Y,
                      int IncY, cudaMemcpyKind Kind, cudaStream_t Stream,
                      bool Async) {
  if (N < 0 || ElemSize <= 0 || IncX <= 0 || IncY <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  return copy2D(Y, size_t(IncY) * ElemSize, X, size_t(IncX) * ElemSize,
                ElemSize, N, Kind, Stream, Async);
}

cublasStatus_t matrix(int Rows, int Cols, int ElemSize, const void *A, int Lda,
                      void *B, int Ldb, cudaMemcpyKind Kind,
                      cudaStream_t Stream, bool Async) {
  if (Rows < 0 || Cols < 0 || ElemSize <= 0 || Lda < Rows || Ldb < Rows ||
      Lda <= 0 || Ldb <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (Rows == 0 || Cols == 0)
    return CUBLAS_STATUS_SUCCESS;
  return copy2D(B, size_t(Ldb) * ElemSize, A, size_t(Lda) * ElemSize,
                size_t(Rows) * ElemSize, Cols, Kind, Stream, Async);
}

} // namespace

extern "C" {

cublasStatus_t cublasSetVector(int N, int ElemSize, const void *X, int IncX,
                               void *Y, int IncY) {
  return vector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyHostToDevice, nullptr,
                false);
}
cublasStatus_t cublasGetVector(int N, int ElemSize, const void *X, int IncX,
                               void *Y, int IncY) {
  return vector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyDeviceToHost, nullptr,
                false);
}
cublasStatus_t cublasSetVectorAsync(int N, int ElemSize, const void *X,
                                    int IncX, void *Y, int IncY,
                                    cudaStream_t Stream) {
  return vector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyHostToDevice, Stream,
                true);
}
cublasStatus_t cublasGetVectorAsync(int N, int ElemSize, const void *X,
                                    int IncX, void *Y, int IncY,
                                    cudaStream_t Stream) {
  return vector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyDeviceToHost, Stream,
                true);
}
cublasStatus_t cublasSetMatrix(int Rows, int Cols, int ElemSize, const void *A,
                               int Lda, void *B, int Ldb) {
  return matrix(Rows, Cols, ElemSize, A, Lda, B, Ldb, cudaMemcpyHostToDevice,
                nullptr, false);
}
cublasStatus_t cublasGetMatrix(int Rows, int Cols, int ElemSize, const void *A,
                               int Lda, void *B, int Ldb) {
  return matrix(Rows, Cols, ElemSize, A, Lda, B, Ldb, cudaMemcpyDeviceToHost,
                nullptr, false);
}
cublasStatus_t cublasSetMatrixAsync(int Rows, int Cols, int ElemSize,
                                    const void *A, int Lda, void *B, int Ldb,
                                    cudaStream_t Stream) {
  return matrix(Rows, Cols, ElemSize, A, Lda, B, Ldb, cudaMemcpyHostToDevice,
                Stream, true);
}
cublasStatus_t cublasGetMatrixAsync(int Rows, int Cols, int ElemSize,
                                    const void *A, int Lda, void *B, int Ldb,
                                    cudaStream_t Stream) {
  return matrix(Rows, Cols, ElemSize, A, Lda, B, Ldb, cudaMemcpyDeviceToHost,
                Stream, true);
}

} // extern "C"
