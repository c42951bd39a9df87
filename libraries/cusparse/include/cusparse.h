/*===- cusparse.h - The cuSPARSE library API (handles) --------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSPARSE documentation. Rubicon's libcusparse has
 * its handles, streams and statuses only so far (libraries/cusparse/
 * Cusparse.def); the sparse operations are not provided yet.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSPARSE_H
#define RUBICON_CUSPARSE_H
/* Programs test this macro (cuSPARSE's API decoration) to know the header was included (the samples'
 * helper_cuda.h does, to define its error-name overloads). */
#ifndef CUSPARSEAPI
#define CUSPARSEAPI
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSPARSE_H */
