//===- BackendSelection.cpp - Which backend the runtime starts ------------===//
//
// Part of Rubicon. createAutomaticBackend: see BackendSelection.h.
//
//===----------------------------------------------------------------------===//
#include "BackendSelection.h"
#include "Log.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace rubicon::cudart {

std::unique_ptr<Backend> createAutomaticBackend(
    const std::vector<const FatBinaryRecord *> &FatBinaries) {
  if (const char *Forced = std::getenv("RUBICON_BACKEND"); Forced && *Forced) {
    if (std::strcmp(Forced, "host") == 0)
      return createHostBackend();
    if (std::strcmp(Forced, "hip") == 0)
      return createHipBackend();
    logMessage("RUBICON_BACKEND=%s is neither 'hip' nor 'host': ignored",
               Forced);
  }
  bool HasHost = false, HasAmd = false;
  for (const FatBinaryRecord *Record : FatBinaries)
    for (const std::string &Arch : Record->Archs)
      (Arch == HostArchName ? HasHost : HasAmd) = true;
  if (HasAmd && !HasHost)
    return createHipBackend();
  if (HasHost && !HasAmd)
    return createHostBackend();
  // Host and AMD code objects, or none (a program without kernels, or a
  // driver-API program loading its modules later): HIP when it has a device,
  // else the host backend, which runs everything such a program can do.
  std::unique_ptr<Backend> Hip = createHipBackend();
  cudaError_t HipStatus = Hip->initialize();
  logMessage("%s; HIP %s",
             HasHost ? "host and AMD code objects" : "no code objects",
             HipStatus == cudaSuccess ? "has a device: HIP backend"
                                      : "unusable: host backend");
  if (HipStatus == cudaSuccess)
    return Hip;
  return createHostBackend();
}

} // namespace rubicon::cudart
