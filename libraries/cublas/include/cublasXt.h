/*===- cublasXt.h - cuBLASXt: BLAS 3 on host or device matrices ----------===*
 *
 * Part of Rubicon. Written from the cuBLAS documentation ("Using the
 * cuBLASXt API"): handles, device selection, block size, and the GEMMs
 * of the four precisions on matrices in host or device memory.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUBLASXT_H
#define RUBICON_CUBLASXT_H

#include <stddef.h>

#include "cublas_v2.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cublasXtContext;
typedef struct cublasXtContext *cublasXtHandle_t;

typedef enum {
  CUBLASXT_PINNING_DISABLED = 0,
  CUBLASXT_PINNING_ENABLED = 1
} cublasXtPinnedMemMode_t;

cublasStatus_t cublasXtCreate(cublasXtHandle_t *handle);
cublasStatus_t cublasXtDestroy(cublasXtHandle_t handle);
cublasStatus_t cublasXtGetNumBoards(int nbDevices, int deviceId[],
                                    int *nbBoards);
cublasStatus_t cublasXtMaxBoards(int *nbGpuBoards);
cublasStatus_t cublasXtDeviceSelect(cublasXtHandle_t handle, int nbDevices,
                                    int deviceId[]);
cublasStatus_t cublasXtSetBlockDim(cublasXtHandle_t handle, int blockDim);
cublasStatus_t cublasXtGetBlockDim(cublasXtHandle_t handle, int *blockDim);
cublasStatus_t cublasXtGetPinningMemMode(cublasXtHandle_t handle,
                                         cublasXtPinnedMemMode_t *mode);
cublasStatus_t cublasXtSetPinningMemMode(cublasXtHandle_t handle,
                                         cublasXtPinnedMemMode_t mode);

#define RUBICON_CUBLASXT_GEMM(P, T)                                            \
  cublasStatus_t cublasXt##P##gemm(                                            \
      cublasXtHandle_t handle, cublasOperation_t transa,                       \
      cublasOperation_t transb, size_t m, size_t n, size_t k, const T *alpha,  \
      const T *A, size_t lda, const T *B, size_t ldb, const T *beta, T *C,     \
      size_t ldc);
RUBICON_CUBLASXT_GEMM(S, float)
RUBICON_CUBLASXT_GEMM(D, double)
RUBICON_CUBLASXT_GEMM(C, cuComplex)
RUBICON_CUBLASXT_GEMM(Z, cuDoubleComplex)
#undef RUBICON_CUBLASXT_GEMM

#ifdef __cplusplus
}
#endif

#endif
