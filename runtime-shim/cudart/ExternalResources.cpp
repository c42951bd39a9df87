//===- ExternalResources.cpp - External memory and semaphores -------------===//
//
// Part of Rubicon. cudaImportExternalMemory, cudaImportExternalSemaphore and
// the calls on what they return, over the backend (Backend.h): POSIX file
// descriptors of shared memory on the host backend, HIP's own calls on HIP
// (docs/external-resources.md). The handles are the backend's, the same
// values as the driver API's CUexternalMemory/CUexternalSemaphore. Work on a
// stream in capture becomes a graph node (../graphs/StreamHooks.h).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "arrays/Array.h"
#include "graphs/StreamHooks.h"

using namespace rubicon::cudart;
namespace hooks = rubicon::graphs::hooks;

extern "C" {

cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *Out,
                                     const cudaExternalMemoryHandleDesc *Desc) {
  if (!Out || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    void *Handle = nullptr;
    cudaError_t Status = B.importExternalMemory(Handle, *Desc);
    if (Status == cudaSuccess)
      *Out = static_cast<cudaExternalMemory_t>(Handle);
    return Status;
  });
}

cudaError_t
cudaExternalMemoryGetMappedBuffer(void **DevPtr, cudaExternalMemory_t Memory,
                                  const cudaExternalMemoryBufferDesc *Desc) {
  if (!DevPtr || !Memory || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return B.externalMemoryMappedBuffer(*DevPtr, Memory, *Desc);
  });
}

cudaError_t cudaExternalMemoryGetMappedMipmappedArray(
    cudaMipmappedArray_t *Out, cudaExternalMemory_t Memory,
    const cudaExternalMemoryMipmappedArrayDesc *Desc) {
  if (!Out || !Memory || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    return rubicon::arrays::mapExternalMipmappedArray(
        B, Memory, Desc->offset, Desc->formatDesc, Desc->extent, Desc->flags,
        Desc->numLevels, *Out);
  });
}

cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t Memory) {
  if (!Memory)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend(
      [&](Backend &B) { return B.destroyExternalMemory(Memory); });
}

cudaError_t
cudaImportExternalSemaphore(cudaExternalSemaphore_t *Out,
                            const cudaExternalSemaphoreHandleDesc *Desc) {
  if (!Out || !Desc)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    void *Handle = nullptr;
    cudaError_t Status = B.importExternalSemaphore(Handle, *Desc);
    if (Status == cudaSuccess)
      *Out = static_cast<cudaExternalSemaphore_t>(Handle);
    return Status;
  });
}

cudaError_t
cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *Semaphores,
                                  const cudaExternalSemaphoreSignalParams *Params,
                                  unsigned int Count, cudaStream_t Stream) {
  if (Count && (!Semaphores || !Params))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::externalSemaphores(
            reinterpret_cast<void *const *>(Semaphores), Params, nullptr,
            Count, Stream))
      return *Captured;
    for (unsigned I = 0; I < Count; ++I)
      if (cudaError_t Status =
              B.signalExternalSemaphore(Semaphores[I], Params[I], Stream))
        return Status;
    return cudaSuccess;
  });
}

cudaError_t
cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *Semaphores,
                                const cudaExternalSemaphoreWaitParams *Params,
                                unsigned int Count, cudaStream_t Stream) {
  if (Count && (!Semaphores || !Params))
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    if (auto Captured = hooks::externalSemaphores(
            reinterpret_cast<void *const *>(Semaphores), nullptr, Params,
            Count, Stream))
      return *Captured;
    for (unsigned I = 0; I < Count; ++I)
      if (cudaError_t Status =
              B.waitExternalSemaphore(Semaphores[I], Params[I], Stream))
        return Status;
    return cudaSuccess;
  });
}

cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t Semaphore) {
  if (!Semaphore)
    return fail(cudaErrorInvalidResourceHandle);
  return withBackend(
      [&](Backend &B) { return B.destroyExternalSemaphore(Semaphore); });
}

// The _v2 names CUDA 11.2 gave the calls (programs built against CUDA's own
// headers call them), and the per-thread default stream forms.
cudaError_t cudaSignalExternalSemaphoresAsync_v2(
    const cudaExternalSemaphore_t *Semaphores,
    const cudaExternalSemaphoreSignalParams *Params, unsigned int Count,
    cudaStream_t Stream) {
  return cudaSignalExternalSemaphoresAsync(Semaphores, Params, Count, Stream);
}
cudaError_t cudaWaitExternalSemaphoresAsync_v2(
    const cudaExternalSemaphore_t *Semaphores,
    const cudaExternalSemaphoreWaitParams *Params, unsigned int Count,
    cudaStream_t Stream) {
  return cudaWaitExternalSemaphoresAsync(Semaphores, Params, Count, Stream);
}
cudaError_t cudaSignalExternalSemaphoresAsync_ptsz(
    const cudaExternalSemaphore_t *Semaphores,
    const cudaExternalSemaphoreSignalParams *Params, unsigned int Count,
    cudaStream_t Stream) {
  return cudaSignalExternalSemaphoresAsync(Semaphores, Params, Count,
                                           perThread(Stream));
}
cudaError_t cudaWaitExternalSemaphoresAsync_ptsz(
    const cudaExternalSemaphore_t *Semaphores,
    const cudaExternalSemaphoreWaitParams *Params, unsigned int Count,
    cudaStream_t Stream) {
  return cudaWaitExternalSemaphoresAsync(Semaphores, Params, Count,
                                         perThread(Stream));
}

// NvSciSync is NVIDIA's Tegra/automotive synchronization library: neither
// the host backend nor HIP has it.
cudaError_t cudaDeviceGetNvSciSyncAttributes(void *AttributeList, int Device,
                                             int Flags) {
  if (!AttributeList ||
      (Flags & ~(cudaNvSciSyncAttrSignal | cudaNvSciSyncAttrWait)) ||
      !Flags)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    return cudaErrorNotSupported;
  });
}

} // extern "C"
