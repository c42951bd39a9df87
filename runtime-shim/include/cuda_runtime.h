/*===- cuda_runtime.h - CUDA runtime API, C++ level ---------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference.
 *
 * The Rubicon nvcc includes this header implicitly in every .cu file. Host-only
 * C++ files include it too, so everything here compiles with any C++ compiler.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_RUNTIME_H
#define RUBICON_CUDA_RUNTIME_H
/* The name user code tests to see whether this header was included (the CUDA
   samples' helper headers do). */
#define __CUDA_RUNTIME_H__

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "driver_types.h"
#include "library_types.h"
#include "cuda_runtime_api.h"
#include "__rubicon/texture_api.h"

#if defined(__CUDACC__)
#include <__rubicon/device.h>
#endif

#if defined(__cplusplus)
#include "__rubicon/texture_templates.h"

/* C++ conveniences of the runtime API. Symbols (__device__ and __constant__
 * variables) are named by the address of their host shadow variable, which is
 * what the compiler registers with __cudaRegisterVar. */

template <class T>
static inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc(reinterpret_cast<void **>(devPtr), size);
}

template <class T>
static inline cudaError_t cudaMallocHost(T **ptr, size_t size,
                                         unsigned int flags = 0) {
  return ::cudaHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                        unsigned int flags) {
  return ::cudaHostAlloc(reinterpret_cast<void **>(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                            unsigned int flags =
                                                cudaMemAttachGlobal) {
  return ::cudaMallocManaged(reinterpret_cast<void **>(devPtr), size, flags);
}

template <class T>
static inline cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol(static_cast<const void *>(&symbol), src, count,
                              offset, kind);
}

template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
    cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync(static_cast<const void *>(&symbol), src,
                                   count, offset, kind, stream);
}

template <class T>
static inline cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, static_cast<const void *>(&symbol), count,
                                offset, kind);
}

template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
    cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, static_cast<const void *>(&symbol),
                                     count, offset, kind, stream);
}

template <class T>
static inline cudaError_t cudaGetSymbolAddress(void **devPtr,
                                               const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, static_cast<const void *>(&symbol));
}

template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol) {
  return ::cudaGetSymbolSize(size, static_cast<const void *>(&symbol));
}

// T is the kernel's function type: a pointer to a const-qualified function
// type would not be deduced from a kernel's name.
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim,
                                           dim3 blockDim, void **args,
                                           size_t sharedMem = 0,
                                           cudaStream_t stream = 0) {
  return ::cudaLaunchKernel(reinterpret_cast<const void *>(func), gridDim,
                            blockDim, args, sharedMem, stream);
}

template <class T>
static inline cudaError_t
cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                            void **args, size_t sharedMem = 0,
                            cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(func),
                                       gridDim, blockDim, args, sharedMem,
                                       stream);
}

template <class T>
static inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                                T *entry) {
  return ::cudaFuncGetAttributes(attr, reinterpret_cast<const void *>(entry));
}

template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func,
                                                 enum cudaFuncCache config) {
  return ::cudaFuncSetCacheConfig(reinterpret_cast<const void *>(func), config);
}

template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *entry,
                                               enum cudaFuncAttribute attr,
                                               int value) {
  return ::cudaFuncSetAttribute(reinterpret_cast<const void *>(entry), attr,
                                value);
}

template <class T>
static inline cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, reinterpret_cast<const void *>(func), blockSize,
      dynamicSMemSize);
}

static inline cudaError_t cudaEventCreate(cudaEvent_t *event,
                                          unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

#endif /* __cplusplus */

#endif /* RUBICON_CUDA_RUNTIME_H */
