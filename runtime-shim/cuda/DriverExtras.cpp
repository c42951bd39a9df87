//===- DriverExtras.cpp - Streams, contexts, devices, launches ------------===//
//
// Part of Rubicon. Driver API families beyond DriverApi.cpp's first subset:
// stream priorities, flags, ids and attributes; event records with flags;
// the current context's configuration (cache preference, flags, limits) and
// primary-context state; device UUIDs; cooperative launches, launches with
// attributes, function names and occupancy of module kernels. Contexts are
// the devices' primary contexts (docs/driver-api.md).
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "graphs/StreamHooks.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

using namespace rubicon::driver;
using rubicon::cudart::Backend;

namespace {

constexpr int MaxDevices = 64;

/// What the driver keeps per primary context.
struct ContextState {
  unsigned Flags = 0;
  bool Active = false;
  CUfunc_cache CacheConfig = CU_FUNC_CACHE_PREFER_NONE;
  size_t Limits[7] = {1024, 1 << 20, 8 << 20, 2, 2048, 64, 0};
};

std::mutex Mutex;
ContextState Contexts[MaxDevices];
std::map<CUstream, std::map<int, CUstreamAttrValue>> StreamAttributes;

cudaError_t checkDevice(Backend &B, int Device) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count && Device < MaxDevices
             ? cudaSuccess
             : cudaErrorInvalidDevice;
}

/// The current context's state (that of the current device).
cudaError_t currentContext(Backend &B, ContextState *&Out) {
  int Device = 0;
  if (cudaError_t Status = B.getDevice(Device))
    return Status;
  if (Device < 0 || Device >= MaxDevices)
    return cudaErrorInvalidDevice;
  Out = &Contexts[Device];
  return cudaSuccess;
}

bool isStreamAttribute(int Id) {
  return Id == CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW ||
         Id == CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY ||
         Id == CU_LAUNCH_ATTRIBUTE_PRIORITY ||
         Id == CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP ||
         Id == CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN;
}

/// Resident blocks of Function per multiprocessor at BlockSize threads.
CUresult occupancy(int &Blocks, CUfunction Function, int BlockSize,
                   size_t DynamicSMem) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  void *F = backendFunction(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  return toDriverResult(B->moduleOccupancyMaxActiveBlocksPerMultiprocessor(
      Blocks, F, BlockSize, DynamicSMem));
}

} // namespace

extern "C" {

//===-- Streams and events ------------------------------------------------===//

CUresult cuStreamCreateWithPriority(CUstream *Stream, unsigned int Flags,
                                    int Priority) {
  if (!Stream || (Flags & ~unsigned(CU_STREAM_NON_BLOCKING)))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    // Priorities outside the device's range are clamped to it, as CUDA does.
    int Least = 0, Greatest = 0;
    if (cudaError_t Status = B.getStreamPriorityRange(Least, Greatest))
      return Status;
    Priority = Priority > Least      ? Least
               : Priority < Greatest ? Greatest
                                     : Priority;
    cudaStream_t Created = nullptr;
    cudaError_t Status = B.streamCreate(Created, Flags, Priority);
    *Stream = reinterpret_cast<CUstream>(Created);
    return Status;
  });
}

CUresult cuStreamGetPriority(CUstream Stream, int *Priority) {
  if (!Priority)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    return B.streamGetPriority(toStream(Stream), *Priority);
  });
}

CUresult cuStreamGetFlags(CUstream Stream, unsigned int *Flags) {
  if (!Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend(
      [&](Backend &B) { return B.streamGetFlags(toStream(Stream), *Flags); });
}

CUresult cuStreamGetId(CUstream Stream, unsigned long long *Id) {
  if (!Id)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    unsigned Flags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), Flags))
      return Status;
    // As libcudart's cudaStreamGetId: 0 legacy, 1 per-thread, else the
    // handle's value.
    *Id = Stream == nullptr || Stream == CU_STREAM_LEGACY ? 0
          : Stream == CU_STREAM_PER_THREAD
              ? 1
              : reinterpret_cast<uintptr_t>(Stream);
    return cudaSuccess;
  });
}

CUresult cuStreamGetDevice(CUstream Stream, CUdevice *Device) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    unsigned Flags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), Flags))
      return Status;
    return B.getDevice(*Device);
  });
}

CUresult cuStreamGetCtx(CUstream Stream, CUcontext *Context) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    unsigned Id = 0;
    if (cudaError_t Status = B.streamContext(toStream(Stream), Id))
      return Status;
    *Context = contextHandle(Id);
    return cudaSuccess;
  });
}

CUresult cuStreamGetAttribute(CUstream Stream, CUstreamAttrID Attr,
                              CUstreamAttrValue *Value) {
  if (!Value || !isStreamAttribute(Attr))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    unsigned Flags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), Flags))
      return Status;
    CUstreamAttrValue Result;
    std::memset(&Result, 0, sizeof(Result));
    if (Attr == CU_LAUNCH_ATTRIBUTE_PRIORITY)
      B.streamGetPriority(toStream(Stream), Result.priority);
    else if (Attr == CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY)
      Result.syncPolicy = CU_SYNC_POLICY_AUTO;
    std::lock_guard<std::mutex> Lock(Mutex);
    auto &Stored = StreamAttributes[Stream];
    if (auto It = Stored.find(Attr); It != Stored.end())
      Result = It->second;
    *Value = Result;
    return cudaSuccess;
  });
}

CUresult cuStreamSetAttribute(CUstream Stream, CUstreamAttrID Attr,
                              const CUstreamAttrValue *Value) {
  if (!Value || !isStreamAttribute(Attr))
    return CUDA_ERROR_INVALID_VALUE;
  if (Attr == CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW &&
      (Value->accessPolicyWindow.hitRatio < 0.0f ||
       Value->accessPolicyWindow.hitRatio > 1.0f))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    unsigned Flags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Stream), Flags))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    StreamAttributes[Stream][Attr] = *Value;
    return cudaSuccess;
  });
}

CUresult cuStreamCopyAttributes(CUstream Dst, CUstream Src) {
  return withBackend([&](Backend &B) {
    unsigned Flags = 0;
    if (cudaError_t Status = B.streamGetFlags(toStream(Src), Flags))
      return Status;
    if (cudaError_t Status = B.streamGetFlags(toStream(Dst), Flags))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    auto Copy = StreamAttributes[Src];
    StreamAttributes[Dst] = Copy;
    return cudaSuccess;
  });
}

CUresult cuEventRecordWithFlags(CUevent Event, CUstream Stream,
                                unsigned int Flags) {
  // CU_EVENT_RECORD_EXTERNAL matters only in stream capture.
  if (Flags & ~unsigned(CU_EVENT_RECORD_EXTERNAL))
    return CUDA_ERROR_INVALID_VALUE;
  return cuEventRecord(Event, Stream);
}

//===-- Contexts ----------------------------------------------------------===//

CUresult cuCtxGetApiVersion(CUcontext Context, unsigned int *Version) {
  if (!Version)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &) {
    if (Context && contextDevice(Context) < 0)
      return cudaErrorDeviceUninitialized; // CUDA_ERROR_INVALID_CONTEXT
    // The API version contexts are created with since CUDA 3.2.
    *Version = 3020;
    return cudaSuccess;
  });
}

CUresult cuCtxGetCacheConfig(CUfunc_cache *Config) {
  if (!Config)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    ContextState *C = nullptr;
    if (cudaError_t Status = currentContext(B, C))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    *Config = C->CacheConfig;
    return cudaSuccess;
  });
}

CUresult cuCtxSetCacheConfig(CUfunc_cache Config) {
  if (Config < CU_FUNC_CACHE_PREFER_NONE || Config > CU_FUNC_CACHE_PREFER_EQUAL)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    ContextState *C = nullptr;
    if (cudaError_t Status = currentContext(B, C))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    C->CacheConfig = Config; // a preference: no L1/shared split on AMD GPUs
    return cudaSuccess;
  });
}

CUresult cuCtxGetFlags(unsigned int *Flags) {
  if (!Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) { return B.getDeviceFlags(*Flags); });
}

CUresult cuCtxSetFlags(unsigned int Flags) {
  if (Flags & ~unsigned(CU_CTX_FLAGS_MASK))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) { return B.setDeviceFlags(Flags); });
}

CUresult cuCtxGetId(CUcontext Context, unsigned long long *Id) {
  if (!Id)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    long long Own = Context ? contextId(Context) : B.currentContext();
    if (Own < 0)
      return cudaErrorDeviceUninitialized; // CUDA_ERROR_INVALID_CONTEXT
    *Id = static_cast<unsigned long long>(Own) + 1;
    return cudaSuccess;
  });
}

CUresult cuCtxGetLimit(size_t *Value, CUlimit Limit) {
  if (!Value || Limit < CU_LIMIT_STACK_SIZE ||
      Limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    ContextState *C = nullptr;
    if (cudaError_t Status = currentContext(B, C))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    *Value = C->Limits[Limit];
    return cudaSuccess;
  });
}

CUresult cuCtxSetLimit(CUlimit Limit, size_t Value) {
  if (Limit < CU_LIMIT_STACK_SIZE || Limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  // cudaDeviceSynchronize in device code, which the sync depth bounds, is
  // gone from CUDA 12's device runtime (compute capability 9.0 and up).
  if (Limit == CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH)
    return CUDA_ERROR_UNSUPPORTED_LIMIT;
  return withBackend([&](Backend &B) {
    ContextState *C = nullptr;
    if (cudaError_t Status = currentContext(B, C))
      return Status;
    if (Limit == CU_LIMIT_MALLOC_HEAP_SIZE)
      if (cudaError_t Status = B.setDeviceHeapSize(Value);
          Status != cudaSuccess && Status != cudaErrorNotSupported)
        return Status;
    // Launches from device code (host backend; elsewhere there are none).
    if (Limit == CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT)
      if (cudaError_t Status = B.setPendingLaunchLimit(Value);
          Status != cudaSuccess && Status != cudaErrorNotSupported)
        return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    C->Limits[Limit] = Value;
    return cudaSuccess;
  });
}

CUresult cuCtxGetStreamPriorityRange(int *Least, int *Greatest) {
  return withBackend([&](Backend &B) {
    int L = 0, G = 0;
    cudaError_t Status = B.getStreamPriorityRange(L, G);
    if (Least)
      *Least = L;
    if (Greatest)
      *Greatest = G;
    return Status;
  });
}

CUresult cuCtxResetPersistingL2Cache(void) {
  // No line is ever made persisting (access-policy windows are hints).
  return withBackend([](Backend &) { return cudaSuccess; });
}

CUresult cuCtxRecordEvent(CUcontext Context, CUevent Event) {
  if (!Context || contextDevice(Context) < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  // All the context's work: the legacy stream waits for every blocking
  // stream, and the backends order all streams of a device through it.
  return cuEventRecord(Event, CU_STREAM_LEGACY);
}

CUresult cuCtxWaitEvent(CUcontext Context, CUevent Event) {
  if (!Context || contextDevice(Context) < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return cuStreamWaitEvent(CU_STREAM_LEGACY, Event, 0);
}

CUresult cuDevicePrimaryCtxGetState(CUdevice Device, unsigned int *Flags,
                                    int *Active) {
  if (!Flags || !Active)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    *Flags = Contexts[Device].Flags;
    // Primary contexts exist from cuInit on (cuDevicePrimaryCtxRetain).
    *Active = 1;
    return cudaSuccess;
  });
}

CUresult cuDevicePrimaryCtxSetFlags(CUdevice Device, unsigned int Flags) {
  if (Flags & ~unsigned(CU_CTX_FLAGS_MASK))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    Contexts[Device].Flags = Flags;
    return cudaSuccess;
  });
}

CUresult cuDevicePrimaryCtxReset(CUdevice Device) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    unsigned Current = B.currentContext();
    if (cudaError_t Status = B.setDevice(Device))
      return Status;
    cudaError_t Status = B.deviceReset();
    B.setContext(Current);
    std::lock_guard<std::mutex> Lock(Mutex);
    Contexts[Device] = ContextState();
    return Status;
  });
}

// CUDA 11's _v2 versions, the default ABI since: the same contracts.
CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice Device, unsigned int Flags) {
  return cuDevicePrimaryCtxSetFlags(Device, Flags);
}
CUresult cuDevicePrimaryCtxReset_v2(CUdevice Device) {
  return cuDevicePrimaryCtxReset(Device);
}

//===-- Devices -----------------------------------------------------------===//

CUresult cuDeviceGetUuid(CUuuid *Uuid, CUdevice Device) {
  if (!Uuid)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    cudaDeviceProp Properties{};
    if (cudaError_t Status = B.getDeviceProperties(Properties, Device))
      return Status;
    std::memcpy(Uuid->bytes, Properties.uuid.bytes, sizeof(Uuid->bytes));
    return cudaSuccess;
  });
}

CUresult cuDeviceGetUuid_v2(CUuuid *Uuid, CUdevice Device) {
  return cuDeviceGetUuid(Uuid, Device);
}

CUresult cuDeviceCanAccessPeer(int *CanAccess, CUdevice Device,
                               CUdevice PeerDevice) {
  if (!CanAccess)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    if (cudaError_t Status = checkDevice(B, PeerDevice))
      return Status;
    return B.deviceCanAccessPeer(*CanAccess, Device, PeerDevice);
  });
}

// Between two distinct devices: access and native atomics as peer access
// allows, rank 0, no array access (as cudaDeviceGetP2PAttribute).
CUresult cuDeviceGetP2PAttribute(int *Value, CUdevice_P2PAttribute Attribute,
                                 CUdevice Src, CUdevice Dst) {
  if (!Value || Attribute < CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK ||
      Attribute > CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Src))
      return Status;
    if (cudaError_t Status = checkDevice(B, Dst))
      return Status;
    if (Src == Dst)
      return cudaErrorInvalidDevice;
    int CanAccess = 0;
    if (cudaError_t Status = B.deviceCanAccessPeer(CanAccess, Src, Dst))
      return Status;
    *Value =
        Attribute == CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED ||
                Attribute == CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED
            ? CanAccess
            : 0;
    return cudaSuccess;
  });
}

CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget Target,
                                    CUflushGPUDirectRDMAWritesScope Scope) {
  if (Target != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX ||
      (Scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER &&
       Scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([](Backend &) { return cudaSuccess; });
}

//===-- Functions and launches --------------------------------------------===//

CUresult cuFuncGetName(const char **Name, CUfunction Function) {
  if (!Name)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  std::string FunctionName;
  if (!backendFunction(Function, FunctionName))
    return CUDA_ERROR_INVALID_HANDLE;
  static std::set<std::string> *Names = new std::set<std::string>();
  std::lock_guard<std::mutex> Lock(Mutex);
  *Name = Names->insert(FunctionName).first->c_str();
  return CUDA_SUCCESS;
}

CUresult cuLaunchCooperativeKernel(CUfunction Function, unsigned int GridX,
                                   unsigned int GridY, unsigned int GridZ,
                                   unsigned int BlockX, unsigned int BlockY,
                                   unsigned int BlockZ,
                                   unsigned int SharedMemBytes, CUstream Stream,
                                   void **KernelParams) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  void *F = backendFunction(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!GridX || !GridY || !GridZ || !BlockX || !BlockY || !BlockZ)
    return CUDA_ERROR_INVALID_VALUE;
  // During stream capture: a kernel node with the cooperative attribute.
  if (auto Captured = rubicon::graphs::hooks::kernel(
          *B, F, true, Function, {GridX, GridY, GridZ},
          {BlockX, BlockY, BlockZ}, KernelParams, nullptr, 0, SharedMemBytes,
          toStream(Stream), true))
    return toDriverResult(*Captured);
  return toDriverResult(B->launchCooperativeKernel(
      F, {GridX, GridY, GridZ}, {BlockX, BlockY, BlockZ}, KernelParams,
      SharedMemBytes, toStream(Stream)));
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *Config, CUfunction Function,
                          void **KernelParams, void **Extra) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  bool Cooperative = false;
  for (unsigned I = 0; I < Config->numAttrs; ++I) {
    const CUlaunchAttribute &A = Config->attrs[I];
    switch (A.id) {
    case CU_LAUNCH_ATTRIBUTE_IGNORE:
    case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
    case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    case CU_LAUNCH_ATTRIBUTE_PRIORITY:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
      break; // hints
    case CU_LAUNCH_ATTRIBUTE_COOPERATIVE:
      Cooperative = A.value.cooperative != 0;
      break;
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
      // No thread block clusters on AMD GPUs; 1x1x1 is a block.
      if (A.value.clusterDim.x * A.value.clusterDim.y * A.value.clusterDim.z >
          1)
        return CUDA_ERROR_NOT_SUPPORTED;
      break;
    default:
      return CUDA_ERROR_NOT_SUPPORTED;
    }
  }
  if (Cooperative) {
    if (Extra)
      return CUDA_ERROR_INVALID_VALUE;
    return cuLaunchCooperativeKernel(
        Function, Config->gridDimX, Config->gridDimY, Config->gridDimZ,
        Config->blockDimX, Config->blockDimY, Config->blockDimZ,
        Config->sharedMemBytes, Config->hStream, KernelParams);
  }
  return cuLaunchKernel(Function, Config->gridDimX, Config->gridDimY,
                        Config->gridDimZ, Config->blockDimX, Config->blockDimY,
                        Config->blockDimZ, Config->sharedMemBytes,
                        Config->hStream, KernelParams, Extra);
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *NumBlocks, CUfunction Function, int BlockSize, size_t DynamicSMem,
    unsigned int Flags) {
  if (!NumBlocks || BlockSize <= 0 ||
      (Flags & ~unsigned(CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE)))
    return CUDA_ERROR_INVALID_VALUE;
  return occupancy(*NumBlocks, Function, BlockSize, DynamicSMem);
}

CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *DynamicSmemSize,
                                                 CUfunction Function,
                                                 int NumBlocks, int BlockSize) {
  if (!DynamicSmemSize || NumBlocks <= 0 || BlockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  int Static = 0, PerMultiprocessor = 0, PerBlock = 0, MaxThreads = 0;
  CUdevice Device = 0;
  if (CUresult Status = cuCtxGetDevice(&Device))
    return Status;
  if (CUresult Status = cuFuncGetAttribute(
          &Static, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, Function))
    return Status;
  cuDeviceGetAttribute(&PerMultiprocessor,
                       CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
                       Device);
  cuDeviceGetAttribute(&PerBlock,
                       CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, Device);
  cuDeviceGetAttribute(
      &MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, Device);
  if (size_t(NumBlocks) * size_t(BlockSize) > size_t(MaxThreads))
    return CUDA_ERROR_INVALID_VALUE;
  size_t Share = size_t(PerMultiprocessor) / size_t(NumBlocks);
  Share = Share < size_t(PerBlock) ? Share : size_t(PerBlock);
  *DynamicSmemSize = Share > size_t(Static) ? Share - size_t(Static) : 0;
  return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(
    int *MinGridSize, int *BlockSize, CUfunction Function,
    CUoccupancyB2DSize BlockSizeToDynamicSMemSize, size_t DynamicSMemSize,
    int BlockSizeLimit, unsigned int Flags) {
  if (!MinGridSize || !BlockSize ||
      (Flags & ~unsigned(CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE)))
    return CUDA_ERROR_INVALID_VALUE;
  CUdevice Device = 0;
  if (CUresult Status = cuCtxGetDevice(&Device))
    return Status;
  int MaxThreads = 0, FunctionMax = 0, Multiprocessors = 0, Warp = 32;
  cuDeviceGetAttribute(&MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                       Device);
  cuDeviceGetAttribute(&Multiprocessors,
                       CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device);
  cuDeviceGetAttribute(&Warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, Device);
  if (CUresult Status = cuFuncGetAttribute(
          &FunctionMax, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, Function))
    return Status;
  int Limit = MaxThreads < FunctionMax ? MaxThreads : FunctionMax;
  if (BlockSizeLimit > 0 && BlockSizeLimit < Limit)
    Limit = BlockSizeLimit;
  int BestSize = 0, BestBlocks = 0, BestOccupancy = 0;
  for (int Size = Limit; Size > 0;
       Size = Size % Warp ? Size - Size % Warp : Size - Warp) {
    size_t Smem = BlockSizeToDynamicSMemSize ? BlockSizeToDynamicSMemSize(Size)
                                             : DynamicSMemSize;
    int Blocks = 0;
    if (CUresult Status = occupancy(Blocks, Function, Size, Smem))
      return Status;
    if (Blocks * Size > BestOccupancy) {
      BestOccupancy = Blocks * Size;
      BestSize = Size;
      BestBlocks = Blocks;
    }
  }
  *MinGridSize = BestBlocks * Multiprocessors;
  *BlockSize = BestSize;
  return CUDA_SUCCESS;
}

CUresult
cuOccupancyMaxPotentialBlockSize(int *MinGridSize, int *BlockSize,
                                 CUfunction Function,
                                 CUoccupancyB2DSize BlockSizeToDynamicSMemSize,
                                 size_t DynamicSMemSize, int BlockSizeLimit) {
  return cuOccupancyMaxPotentialBlockSizeWithFlags(
      MinGridSize, BlockSize, Function, BlockSizeToDynamicSMemSize,
      DynamicSMemSize, BlockSizeLimit, CU_OCCUPANCY_DEFAULT);
}

} // extern "C"
