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
#include "driver_functions.h"
#include "builtin_types.h"
#include "library_types.h"
#include "cuda_runtime_api.h"
#include "__rubicon/texture_api.h"
#include "__rubicon/graph_overloads.h"

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
  return ::cudaMalloc((void **)(void *)(devPtr), size);
}

template <class T>
static inline cudaError_t cudaMallocHost(T **ptr, size_t size,
                                         unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                        unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)(ptr), size, flags);
}

template <class T>
static inline cudaError_t cudaMallocManaged(T **devPtr, size_t size,
                                            unsigned int flags =
                                                cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)(devPtr), size, flags);
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

template <class T>
static inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
                                          size_t width, size_t height) {
  return ::cudaMallocPitch((void **)(void *)(devPtr), pitch, width,
                           height);
}

template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T **pDevice, void *pHost,
                                                   unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)(pDevice), pHost,
                                    flags);
}

template <class T>
static inline cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                          cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)(devPtr), size, stream);
}

template <class T>
static inline cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(
      stream, const_cast<void *>(static_cast<const volatile void *>(devPtr)),
      length, flags);
}

template <class T>
static inline cudaError_t cudaFuncGetName(const char **name, T *func) {
  return ::cudaFuncGetName(name, reinterpret_cast<const void *>(func));
}

template <class T>
static inline cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, T *func) {
  return ::cudaGetKernel(kernelPtr, reinterpret_cast<const void *>(func));
}

template <class T>
static inline cudaError_t cudaOccupancyMaxActiveClusters(
    int *numClusters, T *func, const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxActiveClusters(
      numClusters, reinterpret_cast<const void *>(func), config);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialClusterSize(
    int *clusterSize, T *func, const cudaLaunchConfig_t *config) {
  return ::cudaOccupancyMaxPotentialClusterSize(
      clusterSize, reinterpret_cast<const void *>(func), config);
}

template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void *>(func), blockSize,
      dynamicSMemSize, flags);
}

template <class T>
static inline cudaError_t
cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func,
                                          int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(
      dynamicSmemSize, reinterpret_cast<const void *>(func), numBlocks,
      blockSize);
}

/* The block size that maximizes the multiprocessors' occupancy (resident
 * threads) for func, with blockSizeToDynamicSMemSize(blockSize) bytes of
 * dynamic shared memory, at most blockSizeLimit threads (0: no limit); the
 * largest such block size wins ties. minGridSize is the grid that fills the
 * device at that occupancy. */
template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = cudaOccupancyDefault) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int device = 0, maxThreads = 0, multiProcessors = 0, warpSize = 0;
  cudaError_t status = ::cudaGetDevice(&device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&maxThreads,
                                      cudaDevAttrMaxThreadsPerBlock, device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(
        &multiProcessors, cudaDevAttrMultiProcessorCount, device);
  if (status == cudaSuccess)
    status = ::cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize, device);
  struct cudaFuncAttributes attributes;
  if (status == cudaSuccess)
    status = ::cudaFuncGetAttributes(&attributes,
                                     reinterpret_cast<const void *>(func));
  if (status != cudaSuccess)
    return status;
  int limit = maxThreads < attributes.maxThreadsPerBlock
                  ? maxThreads
                  : attributes.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestBlockSize = 0, bestBlocks = 0, bestOccupancy = 0;
  for (int size = limit; size > 0;
       size = size % warpSize ? size - size % warpSize : size - warpSize) {
    int blocks = 0;
    status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, reinterpret_cast<const void *>(func), size,
        static_cast<size_t>(blockSizeToDynamicSMemSize(size)), flags);
    if (status != cudaSuccess)
      return status;
    if (blocks * size > bestOccupancy) {
      bestOccupancy = blocks * size;
      bestBlockSize = size;
      bestBlocks = blocks;
    }
  }
  *minGridSize = bestBlocks * multiProcessors;
  *blockSize = bestBlockSize;
  return cudaSuccess;
}

template <class UnaryFunction, class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize,
      blockSizeLimit, cudaOccupancyDefault);
}

/* The dynamic shared memory of the ...MaxPotentialBlockSize variants: the
 * same number of bytes whatever the block size. */
struct __rubicon_constant_smem {
  size_t bytes;
  __host__ size_t operator()(int) const { return bytes; }
};

template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0, unsigned int flags = cudaOccupancyDefault) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __rubicon_constant_smem{dynamicSMemSize},
      blockSizeLimit, flags);
}

template <class T>
static inline cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0,
                                   int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, __rubicon_constant_smem{dynamicSMemSize},
      blockSizeLimit, cudaOccupancyDefault);
}

/* cudaLaunchKernelEx with the kernel's own parameter types: each argument is
 * converted to its parameter's type, then launched by address. */
template <class... ExpTypes, class... ActTypes>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                             void (*kernel)(ExpTypes...),
                                             ActTypes &&...args) {
  static_assert(sizeof...(ExpTypes) == sizeof...(ActTypes),
                "cudaLaunchKernelEx: wrong number of kernel arguments");
  return [&](ExpTypes... converted) {
    void *pointers[sizeof...(ExpTypes) > 0 ? sizeof...(ExpTypes) : 1] = {
        const_cast<void *>(static_cast<const void *>(&converted))...};
    return ::cudaLaunchKernelExC(config,
                                 reinterpret_cast<const void *>(kernel),
                                 pointers);
  }(static_cast<ExpTypes>(static_cast<ActTypes &&>(args))...);
}

template <class T>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                             T *kernel, void **args) {
  return ::cudaLaunchKernelExC(config, reinterpret_cast<const void *>(kernel),
                               args);
}

static inline cudaError_t cudaEventCreate(cudaEvent_t *event,
                                          unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

#endif /* __cplusplus */

#endif /* RUBICON_CUDA_RUNTIME_H */
