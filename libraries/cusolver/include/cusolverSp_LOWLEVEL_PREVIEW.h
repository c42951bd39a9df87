/*===- cusolverSp_LOWLEVEL_PREVIEW.h - cuSOLVER's low-level sparse API ---===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSOLVER documentation ("cuSolverSP"): the
 * low-level QR and Cholesky factorizations (info objects, analysis, buffer
 * sizes, setup and factorization, zero pivots, solves) in device-memory
 * and host-memory (...Host) forms, and the LU factorization with partial
 * pivoting, which has the host-memory form only (with the extraction of
 * P, Q, L and U that cusolverRf starts from).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#define RUBICON_CUSOLVERSP_LOWLEVEL_PREVIEW_H

#include "cusolverSp.h"

#ifdef __cplusplus
extern "C" {
#endif

struct csrqrInfoHost;
typedef struct csrqrInfoHost *csrqrInfoHost_t;
struct csrcholInfo;
typedef struct csrcholInfo *csrcholInfo_t;
struct csrcholInfoHost;
typedef struct csrcholInfoHost *csrcholInfoHost_t;

cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t info);
cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t info);
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t info);
cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t info);

/* Analysis of the low-level factorizations: the same for every precision.
 * SUFFIX is empty (device memory) or Host; INFO the matching info type. */
#define RUBICON_CUSOLVERSP_ANALYSIS(SUFFIX, QRINFO, CHOLINFO)                  \
  cusolverStatus_t cusolverSpXcsrqrAnalysis##SUFFIX(                           \
      cusolverSpHandle_t handle, int m, int n, int nnzA,                       \
      const cusparseMatDescr_t descrA, const int *csrRowPtrA,                  \
      const int *csrColIndA, QRINFO info);                                     \
  cusolverStatus_t cusolverSpXcsrcholAnalysis##SUFFIX(                         \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const int *csrRowPtrA,                  \
      const int *csrColIndA, CHOLINFO info);
RUBICON_CUSOLVERSP_ANALYSIS(, csrqrInfo_t, csrcholInfo_t)
RUBICON_CUSOLVERSP_ANALYSIS(Host, csrqrInfoHost_t, csrcholInfoHost_t)
#undef RUBICON_CUSOLVERSP_ANALYSIS

/* P: S, D, C, Z; T the value type, R its real type. */
#define RUBICON_CUSOLVERSP_SOLVERS(P, T, R, SUFFIX, QRINFO, CHOLINFO)          \
  cusolverStatus_t cusolverSp##P##csrqrBufferInfo##SUFFIX(                     \
      cusolverSpHandle_t handle, int m, int n, int nnzA,                       \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, QRINFO info,               \
      size_t *internalDataInBytes, size_t *workspaceInBytes);                  \
  cusolverStatus_t cusolverSp##P##csrqrSetup##SUFFIX(                          \
      cusolverSpHandle_t handle, int m, int n, int nnzA,                       \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, T mu, QRINFO info);        \
  cusolverStatus_t cusolverSp##P##csrqrFactor##SUFFIX(                         \
      cusolverSpHandle_t handle, int m, int n, int nnzA, T *b, T *x,           \
      QRINFO info, void *pBuffer);                                             \
  cusolverStatus_t cusolverSp##P##csrqrZeroPivot##SUFFIX(                      \
      cusolverSpHandle_t handle, QRINFO info, R tol, int *position);           \
  cusolverStatus_t cusolverSp##P##csrqrSolve##SUFFIX(                          \
      cusolverSpHandle_t handle, int m, int n, T *b, T *x, QRINFO info,        \
      void *pBuffer);                                                          \
  cusolverStatus_t cusolverSp##P##csrcholBufferInfo##SUFFIX(                   \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, CHOLINFO info,             \
      size_t *internalDataInBytes, size_t *workspaceInBytes);                  \
  cusolverStatus_t cusolverSp##P##csrcholFactor##SUFFIX(                       \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, CHOLINFO info,             \
      void *pBuffer);                                                          \
  cusolverStatus_t cusolverSp##P##csrcholZeroPivot##SUFFIX(                    \
      cusolverSpHandle_t handle, CHOLINFO info, R tol, int *position);         \
  cusolverStatus_t cusolverSp##P##csrcholSolve##SUFFIX(                        \
      cusolverSpHandle_t handle, int n, const T *b, T *x, CHOLINFO info,       \
      void *pBuffer);
#define RUBICON_CUSOLVERSP_PRECISION(P, T, R)                                  \
  RUBICON_CUSOLVERSP_SOLVERS(P, T, R, , csrqrInfo_t, csrcholInfo_t)            \
  RUBICON_CUSOLVERSP_SOLVERS(P, T, R, Host, csrqrInfoHost_t, csrcholInfoHost_t)
RUBICON_CUSOLVERSP_PRECISION(S, float, float)
RUBICON_CUSOLVERSP_PRECISION(D, double, double)
RUBICON_CUSOLVERSP_PRECISION(C, cuComplex, float)
RUBICON_CUSOLVERSP_PRECISION(Z, cuDoubleComplex, double)
#undef RUBICON_CUSOLVERSP_PRECISION
#undef RUBICON_CUSOLVERSP_SOLVERS

/* LU with partial pivoting, host memory: P*A*Q^T = L*U. */
struct csrluInfoHost;
typedef struct csrluInfoHost *csrluInfoHost_t;
cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t handle, int n,
                                              int nnzA,
                                              const cusparseMatDescr_t descrA,
                                              const int *csrRowPtrA,
                                              const int *csrColIndA,
                                              csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t handle,
                                         int *nnzLRef, int *nnzURef,
                                         csrluInfoHost_t info);
#define RUBICON_CUSOLVERSP_LU(X, T, R)                                         \
  cusolverStatus_t cusolverSp##X##csrluBufferInfoHost(                         \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,      \
      size_t *internalDataInBytes, size_t *workspaceInBytes);                  \
  cusolverStatus_t cusolverSp##X##csrluFactorHost(                             \
      cusolverSpHandle_t handle, int n, int nnzA,                              \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,      \
      R pivot_threshold, void *pBuffer);                                       \
  cusolverStatus_t cusolverSp##X##csrluZeroPivotHost(                          \
      cusolverSpHandle_t handle, csrluInfoHost_t info, R tol, int *position);  \
  cusolverStatus_t cusolverSp##X##csrluSolveHost(                              \
      cusolverSpHandle_t handle, int n, const T *b, T *x,                      \
      csrluInfoHost_t info, void *pBuffer);                                    \
  cusolverStatus_t cusolverSp##X##csrluExtractHost(                            \
      cusolverSpHandle_t handle, int *P, int *Q,                               \
      const cusparseMatDescr_t descrL, T *csrValL, int *csrRowPtrL,            \
      int *csrColIndL, const cusparseMatDescr_t descrU, T *csrValU,            \
      int *csrRowPtrU, int *csrColIndU, csrluInfoHost_t info, void *pBuffer);
RUBICON_CUSOLVERSP_LU(S, float, float)
RUBICON_CUSOLVERSP_LU(D, double, double)
RUBICON_CUSOLVERSP_LU(C, cuComplex, float)
RUBICON_CUSOLVERSP_LU(Z, cuDoubleComplex, double)
#undef RUBICON_CUSOLVERSP_LU

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSOLVERSP_LOWLEVEL_PREVIEW_H */
