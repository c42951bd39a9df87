/*===- __rubicon/texture_api.h - Legacy texture and array API -----------===*
 *
 * Part of Rubicon. The C-level runtime functions of legacy texture
 * references and CUDA arrays (removed from CUDA 12, kept by Rubicon because
 * programs still call them). Implemented in runtime-shim/cudart/Textures.cpp.
 * Included by cuda_runtime.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_API_H
#define RUBICON_INTERNAL_TEXTURE_API_H

#include "../cuda_runtime_api.h"
#include "../texture_types.h"
#include "../surface_types.h"

#if defined(__cplusplus)
#define __RUBICON_TEXTURE_DEFAULT(value) = value
extern "C" {
#else
#define __RUBICON_TEXTURE_DEFAULT(value)
#endif

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t *array,
                            const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height __RUBICON_TEXTURE_DEFAULT(0),
                            unsigned int flags __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent,
                              unsigned int flags __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                             struct cudaExtent *extent, unsigned int *flags,
                             cudaArray_t array);
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height,
                                enum cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                  cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                               cudaArray_const_t array);

cudaError_t cudaBindTexture(size_t *offset,
                            const struct textureReference *texref,
                            const void *devPtr,
                            const struct cudaChannelFormatDesc *desc,
                            size_t size __RUBICON_TEXTURE_DEFAULT((size_t)-1));
cudaError_t cudaBindTexture2D(size_t *offset,
                              const struct textureReference *texref,
                              const void *devPtr,
                              const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch);
cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc);
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                          const struct textureReference *texref);

/* Texture and surface objects (runtime-shim/cudart/TextureObjects.cpp). */
cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
    const struct cudaTextureDesc *pTexDesc,
    const struct cudaResourceViewDesc *pResViewDesc);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject);
cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject);
cudaError_t
cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *pResViewDesc,
                                     cudaTextureObject_t texObject);
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject);
cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject);

/* Called by clang's host code for each texture reference of a module. */
void __cudaRegisterTexture(void **fatCubinHandle,
                           const struct textureReference *hostVar,
                           const void **deviceAddress, const char *deviceName,
                           int dim, int normalized, int external);

#if defined(__cplusplus)
}
#endif
#undef __RUBICON_TEXTURE_DEFAULT

#endif /* RUBICON_INTERNAL_TEXTURE_API_H */
