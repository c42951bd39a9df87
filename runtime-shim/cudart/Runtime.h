//===- Runtime.h - State of the CUDA runtime --------------------*- C++ -*-===//
//
// Part of Rubicon. The process-wide state behind libcudart's C API:
//  - registration tables, filled by the compiler-generated constructors
//    (__cudaRegisterFatBinary/Function/Var) without touching the GPU runtime;
//  - the backend, created and initialized at first use, which then receives
//    every recorded fat binary (replay), and later ones as they come;
//  - CUDA's error state: the per-thread last error and each context's
//    sticky error (the backend's current context, Backend.h);
//  - the per-thread stack of <<<...>>> launch configurations.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDART_RUNTIME_H
#define RUBICON_CUDART_RUNTIME_H

#include "Backend.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace rubicon::cudart {

/// One <<<grid, block, sharedMem, stream>>>.
struct LaunchConfiguration {
  LaunchDims Grid;
  LaunchDims Block;
  size_t SharedMem = 0;
  cudaStream_t Stream = nullptr;
};

/// Adds an error to the runtime's log (Logs.cpp: cudaLogs*).
void logApiError(cudaError_t Status);

class Runtime {
public:
  using BackendFactory = std::function<std::unique_ptr<Backend>()>;

  /// The process's runtime (never destroyed: registration calls come from
  /// static constructors and destructors in any order).
  static Runtime &instance();

  //--- Compiler interface: recording only, no backend call. ---------------
  /// Records the fat binary behind a clang CUDA wrapper {magic, version,
  /// bundle, unused}; returns its handle.
  void **registerFatBinary(const void *Wrapper);
  void registerFunction(void **Handle, const void *HostStub,
                        const char *DeviceName);
  /// A managed variable's HostVar is the pointer host code reads it
  /// through (__cudaRegisterManagedVar).
  void registerVariable(void **Handle, const void *HostVar,
                        const char *DeviceName, size_t Size, bool Constant,
                        bool External, bool Managed = false);
  void unregisterFatBinary(void **Handle);

  //--- Backend. ------------------------------------------------------------
  /// The initialized backend with every registration replayed, or the error
  /// that keeps it from being used: the initialization failure (every call
  /// gets it again) or a sticky error.
  /// Then waits while a checkpoint locks the process (ProcessGate.h).
  cudaError_t acquire(Backend *&Out);
  /// How initialization went; std::nullopt before the first acquire().
  std::optional<cudaError_t> initializationStatus() const;

  //--- Errors. -------------------------------------------------------------
  /// Notes Status as the calling thread's last error (if it is one) and as
  /// the sticky error (if it is sticky); returns Status.
  cudaError_t record(cudaError_t Status);
  /// cudaGetLastError: returns and clears the last error (a sticky error is
  /// returned and stays).
  cudaError_t takeLastError();
  /// cudaPeekAtLastError: returns the last error without clearing it.
  cudaError_t peekLastError() const;
  /// After cudaDeviceReset: forgets the sticky error of the current device's
  /// primary context, and cached properties.
  void deviceWasReset();

  //--- Launch configuration (per thread). ---------------------------------
  void pushConfiguration(const LaunchConfiguration &Configuration);
  std::optional<LaunchConfiguration> popConfiguration();

  //--- Lookups. ------------------------------------------------------------
  std::optional<KernelRecord> findKernel(const void *HostStub) const;
  std::optional<VariableRecord> findVariable(const void *HostVar) const;
  /// Properties of Device, read from the backend once.
  cudaError_t deviceProperties(Backend &B, int Device, cudaDeviceProp &Out);

  //--- Testing. ------------------------------------------------------------
  /// Replaces the backend factory and drops the current backend: the next
  /// acquire() initializes a new backend and replays every registration.
  /// Also clears the error state.
  void setBackendFactory(BackendFactory Factory);
  /// Forgets every registration (fat binaries, kernels, variables).
  void clearRegistrations();
  size_t registeredFatBinaryCount() const;

private:
  /// acquire() without the checkpoint gate.
  cudaError_t acquireUngated(Backend *&Out);
  Runtime();

  struct FatBinaryEntry {
    /// The handle given to the compiler points here.
    void *HandleSlot = nullptr;
    FatBinaryRecord Record;
    bool Replayed = false;
    bool Unregistered = false;
  };

  FatBinaryEntry *entryOf(void **Handle);
  cudaError_t replayPending();

  mutable std::mutex Mutex;
  BackendFactory Factory;
  /// Whether acquire() first looks for libcuda's backend (SharedBackend.h);
  /// a test's factory turns it off.
  bool UseSharedBackend = true;
  /// The backend in use: libcuda's, or OwnedBackend.
  Backend *ActiveBackend = nullptr;
  std::unique_ptr<Backend> OwnedBackend;
  std::optional<cudaError_t> InitStatus;
  /// By context (Backend::currentContext), under Mutex.
  std::map<unsigned, cudaError_t> StickyErrors;
  /// The calling thread's context's sticky error (Mutex held).
  cudaError_t stickyError() const;
  std::vector<std::unique_ptr<FatBinaryEntry>> FatBinaries;
  std::unordered_map<const void *, KernelRecord> Kernels;
  std::unordered_map<const void *, VariableRecord> Variables;
  std::map<int, cudaDeviceProp> PropertiesCache;
};

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_RUNTIME_H
