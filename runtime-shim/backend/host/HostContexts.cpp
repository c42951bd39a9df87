//===- HostContexts.cpp - Host backend contexts and their faults ----------===//
//
// Part of Rubicon's host backend (HostBackend.h). Each device has a primary
// context (its id is the device); cuCtxCreate adds contexts beside it. A
// context is a fault state shared by the streams made while it was current:
// a fault in a kernel is its context's, so that context's later calls and
// queued work fail with it while the other contexts of the same device, and
// the other devices, go on (CUDA's sticky errors are per context). All
// contexts of a device feed its one queue and pool.
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"

namespace rubicon::cudart::host {

/// The calling thread's current context when cuCtxCreate made it (0: the
/// current device's primary context).
static thread_local unsigned CurrentCreatedContext = 0;

void HostBackend::leaveCreatedContext() { CurrentCreatedContext = 0; }

HostContext &HostBackend::context() {
  if (unsigned Id = CurrentCreatedContext) {
    std::lock_guard<std::mutex> Lock(ContextsMutex);
    auto It = CreatedContexts.find(Id);
    if (It != CreatedContexts.end() && It->second->Live)
      return *It->second;
    // Destroyed (or another backend's, in tests): the primary context.
    CurrentCreatedContext = 0;
  }
  return PrimaryContexts[currentDevice()];
}

HostContext *HostBackend::contextOfStream(cudaStream_t Stream) {
  if (isSpecialStream(Stream))
    return &context();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto *S = reinterpret_cast<HostStream *>(Stream);
  return Streams.count(S) ? S->Context : nullptr;
}

cudaError_t HostBackend::contextCreate(unsigned &Context, int Device) {
  Context = 0;
  if (!validDevice(Device))
    return cudaErrorInvalidDevice;
  std::lock_guard<std::mutex> Lock(ContextsMutex);
  auto Made = std::make_unique<HostContext>();
  Made->Id = NextContext++;
  Made->Device = Device;
  Context = Made->Id;
  CreatedContexts.emplace(Context, std::move(Made));
  return cudaSuccess;
}

cudaError_t HostBackend::contextDestroy(unsigned Context) {
  HostContext *C = nullptr;
  {
    std::lock_guard<std::mutex> Lock(ContextsMutex);
    auto It = CreatedContexts.find(Context);
    if (It == CreatedContexts.end() || !It->second->Live)
      return cudaErrorDeviceUninitialized; // CUDA_ERROR_INVALID_CONTEXT
    C = It->second.get();
  }
  // Its work runs (or is dropped after its fault) before it goes.
  queueOf(C->Device).waitForAll();
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Streams.begin(); It != Streams.end();) {
      if ((*It)->Context != C) {
        ++It;
        continue;
      }
      delete *It;
      It = Streams.erase(It);
    }
  }
  std::lock_guard<std::mutex> Lock(ContextsMutex);
  C->Live = false;
  if (CurrentCreatedContext == Context)
    CurrentCreatedContext = 0;
  return cudaSuccess;
}

cudaError_t HostBackend::setContext(unsigned Context) {
  if (Context < FirstCreatedContext)
    return setDevice(static_cast<int>(Context));
  int Device = 0;
  {
    std::lock_guard<std::mutex> Lock(ContextsMutex);
    auto It = CreatedContexts.find(Context);
    if (It == CreatedContexts.end() || !It->second->Live)
      return cudaErrorDeviceUninitialized; // CUDA_ERROR_INVALID_CONTEXT
    Device = It->second->Device;
  }
  if (cudaError_t Status = setDevice(Device))
    return Status;
  CurrentCreatedContext = Context;
  return cudaSuccess;
}

unsigned HostBackend::currentContext() { return context().Id; }

cudaError_t HostBackend::streamContext(cudaStream_t Stream, unsigned &Context) {
  HostContext *C = contextOfStream(Stream);
  if (!C)
    return cudaErrorInvalidResourceHandle;
  Context = C->Id;
  return cudaSuccess;
}

cudaError_t HostBackend::pointerContext(const void *Ptr, unsigned &Context) {
  std::optional<Allocation> A = findAllocation(Ptr);
  if (!A)
    return cudaErrorInvalidValue;
  Context = A->Context < 0 ? unsigned(A->Device) : unsigned(A->Context);
  return cudaSuccess;
}

} // namespace rubicon::cudart::host
