//===- Backend.h - The runtime's interface to a GPU runtime -----*- C++ -*-===//
//
// Part of Rubicon. libcudart and libcuda implement CUDA's semantics (errors,
// registration tables, launch configuration, symbols) themselves and reach the
// device only through this interface. Its implementations are the HIP backend
// (hip/) and the host backend (host/), created by BackendSelection.h; unit
// tests inject a fake one.
//
// Extending it: a family of operations (graphs, memory pools, ...) is added as
// virtual functions with a default in a file of its own, as the driver-only
// operations are (BackendDriverDefaults.cpp), so backends that lack the family
// still build and answer cudaErrorNotSupported.
//
// Handles (cudaStream_t, cudaEvent_t) are the backend's own pointers, except
// the CUDA special streams 0, cudaStreamLegacy and cudaStreamPerThread, which
// the backend translates.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_BACKEND_H
#define RUBICON_BACKEND_BACKEND_H

#include "driver_types.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace rubicon::cudart {

class MemoryRecords;
class ProcessGate;

/// A grid or block shape (the layout of CUDA's dim3).
struct LaunchDims {
  unsigned X = 1, Y = 1, Z = 1;
};

/// A kernel recorded by __cudaRegisterFunction.
struct KernelRecord {
  const void *HostStub = nullptr;
  std::string DeviceName;
};

/// A __device__/__constant__ variable recorded by __cudaRegisterVar.
struct VariableRecord {
  const void *HostVar = nullptr;
  std::string DeviceName;
  size_t Size = 0;
  bool Constant = false;
  bool External = false;
  /// __managed__: HostVar is the `void *` host code reads the variable
  /// through, which a backend whose variables the host can reach points at
  /// the variable (__cudaRegisterManagedVar).
  bool Managed = false;
};

/// One fat binary recorded by __cudaRegisterFatBinary, with what was
/// registered against it.
struct FatBinaryRecord {
  /// The offload bundle the compiler embedded.
  const void *Bundle = nullptr;
  /// Bytes of the bundle (from its header); 0 if the header is unreadable.
  size_t BundleSize = 0;
  /// Targets (gfx names) the bundle carries code objects for.
  std::vector<std::string> Archs;
  std::vector<KernelRecord> Kernels;
  std::vector<VariableRecord> Variables;
};

class Backend {
public:
  virtual ~Backend();

  /// Short name for logs ("hip", "fake").
  virtual const char *name() const = 0;

  /// Loads and starts the GPU runtime. cudaErrorInsufficientDriver when it is
  /// missing, cudaErrorNoDevice when it has no device. Called once.
  virtual cudaError_t initialize() = 0;
  /// The GPU runtime's version, in CUDA's 1000*major+10*minor form.
  virtual int runtimeVersion() const = 0;

  // Devices.
  virtual cudaError_t getDeviceCount(int &Count) = 0;
  virtual cudaError_t setDevice(int Device) = 0;
  virtual cudaError_t getDevice(int &Device) = 0;
  virtual cudaError_t getDeviceProperties(cudaDeviceProp &Prop, int Device) = 0;
  virtual cudaError_t deviceSynchronize() = 0;
  virtual cudaError_t deviceReset() = 0;
  virtual cudaError_t setCacheConfig(cudaFuncCache Config) = 0;
  virtual cudaError_t setDeviceFlags(unsigned Flags) = 0;
  virtual cudaError_t getDeviceFlags(unsigned &Flags) = 0;
  virtual cudaError_t getStreamPriorityRange(int &Least, int &Greatest) = 0;

  // Memory.
  virtual cudaError_t malloc(void **Ptr, size_t Size) = 0;
  virtual cudaError_t free(void *Ptr) = 0;
  virtual cudaError_t mallocManaged(void **Ptr, size_t Size,
                                    unsigned Flags) = 0;
  virtual cudaError_t hostAlloc(void **Ptr, size_t Size, unsigned Flags) = 0;
  virtual cudaError_t freeHost(void *Ptr) = 0;
  virtual cudaError_t hostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                           unsigned Flags) = 0;
  virtual cudaError_t memGetInfo(size_t &Free, size_t &Total) = 0;
  /// Copies; Async ones are ordered on Stream.
  virtual cudaError_t memcpy(void *Dst, const void *Src, size_t Count,
                             cudaMemcpyKind Kind) = 0;
  virtual cudaError_t memcpyAsync(void *Dst, const void *Src, size_t Count,
                                  cudaMemcpyKind Kind, cudaStream_t Stream) = 0;
  virtual cudaError_t memset(void *Ptr, int Value, size_t Count) = 0;
  virtual cudaError_t memsetAsync(void *Ptr, int Value, size_t Count,
                                  cudaStream_t Stream) = 0;
  virtual cudaError_t mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                                  size_t Height) = 0;
  /// 2D copies and fills; Stream is used only when Async.
  virtual cudaError_t memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                               size_t SrcPitch, size_t Width, size_t Height,
                               cudaMemcpyKind Kind, cudaStream_t Stream,
                               bool Async) = 0;
  virtual cudaError_t memset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                               size_t Height, cudaStream_t Stream,
                               bool Async) = 0;
  virtual cudaError_t mallocAsync(void **Ptr, size_t Size,
                                  cudaStream_t Stream) = 0;
  virtual cudaError_t freeAsync(void *Ptr, cudaStream_t Stream) = 0;
  virtual cudaError_t hostRegister(void *Ptr, size_t Size, unsigned Flags) = 0;
  virtual cudaError_t hostUnregister(void *Ptr) = 0;
  /// CUDA's view of a pointer; unknown host memory is
  /// cudaMemoryTypeUnregistered, not an error.
  virtual cudaError_t pointerGetAttributes(cudaPointerAttributes &Attributes,
                                           const void *Ptr) = 0;
  virtual cudaError_t memPrefetchAsync(const void *Ptr, size_t Count,
                                       int Device, cudaStream_t Stream) = 0;
  virtual cudaError_t deviceCanAccessPeer(int &CanAccess, int Device,
                                          int PeerDevice) = 0;
  virtual cudaError_t deviceEnablePeerAccess(int PeerDevice,
                                             unsigned Flags) = 0;
  virtual cudaError_t deviceDisablePeerAccess(int PeerDevice) = 0;
  virtual cudaError_t memcpyPeer(void *Dst, int DstDevice, const void *Src,
                                 int SrcDevice, size_t Count,
                                 cudaStream_t Stream, bool Async) = 0;
  virtual cudaError_t deviceGetPCIBusId(char *BusId, int Length,
                                        int Device) = 0;
  virtual cudaError_t deviceGetByPCIBusId(int &Device, const char *BusId) = 0;

  // Streams and events.
  virtual cudaError_t streamCreate(cudaStream_t &Stream, unsigned Flags,
                                   int Priority) = 0;
  virtual cudaError_t streamDestroy(cudaStream_t Stream) = 0;
  virtual cudaError_t streamSynchronize(cudaStream_t Stream) = 0;
  virtual cudaError_t streamQuery(cudaStream_t Stream) = 0;
  virtual cudaError_t streamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                                      unsigned Flags) = 0;
  virtual cudaError_t streamGetFlags(cudaStream_t Stream, unsigned &Flags) = 0;
  virtual cudaError_t streamGetPriority(cudaStream_t Stream, int &Priority) = 0;
  /// Runs Callback(Stream, status, UserData) on a host thread once the work
  /// before it in Stream is done.
  virtual cudaError_t streamAddCallback(cudaStream_t Stream,
                                        cudaStreamCallback_t Callback,
                                        void *UserData) = 0;
  virtual cudaError_t eventCreate(cudaEvent_t &Event, unsigned Flags) = 0;
  virtual cudaError_t eventRecord(cudaEvent_t Event, cudaStream_t Stream) = 0;
  virtual cudaError_t eventSynchronize(cudaEvent_t Event) = 0;
  virtual cudaError_t eventQuery(cudaEvent_t Event) = 0;
  virtual cudaError_t eventElapsedTime(float &Ms, cudaEvent_t Start,
                                       cudaEvent_t End) = 0;
  virtual cudaError_t eventDestroy(cudaEvent_t Event) = 0;

  // Code: modules, kernels, symbols.
  /// Makes the fat binary's kernels and variables known to the GPU runtime,
  /// so launchKernel and symbolAddress accept their host addresses. Called
  /// once per fat binary, after initialize().
  virtual cudaError_t registerFatBinary(const FatBinaryRecord &FatBinary) = 0;
  virtual cudaError_t launchKernel(const void *HostStub, LaunchDims Grid,
                                   LaunchDims Block, void **Args,
                                   size_t SharedMem, cudaStream_t Stream) = 0;
  /// A cooperative launch (cudaLaunchCooperativeKernel): every block of the
  /// grid resident at once, so the device library's grid barrier works.
  /// cudaErrorCooperativeLaunchTooLarge when the grid does not fit.
  virtual cudaError_t launchCooperativeKernel(const void *HostStub,
                                              LaunchDims Grid, LaunchDims Block,
                                              void **Args, size_t SharedMem,
                                              cudaStream_t Stream);
  /// Device address of a registered variable, named by its host shadow.
  virtual cudaError_t symbolAddress(void **DevicePtr, const void *HostVar) = 0;
  virtual cudaError_t funcGetAttributes(cudaFuncAttributes &Attributes,
                                        const void *HostStub) = 0;
  virtual cudaError_t funcSetCacheConfig(const void *HostStub,
                                         cudaFuncCache Config) = 0;
  virtual cudaError_t funcSetAttribute(const void *HostStub,
                                       cudaFuncAttribute Attribute,
                                       int Value) = 0;
  virtual cudaError_t
  occupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks,
                                            const void *HostStub, int BlockSize,
                                            size_t DynamicSharedMem) = 0;

  // What only the driver API needs (libcuda, docs/driver-api.md). The
  // defaults (BackendDriverDefaults.cpp) answer cudaErrorNotSupported.
  /// Loads a module image (ModuleImage.h: a fat binary or one code object)
  /// of Size bytes; Module is the backend's handle for it.
  /// cudaErrorNoKernelImageForDevice when nothing in it runs on the device.
  virtual cudaError_t moduleLoad(void *&Module, const void *Image, size_t Size);
  virtual cudaError_t moduleUnload(void *Module);
  /// A kernel of a loaded module by its (mangled) name;
  /// cudaErrorSymbolNotFound when the module has none.
  virtual cudaError_t moduleGetFunction(void *&Function, void *Module,
                                        const char *Name);
  /// A __device__/__constant__ variable of a loaded module.
  virtual cudaError_t moduleGetGlobal(void *&Address, size_t &Size,
                                      void *Module, const char *Name);
  virtual cudaError_t moduleFuncGetAttributes(cudaFuncAttributes &Attributes,
                                              void *Function);
  virtual cudaError_t moduleOccupancyMaxActiveBlocksPerMultiprocessor(
      int &NumBlocks, void *Function, int BlockSize, size_t DynamicSharedMem);
  /// Launches a module kernel with its arguments given either as Args (one
  /// pointer per parameter) or, when ArgBuffer is set, packed in ArgBuffer
  /// (ArgBufferSize bytes, each parameter at its natural alignment).
  virtual cudaError_t moduleLaunchKernel(void *Function, LaunchDims Grid,
                                         LaunchDims Block, void **Args,
                                         const void *ArgBuffer,
                                         size_t ArgBufferSize, size_t SharedMem,
                                         cudaStream_t Stream);
  /// Sets Count elements of ElementSize (1, 2 or 4) bytes to Value; the
  /// default serves patterns whose bytes are all equal with memset.
  virtual cudaError_t memsetElements(void *Ptr, unsigned Value,
                                     unsigned ElementSize, size_t Count,
                                     cudaStream_t Stream, bool Async);
  /// The allocation Ptr points into: its start and size.
  virtual cudaError_t memGetAddressRange(void *&Base, size_t &Size,
                                         const void *Ptr);
  /// Bytes of each parameter of a kernel (a registered host stub, or a
  /// module function when ModuleFunction): graphs copy a kernel node's
  /// arguments with them. The default answers cudaErrorNotSupported.
  virtual cudaError_t kernelParameterSizes(const void *Kernel,
                                           bool ModuleFunction,
                                           std::vector<size_t> &Sizes);
  /// The module-function handle (what moduleLaunchKernel and
  /// moduleFuncGetAttributes take) of a kernel of a registered fat binary,
  /// named by its host stub: cudaGetKernel and cudaGetFuncBySymbol hand it to
  /// the driver API. cudaErrorInvalidDeviceFunction for an unknown stub.
  virtual cudaError_t kernelFunctionOfStub(void *&Function,
                                           const void *HostStub);
  /// Where each parameter of a kernel (as kernelParameterSizes names it)
  /// lies in CUDA's parameter buffer, and its size (cuFuncGetParamInfo).
  virtual cudaError_t kernelParameterLayout(const void *Kernel,
                                            std::vector<size_t> &Offsets,
                                            std::vector<size_t> &Sizes);
  /// The heap device code's malloc allocates from: Bytes in all
  /// (cudaLimitMallocHeapSize). The default answers cudaErrorNotSupported.
  virtual cudaError_t setDeviceHeapSize(size_t Bytes);
  /// The most launches from device code that may wait to start at once
  /// (cudaLimitDevRuntimePendingLaunchCount); one more fails with
  /// cudaErrorLaunchPendingCountExceeded. The default answers
  /// cudaErrorNotSupported (no launch from device code).
  virtual cudaError_t setPendingLaunchLimit(size_t Launches);
  // Virtual memory management (cuMemCreate, cuMemAddressReserve, cuMemMap,
  // ...): physical allocations mapped into reserved address ranges. libcuda
  // checks CUDA's rules (granularity, properties) and keeps the tables CUDA
  // queries; a backend only moves memory. The defaults
  // (BackendVirtualMemoryDefaults.cpp) answer cudaErrorNotSupported.
  /// The granularity of sizes, offsets and addresses on Device: the minimum,
  /// or the recommended one (Recommended).
  virtual cudaError_t vmmGranularity(size_t &Granularity, int Device,
                                     bool Recommended);
  /// Size bytes of physical memory on Device; Handle is the backend's.
  virtual cudaError_t vmmCreate(void *&Handle, size_t Size, int Device);
  /// Frees Handle's memory once no mapping uses it any more.
  virtual cudaError_t vmmRelease(void *Handle);
  /// Reserves Size bytes of address space at Alignment (0: granularity),
  /// at Hint if it is free.
  virtual cudaError_t vmmReserve(void *&Address, size_t Size, size_t Alignment,
                                 void *Hint);
  virtual cudaError_t vmmFree(void *Address, size_t Size);
  /// Maps Size bytes of Handle from Offset at Address (reserved, unmapped).
  /// The range is inaccessible until vmmSetAccess.
  virtual cudaError_t vmmMap(void *Address, size_t Size, size_t Offset,
                             void *Handle);
  virtual cudaError_t vmmUnmap(void *Address, size_t Size);
  /// Access of Device to a mapped range: 0 none, 1 read, 3 read and write.
  virtual cudaError_t vmmSetAccess(void *Address, size_t Size, int Device,
                                   unsigned Flags);
  /// A POSIX file descriptor for Handle's memory, owned by the caller (another
  /// process may import it), and a handle for such a descriptor.
  virtual cudaError_t vmmExport(int &Fd, void *Handle);
  virtual cudaError_t vmmImport(void *&Handle, int Fd);

  // Contexts (cuCtxCreate; docs/runtime-driver-state.md "Contexts"): a
  // context is a device's work with its own fault state. Ids below
  // FirstCreatedContext are primary contexts (the id is the device); the
  // current context belongs to the calling thread, and setDevice makes the
  // device's primary context current. The defaults
  // (BackendDriverDefaults.cpp) have primary contexts only: contextCreate
  // answers cudaErrorNotSupported.
  static constexpr unsigned FirstCreatedContext = 1u << 16;
  /// A new context of Device, beside its primary context; not made current.
  virtual cudaError_t contextCreate(unsigned &Context, int Device);
  /// Waits for the context's work and forgets it; its streams stop being
  /// streams. A thread it was current on falls back to its device's primary
  /// context.
  virtual cudaError_t contextDestroy(unsigned Context);
  /// Makes Context current on the calling thread (and its device current).
  virtual cudaError_t setContext(unsigned Context);
  /// The calling thread's current context.
  virtual unsigned currentContext();
  /// The context whose work Stream holds (special streams: the current one).
  virtual cudaError_t streamContext(cudaStream_t Stream, unsigned &Context);
  /// The context current when the memory at Ptr was allocated or registered
  /// (cudaErrorInvalidValue for memory the backend does not know).
  virtual cudaError_t pointerContext(const void *Ptr, unsigned &Context);

  /// The process's records of memory advice and host allocation flags
  /// (MemoryRecords.h), shared by both APIs. Not meant to be overridden.
  virtual MemoryRecords &memoryRecords();
  /// The process's checkpoint state (ProcessGate.h), shared the same way;
  /// both libraries pass it before each call reaches the backend.
  virtual ProcessGate &processGate();

  // Interprocess communication (cudaIpc*, cuIpc*): 64-byte handles another
  // process opens. The defaults (BackendVirtualMemoryDefaults.cpp) answer
  // cudaErrorNotSupported.
  static constexpr size_t IpcHandleSize = 64;
  virtual cudaError_t ipcGetMemHandle(void *Handle, void *DevPtr);
  virtual cudaError_t ipcOpenMemHandle(void *&DevPtr, const void *Handle,
                                       unsigned Flags);
  virtual cudaError_t ipcCloseMemHandle(void *DevPtr);
  virtual cudaError_t ipcGetEventHandle(void *Handle, cudaEvent_t Event);
  virtual cudaError_t ipcOpenEventHandle(cudaEvent_t &Event,
                                         const void *Handle);

  // External memory and semaphores (cudaImportExternalMemory, ...;
  // docs/external-resources.md): objects another API or process made,
  // imported under the runtime API's descriptors (the driver's have the same
  // layout). Handles are the backend's. Stream memory operations
  // (cuStreamWaitValue32, ...): Flags are CUDA's (CU_STREAM_WAIT_VALUE_*,
  // CU_STREAM_WRITE_VALUE_*). The defaults (BackendExternalDefaults.cpp)
  // answer cudaErrorNotSupported.
  virtual cudaError_t importExternalMemory(
      void *&Handle, const cudaExternalMemoryHandleDesc &Desc);
  /// Device memory over part of an imported object; cudaFree releases it.
  virtual cudaError_t
  externalMemoryMappedBuffer(void *&Ptr, void *Handle,
                             const cudaExternalMemoryBufferDesc &Desc);
  virtual cudaError_t destroyExternalMemory(void *Handle);
  virtual cudaError_t importExternalSemaphore(
      void *&Handle, const cudaExternalSemaphoreHandleDesc &Desc);
  /// Signals or waits for Handle once the work before it in Stream is done;
  /// the stream's later work waits for the wait.
  virtual cudaError_t
  signalExternalSemaphore(void *Handle,
                          const cudaExternalSemaphoreSignalParams &Params,
                          cudaStream_t Stream);
  virtual cudaError_t
  waitExternalSemaphore(void *Handle,
                        const cudaExternalSemaphoreWaitParams &Params,
                        cudaStream_t Stream);
  virtual cudaError_t destroyExternalSemaphore(void *Handle);
  /// Shareable arenas, the memory of memory pools exported to other
  /// processes (cudaMemPoolExportToShareableHandle): an arena is one POSIX
  /// file descriptor's memory; blocks are mapped from it at offsets, as
  /// device memory that free() unmaps. arenaMap with Grow enlarges the arena
  /// to hold the block (the exporter); without, the block must exist (an
  /// importer).
  virtual cudaError_t arenaCreate(void *&Arena, int Device);
  virtual cudaError_t arenaExport(int &Fd, void *Arena);
  virtual cudaError_t arenaImport(void *&Arena, int Fd);
  virtual cudaError_t arenaMap(void *&Ptr, void *Arena, size_t Offset,
                               size_t Size, bool Grow);
  virtual cudaError_t arenaRelease(void *Arena);
  /// Kernels launched on Stream from now on run on at most Multiprocessors
  /// of the device (0: all); a green context's streams (cuGreenCtxStreamCreate).
  virtual cudaError_t streamLimitMultiprocessors(cudaStream_t Stream,
                                                 unsigned Multiprocessors);
  /// Stream's later work waits until the 4- or 8-byte (Wide) value at
  /// Address satisfies Flags' condition against Value.
  virtual cudaError_t streamWaitValue(cudaStream_t Stream, void *Address,
                                      unsigned long long Value, bool Wide,
                                      unsigned Flags);
  /// Writes Value (4 or 8 bytes) to Address in Stream's order.
  virtual cudaError_t streamWriteValue(cudaStream_t Stream, void *Address,
                                       unsigned long long Value, bool Wide,
                                       unsigned Flags);
};

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_BACKEND_H
