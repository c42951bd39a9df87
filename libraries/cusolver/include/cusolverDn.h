/*===- cusolverDn.h - cuSOLVER's dense API (handles) ----------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSOLVER documentation: handles, streams and the
 * dense LAPACK-style functions Rubicon's libcusolver provides
 * (libraries/cusolver/Cusolver.def lists them with their status).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSOLVERDN_H
#define RUBICON_CUSOLVERDN_H

#include "cuComplex.h"
#include "cublas_api.h"
#include "cuda_runtime_api.h"
#include "cusolver_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle,
                                     cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle,
                                     cudaStream_t *streamId);

cusolverStatus_t cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, float *A, int lda,
                                              int *Lwork);
cusolverStatus_t cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n,
                                   float *A, int lda, float *Workspace,
                                   int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnSgetrs(cusolverDnHandle_t handle,
                                   cublasOperation_t trans, int n, int nrhs,
                                   const float *A, int lda, const int *devIpiv,
                                   float *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle,
                                              cublasFillMode_t uplo, int n,
                                              float *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnSpotrf(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, float *A,
                                   int lda, float *Workspace, int Lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnSpotrs(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, int nrhs,
                                   const float *A, int lda, float *B, int ldb,
                                   int *devInfo);
cusolverStatus_t cusolverDnSgeqrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, float *A, int lda,
                                              int *lwork);
cusolverStatus_t cusolverDnSgeqrf(cusolverDnHandle_t handle, int m, int n,
                                   float *A, int lda, float *TAU,
                                   float *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnSormqr_bufferSize(
    cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,
    int m, int n, int k, const float *A, int lda, const float *tau,
    const float *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnSormqr(cusolverDnHandle_t handle,
                                   cublasSideMode_t side,
                                   cublasOperation_t trans, int m, int n, int k,
                                   const float *A, int lda, const float *tau,
                                   float *C, int ldc, float *work, int lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnSgesvd_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, int *lwork);
cusolverStatus_t cusolverDnSgesvd(cusolverDnHandle_t handle, signed char jobu,
                                   signed char jobvt, int m, int n, float *A,
                                   int lda, float *S, float *U, int ldu, float *VT,
                                   int ldvt, float *work, int lwork, float *rwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnSsyevd_bufferSize(cusolverDnHandle_t handle,
                                              cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n,
                                              const float *A, int lda,
                                              const float *W, int *lwork);
cusolverStatus_t cusolverDnSsyevd(cusolverDnHandle_t handle,
                                   cusolverEigMode_t jobz,
                                   cublasFillMode_t uplo, int n, float *A,
                                   int lda, float *W, float *work, int lwork,
                                   int *devInfo);

cusolverStatus_t cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, double *A, int lda,
                                              int *Lwork);
cusolverStatus_t cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n,
                                   double *A, int lda, double *Workspace,
                                   int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnDgetrs(cusolverDnHandle_t handle,
                                   cublasOperation_t trans, int n, int nrhs,
                                   const double *A, int lda, const int *devIpiv,
                                   double *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle,
                                              cublasFillMode_t uplo, int n,
                                              double *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnDpotrf(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, double *A,
                                   int lda, double *Workspace, int Lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnDpotrs(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, int nrhs,
                                   const double *A, int lda, double *B, int ldb,
                                   int *devInfo);
cusolverStatus_t cusolverDnDgeqrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, double *A, int lda,
                                              int *lwork);
cusolverStatus_t cusolverDnDgeqrf(cusolverDnHandle_t handle, int m, int n,
                                   double *A, int lda, double *TAU,
                                   double *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnDormqr_bufferSize(
    cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,
    int m, int n, int k, const double *A, int lda, const double *tau,
    const double *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnDormqr(cusolverDnHandle_t handle,
                                   cublasSideMode_t side,
                                   cublasOperation_t trans, int m, int n, int k,
                                   const double *A, int lda, const double *tau,
                                   double *C, int ldc, double *work, int lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnDgesvd_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, int *lwork);
cusolverStatus_t cusolverDnDgesvd(cusolverDnHandle_t handle, signed char jobu,
                                   signed char jobvt, int m, int n, double *A,
                                   int lda, double *S, double *U, int ldu, double *VT,
                                   int ldvt, double *work, int lwork, double *rwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnDsyevd_bufferSize(cusolverDnHandle_t handle,
                                              cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n,
                                              const double *A, int lda,
                                              const double *W, int *lwork);
cusolverStatus_t cusolverDnDsyevd(cusolverDnHandle_t handle,
                                   cusolverEigMode_t jobz,
                                   cublasFillMode_t uplo, int n, double *A,
                                   int lda, double *W, double *work, int lwork,
                                   int *devInfo);

cusolverStatus_t cusolverDnCgetrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, cuComplex *A, int lda,
                                              int *Lwork);
cusolverStatus_t cusolverDnCgetrf(cusolverDnHandle_t handle, int m, int n,
                                   cuComplex *A, int lda, cuComplex *Workspace,
                                   int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnCgetrs(cusolverDnHandle_t handle,
                                   cublasOperation_t trans, int n, int nrhs,
                                   const cuComplex *A, int lda, const int *devIpiv,
                                   cuComplex *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnCpotrf_bufferSize(cusolverDnHandle_t handle,
                                              cublasFillMode_t uplo, int n,
                                              cuComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnCpotrf(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, cuComplex *A,
                                   int lda, cuComplex *Workspace, int Lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnCpotrs(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, int nrhs,
                                   const cuComplex *A, int lda, cuComplex *B, int ldb,
                                   int *devInfo);
cusolverStatus_t cusolverDnCgeqrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, cuComplex *A, int lda,
                                              int *lwork);
cusolverStatus_t cusolverDnCgeqrf(cusolverDnHandle_t handle, int m, int n,
                                   cuComplex *A, int lda, cuComplex *TAU,
                                   cuComplex *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnCunmqr_bufferSize(
    cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,
    int m, int n, int k, const cuComplex *A, int lda, const cuComplex *tau,
    const cuComplex *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnCunmqr(cusolverDnHandle_t handle,
                                   cublasSideMode_t side,
                                   cublasOperation_t trans, int m, int n, int k,
                                   const cuComplex *A, int lda, const cuComplex *tau,
                                   cuComplex *C, int ldc, cuComplex *work, int lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnCgesvd_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, int *lwork);
cusolverStatus_t cusolverDnCgesvd(cusolverDnHandle_t handle, signed char jobu,
                                   signed char jobvt, int m, int n, cuComplex *A,
                                   int lda, float *S, cuComplex *U, int ldu, cuComplex *VT,
                                   int ldvt, cuComplex *work, int lwork, float *rwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnCheevd_bufferSize(cusolverDnHandle_t handle,
                                              cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n,
                                              const cuComplex *A, int lda,
                                              const float *W, int *lwork);
cusolverStatus_t cusolverDnCheevd(cusolverDnHandle_t handle,
                                   cusolverEigMode_t jobz,
                                   cublasFillMode_t uplo, int n, cuComplex *A,
                                   int lda, float *W, cuComplex *work, int lwork,
                                   int *devInfo);

cusolverStatus_t cusolverDnZgetrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, cuDoubleComplex *A, int lda,
                                              int *Lwork);
cusolverStatus_t cusolverDnZgetrf(cusolverDnHandle_t handle, int m, int n,
                                   cuDoubleComplex *A, int lda, cuDoubleComplex *Workspace,
                                   int *devIpiv, int *devInfo);
cusolverStatus_t cusolverDnZgetrs(cusolverDnHandle_t handle,
                                   cublasOperation_t trans, int n, int nrhs,
                                   const cuDoubleComplex *A, int lda, const int *devIpiv,
                                   cuDoubleComplex *B, int ldb, int *devInfo);
cusolverStatus_t cusolverDnZpotrf_bufferSize(cusolverDnHandle_t handle,
                                              cublasFillMode_t uplo, int n,
                                              cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t cusolverDnZpotrf(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, cuDoubleComplex *A,
                                   int lda, cuDoubleComplex *Workspace, int Lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnZpotrs(cusolverDnHandle_t handle,
                                   cublasFillMode_t uplo, int n, int nrhs,
                                   const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb,
                                   int *devInfo);
cusolverStatus_t cusolverDnZgeqrf_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, cuDoubleComplex *A, int lda,
                                              int *lwork);
cusolverStatus_t cusolverDnZgeqrf(cusolverDnHandle_t handle, int m, int n,
                                   cuDoubleComplex *A, int lda, cuDoubleComplex *TAU,
                                   cuDoubleComplex *Workspace, int Lwork, int *devInfo);
cusolverStatus_t cusolverDnZunmqr_bufferSize(
    cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans,
    int m, int n, int k, const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau,
    const cuDoubleComplex *C, int ldc, int *lwork);
cusolverStatus_t cusolverDnZunmqr(cusolverDnHandle_t handle,
                                   cublasSideMode_t side,
                                   cublasOperation_t trans, int m, int n, int k,
                                   const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau,
                                   cuDoubleComplex *C, int ldc, cuDoubleComplex *work, int lwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnZgesvd_bufferSize(cusolverDnHandle_t handle, int m,
                                              int n, int *lwork);
cusolverStatus_t cusolverDnZgesvd(cusolverDnHandle_t handle, signed char jobu,
                                   signed char jobvt, int m, int n, cuDoubleComplex *A,
                                   int lda, double *S, cuDoubleComplex *U, int ldu, cuDoubleComplex *VT,
                                   int ldvt, cuDoubleComplex *work, int lwork, double *rwork,
                                   int *devInfo);
cusolverStatus_t cusolverDnZheevd_bufferSize(cusolverDnHandle_t handle,
                                              cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n,
                                              const cuDoubleComplex *A, int lda,
                                              const double *W, int *lwork);
cusolverStatus_t cusolverDnZheevd(cusolverDnHandle_t handle,
                                   cusolverEigMode_t jobz,
                                   cublasFillMode_t uplo, int n, cuDoubleComplex *A,
                                   int lda, double *W, cuDoubleComplex *work, int lwork,
                                   int *devInfo);

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSOLVERDN_H */
