//===- HostBackend.cpp - Run host code objects on the CPU
//------------------===//
//
// Part of Rubicon. See HostBackend.h and docs/host-target.md.
//
// Ordering: every stream's work goes into one queue, served in issue order by
// one executor thread. That is one of the schedules CUDA allows for any mix of
// the legacy default stream, blocking and non-blocking streams and per-thread
// default streams (CUDA never promises that streams overlap), so ordering
// within a stream, the legacy stream's implicit synchronization, events and
// stream waits all hold. Kernels fan out over the worker pool inside that
// order. A fault in a kernel (assert, trap) becomes the device's error: the
// rest of the queue is dropped and every later call reports it until
// cudaDeviceReset.
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include "BlockScheduler.h"
#include "Log.h"
#include "ModuleImage.h"

#include <rubicon/Config.h>
#include <rubicon/FatBinary.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <dlfcn.h>
#include <functional>
#include <link.h>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>

namespace rubicon::cudart {
namespace {

using Clock = std::chrono::steady_clock;
using host::BlockScheduler;
using host::GridLaunch;
using host::KernelEntry;

constexpr size_t DeviceAllocationAlignment = 256;
constexpr size_t MaxSharedMemoryPerBlock = 64 * 1024;

/// One CUDA stream: only flags and the last piece of work queued on it.
struct HostStream {
  unsigned Flags = 0;
  int Priority = 0;
  uint64_t LastWork = 0;
};

struct HostEvent {
  unsigned Flags = 0;
  uint64_t RecordedWork = 0; // 0: never recorded
  bool Recorded = false;
  Clock::time_point Time;
};

/// A kernel of a loaded code object.
struct HostKernel {
  KernelEntry Entry = nullptr;
  std::vector<unsigned long long> ParamSizes;
  size_t StaticSharedBytes = 0;
  int MaxDynamicSharedBytes = 0;
};

enum class AllocationKind { Device, Host, Managed, Registered };

struct Allocation {
  size_t Size;
  AllocationKind Kind;
};

/// Worker threads that run the blocks of one grid at a time.
class WorkerPool {
public:
  explicit WorkerPool(unsigned Count) {
    for (unsigned I = 0; I < Count; ++I)
      Workers.emplace_back([this] { work(); });
  }
  ~WorkerPool() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
    }
    Wake.notify_all();
    for (std::thread &T : Workers)
      T.join();
  }
  unsigned size() const { return static_cast<unsigned>(Workers.size()); }

  /// Runs every block of `Launch`; returns 0 or the first fault.
  int runGrid(const GridLaunch &Launch) {
    uint64_t Blocks =
        uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2];
    std::unique_lock<std::mutex> Lock(Mutex);
    Current = &Launch;
    NextBlock = 0;
    BlockCount = Blocks;
    Fault = 0;
    Busy = static_cast<unsigned>(Workers.size());
    ++Generation;
    Wake.notify_all();
    Done.wait(Lock, [this] { return Busy == 0; });
    Current = nullptr;
    return Fault;
  }

private:
  void work() {
    BlockScheduler Scheduler;
    uint64_t Seen = 0;
    std::unique_lock<std::mutex> Lock(Mutex);
    for (;;) {
      Wake.wait(Lock, [&] { return Stopping || Generation != Seen; });
      if (Stopping)
        return;
      Seen = Generation;
      const GridLaunch &Launch = *Current;
      Lock.unlock();
      for (;;) {
        uint64_t Block = NextBlock.fetch_add(1);
        if (Block >= BlockCount || FaultSeen.load())
          break;
        if (int F = Scheduler.runBlock(Launch, Block)) {
          int Expected = 0;
          FaultSeen.compare_exchange_strong(Expected, F);
        }
      }
      Lock.lock();
      if (int F = FaultSeen.exchange(0); F && !Fault)
        Fault = F;
      if (--Busy == 0)
        Done.notify_all();
    }
  }

  std::vector<std::thread> Workers;
  std::mutex Mutex;
  std::condition_variable Wake, Done;
  const GridLaunch *Current = nullptr;
  std::atomic<uint64_t> NextBlock{0};
  uint64_t BlockCount = 0;
  std::atomic<int> FaultSeen{0};
  int Fault = 0;
  unsigned Busy = 0;
  uint64_t Generation = 0;
  bool Stopping = false;
};

/// The single in-order queue every stream feeds.
class WorkQueue {
public:
  WorkQueue() : Executor([this] { serve(); }) {}
  ~WorkQueue() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
    }
    Changed.notify_all();
    Executor.join();
  }
  /// Queues `Work`; returns its sequence number.
  uint64_t push(std::function<void()> Work) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Pending.push_back({++LastQueued, std::move(Work)});
    Changed.notify_all();
    return LastQueued;
  }
  void waitFor(uint64_t Sequence) {
    std::unique_lock<std::mutex> Lock(Mutex);
    Changed.wait(Lock, [&] { return Completed >= Sequence; });
  }
  void waitForAll() { waitFor(lastQueued()); }
  bool isDone(uint64_t Sequence) {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Completed >= Sequence;
  }
  uint64_t lastQueued() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return LastQueued;
  }

private:
  void serve() {
    std::unique_lock<std::mutex> Lock(Mutex);
    for (;;) {
      Changed.wait(Lock, [&] { return Stopping || !Pending.empty(); });
      if (Pending.empty())
        return;
      auto [Sequence, Work] = std::move(Pending.front());
      Pending.pop_front();
      Lock.unlock();
      Work();
      Lock.lock();
      Completed = Sequence;
      Changed.notify_all();
    }
  }

  std::mutex Mutex;
  std::condition_variable Changed;
  std::deque<std::pair<uint64_t, std::function<void()>>> Pending;
  uint64_t LastQueued = 0, Completed = 0;
  bool Stopping = false;
  std::thread Executor;
};

unsigned workerCount() {
  if (const char *Text = std::getenv("RUBICON_HOST_WORKERS"))
    if (int N = std::atoi(Text); N > 0)
      return static_cast<unsigned>(std::min(N, 256));
  unsigned N = std::thread::hardware_concurrency();
  return N ? N : 1;
}

size_t physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
  return Pages > 0 && PageSize > 0 ? size_t(Pages) * size_t(PageSize)
                                   : size_t(8) << 30;
}

class HostBackend final : public Backend {
public:
  ~HostBackend() override {
    if (Queue)
      Queue->waitForAll();
    Queue.reset();
    Pool.reset();
  }
  const char *name() const override { return "host"; }

  cudaError_t initialize() override {
    Pool = std::make_unique<WorkerPool>(workerCount());
    Queue = std::make_unique<WorkQueue>();
    logMessage("host backend: %u worker threads", Pool->size());
    return cudaSuccess;
  }
  int runtimeVersion() const override {
    return 1000 * RUBICON_CUDA_VERSION_MAJOR + 10 * RUBICON_CUDA_VERSION_MINOR;
  }

  // Devices: one.
  cudaError_t getDeviceCount(int &Count) override {
    Count = 1;
    return cudaSuccess;
  }
  cudaError_t setDevice(int Device) override {
    return Device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
  }
  cudaError_t getDevice(int &Device) override {
    Device = 0;
    return cudaSuccess;
  }
  cudaError_t getDeviceProperties(cudaDeviceProp &Prop, int Device) override;
  cudaError_t deviceSynchronize() override {
    Queue->waitForAll();
    return deviceError();
  }
  cudaError_t deviceReset() override {
    Queue->waitForAll();
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto &[Address, A] : Allocations)
      if (A.Kind != AllocationKind::Registered)
        std::free(reinterpret_cast<void *>(Address));
    Allocations.clear();
    Fault = 0;
    return cudaSuccess;
  }
  cudaError_t setCacheConfig(cudaFuncCache) override { return cudaSuccess; }
  cudaError_t setDeviceFlags(unsigned Flags) override {
    DeviceFlags = Flags;
    return cudaSuccess;
  }
  cudaError_t getDeviceFlags(unsigned &Flags) override {
    Flags = DeviceFlags;
    return cudaSuccess;
  }
  cudaError_t getStreamPriorityRange(int &Least, int &Greatest) override {
    Least = 0;
    Greatest = -1;
    return cudaSuccess;
  }

  // Memory.
  cudaError_t allocate(void **Ptr, size_t Size, AllocationKind Kind) {
    if (!Ptr)
      return cudaErrorInvalidValue;
    *Ptr = nullptr;
    if (Size == 0)
      return cudaSuccess;
    size_t Rounded = (Size + DeviceAllocationAlignment - 1) &
                     ~(DeviceAllocationAlignment - 1);
    void *P = std::aligned_alloc(DeviceAllocationAlignment, Rounded);
    if (!P)
      return cudaErrorMemoryAllocation;
    std::lock_guard<std::mutex> Lock(Mutex);
    Allocations[reinterpret_cast<uintptr_t>(P)] = {Size, Kind};
    *Ptr = P;
    return cudaSuccess;
  }
  cudaError_t release(void *Ptr, AllocationKind Kind) {
    if (!Ptr)
      return cudaSuccess;
    if (cudaError_t E = deviceError())
      return E;
    // CUDA's cudaFree synchronizes: kernels may still use the memory.
    Queue->waitForAll();
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
    bool HostKind = Kind == AllocationKind::Host;
    if (It == Allocations.end() ||
        (It->second.Kind == AllocationKind::Host) != HostKind ||
        It->second.Kind == AllocationKind::Registered)
      return HostKind ? cudaErrorInvalidValue : cudaErrorInvalidDevicePointer;
    Allocations.erase(It);
    std::free(Ptr);
    return cudaSuccess;
  }
  cudaError_t malloc(void **Ptr, size_t Size) override {
    return allocate(Ptr, Size, AllocationKind::Device);
  }
  cudaError_t free(void *Ptr) override {
    return release(Ptr, AllocationKind::Device);
  }
  cudaError_t mallocManaged(void **Ptr, size_t Size, unsigned) override {
    return allocate(Ptr, Size, AllocationKind::Managed);
  }
  cudaError_t hostAlloc(void **Ptr, size_t Size, unsigned) override {
    return allocate(Ptr, Size, AllocationKind::Host);
  }
  cudaError_t freeHost(void *Ptr) override {
    return release(Ptr, AllocationKind::Host);
  }
  cudaError_t hostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                   unsigned) override {
    if (!DevicePtr || !findAllocation(HostPtr))
      return cudaErrorInvalidValue;
    *DevicePtr = HostPtr;
    return cudaSuccess;
  }
  cudaError_t memGetInfo(size_t &Free, size_t &Total) override {
    Total = physicalMemory();
    long Pages = sysconf(_SC_AVPHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
    Free = Pages > 0 ? size_t(Pages) * size_t(PageSize) : Total / 2;
    return cudaSuccess;
  }

  static bool validKind(cudaMemcpyKind Kind) {
    return Kind >= cudaMemcpyHostToHost && Kind <= cudaMemcpyDefault;
  }
  cudaError_t memcpy(void *Dst, const void *Src, size_t Count,
                     cudaMemcpyKind Kind) override {
    return memcpyAsyncImpl(Dst, Src, Count, Kind, nullptr, /*Wait=*/true);
  }
  cudaError_t memcpyAsync(void *Dst, const void *Src, size_t Count,
                          cudaMemcpyKind Kind, cudaStream_t Stream) override {
    // From or to memory the runtime did not allocate (pageable host memory)
    // CUDA copies before returning; so does this.
    bool Pageable = !findAllocation(Src) || !findAllocation(Dst);
    return memcpyAsyncImpl(Dst, Src, Count, Kind, Stream, Pageable);
  }
  cudaError_t memcpyAsyncImpl(void *Dst, const void *Src, size_t Count,
                              cudaMemcpyKind Kind, cudaStream_t Stream,
                              bool Wait) {
    if (!validKind(Kind))
      return cudaErrorInvalidMemcpyDirection;
    if (Count && (!Dst || !Src))
      return cudaErrorInvalidValue;
    return enqueue(Stream, Wait, [=] {
      if (Count)
        std::memmove(Dst, Src, Count);
    });
  }
  cudaError_t memset(void *Ptr, int Value, size_t Count) override {
    return memsetImpl(Ptr, Value, Count, nullptr, true);
  }
  cudaError_t memsetAsync(void *Ptr, int Value, size_t Count,
                          cudaStream_t Stream) override {
    return memsetImpl(Ptr, Value, Count, Stream, false);
  }
  cudaError_t memsetImpl(void *Ptr, int Value, size_t Count,
                         cudaStream_t Stream, bool Wait) {
    if (Count && !Ptr)
      return cudaErrorInvalidValue;
    return enqueue(Stream, Wait, [=] {
      if (Count)
        std::memset(Ptr, Value, Count);
    });
  }
  cudaError_t mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                          size_t Height) override {
    Pitch = (Width + DeviceAllocationAlignment - 1) &
            ~(DeviceAllocationAlignment - 1);
    return malloc(Ptr, Pitch * Height);
  }
  cudaError_t memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                       size_t SrcPitch, size_t Width, size_t Height,
                       cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async) override {
    if (!validKind(Kind))
      return cudaErrorInvalidMemcpyDirection;
    if (Width > DstPitch || Width > SrcPitch)
      return cudaErrorInvalidPitchValue;
    return enqueue(Async ? Stream : nullptr, !Async, [=] {
      for (size_t Row = 0; Row < Height; ++Row)
        std::memmove(static_cast<char *>(Dst) + Row * DstPitch,
                     static_cast<const char *>(Src) + Row * SrcPitch, Width);
    });
  }
  cudaError_t memset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                       size_t Height, cudaStream_t Stream,
                       bool Async) override {
    if (Width > Pitch)
      return cudaErrorInvalidPitchValue;
    return enqueue(Async ? Stream : nullptr, !Async, [=] {
      for (size_t Row = 0; Row < Height; ++Row)
        std::memset(static_cast<char *>(Ptr) + Row * Pitch, Value, Width);
    });
  }
  cudaError_t mallocAsync(void **Ptr, size_t Size, cudaStream_t) override {
    return malloc(Ptr, Size);
  }
  cudaError_t freeAsync(void *Ptr, cudaStream_t) override { return free(Ptr); }
  cudaError_t hostRegister(void *Ptr, size_t Size, unsigned) override {
    if (!Ptr || !Size)
      return cudaErrorInvalidValue;
    std::lock_guard<std::mutex> Lock(Mutex);
    auto [It, Inserted] =
        Allocations.try_emplace(reinterpret_cast<uintptr_t>(Ptr),
                                Allocation{Size, AllocationKind::Registered});
    return Inserted ? cudaSuccess : cudaErrorHostMemoryAlreadyRegistered;
  }
  cudaError_t hostUnregister(void *Ptr) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == Allocations.end() ||
        It->second.Kind != AllocationKind::Registered)
      return cudaErrorHostMemoryNotRegistered;
    Allocations.erase(It);
    return cudaSuccess;
  }
  cudaError_t pointerGetAttributes(cudaPointerAttributes &Attributes,
                                   const void *Ptr) override {
    Attributes = {};
    Attributes.device = 0;
    std::optional<Allocation> A = findAllocation(Ptr);
    if (!A) {
      Attributes.type = cudaMemoryTypeUnregistered;
      Attributes.device = -2;
      return cudaSuccess;
    }
    switch (A->Kind) {
    case AllocationKind::Device:
      Attributes.type = cudaMemoryTypeDevice;
      Attributes.devicePointer = const_cast<void *>(Ptr);
      break;
    case AllocationKind::Managed:
      Attributes.type = cudaMemoryTypeManaged;
      Attributes.devicePointer = Attributes.hostPointer =
          const_cast<void *>(Ptr);
      break;
    case AllocationKind::Host:
    case AllocationKind::Registered:
      Attributes.type = cudaMemoryTypeHost;
      Attributes.devicePointer = Attributes.hostPointer =
          const_cast<void *>(Ptr);
      break;
    }
    return cudaSuccess;
  }
  cudaError_t memPrefetchAsync(const void *, size_t, int,
                               cudaStream_t) override {
    return cudaSuccess;
  }
  cudaError_t deviceCanAccessPeer(int &CanAccess, int, int) override {
    CanAccess = 0;
    return cudaSuccess;
  }
  cudaError_t deviceEnablePeerAccess(int, unsigned) override {
    return cudaErrorInvalidDevice;
  }
  cudaError_t deviceDisablePeerAccess(int) override {
    return cudaErrorInvalidDevice;
  }
  cudaError_t memcpyPeer(void *Dst, int DstDevice, const void *Src,
                         int SrcDevice, size_t Count, cudaStream_t Stream,
                         bool Async) override {
    if (DstDevice != 0 || SrcDevice != 0)
      return cudaErrorInvalidDevice;
    return memcpyAsyncImpl(Dst, Src, Count, cudaMemcpyDeviceToDevice, Stream,
                           !Async);
  }
  cudaError_t deviceGetPCIBusId(char *BusId, int Length, int Device) override {
    if (Device != 0)
      return cudaErrorInvalidDevice;
    if (!BusId || Length <= 0)
      return cudaErrorInvalidValue;
    std::snprintf(BusId, size_t(Length), "0000:00:00.0");
    return cudaSuccess;
  }
  cudaError_t deviceGetByPCIBusId(int &Device, const char *BusId) override {
    if (!BusId || std::strcmp(BusId, "0000:00:00.0") != 0)
      return cudaErrorInvalidValue;
    Device = 0;
    return cudaSuccess;
  }

  // Streams and events.
  cudaError_t streamCreate(cudaStream_t &Stream, unsigned Flags,
                           int Priority) override {
    auto *S = new HostStream{Flags, Priority, 0};
    std::lock_guard<std::mutex> Lock(Mutex);
    Streams.insert(S);
    Stream = reinterpret_cast<cudaStream_t>(S);
    return cudaSuccess;
  }
  cudaError_t streamDestroy(cudaStream_t Stream) override {
    HostStream *S = userStream(Stream);
    if (!S)
      return cudaErrorInvalidResourceHandle;
    // Work already queued still runs (CUDA lets it complete).
    std::lock_guard<std::mutex> Lock(Mutex);
    Streams.erase(S);
    delete S;
    return cudaSuccess;
  }
  cudaError_t streamSynchronize(cudaStream_t Stream) override {
    uint64_t Last;
    if (cudaError_t E = lastWorkOf(Stream, Last))
      return E;
    Queue->waitFor(Last);
    return deviceError();
  }
  cudaError_t streamQuery(cudaStream_t Stream) override {
    uint64_t Last;
    if (cudaError_t E = lastWorkOf(Stream, Last))
      return E;
    if (cudaError_t E = deviceError())
      return E;
    return Queue->isDone(Last) ? cudaSuccess : cudaErrorNotReady;
  }
  cudaError_t streamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                              unsigned) override {
    uint64_t Last;
    if (cudaError_t E = lastWorkOf(Stream, Last))
      return E;
    if (!findEvent(Event))
      return cudaErrorInvalidResourceHandle;
    // One in-order queue: the event's work is already ahead of the stream's.
    return deviceError();
  }
  cudaError_t streamGetFlags(cudaStream_t Stream, unsigned &Flags) override {
    if (isSpecialStream(Stream)) {
      Flags = 0;
      return cudaSuccess;
    }
    HostStream *S = userStream(Stream);
    if (!S)
      return cudaErrorInvalidResourceHandle;
    Flags = S->Flags;
    return cudaSuccess;
  }
  cudaError_t streamGetPriority(cudaStream_t Stream, int &Priority) override {
    if (isSpecialStream(Stream)) {
      Priority = 0;
      return cudaSuccess;
    }
    HostStream *S = userStream(Stream);
    if (!S)
      return cudaErrorInvalidResourceHandle;
    Priority = S->Priority;
    return cudaSuccess;
  }
  cudaError_t streamAddCallback(cudaStream_t Stream,
                                cudaStreamCallback_t Callback,
                                void *UserData) override {
    if (!Callback)
      return cudaErrorInvalidValue;
    return enqueue(
        Stream, false,
        [this, Stream, Callback, UserData] {
          Callback(Stream, static_cast<cudaError_t>(Fault.load()), UserData);
        },
        /*RunAfterFault=*/true);
  }
  cudaError_t eventCreate(cudaEvent_t &Event, unsigned Flags) override {
    auto *E = new HostEvent{Flags, 0, false, {}};
    std::lock_guard<std::mutex> Lock(Mutex);
    Events.insert(E);
    Event = reinterpret_cast<cudaEvent_t>(E);
    return cudaSuccess;
  }
  cudaError_t eventRecord(cudaEvent_t Event, cudaStream_t Stream) override {
    HostEvent *E = findEvent(Event);
    if (!E)
      return cudaErrorInvalidResourceHandle;
    uint64_t Last;
    if (cudaError_t Status = lastWorkOf(Stream, Last))
      return Status;
    std::lock_guard<std::mutex> RecordLock(RecordMutex);
    E->Recorded = false;
    cudaError_t Status = enqueue(
        Stream, false, [E] { E->Time = Clock::now(); }, /*RunAfterFault=*/true);
    E->RecordedWork = Queue->lastQueued();
    E->Recorded = true;
    return Status;
  }
  cudaError_t eventSynchronize(cudaEvent_t Event) override {
    HostEvent *E = findEvent(Event);
    if (!E)
      return cudaErrorInvalidResourceHandle;
    Queue->waitFor(E->RecordedWork);
    return deviceError();
  }
  cudaError_t eventQuery(cudaEvent_t Event) override {
    HostEvent *E = findEvent(Event);
    if (!E)
      return cudaErrorInvalidResourceHandle;
    if (cudaError_t Status = deviceError())
      return Status;
    return Queue->isDone(E->RecordedWork) ? cudaSuccess : cudaErrorNotReady;
  }
  cudaError_t eventElapsedTime(float &Ms, cudaEvent_t Start,
                               cudaEvent_t End) override {
    HostEvent *S = findEvent(Start), *E = findEvent(End);
    if (!S || !E)
      return cudaErrorInvalidResourceHandle;
    if ((S->Flags | E->Flags) & cudaEventDisableTiming)
      return cudaErrorInvalidResourceHandle;
    if (!S->Recorded || !E->Recorded)
      return cudaErrorInvalidResourceHandle;
    if (!Queue->isDone(S->RecordedWork) || !Queue->isDone(E->RecordedWork))
      return cudaErrorNotReady;
    Ms = std::chrono::duration<float, std::milli>(E->Time - S->Time).count();
    return cudaSuccess;
  }
  cudaError_t eventDestroy(cudaEvent_t Event) override {
    HostEvent *E = findEvent(Event);
    if (!E)
      return cudaErrorInvalidResourceHandle;
    // A pending record still writes the event: let it land first.
    Queue->waitFor(E->RecordedWork);
    std::lock_guard<std::mutex> Lock(Mutex);
    Events.erase(E);
    delete E;
    return cudaSuccess;
  }

  // Code.
  cudaError_t registerFatBinary(const FatBinaryRecord &FatBinary) override;
  cudaError_t launchCooperativeKernel(const void *HostStub, LaunchDims Grid,
                                      LaunchDims Block, void **Args,
                                      size_t SharedMem,
                                      cudaStream_t Stream) override {
    return launch(HostStub, Grid, Block, Args, SharedMem, Stream, true);
  }
  cudaError_t launchKernel(const void *HostStub, LaunchDims Grid,
                           LaunchDims Block, void **Args, size_t SharedMem,
                           cudaStream_t Stream) override {
    return launch(HostStub, Grid, Block, Args, SharedMem, Stream, false);
  }
  cudaError_t launch(const void *HostStub, LaunchDims Grid, LaunchDims Block,
                     void **Args, size_t SharedMem, cudaStream_t Stream,
                     bool Cooperative);
  cudaError_t symbolAddress(void **DevicePtr, const void *HostVar) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Symbols.find(HostVar);
    if (It == Symbols.end())
      return cudaErrorInvalidSymbol;
    *DevicePtr = It->second;
    return cudaSuccess;
  }
  cudaError_t funcGetAttributes(cudaFuncAttributes &Attributes,
                                const void *HostStub) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Kernels.find(HostStub);
    if (It == Kernels.end())
      return cudaErrorInvalidDeviceFunction;
    Attributes = {};
    Attributes.sharedSizeBytes = It->second.StaticSharedBytes;
    Attributes.maxThreadsPerBlock = 1024;
    Attributes.numRegs = 32;
    Attributes.ptxVersion = Attributes.binaryVersion = 94;
    Attributes.maxDynamicSharedSizeBytes = static_cast<int>(
        MaxSharedMemoryPerBlock - It->second.StaticSharedBytes);
    return cudaSuccess;
  }
  cudaError_t funcSetCacheConfig(const void *HostStub, cudaFuncCache) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Kernels.count(HostStub) ? cudaSuccess
                                   : cudaErrorInvalidDeviceFunction;
  }
  cudaError_t funcSetAttribute(const void *HostStub, cudaFuncAttribute,
                               int) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Kernels.count(HostStub) ? cudaSuccess
                                   : cudaErrorInvalidDeviceFunction;
  }
  cudaError_t occupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks,
                                                        const void *HostStub,
                                                        int BlockSize,
                                                        size_t) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Kernels.count(HostStub))
      return cudaErrorInvalidDeviceFunction;
    NumBlocks = BlockSize > 0 ? std::max(1, 2048 / BlockSize) : 0;
    return cudaSuccess;
  }

  // Driver API (docs/driver-api.md).
  cudaError_t moduleLoad(void *&Module, const void *Image,
                         size_t Size) override;
  cudaError_t moduleUnload(void *Module) override;
  cudaError_t moduleGetFunction(void *&Function, void *Module,
                                const char *Name) override;
  cudaError_t moduleGetGlobal(void *&Address, size_t &Size, void *Module,
                              const char *Name) override;
  cudaError_t moduleFuncGetAttributes(cudaFuncAttributes &Attributes,
                                      void *Function) override {
    return funcGetAttributes(Attributes, Function);
  }
  cudaError_t moduleOccupancyMaxActiveBlocksPerMultiprocessor(
      int &NumBlocks, void *Function, int BlockSize,
      size_t DynamicSharedMem) override {
    return occupancyMaxActiveBlocksPerMultiprocessor(
        NumBlocks, Function, BlockSize, DynamicSharedMem);
  }
  cudaError_t moduleLaunchKernel(void *Function, LaunchDims Grid,
                                 LaunchDims Block, void **Args,
                                 const void *ArgBuffer, size_t ArgBufferSize,
                                 size_t SharedMem,
                                 cudaStream_t Stream) override;
  cudaError_t memsetElements(void *Ptr, unsigned Value, unsigned ElementSize,
                             size_t Count, cudaStream_t Stream,
                             bool Async) override {
    if (Count && !Ptr)
      return cudaErrorInvalidValue;
    return enqueue(Async ? Stream : nullptr, !Async, [=] {
      auto *Bytes = static_cast<unsigned char *>(Ptr);
      for (size_t I = 0; I < Count; ++I)
        std::memcpy(Bytes + I * ElementSize, &Value, ElementSize);
    });
  }
  cudaError_t memGetAddressRange(void *&Base, size_t &Size,
                                 const void *Ptr) override {
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

private:
  cudaError_t deviceError() const {
    return static_cast<cudaError_t>(Fault.load());
  }
  static bool isSpecialStream(cudaStream_t Stream) {
    return Stream == nullptr || Stream == cudaStreamLegacy ||
           Stream == cudaStreamPerThread;
  }
  HostStream *userStream(cudaStream_t Stream) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto *S = reinterpret_cast<HostStream *>(Stream);
    return Streams.count(S) ? S : nullptr;
  }
  HostEvent *findEvent(cudaEvent_t Event) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto *E = reinterpret_cast<HostEvent *>(Event);
    return Events.count(E) ? E : nullptr;
  }
  std::optional<Allocation> findAllocation(const void *Ptr) {
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
  /// The last work queued on `Stream` (special streams: all work, since the
  /// queue is shared and in order).
  cudaError_t lastWorkOf(cudaStream_t Stream, uint64_t &Last) {
    if (isSpecialStream(Stream)) {
      Last = Queue->lastQueued();
      return cudaSuccess;
    }
    HostStream *S = userStream(Stream);
    if (!S)
      return cudaErrorInvalidResourceHandle;
    std::lock_guard<std::mutex> Lock(Mutex);
    Last = S->LastWork;
    return cudaSuccess;
  }
  /// Queues `Work` on `Stream`; with `Wait`, returns when it has run.
  /// Work queued after a fault is dropped unless `RunAfterFault`.
  cudaError_t enqueue(cudaStream_t Stream, bool Wait,
                      std::function<void()> Work, bool RunAfterFault = false) {
    if (cudaError_t E = deviceError())
      return E;
    HostStream *S = nullptr;
    if (!isSpecialStream(Stream) && !(S = userStream(Stream)))
      return cudaErrorInvalidResourceHandle;
    uint64_t Sequence =
        Queue->push([this, Work = std::move(Work), RunAfterFault] {
          if (RunAfterFault || !Fault.load())
            Work();
        });
    if (S) {
      std::lock_guard<std::mutex> Lock(Mutex);
      S->LastWork = Sequence;
    }
    if (Wait) {
      Queue->waitFor(Sequence);
      return deviceError();
    }
    return cudaSuccess;
  }

  /// A module loaded by the driver API: its kernels are registered in
  /// Kernels under their entry points' addresses.
  struct LoadedModule {
    void *Handle = nullptr;
    int Fd = -1;
    size_t StaticShared = 0;
    std::vector<const void *> KernelKeys;
  };
  /// dlopens a copy of Image; Fd (if given) receives the descriptor of the
  /// memory file that names it.
  cudaError_t loadCodeObject(std::string_view Image, void *&Handle,
                             int *Fd = nullptr);
  /// loadCodeObject, then the host ABI version check.
  cudaError_t openCodeObject(std::string_view Image, void *&Handle,
                             int *Fd = nullptr);
  /// dlcloses a code object; closes its memory file once it is unloaded.
  static void closeCodeObject(void *Handle, int Fd);

  std::unique_ptr<WorkerPool> Pool;
  std::unique_ptr<WorkQueue> Queue;
  std::mutex Mutex, RecordMutex;
  std::atomic<int> Fault{0};
  unsigned DeviceFlags = 0;
  std::map<uintptr_t, Allocation> Allocations;
  std::set<HostStream *> Streams;
  std::set<HostEvent *> Events;
  std::unordered_map<const void *, HostKernel> Kernels;
  std::unordered_map<const void *, void *> Symbols;
  std::vector<void *> Modules;
  std::set<LoadedModule *> LoadedModules;
};

cudaError_t HostBackend::getDeviceProperties(cudaDeviceProp &Prop, int Device) {
  if (Device != 0)
    return cudaErrorInvalidDevice;
  Prop = {};
  std::snprintf(Prop.name, sizeof(Prop.name),
                "Rubicon host device (x86-64 CPU, %u worker threads)",
                Pool->size());
  std::memcpy(Prop.uuid.bytes, "rubicon-host-cpu", 16);
  Prop.totalGlobalMem = physicalMemory();
  Prop.sharedMemPerBlock = MaxSharedMemoryPerBlock;
  Prop.sharedMemPerBlockOptin = MaxSharedMemoryPerBlock;
  Prop.sharedMemPerMultiprocessor = MaxSharedMemoryPerBlock;
  Prop.regsPerBlock = Prop.regsPerMultiprocessor = 65536;
  Prop.warpSize = 32;
  Prop.memPitch = size_t(1) << 31;
  Prop.maxThreadsPerBlock = 1024;
  Prop.maxThreadsDim[0] = Prop.maxThreadsDim[1] = 1024;
  Prop.maxThreadsDim[2] = 1024;
  Prop.maxGridSize[0] = 2147483647;
  Prop.maxGridSize[1] = Prop.maxGridSize[2] = 65535;
  Prop.clockRate = 1000000;
  Prop.totalConstMem = 64 * 1024;
  // gfx942's version, as the HIP backend reports it for MI300X.
  Prop.major = 9;
  Prop.minor = 4;
  Prop.textureAlignment = 256;
  Prop.texturePitchAlignment = 256;
  Prop.deviceOverlap = 1;
  Prop.multiProcessorCount = static_cast<int>(Pool->size());
  Prop.cooperativeLaunch = 1;
  Prop.integrated = 1;
  Prop.canMapHostMemory = 1;
  Prop.concurrentKernels = 1;
  Prop.asyncEngineCount = 1;
  Prop.unifiedAddressing = 1;
  Prop.memoryClockRate = 1000000;
  Prop.memoryBusWidth = 64;
  Prop.l2CacheSize = 4 * 1024 * 1024;
  Prop.maxThreadsPerMultiProcessor = 2048;
  Prop.maxBlocksPerMultiProcessor = 32;
  Prop.streamPrioritiesSupported = 1;
  Prop.managedMemory = 1;
  Prop.hostNativeAtomicSupported = 1;
  Prop.pageableMemoryAccess = 1;
  Prop.concurrentManagedAccess = 1;
  Prop.canUseHostPointerForRegisteredMem = 1;
  Prop.directManagedMemAccessFromHost = 1;
  Prop.hostRegisterSupported = 1;
  Prop.memoryPoolsSupported = 1;
  Prop.singleToDoublePrecisionPerfRatio = 2;
  return cudaSuccess;
}

cudaError_t HostBackend::loadCodeObject(std::string_view Image, void *&Handle,
                                        int *FdOut) {
  // dlopen needs a file: an anonymous memory file, named by /proc/self/fd.
  int Fd = memfd_create("rubicon-host-code-object", MFD_CLOEXEC);
  if (Fd < 0)
    return cudaErrorMemoryAllocation;
  size_t Written = 0;
  while (Written < Image.size()) {
    ssize_t N = write(Fd, Image.data() + Written, Image.size() - Written);
    if (N <= 0) {
      close(Fd);
      return cudaErrorMemoryAllocation;
    }
    Written += size_t(N);
  }
  char Path[64];
  std::snprintf(Path, sizeof(Path), "/proc/self/fd/%d", Fd);
  Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  // The descriptor stays open while the object is loaded: dlopen knows
  // objects by path, and a reused descriptor number would name it.
  if (!Handle)
    close(Fd);
  if (!Handle) {
    const char *Error = dlerror();
    logMessage("host code object: dlopen failed: %s", Error ? Error : "?");
    return cudaErrorInvalidKernelImage;
  }
  if (FdOut)
    *FdOut = Fd;
  return cudaSuccess;
}

void HostBackend::closeCodeObject(void *Handle, int Fd) {
  dlclose(Handle);
  if (Fd < 0)
    return;
  char Path[64];
  std::snprintf(Path, sizeof(Path), "/proc/self/fd/%d", Fd);
  // Still loaded (dlclose may keep an object): its name must stay unique.
  if (void *Still = dlopen(Path, RTLD_NOW | RTLD_NOLOAD)) {
    dlclose(Still);
    return;
  }
  close(Fd);
}

cudaError_t HostBackend::openCodeObject(std::string_view Image, void *&Handle,
                                        int *FdOut) {
  int Fd = -1;
  if (cudaError_t E = loadCodeObject(Image, Handle, &Fd))
    return E;
  auto *Version = static_cast<const unsigned long long *>(
      dlsym(Handle, rubicon::host::AbiVersionSymbol));
  if (!Version || *Version != rubicon::host::AbiVersion) {
    logMessage("host backend: code object of host ABI version %llu, the "
               "runtime's is %llu: rebuild it with this toolkit",
               Version ? *Version : 0ull, rubicon::host::AbiVersion);
    closeCodeObject(Handle, Fd);
    Handle = nullptr;
    return cudaErrorInvalidKernelImage;
  }
  if (FdOut)
    *FdOut = Fd;
  return cudaSuccess;
}

cudaError_t HostBackend::registerFatBinary(const FatBinaryRecord &FatBinary) {
  std::vector<fatbin::Entry> Entries;
  std::string Error;
  if (!FatBinary.Bundle ||
      !fatbin::readBundle(FatBinary.Bundle,
                          FatBinary.BundleSize ? FatBinary.BundleSize
                                               : size_t(1) << 40,
                          Entries, nullptr, &Error))
    return cudaErrorInvalidKernelImage;
  const fatbin::Entry *Host = nullptr;
  for (const fatbin::Entry &E : Entries)
    if (E.Id == fatbin::hostCodeObjectId())
      Host = &E;
  if (!Host) {
    logMessage("host backend: fat binary without a host code object");
    return cudaErrorNoKernelImageForDevice;
  }
  void *Handle = nullptr;
  if (cudaError_t E = openCodeObject(Host->Data, Handle))
    return E;
  std::lock_guard<std::mutex> Lock(Mutex);
  Modules.push_back(Handle);
  size_t StaticShared = 0;
  if (auto *Bytes = static_cast<const unsigned long long *>(
          dlsym(Handle, rubicon::host::SharedBytesSymbol)))
    StaticShared = *Bytes;
  for (const KernelRecord &K : FatBinary.Kernels) {
    std::string Entry = rubicon::host::EntryPrefix + K.DeviceName;
    std::string Params = rubicon::host::ParamsPrefix + K.DeviceName;
    void *EntryAddress = dlsym(Handle, Entry.c_str());
    auto *ParamTable =
        static_cast<const unsigned long long *>(dlsym(Handle, Params.c_str()));
    if (!EntryAddress || !ParamTable) {
      logMessage("host backend: kernel %s not in the code object",
                 K.DeviceName.c_str());
      continue;
    }
    HostKernel Kernel;
    Kernel.Entry = reinterpret_cast<KernelEntry>(EntryAddress);
    Kernel.ParamSizes.assign(ParamTable + 1, ParamTable + 1 + ParamTable[0]);
    Kernel.StaticSharedBytes = StaticShared;
    Kernels[K.HostStub] = std::move(Kernel);
  }
  for (const VariableRecord &V : FatBinary.Variables) {
    if (void *Address = dlsym(Handle, V.DeviceName.c_str()))
      Symbols[V.HostVar] = Address;
    else
      logMessage("host backend: variable %s not in the code object",
                 V.DeviceName.c_str());
  }
  return cudaSuccess;
}

/// Runs every block of a cooperative launch at once, each on its own CPU
/// thread with its own scheduler, so blocks waiting in the grid barrier
/// (runtime-shim/device/GridSync.cpp) never keep the others from running.
/// Returns 0 or the first fault.
static int runCooperativeGrid(const GridLaunch &Launch) {
  uint64_t Blocks = uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2];
  std::atomic<int> Fault{0};
  std::vector<std::thread> Threads;
  Threads.reserve(Blocks);
  for (uint64_t Block = 0; Block < Blocks; ++Block)
    Threads.emplace_back([&Launch, &Fault, Block] {
      BlockScheduler Scheduler;
      if (int F = Scheduler.runBlock(Launch, Block)) {
        int Expected = 0;
        Fault.compare_exchange_strong(Expected, F);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  return Fault.load();
}

cudaError_t HostBackend::launch(const void *HostStub, LaunchDims Grid,
                                LaunchDims Block, void **Args,
                                size_t SharedMem, cudaStream_t Stream,
                                bool Cooperative) {
  HostKernel Kernel;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Kernels.find(HostStub);
    if (It == Kernels.end())
      return cudaErrorInvalidDeviceFunction;
    Kernel = It->second;
  }
  if (Grid.X == 0 || Grid.Y == 0 || Grid.Z == 0 || Block.X == 0 ||
      Block.Y == 0 || Block.Z == 0 ||
      uint64_t(Block.X) * Block.Y * Block.Z > 1024)
    return cudaErrorInvalidConfiguration;
  if (Kernel.StaticSharedBytes + SharedMem > MaxSharedMemoryPerBlock)
    return cudaErrorInvalidValue;
  if (!Kernel.ParamSizes.empty() && !Args)
    return cudaErrorInvalidValue;
  if (Cooperative) {
    // Resident blocks: as many as cudaOccupancyMaxActiveBlocksPerMultiprocessor
    // times the multiprocessors (worker threads) promise.
    uint64_t Threads = uint64_t(Block.X) * Block.Y * Block.Z;
    uint64_t Resident =
        uint64_t(Pool->size()) * std::max<uint64_t>(1, 2048 / Threads);
    if (uint64_t(Grid.X) * Grid.Y * Grid.Z > Resident)
      return cudaErrorCooperativeLaunchTooLarge;
  }
  // CUDA copies the arguments at launch: so does this.
  struct LaunchData {
    std::vector<unsigned char> Bytes;
    std::vector<void *> Pointers;
    GridLaunch Launch;
  };
  auto Data = std::make_shared<LaunchData>();
  size_t Total = 0;
  std::vector<size_t> Offsets;
  for (unsigned long long Size : Kernel.ParamSizes) {
    Total = (Total + 15) & ~size_t(15);
    Offsets.push_back(Total);
    Total += Size;
  }
  Data->Bytes.resize(Total + 16);
  for (size_t I = 0; I < Kernel.ParamSizes.size(); ++I) {
    std::memcpy(Data->Bytes.data() + Offsets[I], Args[I], Kernel.ParamSizes[I]);
    Data->Pointers.push_back(Data->Bytes.data() + Offsets[I]);
  }
  GridLaunch &L = Data->Launch;
  L.Entry = Kernel.Entry;
  L.Args = Data->Pointers.data();
  L.Grid[0] = Grid.X, L.Grid[1] = Grid.Y, L.Grid[2] = Grid.Z;
  L.Block[0] = Block.X, L.Block[1] = Block.Y, L.Block[2] = Block.Z;
  L.SharedBytes = Kernel.StaticSharedBytes + SharedMem;
  return enqueue(Stream, false, [this, Data, Cooperative] {
    if (int F = Cooperative ? runCooperativeGrid(Data->Launch)
                            : Pool->runGrid(Data->Launch)) {
      int Expected = 0;
      Fault.compare_exchange_strong(Expected, F);
    }
  });
}

cudaError_t HostBackend::moduleLoad(void *&Module, const void *Data,
                                    size_t Size) {
  Module = nullptr;
  ModuleImage Image = classifyModuleImage(Data, Size);
  std::string_view CodeObject;
  switch (Image.Kind) {
  case ModuleImageKind::HostCodeObject:
    CodeObject = {static_cast<const char *>(Image.Data), Image.Size};
    break;
  case ModuleImageKind::FatBinary: {
    std::vector<fatbin::Entry> Entries;
    if (!fatbin::readBundle(Image.Data, Image.Size, Entries, nullptr, nullptr))
      return cudaErrorInvalidKernelImage;
    for (const fatbin::Entry &E : Entries)
      if (E.Id == fatbin::hostCodeObjectId())
        CodeObject = E.Data;
    if (CodeObject.empty()) {
      logMessage("host backend: the fat binary has no host code object "
                 "(compile with --amdgpu-arch=host)");
      return cudaErrorNoKernelImageForDevice;
    }
    break;
  }
  case ModuleImageKind::AmdCodeObject:
    logMessage("host backend: an AMD GPU code object does not run on the "
               "host device");
    return cudaErrorNoKernelImageForDevice;
  default:
    return cudaErrorInvalidKernelImage;
  }
  void *Handle = nullptr;
  int Fd = -1;
  if (cudaError_t E = openCodeObject(CodeObject, Handle, &Fd))
    return E;
  auto *Loaded = new LoadedModule;
  Loaded->Handle = Handle;
  Loaded->Fd = Fd;
  if (auto *Bytes = static_cast<const unsigned long long *>(
          dlsym(Handle, rubicon::host::SharedBytesSymbol)))
    Loaded->StaticShared = *Bytes;
  std::lock_guard<std::mutex> Lock(Mutex);
  LoadedModules.insert(Loaded);
  Module = Loaded;
  return cudaSuccess;
}

cudaError_t HostBackend::moduleUnload(void *Module) {
  auto *Loaded = static_cast<LoadedModule *>(Module);
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!LoadedModules.count(Loaded))
      return cudaErrorInvalidResourceHandle;
  }
  // Kernels of the module may still be queued or running.
  Queue->waitForAll();
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const void *Key : Loaded->KernelKeys)
    Kernels.erase(Key);
  LoadedModules.erase(Loaded);
  closeCodeObject(Loaded->Handle, Loaded->Fd);
  delete Loaded;
  return cudaSuccess;
}

cudaError_t HostBackend::moduleGetFunction(void *&Function, void *Module,
                                           const char *Name) {
  Function = nullptr;
  auto *Loaded = static_cast<LoadedModule *>(Module);
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!LoadedModules.count(Loaded))
    return cudaErrorInvalidResourceHandle;
  std::string Entry = std::string(rubicon::host::EntryPrefix) + Name;
  std::string Params = std::string(rubicon::host::ParamsPrefix) + Name;
  void *EntryAddress = dlsym(Loaded->Handle, Entry.c_str());
  auto *ParamTable = static_cast<const unsigned long long *>(
      dlsym(Loaded->Handle, Params.c_str()));
  if (!EntryAddress || !ParamTable)
    return cudaErrorSymbolNotFound;
  // The entry point's address is the kernel's key, as a host stub's is for
  // kernels of registered fat binaries.
  if (!Kernels.count(EntryAddress)) {
    HostKernel Kernel;
    Kernel.Entry = reinterpret_cast<KernelEntry>(EntryAddress);
    Kernel.ParamSizes.assign(ParamTable + 1, ParamTable + 1 + ParamTable[0]);
    Kernel.StaticSharedBytes = Loaded->StaticShared;
    Kernels[EntryAddress] = std::move(Kernel);
    Loaded->KernelKeys.push_back(EntryAddress);
  }
  Function = EntryAddress;
  return cudaSuccess;
}

cudaError_t HostBackend::moduleGetGlobal(void *&Address, size_t &Size,
                                         void *Module, const char *Name) {
  Address = nullptr;
  Size = 0;
  auto *Loaded = static_cast<LoadedModule *>(Module);
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!LoadedModules.count(Loaded))
    return cudaErrorInvalidResourceHandle;
  void *Symbol = dlsym(Loaded->Handle, Name);
  Dl_info Info;
  void *SymbolEntry = nullptr;
  if (Symbol)
    dladdr1(Symbol, &Info, &SymbolEntry, RTLD_DL_SYMENT);
  const auto *Entry = static_cast<const ElfW(Sym) *>(SymbolEntry);
  if (!Symbol || !Entry || ELF64_ST_TYPE(Entry->st_info) != STT_OBJECT)
    return cudaErrorSymbolNotFound;
  Address = Symbol;
  Size = Entry->st_size;
  return cudaSuccess;
}

cudaError_t HostBackend::moduleLaunchKernel(void *Function, LaunchDims Grid,
                                            LaunchDims Block, void **Args,
                                            const void *ArgBuffer,
                                            size_t ArgBufferSize,
                                            size_t SharedMem,
                                            cudaStream_t Stream) {
  if (!ArgBuffer)
    return launch(Function, Grid, Block, Args, SharedMem, Stream, false);
  std::vector<unsigned long long> Sizes;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Kernels.find(Function);
    if (It == Kernels.end())
      return cudaErrorInvalidDeviceFunction;
    Sizes = It->second.ParamSizes;
  }
  // The buffer holds each parameter at its natural alignment. The code
  // object records sizes only: a parameter's alignment is taken as the
  // largest power of two up to 16 dividing its size (exact for scalars,
  // pointers and CUDA's vector types).
  std::vector<void *> Pointers;
  size_t Offset = 0;
  for (unsigned long long Size : Sizes) {
    size_t Align = 1;
    while (Align < 16 && Size % (Align * 2) == 0)
      Align *= 2;
    Offset = (Offset + Align - 1) & ~(Align - 1);
    if (Offset + Size > ArgBufferSize)
      return cudaErrorInvalidValue;
    Pointers.push_back(
        const_cast<char *>(static_cast<const char *>(ArgBuffer) + Offset));
    Offset += Size;
  }
  return launch(Function, Grid, Block, Pointers.data(), SharedMem, Stream,
                false);
}

} // namespace

std::unique_ptr<Backend> createHostBackend() {
  return std::make_unique<HostBackend>();
}

} // namespace rubicon::cudart
