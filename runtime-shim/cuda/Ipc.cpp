//===- Ipc.cpp - cuIpc*: memory and events shared between processes -------===//
//
// Part of Rubicon. The driver's interprocess calls over the backend
// (Backend.h, ipc*): HIP's IPC on the HIP backend; memory files on the host
// backend (backend/host/HostIpc.cpp, docs/host-target.md).
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

using namespace rubicon;
using namespace rubicon::driver;

static_assert(sizeof(CUipcMemHandle) == cudart::Backend::IpcHandleSize &&
              sizeof(CUipcEventHandle) == cudart::Backend::IpcHandleSize);

extern "C" {

CUresult cuIpcGetMemHandle(CUipcMemHandle *Handle, CUdeviceptr Ptr) {
  if (!Handle || !Ptr)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return B.ipcGetMemHandle(Handle, reinterpret_cast<void *>(Ptr));
  });
}

CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *Ptr, CUipcMemHandle Handle,
                               unsigned int Flags) {
  if (!Ptr || (Flags & ~unsigned(CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS)))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    void *Opened = nullptr;
    cudaError_t Status = B.ipcOpenMemHandle(Opened, &Handle, Flags);
    *Ptr = reinterpret_cast<CUdeviceptr>(Opened);
    return Status;
  });
}

// CUDA 4.1's name for the same call (cuda.h names the _v2 one).
#undef cuIpcOpenMemHandle
CUresult cuIpcOpenMemHandle(CUdeviceptr *Ptr, CUipcMemHandle Handle,
                            unsigned int Flags) {
  return cuIpcOpenMemHandle_v2(Ptr, Handle, Flags);
}

CUresult cuIpcCloseMemHandle(CUdeviceptr Ptr) {
  if (!Ptr)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return B.ipcCloseMemHandle(reinterpret_cast<void *>(Ptr));
  });
}

CUresult cuIpcGetEventHandle(CUipcEventHandle *Handle, CUevent Event) {
  if (!Handle || !Event)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    return B.ipcGetEventHandle(Handle, reinterpret_cast<cudaEvent_t>(Event));
  });
}

CUresult cuIpcOpenEventHandle(CUevent *Event, CUipcEventHandle Handle) {
  if (!Event)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    cudaEvent_t Opened = nullptr;
    cudaError_t Status = B.ipcOpenEventHandle(Opened, &Handle);
    *Event = reinterpret_cast<CUevent>(Opened);
    return Status;
  });
}

} // extern "C"
