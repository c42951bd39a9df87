//===- DeviceExtras.cpp - Device initialization, flushes, profiler --------===//
//
// Part of Rubicon. cudaInitDevice and cudaSetValidDevices; the flush of
// GPUDirect RDMA writes and the reset of persisting L2 lines, which need no
// work on devices without those features (the calls are ordered like CUDA's
// and report the same errors); cudaProfilerStart/Stop, which control no
// profiler (none is attached to Rubicon: rocprof collects without being
// told) and report success as CUDA does then.
//
//===----------------------------------------------------------------------===//

#include "cuda_profiler_api.h"
#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

using namespace rubicon::cudart;

namespace {

cudaError_t checkDevice(Backend &B, int Device) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

} // namespace

extern "C" {

cudaError_t cudaInitDevice(int Device, unsigned int DeviceFlags,
                           unsigned int Flags) {
  // Flags: cudaInitDeviceFlagsAreValid (1) means DeviceFlags apply.
  if (Flags & ~1u)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    if (!(Flags & 1u))
      return cudaSuccess;
    int Current = 0;
    if (cudaError_t Status = B.getDevice(Current))
      return Status;
    if (cudaError_t Status = B.setDevice(Device))
      return Status;
    cudaError_t Status = B.setDeviceFlags(DeviceFlags);
    B.setDevice(Current);
    return Status;
  });
}

cudaError_t cudaSetValidDevices(int *Devices, int Length) {
  if (Length < 0 || (Length > 0 && !Devices))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    for (int I = 0; I < Length; ++I)
      if (cudaError_t Status = checkDevice(B, Devices[I]))
        return Status;
    // Rubicon's devices are never exclusive or prohibited: the first valid
    // device is the one a context would be created on.
    return Length > 0 ? B.setDevice(Devices[0]) : cudaSuccess;
  });
}

cudaError_t
cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTarget Target,
                                   cudaFlushGPUDirectRDMAWritesScope Scope) {
  if (Target != cudaFlushGPUDirectRDMAWritesTargetCurrentDevice ||
      (Scope != cudaFlushGPUDirectRDMAWritesToOwner &&
       Scope != cudaFlushGPUDirectRDMAWritesToAllDevices))
    return fail(cudaErrorInvalidValue);
  // No third-party device writes to Rubicon's devices: nothing is pending.
  return withBackend([](Backend &) { return cudaSuccess; });
}

cudaError_t cudaCtxResetPersistingL2Cache(void) {
  // No line is ever made persisting (access-policy windows are hints).
  return withBackend([](Backend &) { return cudaSuccess; });
}

cudaError_t cudaProfilerStart(void) {
  return withBackend([](Backend &) { return cudaSuccess; });
}

cudaError_t cudaProfilerStop(void) {
  return withBackend([](Backend &) { return cudaSuccess; });
}

} // extern "C"
