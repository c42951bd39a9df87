//===- StreamAttributes.cpp - Stream ids, devices, attributes -------------===//
//
// Part of Rubicon. What CUDA keeps about a stream beyond its work: an id
// unique among live streams, its device, and its attributes (the access-policy
// window and the other hints are recorded and returned: the backend runs
// streams correctly without them). cudaEventRecordWithFlags.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

#include <cstdint>
#include <map>
#include <mutex>

using namespace rubicon::cudart;

namespace {

struct StreamInfo {
  unsigned long long Id = 0;
  int Device = 0;
  std::map<int, cudaStreamAttrValue> Attributes;
};

std::mutex Mutex;
std::map<cudaStream_t, StreamInfo> &streams() {
  static auto *Streams = new std::map<cudaStream_t, StreamInfo>();
  return *Streams;
}

/// The record of a live stream (created on first use: streams made by
/// libcuda or before this was asked); the special streams have their own.
cudaError_t infoOf(Backend &B, cudaStream_t Stream, StreamInfo *&Out) {
  unsigned Flags = 0;
  if (cudaError_t Status = B.streamGetFlags(Stream, Flags))
    return Status;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, Inserted] = streams().try_emplace(Stream);
  if (Inserted) {
    // The legacy stream is 0 and the per-thread stream 1, like CUDA's;
    // another stream's id is its handle's value, as libcuda's
    // cuStreamGetId says too.
    It->second.Id = Stream == nullptr || Stream == cudaStreamLegacy ? 0
                    : Stream == cudaStreamPerThread
                        ? 1
                        : reinterpret_cast<uintptr_t>(Stream);
    B.getDevice(It->second.Device);
  }
  Out = &It->second;
  return cudaSuccess;
}

bool isStreamAttribute(int Id) {
  switch (Id) {
  case cudaLaunchAttributeAccessPolicyWindow:
  case cudaLaunchAttributeSynchronizationPolicy:
  case cudaLaunchAttributeMemSyncDomainMap:
  case cudaLaunchAttributeMemSyncDomain:
  case cudaLaunchAttributePriority:
    return true;
  default:
    return false;
  }
}

} // namespace

namespace rubicon::cudart {
void forgetStream(cudaStream_t Stream) {
  std::lock_guard<std::mutex> Lock(Mutex);
  streams().erase(Stream);
}
} // namespace rubicon::cudart

extern "C" {

cudaError_t cudaStreamGetId(cudaStream_t Stream, unsigned long long *Id) {
  if (!Id)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    StreamInfo *Info = nullptr;
    cudaError_t Status = infoOf(B, Stream, Info);
    if (Status == cudaSuccess)
      *Id = Info->Id;
    return Status;
  });
}

cudaError_t cudaStreamGetDevice(cudaStream_t Stream, int *Device) {
  if (!Device)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    StreamInfo *Info = nullptr;
    cudaError_t Status = infoOf(B, Stream, Info);
    if (Status == cudaSuccess)
      *Device = Info->Device;
    return Status;
  });
}

cudaError_t cudaStreamGetAttribute(cudaStream_t Stream, cudaStreamAttrID Attr,
                                   cudaStreamAttrValue *Value) {
  if (!Value || !isStreamAttribute(Attr))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    StreamInfo *Info = nullptr;
    if (cudaError_t Status = infoOf(B, Stream, Info))
      return Status;
    cudaStreamAttrValue Result{};
    if (Attr == cudaLaunchAttributePriority)
      B.streamGetPriority(Stream, Result.priority);
    else if (Attr == cudaLaunchAttributeSynchronizationPolicy)
      Result.syncPolicy = cudaSyncPolicyAuto;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (auto It = Info->Attributes.find(Attr); It != Info->Attributes.end())
      Result = It->second;
    *Value = Result;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamSetAttribute(cudaStream_t Stream, cudaStreamAttrID Attr,
                                   const cudaStreamAttrValue *Value) {
  if (!Value || !isStreamAttribute(Attr))
    return fail(cudaErrorInvalidValue);
  if (Attr == cudaLaunchAttributeAccessPolicyWindow &&
      (Value->accessPolicyWindow.hitRatio < 0.0f ||
       Value->accessPolicyWindow.hitRatio > 1.0f))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    StreamInfo *Info = nullptr;
    if (cudaError_t Status = infoOf(B, Stream, Info))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    Info->Attributes[Attr] = *Value;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t Dst, cudaStream_t Src) {
  return withBackend([&](Backend &B) {
    StreamInfo *From = nullptr, *To = nullptr;
    if (cudaError_t Status = infoOf(B, Src, From))
      return Status;
    if (cudaError_t Status = infoOf(B, Dst, To))
      return Status;
    std::lock_guard<std::mutex> Lock(Mutex);
    To->Attributes = From->Attributes;
    return cudaSuccess;
  });
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t Event, cudaStream_t Stream,
                                     unsigned int Flags) {
  // cudaEventRecordExternal only changes what a record becomes inside a
  // captured graph; outside capture it is a record.
  if (Flags & ~unsigned(cudaEventRecordExternal))
    return fail(cudaErrorInvalidValue);
  return cudaEventRecord(Event, Stream);
}

} // extern "C"
