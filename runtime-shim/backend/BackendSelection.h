//===- BackendSelection.h - Which backend a process runs on -----*- C++ -*-===//
//
// Part of Rubicon. The backends there are and the one rule that picks among
// them, used by both libcudart and libcuda.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_BACKENDSELECTION_H
#define RUBICON_BACKEND_BACKENDSELECTION_H

#include "Backend.h"
#include "rubicon/HostABI.h"

#include <memory>
#include <vector>

namespace rubicon::cudart {

/// The HIP backend: loads libamdhip64 with dlopen at initialize().
std::unique_ptr<Backend> createHipBackend();

/// The host backend: runs host code objects on the CPU (host/HostBackend.h).
/// RUBICON_HOST_WORKERS sets the number of worker threads (default: the CPUs
/// the process may use).
std::unique_ptr<Backend> createHostBackend();

/// The backend a process runs on unless a test installs another:
///   RUBICON_BACKEND=hip or =host forces one (another value is ignored, and
///   logged);
///   otherwise fat binaries with a host code object and no AMD one run on the
///   host backend, with an AMD one and no host one on HIP; with both, or with
///   none (a program without kernels, a driver-API program loading modules),
///   the HIP backend when it initializes (libamdhip64 loads and reports a
///   device), else the host backend. The HIP backend returned then has been
///   initialized once already; initializing it again is harmless.
std::unique_ptr<Backend>
createAutomaticBackend(const std::vector<const FatBinaryRecord *> &FatBinaries);

/// The name FatBinaryRecord::Archs carries for a host code object: the host
/// target's name (abi/include/rubicon/HostABI.h), spelled once.
inline constexpr auto &HostArchName = host::TargetName;

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_BACKENDSELECTION_H
