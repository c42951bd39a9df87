//===- HostVirtualMemory.cpp - Host backend virtual memory management -----===//
//
// Part of Rubicon's host backend (HostBackend.h). The host device's memory is
// the process's memory, so CUDA's virtual memory management maps onto the
// kernel's: physical memory is a memory file (memfd), a reserved range an
// inaccessible anonymous mapping, cuMemMap maps the file over part of it, and
// cuMemSetAccess sets the pages' protection. Exported handles are file
// descriptors another process can map: the same physical memory.
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rubicon::cudart::host {
namespace {

/// Physical memory: a memory file and its size.
struct PhysicalMemory {
  int Fd;
  size_t Size;
};

size_t pageSize() { return size_t(sysconf(_SC_PAGESIZE)); }

/// Recommended granularity: 2 MiB, as CUDA reports on current GPUs.
constexpr size_t RecommendedGranularity = size_t(2) << 20;

bool aligned(const void *Address, size_t Size) {
  size_t Page = pageSize();
  return reinterpret_cast<uintptr_t>(Address) % Page == 0 && Size % Page == 0;
}

} // namespace

cudaError_t HostBackend::vmmGranularity(size_t &Granularity, int Device,
                                        bool Recommended) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  Granularity = Recommended ? RecommendedGranularity : pageSize();
  return cudaSuccess;
}

cudaError_t HostBackend::vmmCreate(void *&Handle, size_t Size, int Device) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  if (Size == 0 || Size % pageSize() != 0)
    return cudaErrorInvalidValue;
  int Fd = memfd_create("rubicon-vmm", MFD_CLOEXEC);
  if (Fd < 0)
    return cudaErrorMemoryAllocation;
  if (ftruncate(Fd, off_t(Size)) != 0) {
    close(Fd);
    return cudaErrorMemoryAllocation;
  }
  Handle = new PhysicalMemory{Fd, Size};
  return cudaSuccess;
}

cudaError_t HostBackend::vmmRelease(void *Handle) {
  auto *Memory = static_cast<PhysicalMemory *>(Handle);
  if (!Memory)
    return cudaErrorInvalidValue;
  // Mappings keep the file alive until they are unmapped, as CUDA keeps
  // released memory until its last mapping goes.
  close(Memory->Fd);
  delete Memory;
  return cudaSuccess;
}

cudaError_t HostBackend::vmmReserve(void *&Address, size_t Size,
                                    size_t Alignment, void *Hint) {
  size_t Page = pageSize();
  if (Size == 0 || Size % Page != 0 || (Alignment & (Alignment - 1)) != 0)
    return cudaErrorInvalidValue;
  Alignment = std::max(Alignment, Page);
  // Reserve enough to align, then give back the excess on both sides.
  size_t Padded = Size + Alignment - Page;
  void *Raw = mmap(Hint, Padded, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Raw == MAP_FAILED)
    return cudaErrorMemoryAllocation;
  uintptr_t Start = reinterpret_cast<uintptr_t>(Raw);
  uintptr_t AlignedStart = (Start + Alignment - 1) & ~(Alignment - 1);
  if (AlignedStart > Start)
    munmap(Raw, AlignedStart - Start);
  uintptr_t End = Start + Padded, AlignedEnd = AlignedStart + Size;
  if (End > AlignedEnd)
    munmap(reinterpret_cast<void *>(AlignedEnd), End - AlignedEnd);
  Address = reinterpret_cast<void *>(AlignedStart);
  return cudaSuccess;
}

cudaError_t HostBackend::vmmFree(void *Address, size_t Size) {
  if (!Address || !aligned(Address, Size))
    return cudaErrorInvalidValue;
  return munmap(Address, Size) == 0 ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t HostBackend::vmmMap(void *Address, size_t Size, size_t Offset,
                                void *Handle) {
  auto *Memory = static_cast<PhysicalMemory *>(Handle);
  if (!Memory || !Address || !aligned(Address, Size) ||
      Offset % pageSize() != 0 || Offset + Size > Memory->Size)
    return cudaErrorInvalidValue;
  void *Mapped = mmap(Address, Size, PROT_NONE, MAP_SHARED | MAP_FIXED,
                      Memory->Fd, off_t(Offset));
  if (Mapped == MAP_FAILED)
    return cudaErrorMemoryAllocation;
  std::lock_guard<std::mutex> Lock(Mutex);
  Allocations[reinterpret_cast<uintptr_t>(Address)] = {Size,
                                                       AllocationKind::Mapped};
  return cudaSuccess;
}

cudaError_t HostBackend::vmmUnmap(void *Address, size_t Size) {
  if (!Address || !aligned(Address, Size))
    return cudaErrorInvalidValue;
  // Kernels may still use the memory (CUDA's cuMemUnmap synchronizes too).
  waitForEveryDevice();
  // Back to reserved: inaccessible anonymous pages over the range.
  void *Reserved =
      mmap(Address, Size, PROT_NONE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  if (Reserved == MAP_FAILED)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(Mutex);
  uintptr_t Start = reinterpret_cast<uintptr_t>(Address);
  for (auto It = Allocations.lower_bound(Start);
       It != Allocations.end() && It->first < Start + Size;)
    It = It->second.Kind == AllocationKind::Mapped ? Allocations.erase(It)
                                                   : std::next(It);
  return cudaSuccess;
}

cudaError_t HostBackend::vmmSetAccess(void *Address, size_t Size, int Device,
                                      unsigned Flags) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  if (!Address || !aligned(Address, Size) ||
      (Flags != 0 && Flags != 1 && Flags != 3))
    return cudaErrorInvalidValue;
  int Protection = Flags == 3   ? PROT_READ | PROT_WRITE
                   : Flags == 1 ? PROT_READ
                                : PROT_NONE;
  return mprotect(Address, Size, Protection) == 0 ? cudaSuccess
                                                  : cudaErrorInvalidValue;
}

cudaError_t HostBackend::vmmExport(int &Fd, void *Handle) {
  auto *Memory = static_cast<PhysicalMemory *>(Handle);
  if (!Memory)
    return cudaErrorInvalidValue;
  Fd = dup(Memory->Fd);
  return Fd < 0 ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t HostBackend::vmmImport(void *&Handle, int Fd) {
  struct stat Info;
  if (Fd < 0 || fstat(Fd, &Info) != 0 || Info.st_size <= 0)
    return cudaErrorInvalidValue;
  int Own = dup(Fd);
  if (Own < 0)
    return cudaErrorInvalidValue;
  Handle = new PhysicalMemory{Own, size_t(Info.st_size)};
  return cudaSuccess;
}

} // namespace rubicon::cudart::host
