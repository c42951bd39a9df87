//===- Xt.cpp - cuBLASXt's GEMMs over cuBLAS on one device ----------------===//
//
// Part of Rubicon. A cuBLASXt handle is a cuBLAS handle on the first
// selected device. A GEMM on matrices in host or device memory copies A, B
// and C to device memory (cudaMemcpy2D with cudaMemcpyDefault: either kind
// of pointer), runs cublas<t>gemm there (OpenBLAS on the host target,
// rocBLAS on AMD GPUs) and copies C back. The work is not split into
// blocks over several devices: the block size is recorded, and one device
// is used.
//
//===----------------------------------------------------------------------===//
#include "cublasXt.h"

#include <climits>
#include <new>

struct cublasXtContext {
  cublasHandle_t Blas = nullptr;
  int Device = 0;
  int BlockDim = 1024;
  cublasXtPinnedMemMode_t Pinning = CUBLASXT_PINNING_DISABLED;
};

namespace {

/// A column-major Rows x Cols matrix (leading dimension Ld) copied to a
/// packed device matrix, and back.
template <class T> class DeviceMatrix {
public:
  DeviceMatrix(size_t Rows, size_t Cols) : Rows(Rows), Cols(Cols) {
    if (Rows && Cols &&
        cudaMalloc(reinterpret_cast<void **>(&Data), Rows * Cols * sizeof(T)) !=
            cudaSuccess)
      Data = nullptr;
  }
  ~DeviceMatrix() { cudaFree(Data); }
  bool ok() const { return Data || !Rows || !Cols; }
  bool load(const T *From, size_t Ld) {
    return !Rows || !Cols ||
           cudaMemcpy2D(Data, Rows * sizeof(T), From, Ld * sizeof(T),
                        Rows * sizeof(T), Cols, cudaMemcpyDefault) == cudaSuccess;
  }
  bool store(T *To, size_t Ld) const {
    return !Rows || !Cols ||
           cudaMemcpy2D(To, Ld * sizeof(T), Data, Rows * sizeof(T),
                        Rows * sizeof(T), Cols, cudaMemcpyDefault) == cudaSuccess;
  }
  T *Data = nullptr;
  size_t Rows, Cols;
};

bool fitsInt(size_t V) { return V <= size_t(INT_MAX); }

template <class T, class GemmT>
cublasStatus_t xtGemm(cublasXtHandle_t H, cublasOperation_t TransA,
                      cublasOperation_t TransB, size_t M, size_t N, size_t K,
                      const T *Alpha, const T *A, size_t Lda, const T *B,
                      size_t Ldb, const T *Beta, T *C, size_t Ldc,
                      GemmT Gemm) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  size_t RowsA = TransA == CUBLAS_OP_N ? M : K, ColsA = TransA == CUBLAS_OP_N ? K : M;
  size_t RowsB = TransB == CUBLAS_OP_N ? K : N, ColsB = TransB == CUBLAS_OP_N ? N : K;
  if (!Alpha || !Beta || Lda < (RowsA ? RowsA : 1) ||
      Ldb < (RowsB ? RowsB : 1) || Ldc < (M ? M : 1))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!fitsInt(M) || !fitsInt(N) || !fitsInt(K))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (!M || !N)
    return CUBLAS_STATUS_SUCCESS;
  if (cudaSetDevice(H->Device) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  DeviceMatrix<T> DA(RowsA, ColsA), DB(RowsB, ColsB), DC(M, N);
  if (!DA.ok() || !DB.ok() || !DC.ok())
    return CUBLAS_STATUS_ALLOC_FAILED;
  if (!DA.load(A, Lda) || !DB.load(B, Ldb) || !DC.load(C, Ldc))
    return CUBLAS_STATUS_MAPPING_ERROR;
  int IRowsA = int(RowsA ? RowsA : 1), IRowsB = int(RowsB ? RowsB : 1);
  if (cublasStatus_t Status =
          Gemm(H->Blas, TransA, TransB, int(M), int(N), int(K), Alpha, DA.Data,
               IRowsA, DB.Data, IRowsB, Beta, DC.Data, int(M)))
    return Status;
  if (cudaDeviceSynchronize() != cudaSuccess || !DC.store(C, Ldc))
    return CUBLAS_STATUS_MAPPING_ERROR;
  return CUBLAS_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle) {
  if (!handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *H = new (std::nothrow) cublasXtContext;
  if (!H)
    return CUBLAS_STATUS_ALLOC_FAILED;
  if (cublasStatus_t Status = cublasCreate(&H->Blas)) {
    delete H;
    return Status;
  }
  *handle = H;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t Status = cublasDestroy(handle->Blas);
  delete handle;
  return Status;
}

cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[],
                                    int *nbBoards) {
  if (nbDevices < 0 || (nbDevices && !deviceId) || !nbBoards)
    return CUBLAS_STATUS_INVALID_VALUE;
  *nbBoards = nbDevices;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards) {
  if (!nbGpuBoards)
    return CUBLAS_STATUS_INVALID_VALUE;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  *nbGpuBoards = Count;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices,
                                    int deviceId[]) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  int Count = 0;
  if (nbDevices < 1 || !deviceId || cudaGetDeviceCount(&Count) != cudaSuccess)
    return CUBLAS_STATUS_INVALID_VALUE;
  for (int I = 0; I < nbDevices; ++I)
    if (deviceId[I] < 0 || deviceId[I] >= Count)
      return CUBLAS_STATUS_INVALID_VALUE;
  handle->Device = deviceId[0];
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (blockDim <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  handle->BlockDim = blockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!blockDim)
    return CUBLAS_STATUS_INVALID_VALUE;
  *blockDim = handle->BlockDim;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle,
                                         cublasXtPinnedMemMode_t *mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *mode = handle->Pinning;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle,
                                         cublasXtPinnedMemMode_t mode) {
  if (!handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLASXT_PINNING_DISABLED && mode != CUBLASXT_PINNING_ENABLED)
    return CUBLAS_STATUS_INVALID_VALUE;
  handle->Pinning = mode;
  return CUBLAS_STATUS_SUCCESS;
}

#define XT_GEMM(P, T)                                                          \
  cublasStatus_t cublasXt##P##gemm(                                            \
      cublasXtHandle_t handle, cublasOperation_t transa,                       \
      cublasOperation_t transb, size_t m, size_t n, size_t k, const T *alpha,  \
      const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,     \
      size_t ldc) {                                                            \
    return xtGemm(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb,      \
                  beta, C, ldc, cublas##P##gemm_v2);                           \
  }
XT_GEMM(S, float)
XT_GEMM(D, double)
XT_GEMM(C, cuComplex)
XT_GEMM(Z, cuDoubleComplex)
#undef XT_GEMM

} // extern "C"
