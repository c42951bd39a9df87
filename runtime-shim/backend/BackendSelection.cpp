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
#include <unistd.h>

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
  if (!HasHost)
    return createHipBackend();
  if (!HasAmd)
    return createHostBackend();
  bool HasAmdGpuDriver = access("/dev/kfd", R_OK | W_OK) == 0;
  logMessage("host and AMD code objects; AMD GPU driver %s",
             HasAmdGpuDriver ? "present: HIP backend" : "absent: host backend");
  return HasAmdGpuDriver ? createHipBackend() : createHostBackend();
}

} // namespace rubicon::cudart
