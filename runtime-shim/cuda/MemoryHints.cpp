//===- MemoryHints.cpp - cuMemAdvise, cuMemPrefetchAsync and friends ------===//
//
// Part of Rubicon. The driver API's unified-memory hints, as the runtime's
// (../cudart/MemoryHints.cpp): advice is recorded per page in the process's
// one table (../backend/MemoryRecords.h), so cuMemAdvise is what
// cudaMemRangeGetAttribute reports and the other way round; prefetches go to
// the backend and are recorded; discards keep the contents (undefined
// contents may be the old ones); cuStreamAttachMemAsync checks its arguments
// (every device and the host may use managed memory at any time on both
// backends). cuMemHostGetFlags answers from the same table.
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"
#include "MemoryRecords.h"

#include <cstdint>
#include <vector>

using namespace rubicon;
using namespace rubicon::driver;

namespace {

const void *pointer(CUdeviceptr Address) {
  return reinterpret_cast<const void *>(uintptr_t(Address));
}

/// A device number (CU_DEVICE_CPU for the host) that exists.
cudaError_t checkDevice(cudart::Backend &B, int Device) {
  if (Device == cudaCpuDeviceId)
    return cudaSuccess;
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

/// The CUDA 12 device number of a CUmemLocation; false for an invalid one.
bool deviceOf(const CUmemLocation &Location, int &Device) {
  switch (Location.type) {
  case CU_MEM_LOCATION_TYPE_DEVICE:
    Device = Location.id;
    return true;
  case CU_MEM_LOCATION_TYPE_HOST:
  case CU_MEM_LOCATION_TYPE_HOST_NUMA:
  case CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT:
    Device = cudaCpuDeviceId;
    return true;
  default:
    return false;
  }
}

CUresult advise(CUdeviceptr Ptr, size_t Count, CUmem_advise Advice,
                int Device) {
  if (Advice < CU_MEM_ADVISE_SET_READ_MOSTLY ||
      Advice > CU_MEM_ADVISE_UNSET_ACCESSED_BY)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, pointer(Ptr), Count))
      return Status;
    if (Advice != CU_MEM_ADVISE_SET_READ_MOSTLY &&
        Advice != CU_MEM_ADVISE_UNSET_READ_MOSTLY)
      if (cudaError_t Status = checkDevice(B, Device))
        return Status;
    // CUmem_advise has cudaMemoryAdvise's values.
    B.memoryRecords().advise(pointer(Ptr), Count, cudaMemoryAdvise(Advice),
                             Device);
    return cudaSuccess;
  });
}

CUresult prefetch(CUdeviceptr Ptr, size_t Count, int Device, CUstream Stream) {
  return withBackend([&](cudart::Backend &B) {
    if (!Ptr || !Count)
      return cudaErrorInvalidValue;
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    if (cudaError_t Status =
            B.memPrefetchAsync(pointer(Ptr), Count, Device, toStream(Stream)))
      return Status;
    B.memoryRecords().notePrefetch(pointer(Ptr), Count, Device);
    return cudaSuccess;
  });
}

/// One range attribute. The location type/id attributes (CUDA 12.2) answer
/// from the device number kept.
cudaError_t rangeAttribute(cudart::Backend &B, void *Data, size_t DataSize,
                           CUmem_range_attribute Attribute, const void *Ptr,
                           size_t Count) {
  if (!Data)
    return cudaErrorInvalidValue;
  if (Attribute <= CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION)
    return B.memoryRecords().rangeAttribute(
        Data, DataSize, cudaMemRangeAttribute(Attribute), Ptr, Count);
  if (Attribute > CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID ||
      DataSize != sizeof(int))
    return cudaErrorInvalidValue;
  bool Preferred = Attribute == CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE ||
                   Attribute == CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID;
  int Device = cudaInvalidDeviceId;
  if (cudaError_t Status = B.memoryRecords().rangeAttribute(
          &Device, sizeof Device,
          Preferred ? cudaMemRangeAttributePreferredLocation
                    : cudaMemRangeAttributeLastPrefetchLocation,
          Ptr, Count))
    return Status;
  bool Type = Attribute == CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE ||
              Attribute == CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE;
  int Value = Type ? (Device == cudaInvalidDeviceId ? CU_MEM_LOCATION_TYPE_INVALID
                      : Device == cudaCpuDeviceId   ? CU_MEM_LOCATION_TYPE_HOST
                                                    : CU_MEM_LOCATION_TYPE_DEVICE)
                   : (Device >= 0 ? Device : 0);
  *static_cast<int *>(Data) = Value;
  return cudaSuccess;
}

/// cuMemPrefetchBatchAsync and the discards: Locations[L] applies from
/// operation LocationStarts[L] to the next start.
CUresult batch(CUdeviceptr *Ptrs, size_t *Sizes, size_t Count,
               CUmemLocation *Locations, size_t *LocationStarts,
               size_t NumLocations, unsigned long long Flags, CUstream Stream,
               bool Prefetch) {
  if (!Ptrs || !Sizes || !Count || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (Prefetch && (!Locations || !LocationStarts || !NumLocations ||
                   NumLocations > Count || LocationStarts[0] != 0))
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<int> Devices(NumLocations);
  for (size_t L = 0; L < NumLocations; ++L)
    if (!deviceOf(Locations[L], Devices[L]) ||
        (L && LocationStarts[L] <= LocationStarts[L - 1]) ||
        LocationStarts[L] >= Count)
      return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    unsigned StreamFlags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), StreamFlags))
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
      if (cudaError_t Status = checkDevice(B, Devices[L]))
        return Status;
      if (cudaError_t Status = B.memPrefetchAsync(pointer(Ptrs[I]), Sizes[I],
                                                  Devices[L], toStream(Stream)))
        return Status;
      B.memoryRecords().notePrefetch(pointer(Ptrs[I]), Sizes[I], Devices[L]);
    }
    return cudaSuccess;
  });
}

} // namespace

extern "C" {

CUresult cuMemAdvise_v2(CUdeviceptr Ptr, size_t Count, CUmem_advise Advice,
                        CUmemLocation Location) {
  int Device = 0;
  if (!deviceOf(Location, Device))
    return CUDA_ERROR_INVALID_VALUE;
  return advise(Ptr, Count, Advice, Device);
}

// CUDA 12's form, by device number (CU_DEVICE_CPU: the host).
CUresult cuMemAdvise(CUdeviceptr Ptr, size_t Count, CUmem_advise Advice,
                     CUdevice Device) {
  return advise(Ptr, Count, Advice, Device);
}

CUresult cuMemPrefetchAsync_v2(CUdeviceptr Ptr, size_t Count,
                               CUmemLocation Location, unsigned int Flags,
                               CUstream Stream) {
  int Device = 0;
  if (Flags != 0 || !deviceOf(Location, Device))
    return CUDA_ERROR_INVALID_VALUE;
  return prefetch(Ptr, Count, Device, Stream);
}

CUresult cuMemPrefetchAsync(CUdeviceptr Ptr, size_t Count, CUdevice Device,
                            CUstream Stream) {
  return prefetch(Ptr, Count, Device, Stream);
}

CUresult cuMemRangeGetAttribute(void *Data, size_t DataSize,
                                CUmem_range_attribute Attribute,
                                CUdeviceptr Ptr, size_t Count) {
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, pointer(Ptr), Count))
      return Status;
    return rangeAttribute(B, Data, DataSize, Attribute, pointer(Ptr), Count);
  });
}

CUresult cuMemRangeGetAttributes(void **Data, size_t *DataSizes,
                                 CUmem_range_attribute *Attributes,
                                 size_t NumAttributes, CUdeviceptr Ptr,
                                 size_t Count) {
  if (!Data || !DataSizes || !Attributes || !NumAttributes)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    if (cudaError_t Status = checkManagedRange(B, pointer(Ptr), Count))
      return Status;
    for (size_t I = 0; I < NumAttributes; ++I)
      if (cudaError_t Status = rangeAttribute(B, Data[I], DataSizes[I],
                                              Attributes[I], pointer(Ptr),
                                              Count))
        return Status;
    return cudaSuccess;
  });
}

CUresult cuStreamAttachMemAsync(CUstream Stream, CUdeviceptr Ptr,
                                size_t Length, unsigned int Flags) {
  if (Flags != CU_MEM_ATTACH_GLOBAL && Flags != CU_MEM_ATTACH_HOST &&
      Flags != CU_MEM_ATTACH_SINGLE)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    unsigned StreamFlags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), StreamFlags))
      return Status;
    if (Flags == CU_MEM_ATTACH_SINGLE && !Stream)
      return cudaErrorInvalidValue;
    cudaPointerAttributes A{};
    if (cudaError_t Status = B.pointerGetAttributes(A, pointer(Ptr)))
      return Status;
    if (A.type != cudaMemoryTypeManaged)
      return cudaErrorInvalidValue;
    void *Base = nullptr;
    size_t Size = 0;
    if (cudaError_t Status = B.memGetAddressRange(Base, Size, pointer(Ptr)))
      return Status;
    // The whole allocation: Length 0, or its size, from its start.
    if (pointer(Ptr) != Base || (Length && Length != Size))
      return cudaErrorInvalidValue;
    return cudaSuccess;
  });
}

CUresult cuMemPrefetchBatchAsync(CUdeviceptr *Ptrs, size_t *Sizes,
                                 size_t Count, CUmemLocation *Locations,
                                 size_t *LocationStarts, size_t NumLocations,
                                 unsigned long long Flags, CUstream Stream) {
  return batch(Ptrs, Sizes, Count, Locations, LocationStarts, NumLocations,
               Flags, Stream, true);
}

CUresult cuMemDiscardBatchAsync(CUdeviceptr *Ptrs, size_t *Sizes,
                                size_t Count, unsigned long long Flags,
                                CUstream Stream) {
  return batch(Ptrs, Sizes, Count, nullptr, nullptr, 0, Flags, Stream, false);
}

CUresult cuMemDiscardAndPrefetchBatchAsync(
    CUdeviceptr *Ptrs, size_t *Sizes, size_t Count, CUmemLocation *Locations,
    size_t *LocationStarts, size_t NumLocations, unsigned long long Flags,
    CUstream Stream) {
  return batch(Ptrs, Sizes, Count, Locations, LocationStarts, NumLocations,
               Flags, Stream, true);
}

CUresult cuMemHostGetFlags(unsigned int *Flags, void *Host) {
  if (!Flags || !Host)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return B.memoryRecords().hostAllocationFlags(Host, *Flags)
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

} // extern "C"
