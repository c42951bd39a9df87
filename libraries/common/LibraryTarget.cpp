//===- LibraryTarget.cpp - Which backend a CUDA library runs on -----------===//
//
// Part of Rubicon. See LibraryTarget.h.
//
//===----------------------------------------------------------------------===//
#include "LibraryTarget.h"

#include "cuda_runtime_api.h"

#include <cstdlib>
#include <cstring>

namespace rubicon::libraries {

namespace {
LibraryTarget detectTarget() {
  if (const char *Forced = std::getenv("RUBICON_BACKEND")) {
    if (std::strcmp(Forced, "host") == 0)
      return LibraryTarget::Host;
    if (std::strcmp(Forced, "hip") == 0)
      return LibraryTarget::Rocm;
  }
  int Device = 0;
  if (cudaGetDevice(&Device) != cudaSuccess)
    Device = 0;
  cudaDeviceProp Prop;
  if (cudaGetDeviceProperties(&Prop, Device) != cudaSuccess)
    return LibraryTarget::Rocm;
  static const char HostUuid[16] = {'r', 'u', 'b', 'i', 'c', 'o', 'n', '-',
                                    'h', 'o', 's', 't', '-', 'c', 'p', 'u'};
  return std::memcmp(Prop.uuid.bytes, HostUuid, 16) == 0 ? LibraryTarget::Host
                                                         : LibraryTarget::Rocm;
}
} // namespace

LibraryTarget currentTarget() {
  static const LibraryTarget Target = detectTarget();
  return Target;
}

const char *targetName(LibraryTarget Target) {
  return Target == LibraryTarget::Host ? "host" : "rocm";
}

} // namespace rubicon::libraries
