//===- LegacyLaunch.cpp - The legacy launch API, clusters, bank sizes -----===//
//
// Part of Rubicon. The launch API of CUDA's first releases, deprecated but
// still exported by CUDA 13.0: a function's block shape, shared memory and
// parameter buffer are set one call at a time (cuFuncSetBlockShape,
// cuFuncSetSharedSize, cuParamSet*), then cuLaunch/cuLaunchGrid launch it as
// cuLaunchKernel does with the `extra` buffer. Also cluster occupancy (AMD
// GPUs have no thread block clusters: a cluster is one block), shared memory
// bank sizes (LDS banks are four bytes) and the multi-device cooperative
// launch (not supported).
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"

#include <cstring>
#include <mutex>
#include <vector>

using namespace rubicon::cudart;
using namespace rubicon::driver;

namespace {

/// Runs Change on the legacy launch state of a checked function handle.
template <class ChangeT>
CUresult changeLegacy(CUfunction Function, ChangeT &&Change) {
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  ModuleTable &Table = ModuleTable::instance();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  DriverFunction *F = findFunction(Table, Function);
  if (!F)
    return CUDA_ERROR_INVALID_HANDLE;
  return Change(F->Legacy);
}

/// Writes Bytes bytes at Offset of the parameter buffer, which must hold
/// them (cuParamSetSize sets its size).
CUresult setParam(CUfunction Function, int Offset, const void *Data,
                  unsigned Bytes) {
  return changeLegacy(Function, [&](LegacyLaunchState &L) {
    if (Offset < 0 || !Data || size_t(Offset) + Bytes > L.Params.size())
      return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(L.Params.data() + Offset, Data, Bytes);
    return CUDA_SUCCESS;
  });
}

CUresult launchGrid(CUfunction Function, int Width, int Height,
                    CUstream Stream) {
  if (Width <= 0 || Height <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  LegacyLaunchState State;
  if (CUresult Status = changeLegacy(Function, [&](LegacyLaunchState &L) {
        State = L;
        return CUDA_SUCCESS;
      }))
    return Status;
  size_t Size = State.Params.size();
  void *Extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, State.Params.data(),
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &Size, CU_LAUNCH_PARAM_END};
  return cuLaunchKernel(Function, unsigned(Width), unsigned(Height), 1,
                        State.Block[0], State.Block[1], State.Block[2],
                        State.SharedBytes, Stream, nullptr, Extra);
}

/// The cluster dimensions a launch configuration asks for (1x1x1 unless an
/// attribute says otherwise).
CUresult clusterBlocks(const CUlaunchConfig *Config, unsigned &Blocks) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  Blocks = 1;
  for (unsigned I = 0; I < Config->numAttrs; ++I)
    if (Config->attrs[I].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      const auto &D = Config->attrs[I].value.clusterDim;
      if (!D.x || !D.y || !D.z)
        return CUDA_ERROR_INVALID_VALUE;
      Blocks = D.x * D.y * D.z;
    }
  return CUDA_SUCCESS;
}

} // namespace

extern "C" {

CUresult cuFuncSetBlockShape(CUfunction Function, int X, int Y, int Z) {
  if (X <= 0 || Y <= 0 || Z <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  return changeLegacy(Function, [&](LegacyLaunchState &L) {
    L.Block[0] = unsigned(X), L.Block[1] = unsigned(Y), L.Block[2] = unsigned(Z);
    return CUDA_SUCCESS;
  });
}

CUresult cuFuncSetSharedSize(CUfunction Function, unsigned int Bytes) {
  return changeLegacy(Function, [&](LegacyLaunchState &L) {
    L.SharedBytes = Bytes;
    return CUDA_SUCCESS;
  });
}

CUresult cuParamSetSize(CUfunction Function, unsigned int NumBytes) {
  return changeLegacy(Function, [&](LegacyLaunchState &L) {
    L.Params.resize(NumBytes);
    return CUDA_SUCCESS;
  });
}

CUresult cuParamSeti(CUfunction Function, int Offset, unsigned int Value) {
  return setParam(Function, Offset, &Value, sizeof(Value));
}

CUresult cuParamSetf(CUfunction Function, int Offset, float Value) {
  return setParam(Function, Offset, &Value, sizeof(Value));
}

CUresult cuParamSetv(CUfunction Function, int Offset, void *Data,
                     unsigned int NumBytes) {
  return setParam(Function, Offset, Data, NumBytes);
}

CUresult cuLaunch(CUfunction Function) {
  return launchGrid(Function, 1, 1, nullptr);
}

CUresult cuLaunchGrid(CUfunction Function, int GridWidth, int GridHeight) {
  return launchGrid(Function, GridWidth, GridHeight, nullptr);
}

CUresult cuLaunchGridAsync(CUfunction Function, int GridWidth, int GridHeight,
                           CUstream Stream) {
  return launchGrid(Function, GridWidth, GridHeight, Stream);
}

CUresult cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *Params,
                                              unsigned int NumDevices,
                                              unsigned int Flags) {
  if (!Params || !NumDevices ||
      (Flags & ~unsigned(CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC |
                         CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC)))
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  // Deprecated in CUDA 11.3; Rubicon has no grid barrier across devices.
  return CUDA_ERROR_NOT_SUPPORTED;
}

//===-- Clusters ----------------------------------------------------------===//

CUresult cuOccupancyMaxPotentialClusterSize(int *ClusterSize,
                                            CUfunction Function,
                                            const CUlaunchConfig *Config) {
  if (!ClusterSize)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned Blocks = 1;
  if (CUresult Status = clusterBlocks(Config, Blocks))
    return Status;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  if (!backendFunction(Function))
    return CUDA_ERROR_INVALID_HANDLE;
  *ClusterSize = 1; // no clusters on AMD GPUs: one block
  return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxActiveClusters(int *NumClusters, CUfunction Function,
                                      const CUlaunchConfig *Config) {
  if (!NumClusters)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned Blocks = 1;
  if (CUresult Status = clusterBlocks(Config, Blocks))
    return Status;
  int BlockSize =
      int(Config->blockDimX * Config->blockDimY * Config->blockDimZ);
  int PerMultiprocessor = 0;
  if (CUresult Status = cuOccupancyMaxActiveBlocksPerMultiprocessor(
          &PerMultiprocessor, Function, BlockSize, Config->sharedMemBytes))
    return Status;
  // Clusters of more than one block cannot be launched (cuLaunchKernelEx
  // answers CUDA_ERROR_NOT_SUPPORTED): none fits.
  if (Blocks > 1) {
    *NumClusters = 0;
    return CUDA_SUCCESS;
  }
  CUdevice Device = 0;
  int Multiprocessors = 0;
  if (CUresult Status = cuCtxGetDevice(&Device))
    return Status;
  if (CUresult Status = cuDeviceGetAttribute(
          &Multiprocessors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device))
    return Status;
  *NumClusters = PerMultiprocessor * Multiprocessors;
  return CUDA_SUCCESS;
}

//===-- Shared memory bank sizes ------------------------------------------===//

CUresult cuFuncSetSharedMemConfig(CUfunction Function, CUsharedconfig Config) {
  if (Config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
      Config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  // Accepted, as CUDA's devices since Volta do: the bank size is fixed.
  return changeLegacy(Function, [](LegacyLaunchState &) {
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetSharedMemConfig(CUsharedconfig *Config) {
  if (!Config)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  *Config = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE; // LDS banks
  return CUDA_SUCCESS;
}

CUresult cuCtxSetSharedMemConfig(CUsharedconfig Config) {
  if (Config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
      Config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
    return CUDA_ERROR_INVALID_VALUE;
  Backend *B = nullptr;
  return acquireBackend(B); // accepted; the bank size stays four bytes
}

} // extern "C"
