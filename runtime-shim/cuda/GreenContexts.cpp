//===- GreenContexts.cpp - Device resources and green contexts ------------===//
//
// Part of Rubicon. A device's multiprocessors as a resource
// (cuDeviceGetDevResource), split into groups (cuDevSmResourceSplitByCount),
// a green context limited to some of them (cuGreenCtxCreate) and streams
// whose kernels run on at most that many (cuGreenCtxStreamCreate: the
// backend's streamLimitMultiprocessors; on the host backend a kernel of such
// a stream uses at most that many worker threads). The context of a green
// context is its device's primary context (one context per device here);
// the limit belongs to the green context's streams. docs/driver-api.md.
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <vector>

using namespace rubicon;
using namespace rubicon::driver;

struct CUdevResourceDesc_st {
  int Device = -1;
  unsigned Multiprocessors = 0;
};

struct CUgreenCtx_st {
  int Device = 0;
  unsigned Multiprocessors = 0;
  unsigned long long Id = 0;
  CUstream DefaultStream = nullptr;
};

namespace {

struct GreenState {
  std::mutex Mutex;
  std::set<CUdevResourceDesc_st *> Descs;
  std::set<CUgreenCtx_st *> Contexts;
  std::map<CUstream, CUgreenCtx_st *> Streams;
  unsigned long long NextId = 1;
};
GreenState &state() {
  static auto *S = new GreenState();
  return *S;
}

CUgreenCtx_st *liveContext(CUgreenCtx Context) {
  std::lock_guard<std::mutex> Lock(state().Mutex);
  return state().Contexts.count(Context) ? Context : nullptr;
}

/// The SM resource of Count multiprocessors.
void smResource(CUdevResource &R, unsigned Count) {
  std::memset(&R, 0, sizeof R);
  R.type = CU_DEV_RESOURCE_TYPE_SM;
  R.sm.smCount = Count;
  R.sm.minSmPartitionSize = 1;
  R.sm.smCoscheduledAlignment = 1;
}

/// The device's SM resource: all its multiprocessors.
cudaError_t deviceResource(cudart::Backend &B, int Device, CUdevResource &R) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  if (Device < 0 || Device >= Count)
    return cudaErrorInvalidDevice;
  cudaDeviceProp Prop{};
  if (cudaError_t Status = B.getDeviceProperties(Prop, Device))
    return Status;
  smResource(R, unsigned(Prop.multiProcessorCount));
  return cudaSuccess;
}

} // namespace

extern "C" {

CUresult cuDeviceGetDevResource(CUdevice Device, CUdevResource *Resource,
                                CUdevResourceType Type) {
  if (!Resource || Type != CU_DEV_RESOURCE_TYPE_SM)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return deviceResource(B, Device, *Resource);
  });
}

CUresult cuCtxGetDevResource(CUcontext Context, CUdevResource *Resource,
                             CUdevResourceType Type) {
  int Device = Context ? contextDevice(Context) : -1;
  if (!Context) { // the current context's
    CUdevice Current = 0;
    if (CUresult Status = cuCtxGetDevice(&Current))
      return Status;
    Device = Current;
  }
  if (Device < 0)
    return CUDA_ERROR_INVALID_CONTEXT;
  return cuDeviceGetDevResource(Device, Resource, Type);
}

CUresult cuGreenCtxGetDevResource(CUgreenCtx Context, CUdevResource *Resource,
                                  CUdevResourceType Type) {
  if (!Resource || Type != CU_DEV_RESOURCE_TYPE_SM)
    return CUDA_ERROR_INVALID_VALUE;
  CUgreenCtx_st *G = liveContext(Context);
  if (!G)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend([&](cudart::Backend &) {
    smResource(*Resource, G->Multiprocessors);
    return cudaSuccess;
  });
}

// Groups of minCount multiprocessors (at least 1), as many as *nbGroups
// allows (all that fit when result is null, which only counts them); the
// rest in remaining.
CUresult cuDevSmResourceSplitByCount(CUdevResource *Result, unsigned *NbGroups,
                                     const CUdevResource *Input,
                                     CUdevResource *Remaining,
                                     unsigned int UseFlags,
                                     unsigned int MinCount) {
  if (!NbGroups || !Input || Input->type != CU_DEV_RESOURCE_TYPE_SM ||
      (UseFlags & ~unsigned(CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING |
                            CU_DEV_SM_RESOURCE_SPLIT_MAX_POTENTIAL_CLUSTER_SIZE)))
    return CUDA_ERROR_INVALID_VALUE;
  if (Result && *NbGroups == 0)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned Size = MinCount ? MinCount : 1;
  unsigned Available = Input->sm.smCount;
  if (Size > Available)
    return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
  unsigned Groups = Available / Size;
  if (Result)
    Groups = std::min(Groups, *NbGroups);
  return withBackend([&](cudart::Backend &) {
    for (unsigned I = 0; Result && I < Groups; ++I)
      smResource(Result[I], Size);
    if (Remaining)
      smResource(*Remaining, Available - Groups * Size);
    *NbGroups = Groups;
    return cudaSuccess;
  });
}

CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *Desc,
                                   CUdevResource *Resources,
                                   unsigned int Count) {
  if (!Desc || !Resources || !Count)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned Total = 0;
  for (unsigned I = 0; I < Count; ++I) {
    if (Resources[I].type != CU_DEV_RESOURCE_TYPE_SM ||
        !Resources[I].sm.smCount)
      return CUDA_ERROR_INVALID_RESOURCE_TYPE;
    Total += Resources[I].sm.smCount;
  }
  return withBackend([&](cudart::Backend &B) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    auto *D = new CUdevResourceDesc_st{Device, Total};
    std::lock_guard<std::mutex> Lock(state().Mutex);
    state().Descs.insert(D);
    *Desc = D;
    return cudaSuccess;
  });
}

CUresult cuGreenCtxCreate(CUgreenCtx *Out, CUdevResourceDesc Desc,
                          CUdevice Device, unsigned int Flags) {
  if (!Out || Flags != CU_GREEN_CTX_DEFAULT_STREAM)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    CUdevResource All;
    if (cudaError_t Status = deviceResource(B, Device, All))
      return Status;
    unsigned Count = 0;
    {
      std::lock_guard<std::mutex> Lock(state().Mutex);
      if (!state().Descs.count(Desc))
        return cudaErrorInvalidValue;
      Count = Desc->Multiprocessors;
    }
    if (Count > All.sm.smCount)
      return cudaErrorInvalidValue;
    auto *G = new CUgreenCtx_st{Device, Count, 0, nullptr};
    std::lock_guard<std::mutex> Lock(state().Mutex);
    G->Id = state().NextId++;
    state().Contexts.insert(G);
    *Out = G;
    return cudaSuccess;
  });
}

CUresult cuGreenCtxDestroy(CUgreenCtx Context) {
  CUgreenCtx_st *G = liveContext(Context);
  if (!G)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend([&](cudart::Backend &B) {
    // Its streams' work completes first (CUDA destroys them with it).
    std::vector<CUstream> Streams;
    {
      std::lock_guard<std::mutex> Lock(state().Mutex);
      for (auto It = state().Streams.begin(); It != state().Streams.end();)
        if (It->second == G) {
          Streams.push_back(It->first);
          It = state().Streams.erase(It);
        } else {
          ++It;
        }
      state().Contexts.erase(G);
    }
    for (CUstream S : Streams)
      B.streamLimitMultiprocessors(toStream(S), 0);
    delete G;
    return B.deviceSynchronize();
  });
}

CUresult cuCtxFromGreenCtx(CUcontext *Context, CUgreenCtx Green) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  CUgreenCtx_st *G = liveContext(Green);
  if (!G)
    return CUDA_ERROR_INVALID_HANDLE;
  *Context = primaryContext(G->Device);
  return CUDA_SUCCESS;
}

// A green context's work is its streams', all in the device's order: an
// event recorded "in" it is recorded after all work queued so far, and a
// wait holds the default stream (the device's order) until the event.
CUresult cuGreenCtxRecordEvent(CUgreenCtx Green, CUevent Event) {
  if (!liveContext(Green))
    return CUDA_ERROR_INVALID_HANDLE;
  return cuEventRecord(Event, nullptr);
}

CUresult cuGreenCtxWaitEvent(CUgreenCtx Green, CUevent Event) {
  if (!liveContext(Green))
    return CUDA_ERROR_INVALID_HANDLE;
  return cuStreamWaitEvent(nullptr, Event, 0);
}

CUresult cuGreenCtxStreamCreate(CUstream *Stream, CUgreenCtx Green,
                                unsigned int Flags, int Priority) {
  if (!Stream || !(Flags & CU_STREAM_NON_BLOCKING))
    return CUDA_ERROR_INVALID_VALUE;
  CUgreenCtx_st *G = liveContext(Green);
  if (!G)
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult Status = cuStreamCreateWithPriority(Stream, Flags, Priority))
    return Status;
  return withBackend([&](cudart::Backend &B) {
    cudaError_t Status =
        B.streamLimitMultiprocessors(toStream(*Stream), G->Multiprocessors);
    // A backend without the limit runs the stream on the whole device.
    if (Status && Status != cudaErrorNotSupported)
      return Status;
    std::lock_guard<std::mutex> Lock(state().Mutex);
    state().Streams[*Stream] = G;
    return cudaSuccess;
  });
}

CUresult cuStreamGetGreenCtx(CUstream Stream, CUgreenCtx *Green) {
  if (!Green)
    return CUDA_ERROR_INVALID_VALUE;
  CUdevice Device = 0;
  if (CUresult Status = cuStreamGetDevice(Stream, &Device))
    return Status;
  std::lock_guard<std::mutex> Lock(state().Mutex);
  auto It = state().Streams.find(Stream);
  *Green = It == state().Streams.end() ? nullptr : It->second;
  return CUDA_SUCCESS;
}

CUresult cuStreamGetCtx_v2(CUstream Stream, CUcontext *Context,
                           CUgreenCtx *Green) {
  if (!Context && !Green)
    return CUDA_ERROR_INVALID_VALUE;
  CUcontext Primary = nullptr;
  if (CUresult Status = cuStreamGetCtx(Stream, &Primary))
    return Status;
  if (Context)
    *Context = Primary;
  if (Green)
    return cuStreamGetGreenCtx(Stream, Green);
  return CUDA_SUCCESS;
}

CUresult cuGreenCtxGetId(CUgreenCtx Green, unsigned long long *Id) {
  if (!Id)
    return CUDA_ERROR_INVALID_VALUE;
  CUgreenCtx_st *G = liveContext(Green);
  if (!G)
    return CUDA_ERROR_INVALID_HANDLE;
  *Id = G->Id;
  return CUDA_SUCCESS;
}

} // extern "C"
