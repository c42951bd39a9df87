//===- MemoryHints.cpp - Unified-memory advice, host allocation flags -----===//
//
// Part of Rubicon. cudaMemAdvise records its advice per page of managed
// memory and cudaMemRangeGetAttribute(s) answer from that record (and from
// the last cudaMemPrefetchAsync): the advice is a performance hint that the
// backends do not need to run correctly, so it is not passed on.
// cudaStreamAttachMemAsync checks its arguments and orders nothing more than
// the stream already does. cudaHostGetFlags returns cudaHostAlloc's flags.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

using namespace rubicon::cudart;

namespace {

constexpr uintptr_t PageSize = 4096;

struct PageAdvice {
  bool ReadMostly = false;
  int PreferredLocation = cudaInvalidDeviceId;
  std::set<int> AccessedBy;
  int LastPrefetchLocation = cudaInvalidDeviceId;
};

std::mutex Mutex;
std::map<uintptr_t, PageAdvice> &pages() {
  static auto *Pages = new std::map<uintptr_t, PageAdvice>();
  return *Pages;
}
std::map<const void *, unsigned> &hostFlags() {
  static auto *Flags = new std::map<const void *, unsigned>();
  return *Flags;
}

/// Calls F(page) for every page of [Ptr, Ptr + Count).
template <class F> void forEachPage(const void *Ptr, size_t Count, F &&Fn) {
  uintptr_t Begin = reinterpret_cast<uintptr_t>(Ptr) & ~(PageSize - 1);
  uintptr_t End = reinterpret_cast<uintptr_t>(Ptr) + Count;
  for (uintptr_t Page = Begin; Page < End; Page += PageSize)
    Fn(Page);
}

/// Managed memory of Count bytes at Ptr (the range advice applies to).
cudaError_t checkManagedRange(Backend &B, const void *Ptr, size_t Count) {
  if (!Ptr || !Count)
    return cudaErrorInvalidValue;
  cudaPointerAttributes A{};
  if (cudaError_t Status = B.pointerGetAttributes(A, Ptr))
    return Status;
  if (A.type != cudaMemoryTypeManaged)
    return cudaErrorInvalidValue;
  void *Base = nullptr;
  size_t Size = 0;
  if (B.memGetAddressRange(Base, Size, Ptr) == cudaSuccess &&
      static_cast<const char *>(Ptr) + Count >
          static_cast<const char *>(Base) + Size)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t checkLocation(Backend &B, int Device) {
  if (Device == cudaCpuDeviceId)
    return cudaSuccess;
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

/// One attribute of a range, written to Data (DataSize bytes).
cudaError_t rangeAttribute(void *Data, size_t DataSize,
                           cudaMemRangeAttribute Attribute, const void *Ptr,
                           size_t Count) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto AdviceOf = [&](uintptr_t Page) {
    auto It = pages().find(Page);
    return It == pages().end() ? PageAdvice() : It->second;
  };
  auto Common = [&](int PageAdvice::*Field) {
    bool First = true;
    int Value = cudaInvalidDeviceId;
    forEachPage(Ptr, Count, [&](uintptr_t Page) {
      int V = AdviceOf(Page).*Field;
      if (First)
        Value = V, First = false;
      else if (V != Value)
        Value = cudaInvalidDeviceId;
    });
    return Value;
  };
  switch (Attribute) {
  case cudaMemRangeAttributeReadMostly: {
    if (DataSize != sizeof(int))
      return cudaErrorInvalidValue;
    int All = 1;
    forEachPage(Ptr, Count, [&](uintptr_t Page) {
      All &= AdviceOf(Page).ReadMostly ? 1 : 0;
    });
    std::memcpy(Data, &All, sizeof(int));
    return cudaSuccess;
  }
  case cudaMemRangeAttributePreferredLocation:
  case cudaMemRangeAttributeLastPrefetchLocation: {
    if (DataSize != sizeof(int))
      return cudaErrorInvalidValue;
    int V = Common(Attribute == cudaMemRangeAttributePreferredLocation
                       ? &PageAdvice::PreferredLocation
                       : &PageAdvice::LastPrefetchLocation);
    std::memcpy(Data, &V, sizeof(int));
    return cudaSuccess;
  }
  case cudaMemRangeAttributeAccessedBy: {
    if (DataSize == 0 || DataSize % sizeof(int))
      return cudaErrorInvalidValue;
    // The devices advised for every page of the range.
    std::set<int> Devices;
    bool First = true;
    forEachPage(Ptr, Count, [&](uintptr_t Page) {
      std::set<int> These = AdviceOf(Page).AccessedBy;
      if (First) {
        Devices = These;
        First = false;
        return;
      }
      std::set<int> Both;
      for (int D : Devices)
        if (These.count(D))
          Both.insert(D);
      Devices = Both;
    });
    std::vector<int> Out(DataSize / sizeof(int), cudaInvalidDeviceId);
    size_t I = 0;
    for (int D : Devices)
      if (I < Out.size())
        Out[I++] = D;
    std::memcpy(Data, Out.data(), DataSize);
    return cudaSuccess;
  }
  default:
    return cudaErrorInvalidValue;
  }
}

} // namespace

namespace rubicon::cudart {
void notePrefetch(const void *Ptr, size_t Count, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  forEachPage(Ptr, Count, [&](uintptr_t Page) {
    pages()[Page].LastPrefetchLocation = Device;
  });
}
void noteHostAllocation(const void *Ptr, unsigned Flags) {
  std::lock_guard<std::mutex> Lock(Mutex);
  hostFlags()[Ptr] = Flags;
}
void forgetHostAllocation(const void *Ptr) {
  std::lock_guard<std::mutex> Lock(Mutex);
  hostFlags().erase(Ptr);
}
} // namespace rubicon::cudart

extern "C" {

/// CUDA 12's cudaMemAdvise, by device number.
static cudaError_t adviseForDevice(const void *DevPtr, size_t Count,
                                   cudaMemoryAdvise Advice, int Device) {
  if (Advice < cudaMemAdviseSetReadMostly ||
      Advice > cudaMemAdviseUnsetAccessedBy)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, DevPtr, Count))
      return Status;
    if (Advice != cudaMemAdviseSetReadMostly &&
        Advice != cudaMemAdviseUnsetReadMostly)
      if (cudaError_t Status = checkLocation(B, Device))
        return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    forEachPage(DevPtr, Count, [&](uintptr_t Page) {
      PageAdvice &A = pages()[Page];
      switch (Advice) {
      case cudaMemAdviseSetReadMostly:
        A.ReadMostly = true;
        break;
      case cudaMemAdviseUnsetReadMostly:
        A.ReadMostly = false;
        break;
      case cudaMemAdviseSetPreferredLocation:
        A.PreferredLocation = Device;
        break;
      case cudaMemAdviseUnsetPreferredLocation:
        A.PreferredLocation = cudaInvalidDeviceId;
        break;
      case cudaMemAdviseSetAccessedBy:
        A.AccessedBy.insert(Device);
        break;
      case cudaMemAdviseUnsetAccessedBy:
        A.AccessedBy.erase(Device);
        break;
      }
    });
    return cudaSuccess;
  });
}

cudaError_t cudaMemRangeGetAttribute(void *Data, size_t DataSize,
                                     cudaMemRangeAttribute Attribute,
                                     const void *DevPtr, size_t Count) {
  if (!Data)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, DevPtr, Count))
      return Status;
    return rangeAttribute(Data, DataSize, Attribute, DevPtr, Count);
  });
}

cudaError_t cudaMemRangeGetAttributes(void **Data, size_t *DataSizes,
                                      cudaMemRangeAttribute *Attributes,
                                      size_t NumAttributes, const void *DevPtr,
                                      size_t Count) {
  if (!Data || !DataSizes || !Attributes || !NumAttributes)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, DevPtr, Count))
      return Status;
    for (size_t I = 0; I < NumAttributes; ++I) {
      if (!Data[I])
        return cudaErrorInvalidValue;
      if (cudaError_t Status = rangeAttribute(Data[I], DataSizes[I],
                                              Attributes[I], DevPtr, Count))
        return Status;
    }
    return cudaSuccess;
  });
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t Stream, void *DevPtr,
                                     size_t Length, unsigned int Flags) {
  if (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost &&
      Flags != cudaMemAttachSingle)
    return fail(cudaErrorInvalidValue);
  // Every device and the host may access managed memory at any time on the
  // backends (concurrentManagedAccess): attaching changes no visibility.
  return withBackend([&](Backend &B) {
    unsigned StreamFlags = 0;
    if (cudaError_t Status = B.streamGetFlags(Stream, StreamFlags))
      return Status;
    if (Flags == cudaMemAttachSingle &&
        (Stream == nullptr || Stream == cudaStreamLegacy))
      return cudaErrorInvalidValue;
    cudaPointerAttributes A{};
    if (cudaError_t Status = B.pointerGetAttributes(A, DevPtr))
      return Status;
    if (A.type != cudaMemoryTypeManaged)
      return cudaErrorInvalidValue;
    void *Base = nullptr;
    size_t Size = 0;
    if (cudaError_t Status = B.memGetAddressRange(Base, Size, DevPtr))
      return Status;
    // The whole allocation: Length 0, or its size, from its start.
    if (DevPtr != Base || (Length && Length != Size))
      return cudaErrorInvalidValue;
    return cudaSuccess;
  });
}

cudaError_t cudaHostGetFlags(unsigned int *Flags, void *Host) {
  if (!Flags || !Host)
    return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = hostFlags().find(Host);
  if (It == hostFlags().end())
    return fail(cudaErrorInvalidValue);
  *Flags = It->second;
  return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *DevPtr, size_t Count,
                          cudaMemoryAdvise Advice, cudaMemLocation Location) {
  int Device = 0;
  if (!deviceOfLocation(Location, Device))
    return fail(cudaErrorInvalidValue);
  return adviseForDevice(DevPtr, Count, Advice, Device);
}

} // extern "C"
