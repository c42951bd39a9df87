//===- Libraries.cpp - Libraries, kernels, module enumeration, linking ----===//
//
// Part of Rubicon. Context-independent libraries (cuLibrary*) and kernels
// (cuKernel*) over the driver's modules (DriverInternal.h), the enumeration
// of a module's kernels, parameter layouts, the kernels of the runtime's
// registered fat binaries as driver functions (cudaGetKernel), and the JIT
// linker, which links what Rubicon can load: one complete fat binary or code
// object, or PTX inputs compiled as one module (PtxLink.h;
// docs/driver-api.md).
//
// Rubicon has one context per device, so a library is one module and a
// CUkernel is the CUfunction of that module's kernel (CUDA lets a CUkernel
// be cast to a CUfunction, so cuLaunchKernel takes it as is).
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "PtxJit.h"
#include "PtxLink.h"
#include "ModuleImage.h"

#include <rubicon/PtxText.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

using namespace rubicon::cudart;
using namespace rubicon::driver;

namespace rubicon::driver {

/// A CUlibrary: the module it was loaded as.
struct DriverLibrary {
  CUmodule Module = nullptr;
};

} // namespace rubicon::driver

namespace {

std::mutex LibraryMutex;
std::set<DriverLibrary *> &libraries() {
  static auto *Libraries = new std::set<DriverLibrary *>();
  return *Libraries;
}

/// The library behind a handle, or null.
DriverLibrary *findLibrary(CUlibrary Library) {
  std::lock_guard<std::mutex> Lock(LibraryMutex);
  auto *L = reinterpret_cast<DriverLibrary *>(Library);
  return libraries().count(L) ? L : nullptr;
}

CUresult readFile(const char *Path, std::vector<char> &Bytes) {
  std::ifstream File(Path, std::ios::binary);
  if (!File)
    return CUDA_ERROR_FILE_NOT_FOUND;
  Bytes.assign(std::istreambuf_iterator<char>(File),
               std::istreambuf_iterator<char>());
  if (Bytes.empty())
    return CUDA_ERROR_INVALID_IMAGE;
  Bytes.push_back('\0'); // text images end; binary ones know their size
  return CUDA_SUCCESS;
}

CUresult loadLibrary(CUlibrary *Library, const void *Code, size_t MaxSize,
                     unsigned NumJitOptions, CUjit_option *JitOptions,
                     void **JitOptionValues, unsigned NumLibraryOptions,
                     CUlibraryOption *LibraryOptions,
                     void **LibraryOptionValues) {
  if (!Library || !Code || (NumJitOptions && (!JitOptions || !JitOptionValues)) ||
      (NumLibraryOptions && (!LibraryOptions || !LibraryOptionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  *Library = nullptr;
  for (unsigned I = 0; I < NumLibraryOptions; ++I)
    if (LibraryOptions[I] >= CU_LIBRARY_NUM_OPTIONS)
      return CUDA_ERROR_INVALID_VALUE;
  // JIT options do not apply (PTX is compiled as cuModuleLoadData does); the
  // image is copied as it loads, so
  // CU_LIBRARY_BINARY_IS_PRESERVED changes nothing either.
  CUmodule Module = nullptr;
  if (CUresult Status = loadModuleImage(&Module, Code, MaxSize))
    return Status;
  auto *L = new DriverLibrary{Module};
  {
    ModuleTable &Table = ModuleTable::instance();
    std::lock_guard<std::mutex> Lock(Table.Mutex);
    findModule(Table, Module)->Library = L;
  }
  std::lock_guard<std::mutex> Lock(LibraryMutex);
  libraries().insert(L);
  *Library = reinterpret_cast<CUlibrary>(L);
  return CUDA_SUCCESS;
}

/// The module of a library, for the table's lookups.
CUresult moduleOf(CUlibrary Library, CUmodule &Module) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  DriverLibrary *L = findLibrary(Library);
  if (!L)
    return CUDA_ERROR_INVALID_HANDLE;
  Module = L->Module;
  return CUDA_SUCCESS;
}

/// The kernel names of a module (handle checked).
CUresult kernelNames(CUmodule Module, std::vector<std::string> &Names) {
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  DriverModule *M = findModule(Table, Module);
  if (!M)
    return CUDA_ERROR_INVALID_HANDLE;
  Names = M->KernelNames;
  return CUDA_SUCCESS;
}

/// Fills Functions with the first Count kernels of Module.
CUresult enumerate(CUfunction *Functions, unsigned Count, CUmodule Module) {
  if (!Functions && Count)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<std::string> Names;
  if (CUresult Status = kernelNames(Module, Names))
    return Status;
  if (Count > Names.size())
    return CUDA_ERROR_INVALID_VALUE;
  for (unsigned I = 0; I < Count; ++I)
    if (CUresult Status =
            cuModuleGetFunction(&Functions[I], Module, Names[I].c_str()))
      return Status;
  return CUDA_SUCCESS;
}

/// A handle's function record, checked.
CUresult functionRecord(CUfunction Function, DriverFunction *&Out) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  Out = findFunction(Table, Function);
  return Out ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUfunction asFunction(CUkernel Kernel) {
  return reinterpret_cast<CUfunction>(Kernel);
}

//===-- The linker --------------------------------------------------------===//

struct DriverLinkState {
  std::vector<std::string> Images;
  /// The PTX inputs; once one declares symbols the others define
  /// (ptxNeedsLink), cuLinkComplete compiles them all as one module, and
  /// the images compiled from them one by one (PtxImages: indexes into
  /// Images) are dropped.
  std::vector<PtxLinkInput> Ptx;
  std::vector<size_t> PtxImages;
  bool PtxNeedsLink = false;
  std::string Output;
  char *ErrorLog = nullptr;
  size_t ErrorLogSize = 0;
  char *InfoLog = nullptr;
  size_t InfoLogSize = 0;
};

std::mutex LinkMutex;
std::set<DriverLinkState *> &linkStates() {
  static auto *States = new std::set<DriverLinkState *>();
  return *States;
}

DriverLinkState *findLinkState(CUlinkState State) {
  std::lock_guard<std::mutex> Lock(LinkMutex);
  auto *S = reinterpret_cast<DriverLinkState *>(State);
  return linkStates().count(S) ? S : nullptr;
}

void writeLog(char *Buffer, size_t Size, const std::string &Text) {
  if (!Buffer || !Size)
    return;
  size_t Length = std::min(Text.size(), Size - 1);
  std::memcpy(Buffer, Text.data(), Length);
  Buffer[Length] = '\0';
}

/// Reads the log buffers of a JIT option list.
void logBuffers(unsigned Count, const CUjit_option *Options, void **Values,
                DriverLinkState &State) {
  for (unsigned I = 0; I < Count; ++I) {
    uintptr_t Value = reinterpret_cast<uintptr_t>(Values[I]);
    switch (Options[I]) {
    case CU_JIT_ERROR_LOG_BUFFER:
      State.ErrorLog = static_cast<char *>(Values[I]);
      break;
    case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
      State.ErrorLogSize = Value;
      break;
    case CU_JIT_INFO_LOG_BUFFER:
      State.InfoLog = static_cast<char *>(Values[I]);
      break;
    case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
      State.InfoLogSize = Value;
      break;
    default:
      break;
    }
  }
}

CUresult refuse(DriverLinkState &State, CUresult Status,
                const std::string &Why) {
  writeLog(State.ErrorLog, State.ErrorLogSize, Why);
  return Status;
}

/// Whether Data is an ar archive none of whose bytes start a fat binary
/// (no member carries relocatable device code).
bool isArchiveWithoutDeviceCode(const void *Data, size_t Size) {
  static constexpr char Magic[] = "!<arch>\n";
  static constexpr char Bundle[] = "__CLANG_OFFLOAD_BUNDLE__";
  const char *Bytes = static_cast<const char *>(Data);
  if (Size < sizeof Magic - 1 || std::memcmp(Bytes, Magic, sizeof Magic - 1))
    return false;
  return std::search(Bytes, Bytes + Size, Bundle, Bundle + sizeof Bundle - 1) ==
         Bytes + Size;
}

} // namespace

extern "C" {

// libcudart's cudaGetKernel and cudaGetFuncBySymbol: the driver function of
// a kernel of a registered fat binary, named by its host stub (Name: its
// device name, for cuFuncGetName). One record per stub.
__attribute__((visibility("default"))) CUresult
__rubicon_kernel_of_stub_v1(const void *HostStub, const char *Name,
                            CUfunction *Function) {
  if (!HostStub || !Function)
    return CUDA_ERROR_INVALID_VALUE;
  *Function = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  static std::map<const void *, DriverFunction *> *ByStub =
      new std::map<const void *, DriverFunction *>();
  ModuleTable &Table = ModuleTable::instance();
  {
    std::lock_guard<std::mutex> Lock(Table.Mutex);
    auto It = ByStub->find(HostStub);
    if (It != ByStub->end()) {
      *Function = reinterpret_cast<CUfunction>(It->second);
      return CUDA_SUCCESS;
    }
  }
  void *BackendFunction = nullptr;
  if (CUresult Status =
          toDriverResult(B->kernelFunctionOfStub(BackendFunction, HostStub)))
    return Status;
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  DriverFunction *&F = (*ByStub)[HostStub];
  if (!F) {
    F = new DriverFunction;
    F->BackendFunction = BackendFunction;
    F->Name = Name ? Name : "";
    Table.Functions.insert(F);
  }
  *Function = reinterpret_cast<CUfunction>(F);
  return CUDA_SUCCESS;
}

//===-- Libraries ---------------------------------------------------------===//

CUresult cuLibraryLoadData(CUlibrary *Library, const void *Code,
                           CUjit_option *JitOptions, void **JitOptionsValues,
                           unsigned int NumJitOptions,
                           CUlibraryOption *LibraryOptions,
                           void **LibraryOptionValues,
                           unsigned int NumLibraryOptions) {
  return loadLibrary(Library, Code, SIZE_MAX, NumJitOptions, JitOptions,
                     JitOptionsValues, NumLibraryOptions, LibraryOptions,
                     LibraryOptionValues);
}

CUresult cuLibraryLoadFromFile(CUlibrary *Library, const char *FileName,
                               CUjit_option *JitOptions,
                               void **JitOptionsValues,
                               unsigned int NumJitOptions,
                               CUlibraryOption *LibraryOptions,
                               void **LibraryOptionValues,
                               unsigned int NumLibraryOptions) {
  if (!Library || !FileName)
    return CUDA_ERROR_INVALID_VALUE;
  *Library = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  std::vector<char> Bytes;
  if (CUresult Status = readFile(FileName, Bytes))
    return Status;
  return loadLibrary(Library, Bytes.data(), Bytes.size(), NumJitOptions,
                     JitOptions, JitOptionsValues, NumLibraryOptions,
                     LibraryOptions, LibraryOptionValues);
}

CUresult cuLibraryUnload(CUlibrary Library) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  DriverLibrary *L = nullptr;
  {
    std::lock_guard<std::mutex> Lock(LibraryMutex);
    L = reinterpret_cast<DriverLibrary *>(Library);
    if (!libraries().erase(L))
      return CUDA_ERROR_INVALID_HANDLE;
  }
  std::unique_ptr<DriverLibrary> Owned(L);
  return cuModuleUnload(L->Module);
}

CUresult cuLibraryGetModule(CUmodule *Module, CUlibrary Library) {
  if (!Module)
    return CUDA_ERROR_INVALID_VALUE;
  return moduleOf(Library, *Module);
}

CUresult cuLibraryGetKernel(CUkernel *Kernel, CUlibrary Library,
                            const char *Name) {
  if (!Kernel || !Name)
    return CUDA_ERROR_INVALID_VALUE;
  *Kernel = nullptr;
  CUmodule Module = nullptr;
  if (CUresult Status = moduleOf(Library, Module))
    return Status;
  CUfunction Function = nullptr;
  CUresult Status = cuModuleGetFunction(&Function, Module, Name);
  if (Status == CUDA_SUCCESS)
    *Kernel = reinterpret_cast<CUkernel>(Function);
  return Status;
}

CUresult cuLibraryGetKernelCount(unsigned int *Count, CUlibrary Library) {
  if (!Count)
    return CUDA_ERROR_INVALID_VALUE;
  CUmodule Module = nullptr;
  if (CUresult Status = moduleOf(Library, Module))
    return Status;
  return cuModuleGetFunctionCount(Count, Module);
}

CUresult cuLibraryEnumerateKernels(CUkernel *Kernels, unsigned int NumKernels,
                                   CUlibrary Library) {
  CUmodule Module = nullptr;
  if (CUresult Status = moduleOf(Library, Module))
    return Status;
  return enumerate(reinterpret_cast<CUfunction *>(Kernels), NumKernels, Module);
}

CUresult cuLibraryGetGlobal(CUdeviceptr *Address, size_t *Bytes,
                            CUlibrary Library, const char *Name) {
  CUmodule Module = nullptr;
  if (CUresult Status = moduleOf(Library, Module))
    return Status;
  return cuModuleGetGlobal(Address, Bytes, Module, Name);
}

CUresult cuLibraryGetManaged(CUdeviceptr *Address, size_t *Bytes,
                             CUlibrary Library, const char *Name) {
  // A __managed__ variable is an ordinary variable of the code object, in
  // memory both the host and the device reach (host backend) or that HIP
  // registers as managed.
  return cuLibraryGetGlobal(Address, Bytes, Library, Name);
}

CUresult cuLibraryGetUnifiedFunction(void **Function, CUlibrary Library,
                                     const char *Symbol) {
  if (!Function || !Symbol)
    return CUDA_ERROR_INVALID_VALUE;
  *Function = nullptr;
  CUmodule Module = nullptr;
  if (CUresult Status = moduleOf(Library, Module))
    return Status;
  // Rubicon's code objects have no unified (host-and-device) functions.
  return CUDA_ERROR_NOT_FOUND;
}

//===-- Kernels -----------------------------------------------------------===//

CUresult cuKernelGetFunction(CUfunction *Function, CUkernel Kernel) {
  if (!Function)
    return CUDA_ERROR_INVALID_VALUE;
  DriverFunction *F = nullptr;
  if (CUresult Status = functionRecord(asFunction(Kernel), F))
    return Status;
  *Function = asFunction(Kernel);
  return CUDA_SUCCESS;
}

CUresult cuKernelGetLibrary(CUlibrary *Library, CUkernel Kernel) {
  if (!Library)
    return CUDA_ERROR_INVALID_VALUE;
  DriverFunction *F = nullptr;
  if (CUresult Status = functionRecord(asFunction(Kernel), F))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  if (!F->Module || !F->Module->Library)
    return CUDA_ERROR_NOT_FOUND; // a kernel of the runtime's fat binaries
  *Library = reinterpret_cast<CUlibrary>(F->Module->Library);
  return CUDA_SUCCESS;
}

CUresult cuKernelGetAttribute(int *Value, CUfunction_attribute Attribute,
                              CUkernel Kernel, CUdevice Device) {
  int Count = 0;
  if (cuDeviceGetCount(&Count) == CUDA_SUCCESS &&
      (Device < 0 || Device >= Count))
    return CUDA_ERROR_INVALID_DEVICE;
  return cuFuncGetAttribute(Value, Attribute, asFunction(Kernel));
}

CUresult cuKernelSetAttribute(CUfunction_attribute Attribute, int Value,
                              CUkernel Kernel, CUdevice Device) {
  int Count = 0;
  if (cuDeviceGetCount(&Count) == CUDA_SUCCESS &&
      (Device < 0 || Device >= Count))
    return CUDA_ERROR_INVALID_DEVICE;
  return cuFuncSetAttribute(asFunction(Kernel), Attribute, Value);
}

CUresult cuKernelSetCacheConfig(CUkernel Kernel, CUfunc_cache Config,
                                CUdevice Device) {
  int Count = 0;
  if (cuDeviceGetCount(&Count) == CUDA_SUCCESS &&
      (Device < 0 || Device >= Count))
    return CUDA_ERROR_INVALID_DEVICE;
  return cuFuncSetCacheConfig(asFunction(Kernel), Config);
}

CUresult cuKernelGetName(const char **Name, CUkernel Kernel) {
  return cuFuncGetName(Name, asFunction(Kernel));
}

CUresult cuKernelGetParamInfo(CUkernel Kernel, size_t ParamIndex,
                              size_t *ParamOffset, size_t *ParamSize) {
  return cuFuncGetParamInfo(asFunction(Kernel), ParamIndex, ParamOffset,
                            ParamSize);
}

//===-- Modules and functions ---------------------------------------------===//

CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *Mode) {
  if (!Mode)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  // Code objects are loaded whole when the module is (CUDA_MODULE_LOADING
  // does not apply).
  *Mode = CU_MODULE_EAGER_LOADING;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunctionCount(unsigned int *Count, CUmodule Module) {
  if (!Count)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  std::vector<std::string> Names;
  if (CUresult Status = kernelNames(Module, Names))
    return Status;
  *Count = static_cast<unsigned>(Names.size());
  return CUDA_SUCCESS;
}

CUresult cuModuleEnumerateFunctions(CUfunction *Functions,
                                    unsigned int NumFunctions,
                                    CUmodule Module) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  return enumerate(Functions, NumFunctions, Module);
}

CUresult cuFuncGetModule(CUmodule *Module, CUfunction Function) {
  if (!Module)
    return CUDA_ERROR_INVALID_VALUE;
  DriverFunction *F = nullptr;
  if (CUresult Status = functionRecord(Function, F))
    return Status;
  if (!F->Module)
    return CUDA_ERROR_NOT_FOUND; // a kernel of the runtime's fat binaries
  *Module = reinterpret_cast<CUmodule>(F->Module);
  return CUDA_SUCCESS;
}

CUresult cuFuncIsLoaded(CUfunctionLoadingState *State, CUfunction Function) {
  if (!State)
    return CUDA_ERROR_INVALID_VALUE;
  DriverFunction *F = nullptr;
  if (CUresult Status = functionRecord(Function, F))
    return Status;
  *State = CU_FUNCTION_LOADING_STATE_LOADED; // modules load eagerly
  return CUDA_SUCCESS;
}

CUresult cuFuncLoad(CUfunction Function) {
  DriverFunction *F = nullptr;
  return functionRecord(Function, F);
}

CUresult cuFuncGetParamInfo(CUfunction Function, size_t ParamIndex,
                            size_t *ParamOffset, size_t *ParamSize) {
  if (!ParamOffset && !ParamSize)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  void *F = backendFunction(Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  std::vector<size_t> Offsets, Sizes;
  if (CUresult Status =
          toDriverResult(B->kernelParameterLayout(F, Offsets, Sizes)))
    return Status;
  if (ParamIndex >= Sizes.size())
    return CUDA_ERROR_INVALID_VALUE;
  if (ParamOffset)
    *ParamOffset = Offsets[ParamIndex];
  if (ParamSize)
    *ParamSize = Sizes[ParamIndex];
  return CUDA_SUCCESS;
}

//===-- The linker --------------------------------------------------------===//

CUresult cuLinkCreate_v2(unsigned int NumOptions, CUjit_option *Options,
                         void **OptionValues, CUlinkState *StateOut) {
  if (!StateOut || (NumOptions && (!Options || !OptionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  *StateOut = nullptr;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  auto *State = new DriverLinkState;
  logBuffers(NumOptions, Options, OptionValues, *State);
  std::lock_guard<std::mutex> Lock(LinkMutex);
  linkStates().insert(State);
  *StateOut = reinterpret_cast<CUlinkState>(State);
  return CUDA_SUCCESS;
}

CUresult cuLinkAddData_v2(CUlinkState StateHandle, CUjitInputType Type,
                          void *Data, size_t Size, const char *Name,
                          unsigned int NumOptions, CUjit_option *Options,
                          void **OptionValues) {
  DriverLinkState *State = findLinkState(StateHandle);
  if (!State)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!Data || (NumOptions && (!Options || !OptionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  std::string What = Name && *Name ? Name : "the input";
  switch (Type) {
  case CU_JIT_INPUT_PTX: {
    // Rubicon's nvcc -ptx text carries a fat binary: linked as one.
    if (rubicon::ptxtext::isPtxText(static_cast<const char *>(Data),
                                    Size ? Size : SIZE_MAX))
      break;
    // Other PTX: compiled now for the device in use (PtxJit.h); the result
    // is linked like a fat binary.
    Backend *B = nullptr;
    if (CUresult Status = acquireBackend(B))
      return Status;
    ModuleImage Text = classifyModuleImage(Data, Size ? Size : SIZE_MAX);
    if (Text.Kind != ModuleImageKind::Ptx)
      return refuse(*State, CUDA_ERROR_INVALID_PTX, What + " is not PTX text");
    PtxLinkInput Input{What, std::string(static_cast<const char *>(Text.Data),
                                         Text.Size)};
    if (ptxNeedsLink(Input.Text)) {
      // Completed by the link's other PTX inputs: compiled with them.
      std::lock_guard<std::mutex> Lock(LinkMutex);
      State->Ptx.push_back(std::move(Input));
      State->PtxNeedsLink = true;
      return CUDA_SUCCESS;
    }
    std::string Image, Log;
    if (CUresult Status =
            compilePTX(static_cast<const char *>(Text.Data), Text.Size,
                       ptxTargetFor(B->name()), Image, Log))
      return refuse(*State, Status, What + ": " + Log);
    std::lock_guard<std::mutex> Lock(LinkMutex);
    State->Ptx.push_back(std::move(Input));
    State->PtxImages.push_back(State->Images.size());
    State->Images.push_back(std::move(Image));
    return CUDA_SUCCESS;
  }
  case CU_JIT_INPUT_NVVM:
    return refuse(*State, CUDA_ERROR_JIT_COMPILER_NOT_FOUND,
                  What + ": Rubicon has no NVVM JIT compiler; link PTX, a "
                         "fat binary or a code object built by Rubicon's nvcc");
  case CU_JIT_INPUT_LIBRARY:
    // An archive without relocatable device code (no fat binary in any
    // member) adds nothing: Rubicon's libcudadevrt.a, which the libNVVM
    // samples link, since the device runtime is in every code object.
    if (isArchiveWithoutDeviceCode(Data, Size))
      return CUDA_SUCCESS;
    [[fallthrough]];
  case CU_JIT_INPUT_OBJECT:
    return refuse(*State, CUDA_ERROR_NOT_SUPPORTED,
                  What + ": relocatable device code is linked at build time "
                         "(nvcc -dlink), not by the driver");
  case CU_JIT_INPUT_CUBIN:
  case CU_JIT_INPUT_FATBINARY:
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  ModuleImage Image = classifyModuleImage(Data, Size ? Size : SIZE_MAX);
  switch (Image.Kind) {
  case ModuleImageKind::FatBinary:
  case ModuleImageKind::AmdCodeObject:
  case ModuleImageKind::HostCodeObject:
    break;
  case ModuleImageKind::Ptx:
    return refuse(*State, CUDA_ERROR_INVALID_IMAGE,
                  What + " is text (PTX?), not a fat binary or code object");
  default:
    if (!Image.Error.empty()) // Rubicon's -ptx text, damaged
      return refuse(*State, CUDA_ERROR_INVALID_PTX, What + ": " + Image.Error);
    return refuse(*State, CUDA_ERROR_INVALID_IMAGE,
                  What + " is neither a Rubicon fat binary nor an AMD GPU or "
                         "host-target code object");
  }
  std::lock_guard<std::mutex> Lock(LinkMutex);
  State->Images.emplace_back(static_cast<const char *>(Image.Data),
                             Image.Size);
  return CUDA_SUCCESS;
}

CUresult cuLinkAddFile_v2(CUlinkState StateHandle, CUjitInputType Type,
                          const char *Path, unsigned int NumOptions,
                          CUjit_option *Options, void **OptionValues) {
  if (!findLinkState(StateHandle))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!Path)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<char> Bytes;
  if (CUresult Status = readFile(Path, Bytes))
    return Status;
  return cuLinkAddData_v2(StateHandle, Type, Bytes.data(), Bytes.size(), Path,
                          NumOptions, Options, OptionValues);
}

CUresult cuLinkComplete(CUlinkState StateHandle, void **CubinOut,
                        size_t *SizeOut) {
  DriverLinkState *State = findLinkState(StateHandle);
  if (!State)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!CubinOut || !SizeOut)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> Lock(LinkMutex);
  if (State->PtxNeedsLink || State->Ptx.size() > 1) {
    // The PTX inputs as one module: each `.extern` finds its definition in
    // another input, or the compile names it (docs/ptx-modules.md).
    Backend *B = nullptr;
    if (CUresult Status = acquireBackend(B))
      return Status;
    std::string Joined = joinPtxInputs(State->Ptx), Image, Log;
    if (CUresult Status = compilePTX(Joined.data(), Joined.size(),
                                     ptxTargetFor(B->name()), Image, Log))
      return refuse(*State, Status, namePtxLogLocations(Log, State->Ptx));
    for (size_t I = State->PtxImages.size(); I-- > 0;)
      State->Images.erase(State->Images.begin() +
                          std::ptrdiff_t(State->PtxImages[I]));
    State->Images.push_back(std::move(Image));
    State->Ptx.clear();
    State->PtxImages.clear();
    State->PtxNeedsLink = false;
  }
  if (State->Images.empty())
    return refuse(*State, CUDA_ERROR_INVALID_VALUE, "nothing to link");
  if (State->Images.size() > 1)
    return refuse(*State, CUDA_ERROR_NOT_SUPPORTED,
                  "Rubicon links one complete image; combine device code at "
                  "build time (nvcc -rdc -dlink, or one -fatbin)");
  // One complete image links to itself, as a cubin linked alone does.
  State->Output = State->Images.front();
  writeLog(State->InfoLog, State->InfoLogSize, "");
  *CubinOut = State->Output.data();
  *SizeOut = State->Output.size();
  return CUDA_SUCCESS;
}

CUresult cuLinkDestroy(CUlinkState StateHandle) {
  std::lock_guard<std::mutex> Lock(LinkMutex);
  auto *State = reinterpret_cast<DriverLinkState *>(StateHandle);
  if (!linkStates().erase(State))
    return CUDA_ERROR_INVALID_HANDLE;
  delete State;
  return CUDA_SUCCESS;
}

// The names of CUDA releases before the _v2 versions (same parameters).
CUresult cuLinkCreate(unsigned int NumOptions, CUjit_option *Options,
                      void **OptionValues, CUlinkState *StateOut) {
  return cuLinkCreate_v2(NumOptions, Options, OptionValues, StateOut);
}
CUresult cuLinkAddData(CUlinkState State, CUjitInputType Type, void *Data,
                       size_t Size, const char *Name, unsigned int NumOptions,
                       CUjit_option *Options, void **OptionValues) {
  return cuLinkAddData_v2(State, Type, Data, Size, Name, NumOptions, Options,
                          OptionValues);
}
CUresult cuLinkAddFile(CUlinkState State, CUjitInputType Type,
                       const char *Path, unsigned int NumOptions,
                       CUjit_option *Options, void **OptionValues) {
  return cuLinkAddFile_v2(State, Type, Path, NumOptions, Options,
                          OptionValues);
}

//===-- Export tables -----------------------------------------------------===//

CUresult cuGetExportTable(const void **ExportTable, const CUuuid *TableId) {
  if (!ExportTable || !TableId)
    return CUDA_ERROR_INVALID_VALUE;
  // Export tables are NVIDIA's private interfaces between its own libraries;
  // Rubicon's libraries do not use them, and no table is known.
  *ExportTable = nullptr;
  return CUDA_ERROR_NOT_SUPPORTED;
}

} // extern "C"
