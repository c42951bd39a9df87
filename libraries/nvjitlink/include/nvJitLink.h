/*===- nvJitLink.h - nvJitLink: what Rubicon provides --------------------===*
 *
 * Part of Rubicon. Written from the nvJitLink API reference. Handles,
 * inputs, logs and the version exist; linking is not provided yet
 * (nvJitLinkComplete answers NVJITLINK_ERROR_INTERNAL, its error log says
 * why; docs/cuda-libraries.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVJITLINK_H
#define RUBICON_NVJITLINK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVJITLINK_SUCCESS = 0,
  NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
  NVJITLINK_ERROR_MISSING_ARCH,
  NVJITLINK_ERROR_INVALID_INPUT,
  NVJITLINK_ERROR_PTX_COMPILE,
  NVJITLINK_ERROR_NVVM_COMPILE,
  NVJITLINK_ERROR_INTERNAL,
  NVJITLINK_ERROR_THREADPOOL,
  NVJITLINK_ERROR_UNRECOGNIZED_INPUT,
  NVJITLINK_ERROR_FINALIZE
} nvJitLinkResult;

typedef enum {
  NVJITLINK_INPUT_NONE = 0,
  NVJITLINK_INPUT_CUBIN = 1,
  NVJITLINK_INPUT_PTX,
  NVJITLINK_INPUT_LTOIR,
  NVJITLINK_INPUT_FATBIN,
  NVJITLINK_INPUT_OBJECT,
  NVJITLINK_INPUT_LIBRARY,
  NVJITLINK_INPUT_INDEX,
  NVJITLINK_INPUT_ANY = 10
} nvJitLinkInputType;

typedef struct nvJitLink *nvJitLinkHandle;

nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions,
                                const char **options);
nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle);
nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle,
                                 nvJitLinkInputType inputType,
                                 const void *data, size_t size,
                                 const char *name);
nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle,
                                 nvJitLinkInputType inputType,
                                 const char *fileName);
nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle);
nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle,
                                            size_t *size);
nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin);
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle handle,
                                          size_t *size);
nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle handle, char *ptx);
nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle,
                                         size_t *size);
nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size);
nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log);
nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor);

#ifdef __cplusplus
}
#endif

#endif
