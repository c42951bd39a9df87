//===- PeerAndDevice.cpp - Peers, contexts and device queries -------------===//
//
// Part of Rubicon. Driver API functions around devices and contexts beyond
// the first subset (__rubicon/cuda_peer_device.h): peer access and peer
// copies over the backend's (memcpyPeer, deviceEnablePeerAccess), the atomic
// capabilities of a device's links, the CUDA 12.5 context queries that name
// a context, execution affinity (a context always has the whole device),
// the deprecated context and device calls, asynchronous notifications (the
// registrations are kept; no backend has a memory budget to report going
// over), and the pointer attribute calls that take lists.
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <set>

using namespace rubicon;
using namespace rubicon::driver;

namespace {

void *pointer(CUdeviceptr Address) {
  return reinterpret_cast<void *>(uintptr_t(Address));
}

cudaError_t checkDevice(cudart::Backend &B, int Device) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

/// The device of a context (checked with validContext); the current one
/// for null.
cudaError_t deviceOf(cudart::Backend &B, CUcontext Context, int &Device) {
  if (!Context)
    return B.getDevice(Device);
  Device = contextDevice(Context);
  return cudaSuccess;
}
bool validContext(CUcontext Context) {
  return !Context || contextDevice(Context) >= 0;
}

CUresult memcpyPeer(CUdeviceptr Dst, CUcontext DstContext, CUdeviceptr Src,
                    CUcontext SrcContext, size_t Count, CUstream Stream,
                    bool Async) {
  int DstDevice = contextDevice(DstContext),
      SrcDevice = contextDevice(SrcContext);
  if (DstDevice < 0 || SrcDevice < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](cudart::Backend &B) {
    return B.memcpyPeer(pointer(Dst), DstDevice, pointer(Src), SrcDevice, Count,
                        toStream(Stream), Async);
  });
}

/// The address a 3D copy's side starts at: host or device memory (unified
/// memory is device memory of the process); CUDA arrays are not handled.
cudaError_t copyBase(CUmemorytype Type, const void *Host, CUdeviceptr Device,
                     size_t X, size_t Y, size_t Z, size_t Pitch, size_t Height,
                     char *&Base) {
  char *Start = nullptr;
  switch (Type) {
  case CU_MEMORYTYPE_HOST:
    Start = static_cast<char *>(const_cast<void *>(Host));
    break;
  case CU_MEMORYTYPE_DEVICE:
  case CU_MEMORYTYPE_UNIFIED:
    Start = static_cast<char *>(pointer(Device));
    break;
  case CU_MEMORYTYPE_ARRAY:
    return cudaErrorNotSupported;
  default:
    return cudaErrorInvalidValue;
  }
  if (!Start)
    return cudaErrorInvalidValue;
  Base = Start + (Z * Height + Y) * Pitch + X;
  return cudaSuccess;
}

CUresult memcpy3DPeer(const CUDA_MEMCPY3D_PEER *Copy, CUstream Stream,
                      bool Async) {
  if (!Copy)
    return CUDA_ERROR_INVALID_VALUE;
  if (!validContext(Copy->srcContext) || !validContext(Copy->dstContext))
    return CUDA_ERROR_INVALID_CONTEXT;
  const CUDA_MEMCPY3D_PEER &C = *Copy;
  return withBackend([&](cudart::Backend &B) {
    int SrcDevice = 0, DstDevice = 0;
    if (cudaError_t Status = deviceOf(B, C.srcContext, SrcDevice))
      return Status;
    if (cudaError_t Status = deviceOf(B, C.dstContext, DstDevice))
      return Status;
    size_t SrcPitch = C.srcPitch ? C.srcPitch : C.WidthInBytes;
    size_t DstPitch = C.dstPitch ? C.dstPitch : C.WidthInBytes;
    size_t SrcHeight = C.srcHeight ? C.srcHeight : C.Height;
    size_t DstHeight = C.dstHeight ? C.dstHeight : C.Height;
    if ((C.Height > 1 || C.Depth > 1) &&
        (SrcPitch < C.WidthInBytes || DstPitch < C.WidthInBytes))
      return cudaErrorInvalidPitchValue;
    if (C.Depth > 1 && (SrcHeight < C.Height || DstHeight < C.Height))
      return cudaErrorInvalidValue;
    char *Src = nullptr, *Dst = nullptr;
    if (cudaError_t Status =
            copyBase(C.srcMemoryType, C.srcHost, C.srcDevice, C.srcXInBytes,
                     C.srcY, C.srcZ, SrcPitch, SrcHeight, Src))
      return Status;
    if (cudaError_t Status =
            copyBase(C.dstMemoryType, C.dstHost, C.dstDevice, C.dstXInBytes,
                     C.dstY, C.dstZ, DstPitch, DstHeight, Dst))
      return Status;
    if (SrcDevice != DstDevice) {
      int CanAccess = 0;
      B.deviceCanAccessPeer(CanAccess, DstDevice, SrcDevice);
      // Between devices without peer access, each slice row by row through
      // the backend's peer copy.
      if (!CanAccess) {
        for (size_t Z = 0; Z < (C.Depth ? C.Depth : 1); ++Z)
          for (size_t Y = 0; Y < (C.Height ? C.Height : 1); ++Y)
            if (cudaError_t Status = B.memcpyPeer(
                    Dst + (Z * DstHeight + Y) * DstPitch, DstDevice,
                    Src + (Z * SrcHeight + Y) * SrcPitch, SrcDevice,
                    C.WidthInBytes, toStream(Stream), Async))
              return Status;
        return cudaSuccess;
      }
    }
    for (size_t Z = 0; Z < (C.Depth ? C.Depth : 1); ++Z)
      if (cudaError_t Status = B.memcpy2D(
              Dst + Z * DstHeight * DstPitch, DstPitch,
              Src + Z * SrcHeight * SrcPitch, SrcPitch, C.WidthInBytes,
              C.Height ? C.Height : 1, cudaMemcpyDefault, toStream(Stream),
              Async))
        return Status;
    return cudaSuccess;
  });
}

/// What a link with native atomics supports of Operation.
unsigned nativeCapabilities(CUatomicOperation Operation) {
  constexpr unsigned Integer = CU_ATOMIC_CAPABILITY_SIGNED |
                               CU_ATOMIC_CAPABILITY_UNSIGNED |
                               CU_ATOMIC_CAPABILITY_SCALAR_32 |
                               CU_ATOMIC_CAPABILITY_SCALAR_64;
  constexpr unsigned Float =
      CU_ATOMIC_CAPABILITY_SCALAR_32 | CU_ATOMIC_CAPABILITY_SCALAR_64;
  switch (Operation) {
  case CU_ATOMIC_OPERATION_INTEGER_ADD:
  case CU_ATOMIC_OPERATION_INTEGER_MIN:
  case CU_ATOMIC_OPERATION_INTEGER_MAX:
  case CU_ATOMIC_OPERATION_INTEGER_INCREMENT:
  case CU_ATOMIC_OPERATION_INTEGER_DECREMENT:
  case CU_ATOMIC_OPERATION_AND:
  case CU_ATOMIC_OPERATION_OR:
  case CU_ATOMIC_OPERATION_XOR:
    return Integer;
  case CU_ATOMIC_OPERATION_EXCHANGE:
  case CU_ATOMIC_OPERATION_CAS:
    return CU_ATOMIC_CAPABILITY_SCALAR_32 | CU_ATOMIC_CAPABILITY_SCALAR_64;
  default:
    return Float;
  }
}

CUresult atomicCapabilities(unsigned *Capabilities,
                            const CUatomicOperation *Operations,
                            unsigned Count, bool Native) {
  for (unsigned I = 0; I < Count; ++I)
    if (Operations[I] < CU_ATOMIC_OPERATION_INTEGER_ADD ||
        Operations[I] >= CU_ATOMIC_OPERATION_MAX)
      return CUDA_ERROR_INVALID_VALUE;
  for (unsigned I = 0; I < Count; ++I)
    Capabilities[I] = Native ? nativeCapabilities(Operations[I]) : 0;
  return CUDA_SUCCESS;
}

struct Notifications {
  std::mutex Mutex;
  std::set<CUasyncCallbackHandle> Registered;
};
Notifications &notifications() {
  static auto *N = new Notifications();
  return *N;
}
struct CallbackEntry {
  CUdevice Device;
  CUasyncCallback Function;
  void *UserData;
};

} // namespace

extern "C" {

//--- Peers ---------------------------------------------------------------------

CUresult cuCtxEnablePeerAccess(CUcontext Peer, unsigned int Flags) {
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  int PeerDevice = contextDevice(Peer);
  if (PeerDevice < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](cudart::Backend &B) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    int CanAccess = 0;
    if (cudaError_t Status = B.deviceCanAccessPeer(CanAccess, Device, PeerDevice))
      return Status;
    if (!CanAccess)
      return cudaErrorPeerAccessUnsupported;
    return B.deviceEnablePeerAccess(PeerDevice, 0);
  });
}

CUresult cuCtxDisablePeerAccess(CUcontext Peer) {
  int PeerDevice = contextDevice(Peer);
  if (PeerDevice < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](cudart::Backend &B) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    int CanAccess = 0;
    B.deviceCanAccessPeer(CanAccess, Device, PeerDevice);
    if (!CanAccess)
      return cudaErrorPeerAccessNotEnabled;
    return B.deviceDisablePeerAccess(PeerDevice);
  });
}

CUresult cuMemcpyPeer(CUdeviceptr Dst, CUcontext DstContext, CUdeviceptr Src,
                      CUcontext SrcContext, size_t Count) {
  return memcpyPeer(Dst, DstContext, Src, SrcContext, Count, nullptr, false);
}

CUresult cuMemcpyPeerAsync(CUdeviceptr Dst, CUcontext DstContext,
                           CUdeviceptr Src, CUcontext SrcContext, size_t Count,
                           CUstream Stream) {
  return memcpyPeer(Dst, DstContext, Src, SrcContext, Count, Stream, true);
}

CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *Copy) {
  return memcpy3DPeer(Copy, nullptr, false);
}

CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *Copy, CUstream Stream) {
  return memcpy3DPeer(Copy, Stream, true);
}

//--- Atomic capabilities -----------------------------------------------------

CUresult cuDeviceGetP2PAtomicCapabilities(unsigned int *Capabilities,
                                          const CUatomicOperation *Operations,
                                          unsigned int Count, CUdevice Src,
                                          CUdevice Dst) {
  if (!Capabilities || !Operations || !Count)
    return CUDA_ERROR_INVALID_VALUE;
  bool Native = false;
  if (CUresult Status = withBackend([&](cudart::Backend &B) {
        if (cudaError_t Status = checkDevice(B, Src))
          return Status;
        if (cudaError_t Status = checkDevice(B, Dst))
          return Status;
        if (Src == Dst)
          return cudaErrorInvalidDevice;
        int CanAccess = 0;
        cudaError_t Status = B.deviceCanAccessPeer(CanAccess, Src, Dst);
        Native = CanAccess != 0;
        return Status;
      }))
    return Status;
  return atomicCapabilities(Capabilities, Operations, Count, Native);
}

CUresult cuDeviceGetHostAtomicCapabilities(unsigned int *Capabilities,
                                           const CUatomicOperation *Operations,
                                           unsigned int Count, CUdevice Device) {
  if (!Capabilities || !Operations || !Count)
    return CUDA_ERROR_INVALID_VALUE;
  bool Native = false;
  if (CUresult Status = withBackend([&](cudart::Backend &B) {
        if (cudaError_t Status = checkDevice(B, Device))
          return Status;
        // The host backend's device is the host; a GPU as its link says.
        cudaDeviceProp Prop{};
        cudaError_t Status = B.getDeviceProperties(Prop, Device);
        Native = Prop.hostNativeAtomicSupported != 0;
        return Status;
      }))
    return Status;
  return atomicCapabilities(Capabilities, Operations, Count, Native);
}

//--- Contexts --------------------------------------------------------------------

CUresult cuCtxGetDevice_v2(CUdevice *Device, CUcontext Context) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  if (!validContext(Context))
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](cudart::Backend &B) {
    int D = 0;
    cudaError_t Status = deviceOf(B, Context, D);
    if (Status == cudaSuccess)
      *Device = D;
    return Status;
  });
}

CUresult cuCtxSynchronize_v2(CUcontext Context) {
  if (Context && contextDevice(Context) < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  // Its device's work is waited for; the error is the context's own.
  if (!Context)
    return cuCtxSynchronize();
  return withBackend([&](cudart::Backend &B) {
    unsigned Current = B.currentContext();
    if (cudaError_t Status = B.setContext(unsigned(contextId(Context))))
      return Status;
    cudaError_t Status = B.deviceSynchronize();
    B.setContext(Current);
    return Status;
  });
}

// A context always runs on the whole device.
CUresult cuCtxGetExecAffinity(CUexecAffinityParam *Affinity,
                              CUexecAffinityType Type) {
  if (!Affinity || Type != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    cudaDeviceProp Prop{};
    if (cudaError_t Status = B.getDeviceProperties(Prop, Device))
      return Status;
    Affinity->type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
    Affinity->param.smCount.val = unsigned(Prop.multiProcessorCount);
    return cudaSuccess;
  });
}

CUresult cuDeviceGetExecAffinitySupport(int *Supported, CUexecAffinityType Type,
                                        CUdevice Device) {
  if (!Supported || Type != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    *Supported = 0; // contexts limited to some SMs: not available
    return cudaSuccess;
  });
}

// The usage count of the deprecated cuCtxAttach/cuCtxDetach: a context here
// lives as long as its device, so attaching gives the current context.
CUresult cuCtxAttach(CUcontext *Context, unsigned int Flags) {
  if (!Context || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return cuCtxGetCurrent(Context);
}

CUresult cuCtxDetach(CUcontext Context) {
  if (contextDevice(Context) < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([](cudart::Backend &) { return cudaSuccess; });
}

//--- Devices ---------------------------------------------------------------------

CUresult cuDeviceGetProperties(CUdevprop *Out, CUdevice Device) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    cudaDeviceProp P{};
    if (cudaError_t Status = B.getDeviceProperties(P, Device))
      return Status;
    Out->maxThreadsPerBlock = P.maxThreadsPerBlock;
    for (int I = 0; I < 3; ++I) {
      Out->maxThreadsDim[I] = P.maxThreadsDim[I];
      Out->maxGridSize[I] = P.maxGridSize[I];
    }
    Out->sharedMemPerBlock = int(P.sharedMemPerBlock);
    Out->totalConstantMemory = int(P.totalConstMem);
    Out->SIMDWidth = P.warpSize;
    Out->memPitch = int(P.memPitch > 0x7fffffff ? 0x7fffffff : P.memPitch);
    Out->regsPerBlock = P.regsPerBlock;
    Out->clockRate = P.clockRate;
    Out->textureAlign = int(P.textureAlignment);
    return cudaSuccess;
  });
}

// A LUID names a Windows adapter: there is none on Linux.
CUresult cuDeviceGetLuid(char *Luid, unsigned int *NodeMask, CUdevice Device) {
  if (!Luid || !NodeMask)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    return cudaErrorNotSupported;
  });
}

CUresult cuDeviceRegisterAsyncNotification(CUdevice Device,
                                           CUasyncCallback Function,
                                           void *UserData,
                                           CUasyncCallbackHandle *Handle) {
  if (!Function || !Handle)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    auto *Entry = new CallbackEntry{Device, Function, UserData};
    *Handle = reinterpret_cast<CUasyncCallbackHandle>(Entry);
    std::lock_guard<std::mutex> Lock(notifications().Mutex);
    notifications().Registered.insert(*Handle);
    return cudaSuccess;
  });
}

CUresult cuDeviceUnregisterAsyncNotification(CUdevice Device,
                                             CUasyncCallbackHandle Handle) {
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    std::lock_guard<std::mutex> Lock(notifications().Mutex);
    auto It = notifications().Registered.find(Handle);
    if (It == notifications().Registered.end() ||
        reinterpret_cast<CallbackEntry *>(Handle)->Device != Device)
      return cudaErrorInvalidValue;
    notifications().Registered.erase(It);
    delete reinterpret_cast<CallbackEntry *>(Handle);
    return cudaSuccess;
  });
}

//--- Pointers --------------------------------------------------------------------

// Only CU_POINTER_ATTRIBUTE_SYNC_MEMOPS can be set; memory operations on
// the backends are already synchronous where CUDA's would be, so setting it
// changes nothing.
CUresult cuPointerSetAttribute(const void *Value, CUpointer_attribute Attribute,
                               CUdeviceptr Ptr) {
  if (!Value || Attribute != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    cudaPointerAttributes A{};
    if (cudaError_t Status = B.pointerGetAttributes(A, pointer(Ptr)))
      return Status;
    return A.type == cudaMemoryTypeDevice || A.type == cudaMemoryTypeManaged
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

} // extern "C"
