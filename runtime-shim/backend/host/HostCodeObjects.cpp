//===- HostCodeObjects.cpp - Loading host code objects --------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include "Log.h"
#include "ModuleImage.h"

#include <rubicon/FatBinary.h>
#include <rubicon/HostCpuLevels.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace rubicon::cudart::host {

namespace {
/// The kernel's loop over a block's threads, if the code object has one and
/// RUBICON_HOST_THREAD_LOOPS is not 0.
KernelEntry blockEntryOf(void *Handle, const std::string &Kernel) {
  static const bool Enabled = [] {
    const char *Text = std::getenv("RUBICON_HOST_THREAD_LOOPS");
    return !Text || std::strcmp(Text, "0") != 0;
  }();
  if (!Enabled)
    return nullptr;
  std::string Name = rubicon::host::BlockEntryPrefix + Kernel;
  auto Entry = reinterpret_cast<KernelEntry>(dlsym(Handle, Name.c_str()));
  if (Entry)
    logMessage("host backend: kernel %s runs each block as a thread loop",
               Kernel.c_str());
  return Entry;
}

/// The bytes of the static shared variables the kernel reaches: its own
/// figure in the code object, else (older code objects) the module's.
size_t kernelSharedBytesOf(void *Handle, const std::string &Kernel,
                           size_t ModuleBytes) {
  std::string Name = rubicon::host::KernelSharedPrefix + Kernel;
  auto *Bytes =
      static_cast<const unsigned long long *>(dlsym(Handle, Name.c_str()));
  return Bytes ? size_t(*Bytes) : ModuleBytes;
}

/// The blocks per cluster of a kernel declared with __cluster_dims__ of
/// more than one block (HostABI.h's optional table), else 1.
unsigned long long clusterBlocksOf(void *Handle, const std::string &Kernel) {
  std::string Name = rubicon::host::ClusterDimsPrefix + Kernel;
  auto *Dims =
      static_cast<const unsigned long long *>(dlsym(Handle, Name.c_str()));
  return Dims ? Dims[0] * Dims[1] * Dims[2] : 1;
}

/// Each parameter's offset in CUDA's parameter buffer: the code object's
/// table, else (older code objects) each parameter at the largest power of
/// two up to 16 dividing its size (exact for scalars, pointers and CUDA's
/// vector types).
std::vector<unsigned long long>
paramOffsetsOf(void *Handle, const std::string &Kernel,
               const std::vector<unsigned long long> &Sizes) {
  std::string Name = rubicon::host::ParamOffsetsPrefix + Kernel;
  auto *Table =
      static_cast<const unsigned long long *>(dlsym(Handle, Name.c_str()));
  if (Table && Table[0] == Sizes.size())
    return {Table + 1, Table + 1 + Table[0]};
  std::vector<unsigned long long> Offsets;
  unsigned long long Offset = 0;
  for (unsigned long long Size : Sizes) {
    unsigned long long Align = 1;
    while (Align < 16 && Size % (Align * 2) == 0)
      Align *= 2;
    Offset = (Offset + Align - 1) & ~(Align - 1);
    Offsets.push_back(Offset);
    Offset += Size;
  }
  return Offsets;
}

/// The CUDA architecture the code object was compiled for (HostABI.h), or
/// the host device's compute capability when it does not say.
int cudaArchOf(void *Handle) {
  auto *Arch = static_cast<const unsigned long long *>(
      dlsym(Handle, rubicon::host::CudaArchSymbol));
  return Arch && *Arch ? int(*Arch) : 94;
}
} // namespace

cudaError_t HostBackend::symbolAddress(void **DevicePtr, const void *HostVar) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Symbols.find(HostVar);
  if (It == Symbols.end())
    return cudaErrorInvalidSymbol;
  *DevicePtr = It->second;
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
  // Built for an x86-64 level this CPU lacks: its code would fault on the
  // first instruction the CPU does not have (docs/host-target.md).
  auto *Level = static_cast<const unsigned long long *>(
      dlsym(Handle, rubicon::host::CpuLevelSymbol));
  if (std::string Why = rubicon::host::cpuLevelMismatch(
          Level ? unsigned(*Level) : rubicon::host::BaselineCpuLevel,
          rubicon::host::detectCpuFeatures());
      !Why.empty()) {
    logMessage("host backend: %s", Why.c_str());
    closeCodeObject(Handle, Fd);
    Handle = nullptr;
    return cudaErrorNoKernelImageForDevice;
  }
  // Device code's malloc counts against the device heap.
  if (auto **Heap = static_cast<rubicon::host::HostHeap **>(
          dlsym(Handle, rubicon::host::HeapSymbol)))
    *Heap = &this->Heap;
  if (FdOut)
    *FdOut = Fd;
  return cudaSuccess;
}

cudaError_t HostBackend::setDeviceHeapSize(size_t Bytes) {
  __atomic_store_n(&Heap.Limit, Bytes, __ATOMIC_RELAXED);
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
  int CudaArch = cudaArchOf(Handle);
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
    Kernel.BlockEntry = blockEntryOf(Handle, K.DeviceName);
    Kernel.ParamSizes.assign(ParamTable + 1, ParamTable + 1 + ParamTable[0]);
    Kernel.ParamOffsets =
        paramOffsetsOf(Handle, K.DeviceName, Kernel.ParamSizes);
    Kernel.StaticSharedBytes = StaticShared;
    Kernel.OwnSharedBytes =
        kernelSharedBytesOf(Handle, K.DeviceName, StaticShared);
    Kernel.CudaArch = CudaArch;
    Kernel.ClusterBlocks = clusterBlocksOf(Handle, K.DeviceName);
    Kernels[K.HostStub] = std::move(Kernel);
  }
  for (const VariableRecord &V : FatBinary.Variables) {
    if (void *Address = dlsym(Handle, V.DeviceName.c_str())) {
      Symbols[V.HostVar] = Address;
      // Device (or managed) memory to cudaPointerGetAttributes.
      Allocations.try_emplace(
          reinterpret_cast<uintptr_t>(Address),
          Allocation{V.Size,
                     V.Managed ? AllocationKind::ModuleManaged
                               : AllocationKind::ModuleGlobal,
                     currentDevice()});
      // Host code reads a managed variable where the kernels do.
      if (V.Managed)
        __atomic_store_n(static_cast<void **>(const_cast<void *>(V.HostVar)),
                         Address, __ATOMIC_RELEASE);
    } else
      logMessage("host backend: variable %s not in the code object",
                 V.DeviceName.c_str());
  }
  return cudaSuccess;
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
  Loaded->CudaArch = cudaArchOf(Handle);
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
  waitForEveryDevice();
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const void *Key : Loaded->KernelKeys)
    Kernels.erase(Key);
  for (uintptr_t Global : Loaded->Globals)
    Allocations.erase(Global);
  EntryKernels.clear();
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
    Kernel.BlockEntry = blockEntryOf(Loaded->Handle, Name);
    Kernel.ParamSizes.assign(ParamTable + 1, ParamTable + 1 + ParamTable[0]);
    Kernel.ParamOffsets = paramOffsetsOf(Loaded->Handle, Name, Kernel.ParamSizes);
    Kernel.StaticSharedBytes = Loaded->StaticShared;
    Kernel.OwnSharedBytes =
        kernelSharedBytesOf(Loaded->Handle, Name, Loaded->StaticShared);
    Kernel.CudaArch = Loaded->CudaArch;
    Kernel.ClusterBlocks = clusterBlocksOf(Loaded->Handle, Name);
    Kernels[EntryAddress] = std::move(Kernel);
    Loaded->KernelKeys.push_back(EntryAddress);
  }
  Function = EntryAddress;
  return cudaSuccess;
}

bool HostBackend::findKernelByEntry(const void *Entry, HostKernel &Kernel) {
  // The entry point's dynamic symbol names the kernel; the code object that
  // defines it has the kernel's tables.
  Dl_info Info;
  if (!dladdr(Entry, &Info) || !Info.dli_sname || Info.dli_saddr != Entry)
    return false;
  std::string_view Symbol = Info.dli_sname;
  std::string_view Prefix = rubicon::host::EntryPrefix;
  if (Symbol.substr(0, Prefix.size()) != Prefix)
    return false;
  std::string Name(Symbol.substr(Prefix.size()));
  std::vector<void *> Handles = Modules;
  for (LoadedModule *Loaded : LoadedModules)
    Handles.push_back(Loaded->Handle);
  for (void *Handle : Handles) {
    if (dlsym(Handle, Info.dli_sname) != Entry)
      continue;
    std::string Params = rubicon::host::ParamsPrefix + Name;
    auto *ParamTable = static_cast<const unsigned long long *>(
        dlsym(Handle, Params.c_str()));
    if (!ParamTable)
      return false;
    size_t StaticShared = 0;
    if (auto *Bytes = static_cast<const unsigned long long *>(
            dlsym(Handle, rubicon::host::SharedBytesSymbol)))
      StaticShared = *Bytes;
    Kernel = HostKernel();
    Kernel.Entry = reinterpret_cast<KernelEntry>(const_cast<void *>(Entry));
    Kernel.BlockEntry = blockEntryOf(Handle, Name);
    Kernel.ParamSizes.assign(ParamTable + 1, ParamTable + 1 + ParamTable[0]);
    Kernel.ParamOffsets = paramOffsetsOf(Handle, Name, Kernel.ParamSizes);
    Kernel.StaticSharedBytes = StaticShared;
    Kernel.OwnSharedBytes = kernelSharedBytesOf(Handle, Name, StaticShared);
    Kernel.CudaArch = cudaArchOf(Handle);
    Kernel.ClusterBlocks = clusterBlocksOf(Handle, Name);
    return true;
  }
  return false;
}

cudaError_t HostBackend::moduleGetGlobal(void *&Address, size_t &Size,
                                         void *Module, const char *Name) {
  Address = nullptr;
  Size = 0;
  auto *Loaded = static_cast<LoadedModule *>(Module);
  int Device = currentDevice();
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
  // Device (or managed) memory from now on to cudaPointerGetAttributes
  // (libcu++'s cuda::get_device_address and is_device_accessible ask).
  std::string Marker = std::string(rubicon::host::ManagedMarkerPrefix) + Name;
  AllocationKind Kind = dlsym(Loaded->Handle, Marker.c_str())
                            ? AllocationKind::ModuleManaged
                            : AllocationKind::ModuleGlobal;
  auto Key = reinterpret_cast<uintptr_t>(Symbol);
  if (Allocations.try_emplace(Key, Allocation{Size, Kind, Device}).second)
    Loaded->Globals.push_back(Key);
  return cudaSuccess;
}

} // namespace rubicon::cudart::host
