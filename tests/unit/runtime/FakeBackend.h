//===- FakeBackend.h - A backend that records what the runtime asks -------===//
//
// Part of Rubicon's unit tests. Device memory is host memory; every call is
// recorded so tests can check what reached the backend.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_TESTS_FAKEBACKEND_H
#define RUBICON_TESTS_FAKEBACKEND_H

#include "Backend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace rubicon::cudart::testing {

struct LaunchCall {
  const void *HostStub;
  LaunchDims Grid, Block;
  void **Args;
  size_t SharedMem;
  cudaStream_t Stream;
  /// Bytes of the arguments FakeState::CaptureArgSizes asked for, copied at
  /// launch time (Args points into the host stub's frame).
  std::vector<std::string> CapturedArgs;
};

/// State that outlives the backend object (the runtime owns the backend).
struct FakeState {
  cudaError_t InitStatus = cudaSuccess;
  int InitializeCalls = 0;
  int DeviceCount = 1;
  int CurrentDevice = 0;
  /// Returned by the next deviceSynchronize (then cudaSuccess again).
  cudaError_t NextSynchronizeError = cudaSuccess;
  std::vector<FatBinaryRecord> RegisteredFatBinaries;
  std::vector<LaunchCall> Launches;
  /// Device storage of registered variables, by host shadow address.
  std::map<const void *, std::vector<char>> VariableStorage;
  int ResetCalls = 0;
  /// Sizes of the leading kernel arguments to copy at each launch.
  std::vector<size_t> CaptureArgSizes;
};

class FakeBackend final : public Backend {
public:
  explicit FakeBackend(FakeState &State) : State(State) {}

  const char *name() const override { return "fake"; }
  cudaError_t initialize() override {
    ++State.InitializeCalls;
    return State.InitStatus;
  }
  int runtimeVersion() const override { return 60000; }

  cudaError_t getDeviceCount(int &Count) override {
    Count = State.DeviceCount;
    return cudaSuccess;
  }
  cudaError_t setDevice(int Device) override {
    State.CurrentDevice = Device;
    return cudaSuccess;
  }
  cudaError_t getDevice(int &Device) override {
    Device = State.CurrentDevice;
    return cudaSuccess;
  }
  cudaError_t getDeviceProperties(cudaDeviceProp &P, int Device) override {
    P = cudaDeviceProp{};
    std::snprintf(P.name, sizeof(P.name), "Fake GPU %d", Device);
    P.totalGlobalMem = size_t(64) << 30;
    P.maxThreadsPerBlock = 1024;
    P.maxThreadsDim[0] = P.maxThreadsDim[1] = P.maxThreadsDim[2] = 1024;
    P.maxGridSize[0] = 0x7fffffff;
    P.maxGridSize[1] = P.maxGridSize[2] = 65535;
    P.warpSize = 32;
    P.multiProcessorCount = 304 + Device;
    P.major = 9;
    P.minor = 4;
    P.sharedMemPerBlock = 65536;
    return cudaSuccess;
  }
  cudaError_t deviceSynchronize() override {
    cudaError_t Status = State.NextSynchronizeError;
    State.NextSynchronizeError = cudaSuccess;
    return Status;
  }
  cudaError_t deviceReset() override {
    ++State.ResetCalls;
    return cudaSuccess;
  }
  cudaError_t setCacheConfig(cudaFuncCache) override { return cudaSuccess; }
  cudaError_t setDeviceFlags(unsigned) override { return cudaSuccess; }
  cudaError_t getDeviceFlags(unsigned &Flags) override {
    Flags = 0;
    return cudaSuccess;
  }
  cudaError_t getStreamPriorityRange(int &Least, int &Greatest) override {
    Least = 0;
    Greatest = -1;
    return cudaSuccess;
  }

  cudaError_t malloc(void **Ptr, size_t Size) override {
    *Ptr = std::malloc(Size ? Size : 1);
    return *Ptr ? cudaSuccess : cudaErrorMemoryAllocation;
  }
  cudaError_t free(void *Ptr) override {
    std::free(Ptr);
    return cudaSuccess;
  }
  cudaError_t mallocManaged(void **Ptr, size_t Size, unsigned) override {
    return malloc(Ptr, Size);
  }
  cudaError_t hostAlloc(void **Ptr, size_t Size, unsigned) override {
    return malloc(Ptr, Size);
  }
  cudaError_t freeHost(void *Ptr) override { return free(Ptr); }
  cudaError_t hostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                   unsigned) override {
    *DevicePtr = HostPtr;
    return cudaSuccess;
  }
  cudaError_t memGetInfo(size_t &Free, size_t &Total) override {
    Free = size_t(60) << 30;
    Total = size_t(64) << 30;
    return cudaSuccess;
  }
  cudaError_t memcpy(void *Dst, const void *Src, size_t Count,
                     cudaMemcpyKind) override {
    std::memcpy(Dst, Src, Count);
    return cudaSuccess;
  }
  cudaError_t memcpyAsync(void *Dst, const void *Src, size_t Count,
                          cudaMemcpyKind Kind, cudaStream_t) override {
    return memcpy(Dst, Src, Count, Kind);
  }
  cudaError_t memset(void *Ptr, int Value, size_t Count) override {
    std::memset(Ptr, Value, Count);
    return cudaSuccess;
  }
  cudaError_t memsetAsync(void *Ptr, int Value, size_t Count,
                          cudaStream_t) override {
    return memset(Ptr, Value, Count);
  }

  cudaError_t mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                          size_t Height) override {
    Pitch = (Width + 255) / 256 * 256;
    return malloc(Ptr, Pitch * Height);
  }
  cudaError_t memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                       size_t SrcPitch, size_t Width, size_t Height,
                       cudaMemcpyKind, cudaStream_t, bool) override {
    for (size_t Row = 0; Row < Height; ++Row)
      std::memcpy(static_cast<char *>(Dst) + Row * DstPitch,
                  static_cast<const char *>(Src) + Row * SrcPitch, Width);
    return cudaSuccess;
  }
  cudaError_t memset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                       size_t Height, cudaStream_t, bool) override {
    for (size_t Row = 0; Row < Height; ++Row)
      std::memset(static_cast<char *>(Ptr) + Row * Pitch, Value, Width);
    return cudaSuccess;
  }
  cudaError_t mallocAsync(void **Ptr, size_t Size, cudaStream_t) override {
    return malloc(Ptr, Size);
  }
  cudaError_t freeAsync(void *Ptr, cudaStream_t) override { return free(Ptr); }
  cudaError_t hostRegister(void *, size_t, unsigned) override {
    return cudaSuccess;
  }
  cudaError_t hostUnregister(void *) override { return cudaSuccess; }
  cudaError_t pointerGetAttributes(cudaPointerAttributes &Attributes,
                                   const void *) override {
    Attributes = cudaPointerAttributes{};
    Attributes.type = cudaMemoryTypeUnregistered;
    return cudaSuccess;
  }
  cudaError_t memPrefetchAsync(const void *, size_t, int,
                               cudaStream_t) override {
    return cudaSuccess;
  }
  cudaError_t deviceCanAccessPeer(int &CanAccess, int, int) override {
    CanAccess = 0;
    return cudaSuccess;
  }
  cudaError_t deviceEnablePeerAccess(int, unsigned) override {
    return cudaErrorPeerAccessUnsupported;
  }
  cudaError_t deviceDisablePeerAccess(int) override {
    return cudaErrorPeerAccessNotEnabled;
  }
  cudaError_t memcpyPeer(void *Dst, int, const void *Src, int, size_t Count,
                         cudaStream_t, bool) override {
    std::memcpy(Dst, Src, Count);
    return cudaSuccess;
  }
  cudaError_t deviceGetPCIBusId(char *BusId, int Length, int Device) override {
    std::snprintf(BusId, size_t(Length), "0000:%02x:00.0", Device + 1);
    return cudaSuccess;
  }
  cudaError_t deviceGetByPCIBusId(int &Device, const char *) override {
    Device = 0;
    return cudaSuccess;
  }

  cudaError_t streamCreate(cudaStream_t &Stream, unsigned, int) override {
    Stream = reinterpret_cast<cudaStream_t>(new char);
    return cudaSuccess;
  }
  cudaError_t streamDestroy(cudaStream_t Stream) override {
    delete reinterpret_cast<char *>(Stream);
    return cudaSuccess;
  }
  cudaError_t streamSynchronize(cudaStream_t) override { return cudaSuccess; }
  cudaError_t streamQuery(cudaStream_t) override { return cudaErrorNotReady; }
  cudaError_t streamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) override {
    return cudaSuccess;
  }
  cudaError_t streamGetFlags(cudaStream_t, unsigned &Flags) override {
    Flags = 0;
    return cudaSuccess;
  }
  cudaError_t streamGetPriority(cudaStream_t, int &Priority) override {
    Priority = 0;
    return cudaSuccess;
  }
  /// Runs the callback at once, as if the stream were idle.
  cudaError_t streamAddCallback(cudaStream_t Stream,
                                cudaStreamCallback_t Callback,
                                void *UserData) override {
    Callback(Stream, cudaSuccess, UserData);
    return cudaSuccess;
  }
  cudaError_t eventCreate(cudaEvent_t &Event, unsigned) override {
    Event = reinterpret_cast<cudaEvent_t>(new char);
    return cudaSuccess;
  }
  cudaError_t eventRecord(cudaEvent_t, cudaStream_t) override {
    return cudaSuccess;
  }
  cudaError_t eventSynchronize(cudaEvent_t) override { return cudaSuccess; }
  cudaError_t eventQuery(cudaEvent_t) override { return cudaSuccess; }
  cudaError_t eventElapsedTime(float &Ms, cudaEvent_t, cudaEvent_t) override {
    Ms = 1.5f;
    return cudaSuccess;
  }
  cudaError_t eventDestroy(cudaEvent_t Event) override {
    delete reinterpret_cast<char *>(Event);
    return cudaSuccess;
  }

  cudaError_t registerFatBinary(const FatBinaryRecord &FatBinary) override {
    State.RegisteredFatBinaries.push_back(FatBinary);
    for (const VariableRecord &Variable : FatBinary.Variables)
      State.VariableStorage[Variable.HostVar].assign(Variable.Size, 0);
    return cudaSuccess;
  }
  cudaError_t launchKernel(const void *HostStub, LaunchDims Grid,
                           LaunchDims Block, void **Args, size_t SharedMem,
                           cudaStream_t Stream) override {
    LaunchCall Call{HostStub, Grid, Block, Args, SharedMem, Stream, {}};
    for (size_t I = 0; Args && I < State.CaptureArgSizes.size(); ++I)
      Call.CapturedArgs.emplace_back(static_cast<const char *>(Args[I]),
                                     State.CaptureArgSizes[I]);
    State.Launches.push_back(std::move(Call));
    return cudaSuccess;
  }
  cudaError_t symbolAddress(void **DevicePtr, const void *HostVar) override {
    auto It = State.VariableStorage.find(HostVar);
    if (It == State.VariableStorage.end())
      return cudaErrorInvalidSymbol;
    *DevicePtr = It->second.data();
    return cudaSuccess;
  }
  cudaError_t funcGetAttributes(cudaFuncAttributes &Attributes,
                                const void *) override {
    Attributes = cudaFuncAttributes{};
    Attributes.maxThreadsPerBlock = 1024;
    Attributes.numRegs = 32;
    return cudaSuccess;
  }
  cudaError_t funcSetCacheConfig(const void *, cudaFuncCache) override {
    return cudaSuccess;
  }
  cudaError_t funcSetAttribute(const void *, cudaFuncAttribute, int) override {
    return cudaSuccess;
  }
  cudaError_t occupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks,
                                                        const void *,
                                                        int BlockSize,
                                                        size_t) override {
    NumBlocks = 2048 / BlockSize;
    return cudaSuccess;
  }

private:
  FakeState &State;
};

} // namespace rubicon::cudart::testing

#endif // RUBICON_TESTS_FAKEBACKEND_H
