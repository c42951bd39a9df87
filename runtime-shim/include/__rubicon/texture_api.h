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

/* Array copies, mipmapped arrays and array properties
 * (runtime-shim/cudart/Arrays.cpp). */
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset,
                                   size_t hOffset, const void *src,
                                   size_t count, enum cudaMemcpyKind kind,
                                   cudaStream_t stream __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src,
                                     size_t wOffset, size_t hOffset,
                                     size_t count, enum cudaMemcpyKind kind,
                                     cudaStream_t stream __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaMemcpyArrayToArray(
    cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
    cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t count,
    enum cudaMemcpyKind kind __RUBICON_TEXTURE_DEFAULT(cudaMemcpyDeviceToDevice));
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset,
                                     size_t hOffset, const void *src,
                                     size_t spitch, size_t width,
                                     size_t height, enum cudaMemcpyKind kind,
                                     cudaStream_t stream __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch,
                                       cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width,
                                       size_t height, enum cudaMemcpyKind kind,
                                       cudaStream_t stream __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaMemcpy2DArrayToArray(
    cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
    cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc, size_t width,
    size_t height,
    enum cudaMemcpyKind kind __RUBICON_TEXTURE_DEFAULT(cudaMemcpyDeviceToDevice));

struct cudaArrayMemoryRequirements {
  size_t size;
  size_t alignment;
  unsigned int reserved[4];
};
struct cudaArraySparseProperties {
  struct {
    unsigned int width;
    unsigned int height;
    unsigned int depth;
  } tileExtent;
  unsigned int miptailFirstLevel;
  unsigned long long miptailSize;
  unsigned int flags;
  unsigned int reserved[4];
};
cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray,
                              unsigned int planeIdx);
cudaError_t cudaArrayGetMemoryRequirements(
    struct cudaArrayMemoryRequirements *memoryRequirements, cudaArray_t array,
    int device);
cudaError_t cudaArrayGetSparseProperties(
    struct cudaArraySparseProperties *sparseProperties, cudaArray_t array);
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                     const struct cudaChannelFormatDesc *desc,
                                     struct cudaExtent extent,
                                     unsigned int numLevels,
                                     unsigned int flags __RUBICON_TEXTURE_DEFAULT(0));
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray,
                                       cudaMipmappedArray_const_t mipmappedArray,
                                       unsigned int level);
cudaError_t cudaMipmappedArrayGetMemoryRequirements(
    struct cudaArrayMemoryRequirements *memoryRequirements,
    cudaMipmappedArray_t mipmap, int device);
cudaError_t cudaMipmappedArrayGetSparseProperties(
    struct cudaArraySparseProperties *sparseProperties,
    cudaMipmappedArray_t mipmap);

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

cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(
    size_t *maxWidthInElements, const struct cudaChannelFormatDesc *fmtDesc,
    int device);

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
