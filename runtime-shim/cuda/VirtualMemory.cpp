//===- VirtualMemory.cpp - cuMemCreate, cuMemMap and the rest of VMM ------===//
//
// Part of Rubicon. CUDA's virtual memory management over the backend's
// (Backend.h: vmm*). libcuda checks CUDA's rules — granularity, properties,
// handle types — and keeps what CUDA can be asked about: each allocation
// handle's properties and references, each mapping's handle and each
// device's access. The backend moves the memory: the host backend with
// memory files and mmap (host/HostVirtualMemory.cpp), HIP with hipMem*.
//
// An allocation lives while it is referenced: cuMemCreate, each mapping and
// cuMemRetainAllocationHandle take a reference; cuMemRelease and cuMemUnmap
// drop one; the backend frees it at the last.
//
// A multicast object (cuMulticast*) is a handle without memory of its own:
// memory of its team's devices is bound to ranges of it, and mapping it maps
// the bound memory. Its team is a single device: a write through the mapping
// reaches every member's memory, as CUDA's broadcast does
// (docs/driver-api.md).
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

using namespace rubicon;
using namespace rubicon::driver;

namespace {

struct PhysicalAllocation;

/// What a multicast object (cuMulticastCreate) adds to a handle: its team of
/// devices and the memory bound to it. A team is one device (the only one
/// whose writes need no broadcast), so a mapping of the object maps the
/// memory bound at the mapped offsets.
struct MulticastTeam {
  unsigned NumDevices = 0;
  std::vector<int> Devices;
  struct Binding {
    size_t Offset = 0, Size = 0; // in the multicast object
    PhysicalAllocation *Memory = nullptr;
    size_t MemoryOffset = 0;
    int Device = 0;
  };
  std::vector<Binding> Bindings;
};

struct PhysicalAllocation {
  void *BackendHandle = nullptr;
  CUmemAllocationProp Prop{};
  size_t Size = 0;
  int References = 1;
  /// Set for a multicast object, which has no memory of its own.
  std::unique_ptr<MulticastTeam> Team;
};

struct Mapping {
  size_t Size = 0;
  PhysicalAllocation *Allocation = nullptr;
  /// CU_MEM_ACCESS_FLAGS_* of the device (the one device a mapping lives on).
  unsigned long long Access = CU_MEM_ACCESS_FLAGS_PROT_NONE;
  /// Where in the allocation the mapping starts.
  size_t Offset = 0;
};

struct VmmState {
  std::mutex Mutex;
  std::map<CUmemGenericAllocationHandle, std::unique_ptr<PhysicalAllocation>>
      Allocations;
  /// Mappings by start address.
  std::map<CUdeviceptr, Mapping> Mappings;
};

VmmState &state() {
  static VmmState *State = new VmmState();
  return *State;
}

CUmemGenericAllocationHandle handleOf(PhysicalAllocation *Allocation) {
  return reinterpret_cast<CUmemGenericAllocationHandle>(Allocation);
}

/// The allocation behind Handle; nullptr for an unknown one. Mutex held.
PhysicalAllocation *findAllocation(CUmemGenericAllocationHandle Handle) {
  auto It = state().Allocations.find(Handle);
  return It == state().Allocations.end() ? nullptr : It->second.get();
}

/// Drops a reference; frees the backend's memory at the last. Mutex held.
cudaError_t unreference(cudart::Backend &B, PhysicalAllocation *Allocation) {
  if (--Allocation->References > 0)
    return cudaSuccess;
  cudaError_t Status = cudaSuccess;
  if (Allocation->Team) // a multicast object: its bindings' references
    for (const MulticastTeam::Binding &Bound : Allocation->Team->Bindings) {
      if (cudaError_t Released = unreference(B, Bound.Memory))
        Status = Released;
    }
  else
    Status = B.vmmRelease(Allocation->BackendHandle);
  state().Allocations.erase(handleOf(Allocation));
  return Status;
}

/// The mapping containing Address; end() if none. Mutex held.
std::map<CUdeviceptr, Mapping>::iterator findMapping(CUdeviceptr Address) {
  auto &Mappings = state().Mappings;
  auto It = Mappings.upper_bound(Address);
  if (It == Mappings.begin())
    return Mappings.end();
  --It;
  return Address < It->first + It->second.Size ? It : Mappings.end();
}

/// Maps [Offset, Offset + Size) of a multicast object at Ptr: the memory
/// bound there, piece by piece. Every byte must be bound, and every device
/// of the team added (CUDA would wait for them). Mutex held.
cudaError_t mapMulticast(cudart::Backend &B, CUdeviceptr Ptr, size_t Size,
                         size_t Offset, const MulticastTeam &Team) {
  if (Team.Devices.size() != Team.NumDevices)
    return cudaErrorInvalidValue;
  std::vector<const MulticastTeam::Binding *> Pieces;
  size_t At = Offset;
  while (At < Offset + Size) {
    const MulticastTeam::Binding *Found = nullptr;
    for (const MulticastTeam::Binding &Bound : Team.Bindings)
      if (Bound.Offset <= At && At < Bound.Offset + Bound.Size)
        Found = &Bound;
    if (!Found)
      return cudaErrorInvalidValue; // unbound bytes
    Pieces.push_back(Found);
    At = Found->Offset + Found->Size;
  }
  At = Offset;
  for (const MulticastTeam::Binding *Bound : Pieces) {
    size_t Skip = At - Bound->Offset;
    size_t Length = std::min(Bound->Size - Skip, Offset + Size - At);
    if (cudaError_t Status = B.vmmMap(
            reinterpret_cast<void *>(Ptr + (At - Offset)), Length,
            Bound->MemoryOffset + Skip, Bound->Memory->BackendHandle)) {
      if (At > Offset)
        B.vmmUnmap(reinterpret_cast<void *>(Ptr), At - Offset);
      return Status;
    }
    At += Length;
  }
  return cudaSuccess;
}

/// The multicast object behind Handle; nullptr for any other. Mutex held.
PhysicalAllocation *findMulticast(CUmemGenericAllocationHandle Handle) {
  PhysicalAllocation *Allocation = findAllocation(Handle);
  return Allocation && Allocation->Team ? Allocation : nullptr;
}

/// Which properties Rubicon supports: pinned device memory, shareable as a
/// POSIX file descriptor or not at all. Compression is a hint (the Driver
/// API reference: applications query the allocation's properties to learn
/// whether they got compressible memory); no Rubicon device compresses, so
/// the allocation is made uncompressed and its properties say so.
CUresult checkProperties(const CUmemAllocationProp *Prop) {
  if (!Prop || Prop->type != CU_MEM_ALLOCATION_TYPE_PINNED ||
      Prop->location.type != CU_MEM_LOCATION_TYPE_DEVICE)
    return CUDA_ERROR_INVALID_VALUE;
  if (Prop->requestedHandleTypes & ~CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_NOT_SUPPORTED;
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult
cuMemGetAllocationGranularity(size_t *Granularity,
                              const CUmemAllocationProp *Prop,
                              CUmemAllocationGranularity_flags Option) {
  if (!Granularity || (Option != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
                       Option != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED))
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = checkProperties(Prop))
    return Status;
  return withBackend([&](cudart::Backend &B) {
    return B.vmmGranularity(*Granularity, Prop->location.id,
                            Option == CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
  });
}

CUresult cuMemCreate(CUmemGenericAllocationHandle *Handle, size_t Size,
                     const CUmemAllocationProp *Prop,
                     unsigned long long Flags) {
  if (!Handle || Size == 0 || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = checkProperties(Prop))
    return Status;
  return withBackend([&](cudart::Backend &B) {
    size_t Granularity = 0;
    if (cudaError_t Status =
            B.vmmGranularity(Granularity, Prop->location.id, false))
      return Status;
    if (Size % Granularity != 0)
      return cudaErrorInvalidValue;
    auto Allocation = std::make_unique<PhysicalAllocation>();
    if (cudaError_t Status =
            B.vmmCreate(Allocation->BackendHandle, Size, Prop->location.id))
      return Status;
    Allocation->Prop = *Prop;
    Allocation->Prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_NONE;
    Allocation->Size = Size;
    std::lock_guard<std::mutex> Lock(state().Mutex);
    *Handle = handleOf(Allocation.get());
    state().Allocations.emplace(*Handle, std::move(Allocation));
    return cudaSuccess;
  });
}

CUresult cuMemRelease(CUmemGenericAllocationHandle Handle) {
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Allocation = findAllocation(Handle);
    if (!Allocation)
      return cudaErrorInvalidValue;
    return unreference(B, Allocation);
  });
}

CUresult cuMemAddressReserve(CUdeviceptr *Ptr, size_t Size, size_t Alignment,
                             CUdeviceptr Addr, unsigned long long Flags) {
  if (!Ptr || Size == 0 || Flags != 0 || (Alignment & (Alignment - 1)))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    void *Address = nullptr;
    cudaError_t Status =
        B.vmmReserve(Address, Size, Alignment, reinterpret_cast<void *>(Addr));
    *Ptr = Status == cudaSuccess ? reinterpret_cast<CUdeviceptr>(Address) : 0;
    return Status;
  });
}

CUresult cuMemAddressFree(CUdeviceptr Ptr, size_t Size) {
  if (!Ptr || Size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    // A range still mapped cannot be freed.
    auto It = state().Mappings.lower_bound(Ptr);
    if ((It != state().Mappings.end() && It->first < Ptr + Size) ||
        findMapping(Ptr) != state().Mappings.end())
      return cudaErrorInvalidValue;
    return B.vmmFree(reinterpret_cast<void *>(Ptr), Size);
  });
}

CUresult cuMemMap(CUdeviceptr Ptr, size_t Size, size_t Offset,
                  CUmemGenericAllocationHandle Handle,
                  unsigned long long Flags) {
  if (!Ptr || Size == 0 || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Allocation = findAllocation(Handle);
    if (!Allocation || Offset > Allocation->Size ||
        Size > Allocation->Size - Offset)
      return cudaErrorInvalidValue;
    auto Next = state().Mappings.lower_bound(Ptr);
    if ((Next != state().Mappings.end() && Next->first < Ptr + Size) ||
        findMapping(Ptr) != state().Mappings.end())
      return cudaErrorInvalidValue; // already mapped
    if (Allocation->Team) {
      if (cudaError_t Status = mapMulticast(B, Ptr, Size, Offset,
                                            *Allocation->Team))
        return Status;
    } else if (cudaError_t Status =
                   B.vmmMap(reinterpret_cast<void *>(Ptr), Size, Offset,
                            Allocation->BackendHandle)) {
      return Status;
    }
    ++Allocation->References;
    state().Mappings[Ptr] = {Size, Allocation, CU_MEM_ACCESS_FLAGS_PROT_NONE,
                             Offset};
    return cudaSuccess;
  });
}

CUresult cuMemUnmap(CUdeviceptr Ptr, size_t Size) {
  if (!Ptr || Size == 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    // The range must consist of whole mappings, from the first one's start.
    auto It = state().Mappings.find(Ptr);
    if (It == state().Mappings.end())
      return cudaErrorInvalidValue;
    CUdeviceptr End = Ptr;
    for (auto Scan = It; Scan != state().Mappings.end() && Scan->first == End &&
                         End < Ptr + Size;
         ++Scan)
      End += Scan->second.Size;
    if (End != Ptr + Size)
      return cudaErrorInvalidValue;
    if (cudaError_t Status = B.vmmUnmap(reinterpret_cast<void *>(Ptr), Size))
      return Status;
    cudaError_t Status = cudaSuccess;
    while (It != state().Mappings.end() && It->first < End) {
      if (cudaError_t Released = unreference(B, It->second.Allocation))
        Status = Released;
      It = state().Mappings.erase(It);
    }
    return Status;
  });
}

CUresult cuMemSetAccess(CUdeviceptr Ptr, size_t Size,
                        const CUmemAccessDesc *Desc, size_t Count) {
  if (!Ptr || Size == 0 || !Desc || Count == 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    // Every byte of the range must be mapped.
    auto It = findMapping(Ptr);
    CUdeviceptr Covered = Ptr;
    for (auto Scan = It; Scan != state().Mappings.end() &&
                         Scan->first <= Covered && Covered < Ptr + Size;
         ++Scan)
      Covered = Scan->first + Scan->second.Size;
    if (It == state().Mappings.end() || Covered < Ptr + Size)
      return cudaErrorInvalidValue;
    for (size_t I = 0; I < Count; ++I) {
      if (Desc[I].location.type != CU_MEM_LOCATION_TYPE_DEVICE)
        return cudaErrorInvalidValue;
      if (cudaError_t Status =
              B.vmmSetAccess(reinterpret_cast<void *>(Ptr), Size,
                             Desc[I].location.id, unsigned(Desc[I].flags)))
        return Status;
      for (auto Scan = It;
           Scan != state().Mappings.end() && Scan->first < Ptr + Size; ++Scan)
        Scan->second.Access = Desc[I].flags;
    }
    return cudaSuccess;
  });
}

CUresult cuMemGetAccess(unsigned long long *Flags,
                        const CUmemLocation *Location, CUdeviceptr Ptr) {
  if (!Flags || !Location || Location->type != CU_MEM_LOCATION_TYPE_DEVICE)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    auto It = findMapping(Ptr);
    if (It == state().Mappings.end())
      return cudaErrorInvalidValue;
    *Flags = It->second.Allocation->Prop.location.id == Location->id
                 ? It->second.Access
                 : CU_MEM_ACCESS_FLAGS_PROT_NONE;
    return cudaSuccess;
  });
}

CUresult cuMemExportToShareableHandle(void *ShareableHandle,
                                      CUmemGenericAllocationHandle Handle,
                                      CUmemAllocationHandleType HandleType,
                                      unsigned long long Flags) {
  if (!ShareableHandle || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Allocation = findAllocation(Handle);
    if (!Allocation)
      return cudaErrorInvalidValue;
    // Only the handle types requested at creation can be exported.
    if (HandleType != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR ||
        !(Allocation->Prop.requestedHandleTypes & HandleType))
      return cudaErrorInvalidValue;
    return B.vmmExport(*static_cast<int *>(ShareableHandle),
                       Allocation->BackendHandle);
  });
}

CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *Handle,
                                        void *OsHandle,
                                        CUmemAllocationHandleType Type) {
  if (!Handle)
    return CUDA_ERROR_INVALID_VALUE;
  if (Type != CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_NOT_SUPPORTED;
  // For a POSIX file descriptor, the descriptor itself is passed as the
  // pointer value (CUDA's convention).
  int Fd = static_cast<int>(reinterpret_cast<intptr_t>(OsHandle));
  return withBackend([&](cudart::Backend &B) {
    auto Allocation = std::make_unique<PhysicalAllocation>();
    if (cudaError_t Status = B.vmmImport(Allocation->BackendHandle, Fd))
      return Status;
    int Device = 0;
    B.getDevice(Device);
    Allocation->Prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    Allocation->Prop.requestedHandleTypes =
        CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    Allocation->Prop.location = {CU_MEM_LOCATION_TYPE_DEVICE, Device};
    // The size is the exporter's, which the backend checks when mapping.
    Allocation->Size = ~size_t(0);
    std::lock_guard<std::mutex> Lock(state().Mutex);
    *Handle = handleOf(Allocation.get());
    state().Allocations.emplace(*Handle, std::move(Allocation));
    return cudaSuccess;
  });
}

CUresult
cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *Prop,
                                       CUmemGenericAllocationHandle Handle) {
  if (!Prop)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Allocation = findAllocation(Handle);
    if (!Allocation)
      return cudaErrorInvalidValue;
    *Prop = Allocation->Prop;
    return cudaSuccess;
  });
}

CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *Handle,
                                     void *Addr) {
  if (!Handle)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    auto It = findMapping(reinterpret_cast<CUdeviceptr>(Addr));
    if (It == state().Mappings.end() ||
        It->first != reinterpret_cast<CUdeviceptr>(Addr))
      return cudaErrorInvalidValue;
    ++It->second.Allocation->References;
    *Handle = handleOf(It->second.Allocation);
    return cudaSuccess;
  });
}

// dma-buf export of device memory: nothing on the host backend, and HIP has
// no equivalent entry point.
CUresult cuMemGetHandleForAddressRange(void *Handle, CUdeviceptr Ptr,
                                       size_t Size, CUmemRangeHandleType Type,
                                       unsigned long long Flags) {
  if (!Handle || !Ptr || Size == 0 || Flags != 0 ||
      Type != CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD)
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_ERROR_NOT_SUPPORTED;
}

//===-- Multicast objects -------------------------------------------------===//

CUresult cuMulticastGetGranularity(size_t *Granularity,
                                   const CUmulticastObjectProp *Prop,
                                   CUmulticastGranularity_flags Option) {
  if (!Granularity || !Prop || (Option != CU_MULTICAST_GRANULARITY_MINIMUM &&
                                Option != CU_MULTICAST_GRANULARITY_RECOMMENDED))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return B.vmmGranularity(*Granularity, 0,
                            Option == CU_MULTICAST_GRANULARITY_RECOMMENDED);
  });
}

CUresult cuMulticastCreate(CUmemGenericAllocationHandle *Handle,
                           const CUmulticastObjectProp *Prop) {
  if (!Handle || !Prop || !Prop->numDevices || !Prop->size || Prop->flags)
    return CUDA_ERROR_INVALID_VALUE;
  if (Prop->handleTypes & ~CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    return CUDA_ERROR_NOT_SUPPORTED;
  return withBackend([&](cudart::Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Prop->numDevices > unsigned(Count))
      return cudaErrorInvalidValue;
    if (Prop->numDevices > 1) // no broadcast between devices
      return cudaErrorNotSupported;
    size_t Granularity = 0;
    if (cudaError_t Status = B.vmmGranularity(Granularity, 0, false))
      return Status;
    if (Prop->size % Granularity)
      return cudaErrorInvalidValue;
    auto Object = std::make_unique<PhysicalAllocation>();
    Object->Size = Prop->size;
    Object->Prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    Object->Team = std::make_unique<MulticastTeam>();
    Object->Team->NumDevices = Prop->numDevices;
    std::lock_guard<std::mutex> Lock(state().Mutex);
    *Handle = handleOf(Object.get());
    state().Allocations.emplace(*Handle, std::move(Object));
    return cudaSuccess;
  });
}

CUresult cuMulticastAddDevice(CUmemGenericAllocationHandle Handle,
                              CUdevice Device) {
  return withBackend([&](cudart::Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Object = findMulticast(Handle);
    if (!Object)
      return cudaErrorInvalidValue;
    MulticastTeam &Team = *Object->Team;
    if (Team.Devices.size() == Team.NumDevices ||
        std::find(Team.Devices.begin(), Team.Devices.end(), int(Device)) !=
            Team.Devices.end())
      return cudaErrorInvalidValue; // the team is full, or has it already
    Team.Devices.push_back(Device);
    return cudaSuccess;
  });
}

// Binds Size bytes of Memory from MemoryOffset at Offset of the object.
static CUresult bindMulticast(CUmemGenericAllocationHandle Handle,
                              size_t Offset,
                              CUmemGenericAllocationHandle MemoryHandle,
                              size_t MemoryOffset, size_t Size,
                              unsigned long long Flags) {
  if (!Size || Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    size_t Granularity = 0;
    if (cudaError_t Status = B.vmmGranularity(Granularity, 0, false))
      return Status;
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Object = findMulticast(Handle);
    PhysicalAllocation *Memory = findAllocation(MemoryHandle);
    if (!Object || !Memory || Memory->Team)
      return cudaErrorInvalidValue;
    MulticastTeam &Team = *Object->Team;
    int Device = Memory->Prop.location.id;
    if (Team.Devices.size() != Team.NumDevices || // CUDA would wait
        std::find(Team.Devices.begin(), Team.Devices.end(), Device) ==
            Team.Devices.end() ||
        Offset % Granularity || MemoryOffset % Granularity ||
        Size % Granularity || Offset > Object->Size ||
        Size > Object->Size - Offset || MemoryOffset > Memory->Size ||
        Size > Memory->Size - MemoryOffset)
      return cudaErrorInvalidValue;
    for (const MulticastTeam::Binding &Bound : Team.Bindings)
      if (Bound.Device == Device && Bound.Offset < Offset + Size &&
          Offset < Bound.Offset + Bound.Size)
        return cudaErrorInvalidValue; // already bound there
    ++Memory->References;
    Team.Bindings.push_back({Offset, Size, Memory, MemoryOffset, Device});
    return cudaSuccess;
  });
}

CUresult cuMulticastBindMem(CUmemGenericAllocationHandle Handle,
                            size_t Offset,
                            CUmemGenericAllocationHandle MemoryHandle,
                            size_t MemoryOffset, size_t Size,
                            unsigned long long Flags) {
  return bindMulticast(Handle, Offset, MemoryHandle, MemoryOffset, Size,
                       Flags);
}

CUresult cuMulticastBindAddr(CUmemGenericAllocationHandle Handle,
                             size_t Offset, CUdeviceptr Address, size_t Size,
                             unsigned long long Flags) {
  CUmemGenericAllocationHandle MemoryHandle = 0;
  size_t MemoryOffset = 0;
  {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    auto It = findMapping(Address);
    if (It == state().Mappings.end() || It->second.Allocation->Team ||
        Size > It->first + It->second.Size - Address)
      return CUDA_ERROR_INVALID_VALUE;
    MemoryHandle = handleOf(It->second.Allocation);
    MemoryOffset = It->second.Offset + (Address - It->first);
  }
  return bindMulticast(Handle, Offset, MemoryHandle, MemoryOffset, Size,
                       Flags);
}

CUresult cuMulticastUnbind(CUmemGenericAllocationHandle Handle,
                           CUdevice Device, size_t Offset, size_t Size) {
  if (!Size)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    std::lock_guard<std::mutex> Lock(state().Mutex);
    PhysicalAllocation *Object = findMulticast(Handle);
    if (!Object || Offset > Object->Size || Size > Object->Size - Offset)
      return cudaErrorInvalidValue;
    auto &Bindings = Object->Team->Bindings;
    cudaError_t Status = cudaSuccess;
    bool Found = false;
    for (auto It = Bindings.begin(); It != Bindings.end();)
      if (It->Device == Device && It->Offset >= Offset &&
          It->Offset + It->Size <= Offset + Size) {
        if (cudaError_t Released = unreference(B, It->Memory))
          Status = Released;
        It = Bindings.erase(It);
        Found = true;
      } else {
        ++It;
      }
    return Found ? Status : cudaErrorInvalidValue;
  });
}

// Rubicon makes no sparse arrays (cuArray3DCreate refuses
// CUDA_ARRAY3D_SPARSE; CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED is 0):
// a well-formed request names an array that is not sparse, which CUDA
// answers with CUDA_ERROR_INVALID_VALUE.
CUresult cuMemMapArrayAsync(CUarrayMapInfo *List, unsigned Count, CUstream) {
  if (!List || !Count)
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned I = 0; I < Count; ++I) {
    const CUarrayMapInfo &Info = List[I];
    if (Info.resourceType != CU_RESOURCE_TYPE_ARRAY &&
        Info.resourceType != CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
      return CUDA_ERROR_INVALID_VALUE;
    if (Info.resourceType == CU_RESOURCE_TYPE_ARRAY ? !Info.resource.array
                                                    : !Info.resource.mipmap)
      return CUDA_ERROR_INVALID_HANDLE;
    if (Info.memOperationType != CU_MEM_OPERATION_TYPE_MAP &&
        Info.memOperationType != CU_MEM_OPERATION_TYPE_UNMAP)
      return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_ERROR_INVALID_VALUE;
}

} // extern "C"
