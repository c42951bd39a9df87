//===- HostLaunch.cpp - Host backend launches -----------------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include "Log.h"
#include <algorithm>
#include <cstring>

namespace rubicon::cudart::host {

cudaError_t HostBackend::funcGetAttributes(cudaFuncAttributes &Attributes,
                                           const void *HostStub) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Kernels.find(HostStub);
  if (It == Kernels.end())
    return cudaErrorInvalidDeviceFunction;
  Attributes = {};
  Attributes.sharedSizeBytes = It->second.OwnSharedBytes;
  Attributes.maxThreadsPerBlock = 1024;
  Attributes.numRegs = 32;
  // What the code was compiled for (-arch), as CUDA reports it: CUB and
  // Thrust pick their tuning from it, as the kernel did from __CUDA_ARCH__.
  Attributes.ptxVersion = Attributes.binaryVersion = It->second.CudaArch;
  Attributes.maxDynamicSharedSizeBytes =
      static_cast<int>(MaxSharedMemoryPerBlock - It->second.OwnSharedBytes);
  return cudaSuccess;
}

cudaError_t HostBackend::funcSetCacheConfig(const void *HostStub,
                                            cudaFuncCache) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Kernels.count(HostStub) ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

cudaError_t HostBackend::funcSetAttribute(const void *HostStub,
                                          cudaFuncAttribute, int) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Kernels.count(HostStub) ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

cudaError_t HostBackend::occupancyMaxActiveBlocksPerMultiprocessor(
    int &NumBlocks, const void *HostStub, int BlockSize, size_t) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Kernels.count(HostStub))
    return cudaErrorInvalidDeviceFunction;
  NumBlocks = BlockSize > 0 ? std::max(1, 2048 / BlockSize) : 0;
  return cudaSuccess;
}

cudaError_t HostBackend::launch(const void *HostStub, LaunchDims Grid,
                                LaunchDims Block, void **Args, size_t SharedMem,
                                cudaStream_t Stream, bool Cooperative) {
  HostKernel Kernel;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Kernels.find(HostStub);
    if (It == Kernels.end())
      return cudaErrorInvalidDeviceFunction;
    Kernel = It->second;
  }
  // __cluster_dims__ of more than one block: the host device has no
  // clusters, as a cluster launch attribute finds (cudaLaunchKernelEx).
  if (Kernel.ClusterBlocks > 1) {
    logMessage("host backend: the kernel asks for clusters of %llu blocks; "
               "the host device runs clusters of one block",
               Kernel.ClusterBlocks);
    return cudaErrorNotSupported;
  }
  if (Grid.X == 0 || Grid.Y == 0 || Grid.Z == 0 || Block.X == 0 ||
      Block.Y == 0 || Block.Z == 0 ||
      uint64_t(Block.X) * Block.Y * Block.Z > 1024)
    return cudaErrorInvalidConfiguration;
  // CUDA's limit counts the kernel's own variables; the block's buffer also
  // holds those of the code object's other kernels (HostSharedMemory.cpp).
  if (Kernel.OwnSharedBytes + SharedMem > MaxSharedMemoryPerBlock) {
    logMessage("host backend: a launch asks for %zu bytes of shared memory "
               "(%zu static, %zu dynamic); a block has %zu",
               Kernel.OwnSharedBytes + SharedMem,
               size_t(Kernel.OwnSharedBytes), SharedMem,
               MaxSharedMemoryPerBlock);
    return cudaErrorInvalidValue;
  }
  if (!Kernel.ParamSizes.empty() && !Args)
    return cudaErrorInvalidValue;
  if (Cooperative) {
    // Resident blocks: as many as cudaOccupancyMaxActiveBlocksPerMultiprocessor
    // times the multiprocessors (worker threads) promise.
    uint64_t Threads = uint64_t(Block.X) * Block.Y * Block.Z;
    uint64_t Resident =
        uint64_t(Workers) * std::max<uint64_t>(1, 2048 / Threads);
    if (uint64_t(Grid.X) * Grid.Y * Grid.Z > Resident)
      return cudaErrorCooperativeLaunchTooLarge;
  }
  // CUDA copies the arguments at launch: so does this.
  auto Data = std::make_shared<PreparedLaunch>();
  Data->setArguments(Kernel.ParamSizes, Args);
  Data->Cooperative = Cooperative;
  GridLaunch &L = Data->Launch;
  L.Entry = Kernel.Entry;
  L.BlockEntry = Kernel.BlockEntry;
  L.Grid[0] = Grid.X, L.Grid[1] = Grid.Y, L.Grid[2] = Grid.Z;
  L.Block[0] = Block.X, L.Block[1] = Block.Y, L.Block[2] = Block.Z;
  L.SharedBytes = Kernel.StaticSharedBytes + SharedMem;
  if (!isSpecialStream(Stream))
    if (HostStream *S = userStream(Stream))
      L.MaxWorkers = S->MaxWorkers;
  L.Device = deviceOfStream(Stream);
  HostContext *C = contextOfStream(Stream);
  if (L.Device < 0 || !C)
    return cudaErrorInvalidResourceHandle;
  // A fault is the error of the launching stream's context.
  return enqueue(Stream, false, [this, Data, C] {
    if (int F = runLaunch(*Data)) {
      int Expected = 0;
      C->Fault.compare_exchange_strong(Expected, F);
    }
  });
}

cudaError_t HostBackend::kernelParameterSizes(const void *Kernel, bool,
                                              std::vector<size_t> &Sizes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Kernels.find(Kernel);
  if (It == Kernels.end())
    return cudaErrorInvalidDeviceFunction;
  Sizes.assign(It->second.ParamSizes.begin(), It->second.ParamSizes.end());
  return cudaSuccess;
}

cudaError_t HostBackend::kernelFunctionOfStub(void *&Function,
                                              const void *HostStub) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Function = nullptr;
  if (!Kernels.count(HostStub))
    return cudaErrorInvalidDeviceFunction;
  // Kernels of registered fat binaries and of modules share one table.
  Function = const_cast<void *>(HostStub);
  return cudaSuccess;
}

cudaError_t HostBackend::kernelParameterLayout(const void *Kernel,
                                               std::vector<size_t> &Offsets,
                                               std::vector<size_t> &Sizes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Kernels.find(Kernel);
  if (It == Kernels.end())
    return cudaErrorInvalidDeviceFunction;
  Offsets.assign(It->second.ParamOffsets.begin(),
                 It->second.ParamOffsets.end());
  Sizes.assign(It->second.ParamSizes.begin(), It->second.ParamSizes.end());
  return cudaSuccess;
}

cudaError_t HostBackend::moduleLaunchKernel(void *Function, LaunchDims Grid,
                                            LaunchDims Block, void **Args,
                                            const void *ArgBuffer,
                                            size_t ArgBufferSize,
                                            size_t SharedMem,
                                            cudaStream_t Stream) {
  if (!ArgBuffer)
    return launch(Function, Grid, Block, Args, SharedMem, Stream, false);
  std::vector<unsigned long long> Sizes, Offsets;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Kernels.find(Function);
    if (It == Kernels.end())
      return cudaErrorInvalidDeviceFunction;
    Sizes = It->second.ParamSizes;
    Offsets = It->second.ParamOffsets;
  }
  // The buffer holds each parameter at its offset in CUDA's parameter buffer
  // (HostCodeObjects.cpp: the code object's table, or natural alignment
  // guessed from the size).
  std::vector<void *> Pointers;
  for (size_t I = 0; I < Sizes.size(); ++I) {
    if (Offsets[I] + Sizes[I] > ArgBufferSize)
      return cudaErrorInvalidValue;
    Pointers.push_back(const_cast<char *>(
        static_cast<const char *>(ArgBuffer) + Offsets[I]));
  }
  return launch(Function, Grid, Block, Pointers.data(), SharedMem, Stream,
                false);
}

} // namespace rubicon::cudart::host
