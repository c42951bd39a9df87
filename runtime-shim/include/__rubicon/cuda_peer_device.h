/*===- __rubicon/cuda_peer_device.h - Peers, contexts, device queries ----===*
 *
 * Part of Rubicon. Driver API functions around devices and contexts: peer
 * access and peer copies (cuCtxEnablePeerAccess, cuMemcpyPeer,
 * cuMemcpy3DPeer), atomic capabilities of links (CUDA 13.0), execution
 * affinity, the CUDA 12.5 _v2 context queries, the deprecated context and
 * device calls (cuCtxAttach, cuDeviceGetProperties), asynchronous
 * notifications, more pointer attributes; written from the CUDA driver API
 * reference. Included by cuda.h inside its extern "C" block. Implemented in
 * runtime-shim/cuda/PeerAndDevice.cpp.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CUDA_PEER_DEVICE_H
#define RUBICON_INTERNAL_CUDA_PEER_DEVICE_H

/*--- Peers ----------------------------------------------------------------*/
typedef struct CUDA_MEMCPY3D_PEER_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  CUcontext srcContext;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  CUcontext dstContext;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} CUDA_MEMCPY3D_PEER_v1, CUDA_MEMCPY3D_PEER;

CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags);
CUresult cuCtxDisablePeerAccess(CUcontext peerContext);
CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext,
                      CUdeviceptr srcDevice, CUcontext srcContext,
                      size_t ByteCount);
CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext,
                           CUdeviceptr srcDevice, CUcontext srcContext,
                           size_t ByteCount, CUstream hStream);
CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy);
CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy,
                             CUstream hStream);

/*--- Atomic capabilities of links (CUDA 13.0) -----------------------------*/
typedef enum CUatomicOperation_enum {
  CU_ATOMIC_OPERATION_INTEGER_ADD = 0,
  CU_ATOMIC_OPERATION_INTEGER_MIN = 1,
  CU_ATOMIC_OPERATION_INTEGER_MAX = 2,
  CU_ATOMIC_OPERATION_INTEGER_INCREMENT = 3,
  CU_ATOMIC_OPERATION_INTEGER_DECREMENT = 4,
  CU_ATOMIC_OPERATION_AND = 5,
  CU_ATOMIC_OPERATION_OR = 6,
  CU_ATOMIC_OPERATION_XOR = 7,
  CU_ATOMIC_OPERATION_EXCHANGE = 8,
  CU_ATOMIC_OPERATION_CAS = 9,
  CU_ATOMIC_OPERATION_FLOAT_ADD = 10,
  CU_ATOMIC_OPERATION_FLOAT_MIN = 11,
  CU_ATOMIC_OPERATION_FLOAT_MAX = 12,
  CU_ATOMIC_OPERATION_MAX
} CUatomicOperation;

typedef enum CUatomicOperationCapability_enum {
  CU_ATOMIC_CAPABILITY_SIGNED = 1 << 0,
  CU_ATOMIC_CAPABILITY_UNSIGNED = 1 << 1,
  CU_ATOMIC_CAPABILITY_REDUCTION = 1 << 2,
  CU_ATOMIC_CAPABILITY_SCALAR_32 = 1 << 3,
  CU_ATOMIC_CAPABILITY_SCALAR_64 = 1 << 4,
  CU_ATOMIC_CAPABILITY_SCALAR_128 = 1 << 5,
  CU_ATOMIC_CAPABILITY_VECTOR_32x4 = 1 << 6
} CUatomicOperationCapability;

CUresult cuDeviceGetP2PAtomicCapabilities(unsigned int *capabilities,
                                          const CUatomicOperation *operations,
                                          unsigned int count,
                                          CUdevice srcDevice,
                                          CUdevice dstDevice);
CUresult cuDeviceGetHostAtomicCapabilities(unsigned int *capabilities,
                                           const CUatomicOperation *operations,
                                           unsigned int count, CUdevice dev);

/*--- Contexts -------------------------------------------------------------*/
/* CUDA 12.5's forms that name the context (NULL: the current one). */
CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx);
CUresult cuCtxSynchronize_v2(CUcontext ctx);
CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity,
                              CUexecAffinityType type);
CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type,
                                        CUdevice dev);
/* Deprecated. */
CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags);
CUresult cuCtxDetach(CUcontext ctx);

/*--- Devices --------------------------------------------------------------*/
typedef struct CUdevprop_st {
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int sharedMemPerBlock;
  int totalConstantMemory;
  int SIMDWidth;
  int memPitch;
  int regsPerBlock;
  int clockRate;
  int textureAlign;
} CUdevprop_v1, CUdevprop;

/* Deprecated: cuDeviceGetAttribute says the same. */
CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev);
/* Windows only. */
CUresult cuDeviceGetLuid(char *luid, unsigned int *deviceNodeMask,
                         CUdevice dev);

typedef enum CUasyncNotificationType_enum {
  CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET = 0x1
} CUasyncNotificationType;
typedef struct CUasyncNotificationInfo_st {
  CUasyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
} CUasyncNotificationInfo;
typedef struct CUasyncCallbackEntry_st *CUasyncCallbackHandle;
typedef void (*CUasyncCallback)(CUasyncNotificationInfo *info, void *userData,
                                CUasyncCallbackHandle callback);
CUresult cuDeviceRegisterAsyncNotification(CUdevice device,
                                           CUasyncCallback callbackFunc,
                                           void *userData,
                                           CUasyncCallbackHandle *callback);
CUresult cuDeviceUnregisterAsyncNotification(CUdevice device,
                                             CUasyncCallbackHandle callback);

/*--- Pointers -------------------------------------------------------------*/
CUresult cuPointerSetAttribute(const void *value,
                               CUpointer_attribute attribute, CUdeviceptr ptr);

#endif /* RUBICON_INTERNAL_CUDA_PEER_DEVICE_H */
