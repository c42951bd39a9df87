//===- EntryPoints.cpp - cuGetProcAddress ---------------------------------===//
//
// Part of Rubicon. The address of a driver function by its API name, as CCCL
// and other libraries find driver functions (and as libcudart's
// cudaGetDriverEntryPoint does, through this). CUDA maps an API name to the
// ABI version the caller's CUDA version expects (cuMemAlloc to
// cuMemAlloc_v2, ...); libcuda exports every version it has with the newest
// behaviour, so the newest _vN exported is returned.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include <dlfcn.h>
#include <string>

namespace {

/// libcuda itself, for dlsym (found by one of its own functions).
void *selfHandle() {
  static void *Self = [] {
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&cuGetProcAddress_v2), &Info) ||
        !Info.dli_fname)
      return static_cast<void *>(nullptr);
    return dlopen(Info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
  }();
  return Self;
}

/// Versions whose signature differs from the one before, and the CUDA
/// version whose headers first name them by default: a caller built against
/// an older CUDA gets the older version.
struct VersionIntroduced {
  const char *Name;
  int Version;
  int Since;
};
constexpr VersionIntroduced SignatureChanges[] = {
    {"cuCtxCreate", 4, 12050},
    {"cuStreamGetCaptureInfo", 3, 12030},
    {"cuStreamGetCaptureInfo", 2, 11030},
    {"cuStreamUpdateCaptureDependencies", 2, 12030},
    {"cuGraphAddNode", 2, 12030},
    {"cuGraphGetEdges", 2, 12030},
    {"cuGraphNodeGetDependencies", 2, 12030},
    {"cuGraphNodeGetDependentNodes", 2, 12030},
    {"cuGraphAddDependencies", 2, 12030},
    {"cuGraphRemoveDependencies", 2, 12030},
    {"cuStreamGetCtx", 2, 12050},
    {"cuMemcpyBatchAsync", 2, 13000},
    {"cuMemAdvise", 2, 13000},
    {"cuMemPrefetchAsync", 2, 13000},
};

bool tooNewFor(const std::string &Base, int Version, int CudaVersion) {
  for (const VersionIntroduced &Change : SignatureChanges)
    if (Base == Change.Name && Version == Change.Version)
      return Change.Since > CudaVersion;
  return false;
}

/// The newest exported version of the API function Name that a caller built
/// against CudaVersion expects, or null. Only driver API names (cu*) are
/// looked up.
void *findDriverFunction(const std::string &Name, int CudaVersion,
                         cuuint64_t Flags) {
  void *Self = selfHandle();
  if (!Self || Name.size() < 3 || Name.compare(0, 2, "cu") != 0)
    return nullptr;
  std::string Base = Name;
  // The per-thread default stream variants, where a function has one.
  if (Flags & CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)
    for (const char *Suffix : {"_ptsz", "_ptds"})
      for (int Version = 4; Version >= 1; --Version) {
        if (tooNewFor(Base, Version, CudaVersion))
          continue;
        std::string Candidate =
            Base + (Version > 1 ? "_v" + std::to_string(Version) : "") + Suffix;
        if (void *F = dlsym(Self, Candidate.c_str()))
          return F;
      }
  for (int Version = 4; Version >= 2; --Version)
    if (tooNewFor(Base, Version, CudaVersion))
      continue;
    else if (void *F = dlsym(Self, (Base + "_v" + std::to_string(Version)).c_str()))
      return F;
  return dlsym(Self, Base.c_str());
}

} // namespace

extern "C" {

CUresult cuGetProcAddress_v2(const char *Symbol, void **Function,
                             int CudaVersion, cuuint64_t Flags,
                             CUdriverProcAddressQueryResult *Status) {
  if (!Symbol || !Function || CudaVersion <= 0 ||
      (Flags & ~cuuint64_t(CU_GET_PROC_ADDRESS_LEGACY_STREAM |
                           CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)))
    return CUDA_ERROR_INVALID_VALUE;
  *Function = findDriverFunction(Symbol, CudaVersion, Flags);
  if (Status)
    *Status = *Function ? CU_GET_PROC_ADDRESS_SUCCESS
                        : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return *Function ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

// CUDA 11.3's form, without the status (cuda.h names the _v2 one).
#undef cuGetProcAddress
CUresult cuGetProcAddress(const char *Symbol, void **Function, int CudaVersion,
                          cuuint64_t Flags) {
  return cuGetProcAddress_v2(Symbol, Function, CudaVersion, Flags, nullptr);
}

} // extern "C"
