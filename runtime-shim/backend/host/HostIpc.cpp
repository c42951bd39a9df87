//===- HostIpc.cpp - Host backend interprocess memory and events ----------===//
//
// Part of Rubicon's host backend (HostBackend.h). cudaIpc* between processes
// on one machine (docs/host-target.md, "Interprocess memory and events"):
//  - Memory: cudaMalloc's allocations of 2 MiB or more are page aligned and
//    own their pages (HostAllocations.cpp); smaller ones cannot be shared. cudaIpcGetMemHandle moves an allocation, in
//    place, into a memory file (memfd): its bytes are copied there and the
//    file is mapped over the same addresses. The handle names the file by
//    the exporting process and descriptor (/proc/<pid>/fd/<fd>, checked
//    against the file's inode), so the importer maps the same pages;
//    nothing is left in the file system. cudaFree puts private pages back.
//  - Events made with cudaEventInterprocess keep their state in a shared
//    page: the number of records made and the last one completed. A wait
//    (cudaStreamWaitEvent, cudaEventSynchronize) waits for the records made
//    before it, in whichever process they were made.
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include "Log.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace rubicon::cudart::host {

namespace {
/// What a cudaIpcMemHandle_t / cudaIpcEventHandle_t holds on this backend.
struct IpcHandle {
  char Magic[8]; // "RBNIPCM" or "RBNIPCE"
  int64_t Process;
  int64_t Descriptor;
  uint64_t Device, Inode;
  uint64_t Size;
  uint64_t Reserved;
};
static_assert(sizeof(IpcHandle) <= Backend::IpcHandleSize);
constexpr char MemoryMagic[8] = "RBNIPCM";
constexpr char EventMagic[8] = "RBNIPCE";

size_t pageSize() { return size_t(sysconf(_SC_PAGESIZE)); }

size_t roundToPages(size_t Size) {
  size_t Page = pageSize();
  return (Size + Page - 1) / Page * Page;
}

/// A memory file of `Size` bytes and its handle.
int createFile(const char *Name, size_t Size, IpcHandle &Handle,
               const char *Magic) {
  int Fd = memfd_create(Name, MFD_CLOEXEC);
  if (Fd < 0)
    return -1;
  struct stat Info;
  if (ftruncate(Fd, off_t(Size)) != 0 || fstat(Fd, &Info) != 0) {
    close(Fd);
    return -1;
  }
  std::memset(&Handle, 0, sizeof Handle);
  std::memcpy(Handle.Magic, Magic, sizeof Handle.Magic);
  Handle.Process = getpid();
  Handle.Descriptor = Fd;
  Handle.Device = Info.st_dev;
  Handle.Inode = Info.st_ino;
  Handle.Size = Size;
  return Fd;
}

/// Opens the file a handle names; -1 if it is gone or is another file.
int openFile(const IpcHandle &Handle) {
  char Path[64];
  std::snprintf(Path, sizeof Path, "/proc/%lld/fd/%lld",
                static_cast<long long>(Handle.Process),
                static_cast<long long>(Handle.Descriptor));
  int Fd = open(Path, O_RDWR | O_CLOEXEC);
  if (Fd < 0) {
    logMessage("host backend: cannot open the IPC handle's file %s: %s", Path,
               std::strerror(errno));
    return -1;
  }
  struct stat Info;
  if (fstat(Fd, &Info) != 0 || uint64_t(Info.st_dev) != Handle.Device ||
      uint64_t(Info.st_ino) != Handle.Inode ||
      uint64_t(Info.st_size) < Handle.Size) {
    logMessage("host backend: the IPC handle's file %s is no longer its",
               Path);
    close(Fd);
    return -1;
  }
  return Fd;
}

/// Waits until an interprocess event's record `Record` has completed, or
/// the waiting context has faulted.
void waitForRecord(const SharedEventState &State, uint64_t Record,
                   const std::atomic<int> &Fault) {
  while (__atomic_load_n(&State.Completed, __ATOMIC_ACQUIRE) < Record &&
         !Fault.load())
    std::this_thread::sleep_for(std::chrono::microseconds(20));
}
} // namespace

cudaError_t HostBackend::ipcGetMemHandle(void *Handle, void *DevPtr) {
  waitForEveryDevice(); // no kernel writes the memory while it moves
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Address = reinterpret_cast<uintptr_t>(DevPtr);
  auto It = Allocations.upper_bound(Address);
  if (It == Allocations.begin())
    return cudaErrorInvalidValue;
  --It;
  Allocation &A = It->second;
  if (A.Kind != AllocationKind::Device ||
      Address >= It->first + std::max<size_t>(A.Size, 1))
    return cudaErrorInvalidValue;
  IpcHandle H;
  if (A.IpcFd < 0) {
    void *Base = reinterpret_cast<void *>(It->first);
    size_t Bytes = roundToPages(A.Size);
    if (A.Size < IpcAllocationBytes || It->first % pageSize()) {
      logMessage("host backend: only cudaMalloc allocations of %zu bytes or "
                 "more can be shared with other processes",
                 IpcAllocationBytes);
      return cudaErrorInvalidValue;
    }
    int Fd = createFile("rubicon-ipc-memory", Bytes, H, MemoryMagic);
    if (Fd < 0)
      return cudaErrorMemoryAllocation;
    // The allocation's bytes move into the file, which then takes the
    // allocation's place.
    if (pwrite(Fd, Base, Bytes, 0) != ssize_t(Bytes) ||
        mmap(Base, Bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, Fd,
             0) == MAP_FAILED) {
      close(Fd);
      return cudaErrorMemoryAllocation;
    }
    A.IpcFd = Fd;
  } else {
    struct stat Info;
    fstat(A.IpcFd, &Info);
    std::memset(&H, 0, sizeof H);
    std::memcpy(H.Magic, MemoryMagic, sizeof H.Magic);
    H.Process = getpid();
    H.Descriptor = A.IpcFd;
    H.Device = Info.st_dev;
    H.Inode = Info.st_ino;
    H.Size = roundToPages(A.Size);
  }
  H.Reserved = A.Size;
  std::memset(Handle, 0, IpcHandleSize);
  std::memcpy(Handle, &H, sizeof H);
  return cudaSuccess;
}

cudaError_t HostBackend::ipcOpenMemHandle(void *&DevPtr, const void *Handle,
                                          unsigned) {
  IpcHandle H;
  std::memcpy(&H, Handle, sizeof H);
  if (std::memcmp(H.Magic, MemoryMagic, sizeof H.Magic) != 0)
    return cudaErrorInvalidResourceHandle;
  std::lock_guard<std::mutex> Lock(Mutex);
  // Opened before here: the same pointer, one more reference.
  for (auto &[Address, Opened] : ImportedMemory)
    if (Opened.Device == H.Device && Opened.Inode == H.Inode) {
      ++Opened.References;
      DevPtr = reinterpret_cast<void *>(Address);
      return cudaSuccess;
    }
  int Fd = openFile(H);
  if (Fd < 0)
    return cudaErrorInvalidResourceHandle;
  void *P = mmap(nullptr, H.Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  close(Fd);
  if (P == MAP_FAILED)
    return cudaErrorMapBufferObjectFailed;
  auto Address = reinterpret_cast<uintptr_t>(P);
  int Device = 0;
  getDevice(Device);
  Allocations[Address] = {size_t(H.Reserved ? H.Reserved : H.Size),
                          AllocationKind::Imported, Device};
  ImportedMemory[Address] = {H.Device, H.Inode, size_t(H.Size), 1};
  DevPtr = P;
  return cudaSuccess;
}

cudaError_t HostBackend::ipcCloseMemHandle(void *DevPtr) {
  waitForEveryDevice();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Address = reinterpret_cast<uintptr_t>(DevPtr);
  auto It = ImportedMemory.find(Address);
  if (It == ImportedMemory.end())
    return cudaErrorInvalidResourceHandle;
  if (--It->second.References == 0) {
    munmap(DevPtr, It->second.Bytes);
    ImportedMemory.erase(It);
    Allocations.erase(Address);
  }
  return cudaSuccess;
}

void HostBackend::freeDeviceMemory(uintptr_t Address, const Allocation &A) {
  switch (A.Kind) {
  case AllocationKind::External:
    unmapExternalBuffer(Address, A.Size);
    return;
  case AllocationKind::Registered:
  case AllocationKind::Mapped:
  case AllocationKind::ModuleGlobal:
  case AllocationKind::ModuleManaged:
    return;
  case AllocationKind::Imported:
    if (auto It = ImportedMemory.find(Address); It != ImportedMemory.end()) {
      munmap(reinterpret_cast<void *>(Address), It->second.Bytes);
      ImportedMemory.erase(It);
    }
    return;
  default:
    break;
  }
  if (A.IpcFd >= 0) {
    // Exported: private pages again before the C library reuses them.
    mmap(reinterpret_cast<void *>(Address), roundToPages(A.Size),
         PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
         0);
    close(A.IpcFd);
  }
  std::free(reinterpret_cast<void *>(Address));
}

cudaError_t HostBackend::makeInterprocessEvent(HostEvent &Event) {
  IpcHandle H;
  int Fd = createFile("rubicon-ipc-event", pageSize(), H, EventMagic);
  if (Fd < 0)
    return cudaErrorMemoryAllocation;
  void *P =
      mmap(nullptr, pageSize(), PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  if (P == MAP_FAILED) {
    close(Fd);
    return cudaErrorMemoryAllocation;
  }
  Event.Shared = static_cast<SharedEventState *>(P);
  Event.SharedFd = Fd;
  return cudaSuccess;
}

void HostBackend::releaseInterprocessEvent(HostEvent &Event) {
  if (!Event.Shared)
    return;
  munmap(Event.Shared, pageSize());
  if (Event.SharedFd >= 0)
    close(Event.SharedFd);
  Event.Shared = nullptr;
}

uint64_t HostBackend::recordInterprocessEvent(HostEvent &Event) {
  return __atomic_add_fetch(&Event.Shared->Recorded, 1, __ATOMIC_ACQ_REL);
}

void HostBackend::completeInterprocessRecord(SharedEventState &State,
                                             uint64_t Record) {
  uint64_t Seen = __atomic_load_n(&State.Completed, __ATOMIC_RELAXED);
  while (Seen < Record &&
         !__atomic_compare_exchange_n(&State.Completed, &Seen, Record, true,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED))
    ;
}

cudaError_t HostBackend::waitInterprocessEvent(HostEvent &Event, bool Here,
                                               cudaStream_t Stream) {
  SharedEventState *State = Event.Shared;
  uint64_t Record = __atomic_load_n(&State->Recorded, __ATOMIC_ACQUIRE);
  if (Here) {
    HostContext &C = context();
    waitForRecord(*State, Record, C.Fault);
    return faultOf(C);
  }
  // The stream's later work waits in the queue (one queue: a record of the
  // same process queued after this wait never comes; CUDA's processes do not
  // open their own events' handles).
  HostContext *C = contextOfStream(Stream);
  if (!C)
    return cudaErrorInvalidResourceHandle;
  return enqueue(Stream, false,
                 [C, State, Record] { waitForRecord(*State, Record, C->Fault); });
}

cudaError_t HostBackend::ipcGetEventHandle(void *Handle, cudaEvent_t Event) {
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  if (!E->Shared)
    return cudaErrorInvalidResourceHandle; // not cudaEventInterprocess
  struct stat Info;
  if (fstat(E->SharedFd, &Info) != 0)
    return cudaErrorInvalidResourceHandle;
  IpcHandle H;
  std::memset(&H, 0, sizeof H);
  std::memcpy(H.Magic, EventMagic, sizeof H.Magic);
  H.Process = getpid();
  H.Descriptor = E->SharedFd;
  H.Device = Info.st_dev;
  H.Inode = Info.st_ino;
  H.Size = pageSize();
  std::memset(Handle, 0, IpcHandleSize);
  std::memcpy(Handle, &H, sizeof H);
  return cudaSuccess;
}

cudaError_t HostBackend::ipcOpenEventHandle(cudaEvent_t &Event,
                                            const void *Handle) {
  IpcHandle H;
  std::memcpy(&H, Handle, sizeof H);
  if (std::memcmp(H.Magic, EventMagic, sizeof H.Magic) != 0)
    return cudaErrorInvalidResourceHandle;
  int Fd = openFile(H);
  if (Fd < 0)
    return cudaErrorInvalidResourceHandle;
  void *P =
      mmap(nullptr, pageSize(), PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  if (P == MAP_FAILED) {
    close(Fd);
    return cudaErrorMapBufferObjectFailed;
  }
  auto *E = new HostEvent;
  E->Flags = cudaEventInterprocess | cudaEventDisableTiming;
  E->Shared = static_cast<SharedEventState *>(P);
  E->SharedFd = Fd;
  std::lock_guard<std::mutex> Lock(Mutex);
  Events.insert(E);
  Event = reinterpret_cast<cudaEvent_t>(E);
  return cudaSuccess;
}

} // namespace rubicon::cudart::host
