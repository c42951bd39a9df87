//===- MemoryHints.cpp - Unified-memory advice, host allocation flags -----===//
//
// Part of Rubicon. cudaMemAdvise records its advice per page of managed
// memory and cudaMemRangeGetAttribute(s) answer from that record (and from
// the last cudaMemPrefetchAsync): the advice is a performance hint that the
// backends do not need to run correctly, so it is not passed on. The record
// is the process's one (../backend/MemoryRecords.h), shared with the driver
// API's cuMemAdvise.
// cudaStreamAttachMemAsync checks its arguments and orders nothing more than
// the stream already does. cudaHostGetFlags returns cudaHostAlloc's flags.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "MemoryRecords.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

using namespace rubicon::cudart;

namespace {

cudaError_t checkLocation(Backend &B, int Device) {
  if (Device == cudaCpuDeviceId)
    return cudaSuccess;
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

} // namespace

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
    B.memoryRecords().advise(DevPtr, Count, Advice, Device);
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
    return B.memoryRecords().rangeAttribute(Data, DataSize, Attribute, DevPtr,
                                            Count);
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
      if (cudaError_t Status = B.memoryRecords().rangeAttribute(
              Data[I], DataSizes[I], Attributes[I], DevPtr, Count))
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
  return withBackend([&](Backend &B) {
    return B.memoryRecords().hostAllocationFlags(Host, *Flags)
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

cudaError_t cudaMemAdvise(const void *DevPtr, size_t Count,
                          cudaMemoryAdvise Advice, cudaMemLocation Location) {
  int Device = 0;
  if (!deviceOfLocation(Location, Device))
    return fail(cudaErrorInvalidValue);
  return adviseForDevice(DevPtr, Count, Advice, Device);
}

// Batches (CUDA 13.0). A discard makes the contents undefined: keeping them
// is one of the allowed outcomes, so it only checks its arguments.
static cudaError_t batch(void **Ptrs, size_t *Sizes, size_t Count,
                         cudaMemLocation *Locations, size_t *LocationStarts,
                         size_t NumLocations, unsigned long long Flags,
                         cudaStream_t Stream, bool Prefetch) {
  if (!Ptrs || !Sizes || !Count || Flags != 0)
    return fail(cudaErrorInvalidValue);
  if (Prefetch && (!Locations || !LocationStarts || !NumLocations ||
                   NumLocations > Count || LocationStarts[0] != 0))
    return fail(cudaErrorInvalidValue);
  std::vector<int> Devices(NumLocations);
  for (size_t L = 0; L < NumLocations; ++L)
    if (!deviceOfLocation(Locations[L], Devices[L]) ||
        (L && LocationStarts[L] <= LocationStarts[L - 1]) ||
        LocationStarts[L] >= Count)
      return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    unsigned StreamFlags = 0;
    if (cudaError_t Status = B.streamGetFlags(Stream, StreamFlags))
      return Status;
    for (size_t I = 0; I < Count; ++I)
      if (!Ptrs[I] || !Sizes[I])
        return cudaErrorInvalidValue;
    if (!Prefetch)
      return cudaSuccess;
    size_t L = 0;
    for (size_t I = 0; I < Count; ++I) {
      while (L + 1 < NumLocations && LocationStarts[L + 1] <= I)
        ++L;
      if (cudaError_t Status = checkLocation(B, Devices[L]))
        return Status;
      if (cudaError_t Status =
              B.memPrefetchAsync(Ptrs[I], Sizes[I], Devices[L], Stream))
        return Status;
      B.memoryRecords().notePrefetch(Ptrs[I], Sizes[I], Devices[L]);
    }
    return cudaSuccess;
  });
}

cudaError_t cudaMemPrefetchBatchAsync(void **Ptrs, size_t *Sizes, size_t Count,
                                      cudaMemLocation *Locations,
                                      size_t *LocationStarts,
                                      size_t NumLocations,
                                      unsigned long long Flags,
                                      cudaStream_t Stream) {
  return batch(Ptrs, Sizes, Count, Locations, LocationStarts, NumLocations,
               Flags, Stream, true);
}
cudaError_t cudaMemDiscardBatchAsync(void **Ptrs, size_t *Sizes, size_t Count,
                                     unsigned long long Flags,
                                     cudaStream_t Stream) {
  return batch(Ptrs, Sizes, Count, nullptr, nullptr, 0, Flags, Stream, false);
}
cudaError_t cudaMemDiscardAndPrefetchBatchAsync(
    void **Ptrs, size_t *Sizes, size_t Count, cudaMemLocation *Locations,
    size_t *LocationStarts, size_t NumLocations, unsigned long long Flags,
    cudaStream_t Stream) {
  return batch(Ptrs, Sizes, Count, Locations, LocationStarts, NumLocations,
               Flags, Stream, true);
}

} // extern "C"
