/*===- cusparse.h - The cuSPARSE library API ------------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSPARSE documentation: handles, streams,
 * statuses, the legacy matrix descriptors and the generic API's
 * descriptors, SpMV, SpMM and conversions (libraries/cusparse/Cusparse.def
 * lists what Rubicon's libcusparse provides).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSPARSE_H
#define RUBICON_CUSPARSE_H
/* Programs test this macro (cuSPARSE's API decoration) to know the header was included (the samples'
 * helper_cuda.h does, to define its error-name overloads). */
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif

#include <stddef.h>
#include <stdint.h>

#include "cuComplex.h"
#include "cuda_runtime_api.h"
#include "library_types.h"

#define CUSPARSE_VER_MAJOR 12
#define CUSPARSE_VER_MINOR 6
#define CUSPARSE_VER_PATCH 3
#define CUSPARSE_VER_BUILD 0
#define CUSPARSE_VERSION                                                       \
  (CUSPARSE_VER_MAJOR * 1000 + CUSPARSE_VER_MINOR * 100 + CUSPARSE_VER_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  CUSPARSE_STATUS_SUCCESS = 0,
  CUSPARSE_STATUS_NOT_INITIALIZED = 1,
  CUSPARSE_STATUS_ALLOC_FAILED = 2,
  CUSPARSE_STATUS_INVALID_VALUE = 3,
  CUSPARSE_STATUS_ARCH_MISMATCH = 4,
  CUSPARSE_STATUS_MAPPING_ERROR = 5,
  CUSPARSE_STATUS_EXECUTION_FAILED = 6,
  CUSPARSE_STATUS_INTERNAL_ERROR = 7,
  CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSPARSE_STATUS_ZERO_PIVOT = 9,
  CUSPARSE_STATUS_NOT_SUPPORTED = 10,
  CUSPARSE_STATUS_INSUFFICIENT_RESOURCES = 11
} cusparseStatus_t;

typedef enum {
  CUSPARSE_POINTER_MODE_HOST = 0,
  CUSPARSE_POINTER_MODE_DEVICE = 1
} cusparsePointerMode_t;

struct cusparseContext;
typedef struct cusparseContext *cusparseHandle_t;

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version);
cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle,
                                   cudaStream_t streamId);
cusparseStatus_t cusparseGetStream(cusparseHandle_t handle,
                                   cudaStream_t *streamId);
cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle,
                                        cusparsePointerMode_t mode);
cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle,
                                        cusparsePointerMode_t *mode);
const char *cusparseGetErrorName(cusparseStatus_t status);
const char *cusparseGetErrorString(cusparseStatus_t status);

/* --- Matrix descriptors of the legacy API ------------------------------- */

typedef enum {
  CUSPARSE_MATRIX_TYPE_GENERAL = 0,
  CUSPARSE_MATRIX_TYPE_SYMMETRIC = 1,
  CUSPARSE_MATRIX_TYPE_HERMITIAN = 2,
  CUSPARSE_MATRIX_TYPE_TRIANGULAR = 3
} cusparseMatrixType_t;

typedef enum {
  CUSPARSE_FILL_MODE_LOWER = 0,
  CUSPARSE_FILL_MODE_UPPER = 1
} cusparseFillMode_t;

typedef enum {
  CUSPARSE_DIAG_TYPE_NON_UNIT = 0,
  CUSPARSE_DIAG_TYPE_UNIT = 1
} cusparseDiagType_t;

typedef enum {
  CUSPARSE_INDEX_BASE_ZERO = 0,
  CUSPARSE_INDEX_BASE_ONE = 1
} cusparseIndexBase_t;

typedef enum {
  CUSPARSE_OPERATION_NON_TRANSPOSE = 0,
  CUSPARSE_OPERATION_TRANSPOSE = 1,
  CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2
} cusparseOperation_t;

struct cusparseMatDescr;
typedef struct cusparseMatDescr *cusparseMatDescr_t;

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA);
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA,
                                    cusparseMatrixType_t type);
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA,
                                        cusparseFillMode_t fillMode);
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA,
                                        cusparseDiagType_t diagType);
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA);
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA,
                                         cusparseIndexBase_t base);
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA);

/* --- The generic API ------------------------------------------------------ */

typedef enum {
  CUSPARSE_INDEX_16U = 1,
  CUSPARSE_INDEX_32I = 2,
  CUSPARSE_INDEX_64I = 3
} cusparseIndexType_t;

typedef enum {
  CUSPARSE_FORMAT_CSR = 1,
  CUSPARSE_FORMAT_CSC = 2,
  CUSPARSE_FORMAT_COO = 3,
  CUSPARSE_FORMAT_BLOCKED_ELL = 5,
  CUSPARSE_FORMAT_BSR = 6,
  CUSPARSE_FORMAT_SLICED_ELLPACK = 7
} cusparseFormat_t;

typedef enum { CUSPARSE_ORDER_COL = 1, CUSPARSE_ORDER_ROW = 2 } cusparseOrder_t;

typedef enum {
  CUSPARSE_SPMAT_FILL_MODE = 0,
  CUSPARSE_SPMAT_DIAG_TYPE = 1
} cusparseSpMatAttribute_t;

typedef enum {
  CUSPARSE_SPMV_ALG_DEFAULT = 0,
  CUSPARSE_SPMV_COO_ALG1 = 1,
  CUSPARSE_SPMV_CSR_ALG1 = 2,
  CUSPARSE_SPMV_CSR_ALG2 = 3,
  CUSPARSE_SPMV_COO_ALG2 = 4,
  CUSPARSE_SPMV_SELL_ALG1 = 5,
  CUSPARSE_SPMV_BSR_ALG1 = 6
} cusparseSpMVAlg_t;

typedef enum {
  CUSPARSE_SPMM_ALG_DEFAULT = 0,
  CUSPARSE_SPMM_COO_ALG1 = 1,
  CUSPARSE_SPMM_COO_ALG2 = 2,
  CUSPARSE_SPMM_COO_ALG3 = 3,
  CUSPARSE_SPMM_CSR_ALG1 = 4,
  CUSPARSE_SPMM_COO_ALG4 = 5,
  CUSPARSE_SPMM_CSR_ALG2 = 6,
  CUSPARSE_SPMM_CSR_ALG3 = 12,
  CUSPARSE_SPMM_BLOCKED_ELL_ALG1 = 13,
  CUSPARSE_SPMM_BSR_ALG1 = 14
} cusparseSpMMAlg_t;

typedef enum {
  CUSPARSE_SPARSETODENSE_ALG_DEFAULT = 0
} cusparseSparseToDenseAlg_t;

typedef enum {
  CUSPARSE_DENSETOSPARSE_ALG_DEFAULT = 0
} cusparseDenseToSparseAlg_t;

struct cusparseSpMatDescr;
struct cusparseDnVecDescr;
struct cusparseDnMatDescr;
typedef struct cusparseSpMatDescr *cusparseSpMatDescr_t;
typedef const struct cusparseSpMatDescr *cusparseConstSpMatDescr_t;
typedef struct cusparseDnVecDescr *cusparseDnVecDescr_t;
typedef const struct cusparseDnVecDescr *cusparseConstDnVecDescr_t;
typedef struct cusparseDnMatDescr *cusparseDnMatDescr_t;
typedef const struct cusparseDnMatDescr *cusparseConstDnMatDescr_t;
struct cusparseSpVecDescr;
typedef struct cusparseSpVecDescr *cusparseSpVecDescr_t;
typedef const struct cusparseSpVecDescr *cusparseConstSpVecDescr_t;

/* Sparse vectors: nnz (index, value) pairs of a vector of size entries. */
cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *spVecDescr,
                                     int64_t size, int64_t nnz, void *indices,
                                     void *values, cusparseIndexType_t idxType,
                                     cusparseIndexBase_t idxBase,
                                     cudaDataType valueType);
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t spVecDescr);
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t spVecDescr,
                                  int64_t *size, int64_t *nnz, void **indices,
                                  void **values, cusparseIndexType_t *idxType,
                                  cusparseIndexBase_t *idxBase,
                                  cudaDataType *valueType);
/* y[indices[i]] = x.values[i] (scatter); x.values[i] = y[indices[i]]
 * (gather). */
cusparseStatus_t cusparseScatter(cusparseHandle_t handle,
                                 cusparseConstSpVecDescr_t vecX,
                                 cusparseDnVecDescr_t vecY);
cusparseStatus_t cusparseGather(cusparseHandle_t handle,
                                cusparseConstDnVecDescr_t vecY,
                                cusparseSpVecDescr_t vecX);

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr,
                                   int64_t rows, int64_t cols, int64_t nnz,
                                   void *csrRowOffsets, void *csrColInd,
                                   void *csrValues,
                                   cusparseIndexType_t csrRowOffsetsType,
                                   cusparseIndexType_t csrColIndType,
                                   cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr,
                                   int64_t rows, int64_t cols, int64_t nnz,
                                   void *cscColOffsets, void *cscRowInd,
                                   void *cscValues,
                                   cusparseIndexType_t cscColOffsetsType,
                                   cusparseIndexType_t cscRowIndType,
                                   cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr,
                                   int64_t rows, int64_t cols, int64_t nnz,
                                   void *cooRowInd, void *cooColInd,
                                   void *cooValues,
                                   cusparseIndexType_t cooIdxType,
                                   cusparseIndexBase_t idxBase,
                                   cudaDataType valueType);
/* Block CSR: brows x bcols blocks of rowBlockSize x colBlockSize values,
 * each block's values in the given order. */
cusparseStatus_t cusparseCreateBsr(cusparseSpMatDescr_t *spMatDescr,
                                   int64_t brows, int64_t bcols, int64_t bnnz,
                                   int64_t rowBlockSize, int64_t colBlockSize,
                                   void *bsrRowOffsets, void *bsrColInd,
                                   void *bsrValues,
                                   cusparseIndexType_t bsrRowOffsetsType,
                                   cusparseIndexType_t bsrColIndType,
                                   cusparseIndexBase_t idxBase,
                                   cudaDataType valueType,
                                   cusparseOrder_t order);
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr);
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr,
                                      int64_t *rows, int64_t *cols,
                                      int64_t *nnz);
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr,
                                        cusparseFormat_t *format);
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseIndexBase_t *idxBase);
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t spMatDescr,
                                           cusparseSpMatAttribute_t attribute,
                                           void *data, size_t dataSize);
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseSpMatAttribute_t attribute,
                                           void *data, size_t dataSize);
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr,
                                        void *csrRowOffsets, void *csrColInd,
                                        void *csrValues);
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr,
                                        void *cooRows, void *cooColumns,
                                        void *cooValues);

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr,
                                     int64_t size, void *values,
                                     cudaDataType valueType);
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr);
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr,
                                        void **values);
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr,
                                        void *values);

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr,
                                     int64_t rows, int64_t cols, int64_t ld,
                                     void *values, cudaDataType valueType,
                                     cusparseOrder_t order);
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr);
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr,
                                        void **values);
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr,
                                        void *values);

cusparseStatus_t cusparseSpMV_bufferSize(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    const void *beta, cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpMVAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA,
                              const void *alpha, cusparseConstSpMatDescr_t matA,
                              cusparseConstDnVecDescr_t vecX, const void *beta,
                              cusparseDnVecDescr_t vecY,
                              cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer);

cusparseStatus_t cusparseSpMM_bufferSize(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
    const void *alpha, cusparseConstSpMatDescr_t matA,
    cusparseConstDnMatDescr_t matB, const void *beta,
    cusparseDnMatDescr_t matC, cudaDataType computeType,
    cusparseSpMMAlg_t alg, size_t *bufferSize);
cusparseStatus_t cusparseSpMM_preprocess(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
    const void *alpha, cusparseConstSpMatDescr_t matA,
    cusparseConstDnMatDescr_t matB, const void *beta,
    cusparseDnMatDescr_t matC, cudaDataType computeType,
    cusparseSpMMAlg_t alg, void *externalBuffer);
cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                              cusparseOperation_t opB, const void *alpha,
                              cusparseConstSpMatDescr_t matA,
                              cusparseConstDnMatDescr_t matB, const void *beta,
                              cusparseDnMatDescr_t matC,
                              cudaDataType computeType, cusparseSpMMAlg_t alg,
                              void *externalBuffer);

cusparseStatus_t cusparseSparseToDense_bufferSize(
    cusparseHandle_t handle, cusparseConstSpMatDescr_t matA,
    cusparseDnMatDescr_t matB, cusparseSparseToDenseAlg_t alg,
    size_t *bufferSize);
cusparseStatus_t cusparseSparseToDense(cusparseHandle_t handle,
                                       cusparseConstSpMatDescr_t matA,
                                       cusparseDnMatDescr_t matB,
                                       cusparseSparseToDenseAlg_t alg,
                                       void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_bufferSize(
    cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
    cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
    size_t *bufferSize);
cusparseStatus_t cusparseDenseToSparse_analysis(
    cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
    cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
    void *externalBuffer);
cusparseStatus_t cusparseDenseToSparse_convert(
    cusparseHandle_t handle, cusparseConstDnMatDescr_t matA,
    cusparseSpMatDescr_t matB, cusparseDenseToSparseAlg_t alg,
    void *externalBuffer);

/* Triangular solves: SpSV (generic API). */
typedef enum { CUSPARSE_SPSV_ALG_DEFAULT = 0 } cusparseSpSVAlg_t;
struct cusparseSpSVDescr;
typedef struct cusparseSpSVDescr *cusparseSpSVDescr_t;
cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *descr);
cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t descr);
cusparseStatus_t cusparseSpSV_bufferSize(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr, size_t *bufferSize);
cusparseStatus_t cusparseSpSV_analysis(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr,
    void *externalBuffer);
cusparseStatus_t cusparseSpSV_solve(
    cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
    cusparseDnVecDescr_t vecY, cudaDataType computeType,
    cusparseSpSVAlg_t alg, cusparseSpSVDescr_t spsvDescr);

/* Sparse matrix-matrix products (generic API, CSR):
 * C' = alpha op(A) op(B) + beta C in three steps: work estimation (twice:
 * the size of buffer 1, then with it), compute (likewise for buffer 2; it
 * sets C's number of entries), copy (into C's arrays, which the program
 * allocates after compute). */
typedef enum {
  CUSPARSE_SPGEMM_DEFAULT = 0,
  CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC = 1,
  CUSPARSE_SPGEMM_CSR_ALG_NONDETERMINITIC = 2,
  CUSPARSE_SPGEMM_ALG1 = 3,
  CUSPARSE_SPGEMM_ALG2 = 4,
  CUSPARSE_SPGEMM_ALG3 = 5
} cusparseSpGEMMAlg_t;
struct cusparseSpGEMMDescr;
typedef struct cusparseSpGEMMDescr *cusparseSpGEMMDescr_t;
cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *descr);
cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t descr);
cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
    const void *alpha, cusparseConstSpMatDescr_t matA,
    cusparseConstSpMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
    cudaDataType computeType, cusparseSpGEMMAlg_t alg,
    cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize1,
    void *externalBuffer1);
cusparseStatus_t cusparseSpGEMM_getNumProducts(cusparseSpGEMMDescr_t spgemmDescr,
                                               int64_t *num_prods);
cusparseStatus_t cusparseSpGEMM_compute(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
    const void *alpha, cusparseConstSpMatDescr_t matA,
    cusparseConstSpMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
    cudaDataType computeType, cusparseSpGEMMAlg_t alg,
    cusparseSpGEMMDescr_t spgemmDescr, size_t *bufferSize2,
    void *externalBuffer2);
cusparseStatus_t cusparseSpGEMM_copy(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB,
    const void *alpha, cusparseConstSpMatDescr_t matA,
    cusparseConstSpMatDescr_t matB, const void *beta, cusparseSpMatDescr_t matC,
    cudaDataType computeType, cusparseSpGEMMAlg_t alg,
    cusparseSpGEMMDescr_t spgemmDescr);

/* The legacy incomplete factorizations (ILU(0), IC(0)) and triangular
 * solve (csrsv2) on CSR matrices with 32-bit indices. */
typedef enum {
  CUSPARSE_SOLVE_POLICY_NO_LEVEL = 0,
  CUSPARSE_SOLVE_POLICY_USE_LEVEL = 1
} cusparseSolvePolicy_t;
struct csrilu02Info;
typedef struct csrilu02Info *csrilu02Info_t;
struct csric02Info;
typedef struct csric02Info *csric02Info_t;
struct csrsv2Info;
typedef struct csrsv2Info *csrsv2Info_t;
cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *info);
cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t info);
cusparseStatus_t cusparseCreateCsric02Info(csric02Info_t *info);
cusparseStatus_t cusparseDestroyCsric02Info(csric02Info_t info);
cusparseStatus_t cusparseCreateCsrsv2Info(csrsv2Info_t *info);
cusparseStatus_t cusparseDestroyCsrsv2Info(csrsv2Info_t info);
cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t handle,
                                             csrilu02Info_t info,
                                             int *position);
cusparseStatus_t cusparseXcsric02_zeroPivot(cusparseHandle_t handle,
                                            csric02Info_t info, int *position);
cusparseStatus_t cusparseXcsrsv2_zeroPivot(cusparseHandle_t handle,
                                           csrsv2Info_t info, int *position);
#define RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS(P, T)                          \
  cusparseStatus_t cusparse##P##csrilu02_bufferSize(                           \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA, const int *csrRowPtrA,      \
      const int *csrColIndA, csrilu02Info_t info, int *pBufferSizeInBytes);    \
  cusparseStatus_t cusparse##P##csrilu02_analysis(                             \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrilu02Info_t info,       \
      cusparseSolvePolicy_t policy, void *pBuffer);                            \
  cusparseStatus_t cusparse##P##csrilu02(                                      \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA_valM,                        \
      const int *csrRowPtrA, const int *csrColIndA, csrilu02Info_t info,       \
      cusparseSolvePolicy_t policy, void *pBuffer);                            \
  cusparseStatus_t cusparse##P##csric02_bufferSize(                            \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA, const int *csrRowPtrA,      \
      const int *csrColIndA, csric02Info_t info, int *pBufferSizeInBytes);     \
  cusparseStatus_t cusparse##P##csric02_analysis(                              \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csric02Info_t info,        \
      cusparseSolvePolicy_t policy, void *pBuffer);                            \
  cusparseStatus_t cusparse##P##csric02(                                       \
      cusparseHandle_t handle, int m, int nnz,                                 \
      const cusparseMatDescr_t descrA, T *csrValA_valM,                        \
      const int *csrRowPtrA, const int *csrColIndA, csric02Info_t info,        \
      cusparseSolvePolicy_t policy, void *pBuffer);                            \
  cusparseStatus_t cusparse##P##csrsv2_bufferSize(                             \
      cusparseHandle_t handle, cusparseOperation_t transA, int m, int nnz,     \
      const cusparseMatDescr_t descrA, T *csrValA, const int *csrRowPtrA,      \
      const int *csrColIndA, csrsv2Info_t info, int *pBufferSizeInBytes);      \
  cusparseStatus_t cusparse##P##csrsv2_analysis(                               \
      cusparseHandle_t handle, cusparseOperation_t transA, int m, int nnz,     \
      const cusparseMatDescr_t descrA, const T *csrValA,                       \
      const int *csrRowPtrA, const int *csrColIndA, csrsv2Info_t info,         \
      cusparseSolvePolicy_t policy, void *pBuffer);                            \
  cusparseStatus_t cusparse##P##csrsv2_solve(                                  \
      cusparseHandle_t handle, cusparseOperation_t transA, int m, int nnz,     \
      const T *alpha, const cusparseMatDescr_t descrA, const T *csrValA,       \
      const int *csrRowPtrA, const int *csrColIndA, csrsv2Info_t info,         \
      const T *f, T *x, cusparseSolvePolicy_t policy, void *pBuffer);
RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS(S, float)
RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS(D, double)
RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS(C, cuComplex)
RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS(Z, cuDoubleComplex)
#undef RUBICON_CUSPARSE_LEGACY_PRECONDITIONERS

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSPARSE_H */
