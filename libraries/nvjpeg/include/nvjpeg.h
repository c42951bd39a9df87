/*===- nvjpeg.h - nvJPEG: what Rubicon provides --------------------------===*
 *
 * Part of Rubicon. Written from the nvJPEG API reference. Only the version
 * queries and handles: decoding and encoding are not provided
 * (nvjpegCreate* answers NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED), so
 * projects configure and fail clearly (docs/cuda-libraries.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVJPEG_H
#define RUBICON_NVJPEG_H

#include "cuda_runtime_api.h"
#include "library_types.h"

#define NVJPEG_VER_MAJOR 13
#define NVJPEG_VER_MINOR 0
#define NVJPEG_VER_PATCH 0
#define NVJPEG_VER_BUILD 0

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVJPEG_STATUS_SUCCESS = 0,
  NVJPEG_STATUS_NOT_INITIALIZED = 1,
  NVJPEG_STATUS_INVALID_PARAMETER = 2,
  NVJPEG_STATUS_BAD_JPEG = 3,
  NVJPEG_STATUS_JPEG_NOT_SUPPORTED = 4,
  NVJPEG_STATUS_ALLOCATOR_FAILURE = 5,
  NVJPEG_STATUS_EXECUTION_FAILED = 6,
  NVJPEG_STATUS_ARCH_MISMATCH = 7,
  NVJPEG_STATUS_INTERNAL_ERROR = 8,
  NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED = 9,
  NVJPEG_STATUS_INCOMPLETE_BITSTREAM = 10
} nvjpegStatus_t;

typedef enum {
  NVJPEG_BACKEND_DEFAULT = 0,
  NVJPEG_BACKEND_HYBRID = 1,
  NVJPEG_BACKEND_GPU_HYBRID = 2,
  NVJPEG_BACKEND_HARDWARE = 3
} nvjpegBackend_t;

struct nvjpegHandle;
typedef struct nvjpegHandle *nvjpegHandle_t;

nvjpegStatus_t nvjpegGetProperty(libraryPropertyType type, int *value);
nvjpegStatus_t nvjpegGetCudartProperty(libraryPropertyType type, int *value);
nvjpegStatus_t nvjpegCreateSimple(nvjpegHandle_t *handle);
nvjpegStatus_t nvjpegDestroy(nvjpegHandle_t handle);

#ifdef __cplusplus
}
#endif

#endif
