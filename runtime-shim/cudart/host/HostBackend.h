//===- HostBackend.h - The `host` execution target's backend ----*- C++ -*-===//
//
// Part of Rubicon. A Backend (../Backend.h) that runs host code objects
// (nvcc --amdgpu-arch=host) on the CPU: device memory is host memory, streams
// are served in issue order by one executor thread, and kernels run on a pool
// of worker threads with each block's threads as fibers (BlockScheduler.h).
// See docs/host-target.md.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUDART_HOST_HOSTBACKEND_H
#define RUBICON_CUDART_HOST_HOSTBACKEND_H

#include "Backend.h"

#include <memory>
#include <vector>

namespace rubicon::cudart {

/// The host backend. RUBICON_HOST_WORKERS sets the number of worker threads
/// (default: the CPUs the process may use).
std::unique_ptr<Backend> createHostBackend();

/// The backend the runtime uses unless a test installs another:
///   RUBICON_BACKEND=hip or =host forces one;
///   otherwise fat binaries with a host code object and no AMD one run on the
///   host backend; with both, the HIP backend when the machine has an AMD GPU
///   driver (/dev/kfd), else the host backend; without host code objects, HIP.
std::unique_ptr<Backend>
createAutomaticBackend(const std::vector<const FatBinaryRecord *> &FatBinaries);

/// The name FatBinaryRecord::Archs carries for a host code object.
inline constexpr const char HostArchName[] = "host";

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_HOST_HOSTBACKEND_H
