//===- MemPoolApi.cpp - Stream-ordered memory: the cuda* functions --------===//
//
// Part of Rubicon. cudaMallocAsync/cudaFreeAsync and cudaMemPool* over the
// pools of runtime-shim/graphs (GraphCalls.h, MemPool.h, docs/graphs.md).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "PerThreadStream.h"
#include "Runtime.h"
#include "graphs/GraphCalls.h"

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

bool isDeviceLocation(const cudaMemLocation *Location,
                      cudaMemAllocationType Type) {
  return Location && Location->type == cudaMemLocationTypeDevice &&
         Type == cudaMemAllocationTypePinned;
}

} // namespace

extern "C" {

cudaError_t cudaMallocAsync(void **Ptr, size_t Size, cudaStream_t Stream) {
  return withBackend([&](Backend &B) {
    return calls::mallocAsync(B, Ptr, Size, nullptr, Stream);
  });
}
cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Size,
                                    cudaMemPool_t Pool, cudaStream_t Stream) {
  if (!Pool)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return calls::mallocAsync(B, Ptr, Size, Pool, Stream);
  });
}
cudaError_t cudaFreeAsync(void *Ptr, cudaStream_t Stream) {
  return withBackend(
      [&](Backend &) { return calls::freeAsync(Ptr, Stream); });
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
  return withBackend(
      [&](Backend &B) { return calls::poolCreate(B, Out, Props); });
}
cudaError_t cudaMemPoolDestroy(cudaMemPool_t Pool) {
  return withBackend([&](Backend &B) { return calls::poolDestroy(B, Pool); });
}
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t Keep) {
  return fail(calls::poolTrimTo(Pool, Keep));
}
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  return fail(calls::poolSetAttribute(Pool, Attr, Value));
}
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  return fail(calls::poolGetAttribute(Pool, Attr, Value));
}
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t Pool,
                                 const cudaMemAccessDesc *List, size_t Count) {
  return withBackend(
      [&](Backend &B) { return calls::poolSetAccess(B, Pool, List, Count); });
}
cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags *Flags, cudaMemPool_t Pool,
                                 cudaMemLocation *Location) {
  return fail(calls::poolGetAccess(Flags, Pool, Location));
}
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Out, int Device) {
  return withBackend([&](Backend &B) {
    return calls::deviceGetDefaultMemPool(B, Out, Device);
  });
}
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Out, int Device) {
  return withBackend(
      [&](Backend &B) { return calls::deviceGetMemPool(B, Out, Device); });
}
cudaError_t cudaDeviceSetMemPool(int Device, cudaMemPool_t Pool) {
  return withBackend(
      [&](Backend &B) { return calls::deviceSetMemPool(B, Device, Pool); });
}
cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t *Out,
                                     cudaMemLocation *Location,
                                     cudaMemAllocationType Type) {
  if (!isDeviceLocation(Location, Type))
    return fail(cudaErrorNotSupported);
  return cudaDeviceGetDefaultMemPool(Out, Location->id);
}
cudaError_t cudaMemGetMemPool(cudaMemPool_t *Out, cudaMemLocation *Location,
                              cudaMemAllocationType Type) {
  if (!isDeviceLocation(Location, Type))
    return fail(cudaErrorNotSupported);
  return cudaDeviceGetMemPool(Out, Location->id);
}
cudaError_t cudaMemSetMemPool(cudaMemLocation *Location,
                              cudaMemAllocationType Type, cudaMemPool_t Pool) {
  if (!isDeviceLocation(Location, Type))
    return fail(cudaErrorNotSupported);
  return cudaDeviceSetMemPool(Location->id, Pool);
}

// Pools shared between processes: POSIX file descriptors of the pool's
// memory on the host backend (docs/graphs.md).
cudaError_t cudaMemPoolExportToShareableHandle(void *Handle, cudaMemPool_t Pool,
                                               cudaMemAllocationHandleType Type,
                                               unsigned Flags) {
  return fail(calls::poolExportToShareableHandle(Pool, Handle, Type, Flags));
}
cudaError_t cudaMemPoolImportFromShareableHandle(
    cudaMemPool_t *Out, void *Handle, cudaMemAllocationHandleType Type,
    unsigned Flags) {
  return withBackend([&](Backend &B) {
    return calls::poolImportFromShareableHandle(B, Out, Handle, Type, Flags);
  });
}
cudaError_t cudaMemPoolExportPointer(cudaMemPoolPtrExportData *Data,
                                     void *Ptr) {
  return fail(calls::poolExportPointer(Data, Ptr));
}
cudaError_t cudaMemPoolImportPointer(void **Ptr, cudaMemPool_t Pool,
                                     cudaMemPoolPtrExportData *Data) {
  return fail(calls::poolImportPointer(Ptr, Pool, Data));
}

} // extern "C"
