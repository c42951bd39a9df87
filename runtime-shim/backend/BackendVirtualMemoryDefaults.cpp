//===- BackendVirtualMemoryDefaults.cpp - VMM for backends without it -----===//
//
// Part of Rubicon. The virtual-memory and IPC families of Backend (Backend.h)
// for a backend that has none: every call is cudaErrorNotSupported, which
// libcuda reports as CUDA_ERROR_NOT_SUPPORTED. The host backend has virtual
// memory (shareable as file descriptors) but no IPC of cudaMalloc memory:
// that memory is private to the process.
//
//===----------------------------------------------------------------------===//
#include "Backend.h"

namespace rubicon::cudart {

cudaError_t Backend::vmmGranularity(size_t &, int, bool) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::vmmCreate(void *&, size_t, int) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::vmmRelease(void *) { return cudaErrorNotSupported; }
cudaError_t Backend::vmmReserve(void *&, size_t, size_t, void *) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::vmmFree(void *, size_t) { return cudaErrorNotSupported; }
cudaError_t Backend::vmmMap(void *, size_t, size_t, void *) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::vmmUnmap(void *, size_t) { return cudaErrorNotSupported; }
cudaError_t Backend::vmmSetAccess(void *, size_t, int, unsigned) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::vmmExport(int &, void *) { return cudaErrorNotSupported; }
cudaError_t Backend::vmmImport(void *&, int) { return cudaErrorNotSupported; }

cudaError_t Backend::ipcGetMemHandle(void *, void *) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::ipcOpenMemHandle(void *&, const void *, unsigned) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::ipcCloseMemHandle(void *) { return cudaErrorNotSupported; }
cudaError_t Backend::ipcGetEventHandle(void *, cudaEvent_t) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::ipcOpenEventHandle(cudaEvent_t &, const void *) {
  return cudaErrorNotSupported;
}

} // namespace rubicon::cudart
