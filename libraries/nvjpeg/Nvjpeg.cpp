//===- Nvjpeg.cpp - nvJPEG's versions; no codec yet ----------------------===//
//
// Part of Rubicon. The version queries work; no JPEG codec exists, so no
// handle can be created: nvjpegCreateSimple answers
// NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED, nvJPEG's status for a
// missing implementation, and says why once on stderr.
//
//===----------------------------------------------------------------------===//
#include "nvjpeg.h"

#include <cstdio>
#include <mutex>

extern "C" {

nvjpegStatus_t nvjpegGetProperty(libraryPropertyType type, int *value) {
  if (!value)
    return NVJPEG_STATUS_INVALID_PARAMETER;
  switch (type) {
  case MAJOR_VERSION:
    *value = NVJPEG_VER_MAJOR;
    return NVJPEG_STATUS_SUCCESS;
  case MINOR_VERSION:
    *value = NVJPEG_VER_MINOR;
    return NVJPEG_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *value = NVJPEG_VER_PATCH;
    return NVJPEG_STATUS_SUCCESS;
  }
  return NVJPEG_STATUS_INVALID_PARAMETER;
}

nvjpegStatus_t nvjpegGetCudartProperty(libraryPropertyType type, int *value) {
  if (!value)
    return NVJPEG_STATUS_INVALID_PARAMETER;
  int Version = 0;
  if (cudaRuntimeGetVersion(&Version) != cudaSuccess)
    return NVJPEG_STATUS_INTERNAL_ERROR;
  switch (type) {
  case MAJOR_VERSION:
    *value = Version / 1000;
    return NVJPEG_STATUS_SUCCESS;
  case MINOR_VERSION:
    *value = Version % 1000 / 10;
    return NVJPEG_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *value = Version % 10;
    return NVJPEG_STATUS_SUCCESS;
  }
  return NVJPEG_STATUS_INVALID_PARAMETER;
}

nvjpegStatus_t nvjpegCreateSimple(nvjpegHandle_t *handle) {
  if (!handle)
    return NVJPEG_STATUS_INVALID_PARAMETER;
  static std::once_flag Said;
  std::call_once(Said, [] {
    std::fprintf(stderr, "nvjpeg: JPEG decoding and encoding are not "
                         "provided by this toolkit\n");
  });
  *handle = nullptr;
  return NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED;
}

nvjpegStatus_t nvjpegDestroy(nvjpegHandle_t handle) {
  return handle ? NVJPEG_STATUS_INVALID_PARAMETER
                : NVJPEG_STATUS_NOT_INITIALIZED;
}

} // extern "C"
