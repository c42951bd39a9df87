//===- HostDevice.cpp - The host device -----------------------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "BackendSelection.h"
#include "HostBackend.h"
#include "Log.h"
#include "TextureLimits.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace rubicon::cudart::host {

size_t physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
  return Pages > 0 && PageSize > 0 ? size_t(Pages) * size_t(PageSize)
                                   : size_t(8) << 30;
}

HostBackend::~HostBackend() {
  // Every queue drains before any goes: one may wait for another's event.
  waitForEveryDevice();
  Queues.clear();
}

/// The number of devices the backend presents: RUBICON_HOST_DEVICES, 1 to
/// MaxHostDevices; 1 when unset or not such a number.
static int hostDeviceCount() {
  const char *Text = std::getenv("RUBICON_HOST_DEVICES");
  if (!Text || !*Text)
    return 1;
  char *End = nullptr;
  long Count = std::strtol(Text, &End, 10);
  if (*End || Count < 1 || Count > MaxHostDevices) {
    logMessage("host backend: RUBICON_HOST_DEVICES=%s is not a number from 1 "
               "to %d; using 1 device",
               Text, MaxHostDevices);
    return 1;
  }
  return static_cast<int>(Count);
}

/// CUDA's current device belongs to the calling host thread.
static thread_local int CurrentDevice = 0;

int HostBackend::currentDevice() { return CurrentDevice; }

cudaError_t HostBackend::initialize() {
  Workers = workerCount();
  DeviceCount = hostDeviceCount();
  Queues.resize(size_t(DeviceCount));
  for (int D = 0; D < MaxHostDevices; ++D) {
    PrimaryContexts[D].Id = unsigned(D);
    PrimaryContexts[D].Device = D;
  }
  logMessage("host backend: %u worker threads per device, %d device%s", Workers,
             DeviceCount, DeviceCount == 1 ? "" : "s");
  return cudaSuccess;
}

// A device's threads are made when it first gets work, so that devices a
// program never uses cost nothing.
DeviceQueue &HostBackend::deviceQueue(int Device) {
  std::lock_guard<std::mutex> Lock(QueuesMutex);
  std::unique_ptr<DeviceQueue> &Slot = Queues[size_t(Device)];
  if (!Slot)
    Slot = std::make_unique<DeviceQueue>(Workers);
  return *Slot;
}

void HostBackend::waitForEveryDevice() {
  std::vector<DeviceQueue *> Made;
  {
    std::lock_guard<std::mutex> Lock(QueuesMutex);
    for (std::unique_ptr<DeviceQueue> &Slot : Queues)
      if (Slot)
        Made.push_back(Slot.get());
  }
  for (DeviceQueue *Q : Made)
    Q->Queue.waitForAll();
}

cudaError_t HostBackend::setDevice(int Device) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  CurrentDevice = Device;
  leaveCreatedContext(); // the device's primary context is current
  return cudaSuccess;
}

cudaError_t HostBackend::getDevice(int &Device) {
  Device = CurrentDevice;
  return cudaSuccess;
}

// Every device is the same memory, so any two distinct devices are peers;
// access still has to be enabled, with CUDA's errors.
cudaError_t HostBackend::deviceCanAccessPeer(int &CanAccess, int Device,
                                             int PeerDevice) {
  if (!validDevice(Device) || !validDevice(PeerDevice))
    return cudaErrorInvalidDevice;
  CanAccess = Device != PeerDevice;
  return cudaSuccess;
}

cudaError_t HostBackend::deviceEnablePeerAccess(int PeerDevice, unsigned) {
  if (!validDevice(PeerDevice) || PeerDevice == CurrentDevice)
    return cudaErrorInvalidDevice;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!PeerAccess.insert({CurrentDevice, PeerDevice}).second)
    return cudaErrorPeerAccessAlreadyEnabled;
  return cudaSuccess;
}

cudaError_t HostBackend::deviceDisablePeerAccess(int PeerDevice) {
  if (!validDevice(PeerDevice) || PeerDevice == CurrentDevice)
    return cudaErrorInvalidDevice;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!PeerAccess.erase({CurrentDevice, PeerDevice}))
    return cudaErrorPeerAccessNotEnabled;
  return cudaSuccess;
}

cudaError_t HostBackend::deviceSynchronize() {
  queueOf(CurrentDevice).waitForAll();
  return deviceError();
}

// Frees what the current device allocated; the other devices' memory and
// peer access stay, and so do the loaded code objects' variables.
cudaError_t HostBackend::deviceReset() {
  queueOf(CurrentDevice).waitForAll();
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto It = Allocations.begin(); It != Allocations.end();) {
    auto &[Address, A] = *It;
    if (A.Device != CurrentDevice || A.Kind == AllocationKind::ModuleGlobal ||
        A.Kind == AllocationKind::ModuleManaged) {
      ++It;
      continue;
    }
    freeDeviceMemory(Address, A);
    It = Allocations.erase(It);
  }
  std::erase_if(PeerAccess, [](const std::pair<int, int> &Pair) {
    return Pair.first == CurrentDevice || Pair.second == CurrentDevice;
  });
  PrimaryContexts[CurrentDevice].Fault = 0;
  return cudaSuccess;
}

cudaError_t HostBackend::getStreamPriorityRange(int &Least, int &Greatest) {
  Least = 0;
  Greatest = -1;
  return cudaSuccess;
}

cudaError_t HostBackend::deviceGetPCIBusId(char *BusId, int Length,
                                           int Device) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  if (!BusId || Length <= 0)
    return cudaErrorInvalidValue;
  // Device N is bus N, as getDeviceProperties says.
  std::snprintf(BusId, size_t(Length), "0000:%02x:00.0", unsigned(Device));
  return cudaSuccess;
}

cudaError_t HostBackend::deviceGetByPCIBusId(int &Device, const char *BusId) {
  unsigned Domain = 0, Bus = 0, Slot = 0, Function = 0;
  char Extra = 0;
  if (!BusId || std::sscanf(BusId, "%x:%x:%x.%x%c", &Domain, &Bus, &Slot,
                            &Function, &Extra) != 4 ||
      Domain != 0 || Slot != 0 || Function != 0 || !validDevice(int(Bus)))
    return cudaErrorInvalidValue;
  Device = int(Bus);
  return cudaSuccess;
}

cudaError_t HostBackend::getDeviceProperties(cudaDeviceProp &Prop, int Device) {
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  Prop = {};
  std::snprintf(Prop.name, sizeof(Prop.name),
                "Rubicon host device (x86-64 CPU, %u worker threads)", Workers);
  std::memcpy(Prop.uuid.bytes, "rubicon-host-cpu", 16);
  Prop.uuid.bytes[15] = static_cast<char>(Prop.uuid.bytes[15] + Device);
  Prop.pciBusID = Device;
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
  Prop.surfaceAlignment = 256;
  Prop.deviceOverlap = 1;
  Prop.multiProcessorCount = static_cast<int>(Workers);
  Prop.cooperativeLaunch = 1;
  Prop.integrated = 1;
  Prop.canMapHostMemory = 1;
  Prop.concurrentKernels = 1;
  Prop.asyncEngineCount = 1;
  Prop.unifiedAddressing = 1;
  Prop.memoryClockRate = 1000000;
  Prop.memoryBusWidth = 64;
  Prop.l2CacheSize = 4 * 1024 * 1024;
  // Persisting L2 lines and access-policy windows are performance hints
  // CUDA allows a device to ignore; the host device takes them and ignores
  // them (docs/host-target.md), with an NVIDIA-like share of its L2.
  Prop.persistingL2CacheMaxSize = Prop.l2CacheSize / 4 * 3;
  Prop.accessPolicyMaxWindowSize = 128 * 1024 * 1024;
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
  // Pools export POSIX file descriptors; events and cudaMalloc memory are
  // shared between processes (HostIpc.cpp).
  Prop.memoryPoolSupportedHandleTypes = cudaMemHandleTypePosixFileDescriptor;
  Prop.ipcEventSupported = 1;
  Prop.singleToDoublePrecisionPerfRatio = 2;
  setTextureLimits(Prop);
  return cudaSuccess;
}

} // namespace rubicon::cudart::host

namespace rubicon::cudart {

std::unique_ptr<Backend> createHostBackend() {
  return std::make_unique<host::HostBackend>();
}

} // namespace rubicon::cudart
