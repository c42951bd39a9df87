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
#include <cstring>
#include <unistd.h>

namespace rubicon::cudart::host {

size_t physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGE_SIZE);
  return Pages > 0 && PageSize > 0 ? size_t(Pages) * size_t(PageSize)
                                   : size_t(8) << 30;
}

HostBackend::~HostBackend() {
  if (Queue)
    Queue->waitForAll();
  Queue.reset();
  Pool.reset();
}

cudaError_t HostBackend::initialize() {
  Pool = std::make_unique<WorkerPool>(workerCount());
  Queue = std::make_unique<WorkQueue>();
  logMessage("host backend: %u worker threads", Pool->size());
  return cudaSuccess;
}

cudaError_t HostBackend::deviceSynchronize() {
  Queue->waitForAll();
  return deviceError();
}

cudaError_t HostBackend::deviceReset() {
  Queue->waitForAll();
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto &[Address, A] : Allocations)
    if (A.Kind == AllocationKind::External)
      unmapExternalBuffer(Address, A.Size);
    else if (A.Kind != AllocationKind::Registered &&
             A.Kind != AllocationKind::Mapped)
      std::free(reinterpret_cast<void *>(Address));
  Allocations.clear();
  Fault = 0;
  return cudaSuccess;
}

cudaError_t HostBackend::getStreamPriorityRange(int &Least, int &Greatest) {
  Least = 0;
  Greatest = -1;
  return cudaSuccess;
}

cudaError_t HostBackend::deviceGetPCIBusId(char *BusId, int Length,
                                           int Device) {
  if (Device != 0)
    return cudaErrorInvalidDevice;
  if (!BusId || Length <= 0)
    return cudaErrorInvalidValue;
  std::snprintf(BusId, size_t(Length), "0000:00:00.0");
  return cudaSuccess;
}

cudaError_t HostBackend::deviceGetByPCIBusId(int &Device, const char *BusId) {
  if (!BusId || std::strcmp(BusId, "0000:00:00.0") != 0)
    return cudaErrorInvalidValue;
  Device = 0;
  return cudaSuccess;
}

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
  Prop.surfaceAlignment = 256;
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
  setTextureLimits(Prop);
  return cudaSuccess;
}

} // namespace rubicon::cudart::host

namespace rubicon::cudart {

std::unique_ptr<Backend> createHostBackend() {
  return std::make_unique<host::HostBackend>();
}

} // namespace rubicon::cudart
