//===- EntryPoints.cpp - cudaGetDriverEntryPoint --------------------------===//
//
// Part of Rubicon. Driver functions by API name: libcudart asks libcuda's
// cuGetProcAddress, loading libcuda.so.1 if it is not in the process yet
// (SharedBackend.h). The functions returned act on the same backend as the
// runtime (docs/runtime-driver-state.md).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"
#include "SharedBackend.h"

#include <dlfcn.h>

using namespace rubicon::cudart;

namespace {

/// libcuda's cuGetProcAddress_v2 (its status is a
/// CUdriverProcAddressQueryResult, numbered as
/// cudaDriverEntryPointQueryResult).
using GetProcAddress = int (*)(const char *, void **, int, unsigned long long,
                               int *);

cudaError_t entryPoint(const char *Symbol, void **Function, unsigned Version,
                       unsigned long long Flags,
                       cudaDriverEntryPointQueryResult *Status) {
  Runtime &R = Runtime::instance();
  if (!Symbol || !Function || Version == 0 ||
      (Flags & ~(unsigned long long)(cudaEnableLegacyStream |
                                     cudaEnablePerThreadDefaultStream)))
    return R.record(cudaErrorInvalidValue);
  *Function = nullptr;
  if (Status)
    *Status = cudaDriverEntryPointSymbolNotFound;
  findSharedBackend(); // loads libcuda.so.1 when it can
  auto Proc = reinterpret_cast<GetProcAddress>(
      dlsym(RTLD_DEFAULT, "cuGetProcAddress_v2"));
  if (!Proc)
    return R.record(cudaErrorInsufficientDriver);
  int Found = 1;
  Proc(Symbol, Function, static_cast<int>(Version), Flags, &Found);
  if (Status)
    *Status = static_cast<cudaDriverEntryPointQueryResult>(Found);
  return cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaGetDriverEntryPoint(const char *Symbol, void **Function,
                                    unsigned long long Flags,
                                    cudaDriverEntryPointQueryResult *Status) {
  return entryPoint(Symbol, Function, CUDART_VERSION, Flags, Status);
}

cudaError_t cudaGetDriverEntryPointByVersion(
    const char *Symbol, void **Function, unsigned int CudaVersion,
    unsigned long long Flags, cudaDriverEntryPointQueryResult *Status) {
  return entryPoint(Symbol, Function, CudaVersion, Flags, Status);
}

} // extern "C"
