//===- Launch.cpp - Occupancy, function names, launch with attributes -----===//
//
// Part of Rubicon. The occupancy calls beyond
// cudaOccupancyMaxActiveBlocksPerMultiprocessor (RuntimeApi.cpp), the name
// of a kernel, and cudaLaunchKernelExC: a launch configuration with
// attributes, served by cudaLaunchKernel or cudaLaunchCooperativeKernel.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

#include <mutex>
#include <set>
#include <string>

using namespace rubicon::cudart;

extern "C" {

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *NumBlocks, const void *Func, int BlockSize, size_t DynamicSMemSize,
    unsigned int Flags) {
  // cudaOccupancyDisableCachingOverride only concerns the L1 carveout of
  // global loads, which no Rubicon device has: the answer is the same.
  if (Flags & ~unsigned(cudaOccupancyDisableCachingOverride))
    return fail(cudaErrorInvalidValue);
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      NumBlocks, Func, BlockSize, DynamicSMemSize);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *DynamicSmemSize,
                                                      const void *Func,
                                                      int NumBlocks,
                                                      int BlockSize) {
  if (!DynamicSmemSize || NumBlocks <= 0 || BlockSize <= 0)
    return fail(cudaErrorInvalidValue);
  cudaFuncAttributes Attributes;
  if (cudaError_t Status = cudaFuncGetAttributes(&Attributes, Func))
    return Status;
  int Device = 0;
  if (cudaError_t Status = cudaGetDevice(&Device))
    return Status;
  cudaDeviceProp Properties;
  if (cudaError_t Status = cudaGetDeviceProperties(&Properties, Device))
    return Status;
  if (BlockSize > Attributes.maxThreadsPerBlock ||
      size_t(NumBlocks) * size_t(BlockSize) >
          size_t(Properties.maxThreadsPerMultiProcessor))
    return fail(cudaErrorInvalidValue);
  // The multiprocessor's shared memory shared among NumBlocks blocks, less
  // each block's static shared memory, within the per-block limit.
  size_t PerBlock = Properties.sharedMemPerMultiprocessor / size_t(NumBlocks);
  size_t Limit = Properties.sharedMemPerBlockOptin
                     ? Properties.sharedMemPerBlockOptin
                     : Properties.sharedMemPerBlock;
  PerBlock = PerBlock < Limit ? PerBlock : Limit;
  *DynamicSmemSize = PerBlock > Attributes.sharedSizeBytes
                         ? PerBlock - Attributes.sharedSizeBytes
                         : 0;
  return cudaSuccess;
}

cudaError_t cudaFuncGetName(const char **Name, const void *Func) {
  if (!Name || !Func)
    return fail(cudaErrorInvalidValue);
  std::optional<KernelRecord> Kernel = runtime().findKernel(Func);
  if (!Kernel)
    return fail(cudaErrorInvalidDeviceFunction);
  // The names live as long as the process (a kernel's record may go with its
  // fat binary).
  static std::mutex Mutex;
  static std::set<std::string> *Names = new std::set<std::string>();
  std::lock_guard<std::mutex> Lock(Mutex);
  *Name = Names->insert(Kernel->DeviceName).first->c_str();
  return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *Func,
                                       cudaSharedMemConfig Config) {
  if (Config < cudaSharedMemBankSizeDefault ||
      Config > cudaSharedMemBankSizeEightByte)
    return fail(cudaErrorInvalidValue);
  // Accepted, as cudaDeviceSetSharedMemConfig: banks are four bytes wide.
  return withBackend([&](Backend &) {
    return runtime().findKernel(Func) ? cudaSuccess
                                      : cudaErrorInvalidDeviceFunction;
  });
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *Config,
                                const void *Func, void **Args) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return fail(cudaErrorInvalidValue);
  bool Cooperative = false;
  for (unsigned I = 0; I < Config->numAttrs; ++I) {
    const cudaLaunchAttribute &A = Config->attrs[I];
    switch (A.id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
      break; // hints: the launch is correct without them
    case cudaLaunchAttributeCooperative:
      Cooperative = A.val.cooperative != 0;
      break;
    case cudaLaunchAttributeClusterDimension:
    case cudaLaunchAttributePreferredClusterDimension:
      // Thread block clusters need distributed shared memory and cluster
      // barriers, which AMD GPUs do not have; a 1x1x1 cluster is a block.
      if (A.val.clusterDim.x * A.val.clusterDim.y * A.val.clusterDim.z > 1)
        return fail(cudaErrorNotSupported);
      break;
    default:
      // Programmatic and launch-completion events order launches inside a
      // stream differently from stream order: not supported.
      return fail(cudaErrorNotSupported);
    }
  }
  return Cooperative
             ? cudaLaunchCooperativeKernel(
                   Func, Config->gridDim, Config->blockDim, Args,
                   Config->dynamicSmemBytes, Config->stream)
             : cudaLaunchKernel(Func, Config->gridDim, Config->blockDim, Args,
                                Config->dynamicSmemBytes, Config->stream);
}

} // extern "C"
