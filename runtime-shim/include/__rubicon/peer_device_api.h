/*===- __rubicon/peer_device_api.h - Peers, atomics, notifications, batches -===*
 *
 * Part of Rubicon. Runtime functions of CUDA 12.x-13.0 around devices and
 * peers, written from the CUDA runtime API reference: 3D peer copies, the
 * atomic capabilities of links, asynchronous notifications, batches of
 * copies. Included by cuda_runtime_api.h inside its extern "C" block.
 * Implemented in runtime-shim/cudart/PeerAndDevice.cpp.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_PEER_DEVICE_API_H
#define RUBICON_INTERNAL_PEER_DEVICE_API_H

#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define cudaMemcpy3DPeerAsync cudaMemcpy3DPeerAsync_ptsz
#define cudaMemcpyBatchAsync cudaMemcpyBatchAsync_ptsz
#define cudaMemcpy3DBatchAsync cudaMemcpy3DBatchAsync_ptsz
#endif

cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p);
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                  cudaStream_t stream RUBICON_DEFAULT_ARG(0));

enum cudaAtomicOperation {
  cudaAtomicOperationIntegerAdd = 0,
  cudaAtomicOperationIntegerMin = 1,
  cudaAtomicOperationIntegerMax = 2,
  cudaAtomicOperationIntegerIncrement = 3,
  cudaAtomicOperationIntegerDecrement = 4,
  cudaAtomicOperationAnd = 5,
  cudaAtomicOperationOr = 6,
  cudaAtomicOperationXOR = 7,
  cudaAtomicOperationExchange = 8,
  cudaAtomicOperationCAS = 9,
  cudaAtomicOperationFloatAdd = 10,
  cudaAtomicOperationFloatMin = 11,
  cudaAtomicOperationFloatMax = 12
};
enum cudaAtomicOperationCapability {
  cudaAtomicCapabilitySigned = 1 << 0,
  cudaAtomicCapabilityUnsigned = 1 << 1,
  cudaAtomicCapabilityReduction = 1 << 2,
  cudaAtomicCapabilityScalar32 = 1 << 3,
  cudaAtomicCapabilityScalar64 = 1 << 4,
  cudaAtomicCapabilityScalar128 = 1 << 5,
  cudaAtomicCapabilityVector32x4 = 1 << 6
};
cudaError_t cudaDeviceGetP2PAtomicCapabilities(
    unsigned int *capabilities, const enum cudaAtomicOperation *operations,
    unsigned int count, int srcDevice, int dstDevice);
cudaError_t cudaDeviceGetHostAtomicCapabilities(
    unsigned int *capabilities, const enum cudaAtomicOperation *operations,
    unsigned int count, int device);

typedef enum cudaAsyncNotificationType_enum {
  cudaAsyncNotificationTypeOverBudget = 0x1
} cudaAsyncNotificationType;
typedef struct cudaAsyncNotificationInfo {
  cudaAsyncNotificationType type;
  union {
    struct {
      unsigned long long bytesOverBudget;
    } overBudget;
  } info;
} cudaAsyncNotificationInfo_t;
typedef struct cudaAsyncCallbackEntry *cudaAsyncCallbackHandle_t;
typedef void (*cudaAsyncCallback)(cudaAsyncNotificationInfo_t *, void *,
                                  cudaAsyncCallbackHandle_t);
cudaError_t cudaDeviceRegisterAsyncNotification(
    int device, cudaAsyncCallback callbackFunc, void *userData,
    cudaAsyncCallbackHandle_t *callback);
cudaError_t cudaDeviceUnregisterAsyncNotification(
    int device, cudaAsyncCallbackHandle_t callback);

/* Batches of copies (CUDA 13.0 form: no failure index). */
enum cudaMemcpySrcAccessOrder {
  cudaMemcpySrcAccessOrderInvalid = 0x0,
  cudaMemcpySrcAccessOrderStream = 0x1,
  cudaMemcpySrcAccessOrderDuringApiCall = 0x2,
  cudaMemcpySrcAccessOrderAny = 0x3,
  cudaMemcpySrcAccessOrderMax = 0x7FFFFFFF
};
enum cudaMemcpyFlags {
  cudaMemcpyFlagDefault = 0x0,
  cudaMemcpyFlagPreferOverlapWithCompute = 0x1
};
struct cudaMemcpyAttributes {
  enum cudaMemcpySrcAccessOrder srcAccessOrder;
  struct cudaMemLocation srcLocHint;
  struct cudaMemLocation dstLocHint;
  unsigned int flags;
};
cudaError_t cudaMemcpyBatchAsync(const void *const *dsts,
                                 const void *const *srcs, const size_t *sizes,
                                 size_t count,
                                 struct cudaMemcpyAttributes *attrs,
                                 size_t *attrsIdxs, size_t numAttrs,
                                 cudaStream_t stream);

/* Batches of 3D copies between pointers and CUDA arrays (CUDA 12.8; 13.0
   form). Widths count elements: bytes between pointers, the array's
   elements when an end is an array. */
enum cudaMemcpy3DOperandType {
  cudaMemcpyOperandTypePointer = 0x1,
  cudaMemcpyOperandTypeArray = 0x2,
  cudaMemcpyOperandTypeMax = 0x7FFFFFFF
};
struct cudaOffset3D {
  size_t x;
  size_t y;
  size_t z;
};
struct cudaMemcpy3DOperand {
  enum cudaMemcpy3DOperandType type;
  union {
    struct {
      void *ptr;
      size_t rowLength;   /* elements; 0: the copy's width */
      size_t layerHeight; /* rows; 0: the copy's height */
      struct cudaMemLocation locHint;
    } ptr;
    struct {
      struct cudaArray *array; /* cudaArray_t */
      struct cudaOffset3D offset;
    } array;
  } op;
};
struct cudaMemcpy3DBatchOp {
  struct cudaMemcpy3DOperand src;
  struct cudaMemcpy3DOperand dst;
  struct cudaExtent extent;
  enum cudaMemcpySrcAccessOrder srcAccessOrder;
  unsigned int flags;
};
cudaError_t cudaMemcpy3DBatchAsync(size_t numOps,
                                   struct cudaMemcpy3DBatchOp *opList,
                                   unsigned long long flags,
                                   cudaStream_t stream);

#endif /* RUBICON_INTERNAL_PEER_DEVICE_API_H */
