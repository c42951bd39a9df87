/*===- cusolverSp.h - cuSOLVER's sparse API ------------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSOLVER documentation ("cuSolverSP"): the
 * handle, the linear solvers csrlsvlu/qr/chol, orderings, permutation and
 * symmetry checks, on CSR matrices with 32-bit indices. The low-level
 * factorizations are in cusolverSp_LOWLEVEL_PREVIEW.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSOLVERSP_H
#define RUBICON_CUSOLVERSP_H

#include <stddef.h>
#include <stdint.h>

#include "cuComplex.h"
#include "cuda_runtime_api.h"
#include "cusolver_common.h"
#include "cusparse.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverSpContext;
typedef struct cusolverSpContext *cusolverSpHandle_t;
struct csrqrInfo;
typedef struct csrqrInfo *csrqrInfo_t;

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle);
cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle);
cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle,
                                     cudaStream_t streamId);
cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle,
                                     cudaStream_t *streamId);

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m,
                                         int nnzA,
                                         const cusparseMatDescr_t descrA,
                                         const int *csrRowPtrA,
                                         const int *csrEndPtrA,
                                         const int *csrColIndA, int *issym);
cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n,
                                          int nnzA,
                                          const cusparseMatDescr_t descrA,
                                          const int *csrRowPtrA,
                                          const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n,
                                           int nnzA,
                                           const cusparseMatDescr_t descrA,
                                           const int *csrRowPtrA,
                                           const int *csrColIndA,
                                           const int64_t *options, int *p);
cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(
    cusolverSpHandle_t handle, int m, int n, int nnzA,
    const cusparseMatDescr_t descrA, const int *csrRowPtrA,
    const int *csrColIndA, const int *p, const int *q,
    size_t *bufferSizeInBytes);
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m,
                                        int n, int nnzA,
                                        const cusparseMatDescr_t descrA,
                                        int *csrRowPtrA, int *csrColIndA,
                                        const int *p, const int *q, int *map,
                                        void *pBuffer);

/* P: S, D, C, Z; T the value type, R its real type. */
#define RUBICON_CUSOLVERSP_LSV(P, T, R, SUFFIX)                                \
  cusolverStatus_t cusolverSp##P##csrlsvqr##SUFFIX(                            \
      cusolverSpHandle_t handle, int m, int nnz,                               \
      const cusparseMatDescr_t descrA, const T *csrVal,                        \
      const int *csrRowPtr, const int *csrColInd, const T *b, R tol,           \
      int reorder, T *x, int *singularity);                                    \
  cusolverStatus_t cusolverSp##P##csrlsvchol##SUFFIX(                          \
      cusolverSpHandle_t handle, int m, int nnz,                               \
      const cusparseMatDescr_t descrA, const T *csrVal,                        \
      const int *csrRowPtr, const int *csrColInd, const T *b, R tol,           \
      int reorder, T *x, int *singularity);
#define RUBICON_CUSOLVERSP_PRECISION(P, T, R)                                  \
  RUBICON_CUSOLVERSP_LSV(P, T, R, )                                            \
  RUBICON_CUSOLVERSP_LSV(P, T, R, Host)                                        \
  cusolverStatus_t cusolverSp##P##csrlsvluHost(                                \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,         \
      int reorder, T *x, int *singularity);
RUBICON_CUSOLVERSP_PRECISION(S, float, float)
RUBICON_CUSOLVERSP_PRECISION(D, double, double)
RUBICON_CUSOLVERSP_PRECISION(C, cuComplex, float)
RUBICON_CUSOLVERSP_PRECISION(Z, cuDoubleComplex, double)
#undef RUBICON_CUSOLVERSP_PRECISION
#undef RUBICON_CUSOLVERSP_LSV

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSOLVERSP_H */
