/*===- cublasLt.h - The cuBLASLt library API (handles) --------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuBLASLt documentation. Rubicon's libcublasLt has
 * its handles and versions only so far (libraries/cublaslt/CublasLt.def);
 * cublasLtMatmul and its descriptors are not provided yet.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUBLASLT_H
#define RUBICON_CUBLASLT_H

#include <stddef.h>
#include <stdint.h>

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cublasLtContext;
typedef struct cublasLtContext *cublasLtHandle_t;

cublasStatus_t cublasLtCreate(cublasLtHandle_t *lightHandle);
cublasStatus_t cublasLtDestroy(cublasLtHandle_t lightHandle);
size_t cublasLtGetVersion(void);
size_t cublasLtGetCudartVersion(void);
cublasStatus_t cublasLtGetProperty(libraryPropertyType type, int *value);
const char *cublasLtGetStatusName(cublasStatus_t status);
const char *cublasLtGetStatusString(cublasStatus_t status);

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUBLASLT_H */
