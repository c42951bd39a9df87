//===- HostAllocations.cpp - Host backend allocations ---------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include <algorithm>
#include <cstdlib>
#include <unistd.h>

namespace rubicon::cudart::host {

// Memory.
cudaError_t HostBackend::allocate(void **Ptr, size_t Size,
                                  AllocationKind Kind) {
  if (!Ptr)
    return cudaErrorInvalidValue;
  *Ptr = nullptr;
  // After a fault, the context's calls report it (CUDA's sticky errors).
  if (cudaError_t E = deviceError())
    return E;
  if (Size == 0)
    return cudaSuccess;
  // cudaMalloc's memory of IpcAllocationBytes or more owns its pages, so
  // that another process can share it in place (HostIpc.cpp); the rest is
  // aligned as CUDA aligns it (page alignment made small allocations several
  // times slower: benchmarks/host/malloc_bench.cu).
  size_t Alignment = Kind == AllocationKind::Device && Size >= IpcAllocationBytes
                         ? size_t(sysconf(_SC_PAGESIZE))
                         : DeviceAllocationAlignment;
  size_t Rounded = (Size + Alignment - 1) & ~(Alignment - 1);
  void *P = std::aligned_alloc(Alignment, Rounded);
  if (!P)
    return cudaErrorMemoryAllocation;
  int Device = 0;
  getDevice(Device);
  unsigned Context = context().Id;
  std::lock_guard<std::mutex> Lock(Mutex);
  Allocations[reinterpret_cast<uintptr_t>(P)] = {Size, Kind, Device, -1,
                                                  Context};
  *Ptr = P;
  return cudaSuccess;
}

cudaError_t HostBackend::release(void *Ptr, AllocationKind Kind) {
  if (!Ptr)
    return cudaSuccess;
  if (cudaError_t E = deviceError())
    return E;
  // CUDA's cudaFree synchronizes: kernels may still use the memory.
  waitForEveryDevice();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  bool HostKind = Kind == AllocationKind::Host;
  if (It == Allocations.end() ||
      (It->second.Kind == AllocationKind::Host) != HostKind ||
      It->second.Kind == AllocationKind::Registered ||
      It->second.Kind == AllocationKind::Mapped ||
      It->second.Kind == AllocationKind::Imported ||
      It->second.Kind == AllocationKind::ModuleGlobal ||
      It->second.Kind == AllocationKind::ModuleManaged)
    return cudaErrorInvalidValue;
  Allocation Found = It->second;
  Allocations.erase(It);
  freeDeviceMemory(reinterpret_cast<uintptr_t>(Ptr), Found);
  return cudaSuccess;
}

cudaError_t HostBackend::hostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                              unsigned) {
  if (!DevicePtr || !findAllocation(HostPtr))
    return cudaErrorInvalidValue;
  *DevicePtr = HostPtr;
  return cudaSuccess;
}

cudaError_t HostBackend::memGetInfo(size_t &Free, size_t &Total) {
  Total = physicalMemory();
  long Pages = sysconf(_SC_AVPHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
  Free = Pages > 0 ? size_t(Pages) * size_t(PageSize) : Total / 2;
  return cudaSuccess;
}

cudaError_t HostBackend::mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                                     size_t Height) {
  Pitch = (Width + DeviceAllocationAlignment - 1) &
          ~(DeviceAllocationAlignment - 1);
  return malloc(Ptr, Pitch * Height);
}

cudaError_t HostBackend::hostRegister(void *Ptr, size_t Size, unsigned) {
  if (!Ptr || !Size)
    return cudaErrorInvalidValue;
  int Device = 0;
  getDevice(Device);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, Inserted] = Allocations.try_emplace(
      reinterpret_cast<uintptr_t>(Ptr),
      Allocation{Size, AllocationKind::Registered, Device});
  return Inserted ? cudaSuccess : cudaErrorHostMemoryAlreadyRegistered;
}

cudaError_t HostBackend::hostUnregister(void *Ptr) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == Allocations.end() || It->second.Kind != AllocationKind::Registered)
    return cudaErrorHostMemoryNotRegistered;
  Allocations.erase(It);
  return cudaSuccess;
}

cudaError_t HostBackend::pointerGetAttributes(cudaPointerAttributes &Attributes,
                                              const void *Ptr) {
  Attributes = {};
  std::optional<Allocation> A = findAllocation(Ptr);
  if (!A) {
    Attributes.type = cudaMemoryTypeUnregistered;
    Attributes.device = -2;
    return cudaSuccess;
  }
  Attributes.device = A->Device;
  switch (A->Kind) {
  case AllocationKind::Device:
  case AllocationKind::Mapped:
  case AllocationKind::External:
  case AllocationKind::Imported:
  case AllocationKind::ModuleGlobal:
    Attributes.type = cudaMemoryTypeDevice;
    Attributes.devicePointer = const_cast<void *>(Ptr);
    break;
  case AllocationKind::Managed:
  case AllocationKind::ModuleManaged:
    Attributes.type = cudaMemoryTypeManaged;
    Attributes.devicePointer = Attributes.hostPointer = const_cast<void *>(Ptr);
    break;
  case AllocationKind::Host:
  case AllocationKind::Registered:
    Attributes.type = cudaMemoryTypeHost;
    Attributes.devicePointer = Attributes.hostPointer = const_cast<void *>(Ptr);
    break;
  }
  return cudaSuccess;
}

cudaError_t HostBackend::memGetAddressRange(void *&Base, size_t &Size,
                                            const void *Ptr) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Address = reinterpret_cast<uintptr_t>(Ptr);
  auto It = Allocations.upper_bound(Address);
  if (It == Allocations.begin())
    return cudaErrorInvalidDevicePointer;
  --It;
  if (Address >= It->first + std::max<size_t>(It->second.Size, 1))
    return cudaErrorInvalidDevicePointer;
  Base = reinterpret_cast<void *>(It->first);
  Size = It->second.Size;
  return cudaSuccess;
}

std::optional<Allocation> HostBackend::findAllocation(const void *Ptr) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Address = reinterpret_cast<uintptr_t>(Ptr);
  auto It = Allocations.upper_bound(Address);
  if (It == Allocations.begin())
    return std::nullopt;
  --It;
  if (Address < It->first + std::max<size_t>(It->second.Size, 1))
    return It->second;
  return std::nullopt;
}

} // namespace rubicon::cudart::host
