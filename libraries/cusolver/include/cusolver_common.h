/*===- cusolver_common.h - cuSOLVER's common types ------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuSOLVER documentation.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUSOLVER_COMMON_H
#define RUBICON_CUSOLVER_COMMON_H
/* Programs test this macro to know the header was included (the samples'
 * helper_cuda.h does, to define its error-name overloads). */
#define CUSOLVER_COMMON_H_

#include "library_types.h"

#define CUSOLVER_VER_MAJOR 12
#define CUSOLVER_VER_MINOR 0
#define CUSOLVER_VER_PATCH 4
#define CUSOLVER_VER_BUILD 0
#define CUSOLVER_VERSION                                                       \
  (CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH)

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4,
  CUSOLVER_STATUS_MAPPING_ERROR = 5,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9,
  CUSOLVER_STATUS_ZERO_PIVOT = 10,
  CUSOLVER_STATUS_INVALID_LICENSE = 11
} cusolverStatus_t;

typedef enum {
  CUSOLVER_EIG_TYPE_1 = 1,
  CUSOLVER_EIG_TYPE_2 = 2,
  CUSOLVER_EIG_TYPE_3 = 3
} cusolverEigType_t;

typedef enum {
  CUSOLVER_EIG_MODE_NOVECTOR = 0,
  CUSOLVER_EIG_MODE_VECTOR = 1
} cusolverEigMode_t;

#ifdef __cplusplus
extern "C" {
#endif
cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int *value);
cusolverStatus_t cusolverGetVersion(int *version);
#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUSOLVER_COMMON_H */
