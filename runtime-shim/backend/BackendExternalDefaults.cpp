//===- BackendExternalDefaults.cpp - External resources for other backends ===//
//
// Part of Rubicon. The external memory, external semaphore, shareable arena,
// stream memory operation and stream multiprocessor limit families of Backend (Backend.h) for a backend that has none:
// every call is cudaErrorNotSupported (CUDA_ERROR_NOT_SUPPORTED in libcuda).
//
//===----------------------------------------------------------------------===//
#include "Backend.h"

namespace rubicon::cudart {

cudaError_t Backend::importExternalMemory(void *&,
                                          const cudaExternalMemoryHandleDesc &) {
  return cudaErrorNotSupported;
}
cudaError_t
Backend::externalMemoryMappedBuffer(void *&, void *,
                                    const cudaExternalMemoryBufferDesc &) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::destroyExternalMemory(void *) {
  return cudaErrorNotSupported;
}
cudaError_t
Backend::importExternalSemaphore(void *&,
                                 const cudaExternalSemaphoreHandleDesc &) {
  return cudaErrorNotSupported;
}
cudaError_t
Backend::signalExternalSemaphore(void *,
                                 const cudaExternalSemaphoreSignalParams &,
                                 cudaStream_t) {
  return cudaErrorNotSupported;
}
cudaError_t
Backend::waitExternalSemaphore(void *, const cudaExternalSemaphoreWaitParams &,
                               cudaStream_t) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::destroyExternalSemaphore(void *) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::arenaCreate(void *&, int) { return cudaErrorNotSupported; }
cudaError_t Backend::arenaExport(int &, void *) { return cudaErrorNotSupported; }
cudaError_t Backend::arenaImport(void *&, int) { return cudaErrorNotSupported; }
cudaError_t Backend::arenaMap(void *&, void *, size_t, size_t, bool) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::arenaRelease(void *) { return cudaErrorNotSupported; }
cudaError_t Backend::streamLimitMultiprocessors(cudaStream_t, unsigned) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::streamWaitValue(cudaStream_t, void *, unsigned long long,
                                     bool, unsigned) {
  return cudaErrorNotSupported;
}
cudaError_t Backend::streamWriteValue(cudaStream_t, void *, unsigned long long,
                                      bool, unsigned) {
  return cudaErrorNotSupported;
}

} // namespace rubicon::cudart
