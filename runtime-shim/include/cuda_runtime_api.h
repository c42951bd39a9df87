/*===- cuda_runtime_api.h - CUDA runtime API, C level -------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference.
 *
 * Implemented by Rubicon's libcudart (runtime-shim/cudart) on the HIP runtime.
 * The list of implemented functions and their status is kept in
 * runtime-shim/cudart/ApiFunctions.def.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_RUNTIME_API_H
#define RUBICON_CUDA_RUNTIME_API_H
/* The name user code tests to see whether this header was included (the CUDA
   samples' helper headers do). */
#define __CUDA_RUNTIME_API_H__

#include <stddef.h>

#include "driver_types.h"
#include "host_defines.h"
#include "vector_types.h"

/* The CUDA release whose runtime API this header describes: 1000 * major +
 * 10 * minor. Kept equal to RUBICON_CUDA_VERSION_MAJOR/MINOR (a unit test
 * checks). */
#define CUDART_VERSION 13000
#define __CUDART_API_VERSION CUDART_VERSION

#if defined(__cplusplus)
#define RUBICON_DEFAULT_ARG(value) = value
extern "C" {
#else
#define RUBICON_DEFAULT_ARG(value)
#endif

/* With the per-thread default stream (nvcc --default-stream per-thread;
 * clang -fgpu-default-stream=per-thread defines the macro below), stream 0
 * in the calls below means cudaStreamPerThread: they are routed to their
 * _ptsz variants. */
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define cudaLaunchKernel cudaLaunchKernel_ptsz
#define cudaLaunchCooperativeKernel cudaLaunchCooperativeKernel_ptsz
#define cudaMemcpyAsync cudaMemcpyAsync_ptsz
#define cudaMemsetAsync cudaMemsetAsync_ptsz
#define cudaMemcpy2DAsync cudaMemcpy2DAsync_ptsz
#define cudaMemset2DAsync cudaMemset2DAsync_ptsz
#define cudaMemcpyToSymbolAsync cudaMemcpyToSymbolAsync_ptsz
#define cudaMemcpyFromSymbolAsync cudaMemcpyFromSymbolAsync_ptsz
#define cudaMemcpyPeerAsync cudaMemcpyPeerAsync_ptsz
#define cudaMemPrefetchAsync cudaMemPrefetchAsync_ptsz
#define cudaMallocAsync cudaMallocAsync_ptsz
#define cudaFreeAsync cudaFreeAsync_ptsz
#define cudaStreamSynchronize cudaStreamSynchronize_ptsz
#define cudaStreamQuery cudaStreamQuery_ptsz
#define cudaStreamWaitEvent cudaStreamWaitEvent_ptsz
#define cudaStreamGetFlags cudaStreamGetFlags_ptsz
#define cudaStreamGetPriority cudaStreamGetPriority_ptsz
#define cudaStreamAddCallback cudaStreamAddCallback_ptsz
#define cudaLaunchHostFunc cudaLaunchHostFunc_ptsz
#define cudaEventRecord cudaEventRecord_ptsz
#endif

/*--- Errors ---------------------------------------------------------------*/
/* __cudart_builtin__: device code may call these too (the device runtime,
 * cuda_device_runtime_api.h); the device library defines their device side. */
__cudart_builtin__ cudaError_t cudaGetLastError(void);
__cudart_builtin__ cudaError_t cudaPeekAtLastError(void);
__cudart_builtin__ const char *cudaGetErrorName(cudaError_t error);
__cudart_builtin__ const char *cudaGetErrorString(cudaError_t error);

/*--- Versions and devices -------------------------------------------------*/
cudaError_t cudaDriverGetVersion(int *driverVersion);
__cudart_builtin__ cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
__cudart_builtin__ cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDevice(int device);
__cudart_builtin__ cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr,
                                   int device);
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int *flags);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *cacheConfig);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority);
/* Interprocess communication (Ipc.cpp): HIP's on the HIP backend; memory
   files on the host backend (docs/host-target.md). */
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle,
                                 unsigned int flags);
cudaError_t cudaIpcCloseMemHandle(void *devPtr);
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle,
                                  cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event,
                                   cudaIpcEventHandle_t handle);
/* Between two distinct devices: access and native atomics as peer access
   allows, rank 0, no array access. */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr,
                                      int srcDevice, int dstDevice);
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice);
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device);
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId);
/* Removed from CUDA 12's headers but still used by older code. */
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaThreadExit(void);

/*--- Memory ---------------------------------------------------------------*/
__cudart_builtin__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__cudart_builtin__ cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags
                                  RUBICON_DEFAULT_ARG(cudaMemAttachGlobal));
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind);
__cudart_builtin__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind,
                            cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__cudart_builtin__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset RUBICON_DEFAULT_ARG(0),
                               enum cudaMemcpyKind kind RUBICON_DEFAULT_ARG(
                                   cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset RUBICON_DEFAULT_ARG(0),
                                 enum cudaMemcpyKind kind RUBICON_DEFAULT_ARG(
                                     cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
__cudart_builtin__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind,
                              cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height);
__cudart_builtin__ cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height,
                              cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr);
/* CUDA 13.0's forms: a location (device or host) instead of a device number;
   prefetch flags must be 0. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 struct cudaMemLocation location,
                                 unsigned int flags,
                                 cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/*--- Streams and events ---------------------------------------------------*/
cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__cudart_builtin__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                      unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                         unsigned int flags, int priority);
__cudart_builtin__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
__cudart_builtin__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags RUBICON_DEFAULT_ARG(0));
cudaError_t cudaStreamGetFlags(cudaStream_t hStream, unsigned int *flags);
cudaError_t cudaStreamGetPriority(cudaStream_t hStream, int *priority);
cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData);
cudaError_t cudaEventCreate(cudaEvent_t *event);
__cudart_builtin__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__cudart_builtin__ cudaError_t cudaEventRecord(cudaEvent_t event,
                            cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__cudart_builtin__ cudaError_t cudaEventDestroy(cudaEvent_t event);

/*--- Execution ------------------------------------------------------------*/
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
struct cudaLaunchParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
cudaError_t
cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList,
                                       unsigned int numDevices,
                                       unsigned int flags RUBICON_DEFAULT_ARG(0));
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                  const void *func);
cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   enum cudaFuncCache cacheConfig);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);

/*--- Compiler interface ---------------------------------------------------*/
/* Called by code that the compiler generates for <<<...>>> launches and for
 * the registration of kernels and device variables; not for direct use. */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem RUBICON_DEFAULT_ARG(0),
                                     void *stream RUBICON_DEFAULT_ARG(0));
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream);
/* The launch sequence clang uses when it does not know the CUDA version
 * (CUDA before 9.2): configure, one call per argument, launch. */
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                              size_t sharedMem RUBICON_DEFAULT_ARG(0),
                              cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset);
cudaError_t cudaLaunch(const void *func);
/* Graphics interoperability (the API-agnostic half; cuda_gl_interop.h has
 * the OpenGL half). Rubicon has no graphics interop: see the coverage table. */
cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource,
                                            unsigned int flags);
cudaError_t cudaGraphicsMapResources(int count,
                                     cudaGraphicsResource_t *resources,
                                     cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t
cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                           cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                                 cudaGraphicsResource_t resource);
struct cudaArray;
struct cudaMipmappedArray; /* texture_types.h: cudaMipmappedArray_t */
cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(
    struct cudaMipmappedArray **mipmappedArray, cudaGraphicsResource_t resource);
cudaError_t cudaGraphicsSubResourceGetMappedArray(
    struct cudaArray **array, cudaGraphicsResource_t resource,
    unsigned int arrayIndex, unsigned int mipLevel);

/*--- Occupancy, function names and launch with attributes (Occupancy.cpp,
 * Launch.cpp) ------------------------------------------------------------*/
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
                                                      const void *func,
                                                      int numBlocks,
                                                      int blockSize);
cudaError_t cudaFuncGetName(const char **name, const void *func);
cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                       enum cudaSharedMemConfig config);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *func, void **args);

/*--- Streams and events (StreamsEvents.cpp) --------------------------------*/
cudaError_t cudaStreamGetId(cudaStream_t hStream,
                            unsigned long long *streamId);
cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device);
cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                   cudaStreamAttrValue *value_out);
cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                   const cudaStreamAttrValue *value);
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event,
                                     cudaStream_t stream RUBICON_DEFAULT_ARG(0),
                                     unsigned int flags RUBICON_DEFAULT_ARG(0));

/*--- 3D memory (Memory3D.cpp) ----------------------------------------------*/
cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                         struct cudaExtent extent);
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                              cudaStream_t stream RUBICON_DEFAULT_ARG(0));
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value,
                         struct cudaExtent extent);
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent,
                              cudaStream_t stream RUBICON_DEFAULT_ARG(0));

/*--- Unified memory hints, host flags (MemoryHints.cpp) --------------------*/
cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                          enum cudaMemoryAdvise advice,
                          struct cudaMemLocation location);
cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize,
                                     enum cudaMemRangeAttribute attribute,
                                     const void *devPtr, size_t count);
cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes,
                                      enum cudaMemRangeAttribute *attributes,
                                      size_t numAttributes, const void *devPtr,
                                      size_t count);
/* CUDA 13.0's batches: prefetchLocs[i] applies from operation
   prefetchLocIdxs[i] (the first index is 0) to the next one's. */
cudaError_t cudaMemPrefetchBatchAsync(void **dptrs, size_t *sizes,
                                      size_t count,
                                      struct cudaMemLocation *prefetchLocs,
                                      size_t *prefetchLocIdxs,
                                      size_t numPrefetchLocs,
                                      unsigned long long flags,
                                      cudaStream_t stream);
cudaError_t cudaMemDiscardBatchAsync(void **dptrs, size_t *sizes, size_t count,
                                     unsigned long long flags,
                                     cudaStream_t stream);
cudaError_t cudaMemDiscardAndPrefetchBatchAsync(
    void **dptrs, size_t *sizes, size_t count,
    struct cudaMemLocation *prefetchLocs, size_t *prefetchLocIdxs,
    size_t numPrefetchLocs, unsigned long long flags, cudaStream_t stream);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr,
                                     size_t length RUBICON_DEFAULT_ARG(0),
                                     unsigned int flags
                                         RUBICON_DEFAULT_ARG(cudaMemAttachSingle));
cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost);

/*--- Devices (DeviceExtras.cpp) --------------------------------------------*/
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags,
                           unsigned int flags);
cudaError_t cudaSetValidDevices(int *device_arr, int len);
cudaError_t
cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget target,
                                   enum cudaFlushGPUDirectRDMAWritesScope scope);
cudaError_t cudaCtxResetPersistingL2Cache(void);

/*--- The runtime's log (Logs.cpp) ------------------------------------------*/
cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t callbackFunc,
                                     void *userData,
                                     cudaLogsCallbackHandle *callback_out);
cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle callback);
cudaError_t cudaLogsCurrent(cudaLogIterator *iterator_out, unsigned int flags);
cudaError_t cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile,
                               unsigned int flags);
cudaError_t cudaLogsDumpToMemory(cudaLogIterator *iterator, char *buffer,
                                 size_t *size, unsigned int flags);

/* Driver functions by API name, through libcuda's cuGetProcAddress
 * (docs/runtime-driver-state.md). */
cudaError_t cudaGetDriverEntryPoint(
    const char *symbol, void **funcPtr, unsigned long long flags,
    cudaDriverEntryPointQueryResult *driverStatus RUBICON_DEFAULT_ARG(0));
cudaError_t cudaGetDriverEntryPointByVersion(
    const char *symbol, void **funcPtr, unsigned int cudaVersion,
    unsigned long long flags,
    cudaDriverEntryPointQueryResult *driverStatus RUBICON_DEFAULT_ARG(0));

void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **fatCubinHandle);
void __cudaUnregisterFatBinary(void **fatCubinHandle);
void __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun,
                            char *deviceFun, const char *deviceName,
                            int threadLimit, uint3 *tid, uint3 *bid,
                            dim3 *bDim, dim3 *gDim, int *wSize);
void __cudaRegisterVar(void **fatCubinHandle, char *hostVar,
                       char *deviceAddress, const char *deviceName, int ext,
                       size_t size, int constant, int global);
void __cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtrAddress,
                              char *deviceAddress, const char *deviceName,
                              int ext, size_t size, int constant, int global);
/* Rubicon's, not CUDA's: host code reaches a __managed__ variable through
 * the pointer registered with __cudaRegisterManagedVar (docs/cuda-runtime.md). */
void *__cudaManagedVarAddress(void **hostVarPtrAddress, void *hostShadow);

/* Graphs, stream capture and stream-ordered memory. */
#include "__rubicon/graph_api.h"

/* Libraries, kernel handles, parameter layouts, clusters (docs/driver-api.md). */
#include "__rubicon/library_api.h"

/* External memory and semaphores. */
#include "__rubicon/external_api.h"

/* Peers, atomic capabilities, notifications, batches of copies. */
#include "__rubicon/peer_device_api.h"

#if defined(__cplusplus)
} /* extern "C" */
#endif

#undef RUBICON_DEFAULT_ARG

/* The device runtime's entry points, as CUDA's runtime API header has them. */
#include "cuda_device_runtime_api.h"

#endif /* RUBICON_CUDA_RUNTIME_API_H */
