/*===- nppdefs.h - NPP's basic types and status codes --------------------===*
 *
 * Part of Rubicon. Written from the NPP API reference ("NPP Type
 * Definitions and Constants"): the scalar types, sizes, points, the stream
 * context and the statuses this library returns.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NPPDEFS_H
#define RUBICON_NPPDEFS_H

#include <stddef.h>

#include "cuda_runtime_api.h"

#define NPP_VERSION_MAJOR 13
#define NPP_VERSION_MINOR 0
#define NPP_VERSION_BUILD 1
#define NPP_VER_MAJOR NPP_VERSION_MAJOR
#define NPP_VER_MINOR NPP_VERSION_MINOR
#define NPP_VER_BUILD NPP_VERSION_BUILD

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned char Npp8u;
typedef signed char Npp8s;
typedef unsigned short Npp16u;
typedef short Npp16s;
typedef unsigned int Npp32u;
typedef int Npp32s;
typedef unsigned long long Npp64u;
typedef long long Npp64s;
typedef float Npp32f;
typedef double Npp64f;

typedef struct {
  Npp32f re;
  Npp32f im;
} Npp32fc;

typedef struct {
  Npp64f re;
  Npp64f im;
} Npp64fc;

typedef enum {
  NPP_NOT_SUPPORTED_MODE_ERROR = -9999,
  NPP_STEP_ERROR = -14,
  NPP_MEMORY_ALLOCATION_ERR = -12,
  NPP_NULL_POINTER_ERROR = -8,
  NPP_SIZE_ERROR = -6,
  NPP_BAD_ARGUMENT_ERROR = -5,
  NPP_NO_MEMORY_ERROR = -4,
  NPP_CUDA_KERNEL_EXECUTION_ERROR = -3,
  NPP_NOT_IMPLEMENTED_ERROR = -2,
  NPP_ERROR = -1,
  NPP_NO_ERROR = 0,
  NPP_SUCCESS = NPP_NO_ERROR
} NppStatus;

typedef struct {
  int major;
  int minor;
  int build;
} NppLibraryVersion;

typedef struct {
  int x;
  int y;
} NppiPoint;

typedef struct {
  int width;
  int height;
} NppiSize;

typedef struct {
  int x;
  int y;
  int width;
  int height;
} NppiRect;

typedef struct {
  cudaStream_t hStream;
  int nCudaDeviceId;
  int nMultiProcessorCount;
  int nMaxThreadsPerMultiProcessor;
  int nMaxThreadsPerBlock;
  size_t nSharedMemPerBlock;
  int nCudaDevAttrComputeCapabilityMajor;
  int nCudaDevAttrComputeCapabilityMinor;
  unsigned int nStreamFlags;
  int nReserved0;
} NppStreamContext;

#ifdef __cplusplus
}
#endif

#endif
