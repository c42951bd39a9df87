//===- MemoryRecords.h - What both APIs record about memory -----*- C++ -*-===//
//
// Part of Rubicon. Hints and flags about memory that CUDA lets programs set
// and query but the device does not need: unified-memory advice per page
// (cudaMemAdvise, cuMemAdvise), the last prefetch location, and the flags
// pinned host memory was allocated with. One table per process, reached
// through Backend::memoryRecords(), so that advice given through one API is
// what the other's cudaMemRangeGetAttribute/cuMemRangeGetAttribute report.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_MEMORYRECORDS_H
#define RUBICON_BACKEND_MEMORYRECORDS_H

#include "driver_types.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>

namespace rubicon::cudart {

class Backend;

/// cudaSuccess when Count bytes at Ptr are managed memory within one
/// allocation: the range memory advice and prefetches of both APIs apply to.
cudaError_t checkManagedRange(Backend &B, const void *Ptr, size_t Count);

class MemoryRecords {
public:
  /// Records Advice (a cudaMemoryAdvise) for Device (or cudaCpuDeviceId) on
  /// every page of the range.
  void advise(const void *Ptr, size_t Count, cudaMemoryAdvise Advice,
              int Device);
  void notePrefetch(const void *Ptr, size_t Count, int Device);
  /// One cudaMemRangeAttribute of the range into Data (DataSize bytes):
  /// cudaErrorInvalidValue for a wrong size or an unknown attribute.
  cudaError_t rangeAttribute(void *Data, size_t DataSize,
                             cudaMemRangeAttribute Attribute, const void *Ptr,
                             size_t Count);

  void noteHostAllocation(const void *Ptr, unsigned Flags);
  void forgetHostAllocation(const void *Ptr);
  /// The flags of a cudaHostAlloc/cuMemHostAlloc allocation; false if Ptr
  /// is not the start of one.
  bool hostAllocationFlags(const void *Ptr, unsigned &Flags);

private:
  struct PageAdvice {
    bool ReadMostly = false;
    int PreferredLocation = cudaInvalidDeviceId;
    std::set<int> AccessedBy;
    int LastPrefetchLocation = cudaInvalidDeviceId;
  };
  PageAdvice adviceOf(uintptr_t Page) const;

  std::mutex Mutex;
  std::map<uintptr_t, PageAdvice> Pages;
  std::map<const void *, unsigned> HostFlags;
};

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_MEMORYRECORDS_H
