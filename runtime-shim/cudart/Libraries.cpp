//===- Libraries.cpp - cudaLibrary*, kernel handles, parameter layouts ----===//
//
// Part of Rubicon. The runtime's libraries and kernel handles are the
// driver's (as NVIDIA's runtime layers them on its driver): every function
// here calls libcuda (found or loaded as for the shared backend,
// SharedBackend.h), so a cudaKernel_t is a CUkernel, valid in both APIs. A
// program's own kernels become driver functions through libcuda's
// __rubicon_kernel_of_stub_v1. Without libcuda these answer
// cudaErrorInsufficientDriver.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"
#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "SharedBackend.h"

#include <dlfcn.h>

using namespace rubicon::cudart;

namespace {

/// A libcuda function by name, or null when libcuda is not in the process
/// and cannot be loaded.
template <class FunctionT> FunctionT driver(const char *Name) {
  findSharedBackend(); // loads libcuda.so.1 when it can
  return reinterpret_cast<FunctionT>(dlsym(RTLD_DEFAULT, Name));
}

/// Driver and runtime error numbers coincide for what these calls return
/// (invalid value, handle, image, PTX, file not found, not found, ...).
cudaError_t toRuntime(CUresult Status) {
  return static_cast<cudaError_t>(Status);
}

/// Calls the driver function Name with Args on the initialized runtime,
/// recording its error.
template <class FunctionT, class... ArgTs>
cudaError_t callDriver(const char *Name, ArgTs... Args) {
  return withBackend([&](Backend &) {
    auto Function = driver<FunctionT>(Name);
    if (!Function)
      return cudaErrorInsufficientDriver;
    return toRuntime(Function(Args...));
  });
}

using KernelOfStub = CUresult (*)(const void *, const char *, CUfunction *);

/// The driver function of a kernel of this program (its host stub).
cudaError_t kernelOfStub(Backend &, const void *Stub, CUfunction &Function) {
  std::optional<KernelRecord> Kernel = runtime().findKernel(Stub);
  if (!Kernel)
    return cudaErrorInvalidDeviceFunction;
  auto Of = driver<KernelOfStub>("__rubicon_kernel_of_stub_v1");
  if (!Of)
    return cudaErrorInsufficientDriver;
  return toRuntime(Of(Stub, Kernel->DeviceName.c_str(), &Function));
}

/// The blocks of a cluster a launch configuration asks for.
cudaError_t clusterBlocks(const cudaLaunchConfig_t *Config, unsigned &Blocks) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return cudaErrorInvalidValue;
  Blocks = 1;
  for (unsigned I = 0; I < Config->numAttrs; ++I)
    if (Config->attrs[I].id == cudaLaunchAttributeClusterDimension) {
      const auto &D = Config->attrs[I].val.clusterDim;
      if (!D.x || !D.y || !D.z)
        return cudaErrorInvalidValue;
      Blocks = D.x * D.y * D.z;
    }
  return cudaSuccess;
}

} // namespace

namespace rubicon::cudart {

std::optional<cudaError_t> launchKernelHandle(const void *Func, dim3 Grid,
                                              dim3 Block, void **Args,
                                              size_t SharedMem,
                                              cudaStream_t Stream,
                                              bool Cooperative) {
  using Launch = CUresult (*)(CUfunction, unsigned, unsigned, unsigned,
                              unsigned, unsigned, unsigned, unsigned, CUstream,
                              void **, void **);
  using LaunchCooperative =
      CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                   unsigned, unsigned, unsigned, CUstream, void **);
  auto F = reinterpret_cast<CUfunction>(const_cast<void *>(Func));
  auto S = reinterpret_cast<CUstream>(Stream);
  CUresult Status;
  if (Cooperative) {
    auto Function = driver<LaunchCooperative>("cuLaunchCooperativeKernel");
    if (!Function)
      return std::nullopt;
    Status = Function(F, Grid.x, Grid.y, Grid.z, Block.x, Block.y, Block.z,
                      unsigned(SharedMem), S, Args);
  } else {
    auto Function = driver<Launch>("cuLaunchKernel");
    if (!Function)
      return std::nullopt;
    Status = Function(F, Grid.x, Grid.y, Grid.z, Block.x, Block.y, Block.z,
                      unsigned(SharedMem), S, Args, nullptr);
  }
  if (Status == CUDA_ERROR_INVALID_HANDLE)
    return std::nullopt; // not a kernel handle either
  return toRuntime(Status);
}

} // namespace rubicon::cudart

extern "C" {

cudaError_t cudaLibraryLoadData(cudaLibrary_t *Library, const void *Code,
                                cudaJitOption *JitOptions,
                                void **JitOptionsValues,
                                unsigned int NumJitOptions,
                                cudaLibraryOption *LibraryOptions,
                                void **LibraryOptionValues,
                                unsigned int NumLibraryOptions) {
  return callDriver<decltype(&cuLibraryLoadData)>(
      "cuLibraryLoadData", reinterpret_cast<CUlibrary *>(Library), Code,
      reinterpret_cast<CUjit_option *>(JitOptions), JitOptionsValues,
      NumJitOptions, reinterpret_cast<CUlibraryOption *>(LibraryOptions),
      LibraryOptionValues, NumLibraryOptions);
}

cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *Library,
                                    const char *FileName,
                                    cudaJitOption *JitOptions,
                                    void **JitOptionsValues,
                                    unsigned int NumJitOptions,
                                    cudaLibraryOption *LibraryOptions,
                                    void **LibraryOptionValues,
                                    unsigned int NumLibraryOptions) {
  return callDriver<decltype(&cuLibraryLoadFromFile)>(
      "cuLibraryLoadFromFile", reinterpret_cast<CUlibrary *>(Library),
      FileName, reinterpret_cast<CUjit_option *>(JitOptions), JitOptionsValues,
      NumJitOptions, reinterpret_cast<CUlibraryOption *>(LibraryOptions),
      LibraryOptionValues, NumLibraryOptions);
}

cudaError_t cudaLibraryUnload(cudaLibrary_t Library) {
  return callDriver<decltype(&cuLibraryUnload)>(
      "cuLibraryUnload", reinterpret_cast<CUlibrary>(Library));
}

cudaError_t cudaLibraryGetKernel(cudaKernel_t *Kernel, cudaLibrary_t Library,
                                 const char *Name) {
  return callDriver<decltype(&cuLibraryGetKernel)>(
      "cuLibraryGetKernel", reinterpret_cast<CUkernel *>(Kernel),
      reinterpret_cast<CUlibrary>(Library), Name);
}

cudaError_t cudaLibraryGetGlobal(void **Address, size_t *Bytes,
                                 cudaLibrary_t Library, const char *Name) {
  if (!Address)
    return fail(cudaErrorInvalidValue);
  CUdeviceptr Pointer = 0;
  cudaError_t Status = callDriver<decltype(&cuLibraryGetGlobal)>(
      "cuLibraryGetGlobal", &Pointer, Bytes,
      reinterpret_cast<CUlibrary>(Library), Name);
  *Address = reinterpret_cast<void *>(static_cast<uintptr_t>(Pointer));
  return Status;
}

cudaError_t cudaLibraryGetManaged(void **Address, size_t *Bytes,
                                  cudaLibrary_t Library, const char *Name) {
  if (!Address)
    return fail(cudaErrorInvalidValue);
  CUdeviceptr Pointer = 0;
  cudaError_t Status = callDriver<decltype(&cuLibraryGetManaged)>(
      "cuLibraryGetManaged", &Pointer, Bytes,
      reinterpret_cast<CUlibrary>(Library), Name);
  *Address = reinterpret_cast<void *>(static_cast<uintptr_t>(Pointer));
  return Status;
}

cudaError_t cudaLibraryGetUnifiedFunction(void **Function,
                                          cudaLibrary_t Library,
                                          const char *Symbol) {
  return callDriver<decltype(&cuLibraryGetUnifiedFunction)>(
      "cuLibraryGetUnifiedFunction", Function,
      reinterpret_cast<CUlibrary>(Library), Symbol);
}

cudaError_t cudaLibraryGetKernelCount(unsigned int *Count,
                                      cudaLibrary_t Library) {
  return callDriver<decltype(&cuLibraryGetKernelCount)>(
      "cuLibraryGetKernelCount", Count, reinterpret_cast<CUlibrary>(Library));
}

cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *Kernels,
                                        unsigned int NumKernels,
                                        cudaLibrary_t Library) {
  return callDriver<decltype(&cuLibraryEnumerateKernels)>(
      "cuLibraryEnumerateKernels", reinterpret_cast<CUkernel *>(Kernels),
      NumKernels, reinterpret_cast<CUlibrary>(Library));
}

cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t Kernel,
                                            cudaFuncAttribute Attribute,
                                            int Value, int Device) {
  // cudaFuncAttribute has CUfunction_attribute's numbers.
  return callDriver<decltype(&cuKernelSetAttribute)>(
      "cuKernelSetAttribute", static_cast<CUfunction_attribute>(Attribute),
      Value, reinterpret_cast<CUkernel>(Kernel), CUdevice(Device));
}

cudaError_t cudaGetKernel(cudaKernel_t *Kernel, const void *EntryFuncAddr) {
  if (!Kernel || !EntryFuncAddr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    CUfunction Function = nullptr;
    cudaError_t Status = kernelOfStub(B, EntryFuncAddr, Function);
    *Kernel = reinterpret_cast<cudaKernel_t>(Function);
    return Status;
  });
}

cudaError_t cudaGetFuncBySymbol(cudaFunction_t *Function,
                                const void *SymbolPtr) {
  if (!Function || !SymbolPtr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    CUfunction F = nullptr;
    cudaError_t Status = kernelOfStub(B, SymbolPtr, F);
    *Function = reinterpret_cast<cudaFunction_t>(F);
    return Status;
  });
}

cudaError_t cudaFuncGetParamInfo(const void *Func, size_t ParamIndex,
                                 size_t *ParamOffset, size_t *ParamSize) {
  if (!ParamOffset && !ParamSize)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (!runtime().findKernel(Func)) {
      // A kernel handle (cudaKernel_t, cudaFunction_t): the driver's.
      auto Info = driver<decltype(&cuFuncGetParamInfo)>("cuFuncGetParamInfo");
      if (!Info)
        return cudaErrorInvalidDeviceFunction;
      CUresult Status =
          Info(reinterpret_cast<CUfunction>(const_cast<void *>(Func)),
               ParamIndex, ParamOffset, ParamSize);
      return Status == CUDA_ERROR_INVALID_HANDLE
                 ? cudaErrorInvalidDeviceFunction
                 : toRuntime(Status);
    }
    std::vector<size_t> Offsets, Sizes;
    if (cudaError_t Status = B.kernelParameterLayout(Func, Offsets, Sizes))
      return Status;
    if (ParamIndex >= Sizes.size())
      return cudaErrorInvalidValue;
    if (ParamOffset)
      *ParamOffset = Offsets[ParamIndex];
    if (ParamSize)
      *ParamSize = Sizes[ParamIndex];
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyMaxPotentialClusterSize(
    int *ClusterSize, const void *Func, const cudaLaunchConfig_t *Config) {
  if (!ClusterSize)
    return fail(cudaErrorInvalidValue);
  unsigned Blocks = 1;
  if (cudaError_t Status = clusterBlocks(Config, Blocks))
    return fail(Status);
  return withBackend([&](Backend &) {
    if (!runtime().findKernel(Func))
      return cudaErrorInvalidDeviceFunction;
    *ClusterSize = 1; // no thread block clusters on AMD GPUs
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyMaxActiveClusters(int *NumClusters, const void *Func,
                                           const cudaLaunchConfig_t *Config) {
  if (!NumClusters)
    return fail(cudaErrorInvalidValue);
  unsigned Blocks = 1;
  if (cudaError_t Status = clusterBlocks(Config, Blocks))
    return fail(Status);
  int PerMultiprocessor = 0;
  if (cudaError_t Status = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &PerMultiprocessor, Func,
          int(Config->blockDim.x * Config->blockDim.y * Config->blockDim.z),
          Config->dynamicSmemBytes))
    return Status;
  // Clusters of more than one block cannot be launched
  // (cudaLaunchKernelExC answers cudaErrorNotSupported): none fits.
  if (Blocks > 1) {
    *NumClusters = 0;
    return cudaSuccess;
  }
  int Device = 0, Multiprocessors = 0;
  if (cudaError_t Status = cudaGetDevice(&Device))
    return Status;
  if (cudaError_t Status = cudaDeviceGetAttribute(
          &Multiprocessors, cudaDevAttrMultiProcessorCount, Device))
    return Status;
  *NumClusters = PerMultiprocessor * Multiprocessors;
  return cudaSuccess;
}

cudaError_t cudaGetExportTable(const void **ExportTable,
                               const cudaUUID_t *TableId) {
  if (!ExportTable || !TableId)
    return fail(cudaErrorInvalidValue);
  // NVIDIA's private interfaces between its own libraries: none here.
  *ExportTable = nullptr;
  return fail(cudaErrorNotSupported);
}

} // extern "C"
