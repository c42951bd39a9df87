//===- MemoryRecords.cpp - What both APIs record about memory -------------===//
//
// Part of Rubicon (MemoryRecords.h). The advice is a performance hint the
// backends do not need to run correctly, so it is recorded, not passed on.
//
//===----------------------------------------------------------------------===//
#include "MemoryRecords.h"
#include "Backend.h"

#include <cstring>
#include <vector>

namespace rubicon::cudart {
namespace {

constexpr uintptr_t PageSize = 4096;

/// Calls Fn(page) for every page of [Ptr, Ptr + Count).
template <class F> void forEachPage(const void *Ptr, size_t Count, F &&Fn) {
  uintptr_t Begin = reinterpret_cast<uintptr_t>(Ptr) & ~(PageSize - 1);
  uintptr_t End = reinterpret_cast<uintptr_t>(Ptr) + Count;
  for (uintptr_t Page = Begin; Page < End; Page += PageSize)
    Fn(Page);
}

} // namespace

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

// The process's one table: the default is the backend creator's code, so
// both libraries reach the same one (docs/runtime-driver-state.md).
MemoryRecords &Backend::memoryRecords() {
  static auto *Records = new MemoryRecords();
  return *Records;
}

MemoryRecords::PageAdvice MemoryRecords::adviceOf(uintptr_t Page) const {
  auto It = Pages.find(Page);
  return It == Pages.end() ? PageAdvice() : It->second;
}

void MemoryRecords::advise(const void *Ptr, size_t Count,
                           cudaMemoryAdvise Advice, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  forEachPage(Ptr, Count, [&](uintptr_t Page) {
    PageAdvice &A = Pages[Page];
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
}

void MemoryRecords::notePrefetch(const void *Ptr, size_t Count, int Device) {
  std::lock_guard<std::mutex> Lock(Mutex);
  forEachPage(Ptr, Count,
              [&](uintptr_t Page) { Pages[Page].LastPrefetchLocation = Device; });
}

cudaError_t MemoryRecords::rangeAttribute(void *Data, size_t DataSize,
                                          cudaMemRangeAttribute Attribute,
                                          const void *Ptr, size_t Count) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Common = [&](int PageAdvice::*Field) {
    bool First = true;
    int Value = cudaInvalidDeviceId;
    forEachPage(Ptr, Count, [&](uintptr_t Page) {
      int V = adviceOf(Page).*Field;
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
      All &= adviceOf(Page).ReadMostly ? 1 : 0;
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
      std::set<int> These = adviceOf(Page).AccessedBy;
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

void MemoryRecords::noteHostAllocation(const void *Ptr, unsigned Flags) {
  std::lock_guard<std::mutex> Lock(Mutex);
  HostFlags[Ptr] = Flags;
}

void MemoryRecords::forgetHostAllocation(const void *Ptr) {
  std::lock_guard<std::mutex> Lock(Mutex);
  HostFlags.erase(Ptr);
}

bool MemoryRecords::hostAllocationFlags(const void *Ptr, unsigned &Flags) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = HostFlags.find(Ptr);
  if (It == HostFlags.end())
    return false;
  Flags = It->second;
  return true;
}

} // namespace rubicon::cudart
