//===- Runtime.cpp - State of the CUDA runtime ----------------------------===//
//
// Part of Rubicon.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "ProcessGate.h"
#include "ErrorTable.h"
#include "Log.h"
#include "BackendSelection.h"
#include "SharedBackend.h"

#include <rubicon/FatBinary.h>

#include <cstring>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace rubicon::cudart {

namespace {
/// The struct clang's CUDA host code passes to __cudaRegisterFatBinary.
struct CudaFatBinaryWrapper {
  int Magic;
  int Version;
  const void *Bundle;
  void *Unused;
};

/// The bundle's real size comes from its header; this only bounds parsing.
constexpr size_t MaxBundleSize = size_t(1) << 40;

thread_local cudaError_t LastError = cudaSuccess;
thread_local std::vector<LaunchConfiguration> LaunchConfigurations;
} // namespace

// The default factory picks the HIP or the host backend from the environment
// and the fat binaries registered so far (BackendSelection.h); acquire()
// calls it with Mutex held, when libcuda's backend is not to be had
// (UseSharedBackend, SharedBackend.h).
Runtime::Runtime()
    : Factory([this] {
        std::vector<const FatBinaryRecord *> Records;
        for (const auto &Entry : FatBinaries)
          Records.push_back(&Entry->Record);
        return createAutomaticBackend(Records);
      }) {}

Runtime &Runtime::instance() {
  static Runtime *TheRuntime = new Runtime();
  return *TheRuntime;
}

void **Runtime::registerFatBinary(const void *Wrapper) {
  auto Entry = std::make_unique<FatBinaryEntry>();
  const auto *CudaWrapper = static_cast<const CudaFatBinaryWrapper *>(Wrapper);
  if (CudaWrapper &&
      (static_cast<unsigned>(CudaWrapper->Magic) ==
           fatbin::CudaFatBinaryWrapperMagic ||
       static_cast<unsigned>(CudaWrapper->Magic) ==
           fatbin::HipFatBinaryWrapperMagic) &&
      CudaWrapper->Bundle) {
    Entry->Record.Bundle = CudaWrapper->Bundle;
    std::vector<fatbin::Entry> Entries;
    size_t TotalSize = 0;
    std::string Error;
    if (fatbin::readBundle(CudaWrapper->Bundle, MaxBundleSize, Entries,
                           &TotalSize, &Error)) {
      Entry->Record.BundleSize = TotalSize;
      std::string ArchList;
      for (const fatbin::Entry &E : Entries)
        if (std::string Arch = fatbin::archOfId(E.Id); !Arch.empty()) {
          ArchList += " " + Arch;
          Entry->Record.Archs.push_back(Arch);
        } else if (E.Id == fatbin::hostCodeObjectId()) { // host target
          ArchList += std::string(" ") + HostArchName;
          Entry->Record.Archs.push_back(HostArchName);
        }
      logMessage("fat binary of %zu bytes with code objects for:%s", TotalSize,
                 ArchList.empty() ? " (none)" : ArchList.c_str());
    } else {
      logMessage("unreadable fat binary: %s", Error.c_str());
    }
  } else {
    logMessage("__cudaRegisterFatBinary: not a fat binary wrapper");
  }
  // libcuda (if already in the process) selects the shared backend with
  // these code objects even when cuInit comes first.
  if (NoteFatBinaryFunction Note = findNoteFatBinary())
    Note(&Entry->Record);
  std::lock_guard<std::mutex> Lock(Mutex);
  FatBinaries.push_back(std::move(Entry));
  return &FatBinaries.back()->HandleSlot;
}

Runtime::FatBinaryEntry *Runtime::entryOf(void **Handle) {
  for (auto &Entry : FatBinaries)
    if (&Entry->HandleSlot == Handle)
      return Entry.get();
  return nullptr;
}

void Runtime::registerFunction(void **Handle, const void *HostStub,
                               const char *DeviceName) {
  std::lock_guard<std::mutex> Lock(Mutex);
  FatBinaryEntry *Entry = entryOf(Handle);
  if (!Entry || !HostStub || !DeviceName)
    return;
  KernelRecord Kernel{HostStub, DeviceName};
  Entry->Record.Kernels.push_back(Kernel);
  Kernels[HostStub] = Kernel;
  // A registration after replay (a library loaded later) is sent when the
  // backend is next acquired.
  Entry->Replayed = false;
}

void Runtime::registerVariable(void **Handle, const void *HostVar,
                               const char *DeviceName, size_t Size,
                               bool Constant, bool External, bool Managed) {
  std::lock_guard<std::mutex> Lock(Mutex);
  FatBinaryEntry *Entry = entryOf(Handle);
  if (!Entry || !HostVar || !DeviceName)
    return;
  VariableRecord Variable{HostVar, DeviceName, Size, Constant, External,
                          Managed};
  Entry->Record.Variables.push_back(Variable);
  Variables[HostVar] = Variable;
  Entry->Replayed = false;
}

void Runtime::unregisterFatBinary(void **Handle) {
  std::lock_guard<std::mutex> Lock(Mutex);
  FatBinaryEntry *Entry = entryOf(Handle);
  if (!Entry)
    return;
  for (const KernelRecord &Kernel : Entry->Record.Kernels)
    Kernels.erase(Kernel.HostStub);
  for (const VariableRecord &Variable : Entry->Record.Variables)
    Variables.erase(Variable.HostVar);
  Entry->Unregistered = true;
}

cudaError_t Runtime::replayPending() {
  cudaError_t Result = cudaSuccess;
  for (auto &Entry : FatBinaries) {
    if (Entry->Replayed || Entry->Unregistered)
      continue;
    Entry->Replayed = true;
    if (cudaError_t Status = ActiveBackend->registerFatBinary(Entry->Record);
        Status != cudaSuccess) {
      logMessage("fat binary registration failed: %s",
                 findError(Status) ? findError(Status)->Name : "?");
      Result = Status;
    }
  }
  return Result;
}

cudaError_t Runtime::acquire(Backend *&Out) {
  if (cudaError_t Status = acquireUngated(Out))
    return Status;
  Out->processGate().pass();
  return cudaSuccess;
}

cudaError_t Runtime::acquireUngated(Backend *&Out) {
  Out = nullptr;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!InitStatus) {
    SharedBackendFunction Shared =
        UseSharedBackend ? findSharedBackend() : nullptr;
    if (Shared) {
      // libcuda's backend: one object model under both APIs.
      std::vector<const FatBinaryRecord *> Records;
      for (const auto &Entry : FatBinaries)
        Records.push_back(&Entry->Record);
      InitStatus = Shared(Records.data(), Records.size(), &ActiveBackend);
    } else {
      OwnedBackend = Factory ? Factory() : nullptr;
      ActiveBackend = OwnedBackend.get();
      InitStatus = ActiveBackend ? ActiveBackend->initialize()
                                 : cudaErrorInsufficientDriver;
    }
    logMessage("%s%s backend: %s", Shared ? "libcuda's " : "",
               ActiveBackend ? ActiveBackend->name() : "no",
               findError(*InitStatus)->Name);
  }
  if (*InitStatus != cudaSuccess)
    return *InitStatus;
  if (cudaError_t Sticky = stickyError())
    return Sticky;
  // A fat binary the GPU runtime refuses only fails its own kernels (they
  // are then unknown to the backend), as with CUDA's lazy module loading.
  replayPending();
  Out = ActiveBackend;
  return cudaSuccess;
}

std::optional<cudaError_t> Runtime::initializationStatus() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return InitStatus;
}

cudaError_t Runtime::record(cudaError_t Status) {
  if (Status == cudaSuccess)
    return Status;
  LastError = Status;
  logApiError(Status);
  if (isStickyError(Status)) {
    std::lock_guard<std::mutex> Lock(Mutex);
    StickyErrors[ActiveBackend ? ActiveBackend->currentContext() : 0] = Status;
  }
  return Status;
}

cudaError_t Runtime::takeLastError() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (cudaError_t Sticky = stickyError())
      return Sticky;
  }
  cudaError_t Status = LastError;
  LastError = cudaSuccess;
  return Status;
}

cudaError_t Runtime::peekLastError() const {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (cudaError_t Sticky = stickyError())
      return Sticky;
  }
  return LastError;
}

cudaError_t Runtime::stickyError() const {
  if (StickyErrors.empty())
    return cudaSuccess;
  auto It = StickyErrors.find(ActiveBackend ? ActiveBackend->currentContext()
                                            : 0);
  return It == StickyErrors.end() ? cudaSuccess : It->second;
}

void Runtime::deviceWasReset() {
  std::lock_guard<std::mutex> Lock(Mutex);
  // The reset replaces the device's primary context (its id is the device).
  int Device = 0;
  if (ActiveBackend && ActiveBackend->getDevice(Device) == cudaSuccess)
    StickyErrors.erase(static_cast<unsigned>(Device));
  else
    StickyErrors.clear();
  PropertiesCache.clear();
  LastError = cudaSuccess;
}

void Runtime::pushConfiguration(const LaunchConfiguration &Configuration) {
  LaunchConfigurations.push_back(Configuration);
}

std::optional<LaunchConfiguration> Runtime::popConfiguration() {
  if (LaunchConfigurations.empty())
    return std::nullopt;
  LaunchConfiguration Top = LaunchConfigurations.back();
  LaunchConfigurations.pop_back();
  return Top;
}

std::optional<KernelRecord> Runtime::findKernel(const void *HostStub) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Kernels.find(HostStub);
  if (It == Kernels.end())
    return std::nullopt;
  return It->second;
}

/// Reads a NUL-terminated string at Address without trusting the address:
/// process_vm_readv reports an unmapped page as an error instead of faulting.
static std::optional<std::string> readStringSafely(const void *Address) {
  char Buffer[256];
  struct iovec Local = {Buffer, sizeof(Buffer) - 1};
  struct iovec Remote = {const_cast<void *>(Address), sizeof(Buffer) - 1};
  ssize_t Read = process_vm_readv(getpid(), &Local, 1, &Remote, 1, 0);
  if (Read <= 0)
    return std::nullopt;
  Buffer[Read] = '\0';
  size_t Length = strnlen(Buffer, size_t(Read));
  if (Length == 0 || Length == size_t(Read))
    return std::nullopt; // empty, or no terminator where it could be read
  return std::string(Buffer, Length);
}

std::optional<VariableRecord> Runtime::findVariable(const void *HostVar) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Variables.find(HostVar);
  if (It != Variables.end())
    return It->second;
  // Host code names a managed variable by the address it reads it at.
  for (const auto &[Key, Record] : Variables)
    if (Record.Managed &&
        __atomic_load_n(static_cast<void *const *>(Key), __ATOMIC_ACQUIRE) ==
            HostVar)
      return Record;
  // CUDA before 5.0 also named symbols by their name as a string
  // (cudaMemcpyToSymbol("c_clusters", ...)); old code still does.
  if (std::optional<std::string> Name = readStringSafely(HostVar))
    for (const auto &[Address, Record] : Variables)
      if (Record.DeviceName == *Name)
        return Record;
  return std::nullopt;
}

cudaError_t Runtime::deviceProperties(Backend &B, int Device,
                                      cudaDeviceProp &Out) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = PropertiesCache.find(Device);
    if (It != PropertiesCache.end()) {
      Out = It->second;
      return cudaSuccess;
    }
  }
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  if (Device < 0 || Device >= Count)
    return cudaErrorInvalidDevice;
  cudaDeviceProp Properties{};
  if (cudaError_t Status = B.getDeviceProperties(Properties, Device))
    return Status;
  std::lock_guard<std::mutex> Lock(Mutex);
  PropertiesCache[Device] = Properties;
  Out = Properties;
  return cudaSuccess;
}

void Runtime::setBackendFactory(BackendFactory NewFactory) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Factory = std::move(NewFactory);
  UseSharedBackend = false;
  ActiveBackend = nullptr;
  OwnedBackend.reset();
  InitStatus.reset();
  StickyErrors.clear();
  PropertiesCache.clear();
  for (auto &Entry : FatBinaries)
    Entry->Replayed = false;
  LastError = cudaSuccess;
  LaunchConfigurations.clear();
}

void Runtime::clearRegistrations() {
  std::lock_guard<std::mutex> Lock(Mutex);
  FatBinaries.clear();
  Kernels.clear();
  Variables.clear();
}

size_t Runtime::registeredFatBinaryCount() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return static_cast<size_t>(
      std::count_if(FatBinaries.begin(), FatBinaries.end(),
                    [](const auto &Entry) { return !Entry->Unregistered; }));
}

} // namespace rubicon::cudart
