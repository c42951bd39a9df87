//===- HostBackend.h - The `host` execution target's backend ----*- C++ -*-===//
//
// Part of Rubicon. The Backend (../Backend.h) that runs host code objects
// (nvcc --amdgpu-arch=host) on the CPU: device memory is host memory, streams
// are served in issue order by one executor thread (WorkQueue.h), and kernels
// run on a pool of worker threads (WorkerPool.h) with each block's threads as
// fibers (BlockScheduler.h). Each device has its own queue and pool. See
// docs/host-target.md.
//
// The class is private to the backend: the runtime creates it with
// createHostBackend() (../BackendSelection.h). Its members are defined by
// concern:
//   HostDevice.cpp       the device, its properties, reset and synchronize
//   HostAllocations.cpp  allocations and what a pointer is
//   HostVirtualMemory.cpp virtual memory management (cuMemCreate, cuMemMap, ...)
//   HostCopies.cpp       copies and fills
//   HostExternalResources.cpp external memory and semaphores, stream memory
//                        operations
//   HostStreams.cpp      streams, events, and the queue they feed
//   HostCodeObjects.cpp  loading code objects (fat binaries, modules), symbols
//   HostLaunch.cpp       launches, function attributes, occupancy
//   HostIpc.cpp          memory and events shared with other processes
//   HostContexts.cpp     contexts and their fault state
//   DeviceLaunches.cpp   grids launched from device code
//
// Ordering: every stream of a device feeds that device's one queue, served in
// issue order by one executor thread. That is one of the schedules CUDA allows
// for any mix of the legacy default stream, blocking and non-blocking streams
// and per-thread default streams (CUDA never promises that streams of a device
// overlap), so ordering within a stream, the legacy stream's implicit
// synchronization, events and stream waits all hold. Kernels fan out over the
// device's worker pool inside that order. Devices run independently of each
// other, as GPUs do: grids on two devices that wait for each other (a
// multi-device cooperative algorithm, a flag in managed memory) both progress.
// A stream waiting for an event recorded on another device's queue waits, on
// its own queue, for that record. A fault in a kernel (assert, trap) becomes
// the error of the context whose stream ran it (HostContexts.cpp): the rest
// of that context's queued work is dropped and every later call in it
// reports the fault until cudaDeviceReset (a primary context) or
// cuCtxDestroy (a created one); other contexts and devices go on.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_HOST_HOSTBACKEND_H
#define RUBICON_BACKEND_HOST_HOSTBACKEND_H

#include "Backend.h"
#include "BlockScheduler.h"
#include "DeviceLaunches.h"
#include "WorkQueue.h"
#include "WorkerPool.h"

#include <rubicon/Config.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rubicon::cudart::host {

using Clock = std::chrono::steady_clock;

constexpr size_t DeviceAllocationAlignment = 256;
/// cudaMalloc allocations this large own their pages and can be shared with
/// other processes (HostIpc.cpp): CUDA's own allocation granularity.
constexpr size_t IpcAllocationBytes = 2u << 20;
constexpr size_t MaxSharedMemoryPerBlock = rubicon::host::SharedWindowBytes;

constexpr int MaxHostDevices = 16;

/// A context (Backend.h): a device's work with its own fault state, the
/// first fault of a kernel in its streams (0: none). Created contexts are
/// kept after cuCtxDestroy, not Live, so that work still referring to one
/// stays valid.
struct HostContext {
  unsigned Id = 0;
  int Device = 0;
  std::atomic<int> Fault{0};
  bool Live = true;
};

/// One CUDA stream: flags, the last piece of work queued on it, and the
/// workers its kernels may use (0: all; a green context's share).
struct HostStream {
  unsigned Flags = 0;
  int Priority = 0;
  uint64_t LastWork = 0;
  unsigned MaxWorkers = 0;
  /// The device current when it was made: the queue its work goes to.
  int Device = 0;
  /// The context current when it was made: the fault state its work shares.
  HostContext *Context = nullptr;
};

/// An interprocess event's state, in a page shared by the processes that
/// use it (HostIpc.cpp): records made, and the last one completed.
struct SharedEventState {
  uint64_t Recorded;
  uint64_t Completed;
};

struct HostEvent {
  unsigned Flags = 0;
  uint64_t RecordedWork = 0; // 0: never recorded
  int Device = 0;            // the queue RecordedWork numbers work in
  bool Recorded = false;
  Clock::time_point Time;
  /// cudaEventInterprocess: the shared state and its memory file.
  SharedEventState *Shared = nullptr;
  int SharedFd = -1;
};

/// A kernel of a loaded code object.
struct HostKernel {
  KernelEntry Entry = nullptr;
  /// All of a block's threads as one loop (HostABI.h), when the compiler
  /// made one; RUBICON_HOST_THREAD_LOOPS=0 runs every kernel on fibers.
  KernelEntry BlockEntry = nullptr;
  std::vector<unsigned long long> ParamSizes;
  /// Each parameter's offset in CUDA's parameter buffer (HostABI.h's
  /// optional table; else each at the alignment its size suggests).
  std::vector<unsigned long long> ParamOffsets;
  /// Where dynamic shared memory starts in a block's buffer: the code
  /// object's static variables, laid out for all its kernels at once.
  size_t StaticSharedBytes = 0;
  /// The static variables this kernel reaches (HostABI.h): what CUDA's
  /// per-block limit and cudaFuncGetAttributes count.
  size_t OwnSharedBytes = 0;
  int MaxDynamicSharedBytes = 0;
  /// The CUDA architecture the kernel was compiled for (cudaFuncAttributes's
  /// ptxVersion and binaryVersion); 94 (the device's) for code objects that
  /// do not say.
  int CudaArch = 94;
  /// Blocks per cluster of a kernel declared with __cluster_dims__ of more
  /// than one block (HostABI.h), which the host device cannot launch.
  unsigned long long ClusterBlocks = 1;
};

/// Mapped: a range of virtual-memory mappings (HostVirtualMemory.cpp), device
/// memory that cudaFree does not free. External: a buffer mapped from
/// external memory (HostExternalResources.cpp), which cudaFree unmaps.
/// Imported: another process's cudaMalloc memory (cudaIpcOpenMemHandle).
/// ModuleGlobal: a __device__ or __constant__ variable of a loaded code
/// object, recorded when it is looked up (cudaGetSymbolAddress,
/// cuModuleGetGlobal): device memory to cudaPointerGetAttributes, which
/// cudaFree does not free. ModuleManaged: the same for a __managed__ one,
/// managed memory to cudaPointerGetAttributes.
enum class AllocationKind {
  Device,
  Host,
  Managed,
  Registered,
  Mapped,
  External,
  Imported,
  ModuleGlobal,
  ModuleManaged
};

/// Unmaps a buffer of external memory that starts at Address.
void unmapExternalBuffer(uintptr_t Address, size_t Size);

struct Allocation {
  size_t Size;
  AllocationKind Kind;
  /// The device current when it was made (cudaPointerGetAttributes).
  int Device = 0;
  /// Exported to other processes (cudaIpcGetMemHandle): the memory file
  /// now mapped over the allocation.
  int IpcFd = -1;
  /// The context current when it was made (HostContexts.cpp); -1: the
  /// device's primary context.
  long long Context = -1;
};

/// Bytes of physical memory (the device's global memory).
size_t physicalMemory();

/// One device's executor: the in-order queue its streams feed and the worker
/// threads its grids run on. The queue goes first, its pending work still
/// needing the pool.
struct DeviceQueue {
  explicit DeviceQueue(unsigned Workers) : Pool(Workers) {}
  WorkerPool Pool;
  WorkQueue Queue;
};

class HostBackend final : public Backend, public DeviceLauncher {
public:
  ~HostBackend() override;
  const char *name() const override { return "host"; }

  cudaError_t initialize() override;
  int runtimeVersion() const override {
    return 1000 * RUBICON_CUDA_VERSION_MAJOR + 10 * RUBICON_CUDA_VERSION_MINOR;
  }

  // Devices: RUBICON_HOST_DEVICES of them (default 1), every one a view of
  // the same CPU and memory, so that multi-device programs run (HostDevice.cpp).
  cudaError_t getDeviceCount(int &Count) override {
    Count = DeviceCount;
    return cudaSuccess;
  }
  cudaError_t setDevice(int Device) override;
  cudaError_t getDevice(int &Device) override;
  bool validDevice(int Device) const {
    return Device >= 0 && Device < DeviceCount;
  }
  cudaError_t getDeviceProperties(cudaDeviceProp &Prop, int Device) override;
  cudaError_t deviceSynchronize() override;
  cudaError_t deviceReset() override;
  cudaError_t setCacheConfig(cudaFuncCache) override { return cudaSuccess; }
  cudaError_t setDeviceFlags(unsigned Flags) override {
    DeviceFlags = Flags;
    return cudaSuccess;
  }
  cudaError_t getDeviceFlags(unsigned &Flags) override {
    Flags = DeviceFlags;
    return cudaSuccess;
  }
  cudaError_t getStreamPriorityRange(int &Least, int &Greatest) override;

  // Memory.
  cudaError_t allocate(void **Ptr, size_t Size, AllocationKind Kind);
  cudaError_t release(void *Ptr, AllocationKind Kind);
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
                                   unsigned) override;
  cudaError_t memGetInfo(size_t &Free, size_t &Total) override;

  static bool validKind(cudaMemcpyKind Kind) {
    return Kind >= cudaMemcpyHostToHost && Kind <= cudaMemcpyDefault;
  }
  cudaError_t memcpy(void *Dst, const void *Src, size_t Count,
                     cudaMemcpyKind Kind) override {
    return memcpyAsyncImpl(Dst, Src, Count, Kind, nullptr, /*Wait=*/true);
  }
  cudaError_t memcpyAsync(void *Dst, const void *Src, size_t Count,
                          cudaMemcpyKind Kind, cudaStream_t Stream) override;
  cudaError_t memcpyAsyncImpl(void *Dst, const void *Src, size_t Count,
                              cudaMemcpyKind Kind, cudaStream_t Stream,
                              bool Wait);
  cudaError_t memset(void *Ptr, int Value, size_t Count) override {
    return memsetImpl(Ptr, Value, Count, nullptr, true);
  }
  cudaError_t memsetAsync(void *Ptr, int Value, size_t Count,
                          cudaStream_t Stream) override {
    return memsetImpl(Ptr, Value, Count, Stream, false);
  }
  cudaError_t memsetImpl(void *Ptr, int Value, size_t Count,
                         cudaStream_t Stream, bool Wait);
  cudaError_t mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                          size_t Height) override;
  cudaError_t memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                       size_t SrcPitch, size_t Width, size_t Height,
                       cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async) override;
  cudaError_t memset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                       size_t Height, cudaStream_t Stream, bool Async) override;
  cudaError_t mallocAsync(void **Ptr, size_t Size, cudaStream_t) override {
    return malloc(Ptr, Size);
  }
  cudaError_t freeAsync(void *Ptr, cudaStream_t) override { return free(Ptr); }
  cudaError_t hostRegister(void *Ptr, size_t Size, unsigned) override;
  cudaError_t hostUnregister(void *Ptr) override;
  cudaError_t pointerGetAttributes(cudaPointerAttributes &Attributes,
                                   const void *Ptr) override;
  cudaError_t memPrefetchAsync(const void *, size_t, int,
                               cudaStream_t) override {
    return cudaSuccess;
  }
  cudaError_t deviceCanAccessPeer(int &CanAccess, int Device,
                                  int PeerDevice) override;
  cudaError_t deviceEnablePeerAccess(int PeerDevice, unsigned) override;
  cudaError_t deviceDisablePeerAccess(int PeerDevice) override;
  cudaError_t memcpyPeer(void *Dst, int DstDevice, const void *Src,
                         int SrcDevice, size_t Count, cudaStream_t Stream,
                         bool Async) override;
  cudaError_t deviceGetPCIBusId(char *BusId, int Length, int Device) override;
  cudaError_t deviceGetByPCIBusId(int &Device, const char *BusId) override;

  // Streams and events.
  cudaError_t streamCreate(cudaStream_t &Stream, unsigned Flags,
                           int Priority) override;
  cudaError_t streamDestroy(cudaStream_t Stream) override;
  cudaError_t streamSynchronize(cudaStream_t Stream) override;
  cudaError_t streamQuery(cudaStream_t Stream) override;
  cudaError_t streamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                              unsigned) override;
  cudaError_t streamGetFlags(cudaStream_t Stream, unsigned &Flags) override;
  cudaError_t streamGetPriority(cudaStream_t Stream, int &Priority) override;
  cudaError_t streamAddCallback(cudaStream_t Stream,
                                cudaStreamCallback_t Callback,
                                void *UserData) override;
  cudaError_t eventCreate(cudaEvent_t &Event, unsigned Flags) override;
  cudaError_t eventRecord(cudaEvent_t Event, cudaStream_t Stream) override;
  cudaError_t eventSynchronize(cudaEvent_t Event) override;
  cudaError_t eventQuery(cudaEvent_t Event) override;
  cudaError_t eventElapsedTime(float &Ms, cudaEvent_t Start,
                               cudaEvent_t End) override;
  cudaError_t eventDestroy(cudaEvent_t Event) override;

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
  /// Runs a launch's grid, then the work its device code queued
  /// (DeviceLaunches.cpp); returns 0 or the first fault.
  int runLaunch(PreparedLaunch &Prepared);
  bool kernelOfEntry(const void *Entry, HostKernel &Kernel) override;
  cudaError_t symbolAddress(void **DevicePtr, const void *HostVar) override;
  cudaError_t funcGetAttributes(cudaFuncAttributes &Attributes,
                                const void *HostStub) override;
  cudaError_t funcSetCacheConfig(const void *HostStub, cudaFuncCache) override;
  cudaError_t funcSetAttribute(const void *HostStub, cudaFuncAttribute,
                               int) override;
  cudaError_t occupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks,
                                                        const void *HostStub,
                                                        int BlockSize,
                                                        size_t) override;

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
  cudaError_t kernelParameterSizes(const void *Kernel, bool ModuleFunction,
                                   std::vector<size_t> &Sizes) override;
  cudaError_t kernelFunctionOfStub(void *&Function,
                                   const void *HostStub) override;
  cudaError_t setDeviceHeapSize(size_t Bytes) override;
  cudaError_t setPendingLaunchLimit(size_t Launches) override {
    PendingLaunchLimit.store(Launches);
    return cudaSuccess;
  }
  bool reservePendingLaunch() override;
  void releasePendingLaunch() override { --PendingLaunches; }
  cudaError_t kernelParameterLayout(const void *Kernel,
                                    std::vector<size_t> &Offsets,
                                    std::vector<size_t> &Sizes) override;
  cudaError_t moduleLaunchKernel(void *Function, LaunchDims Grid,
                                 LaunchDims Block, void **Args,
                                 const void *ArgBuffer, size_t ArgBufferSize,
                                 size_t SharedMem,
                                 cudaStream_t Stream) override;
  cudaError_t memsetElements(void *Ptr, unsigned Value, unsigned ElementSize,
                             size_t Count, cudaStream_t Stream,
                             bool Async) override;
  cudaError_t memGetAddressRange(void *&Base, size_t &Size,
                                 const void *Ptr) override;

  // Contexts (HostContexts.cpp).
  cudaError_t contextCreate(unsigned &Context, int Device) override;
  cudaError_t contextDestroy(unsigned Context) override;
  cudaError_t setContext(unsigned Context) override;
  unsigned currentContext() override;
  cudaError_t streamContext(cudaStream_t Stream, unsigned &Context) override;
  cudaError_t pointerContext(const void *Ptr, unsigned &Context) override;

  // Interprocess memory and events (HostIpc.cpp).
  cudaError_t ipcGetMemHandle(void *Handle, void *DevPtr) override;
  cudaError_t ipcOpenMemHandle(void *&DevPtr, const void *Handle,
                               unsigned Flags) override;
  cudaError_t ipcCloseMemHandle(void *DevPtr) override;
  cudaError_t ipcGetEventHandle(void *Handle, cudaEvent_t Event) override;
  cudaError_t ipcOpenEventHandle(cudaEvent_t &Event,
                                 const void *Handle) override;

  // Virtual memory management (HostVirtualMemory.cpp): physical memory is a
  // memory file, a reservation an inaccessible anonymous mapping, a mapping
  // the file mapped over it; access is the pages' protection.
  cudaError_t vmmGranularity(size_t &Granularity, int Device,
                             bool Recommended) override;
  cudaError_t vmmCreate(void *&Handle, size_t Size, int Device) override;
  cudaError_t vmmRelease(void *Handle) override;
  cudaError_t vmmReserve(void *&Address, size_t Size, size_t Alignment,
                         void *Hint) override;
  cudaError_t vmmFree(void *Address, size_t Size) override;
  cudaError_t vmmMap(void *Address, size_t Size, size_t Offset,
                     void *Handle) override;
  cudaError_t vmmUnmap(void *Address, size_t Size) override;
  cudaError_t vmmSetAccess(void *Address, size_t Size, int Device,
                           unsigned Flags) override;
  cudaError_t vmmExport(int &Fd, void *Handle) override;
  cudaError_t vmmImport(void *&Handle, int Fd) override;

  // External memory and semaphores, stream memory operations
  // (HostExternalResources.cpp, docs/external-resources.md): memory and
  // semaphores are shared-memory files; waits poll on the queue's thread.
  cudaError_t importExternalMemory(
      void *&Handle, const cudaExternalMemoryHandleDesc &Desc) override;
  cudaError_t
  externalMemoryMappedBuffer(void *&Ptr, void *Handle,
                             const cudaExternalMemoryBufferDesc &Desc) override;
  cudaError_t destroyExternalMemory(void *Handle) override;
  cudaError_t importExternalSemaphore(
      void *&Handle, const cudaExternalSemaphoreHandleDesc &Desc) override;
  cudaError_t
  signalExternalSemaphore(void *Handle,
                          const cudaExternalSemaphoreSignalParams &Params,
                          cudaStream_t Stream) override;
  cudaError_t waitExternalSemaphore(void *Handle,
                                    const cudaExternalSemaphoreWaitParams &Params,
                                    cudaStream_t Stream) override;
  cudaError_t destroyExternalSemaphore(void *Handle) override;
  cudaError_t arenaCreate(void *&Arena, int Device) override;
  cudaError_t arenaExport(int &Fd, void *Arena) override;
  cudaError_t arenaImport(void *&Arena, int Fd) override;
  cudaError_t arenaMap(void *&Ptr, void *Arena, size_t Offset, size_t Size,
                       bool Grow) override;
  cudaError_t arenaRelease(void *Arena) override;
  cudaError_t streamLimitMultiprocessors(cudaStream_t Stream,
                                         unsigned Multiprocessors) override;
  cudaError_t streamWaitValue(cudaStream_t Stream, void *Address,
                              unsigned long long Value, bool Wide,
                              unsigned Flags) override;
  cudaError_t streamWriteValue(cudaStream_t Stream, void *Address,
                               unsigned long long Value, bool Wide,
                               unsigned Flags) override;

private:
  /// The calling thread's current context's fault.
  cudaError_t deviceError() { return faultOf(context()); }
  static cudaError_t faultOf(const HostContext &Context) {
    return static_cast<cudaError_t>(Context.Fault.load());
  }
  /// The calling thread's current context.
  HostContext &context();
  /// The context whose work Stream holds (special streams: the current
  /// context); null if Stream is not a stream.
  HostContext *contextOfStream(cudaStream_t Stream);
  static bool isSpecialStream(cudaStream_t Stream) {
    return Stream == nullptr || Stream == cudaStreamLegacy ||
           Stream == cudaStreamPerThread;
  }
  HostStream *userStream(cudaStream_t Stream);
  HostEvent *findEvent(cudaEvent_t Event);
  std::optional<Allocation> findAllocation(const void *Ptr);
  /// Gives back an allocation's memory, whatever its kind (HostIpc.cpp);
  /// under Mutex, with the allocation already out of Allocations' use.
  void freeDeviceMemory(uintptr_t Address, const Allocation &A);
  /// Interprocess events (HostIpc.cpp).
  cudaError_t makeInterprocessEvent(HostEvent &Event);
  static void releaseInterprocessEvent(HostEvent &Event);
  static uint64_t recordInterprocessEvent(HostEvent &Event);
  static void completeInterprocessRecord(SharedEventState &State,
                                         uint64_t Record);
  /// Waits for the records made so far: here (cudaEventSynchronize), or
  /// queued on `Stream`.
  cudaError_t waitInterprocessEvent(HostEvent &Event, bool Here,
                                    cudaStream_t Stream);
  /// The last work queued on `Stream`, in the queue of `Device` (special
  /// streams: all of the current device's work, its queue being in order).
  cudaError_t lastWorkOf(cudaStream_t Stream, int &Device, uint64_t &Last);
  /// Queues `Work` on `Stream`; with `Wait`, returns when it has run.
  /// Work queued after a fault is dropped unless `RunAfterFault`. `Queued`
  /// (if given) receives the device and sequence number of the work.
  cudaError_t enqueue(cudaStream_t Stream, bool Wait,
                      std::function<void()> Work, bool RunAfterFault = false,
                      std::pair<int, uint64_t> *Queued = nullptr);

  /// A module loaded by the driver API: its kernels are registered in
  /// Kernels under their entry points' addresses.
  struct LoadedModule {
    void *Handle = nullptr;
    int Fd = -1;
    size_t StaticShared = 0;
    int CudaArch = 94;
    std::vector<const void *> KernelKeys;
    /// Its variables recorded in Allocations (AllocationKind::ModuleGlobal).
    std::vector<uintptr_t> Globals;
  };
  /// dlopens a copy of Image; Fd (if given) receives the descriptor of the
  /// memory file that names it.
  cudaError_t loadCodeObject(std::string_view Image, void *&Handle,
                             int *Fd = nullptr);
  /// loadCodeObject, then the host ABI version check.
  cudaError_t openCodeObject(std::string_view Image, void *&Handle,
                             int *Fd = nullptr);
  /// The kernel whose entry point is `Entry`, in any loaded code object
  /// (HostCodeObjects.cpp); under Mutex.
  bool findKernelByEntry(const void *Entry, HostKernel &Kernel);
  /// dlcloses a code object; closes its memory file once it is unloaded.
  static void closeCodeObject(void *Handle, int Fd);

  /// The calling thread's current device.
  static int currentDevice();
  /// Makes the current device's primary context current on the calling
  /// thread (setDevice; HostContexts.cpp).
  static void leaveCreatedContext();
  /// Device `Device`'s queue and pool, made at first use.
  DeviceQueue &deviceQueue(int Device);
  WorkQueue &queueOf(int Device) { return deviceQueue(Device).Queue; }
  /// Waits for all work queued so far on every device (what must not run
  /// while memory changes under it).
  void waitForEveryDevice();
  /// The device whose queue `Stream`'s work goes to (special streams: the
  /// current device's); -1 if `Stream` is not a stream.
  int deviceOfStream(cudaStream_t Stream);

  /// Worker threads per device (the multiprocessors a device reports).
  unsigned Workers = 1;
  std::mutex QueuesMutex;
  /// By device, under QueuesMutex.
  std::vector<std::unique_ptr<DeviceQueue>> Queues;
  std::mutex Mutex, RecordMutex;
  /// Each device's primary context, by device.
  HostContext PrimaryContexts[MaxHostDevices];
  /// Contexts cuCtxCreate made, by id; under ContextsMutex.
  std::mutex ContextsMutex;
  std::map<unsigned, std::unique_ptr<HostContext>> CreatedContexts;
  unsigned NextContext = FirstCreatedContext;
  unsigned DeviceFlags = 0;
  int DeviceCount = 1;
  /// (device, peer) pairs with peer access enabled; guarded by Mutex.
  std::set<std::pair<int, int>> PeerAccess;
  std::map<uintptr_t, Allocation> Allocations;
  std::set<HostStream *> Streams;
  std::set<HostEvent *> Events;
  std::unordered_map<const void *, HostKernel> Kernels;
  std::unordered_map<const void *, void *> Symbols;
  /// Memory other processes exported, by where it is mapped here.
  struct ImportedBlock {
    uint64_t Device, Inode;
    size_t Bytes;
    unsigned References;
  };
  std::map<uintptr_t, ImportedBlock> ImportedMemory;
  /// Kernels by entry point, as device code names them (kernelOfEntry).
  std::unordered_map<const void *, HostKernel> EntryKernels;
  std::vector<void *> Modules;
  std::set<LoadedModule *> LoadedModules;
  /// The device heap every code object's malloc counts against (HostABI.h);
  /// CUDA's default size, 8 MiB.
  rubicon::host::HostHeap Heap{8ull << 20, 0};
  /// Launches from device code queued and not yet started, and the most
  /// that may be (cudaLimitDevRuntimePendingLaunchCount; CUDA's default).
  std::atomic<size_t> PendingLaunches{0}, PendingLaunchLimit{2048};
};

} // namespace rubicon::cudart::host

#endif // RUBICON_BACKEND_HOST_HOSTBACKEND_H
