//===- PeerAndDevice.cpp - 3D peer copies, atomics, notifications ---------===//
//
// Part of Rubicon. Runtime functions around devices and peers
// (__rubicon/peer_device_api.h), as the driver's (../cuda/PeerAndDevice.cpp):
// 3D peer copies are cudaMemcpy3D once the devices are checked (one address
// space per process); the atomic capabilities of a link follow its native
// atomics; asynchronous-notification registrations are kept (no backend
// has a memory budget to report going over); batches of copies run in the
// stream's order.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

#include <cstdint>
#include <mutex>
#include <set>

using namespace rubicon::cudart;

namespace {

cudaError_t checkDevice(Backend &B, int Device) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t copy3DPeer(const cudaMemcpy3DPeerParms *P, cudaStream_t Stream,
                       bool Async) {
  if (!P)
    return fail(cudaErrorInvalidValue);
  if (cudaError_t Status = withBackend([&](Backend &B) {
        if (cudaError_t Status = checkDevice(B, P->srcDevice))
          return Status;
        return checkDevice(B, P->dstDevice);
      }))
    return Status;
  cudaMemcpy3DParms C{};
  C.srcArray = P->srcArray;
  C.srcPos = P->srcPos;
  C.srcPtr = P->srcPtr;
  C.dstArray = P->dstArray;
  C.dstPos = P->dstPos;
  C.dstPtr = P->dstPtr;
  C.extent = P->extent;
  C.kind = cudaMemcpyDefault;
  return Async ? cudaMemcpy3DAsync(&C, Stream) : cudaMemcpy3D(&C);
}

/// What a link with native atomics supports of Operation.
unsigned nativeCapabilities(cudaAtomicOperation Operation) {
  constexpr unsigned Integer =
      cudaAtomicCapabilitySigned | cudaAtomicCapabilityUnsigned |
      cudaAtomicCapabilityScalar32 | cudaAtomicCapabilityScalar64;
  constexpr unsigned Sized =
      cudaAtomicCapabilityScalar32 | cudaAtomicCapabilityScalar64;
  return Operation <= cudaAtomicOperationXOR ? Integer : Sized;
}

cudaError_t atomicCapabilities(unsigned *Capabilities,
                               const cudaAtomicOperation *Operations,
                               unsigned Count, bool Native) {
  for (unsigned I = 0; I < Count; ++I)
    if (Operations[I] < cudaAtomicOperationIntegerAdd ||
        Operations[I] > cudaAtomicOperationFloatMax)
      return cudaErrorInvalidValue;
  for (unsigned I = 0; I < Count; ++I)
    Capabilities[I] = Native ? nativeCapabilities(Operations[I]) : 0;
  return cudaSuccess;
}

struct CallbackEntry {
  int Device;
  cudaAsyncCallback Function;
  void *UserData;
};
std::mutex Mutex;
std::set<cudaAsyncCallbackHandle_t> &registered() {
  static auto *Handles = new std::set<cudaAsyncCallbackHandle_t>();
  return *Handles;
}

} // namespace

extern "C" {

cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms *P) {
  return copy3DPeer(P, nullptr, false);
}
cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms *P,
                                  cudaStream_t Stream) {
  return copy3DPeer(P, Stream, true);
}
cudaError_t cudaMemcpy3DPeerAsync_ptsz(const cudaMemcpy3DPeerParms *P,
                                       cudaStream_t Stream) {
  return copy3DPeer(P, perThread(Stream), true);
}

cudaError_t cudaDeviceGetP2PAtomicCapabilities(
    unsigned int *Capabilities, const cudaAtomicOperation *Operations,
    unsigned int Count, int Src, int Dst) {
  if (!Capabilities || !Operations || !Count)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Src))
      return Status;
    if (cudaError_t Status = checkDevice(B, Dst))
      return Status;
    if (Src == Dst)
      return cudaErrorInvalidDevice;
    int CanAccess = 0;
    if (cudaError_t Status = B.deviceCanAccessPeer(CanAccess, Src, Dst))
      return Status;
    return atomicCapabilities(Capabilities, Operations, Count, CanAccess);
  });
}

cudaError_t cudaDeviceGetHostAtomicCapabilities(
    unsigned int *Capabilities, const cudaAtomicOperation *Operations,
    unsigned int Count, int Device) {
  if (!Capabilities || !Operations || !Count)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    cudaDeviceProp Prop{};
    if (cudaError_t Status = B.getDeviceProperties(Prop, Device))
      return Status;
    return atomicCapabilities(Capabilities, Operations, Count,
                              Prop.hostNativeAtomicSupported != 0);
  });
}

cudaError_t cudaDeviceRegisterAsyncNotification(
    int Device, cudaAsyncCallback Function, void *UserData,
    cudaAsyncCallbackHandle_t *Handle) {
  if (!Function || !Handle)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    *Handle = reinterpret_cast<cudaAsyncCallbackHandle_t>(
        new CallbackEntry{Device, Function, UserData});
    std::lock_guard<std::mutex> Lock(Mutex);
    registered().insert(*Handle);
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceUnregisterAsyncNotification(
    int Device, cudaAsyncCallbackHandle_t Handle) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = registered().find(Handle);
    if (It == registered().end() ||
        reinterpret_cast<CallbackEntry *>(Handle)->Device != Device)
      return cudaErrorInvalidValue;
    registered().erase(It);
    delete reinterpret_cast<CallbackEntry *>(Handle);
    return cudaSuccess;
  });
}

// A source read "during the API call" may be gone once the call returns:
// the stream is drained and that copy made at once (stronger ordering than
// CUDA's, the same result).
cudaError_t cudaMemcpyBatchAsync(const void *const *Dsts,
                                 const void *const *Srcs, const size_t *Sizes,
                                 size_t Count, cudaMemcpyAttributes *Attributes,
                                 size_t *Starts, size_t NumAttributes,
                                 cudaStream_t Stream) {
  if (!Dsts || !Srcs || !Sizes || !Count || !Attributes || !Starts ||
      !NumAttributes || NumAttributes > Count || Starts[0] != 0)
    return fail(cudaErrorInvalidValue);
  for (size_t A = 0; A < NumAttributes; ++A)
    if ((A && Starts[A] <= Starts[A - 1]) || Starts[A] >= Count ||
        Attributes[A].srcAccessOrder < cudaMemcpySrcAccessOrderStream ||
        Attributes[A].srcAccessOrder > cudaMemcpySrcAccessOrderAny ||
        Attributes[A].flags > cudaMemcpyFlagPreferOverlapWithCompute)
      return fail(cudaErrorInvalidValue);
  size_t A = 0;
  for (size_t I = 0; I < Count; ++I) {
    while (A + 1 < NumAttributes && Starts[A + 1] <= I)
      ++A;
    void *Dst = const_cast<void *>(Dsts[I]);
    cudaError_t Status;
    if (Attributes[A].srcAccessOrder == cudaMemcpySrcAccessOrderDuringApiCall) {
      Status = cudaStreamSynchronize(Stream);
      if (!Status)
        Status = cudaMemcpy(Dst, Srcs[I], Sizes[I], cudaMemcpyDefault);
    } else {
      Status = cudaMemcpyAsync(Dst, Srcs[I], Sizes[I], cudaMemcpyDefault,
                               Stream);
    }
    if (Status)
      return Status;
  }
  return cudaSuccess;
}
cudaError_t cudaMemcpyBatchAsync_ptsz(const void *const *Dsts,
                                      const void *const *Srcs,
                                      const size_t *Sizes, size_t Count,
                                      cudaMemcpyAttributes *Attributes,
                                      size_t *Starts, size_t NumAttributes,
                                      cudaStream_t Stream) {
  return cudaMemcpyBatchAsync(Dsts, Srcs, Sizes, Count, Attributes, Starts,
                              NumAttributes, perThread(Stream));
}

} // extern "C"
