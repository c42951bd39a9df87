/*===- __rubicon/external_api.h - External memory and semaphores ---------===*
 *
 * Part of Rubicon. The runtime functions that import memory and semaphores
 * from other APIs or processes, written from the CUDA runtime API reference.
 * Included by cuda_runtime_api.h inside its extern "C" block; the types are
 * in __rubicon/external_types.h. Implemented in
 * runtime-shim/cudart/ExternalResources.cpp (docs/external-resources.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_EXTERNAL_API_H
#define RUBICON_INTERNAL_EXTERNAL_API_H

#include "texture_types.h"

#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define cudaSignalExternalSemaphoresAsync cudaSignalExternalSemaphoresAsync_ptsz
#define cudaWaitExternalSemaphoresAsync cudaWaitExternalSemaphoresAsync_ptsz
#endif

cudaError_t
cudaImportExternalMemory(cudaExternalMemory_t *extMem_out,
                         const struct cudaExternalMemoryHandleDesc *memHandleDesc);
cudaError_t cudaExternalMemoryGetMappedBuffer(
    void **devPtr, cudaExternalMemory_t extMem,
    const struct cudaExternalMemoryBufferDesc *bufferDesc);
cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t extMem);

/* A mipmapped array over the memory: the levels one after another from the
   offset, rows tightly packed (docs/external-resources.md). */
struct cudaExternalMemoryMipmappedArrayDesc {
  unsigned long long offset;
  struct cudaChannelFormatDesc formatDesc;
  struct cudaExtent extent;
  unsigned int flags;
  unsigned int numLevels;
  unsigned int reserved[16];
};
cudaError_t cudaExternalMemoryGetMappedMipmappedArray(
    cudaMipmappedArray_t *mipmap, cudaExternalMemory_t extMem,
    const struct cudaExternalMemoryMipmappedArrayDesc *mipmapDesc);
cudaError_t cudaImportExternalSemaphore(
    cudaExternalSemaphore_t *extSem_out,
    const struct cudaExternalSemaphoreHandleDesc *semHandleDesc);
cudaError_t cudaSignalExternalSemaphoresAsync(
    const cudaExternalSemaphore_t *extSemArray,
    const struct cudaExternalSemaphoreSignalParams *paramsArray,
    unsigned int numExtSems, cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaWaitExternalSemaphoresAsync(
    const cudaExternalSemaphore_t *extSemArray,
    const struct cudaExternalSemaphoreWaitParams *paramsArray,
    unsigned int numExtSems, cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem);
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *nvSciSyncAttrList,
                                             int device, int flags);

#endif /* RUBICON_INTERNAL_EXTERNAL_API_H */
