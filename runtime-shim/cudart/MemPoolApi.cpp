//===- MemPoolApi.cpp - Stream-ordered memory: the cuda* functions --------===//
//
// Part of Rubicon. cudaMallocAsync/cudaFreeAsync and cudaMemPool* over the
// pools of runtime-shim/graphs (MemPool.h, docs/graphs.md).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "Runtime.h"
#include "graphs/MemPool.h"
#include "graphs/StreamHooks.h"

using namespace rubicon::cudart;
using namespace rubicon::graphs;

namespace {

Runtime &runtime() { return Runtime::instance(); }
cudaError_t fail(cudaError_t Status) { return runtime().record(Status); }

template <class CallT> cudaError_t withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (cudaError_t Status = runtime().acquire(B))
    return fail(Status);
  return runtime().record(Call(*B));
}

MemPool *livePool(cudaMemPool_t Pool) {
  auto *P = reinterpret_cast<MemPool *>(Pool);
  return MemPool::isLive(P) ? P : nullptr;
}

cudaError_t checkDevice(Backend &B, int Device, int *CountOut = nullptr) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  if (CountOut)
    *CountOut = Count;
  return Device >= 0 && Device < Count ? cudaSuccess : cudaErrorInvalidDevice;
}

cudaError_t allocate(Backend &B, void **Ptr, size_t Size, MemPool *Pool,
                     cudaStream_t Stream) {
  if (auto Captured = hooks::mallocAsync(B, Ptr, Size, Stream))
    return *Captured;
  if (!Pool) {
    int Device = 0;
    if (cudaError_t Status = B.getDevice(Device))
      return Status;
    Pool = MemPool::currentPool(B, Device);
  }
  return Pool->allocate(*Ptr, Size, Stream);
}

} // namespace

extern "C" {

cudaError_t cudaMallocAsync(void **Ptr, size_t Size, cudaStream_t Stream) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return allocate(B, Ptr, Size, nullptr, Stream); });
}

cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Size,
                                    cudaMemPool_t Pool, cudaStream_t Stream) {
  MemPool *P = livePool(Pool);
  if (!Ptr || !P)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return allocate(B, Ptr, Size, P, Stream); });
}

cudaError_t cudaFreeAsync(void *Ptr, cudaStream_t Stream) {
  if (!Ptr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &) -> cudaError_t {
    if (auto Done = hooks::freeAsync(Ptr, Stream))
      return *Done;
    MemPool *Pool = MemPool::ofPointer(Ptr);
    if (!Pool)
      return cudaErrorInvalidValue;
    return Pool->free(Ptr, Stream);
  });
}

static cudaStream_t perThread(cudaStream_t Stream) {
  return Stream ? Stream : cudaStreamPerThread;
}
cudaError_t cudaMallocAsync_ptsz(void **Ptr, size_t Size, cudaStream_t Stream) {
  return cudaMallocAsync(Ptr, Size, perThread(Stream));
}
cudaError_t cudaFreeAsync_ptsz(void *Ptr, cudaStream_t Stream) {
  return cudaFreeAsync(Ptr, perThread(Stream));
}
cudaError_t cudaMallocFromPoolAsync_ptsz(void **Ptr, size_t Size,
                                         cudaMemPool_t Pool,
                                         cudaStream_t Stream) {
  return cudaMallocFromPoolAsync(Ptr, Size, Pool, perThread(Stream));
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *Out,
                              const cudaMemPoolProps *Props) {
  if (!Out || !Props || Props->allocType != cudaMemAllocationTypePinned ||
      Props->location.type != cudaMemLocationTypeDevice)
    return fail(cudaErrorInvalidValue);
  if (Props->handleTypes & ~unsigned(cudaMemHandleTypePosixFileDescriptor))
    return fail(cudaErrorNotSupported);
  return withBackend([&](Backend &B) -> cudaError_t {
    if (cudaError_t Status = checkDevice(B, Props->location.id))
      return Status == cudaErrorInvalidDevice ? cudaErrorInvalidValue : Status;
    *Out = reinterpret_cast<cudaMemPool_t>(new MemPool(B, *Props));
    return cudaSuccess;
  });
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t Pool) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    int Count = 0;
    B.getDeviceCount(Count);
    for (int Device = 0; Device < Count; ++Device)
      if (MemPool::defaultPool(B, Device) == P)
        return cudaErrorInvalidValue;
    // Destroying a device's current pool makes the default current again
    // (MemPool::currentPool checks liveness).
    delete P;
    return cudaSuccess;
  });
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t Keep) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  P->trim(Keep, nullptr, true);
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  return fail(P->setAttribute(Attr, Value));
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  return fail(P->getAttribute(Attr, Value));
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t Pool,
                                 const cudaMemAccessDesc *List, size_t Count) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    int Devices = 0;
    if (cudaError_t Status = B.getDeviceCount(Devices))
      return Status;
    return P->setAccess(List, Count, Devices);
  });
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags *Flags, cudaMemPool_t Pool,
                                 cudaMemLocation *Location) {
  MemPool *P = livePool(Pool);
  if (!P || !Flags || !Location ||
      Location->type != cudaMemLocationTypeDevice)
    return fail(cudaErrorInvalidValue);
  *Flags = P->access(*Location);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Out, int Device) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    *Out = reinterpret_cast<cudaMemPool_t>(MemPool::defaultPool(B, Device));
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Out, int Device) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    *Out = reinterpret_cast<cudaMemPool_t>(MemPool::currentPool(B, Device));
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetMemPool(int Device, cudaMemPool_t Pool) {
  MemPool *P = livePool(Pool);
  if (!P)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) -> cudaError_t {
    if (cudaError_t Status = checkDevice(B, Device))
      return Status;
    if (P->properties().location.id != Device)
      return cudaErrorInvalidDevice;
    MemPool::currentPool(B, Device) = P;
    return cudaSuccess;
  });
}

cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *Out,
                                     cudaMemLocation *Location,
                                     cudaMemAllocationType Type) {
  if (!Location || Location->type != cudaMemLocationTypeDevice ||
      Type != cudaMemAllocationTypePinned)
    return fail(cudaErrorNotSupported);
  return cudaDeviceGetDefaultMemPool(Out, Location->id);
}

cudaError_t cudaMemGetMemPool(cudaMemPool_t *Out, cudaMemLocation *Location,
                              cudaMemAllocationType Type) {
  if (!Location || Location->type != cudaMemLocationTypeDevice ||
      Type != cudaMemAllocationTypePinned)
    return fail(cudaErrorNotSupported);
  return cudaDeviceGetMemPool(Out, Location->id);
}

cudaError_t cudaMemSetMemPool(cudaMemLocation *Location,
                              cudaMemAllocationType Type, cudaMemPool_t Pool) {
  if (!Location || Location->type != cudaMemLocationTypeDevice ||
      Type != cudaMemAllocationTypePinned)
    return fail(cudaErrorNotSupported);
  return cudaDeviceSetMemPool(Location->id, Pool);
}

// Sharing pools between processes needs the GPU driver's shareable handles:
// not available (docs/graphs.md).
cudaError_t cudaMemPoolExportToShareableHandle(void *, cudaMemPool_t Pool,
                                               cudaMemAllocationHandleType,
                                               unsigned) {
  if (!livePool(Pool))
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *Out, void *,
                                                 cudaMemAllocationHandleType,
                                                 unsigned) {
  if (!Out)
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolExportPointer(cudaMemPoolPtrExportData *Data,
                                     void *Ptr) {
  if (!Data || !MemPool::ofPointer(Ptr))
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorNotSupported);
}

cudaError_t cudaMemPoolImportPointer(void **Ptr, cudaMemPool_t Pool,
                                     cudaMemPoolPtrExportData *Data) {
  if (!Ptr || !Data || !livePool(Pool))
    return fail(cudaErrorInvalidValue);
  return fail(cudaErrorNotSupported);
}

} // extern "C"
