//===- RuntimeApi.cpp - The CUDA runtime API (cuda* functions) ------------===//
//
// Part of Rubicon. Each function checks its arguments, gets the backend from
// the Runtime (which reports initialization failures and sticky errors) and
// records whatever error results as the thread's last error. The list of
// functions and their status is ApiFunctions.def.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "MemoryRecords.h"
#include "ErrorTable.h"
#include "Runtime.h"
#include "graphs/StreamHooks.h"

#include <algorithm>
#include <atomic>
#include <cstdint>

using namespace rubicon::cudart;
namespace hooks = rubicon::graphs::hooks;

namespace {

/// Default limits reported until a program sets them (cudaDeviceSetLimit
/// applies the heap size; see ApiFunctions.def).
std::atomic<size_t> LimitValues[] = {
    /*cudaLimitStackSize*/ 1024,
    /*cudaLimitPrintfFifoSize*/ 1 << 20,
    /*cudaLimitMallocHeapSize*/ 8 << 20,
    /*cudaLimitDevRuntimeSyncDepth*/ 2,
    /*cudaLimitDevRuntimePendingLaunchCount*/ 2048,
    /*cudaLimitMaxL2FetchGranularity*/ 64,
    /*cudaLimitPersistingL2CacheSize*/ 0,
};
std::atomic<cudaFuncCache> DeviceCacheConfig = cudaFuncCachePreferNone;

cudaError_t copyToSymbol(const void *Symbol, const void *Src, size_t Count,
                         size_t Offset, cudaMemcpyKind Kind,
                         cudaStream_t Stream, bool Async) {
  if (Kind != cudaMemcpyHostToDevice && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  return withBackend([&](Backend &B) {
    char *Dst = nullptr;
    if (cudaError_t Status = symbolRange(B, Symbol, Offset, Count, Dst))
      return Status;
    if (Async) {
      if (auto Captured = hooks::copy(Dst, Src, Count, Kind, Stream))
        return *Captured;
    } else if (cudaError_t Status = hooks::unsafe()) {
      return Status;
    }
    return Async ? B.memcpyAsync(Dst, Src, Count, Kind, Stream)
                 : B.memcpy(Dst, Src, Count, Kind);
  });
}

cudaError_t copyFromSymbol(void *Dst, const void *Symbol, size_t Count,
                           size_t Offset, cudaMemcpyKind Kind,
                           cudaStream_t Stream, bool Async) {
  if (Kind != cudaMemcpyDeviceToHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return fail(cudaErrorInvalidMemcpyDirection);
  return withBackend([&](Backend &B) {
    char *Src = nullptr;
    if (cudaError_t Status = symbolRange(B, Symbol, Offset, Count, Src))
      return Status;
    if (Async) {
      if (auto Captured = hooks::copy(Dst, Src, Count, Kind, Stream))
        return *Captured;
    } else if (cudaError_t Status = hooks::unsafe()) {
      return Status;
    }
    return Async ? B.memcpyAsync(Dst, Src, Count, Kind, Stream)
                 : B.memcpy(Dst, Src, Count, Kind);
  });
}

bool isValidMemcpyKind(cudaMemcpyKind Kind) {
  return Kind >= cudaMemcpyHostToHost && Kind <= cudaMemcpyDefault;
}

/// A cudaLaunchHostFunc function, run as a stream callback.
struct PendingHostFunction {
  cudaHostFn_t Function;
  void *UserData;
};

void runHostFunction(cudaStream_t, cudaError_t, void *Data) {
  auto *Pending = static_cast<PendingHostFunction *>(Data);
  Pending->Function(Pending->UserData);
  delete Pending;
}

} // namespace

cudaError_t rubicon::cudart::symbolRange(Backend &B, const void *Symbol,
                                         size_t Offset, size_t Count,
                                         char *&Address) {
  std::optional<VariableRecord> Variable = runtime().findVariable(Symbol);
  if (!Variable)
    return cudaErrorInvalidSymbol;
  if (Offset > Variable->Size || Count > Variable->Size - Offset)
    return cudaErrorInvalidValue;
  void *Base = nullptr;
  if (cudaError_t Status = B.symbolAddress(&Base, Variable->HostVar))
    return Status;
  Address = static_cast<char *>(Base) + Offset;
  return cudaSuccess;
}

extern "C" {

//--- Errors ----------------------------------------------------------------

cudaError_t cudaGetLastError(void) { return runtime().takeLastError(); }

cudaError_t cudaPeekAtLastError(void) { return runtime().peekLastError(); }

const char *cudaGetErrorName(cudaError_t Error) {
  const ErrorInfo *Info = findError(Error);
  return Info ? Info->Name : UnrecognizedErrorName;
}

const char *cudaGetErrorString(cudaError_t Error) {
  const ErrorInfo *Info = findError(Error);
  return Info ? Info->Description : UnrecognizedErrorDescription;
}

//--- Versions and devices --------------------------------------------------

cudaError_t cudaDriverGetVersion(int *DriverVersion) {
  if (!DriverVersion)
    return fail(cudaErrorInvalidValue);
  Backend *B = nullptr;
  cudaError_t Status = runtime().acquire(B);
  // CUDA reports 0 when no driver is installed; a HIP runtime without a GPU
  // is a driver.
  *DriverVersion = Status == cudaErrorInsufficientDriver ? 0 : CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *RuntimeVersion) {
  if (!RuntimeVersion)
    return fail(cudaErrorInvalidValue);
  *RuntimeVersion = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return fail(cudaErrorInvalidValue);
  *Count = 0;
  return withBackend([&](Backend &B) { return B.getDeviceCount(*Count); });
}

cudaError_t cudaSetDevice(int Device) {
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    return B.setDevice(Device);
  });
}

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.getDevice(*Device); });
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *Prop, int Device) {
  if (!Prop)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return runtime().deviceProperties(B, Device, *Prop); });
}

cudaError_t cudaDeviceGetAttribute(int *Value, cudaDeviceAttr Attribute,
                                   int Device) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    if (cudaError_t Status = runtime().deviceProperties(B, Device, P))
      return Status;
    switch (Attribute) {
#define DEVICE_ATTRIBUTE(Name, Expression)                                     \
  case Name:                                                                   \
    *Value = static_cast<int>(Expression);                                     \
    return cudaSuccess;
#include "DeviceAttributes.def"
    default:
      return cudaErrorInvalidValue;
    }
  });
}

cudaError_t cudaChooseDevice(int *Device, const cudaDeviceProp *Prop) {
  if (!Device || !Prop)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    // Prefer the first device whose compute capability is at least the one
    // asked for; otherwise device 0.
    *Device = 0;
    for (int D = 0; D < Count; ++D) {
      cudaDeviceProp P{};
      if (runtime().deviceProperties(B, D, P) == cudaSuccess &&
          (P.major > Prop->major ||
           (P.major == Prop->major && P.minor >= Prop->minor))) {
        *Device = D;
        break;
      }
    }
    return cudaSuccess;
  });
}

cudaError_t cudaSetDeviceFlags(unsigned Flags) {
  return withBackend([&](Backend &B) { return B.setDeviceFlags(Flags); });
}

cudaError_t cudaGetDeviceFlags(unsigned *Flags) {
  if (!Flags)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.getDeviceFlags(*Flags); });
}

cudaError_t cudaDeviceSynchronize(void) {
  return withBackend([](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    cudaError_t Status = B.deviceSynchronize();
    if (Status == cudaSuccess)
      hooks::synchronized(B, nullptr, true);
    return Status;
  });
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaDeviceReset(void) {
  Backend *B = nullptr;
  cudaError_t Status = runtime().acquire(B);
  if (Status != cudaSuccess && !isStickyError(Status))
    return fail(Status);
  // A sticky error keeps acquire() from handing out the backend; reset is
  // the one call that clears it.
  runtime().deviceWasReset();
  if (runtime().acquire(B) != cudaSuccess)
    return fail(cudaErrorUnknown);
  return runtime().record(B->deviceReset());
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaDeviceCanAccessPeer(int *CanAccessPeer, int Device,
                                    int PeerDevice) {
  if (!CanAccessPeer)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return B.deviceCanAccessPeer(*CanAccessPeer, Device, PeerDevice);
  });
}

cudaError_t cudaDeviceGetP2PAttribute(int *Value, cudaDeviceP2PAttr Attr,
                                      int SrcDevice, int DstDevice) {
  if (!Value || Attr < cudaDevP2PAttrPerformanceRank ||
      Attr > cudaDevP2PAttrCudaArrayAccessSupported)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (SrcDevice < 0 || SrcDevice >= Count || DstDevice < 0 ||
        DstDevice >= Count || SrcDevice == DstDevice)
      return cudaErrorInvalidDevice;
    int CanAccess = 0;
    if (cudaError_t Status =
            B.deviceCanAccessPeer(CanAccess, SrcDevice, DstDevice))
      return Status;
    *Value = Attr == cudaDevP2PAttrAccessSupported ||
                     Attr == cudaDevP2PAttrNativeAtomicSupported
                 ? CanAccess
                 : 0;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceEnablePeerAccess(int PeerDevice, unsigned Flags) {
  if (Flags != 0)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.deviceEnablePeerAccess(PeerDevice, Flags); });
}

cudaError_t cudaDeviceDisablePeerAccess(int PeerDevice) {
  return withBackend(
      [&](Backend &B) { return B.deviceDisablePeerAccess(PeerDevice); });
}

cudaError_t cudaDeviceGetPCIBusId(char *PciBusId, int Length, int Device) {
  if (!PciBusId || Length <= 0)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return B.deviceGetPCIBusId(PciBusId, Length, Device);
  });
}

cudaError_t cudaDeviceGetByPCIBusId(int *Device, const char *PciBusId) {
  if (!Device || !PciBusId)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.deviceGetByPCIBusId(*Device, PciBusId); });
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache CacheConfig) {
  if (CacheConfig < cudaFuncCachePreferNone ||
      CacheConfig > cudaFuncCachePreferEqual)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    DeviceCacheConfig = CacheConfig;
    // AMD GPUs have no configurable L1/LDS split; HIP accepts and ignores.
    cudaError_t Status = B.setCacheConfig(CacheConfig);
    return Status == cudaErrorNotSupported ? cudaSuccess : Status;
  });
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *CacheConfig) {
  if (!CacheConfig)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) {
    *CacheConfig = DeviceCacheConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig Config) {
  if (Config < cudaSharedMemBankSizeDefault ||
      Config > cudaSharedMemBankSizeEightByte)
    return fail(cudaErrorInvalidValue);
  // LDS banks are fixed at four bytes on AMD GPUs: accepted, no effect.
  return withBackend([](Backend &) { return cudaSuccess; });
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *Config) {
  if (!Config)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) {
    *Config = cudaSharedMemBankSizeFourByte;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetLimit(cudaLimit Limit, size_t Value) {
  if (Limit < cudaLimitStackSize || Limit > cudaLimitPersistingL2CacheSize)
    return fail(cudaErrorUnsupportedLimit);
  return withBackend([&](Backend &B) {
    // The device heap is the backend's (host: counted by device malloc;
    // HIP: hipDeviceSetLimit). Stack and printf FIFO sizes are recorded:
    // docs/host-target.md says what the host backend gives.
    if (Limit == cudaLimitMallocHeapSize)
      if (cudaError_t Status = B.setDeviceHeapSize(Value);
          Status != cudaSuccess && Status != cudaErrorNotSupported)
        return Status;
    // Launches from device code wait in a buffer of this many entries
    // (host backend; elsewhere there are none).
    if (Limit == cudaLimitDevRuntimePendingLaunchCount)
      if (cudaError_t Status = B.setPendingLaunchLimit(Value);
          Status != cudaSuccess && Status != cudaErrorNotSupported)
        return Status;
    // A hint, clamped to what the device can persist (0 where it cannot).
    if (Limit == cudaLimitPersistingL2CacheSize) {
      int Device = 0;
      cudaDeviceProp Prop;
      if (B.getDevice(Device) == cudaSuccess &&
          B.getDeviceProperties(Prop, Device) == cudaSuccess)
        Value = std::min(Value, size_t(Prop.persistingL2CacheMaxSize));
    }
    LimitValues[Limit] = Value;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetLimit(size_t *Value, cudaLimit Limit) {
  if (!Value)
    return fail(cudaErrorInvalidValue);
  if (Limit < cudaLimitStackSize || Limit > cudaLimitPersistingL2CacheSize)
    return fail(cudaErrorUnsupportedLimit);
  return withBackend([&](Backend &) {
    *Value = LimitValues[Limit];
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *LeastPriority,
                                             int *GreatestPriority) {
  return withBackend([&](Backend &B) {
    int Least = 0, Greatest = 0;
    cudaError_t Status = B.getStreamPriorityRange(Least, Greatest);
    if (Status == cudaSuccess) {
      if (LeastPriority)
        *LeastPriority = Least;
      if (GreatestPriority)
        *GreatestPriority = Greatest;
    }
    return Status;
  });
}

//--- Memory ----------------------------------------------------------------

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  if (!DevPtr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    return B.malloc(DevPtr, Size);
  });
}

cudaError_t cudaFree(void *DevPtr) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    if (auto Freed = hooks::free(DevPtr))
      return *Freed;
    return B.free(DevPtr);
  });
}

cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  return cudaHostAlloc(Ptr, Size, cudaHostAllocDefault);
}

cudaError_t cudaHostAlloc(void **Ptr, size_t Size, unsigned Flags) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  if (Flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped |
                        cudaHostAllocWriteCombined))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    cudaError_t Status = B.hostAlloc(Ptr, Size, Flags);
    if (Status == cudaSuccess)
      B.memoryRecords().noteHostAllocation(*Ptr, Flags);
    return Status;
  });
}

cudaError_t cudaFreeHost(void *Ptr) {
  return withBackend([&](Backend &B) {
    cudaError_t Status = B.freeHost(Ptr);
    if (Status == cudaSuccess)
      B.memoryRecords().forgetHostAllocation(Ptr);
    return Status;
  });
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned Flags) {
  if (!DevPtr || (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost))
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.mallocManaged(DevPtr, Size, Flags); });
}

cudaError_t cudaHostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                     unsigned Flags) {
  if (!DevicePtr || !HostPtr || Flags != 0)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return B.hostGetDevicePointer(DevicePtr, HostPtr, Flags);
  });
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.memGetInfo(*Free, *Total); });
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count,
                       cudaMemcpyKind Kind) {
  if (!isValidMemcpyKind(Kind))
    return fail(cudaErrorInvalidMemcpyDirection);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    return B.memcpy(Dst, Src, Count, Kind);
  });
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count,
                            cudaMemcpyKind Kind, cudaStream_t Stream) {
  if (!isValidMemcpyKind(Kind))
    return fail(cudaErrorInvalidMemcpyDirection);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::copy(Dst, Src, Count, Kind, Stream))
      return *Captured;
    return B.memcpyAsync(Dst, Src, Count, Kind, Stream);
  });
}

cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    return B.memset(DevPtr, Value, Count);
  });
}

cudaError_t cudaMemsetAsync(void *DevPtr, int Value, size_t Count,
                            cudaStream_t Stream) {
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::fill(DevPtr, Count, unsigned(Value) & 0xff, 1,
                                    Count, 1, Stream))
      return *Captured;
    return B.memsetAsync(DevPtr, Value, Count, Stream);
  });
}

cudaError_t cudaMemcpyToSymbol(const void *Symbol, const void *Src,
                               size_t Count, size_t Offset,
                               cudaMemcpyKind Kind) {
  return copyToSymbol(Symbol, Src, Count, Offset, Kind, nullptr, false);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *Symbol, const void *Src,
                                    size_t Count, size_t Offset,
                                    cudaMemcpyKind Kind, cudaStream_t Stream) {
  return copyToSymbol(Symbol, Src, Count, Offset, Kind, Stream, true);
}

cudaError_t cudaMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Count,
                                 size_t Offset, cudaMemcpyKind Kind) {
  return copyFromSymbol(Dst, Symbol, Count, Offset, Kind, nullptr, false);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *Dst, const void *Symbol,
                                      size_t Count, size_t Offset,
                                      cudaMemcpyKind Kind,
                                      cudaStream_t Stream) {
  return copyFromSymbol(Dst, Symbol, Count, Offset, Kind, Stream, true);
}

cudaError_t cudaMallocPitch(void **DevPtr, size_t *Pitch, size_t Width,
                            size_t Height) {
  if (!DevPtr || !Pitch)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.mallocPitch(DevPtr, *Pitch, Width, Height); });
}

static cudaError_t copy2D(void *Dst, size_t DstPitch, const void *Src,
                          size_t SrcPitch, size_t Width, size_t Height,
                          cudaMemcpyKind Kind, cudaStream_t Stream,
                          bool Async) {
  if (!isValidMemcpyKind(Kind))
    return fail(cudaErrorInvalidMemcpyDirection);
  if (Height > 1 && (Width > DstPitch || Width > SrcPitch))
    return fail(cudaErrorInvalidPitchValue);
  return withBackend([&](Backend &B) {
    if (Async) {
      if (auto Captured = hooks::copy2D(Dst, DstPitch, Src, SrcPitch, Width,
                                        Height, Kind, Stream))
        return *Captured;
    } else if (cudaError_t Status = hooks::unsafe()) {
      return Status;
    }
    return B.memcpy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind, Stream,
                      Async);
  });
}

cudaError_t cudaMemcpy2D(void *Dst, size_t DstPitch, const void *Src,
                         size_t SrcPitch, size_t Width, size_t Height,
                         cudaMemcpyKind Kind) {
  return copy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind, nullptr,
                false);
}

cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DstPitch, const void *Src,
                              size_t SrcPitch, size_t Width, size_t Height,
                              cudaMemcpyKind Kind, cudaStream_t Stream) {
  return copy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind, Stream,
                true);
}

cudaError_t cudaMemset2D(void *DevPtr, size_t Pitch, int Value, size_t Width,
                         size_t Height) {
  if (Height > 1 && Width > Pitch)
    return fail(cudaErrorInvalidPitchValue);
  return withBackend([&](Backend &B) {
    return B.memset2D(DevPtr, Pitch, Value, Width, Height, nullptr, false);
  });
}

cudaError_t cudaMemset2DAsync(void *DevPtr, size_t Pitch, int Value,
                              size_t Width, size_t Height,
                              cudaStream_t Stream) {
  if (Height > 1 && Width > Pitch)
    return fail(cudaErrorInvalidPitchValue);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::fill(DevPtr, Pitch, unsigned(Value) & 0xff, 1,
                                    Width, Height, Stream))
      return *Captured;
    return B.memset2D(DevPtr, Pitch, Value, Width, Height, Stream, true);
  });
}

// cudaMallocAsync, cudaFreeAsync: MemPoolApi.cpp.

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned Flags) {
  if (!Ptr || Size == 0 ||
      (Flags & ~unsigned(cudaHostRegisterPortable | cudaHostRegisterMapped |
                         cudaHostRegisterIoMemory | cudaHostRegisterReadOnly)))
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.hostRegister(Ptr, Size, Flags); });
}

cudaError_t cudaHostUnregister(void *Ptr) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.hostUnregister(Ptr); });
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *Attributes,
                                     const void *Ptr) {
  if (!Attributes)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.pointerGetAttributes(*Attributes, Ptr); });
}

cudaError_t cudaMemPrefetchAsync(const void *DevPtr, size_t Count,
                                 cudaMemLocation Location, unsigned int Flags,
                                 cudaStream_t Stream) {
  int DstDevice = 0;
  if (Flags != 0 || !deviceOfLocation(Location, DstDevice))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    cudaError_t Status = B.memPrefetchAsync(DevPtr, Count, DstDevice, Stream);
    if (Status == cudaSuccess)
      B.memoryRecords().notePrefetch(DevPtr, Count, DstDevice);
    return Status;
  });
}

cudaError_t cudaMemcpyPeer(void *Dst, int DstDevice, const void *Src,
                           int SrcDevice, size_t Count) {
  return withBackend([&](Backend &B) {
    return B.memcpyPeer(Dst, DstDevice, Src, SrcDevice, Count, nullptr, false);
  });
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src,
                                int SrcDevice, size_t Count,
                                cudaStream_t Stream) {
  return withBackend([&](Backend &B) {
    return B.memcpyPeer(Dst, DstDevice, Src, SrcDevice, Count, Stream, true);
  });
}

cudaError_t cudaGetSymbolAddress(void **DevPtr, const void *Symbol) {
  if (!DevPtr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    std::optional<VariableRecord> Variable = runtime().findVariable(Symbol);
    if (!Variable)
      return cudaErrorInvalidSymbol;
    return B.symbolAddress(DevPtr, Variable->HostVar);
  });
}

cudaError_t cudaGetSymbolSize(size_t *Size, const void *Symbol) {
  if (!Size)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) {
    std::optional<VariableRecord> Variable = runtime().findVariable(Symbol);
    if (!Variable)
      return cudaErrorInvalidSymbol;
    *Size = Variable->Size;
    return cudaSuccess;
  });
}

//--- Streams and events ----------------------------------------------------

cudaError_t cudaStreamCreate(cudaStream_t *Stream) {
  return cudaStreamCreateWithPriority(Stream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned Flags) {
  return cudaStreamCreateWithPriority(Stream, Flags, 0);
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *Stream, unsigned Flags,
                                         int Priority) {
  if (!Stream || (Flags & ~unsigned(cudaStreamNonBlocking)))
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.streamCreate(*Stream, Flags, Priority); });
}

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  if (Stream == nullptr || Stream == cudaStreamLegacy ||
      Stream == cudaStreamPerThread)
    return fail(cudaErrorInvalidResourceHandle);
  forgetStream(Stream);
  return withBackend([&](Backend &B) {
    hooks::streamDestroyed(Stream);
    return B.streamDestroy(Stream);
  });
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::synchronous(Stream))
      return Status;
    cudaError_t Status = B.streamSynchronize(Stream);
    if (Status == cudaSuccess)
      hooks::synchronized(B, Stream, false);
    return Status;
  });
}

cudaError_t cudaStreamQuery(cudaStream_t Stream) {
  // cudaErrorNotReady is an answer, not an error: it is not recorded.
  Backend *B = nullptr;
  if (cudaError_t Status = runtime().acquire(B))
    return fail(Status);
  if (cudaError_t Status = hooks::synchronous(Stream))
    return fail(Status);
  cudaError_t Status = B->streamQuery(Stream);
  return Status == cudaErrorNotReady ? Status : runtime().record(Status);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                                unsigned Flags) {
  if (!Event)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::streamWaitEvent(B, Stream, Event, Flags))
      return *Captured;
    return B.streamWaitEvent(Stream, Event, Flags);
  });
}

cudaError_t cudaStreamGetFlags(cudaStream_t Stream, unsigned *Flags) {
  if (!Flags)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.streamGetFlags(Stream, *Flags); });
}

cudaError_t cudaStreamGetPriority(cudaStream_t Stream, int *Priority) {
  if (!Priority)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.streamGetPriority(Stream, *Priority); });
}

cudaError_t cudaStreamAddCallback(cudaStream_t Stream,
                                  cudaStreamCallback_t Callback, void *UserData,
                                  unsigned Flags) {
  if (!Callback || Flags != 0)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::callback(Stream))
      return *Captured;
    return B.streamAddCallback(Stream, Callback, UserData);
  });
}

cudaError_t cudaLaunchHostFunc(cudaStream_t Stream, cudaHostFn_t Function,
                               void *UserData) {
  if (!Function)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::hostFunction(Function, UserData, Stream))
      return *Captured;
    auto *Pending = new PendingHostFunction{Function, UserData};
    cudaError_t Status = B.streamAddCallback(Stream, runHostFunction, Pending);
    if (Status != cudaSuccess)
      delete Pending;
    return Status;
  });
}

cudaError_t cudaEventCreate(cudaEvent_t *Event) {
  return cudaEventCreateWithFlags(Event, cudaEventDefault);
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned Flags) {
  if (!Event ||
      (Flags & ~unsigned(cudaEventBlockingSync | cudaEventDisableTiming |
                         cudaEventInterprocess)))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.eventCreate(*Event, Flags); });
}

cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  if (!Event)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::eventRecord(Event, Stream))
      return *Captured;
    return B.eventRecord(Event, Stream);
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t Event) {
  if (!Event)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::eventQuery(Event))
      return Status;
    return B.eventSynchronize(Event);
  });
}

cudaError_t cudaEventQuery(cudaEvent_t Event) {
  if (!Event)
    return fail(cudaErrorInvalidResourceHandle);
  Backend *B = nullptr;
  if (cudaError_t Status = runtime().acquire(B))
    return fail(Status);
  if (cudaError_t Status = hooks::eventQuery(Event))
    return fail(Status);
  cudaError_t Status = B->eventQuery(Event);
  return Status == cudaErrorNotReady ? Status : runtime().record(Status);
}

cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start,
                                 cudaEvent_t End) {
  if (!Ms)
    return fail(cudaErrorInvalidValue);
  if (!Start || !End)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend(
      [&](Backend &B) { return B.eventElapsedTime(*Ms, Start, End); });
}

cudaError_t cudaEventDestroy(cudaEvent_t Event) {
  if (!Event)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend([&](Backend &B) {
    hooks::eventDestroyed(Event);
    return B.eventDestroy(Event);
  });
}

//--- Execution -------------------------------------------------------------

/// cudaLaunchKernel and cudaLaunchCooperativeKernel: CUDA's checks, then the
/// backend.
static cudaError_t launch(const void *Func, dim3 GridDim, dim3 BlockDim,
                          void **Args, size_t SharedMem, cudaStream_t Stream,
                          bool Cooperative) {
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func)) {
      if (auto Launched = launchKernelHandle(Func, GridDim, BlockDim, Args,
                                             SharedMem, Stream, Cooperative))
        return *Launched;
      return cudaErrorInvalidDeviceFunction;
    }
    if (GridDim.x == 0 || GridDim.y == 0 || GridDim.z == 0 || BlockDim.x == 0 ||
        BlockDim.y == 0 || BlockDim.z == 0)
      return cudaErrorInvalidConfiguration;
    int Device = 0;
    cudaDeviceProp P{};
    if (B.getDevice(Device) == cudaSuccess &&
        runtime().deviceProperties(B, Device, P) == cudaSuccess) {
      uint64_t Threads = uint64_t(BlockDim.x) * BlockDim.y * BlockDim.z;
      if (Threads > uint64_t(P.maxThreadsPerBlock) ||
          BlockDim.x > unsigned(P.maxThreadsDim[0]) ||
          BlockDim.y > unsigned(P.maxThreadsDim[1]) ||
          BlockDim.z > unsigned(P.maxThreadsDim[2]) ||
          GridDim.x > unsigned(P.maxGridSize[0]) ||
          GridDim.y > unsigned(P.maxGridSize[1]) ||
          GridDim.z > unsigned(P.maxGridSize[2]))
        return cudaErrorInvalidConfiguration;
    }
    if (auto Captured =
            hooks::kernel(B, Func, false, const_cast<void *>(Func),
                          toLaunchDims(GridDim), toLaunchDims(BlockDim), Args,
                          nullptr, 0, SharedMem, Stream, Cooperative))
      return *Captured;
    if (Cooperative)
      return B.launchCooperativeKernel(Func, toLaunchDims(GridDim),
                                       toLaunchDims(BlockDim), Args, SharedMem,
                                       Stream);
    return B.launchKernel(Func, toLaunchDims(GridDim), toLaunchDims(BlockDim),
                          Args, SharedMem, Stream);
  });
}

cudaError_t cudaLaunchKernel(const void *Func, dim3 GridDim, dim3 BlockDim,
                             void **Args, size_t SharedMem,
                             cudaStream_t Stream) {
  return launch(Func, GridDim, BlockDim, Args, SharedMem, Stream, false);
}

cudaError_t cudaLaunchCooperativeKernel(const void *Func, dim3 GridDim,
                                        dim3 BlockDim, void **Args,
                                        size_t SharedMem, cudaStream_t Stream) {
  return launch(Func, GridDim, BlockDim, Args, SharedMem, Stream, true);
}

cudaError_t cudaLaunchCooperativeKernelMultiDevice(cudaLaunchParams *, unsigned,
                                                   unsigned) {
  // Deprecated in CUDA 11.3; Rubicon has no multi-device grid barrier.
  return fail(cudaErrorNotSupported);
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *Attributes,
                                  const void *Func) {
  if (!Attributes)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func))
      return cudaErrorInvalidDeviceFunction;
    return B.funcGetAttributes(*Attributes, Func);
  });
}

cudaError_t cudaFuncSetCacheConfig(const void *Func,
                                   cudaFuncCache CacheConfig) {
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func))
      return cudaErrorInvalidDeviceFunction;
    cudaError_t Status = B.funcSetCacheConfig(Func, CacheConfig);
    return Status == cudaErrorNotSupported ? cudaSuccess : Status;
  });
}

cudaError_t cudaFuncSetAttribute(const void *Func, cudaFuncAttribute Attribute,
                                 int Value) {
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func))
      return cudaErrorInvalidDeviceFunction;
    return B.funcSetAttribute(Func, Attribute, Value);
  });
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *NumBlocks, const void *Func, int BlockSize, size_t DynamicSMemSize) {
  if (!NumBlocks || BlockSize <= 0)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func))
      return cudaErrorInvalidDeviceFunction;
    return B.occupancyMaxActiveBlocksPerMultiprocessor(
        *NumBlocks, Func, BlockSize, DynamicSMemSize);
  });
}

//--- Per-thread default stream ---------------------------------------------
// The _ptsz variants that cuda_runtime_api.h selects under
// CUDA_API_PER_THREAD_DEFAULT_STREAM: stream 0 is the calling thread's
// stream.

cudaError_t cudaLaunchKernel_ptsz(const void *Func, dim3 GridDim, dim3 BlockDim,
                                  void **Args, size_t SharedMem,
                                  cudaStream_t Stream) {
  return cudaLaunchKernel(Func, GridDim, BlockDim, Args, SharedMem,
                          perThread(Stream));
}
cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *Func, dim3 GridDim,
                                             dim3 BlockDim, void **Args,
                                             size_t SharedMem,
                                             cudaStream_t Stream) {
  return cudaLaunchCooperativeKernel(Func, GridDim, BlockDim, Args, SharedMem,
                                     perThread(Stream));
}
cudaError_t cudaMemcpyAsync_ptsz(void *Dst, const void *Src, size_t Count,
                                 cudaMemcpyKind Kind, cudaStream_t Stream) {
  return cudaMemcpyAsync(Dst, Src, Count, Kind, perThread(Stream));
}
cudaError_t cudaMemsetAsync_ptsz(void *DevPtr, int Value, size_t Count,
                                 cudaStream_t Stream) {
  return cudaMemsetAsync(DevPtr, Value, Count, perThread(Stream));
}
cudaError_t cudaMemcpy2DAsync_ptsz(void *Dst, size_t DstPitch, const void *Src,
                                   size_t SrcPitch, size_t Width, size_t Height,
                                   cudaMemcpyKind Kind, cudaStream_t Stream) {
  return cudaMemcpy2DAsync(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind,
                           perThread(Stream));
}
cudaError_t cudaMemset2DAsync_ptsz(void *DevPtr, size_t Pitch, int Value,
                                   size_t Width, size_t Height,
                                   cudaStream_t Stream) {
  return cudaMemset2DAsync(DevPtr, Pitch, Value, Width, Height,
                           perThread(Stream));
}
cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *Symbol, const void *Src,
                                         size_t Count, size_t Offset,
                                         cudaMemcpyKind Kind,
                                         cudaStream_t Stream) {
  return cudaMemcpyToSymbolAsync(Symbol, Src, Count, Offset, Kind,
                                 perThread(Stream));
}
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *Dst, const void *Symbol,
                                           size_t Count, size_t Offset,
                                           cudaMemcpyKind Kind,
                                           cudaStream_t Stream) {
  return cudaMemcpyFromSymbolAsync(Dst, Symbol, Count, Offset, Kind,
                                   perThread(Stream));
}
cudaError_t cudaMemcpyPeerAsync_ptsz(void *Dst, int DstDevice, const void *Src,
                                     int SrcDevice, size_t Count,
                                     cudaStream_t Stream) {
  return cudaMemcpyPeerAsync(Dst, DstDevice, Src, SrcDevice, Count,
                             perThread(Stream));
}
cudaError_t cudaMemPrefetchAsync_ptsz(const void *DevPtr, size_t Count,
                                      cudaMemLocation Location,
                                      unsigned int Flags, cudaStream_t Stream) {
  return cudaMemPrefetchAsync(DevPtr, Count, Location, Flags,
                              perThread(Stream));
}
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t Stream) {
  return cudaStreamSynchronize(perThread(Stream));
}
cudaError_t cudaStreamQuery_ptsz(cudaStream_t Stream) {
  return cudaStreamQuery(perThread(Stream));
}
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t Stream, cudaEvent_t Event,
                                     unsigned Flags) {
  return cudaStreamWaitEvent(perThread(Stream), Event, Flags);
}
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t Stream, unsigned *Flags) {
  return cudaStreamGetFlags(perThread(Stream), Flags);
}
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t Stream, int *Priority) {
  return cudaStreamGetPriority(perThread(Stream), Priority);
}
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t Stream,
                                       cudaStreamCallback_t Callback,
                                       void *UserData, unsigned Flags) {
  return cudaStreamAddCallback(perThread(Stream), Callback, UserData, Flags);
}
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t Stream, cudaHostFn_t Function,
                                    void *UserData) {
  return cudaLaunchHostFunc(perThread(Stream), Function, UserData);
}
cudaError_t cudaEventRecord_ptsz(cudaEvent_t Event, cudaStream_t Stream) {
  return cudaEventRecord(Event, perThread(Stream));
}

} // extern "C"
