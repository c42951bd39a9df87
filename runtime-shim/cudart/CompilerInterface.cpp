//===- CompilerInterface.cpp - Calls emitted by the CUDA compiler ---------===//
//
// Part of Rubicon. clang's CUDA host code registers each translation unit's
// fat binary, kernels and device variables from a constructor, and lowers
// k<<<g, b, s, q>>>(...) to __cudaPushCallConfiguration followed by the
// kernel's host stub, which pops the configuration and calls
// cudaLaunchKernel (or, when clang does not know the CUDA version, calls
// cudaConfigureCall, cudaSetupArgument per argument and cudaLaunch).
// Registration is only recorded here; the GPU runtime sees
// it at first use (Runtime::acquire).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"

#include <cstring>
#include <vector>

using namespace rubicon::cudart;

namespace {
/// Arguments given by cudaSetupArgument for the next cudaLaunch.
struct LegacyArguments {
  std::vector<char> Bytes;
  std::vector<size_t> Offsets;
};
thread_local LegacyArguments PendingArguments;
} // namespace

extern "C" {

void **__cudaRegisterFatBinary(void *FatCubin) {
  return Runtime::instance().registerFatBinary(FatCubin);
}

void __cudaRegisterFatBinaryEnd(void **) {
  // Nothing to do: the fat binary is complete and is sent to the GPU
  // runtime at first use.
}

void __cudaUnregisterFatBinary(void **FatCubinHandle) {
  Runtime::instance().unregisterFatBinary(FatCubinHandle);
}

void __cudaRegisterFunction(void **FatCubinHandle, const char *HostFun, char *,
                            const char *DeviceName, int, uint3 *, uint3 *,
                            dim3 *, dim3 *, int *) {
  Runtime::instance().registerFunction(FatCubinHandle, HostFun, DeviceName);
}

void __cudaRegisterVar(void **FatCubinHandle, char *HostVar, char *,
                       const char *DeviceName, int External, size_t Size,
                       int Constant, int) {
  Runtime::instance().registerVariable(FatCubinHandle, HostVar, DeviceName,
                                       Size, Constant != 0, External != 0);
}

void __cudaRegisterManagedVar(void **FatCubinHandle, void **HostVarPtrAddress,
                              char *, const char *DeviceName, int External,
                              size_t Size, int Constant, int) {
  // The backend points *HostVarPtrAddress at the variable when it loads the
  // code object (the host target); host code reads it through
  // __cudaManagedVarAddress.
  Runtime::instance().registerVariable(FatCubinHandle, HostVarPtrAddress,
                                       DeviceName, Size, Constant != 0,
                                       External != 0, /*Managed=*/true);
}

void *__cudaManagedVarAddress(void **HostVarPtrAddress, void *HostShadow) {
  if (void *Address = __atomic_load_n(HostVarPtrAddress, __ATOMIC_ACQUIRE))
    return Address;
  // The first access: load the code objects, which sets the pointer where
  // the backend has the variable in memory the host can reach.
  rubicon::cudart::Backend *B = nullptr;
  (void)Runtime::instance().acquire(B);
  // Elsewhere (AMD GPUs; no device) the host keeps its own copy.
  void *Expected = nullptr;
  __atomic_compare_exchange_n(HostVarPtrAddress, &Expected, HostShadow, false,
                              __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  return __atomic_load_n(HostVarPtrAddress, __ATOMIC_ACQUIRE);
}

unsigned __cudaPushCallConfiguration(dim3 GridDim, dim3 BlockDim,
                                     size_t SharedMem, void *Stream) {
  Runtime::instance().pushConfiguration({{GridDim.x, GridDim.y, GridDim.z},
                                         {BlockDim.x, BlockDim.y, BlockDim.z},
                                         SharedMem,
                                         static_cast<cudaStream_t>(Stream)});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *GridDim, dim3 *BlockDim,
                                       size_t *SharedMem, void *Stream) {
  std::optional<LaunchConfiguration> Top =
      Runtime::instance().popConfiguration();
  if (!Top)
    return Runtime::instance().record(cudaErrorMissingConfiguration);
  if (GridDim)
    *GridDim = dim3(Top->Grid.X, Top->Grid.Y, Top->Grid.Z);
  if (BlockDim)
    *BlockDim = dim3(Top->Block.X, Top->Block.Y, Top->Block.Z);
  if (SharedMem)
    *SharedMem = Top->SharedMem;
  if (Stream)
    *static_cast<cudaStream_t *>(Stream) = Top->Stream;
  return cudaSuccess;
}

cudaError_t cudaConfigureCall(dim3 GridDim, dim3 BlockDim, size_t SharedMem,
                              cudaStream_t Stream) {
  __cudaPushCallConfiguration(GridDim, BlockDim, SharedMem, Stream);
  PendingArguments = LegacyArguments{};
  return cudaSuccess;
}

cudaError_t cudaSetupArgument(const void *Arg, size_t Size, size_t Offset) {
  if (!Arg && Size)
    return Runtime::instance().record(cudaErrorInvalidValue);
  std::vector<char> &Bytes = PendingArguments.Bytes;
  if (Bytes.size() < Offset + Size)
    Bytes.resize(Offset + Size);
  if (Size)
    std::memcpy(Bytes.data() + Offset, Arg, Size);
  PendingArguments.Offsets.push_back(Offset);
  return cudaSuccess;
}

cudaError_t cudaLaunch(const void *Func) {
  dim3 Grid, Block;
  size_t SharedMem = 0;
  cudaStream_t Stream = nullptr;
  if (cudaError_t Status =
          __cudaPopCallConfiguration(&Grid, &Block, &SharedMem, &Stream))
    return Status;
  LegacyArguments Arguments = std::move(PendingArguments);
  PendingArguments = LegacyArguments{};
  std::vector<void *> Pointers;
  for (size_t Offset : Arguments.Offsets)
    Pointers.push_back(Arguments.Bytes.data() + Offset);
  return cudaLaunchKernel(Func, Grid, Block,
                          Pointers.empty() ? nullptr : Pointers.data(),
                          SharedMem, Stream);
}

} // extern "C"
