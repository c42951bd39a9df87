//===- Ipc.cpp - cudaIpc*: memory and events shared between processes -----===//
//
// Part of Rubicon. The runtime's interprocess calls over the backend
// (Backend.h, ipc*): HIP's IPC on the HIP backend; memory files on the host
// backend (backend/host/HostIpc.cpp, docs/host-target.md).
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"

using namespace rubicon::cudart;

static_assert(sizeof(cudaIpcMemHandle_t) == Backend::IpcHandleSize &&
              sizeof(cudaIpcEventHandle_t) == Backend::IpcHandleSize);

extern "C" {

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *Handle, void *DevPtr) {
  if (!Handle || !DevPtr)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.ipcGetMemHandle(Handle, DevPtr); });
}

cudaError_t cudaIpcOpenMemHandle(void **DevPtr, cudaIpcMemHandle_t Handle,
                                 unsigned int Flags) {
  if (!DevPtr || (Flags & ~unsigned(cudaIpcMemLazyEnablePeerAccess)))
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.ipcOpenMemHandle(*DevPtr, &Handle, Flags); });
}

cudaError_t cudaIpcCloseMemHandle(void *DevPtr) {
  if (!DevPtr)
    return fail(cudaErrorInvalidValue);
  return withBackend([&](Backend &B) { return B.ipcCloseMemHandle(DevPtr); });
}

cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *Handle,
                                  cudaEvent_t Event) {
  if (!Handle || !Event)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.ipcGetEventHandle(Handle, Event); });
}

cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *Event,
                                   cudaIpcEventHandle_t Handle) {
  if (!Event)
    return fail(cudaErrorInvalidValue);
  return withBackend(
      [&](Backend &B) { return B.ipcOpenEventHandle(*Event, &Handle); });
}

} // extern "C"
