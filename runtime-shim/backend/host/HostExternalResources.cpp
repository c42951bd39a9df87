//===- HostExternalResources.cpp - Host backend external resources --------===//
//
// Part of Rubicon's host backend (HostBackend.h). The host device's memory is
// the process's, so memory and semaphores from another API or process are
// what a POSIX file descriptor names (docs/external-resources.md):
//
// - External memory (cudaExternalMemoryHandleTypeOpaqueFd): a file that can
//   be mapped shared (a memory file, a POSIX shared-memory object, a file);
//   a mapped buffer is a shared mapping of part of it, which cudaFree
//   unmaps. Writes through it are visible to every process mapping the file.
// - External semaphores (OpaqueFd and TimelineSemaphoreFd): a file of at
//   least 8 bytes whose first 8 hold the semaphore's 64-bit value, mapped
//   shared. A timeline semaphore's signal raises the value to the signaled
//   one (never lowers it), a wait lasts until the value reaches the awaited
//   one. A binary semaphore's signal sets 1, a wait lasts until it is 1 and
//   takes it back to 0.
// - Shareable arenas (exported memory pools): a memory file that grows as
//   the pool allocates; each block is a shared mapping of its range, as
//   external memory's buffers are.
// - Stream memory operations (cuStreamWaitValue32, ...): a write is a store
//   on the queue's thread, a wait polls the address there.
//
// The queue serves every stream in issue order (HostBackend.h), so a wait
// holds up the work of every stream queued after it: what ends it must come
// from outside the queue (another process, a host thread, work queued
// before it), never from work queued after it in this process.
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"

#include <set>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace rubicon::cudart::host {
namespace {

size_t pageSize() { return size_t(sysconf(_SC_PAGESIZE)); }

/// An imported memory object: its file and the size the importer gave.
struct ExternalMemory {
  int Fd;
  size_t Size;
};

struct ExternalSemaphore {
  int Fd;
  /// The first 8 bytes of the file, mapped shared.
  uint64_t *Value;
  bool Timeline;
};

/// The live objects, so that a destroyed or made-up handle is an error, not
/// a dereference (the backend is one per process, so is this table).
struct LiveObjects {
  std::mutex Mutex;
  std::set<const void *> Objects;
};
template <class T> LiveObjects &live() {
  static LiveObjects *Live = new LiveObjects();
  return *Live;
}
template <class T> T *lookUp(void *Handle) {
  std::lock_guard<std::mutex> Lock(live<T>().Mutex);
  return live<T>().Objects.count(Handle) ? static_cast<T *>(Handle) : nullptr;
}
template <class T> void setLive(const T *Object, bool Live) {
  std::lock_guard<std::mutex> Lock(live<T>().Mutex);
  if (Live)
    live<T>().Objects.insert(Object);
  else
    live<T>().Objects.erase(Object);
}

/// Polls Ready until it holds: yields first, then sleeps up to 1 ms between
/// tries (what ends the wait may be another process).
template <class ReadyT> void pollUntil(ReadyT &&Ready) {
  for (unsigned Tries = 0; !Ready(); ++Tries) {
    if (Tries < 64)
      std::this_thread::yield();
    else
      std::this_thread::sleep_for(
          std::chrono::microseconds(Tries < 1024 ? 50 : 1000));
  }
}

/// Whether the value at Address meets CUDA's wait condition (the low bits
/// of Flags: CU_STREAM_WAIT_VALUE_GEQ, EQ, AND, NOR).
bool waitConditionHolds(const void *Address, unsigned long long Value,
                        bool Wide, unsigned Flags) {
  unsigned long long Current =
      Wide ? __atomic_load_n(static_cast<const uint64_t *>(Address),
                             __ATOMIC_ACQUIRE)
           : __atomic_load_n(static_cast<const uint32_t *>(Address),
                             __ATOMIC_ACQUIRE);
  unsigned long long Mask = Wide ? ~0ull : 0xffffffffull;
  switch (Flags & 0xf) {
  case 0: // GEQ: a cyclic comparison, as CUDA's
    return Wide ? int64_t(Current - Value) >= 0
                : int32_t(uint32_t(Current) - uint32_t(Value)) >= 0;
  case 1: // EQ
    return Current == (Value & Mask);
  case 2: // AND
    return (Current & Value) != 0;
  default: // NOR
    return (~(Current | Value) & Mask) != 0;
  }
}

} // namespace

void unmapExternalBuffer(uintptr_t Address, size_t Size) {
  uintptr_t Start = Address & ~(pageSize() - 1);
  munmap(reinterpret_cast<void *>(Start), Size + (Address - Start));
}

cudaError_t
HostBackend::importExternalMemory(void *&Handle,
                                  const cudaExternalMemoryHandleDesc &Desc) {
  // Windows, Direct3D and NvSciBuf objects do not exist here.
  if (Desc.type != cudaExternalMemoryHandleTypeOpaqueFd)
    return cudaErrorNotSupported;
  struct stat Info;
  if (Desc.size == 0 || (Desc.flags & ~cudaExternalMemoryDedicated) ||
      Desc.handle.fd < 0 || fstat(Desc.handle.fd, &Info) != 0 ||
      (S_ISREG(Info.st_mode) && size_t(Info.st_size) < Desc.size))
    return cudaErrorInvalidValue;
  // CUDA owns the descriptor once the import succeeds.
  auto *Memory = new ExternalMemory{Desc.handle.fd, size_t(Desc.size)};
  setLive(Memory, true);
  Handle = Memory;
  return cudaSuccess;
}

cudaError_t
HostBackend::externalMemoryMappedBuffer(void *&Ptr, void *Handle,
                                        const cudaExternalMemoryBufferDesc &Desc) {
  auto *Memory = lookUp<ExternalMemory>(Handle);
  if (!Memory || Desc.size == 0 || Desc.flags != 0 ||
      Desc.offset > Memory->Size || Desc.size > Memory->Size - Desc.offset)
    return cudaErrorInvalidValue;
  size_t Page = pageSize();
  size_t Start = Desc.offset & ~(Page - 1), Skip = Desc.offset - Start;
  void *Mapped = mmap(nullptr, Desc.size + Skip, PROT_READ | PROT_WRITE,
                      MAP_SHARED, Memory->Fd, off_t(Start));
  if (Mapped == MAP_FAILED)
    return cudaErrorMemoryAllocation;
  Ptr = static_cast<char *>(Mapped) + Skip;
  std::lock_guard<std::mutex> Lock(Mutex);
  Allocations[reinterpret_cast<uintptr_t>(Ptr)] = {size_t(Desc.size),
                                                   AllocationKind::External};
  return cudaSuccess;
}

cudaError_t HostBackend::destroyExternalMemory(void *Handle) {
  auto *Memory = lookUp<ExternalMemory>(Handle);
  if (!Memory)
    return cudaErrorInvalidValue;
  setLive(Memory, false);
  // Buffers mapped from it stay mapped until cudaFree (the mapping keeps
  // the file alive), as CUDA asks programs to free them.
  close(Memory->Fd);
  delete Memory;
  return cudaSuccess;
}

/// A shareable arena: its memory file and the bytes it holds.
struct SharedArena {
  int Fd;
  std::mutex Mutex;
};

cudaError_t HostBackend::arenaCreate(void *&Arena, int Device) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  int Fd = memfd_create("rubicon-pool", MFD_CLOEXEC);
  if (Fd < 0)
    return cudaErrorMemoryAllocation;
  Arena = new SharedArena{Fd, {}};
  return cudaSuccess;
}

cudaError_t HostBackend::arenaExport(int &Fd, void *Arena) {
  Fd = dup(static_cast<SharedArena *>(Arena)->Fd);
  return Fd < 0 ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t HostBackend::arenaImport(void *&Arena, int Fd) {
  struct stat Info;
  if (Fd < 0 || fstat(Fd, &Info) != 0)
    return cudaErrorInvalidValue;
  int Own = dup(Fd);
  if (Own < 0)
    return cudaErrorInvalidValue;
  Arena = new SharedArena{Own, {}};
  return cudaSuccess;
}

cudaError_t HostBackend::arenaMap(void *&Ptr, void *Handle, size_t Offset,
                                  size_t Size, bool Grow) {
  auto *Arena = static_cast<SharedArena *>(Handle);
  if (Size == 0 || Offset % pageSize() != 0)
    return cudaErrorInvalidValue;
  {
    std::lock_guard<std::mutex> Lock(Arena->Mutex);
    struct stat Info;
    if (fstat(Arena->Fd, &Info) != 0)
      return cudaErrorInvalidValue;
    if (size_t(Info.st_size) < Offset + Size) {
      if (!Grow)
        return cudaErrorInvalidValue;
      if (ftruncate(Arena->Fd, off_t(Offset + Size)) != 0)
        return cudaErrorMemoryAllocation;
    }
  }
  void *Mapped = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_SHARED,
                      Arena->Fd, off_t(Offset));
  if (Mapped == MAP_FAILED)
    return cudaErrorMemoryAllocation;
  Ptr = Mapped;
  std::lock_guard<std::mutex> Lock(Mutex);
  Allocations[reinterpret_cast<uintptr_t>(Ptr)] = {Size,
                                                   AllocationKind::External};
  return cudaSuccess;
}

cudaError_t HostBackend::arenaRelease(void *Handle) {
  auto *Arena = static_cast<SharedArena *>(Handle);
  // Blocks still mapped keep the file alive.
  close(Arena->Fd);
  delete Arena;
  return cudaSuccess;
}

cudaError_t HostBackend::importExternalSemaphore(
    void *&Handle, const cudaExternalSemaphoreHandleDesc &Desc) {
  bool Timeline =
      Desc.type == cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd;
  if (!Timeline && Desc.type != cudaExternalSemaphoreHandleTypeOpaqueFd)
    return cudaErrorNotSupported;
  struct stat Info;
  if (Desc.flags != 0 || Desc.handle.fd < 0 ||
      fstat(Desc.handle.fd, &Info) != 0 ||
      size_t(Info.st_size) < sizeof(uint64_t))
    return cudaErrorInvalidValue;
  void *Mapped = mmap(nullptr, sizeof(uint64_t), PROT_READ | PROT_WRITE,
                      MAP_SHARED, Desc.handle.fd, 0);
  if (Mapped == MAP_FAILED)
    return cudaErrorInvalidValue;
  auto *Semaphore = new ExternalSemaphore{
      Desc.handle.fd, static_cast<uint64_t *>(Mapped), Timeline};
  setLive(Semaphore, true);
  Handle = Semaphore;
  return cudaSuccess;
}

cudaError_t HostBackend::signalExternalSemaphore(
    void *Handle, const cudaExternalSemaphoreSignalParams &Params,
    cudaStream_t Stream) {
  auto *Semaphore = lookUp<ExternalSemaphore>(Handle);
  if (!Semaphore)
    return cudaErrorInvalidValue;
  uint64_t *Value = Semaphore->Value;
  uint64_t Signaled = Semaphore->Timeline ? Params.params.fence.value : 1;
  bool Timeline = Semaphore->Timeline;
  return enqueue(Stream, false, [Value, Signaled, Timeline] {
    if (!Timeline) {
      __atomic_store_n(Value, Signaled, __ATOMIC_RELEASE);
      return;
    }
    uint64_t Current = __atomic_load_n(Value, __ATOMIC_RELAXED);
    while (Current < Signaled &&
           !__atomic_compare_exchange_n(Value, &Current, Signaled, true,
                                        __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
    }
  });
}

cudaError_t HostBackend::waitExternalSemaphore(
    void *Handle, const cudaExternalSemaphoreWaitParams &Params,
    cudaStream_t Stream) {
  auto *Semaphore = lookUp<ExternalSemaphore>(Handle);
  if (!Semaphore)
    return cudaErrorInvalidValue;
  uint64_t *Value = Semaphore->Value;
  uint64_t Awaited = Params.params.fence.value;
  bool Timeline = Semaphore->Timeline;
  return enqueue(Stream, false, [Value, Awaited, Timeline] {
    pollUntil([&] {
      if (Timeline)
        return __atomic_load_n(Value, __ATOMIC_ACQUIRE) >= Awaited;
      uint64_t Signaled = 1;
      return __atomic_compare_exchange_n(Value, &Signaled, 0, false,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    });
  });
}

cudaError_t HostBackend::destroyExternalSemaphore(void *Handle) {
  auto *Semaphore = lookUp<ExternalSemaphore>(Handle);
  if (!Semaphore)
    return cudaErrorInvalidValue;
  setLive(Semaphore, false);
  // Signals and waits already queued still use the mapping.
  waitForEveryDevice();
  munmap(Semaphore->Value, sizeof(uint64_t));
  close(Semaphore->Fd);
  delete Semaphore;
  return cudaSuccess;
}

cudaError_t HostBackend::streamWaitValue(cudaStream_t Stream, void *Address,
                                         unsigned long long Value, bool Wide,
                                         unsigned Flags) {
  size_t Size = Wide ? 8 : 4;
  if (!Address || reinterpret_cast<uintptr_t>(Address) % Size != 0 ||
      (Flags & ~(0xfu | (1u << 30))) || (Flags & 0xf) > 3)
    return cudaErrorInvalidValue;
  return enqueue(Stream, false, [Address, Value, Wide, Flags] {
    pollUntil([&] { return waitConditionHolds(Address, Value, Wide, Flags); });
  });
}

cudaError_t HostBackend::streamWriteValue(cudaStream_t Stream, void *Address,
                                          unsigned long long Value, bool Wide,
                                          unsigned Flags) {
  size_t Size = Wide ? 8 : 4;
  if (!Address || reinterpret_cast<uintptr_t>(Address) % Size != 0 ||
      (Flags & ~1u))
    return cudaErrorInvalidValue;
  return enqueue(Stream, false, [Address, Value, Wide] {
    if (Wide)
      __atomic_store_n(static_cast<uint64_t *>(Address), uint64_t(Value),
                       __ATOMIC_RELEASE);
    else
      __atomic_store_n(static_cast<uint32_t *>(Address), uint32_t(Value),
                       __ATOMIC_RELEASE);
  });
}

} // namespace rubicon::cudart::host
