//===- DriverInternal.h - What libcuda's files share -------------*- C++ -*-===//
//
// Part of Rubicon. The driver's state as DriverApi.cpp keeps it, for the
// other files of libcuda (DriverGraphApi.cpp, DriverExtras.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_DRIVERINTERNAL_H
#define RUBICON_CUDA_DRIVERINTERNAL_H

#include "cuda.h"
#include "driver_types.h"
#include "texture_types.h"

#include "Backend.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace rubicon::graphs {
struct MemOperation;
}

namespace rubicon::driver {

//===-- Modules and functions (DriverApi.cpp, Libraries.cpp) --------------===//

struct DriverModule;
struct DriverLibrary;

/// What the legacy launch API (cuFuncSetBlockShape, cuParamSet*) sets on a
/// function before cuLaunchGrid.
struct LegacyLaunchState {
  unsigned Block[3] = {1, 1, 1};
  unsigned SharedBytes = 0;
  std::vector<unsigned char> Params;
};

/// A CUfunction; a CUkernel is the same record (CUDA lets a CUkernel be cast
/// to a CUfunction).
struct DriverFunction {
  /// The module it was found in; null for a kernel of the runtime's
  /// registered fat binaries (cudaGetKernel, cudaGetFuncBySymbol).
  DriverModule *Module = nullptr;
  void *BackendFunction = nullptr;
  /// The name it was looked up by (the kernel's mangled name).
  std::string Name;
  LegacyLaunchState Legacy;
};

struct DriverModule {
  void *BackendModule = nullptr;
  std::map<std::string, std::unique_ptr<DriverFunction>> Functions;
  /// The kernels the image defines (moduleKernelNames), sorted.
  std::vector<std::string> KernelNames;
  /// The library that owns the module, if it was loaded as one.
  DriverLibrary *Library = nullptr;
  /// The fat binary compiled from a PTX image (PtxJit.h), which the backend
  /// module was loaded from.
  std::string JitImage;
};

/// Every live module and function: handles are checked against these.
class ModuleTable {
public:
  static ModuleTable &instance() {
    static ModuleTable *Table = new ModuleTable();
    return *Table;
  }
  std::mutex Mutex;
  std::set<DriverModule *> Modules;
  std::set<DriverFunction *> Functions;
};

/// The module behind a handle, or null (the table's mutex held by caller).
inline DriverModule *findModule(ModuleTable &Table, CUmodule Module) {
  auto *M = reinterpret_cast<DriverModule *>(Module);
  return Table.Modules.count(M) ? M : nullptr;
}
/// The function behind a handle, or null (the table's mutex held by caller).
inline DriverFunction *findFunction(ModuleTable &Table, CUfunction Function) {
  auto *F = reinterpret_cast<DriverFunction *>(Function);
  return Table.Functions.count(F) ? F : nullptr;
}

/// cuModuleLoadData's work: loads an image of at most MaxSize bytes
/// (SIZE_MAX: unknown) as a module; ErrorLog, if set, receives why an image
/// was refused.
CUresult loadModuleImage(CUmodule *Module, const void *Data, size_t MaxSize,
                         std::string *ErrorLog = nullptr);

/// The driver's backend after a successful cuInit; CUDA_ERROR_NOT_INITIALIZED
/// before (the cuInit failure if it failed).
CUresult acquireBackend(cudart::Backend *&Out);
/// The same, without waiting while a checkpoint locks the process (the
/// checkpoint calls themselves, Checkpoint.cpp).
CUresult acquireUngatedBackend(cudart::Backend *&Out);
/// The driver API's error for a runtime API error (logged, as below).
CUresult toDriverResult(cudaError_t Status);
/// Status, after adding a line to the driver's log (cuLogs*, Logs.cpp) when
/// it is an error.
CUresult logDriverError(CUresult Status);
/// The backend's function behind a CUfunction; nullptr for a stale or
/// made-up handle.
void *backendFunction(CUfunction Function);
/// The same, with the name the function was looked up by.
void *backendFunction(CUfunction Function, std::string &Name);
/// The opaque handle of a device's primary context, and a context's device
/// (-1: not a context).
CUcontext primaryContext(int Device);
int contextDevice(CUcontext Context);
/// The backend's id of a context (Backend.h; -1: not a context), and the
/// handle of an id (null: none).
long long contextId(CUcontext Context);
CUcontext contextHandle(unsigned Id);

/// The operations of a cuStreamBatchMemOp parameter array, checked
/// (ExternalResources.cpp).
cudaError_t memOperations(const CUstreamBatchMemOpParams *Params,
                          unsigned Count,
                          std::vector<graphs::MemOperation> &Ops);

/// Runs Call on the backend after cuInit.
template <class CallT> CUresult withBackend(CallT &&Call) {
  cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  return toDriverResult(Call(*B));
}

/// cuMemcpy3D(Async) (Arrays.cpp), which cuMemcpy2D uses too: either end
/// may be host, device or unified memory or a CUDA array; Stream is null for
/// a synchronous copy.
CUresult copy3D(const CUDA_MEMCPY3D *Copy, const CUstream *Stream);

/// A driver array format and channel count (1, 2 or 4) as the runtime's
/// channel descriptor, and back (Arrays.cpp).
CUresult channelDesc(CUarray_format Format, unsigned Channels,
                     cudaChannelFormatDesc &Desc);
void driverFormat(const cudaChannelFormatDesc &Desc, CUarray_format &Format,
                  unsigned &Channels);

inline cudaStream_t toStream(CUstream Stream) {
  return reinterpret_cast<cudaStream_t>(Stream);
}

} // namespace rubicon::driver

#endif // RUBICON_CUDA_DRIVERINTERNAL_H
