//===- DriverApi.cpp - The CUDA driver API (cu* functions) ----------------===//
//
// Part of Rubicon. The driver API subset of ApiFunctions.def over its own
// instance of the backend (Backend.h), created by cuInit. Calls before a
// successful cuInit return CUDA_ERROR_NOT_INITIALIZED, as CUDA's do.
//
// Memory, streams and events are the runtime's backend operations under the
// driver API's names. Modules (docs/driver-api.md) are the backend's: a
// CUmodule and a CUfunction are this file's records around the backend's
// handles, checked on every use, so a stale or made-up handle is
// CUDA_ERROR_INVALID_HANDLE, never a crash.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"
#include "driver_types.h"

#include "Backend.h"
#include "DriverInternal.h"
#include "PtxJit.h"
#include "ProcessGate.h"
#include "MemoryRecords.h"
#include "graphs/StreamHooks.h"
#include "BackendSelection.h"
#include "Log.h"
#include "ModuleImage.h"
#include "SharedBackend.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace rubicon::cudart;
using rubicon::driver::DriverFunction;
using rubicon::driver::DriverModule;
using rubicon::driver::findModule;
using rubicon::driver::ModuleTable;
namespace hooks = rubicon::graphs::hooks;

namespace {

struct DriverErrorInfo {
  CUresult Code;
  const char *Name;
  const char *Description;
};

constexpr DriverErrorInfo DriverErrors[] = {
#define CU_ERROR(Name, Description) {Name, #Name, Description},
#include "DriverErrorCodes.def"
};

const DriverErrorInfo *findDriverError(int Code) {
  const auto *It = std::find_if(
      std::begin(DriverErrors), std::end(DriverErrors),
      [&](const DriverErrorInfo &Row) { return int(Row.Code) == Code; });
  return It == std::end(DriverErrors) ? nullptr : It;
}

/// The driver API's error for a runtime API error from the backend. Both
/// APIs give most errors the same number; the rest are listed here.
CUresult translateError(cudaError_t Status) {
  switch (Status) {
  case cudaErrorInsufficientDriver:
    return CUDA_ERROR_STUB_LIBRARY;
  case cudaErrorInvalidConfiguration:
  case cudaErrorInvalidMemcpyDirection:
  case cudaErrorInvalidSymbol:
  case cudaErrorInvalidPitchValue:
  case cudaErrorInvalidHostPointer:
  case cudaErrorInvalidDevicePointer:
    return CUDA_ERROR_INVALID_VALUE;
  case cudaErrorInvalidDeviceFunction:
    return CUDA_ERROR_INVALID_HANDLE;
  default:
    return findDriverError(Status) ? static_cast<CUresult>(Status)
                                   : CUDA_ERROR_UNKNOWN;
  }
}

/// The same, for an error a driver call returns: logged (cuLogs*, Logs.cpp).
CUresult toDriverError(cudaError_t Status) {
  return rubicon::driver::logDriverError(translateError(Status));
}

/// The driver's state: the backend once cuInit succeeded. It is the
/// process's one backend: libcudart uses it too (SharedBackend.h).
class Driver {
public:
  static Driver &instance() {
    static Driver *TheDriver = new Driver();
    return *TheDriver;
  }

  /// Creates and initializes the backend once, selected with the fat
  /// binaries noted so far and Records (BackendSelection.h); returns how
  /// initialization went.
  cudaError_t initialize(const FatBinaryRecord *const *Records = nullptr,
                         size_t Count = 0) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!InitStatus) {
      std::vector<const FatBinaryRecord *> Known;
      for (const FatBinaryRecord &Noted : NotedFatBinaries)
        Known.push_back(&Noted);
      Known.insert(Known.end(), Records, Records + Count);
      ActiveBackend = createAutomaticBackend(Known);
      InitStatus = ActiveBackend->initialize();
    }
    return *InitStatus;
  }

  /// Remembers the code objects of a fat binary libcudart registered.
  void noteFatBinary(const FatBinaryRecord &Record) {
    std::lock_guard<std::mutex> Lock(Mutex);
    FatBinaryRecord Archs;
    Archs.Archs = Record.Archs;
    NotedFatBinaries.push_back(std::move(Archs));
  }

  /// The backend, or CUDA_ERROR_NOT_INITIALIZED before a successful cuInit
  /// (the cuInit failure itself if it failed).
  /// Unless Ungated, first waits while a checkpoint locks the process
  /// (ProcessGate.h).
  CUresult acquire(Backend *&Out, bool Ungated = false) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Out = nullptr;
      if (!InitStatus)
        return rubicon::driver::logDriverError(CUDA_ERROR_NOT_INITIALIZED);
      if (*InitStatus != cudaSuccess)
        return toDriverError(*InitStatus);
      Out = ActiveBackend.get();
    }
    if (!Ungated)
      Out->processGate().pass();
    return CUDA_SUCCESS;
  }

private:
  std::mutex Mutex;
  std::unique_ptr<Backend> ActiveBackend;
  std::optional<cudaError_t> InitStatus;
  std::deque<FatBinaryRecord> NotedFatBinaries;
};

/// Runs Call on the backend after cuInit.
template <class CallT> CUresult withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  return toDriverError(Call(*B));
}

/// Whether Device names one of the backend's devices.
cudaError_t checkDevice(Backend &B, CUdevice Device) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

/// Properties of an existing device.
cudaError_t propertiesOf(Backend &B, CUdevice Device, cudaDeviceProp &P) {
  if (cudaError_t Status = checkDevice(B, Device))
    return Status;
  return B.getDeviceProperties(P, Device);
}

/// Opaque handles standing for each device's primary context.
char PrimaryContexts[64];
CUcontext primaryContextOf(int Device) {
  return reinterpret_cast<CUcontext>(&PrimaryContexts[Device & 63]);
}

/// The handles of the contexts cuCtxCreate made, with the backend's id and
/// the device of each. A destroyed context's handle is forgotten (later uses
/// are CUDA_ERROR_INVALID_CONTEXT); its memory is never reused for another.
struct CreatedContext {
  unsigned Id;
  int Device;
};
struct CreatedContextTable {
  static CreatedContextTable &instance() {
    static auto *Table = new CreatedContextTable();
    return *Table;
  }
  std::mutex Mutex;
  std::map<CUcontext, CreatedContext> ByHandle;
  std::map<unsigned, CUcontext> ById;
};

/// The device of a context handle; -1 for anything else.
int deviceOfContext(CUcontext Context) {
  auto *P = reinterpret_cast<char *>(Context);
  if (P >= std::begin(PrimaryContexts) && P < std::end(PrimaryContexts))
    return static_cast<int>(P - std::begin(PrimaryContexts));
  CreatedContextTable &Table = CreatedContextTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  auto It = Table.ByHandle.find(Context);
  return It == Table.ByHandle.end() ? -1 : It->second.Device;
}

/// The backend's id of a context handle (Backend.h: a primary context's is
/// its device); -1 for anything else.
long long idOfContext(CUcontext Context) {
  auto *P = reinterpret_cast<char *>(Context);
  if (P >= std::begin(PrimaryContexts) && P < std::end(PrimaryContexts))
    return P - std::begin(PrimaryContexts);
  CreatedContextTable &Table = CreatedContextTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  auto It = Table.ByHandle.find(Context);
  return It == Table.ByHandle.end() ? -1 : It->second.Id;
}

/// The handle of a backend's context id.
CUcontext handleOfContext(unsigned Id) {
  if (Id < Backend::FirstCreatedContext)
    return primaryContextOf(static_cast<int>(Id));
  CreatedContextTable &Table = CreatedContextTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  auto It = Table.ById.find(Id);
  return It == Table.ById.end() ? nullptr : It->second;
}

/// The contexts cuCtxPushCurrent (and cuCtxCreate) pushed on this thread,
/// as the backend's ids.
thread_local std::vector<unsigned> PushedContexts;

void *toPointer(CUdeviceptr Address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(Address));
}
CUdeviceptr toDevicePtr(const void *Pointer) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(Pointer));
}
cudaStream_t toStream(CUstream Stream) {
  return reinterpret_cast<cudaStream_t>(Stream);
}

/// Loads an image of at most MaxSize bytes (SIZE_MAX: unknown) as a module.
/// ErrorLog, if set, receives why a module was refused.
CUresult loadModule(CUmodule *Module, const void *Data, size_t MaxSize,
                    std::string *ErrorLog = nullptr) {
  if (!Module || !Data)
    return CUDA_ERROR_INVALID_VALUE;
  *Module = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  ModuleImage Image = classifyModuleImage(Data, MaxSize);
  auto Refuse = [&](CUresult Status, const char *Why) {
    logMessage("cuModuleLoad: %s", Why);
    if (ErrorLog)
      *ErrorLog = Why;
    return Status;
  };
  auto Loaded = std::make_unique<DriverModule>();
  if (Image.Kind == ModuleImageKind::Ptx) {
    // PTX: compiled for the device in use by the toolkit's nvcc (PtxJit.h).
    std::string Log;
    CUresult Status =
        rubicon::driver::compilePTX(static_cast<const char *>(Image.Data), Image.Size,
                   rubicon::driver::ptxTargetFor(B->name()), Loaded->JitImage, Log);
    if (Status)
      return Refuse(Status, Log.c_str());
    Image = classifyModuleImage(Loaded->JitImage.data(),
                                Loaded->JitImage.size());
  }
  switch (Image.Kind) {
  case ModuleImageKind::Ptx:
  case ModuleImageKind::Invalid:
    if (!Image.Error.empty()) // Rubicon's -ptx text, damaged
      return Refuse(CUDA_ERROR_INVALID_PTX, Image.Error.c_str());
    [[fallthrough]];
  case ModuleImageKind::OtherElf:
    return Refuse(CUDA_ERROR_INVALID_IMAGE,
                  "the image is neither a Rubicon fat binary nor an AMD GPU "
                  "or host-target code object");
  default:
    break;
  }
  Loaded->KernelNames = moduleKernelNames(Image);
  if (CUresult Status = toDriverError(
          B->moduleLoad(Loaded->BackendModule, Image.Data, Image.Size)))
    return Status == CUDA_ERROR_NO_BINARY_FOR_GPU
               ? Refuse(Status, "the image has no code object for this device")
               : Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  *Module = reinterpret_cast<CUmodule>(Loaded.get());
  Table.Modules.insert(Loaded.release());
  return CUDA_SUCCESS;
}

/// The backend's function behind a handle, or null.
void *backendFunctionOf(CUfunction Function) {
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  auto *F = reinterpret_cast<DriverFunction *>(Function);
  return Table.Functions.count(F) ? F->BackendFunction : nullptr;
}

/// A memory type as cuPointerGetAttribute reports it.
unsigned memoryTypeOf(cudaMemoryType Type) {
  return Type == cudaMemoryTypeHost ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
}

} // namespace

namespace rubicon::driver {
CUresult acquireBackend(Backend *&Out) {
  return Driver::instance().acquire(Out);
}
CUresult acquireUngatedBackend(Backend *&Out) {
  return Driver::instance().acquire(Out, /*Ungated=*/true);
}
CUresult toDriverResult(cudaError_t Status) { return toDriverError(Status); }
void *backendFunction(CUfunction Function) {
  return backendFunctionOf(Function);
}
void *backendFunction(CUfunction Function, std::string &Name) {
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  auto *F = reinterpret_cast<DriverFunction *>(Function);
  if (!Table.Functions.count(F))
    return nullptr;
  Name = F->Name;
  return F->BackendFunction;
}
CUresult loadModuleImage(CUmodule *Module, const void *Data, size_t MaxSize,
                         std::string *ErrorLog) {
  return loadModule(Module, Data, MaxSize, ErrorLog);
}
CUcontext primaryContext(int Device) { return primaryContextOf(Device); }
int contextDevice(CUcontext Context) { return deviceOfContext(Context); }
long long contextId(CUcontext Context) { return idOfContext(Context); }
CUcontext contextHandle(unsigned Id) { return handleOfContext(Id); }
} // namespace rubicon::driver

extern "C" {

// The process's backend for libcudart (SharedBackend.h): libcudart's first
// call initializes the driver, as cuInit(0) would.
__attribute__((visibility("default"))) cudaError_t
__rubicon_shared_backend_v1(const FatBinaryRecord *const *Records, size_t Count,
                            Backend **Out) {
  cudaError_t Status = Driver::instance().initialize(Records, Count);
  if (Out)
    *Out = nullptr;
  if (Status != cudaSuccess)
    return Status;
  Backend *B = nullptr;
  Driver::instance().acquire(B, /*Ungated=*/true);
  if (Out)
    *Out = B;
  return cudaSuccess;
}

__attribute__((visibility("default"))) void
__rubicon_note_fat_binary_v1(const FatBinaryRecord *Record) {
  if (Record)
    Driver::instance().noteFatBinary(*Record);
}

CUresult cuInit(unsigned int Flags) {
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return toDriverError(Driver::instance().initialize());
}

CUresult cuDriverGetVersion(int *DriverVersion) {
  if (!DriverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  *DriverVersion = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *Count) {
  if (!Count)
    return CUDA_ERROR_INVALID_VALUE;
  *Count = 0;
  return withBackend([&](Backend &B) { return B.getDeviceCount(*Count); });
}

CUresult cuDeviceGet(CUdevice *Device, int Ordinal) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Ordinal))
      return Status;
    *Device = Ordinal;
    return cudaSuccess;
  });
}

CUresult cuDeviceGetName(char *Name, int Length, CUdevice Device) {
  if (!Name || Length <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    if (cudaError_t Status = propertiesOf(B, Device, P))
      return Status;
    std::strncpy(Name, P.name, static_cast<size_t>(Length) - 1);
    Name[Length - 1] = '\0';
    return cudaSuccess;
  });
}

CUresult cuDeviceTotalMem(size_t *Bytes, CUdevice Device) {
  if (!Bytes)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    cudaError_t Status = propertiesOf(B, Device, P);
    if (Status == cudaSuccess)
      *Bytes = P.totalGlobalMem;
    return Status;
  });
}

CUresult cuDeviceTotalMem_v2(size_t *Bytes, CUdevice Device) {
  return cuDeviceTotalMem(Bytes, Device);
}

CUresult cuDeviceGetAttribute(int *Value, CUdevice_attribute Attribute,
                              CUdevice Device) {
  if (!Value)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    if (cudaError_t Status = propertiesOf(B, Device, P))
      return Status;
    switch (Attribute) {
#define DRIVER_DEVICE_ATTRIBUTE(Name, Expression)                              \
  case Name:                                                                   \
    *Value = static_cast<int>(Expression);                                     \
    return cudaSuccess;
#include "DriverDeviceAttributes.def"
    default:
      break;
    }
    // CU_DEVICE_ATTRIBUTE_* and cudaDevAttr* share their numbers.
    switch (static_cast<cudaDeviceAttr>(Attribute)) {
#define DEVICE_ATTRIBUTE(Name, Expression)                                     \
  case Name:                                                                   \
    *Value = static_cast<int>(Expression);                                     \
    return cudaSuccess;
#include "DeviceAttributes.def"
    default:
      return cudaErrorInvalidValue;
    }
  });
}

CUresult cuDeviceComputeCapability(int *Major, int *Minor, CUdevice Device) {
  if (!Major || !Minor)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    cudaError_t Status = propertiesOf(B, Device, P);
    if (Status == cudaSuccess) {
      *Major = P.major;
      *Minor = P.minor;
    }
    return Status;
  });
}

CUresult cuGetErrorName(CUresult Error, const char **Name) {
  if (!Name)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverErrorInfo *Info = findDriverError(Error);
  *Name = Info ? Info->Name : nullptr;
  return Info ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult Error, const char **Description) {
  if (!Description)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverErrorInfo *Info = findDriverError(Error);
  *Description = Info ? Info->Description : nullptr;
  return Info ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuCtxGetCurrent(CUcontext *Context) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    *Context = handleOfContext(B.currentContext());
    return cudaSuccess;
  });
}

CUresult cuCtxSynchronize(void) {
  return withBackend([](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    cudaError_t Status = B.deviceSynchronize();
    if (Status == cudaSuccess)
      hooks::synchronized(B, nullptr, true);
    return Status;
  });
}

CUresult cuMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) { return B.memGetInfo(*Free, *Total); });
}

CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  return cuMemGetInfo(Free, Total);
}

//===-- Contexts: primary and created -------------------------------------===//

// A created context has its own fault state (sticky errors) where the
// backend has contexts (the host backend); the HIP backend has primary
// contexts only, and a created context is then the device's primary one.
CUresult cuCtxCreate(CUcontext *Context, unsigned int, CUdevice Device) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  *Context = nullptr;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    unsigned Previous = B.currentContext(), Id = 0;
    cudaError_t Status = B.contextCreate(Id, Device);
    if (Status == cudaErrorNotSupported) {
      Status = B.setDevice(Device);
      if (Status == cudaSuccess)
        *Context = primaryContextOf(Device);
      return Status;
    }
    if (Status != cudaSuccess)
      return Status;
    auto Handle = reinterpret_cast<CUcontext>(new char);
    {
      CreatedContextTable &Table = CreatedContextTable::instance();
      std::lock_guard<std::mutex> Lock(Table.Mutex);
      Table.ByHandle[Handle] = {Id, Device};
      Table.ById[Id] = Handle;
    }
    // The new context is pushed on the thread's stack, above the one that
    // was current.
    if (cudaError_t Status = B.setContext(Id))
      return Status;
    PushedContexts.push_back(Previous);
    *Context = Handle;
    return cudaSuccess;
  });
}

CUresult cuCtxCreate_v2(CUcontext *Context, unsigned int Flags,
                        CUdevice Device) {
  return cuCtxCreate(Context, Flags, Device);
}

// CUDA 13.0's cuCtxCreate. Execution affinity (SM partitions) and CIG
// (sharing a graphics queue) have no AMD equivalent.
CUresult cuCtxCreate_v4(CUcontext *Context, CUctxCreateParams *Params,
                        unsigned int Flags, CUdevice Device) {
  if (Params && Params->numExecAffinityParams > 0)
    return Params->execAffinityParams ? CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY
                                      : CUDA_ERROR_INVALID_VALUE;
  if (Params && Params->cigParams)
    return CUDA_ERROR_NOT_SUPPORTED;
  return cuCtxCreate(Context, Flags, Device);
}

CUresult cuCtxDestroy(CUcontext Context) {
  long long Id = idOfContext(Context);
  if (Id < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  if (Id < Backend::FirstCreatedContext)
    // The primary context lives on: only its work is waited for.
    return withBackend([](Backend &B) { return B.deviceSynchronize(); });
  return withBackend([&](Backend &B) {
    bool WasCurrent = B.currentContext() == unsigned(Id);
    if (cudaError_t Status = B.contextDestroy(unsigned(Id)))
      return Status;
    {
      CreatedContextTable &Table = CreatedContextTable::instance();
      std::lock_guard<std::mutex> Lock(Table.Mutex);
      Table.ByHandle.erase(Context);
      Table.ById.erase(unsigned(Id));
    }
    // Current on this thread: popped, the context below it current again.
    std::erase(PushedContexts, unsigned(Id));
    if (WasCurrent && !PushedContexts.empty()) {
      unsigned Below = PushedContexts.back();
      PushedContexts.pop_back();
      B.setContext(Below);
    }
    return cudaSuccess;
  });
}

CUresult cuCtxDestroy_v2(CUcontext Context) { return cuCtxDestroy(Context); }

CUresult cuCtxSetCurrent(CUcontext Context) {
  if (!Context)
    return withBackend([](Backend &) { return cudaSuccess; });
  long long Id = idOfContext(Context);
  if (Id < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](Backend &B) { return B.setContext(unsigned(Id)); });
}

CUresult cuCtxGetDevice(CUdevice *Device) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) { return B.getDevice(*Device); });
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *Context, CUdevice Device) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    *Context = primaryContextOf(Device);
    return cudaSuccess;
  });
}

CUresult cuDevicePrimaryCtxRelease(CUdevice Device) {
  return withBackend([&](Backend &B) { return checkDevice(B, Device); });
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice Device) {
  return cuDevicePrimaryCtxRelease(Device);
}

//===-- Memory ------------------------------------------------------------===//

CUresult cuMemAlloc(CUdeviceptr *Address, size_t Bytes) {
  if (!Address)
    return CUDA_ERROR_INVALID_VALUE;
  *Address = 0;
  if (Bytes == 0)
    return withBackend([](Backend &) { return cudaErrorInvalidValue; });
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    void *P = nullptr;
    cudaError_t Status = B.malloc(&P, Bytes);
    *Address = toDevicePtr(P);
    return Status;
  });
}

CUresult cuMemFree(CUdeviceptr Address) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::unsafe())
      return Status;
    if (auto Freed = hooks::free(toPointer(Address)))
      return *Freed;
    return B.free(toPointer(Address));
  });
}

CUresult cuMemAllocHost(void **Pointer, size_t Bytes) {
  return cuMemHostAlloc(Pointer, Bytes, 0);
}

CUresult cuMemHostAlloc(void **Pointer, size_t Bytes, unsigned int Flags) {
  if (!Pointer)
    return CUDA_ERROR_INVALID_VALUE;
  *Pointer = nullptr;
  if (Flags & ~unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
                        CU_MEMHOSTALLOC_WRITECOMBINED))
    return withBackend([](Backend &) { return cudaErrorInvalidValue; });
  return withBackend([&](Backend &B) {
    cudaError_t Status = B.hostAlloc(Pointer, Bytes, Flags);
    if (Status == cudaSuccess) // for cuMemHostGetFlags (MemoryHints.cpp)
      B.memoryRecords().noteHostAllocation(*Pointer, Flags);
    return Status;
  });
}

CUresult cuMemFreeHost(void *Pointer) {
  return withBackend([&](Backend &B) {
    cudaError_t Status = B.freeHost(Pointer);
    if (Status == cudaSuccess)
      B.memoryRecords().forgetHostAllocation(Pointer);
    return Status;
  });
}

CUresult cuMemGetAddressRange(CUdeviceptr *Base, size_t *Size,
                              CUdeviceptr Address) {
  return withBackend([&](Backend &B) {
    void *Start = nullptr;
    size_t Bytes = 0;
    cudaError_t Status = B.memGetAddressRange(Start, Bytes, toPointer(Address));
    if (Status == cudaSuccess) {
      if (Base)
        *Base = toDevicePtr(Start);
      if (Size)
        *Size = Bytes;
    }
    return Status;
  });
}

/// Every synchronous or asynchronous copy.
static CUresult copy(void *Dst, const void *Src, size_t Bytes,
                     cudaMemcpyKind Kind, const CUstream *Stream) {
  return withBackend([&](Backend &B) {
    if (Bytes && (!Dst || !Src))
      return cudaErrorInvalidValue;
    if (Stream) {
      if (auto Captured = hooks::copy(Dst, Src, Bytes, Kind, toStream(*Stream)))
        return *Captured;
    } else if (cudaError_t Status = hooks::unsafe()) {
      return Status;
    }
    return Stream ? B.memcpyAsync(Dst, Src, Bytes, Kind, toStream(*Stream))
                  : B.memcpy(Dst, Src, Bytes, Kind);
  });
}

CUresult cuMemcpy(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes) {
  return copy(toPointer(Dst), toPointer(Src), Bytes, cudaMemcpyDefault,
              nullptr);
}
CUresult cuMemcpyAsync(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes,
                       CUstream Stream) {
  return copy(toPointer(Dst), toPointer(Src), Bytes, cudaMemcpyDefault,
              &Stream);
}
CUresult cuMemcpyHtoD(CUdeviceptr Dst, const void *Src, size_t Bytes) {
  return copy(toPointer(Dst), Src, Bytes, cudaMemcpyHostToDevice, nullptr);
}
CUresult cuMemcpyDtoH(void *Dst, CUdeviceptr Src, size_t Bytes) {
  return copy(Dst, toPointer(Src), Bytes, cudaMemcpyDeviceToHost, nullptr);
}
CUresult cuMemcpyDtoD(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes) {
  return copy(toPointer(Dst), toPointer(Src), Bytes, cudaMemcpyDeviceToDevice,
              nullptr);
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr Dst, const void *Src, size_t Bytes,
                           CUstream Stream) {
  return copy(toPointer(Dst), Src, Bytes, cudaMemcpyHostToDevice, &Stream);
}
CUresult cuMemcpyDtoHAsync(void *Dst, CUdeviceptr Src, size_t Bytes,
                           CUstream Stream) {
  return copy(Dst, toPointer(Src), Bytes, cudaMemcpyDeviceToHost, &Stream);
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes,
                           CUstream Stream) {
  return copy(toPointer(Dst), toPointer(Src), Bytes, cudaMemcpyDeviceToDevice,
              &Stream);
}

/// cuMemsetD8/D16/D32 (+Async): Count elements of ElementSize bytes.
static CUresult fill(CUdeviceptr Address, unsigned Value, unsigned ElementSize,
                     size_t Count, const CUstream *Stream) {
  return withBackend([&](Backend &B) {
    if (Count && !Address)
      return cudaErrorInvalidValue;
    if (Address % ElementSize)
      return cudaErrorInvalidValue;
    if (Stream) {
      if (auto Captured = hooks::fill(toPointer(Address), Count * ElementSize,
                                      Value, ElementSize, Count, 1,
                                      toStream(*Stream)))
        return *Captured;
    } else if (cudaError_t Status = hooks::unsafe()) {
      return Status;
    }
    return B.memsetElements(toPointer(Address), Value, ElementSize, Count,
                            Stream ? toStream(*Stream) : nullptr,
                            Stream != nullptr);
  });
}

CUresult cuMemsetD8(CUdeviceptr Address, unsigned char Value, size_t Count) {
  return fill(Address, Value, 1, Count, nullptr);
}
CUresult cuMemsetD16(CUdeviceptr Address, unsigned short Value, size_t Count) {
  return fill(Address, Value, 2, Count, nullptr);
}
CUresult cuMemsetD32(CUdeviceptr Address, unsigned int Value, size_t Count) {
  return fill(Address, Value, 4, Count, nullptr);
}
CUresult cuMemsetD8Async(CUdeviceptr Address, unsigned char Value, size_t Count,
                         CUstream Stream) {
  return fill(Address, Value, 1, Count, &Stream);
}
CUresult cuMemsetD16Async(CUdeviceptr Address, unsigned short Value,
                          size_t Count, CUstream Stream) {
  return fill(Address, Value, 2, Count, &Stream);
}
CUresult cuMemsetD32Async(CUdeviceptr Address, unsigned int Value, size_t Count,
                          CUstream Stream) {
  return fill(Address, Value, 4, Count, &Stream);
}

CUresult cuPointerGetAttribute(void *Data, CUpointer_attribute Attribute,
                               CUdeviceptr Address) {
  if (!Data)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaPointerAttributes A{};
    if (cudaError_t Status = B.pointerGetAttributes(A, toPointer(Address)))
      return Status;
    // Memory the driver does not know has no attributes.
    if (A.type == cudaMemoryTypeUnregistered)
      return cudaErrorInvalidValue;
    switch (Attribute) {
    case CU_POINTER_ATTRIBUTE_CONTEXT: {
      // The context it was allocated in (a destroyed one: null).
      unsigned Id = 0;
      *static_cast<CUcontext *>(Data) =
          B.pointerContext(toPointer(Address), Id) == cudaSuccess
              ? handleOfContext(Id)
              : primaryContextOf(A.device);
      return cudaSuccess;
    }
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *static_cast<unsigned *>(Data) = memoryTypeOf(A.type);
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
      if (!A.devicePointer)
        return cudaErrorInvalidValue;
      *static_cast<CUdeviceptr *>(Data) = toDevicePtr(A.devicePointer);
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
      if (!A.hostPointer)
        return cudaErrorInvalidValue;
      *static_cast<void **>(Data) = A.hostPointer;
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
      *static_cast<bool *>(Data) = A.type == cudaMemoryTypeManaged;
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *static_cast<int *>(Data) = A.device;
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    case CU_POINTER_ATTRIBUTE_MAPPED:
      *static_cast<bool *>(Data) = true;
      return cudaSuccess;
    case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
    case CU_POINTER_ATTRIBUTE_RANGE_SIZE: {
      void *Base = nullptr;
      size_t Size = 0;
      if (cudaError_t Status =
              B.memGetAddressRange(Base, Size, toPointer(Address)))
        return Status;
      if (Attribute == CU_POINTER_ATTRIBUTE_RANGE_START_ADDR)
        *static_cast<CUdeviceptr *>(Data) = toDevicePtr(Base);
      else
        *static_cast<size_t *>(Data) = Size;
      return cudaSuccess;
    }
    default:
      return cudaErrorInvalidValue;
    }
  });
}

CUresult cuMemAlloc_v2(CUdeviceptr *Address, size_t Bytes) {
  return cuMemAlloc(Address, Bytes);
}
CUresult cuMemFree_v2(CUdeviceptr Address) { return cuMemFree(Address); }
CUresult cuMemAllocHost_v2(void **Pointer, size_t Bytes) {
  return cuMemAllocHost(Pointer, Bytes);
}
CUresult cuMemGetAddressRange_v2(CUdeviceptr *Base, size_t *Size,
                                 CUdeviceptr Address) {
  return cuMemGetAddressRange(Base, Size, Address);
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr Dst, const void *Src, size_t Bytes) {
  return cuMemcpyHtoD(Dst, Src, Bytes);
}
CUresult cuMemcpyDtoH_v2(void *Dst, CUdeviceptr Src, size_t Bytes) {
  return cuMemcpyDtoH(Dst, Src, Bytes);
}
CUresult cuMemcpyDtoD_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes) {
  return cuMemcpyDtoD(Dst, Src, Bytes);
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr Dst, const void *Src, size_t Bytes,
                              CUstream Stream) {
  return cuMemcpyHtoDAsync(Dst, Src, Bytes, Stream);
}
CUresult cuMemcpyDtoHAsync_v2(void *Dst, CUdeviceptr Src, size_t Bytes,
                              CUstream Stream) {
  return cuMemcpyDtoHAsync(Dst, Src, Bytes, Stream);
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr Dst, CUdeviceptr Src, size_t Bytes,
                              CUstream Stream) {
  return cuMemcpyDtoDAsync(Dst, Src, Bytes, Stream);
}
CUresult cuMemsetD8_v2(CUdeviceptr Address, unsigned char Value, size_t Count) {
  return cuMemsetD8(Address, Value, Count);
}
CUresult cuMemsetD16_v2(CUdeviceptr Address, unsigned short Value,
                        size_t Count) {
  return cuMemsetD16(Address, Value, Count);
}
CUresult cuMemsetD32_v2(CUdeviceptr Address, unsigned int Value, size_t Count) {
  return cuMemsetD32(Address, Value, Count);
}

//===-- Streams and events ------------------------------------------------===//

CUresult cuStreamCreate(CUstream *Stream, unsigned int Flags) {
  if (!Stream)
    return CUDA_ERROR_INVALID_VALUE;
  *Stream = nullptr;
  if (Flags & ~unsigned(CU_STREAM_NON_BLOCKING))
    return withBackend([](Backend &) { return cudaErrorInvalidValue; });
  return withBackend([&](Backend &B) {
    cudaStream_t Created = nullptr;
    cudaError_t Status = B.streamCreate(Created, Flags, 0);
    *Stream = reinterpret_cast<CUstream>(Created);
    return Status;
  });
}

CUresult cuStreamDestroy(CUstream Stream) {
  return withBackend([&](Backend &B) {
    hooks::streamDestroyed(toStream(Stream));
    return B.streamDestroy(toStream(Stream));
  });
}
CUresult cuStreamDestroy_v2(CUstream Stream) { return cuStreamDestroy(Stream); }

CUresult cuStreamSynchronize(CUstream Stream) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::synchronous(toStream(Stream)))
      return Status;
    cudaError_t Status = B.streamSynchronize(toStream(Stream));
    if (Status == cudaSuccess)
      hooks::synchronized(B, toStream(Stream), false);
    return Status;
  });
}

CUresult cuStreamQuery(CUstream Stream) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = hooks::synchronous(toStream(Stream)))
      return Status;
    return B.streamQuery(toStream(Stream));
  });
}

CUresult cuStreamWaitEvent(CUstream Stream, CUevent Event, unsigned int Flags) {
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::streamWaitEvent(
            B, toStream(Stream), reinterpret_cast<cudaEvent_t>(Event), Flags))
      return *Captured;
    return B.streamWaitEvent(toStream(Stream),
                             reinterpret_cast<cudaEvent_t>(Event), Flags);
  });
}

CUresult cuEventCreate(CUevent *Event, unsigned int Flags) {
  if (!Event)
    return CUDA_ERROR_INVALID_VALUE;
  *Event = nullptr;
  if (Flags & ~unsigned(CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING |
                        CU_EVENT_INTERPROCESS))
    return withBackend([](Backend &) { return cudaErrorInvalidValue; });
  return withBackend([&](Backend &B) {
    cudaEvent_t Created = nullptr;
    cudaError_t Status = B.eventCreate(Created, Flags);
    *Event = reinterpret_cast<CUevent>(Created);
    return Status;
  });
}

CUresult cuEventRecord(CUevent Event, CUstream Stream) {
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::eventRecord(
            reinterpret_cast<cudaEvent_t>(Event), toStream(Stream)))
      return *Captured;
    return B.eventRecord(reinterpret_cast<cudaEvent_t>(Event),
                         toStream(Stream));
  });
}

CUresult cuEventQuery(CUevent Event) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status =
            hooks::eventQuery(reinterpret_cast<cudaEvent_t>(Event)))
      return Status;
    return B.eventQuery(reinterpret_cast<cudaEvent_t>(Event));
  });
}

CUresult cuEventSynchronize(CUevent Event) {
  return withBackend([&](Backend &B) {
    if (cudaError_t Status =
            hooks::eventQuery(reinterpret_cast<cudaEvent_t>(Event)))
      return Status;
    return B.eventSynchronize(reinterpret_cast<cudaEvent_t>(Event));
  });
}

CUresult cuEventElapsedTime(float *Milliseconds, CUevent Start, CUevent End) {
  if (!Milliseconds)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    return B.eventElapsedTime(*Milliseconds,
                              reinterpret_cast<cudaEvent_t>(Start),
                              reinterpret_cast<cudaEvent_t>(End));
  });
}

// CUDA 13.0's default: the same contract.
CUresult cuEventElapsedTime_v2(float *Milliseconds, CUevent Start,
                               CUevent End) {
  return cuEventElapsedTime(Milliseconds, Start, End);
}

CUresult cuEventDestroy(CUevent Event) {
  return withBackend([&](Backend &B) {
    hooks::eventDestroyed(reinterpret_cast<cudaEvent_t>(Event));
    return B.eventDestroy(reinterpret_cast<cudaEvent_t>(Event));
  });
}
CUresult cuEventDestroy_v2(CUevent Event) { return cuEventDestroy(Event); }

//===-- Modules -----------------------------------------------------------===//

CUresult cuModuleLoad(CUmodule *Module, const char *Path) {
  if (!Module || !Path)
    return CUDA_ERROR_INVALID_VALUE;
  *Module = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  std::ifstream File(Path, std::ios::binary);
  if (!File)
    return CUDA_ERROR_FILE_NOT_FOUND;
  std::vector<char> Bytes((std::istreambuf_iterator<char>(File)),
                          std::istreambuf_iterator<char>());
  if (Bytes.empty())
    return CUDA_ERROR_INVALID_IMAGE;
  Bytes.push_back('\0'); // text images end; binary ones know their size
  return loadModule(Module, Bytes.data(), Bytes.size());
}

CUresult cuModuleLoadData(CUmodule *Module, const void *Image) {
  return loadModule(Module, Image, SIZE_MAX);
}

CUresult cuModuleLoadDataEx(CUmodule *Module, const void *Image,
                            unsigned int NumOptions, CUjit_option *Options,
                            void **OptionValues) {
  if (NumOptions && (!Options || !OptionValues))
    return CUDA_ERROR_INVALID_VALUE;
  // No JIT: the options do not apply. The logs say why a module was refused;
  // the info log is empty (programs print it).
  char *ErrorLog = nullptr, *InfoLog = nullptr;
  size_t ErrorLogSize = 0, InfoLogSize = 0;
  for (unsigned I = 0; I < NumOptions; ++I) {
    if (Options[I] == CU_JIT_ERROR_LOG_BUFFER)
      ErrorLog = static_cast<char *>(OptionValues[I]);
    if (Options[I] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      ErrorLogSize = reinterpret_cast<uintptr_t>(OptionValues[I]);
    if (Options[I] == CU_JIT_INFO_LOG_BUFFER)
      InfoLog = static_cast<char *>(OptionValues[I]);
    if (Options[I] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
      InfoLogSize = reinterpret_cast<uintptr_t>(OptionValues[I]);
  }
  if (InfoLog && InfoLogSize)
    InfoLog[0] = '\0';
  std::string Why;
  CUresult Status = loadModule(Module, Image, SIZE_MAX, &Why);
  if (ErrorLog && ErrorLogSize) {
    size_t Length = std::min(Why.size(), ErrorLogSize - 1);
    std::memcpy(ErrorLog, Why.data(), Length);
    ErrorLog[Length] = '\0';
  }
  for (unsigned I = 0; I < NumOptions; ++I) {
    if (Options[I] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
      OptionValues[I] = nullptr;
    if (Options[I] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      OptionValues[I] = reinterpret_cast<void *>(
          static_cast<uintptr_t>(std::min(Why.size(), ErrorLogSize)));
  }
  return Status;
}

CUresult cuModuleLoadFatBinary(CUmodule *Module, const void *FatBinary) {
  return loadModule(Module, FatBinary, SIZE_MAX);
}

CUresult cuModuleUnload(CUmodule Module) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::unique_ptr<DriverModule> Owned;
  {
    std::lock_guard<std::mutex> Lock(Table.Mutex);
    DriverModule *M = findModule(Table, Module);
    if (!M)
      return CUDA_ERROR_INVALID_HANDLE;
    for (auto &[Name, Function] : M->Functions)
      Table.Functions.erase(Function.get());
    Table.Modules.erase(M);
    Owned.reset(M);
  }
  return toDriverError(B->moduleUnload(Owned->BackendModule));
}

CUresult cuModuleGetFunction(CUfunction *Function, CUmodule Module,
                             const char *Name) {
  if (!Function || !Name)
    return CUDA_ERROR_INVALID_VALUE;
  *Function = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  DriverModule *M = findModule(Table, Module);
  if (!M)
    return CUDA_ERROR_INVALID_HANDLE;
  auto It = M->Functions.find(Name);
  if (It == M->Functions.end()) {
    auto F = std::make_unique<DriverFunction>();
    F->Module = M;
    F->Name = Name;
    if (CUresult Status = toDriverError(
            B->moduleGetFunction(F->BackendFunction, M->BackendModule, Name)))
      return Status;
    Table.Functions.insert(F.get());
    It = M->Functions.emplace(Name, std::move(F)).first;
  }
  *Function = reinterpret_cast<CUfunction>(It->second.get());
  return CUDA_SUCCESS;
}

CUresult cuModuleGetGlobal(CUdeviceptr *Address, size_t *Bytes, CUmodule Module,
                           const char *Name) {
  if (!Name)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  DriverModule *M = findModule(Table, Module);
  if (!M)
    return CUDA_ERROR_INVALID_HANDLE;
  void *Global = nullptr;
  size_t Size = 0;
  cudaError_t Found = B->moduleGetGlobal(Global, Size, M->BackendModule, Name);
  // nvcc names a global-namespace static variable by its identifier; clang
  // by its Itanium name, which the compiler keeps in the code object
  // (frontend/StaticDeviceVariables.h).
  if (Found == cudaErrorSymbolNotFound) {
    std::string Static = "_ZL" + std::to_string(std::strlen(Name)) + Name;
    if (B->moduleGetGlobal(Global, Size, M->BackendModule, Static.c_str()) ==
        cudaSuccess)
      Found = cudaSuccess;
  }
  if (CUresult Status = toDriverError(Found))
    return Status;
  if (Address)
    *Address = toDevicePtr(Global);
  if (Bytes)
    *Bytes = Size;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetGlobal_v2(CUdeviceptr *Address, size_t *Bytes,
                              CUmodule Module, const char *Name) {
  return cuModuleGetGlobal(Address, Bytes, Module, Name);
}

CUresult cuFuncGetAttribute(int *Value, CUfunction_attribute Attribute,
                            CUfunction Function) {
  if (!Value)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  void *F = backendFunctionOf(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  cudaFuncAttributes A{};
  if (CUresult Status = toDriverError(B->moduleFuncGetAttributes(A, F)))
    return Status;
  switch (Attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *Value = A.maxThreadsPerBlock;
    break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *Value = static_cast<int>(A.sharedSizeBytes);
    break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    *Value = static_cast<int>(A.constSizeBytes);
    break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *Value = static_cast<int>(A.localSizeBytes);
    break;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    *Value = A.numRegs;
    break;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    *Value = A.ptxVersion;
    break;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
    *Value = A.binaryVersion;
    break;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    *Value = A.cacheModeCA;
    break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *Value = A.maxDynamicSharedSizeBytes;
    break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    *Value = A.preferredShmemCarveout;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction Function, unsigned int GridX,
                        unsigned int GridY, unsigned int GridZ,
                        unsigned int BlockX, unsigned int BlockY,
                        unsigned int BlockZ, unsigned int SharedMemBytes,
                        CUstream Stream, void **KernelParams, void **Extra) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  void *F = backendFunctionOf(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!GridX || !GridY || !GridZ || !BlockX || !BlockY || !BlockZ)
    return CUDA_ERROR_INVALID_VALUE;
  // kernelParams or `extra`, not both; `extra` is {marker, value}... END.
  const void *Buffer = nullptr;
  const size_t *BufferSize = nullptr;
  if (Extra) {
    if (KernelParams)
      return CUDA_ERROR_INVALID_VALUE;
    for (size_t I = 0; Extra[I] != CU_LAUNCH_PARAM_END; I += 2) {
      if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Buffer = Extra[I + 1];
      else if (Extra[I] == CU_LAUNCH_PARAM_BUFFER_SIZE)
        BufferSize = static_cast<const size_t *>(Extra[I + 1]);
      else
        return CUDA_ERROR_INVALID_VALUE;
    }
    if (!Buffer || !BufferSize)
      return CUDA_ERROR_INVALID_VALUE;
  }
  if (auto Captured = hooks::kernel(
          *B, F, true, Function, {GridX, GridY, GridZ}, {BlockX, BlockY, BlockZ},
          KernelParams, Buffer, BufferSize ? *BufferSize : 0, SharedMemBytes,
          toStream(Stream), false))
    return toDriverError(*Captured);
  return toDriverError(B->moduleLaunchKernel(
      F, {GridX, GridY, GridZ}, {BlockX, BlockY, BlockZ}, KernelParams, Buffer,
      BufferSize ? *BufferSize : 0, SharedMemBytes, toStream(Stream)));
}

//===-- More memory -------------------------------------------------------===//

CUresult cuMemAllocManaged(CUdeviceptr *Address, size_t Bytes,
                           unsigned int Flags) {
  if (!Address)
    return CUDA_ERROR_INVALID_VALUE;
  *Address = 0;
  return withBackend([&](Backend &B) {
    if (Bytes == 0 ||
        (Flags != CU_MEM_ATTACH_GLOBAL && Flags != CU_MEM_ATTACH_HOST))
      return cudaErrorInvalidValue;
    void *P = nullptr;
    cudaError_t Status = B.mallocManaged(&P, Bytes, Flags);
    *Address = toDevicePtr(P);
    return Status;
  });
}

CUresult cuMemAllocPitch(CUdeviceptr *Address, size_t *Pitch, size_t Width,
                         size_t Height, unsigned int ElementSize) {
  if (!Address || !Pitch)
    return CUDA_ERROR_INVALID_VALUE;
  *Address = 0;
  return withBackend([&](Backend &B) {
    if (ElementSize != 4 && ElementSize != 8 && ElementSize != 16)
      return cudaErrorInvalidValue;
    if (Width == 0 || Height == 0)
      return cudaErrorInvalidValue;
    void *P = nullptr;
    cudaError_t Status = B.mallocPitch(&P, *Pitch, Width, Height);
    *Address = toDevicePtr(P);
    return Status;
  });
}

CUresult cuMemAllocPitch_v2(CUdeviceptr *Address, size_t *Pitch, size_t Width,
                            size_t Height, unsigned int ElementSize) {
  return cuMemAllocPitch(Address, Pitch, Width, Height, ElementSize);
}

CUresult cuMemHostRegister(void *Pointer, size_t Bytes, unsigned int Flags) {
  return withBackend(
      [&](Backend &B) { return B.hostRegister(Pointer, Bytes, Flags); });
}
CUresult cuMemHostRegister_v2(void *Pointer, size_t Bytes, unsigned int Flags) {
  return cuMemHostRegister(Pointer, Bytes, Flags);
}

CUresult cuMemHostUnregister(void *Pointer) {
  return withBackend([&](Backend &B) { return B.hostUnregister(Pointer); });
}

CUresult cuMemHostGetDevicePointer(CUdeviceptr *Address, void *Pointer,
                                   unsigned int Flags) {
  if (!Address)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    if (Flags != 0)
      return cudaErrorInvalidValue;
    void *Device = nullptr;
    cudaError_t Status = B.hostGetDevicePointer(&Device, Pointer, 0);
    *Address = toDevicePtr(Device);
    return Status;
  });
}
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *Address, void *Pointer,
                                      unsigned int Flags) {
  return cuMemHostGetDevicePointer(Address, Pointer, Flags);
}

/// A 2D copy as a 3D copy of one slice (Arrays.cpp): either end may be a
/// CUDA array.
static CUresult copy2D(const CUDA_MEMCPY2D *Copy, const CUstream *Stream) {
  if (!Copy)
    return CUDA_ERROR_INVALID_VALUE;
  CUDA_MEMCPY3D C{};
  C.srcXInBytes = Copy->srcXInBytes;
  C.srcY = Copy->srcY;
  C.srcMemoryType = Copy->srcMemoryType;
  C.srcHost = Copy->srcHost;
  C.srcDevice = Copy->srcDevice;
  C.srcArray = Copy->srcArray;
  C.srcPitch = Copy->srcPitch;
  C.dstXInBytes = Copy->dstXInBytes;
  C.dstY = Copy->dstY;
  C.dstMemoryType = Copy->dstMemoryType;
  C.dstHost = Copy->dstHost;
  C.dstDevice = Copy->dstDevice;
  C.dstArray = Copy->dstArray;
  C.dstPitch = Copy->dstPitch;
  C.WidthInBytes = Copy->WidthInBytes;
  C.Height = Copy->Height;
  C.Depth = 1;
  return rubicon::driver::copy3D(&C, Stream);
}

CUresult cuMemcpy2D(const CUDA_MEMCPY2D *Copy) { return copy2D(Copy, nullptr); }
CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *Copy) { return cuMemcpy2D(Copy); }
CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *Copy) {
  return copy2D(Copy, nullptr);
}
CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *Copy) {
  return cuMemcpy2DUnaligned(Copy);
}
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *Copy, CUstream Stream) {
  return copy2D(Copy, &Stream);
}
CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *Copy, CUstream Stream) {
  return cuMemcpy2DAsync(Copy, Stream);
}

//===-- Contexts and devices ----------------------------------------------===//

CUresult cuCtxPushCurrent(CUcontext Context) {
  long long Id = idOfContext(Context);
  if (Id < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return withBackend([&](Backend &B) {
    unsigned Current = B.currentContext();
    if (cudaError_t Status = B.setContext(unsigned(Id)))
      return Status;
    PushedContexts.push_back(Current);
    return cudaSuccess;
  });
}
CUresult cuCtxPushCurrent_v2(CUcontext Context) {
  return cuCtxPushCurrent(Context);
}

CUresult cuCtxPopCurrent(CUcontext *Context) {
  return withBackend([&](Backend &B) {
    if (Context)
      *Context = handleOfContext(B.currentContext());
    if (PushedContexts.empty())
      return cudaSuccess; // the primary context stays current
    unsigned Previous = PushedContexts.back();
    PushedContexts.pop_back();
    return B.setContext(Previous);
  });
}
CUresult cuCtxPopCurrent_v2(CUcontext *Context) {
  return cuCtxPopCurrent(Context);
}

CUresult cuDeviceGetPCIBusId(char *BusId, int Length, CUdevice Device) {
  if (!BusId || Length <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend(
      [&](Backend &B) { return B.deviceGetPCIBusId(BusId, Length, Device); });
}

CUresult cuDeviceGetByPCIBusId(CUdevice *Device, const char *BusId) {
  if (!Device || !BusId)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend(
      [&](Backend &B) { return B.deviceGetByPCIBusId(*Device, BusId); });
}

//===-- Stream callbacks --------------------------------------------------===//

namespace {
/// A driver API callback or host function waiting in a stream.
struct PendingDriverCallback {
  CUstreamCallback Callback = nullptr;
  CUhostFn HostFunction = nullptr;
  void *UserData = nullptr;
};

void runDriverCallback(cudaStream_t Stream, cudaError_t Status, void *Data) {
  auto *Pending = static_cast<PendingDriverCallback *>(Data);
  if (Pending->Callback)
    Pending->Callback(reinterpret_cast<CUstream>(Stream),
                      translateError(Status), Pending->UserData);
  else
    Pending->HostFunction(Pending->UserData);
  delete Pending;
}

CUresult addCallback(CUstream Stream, PendingDriverCallback *Pending) {
  CUresult Status = withBackend([&](Backend &B) {
    if (auto Captured =
            Pending->Callback
                ? hooks::callback(toStream(Stream))
                : hooks::hostFunction(Pending->HostFunction,
                                      Pending->UserData, toStream(Stream))) {
      delete Pending;
      Pending = nullptr;
      return *Captured;
    }
    return B.streamAddCallback(toStream(Stream), runDriverCallback, Pending);
  });
  if (Status != CUDA_SUCCESS && Pending)
    delete Pending;
  return Status;
}
} // namespace

CUresult cuStreamAddCallback(CUstream Stream, CUstreamCallback Callback,
                             void *UserData, unsigned int Flags) {
  if (!Callback || Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return addCallback(Stream,
                     new PendingDriverCallback{Callback, nullptr, UserData});
}

CUresult cuLaunchHostFunc(CUstream Stream, CUhostFn Function, void *UserData) {
  if (!Function)
    return CUDA_ERROR_INVALID_VALUE;
  return addCallback(Stream,
                     new PendingDriverCallback{nullptr, Function, UserData});
}

//===-- More about functions ----------------------------------------------===//

CUresult cuFuncSetCacheConfig(CUfunction Function, CUfunc_cache Config) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  if (!backendFunctionOf(Function))
    return CUDA_ERROR_INVALID_HANDLE;
  // Accepted: AMD GPUs have no L1/shared memory split to configure.
  return Config >= CU_FUNC_CACHE_PREFER_NONE &&
                 Config <= CU_FUNC_CACHE_PREFER_EQUAL
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuFuncSetAttribute(CUfunction Function, CUfunction_attribute Attribute,
                            int Value) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  void *F = backendFunctionOf(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  switch (Attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: {
    // The opt-in above 48 KiB that CUDA needs: on AMD GPUs every kernel may
    // use the block's whole LDS, so a value within it is accepted as is.
    cudaFuncAttributes A{};
    if (CUresult Status = toDriverError(B->moduleFuncGetAttributes(A, F)))
      return Status;
    return Value >= 0 && Value <= A.maxDynamicSharedSizeBytes
               ? CUDA_SUCCESS
               : CUDA_ERROR_INVALID_VALUE;
  }
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    return Value >= -1 && Value <= 100 ? CUDA_SUCCESS
                                       : CUDA_ERROR_INVALID_VALUE;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks,
                                                     CUfunction Function,
                                                     int BlockSize,
                                                     size_t DynamicSharedMem) {
  if (!NumBlocks)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  void *F = backendFunctionOf(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  if (BlockSize <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  return toDriverError(B->moduleOccupancyMaxActiveBlocksPerMultiprocessor(
      *NumBlocks, F, BlockSize, DynamicSharedMem));
}

// Profiler control: no profiler is attached to Rubicon (rocprof collects
// without being told), so starting and stopping succeed, as CUDA's do then.
CUresult cuProfilerStart(void) {
  return withBackend([](Backend &) { return cudaSuccess; });
}
CUresult cuProfilerStop(void) {
  return withBackend([](Backend &) { return cudaSuccess; });
}

} // extern "C"
