//===- BackendDriverDefaults.cpp - Driver-API operations by default -------===//
//
// Part of Rubicon. The Backend operations only libcuda uses, for backends
// that do not implement them (a test's fake backend): not supported, except
// byte-uniform fills, which memset serves.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

namespace rubicon::cudart {

cudaError_t Backend::moduleLoad(void *&Module, const void *, size_t) {
  Module = nullptr;
  return cudaErrorNotSupported;
}

cudaError_t Backend::moduleUnload(void *) { return cudaErrorNotSupported; }

cudaError_t Backend::moduleGetFunction(void *&Function, void *, const char *) {
  Function = nullptr;
  return cudaErrorNotSupported;
}

cudaError_t Backend::moduleGetGlobal(void *&Address, size_t &Size, void *,
                                     const char *) {
  Address = nullptr;
  Size = 0;
  return cudaErrorNotSupported;
}

cudaError_t Backend::moduleFuncGetAttributes(cudaFuncAttributes &, void *) {
  return cudaErrorNotSupported;
}

cudaError_t
Backend::moduleOccupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks, void *,
                                                         int, size_t) {
  NumBlocks = 0;
  return cudaErrorNotSupported;
}

cudaError_t Backend::moduleLaunchKernel(void *, LaunchDims, LaunchDims, void **,
                                        const void *, size_t, size_t,
                                        cudaStream_t) {
  return cudaErrorNotSupported;
}

cudaError_t Backend::memsetElements(void *Ptr, unsigned Value,
                                    unsigned ElementSize, size_t Count,
                                    cudaStream_t Stream, bool Async) {
  unsigned Byte = Value & 0xff;
  for (unsigned I = 1; I < ElementSize; ++I)
    if (((Value >> (8 * I)) & 0xff) != Byte)
      return cudaErrorNotSupported;
  size_t Bytes = Count * ElementSize;
  return Async ? memsetAsync(Ptr, int(Byte), Bytes, Stream)
               : memset(Ptr, int(Byte), Bytes);
}

cudaError_t Backend::memGetAddressRange(void *&Base, size_t &Size,
                                        const void *) {
  Base = nullptr;
  Size = 0;
  return cudaErrorNotSupported;
}

cudaError_t Backend::kernelParameterSizes(const void *, bool,
                                          std::vector<size_t> &Sizes) {
  Sizes.clear();
  return cudaErrorNotSupported;
}

cudaError_t Backend::kernelFunctionOfStub(void *&Function, const void *) {
  Function = nullptr;
  return cudaErrorNotSupported;
}

cudaError_t Backend::kernelParameterLayout(const void *,
                                           std::vector<size_t> &Offsets,
                                           std::vector<size_t> &Sizes) {
  Offsets.clear();
  Sizes.clear();
  return cudaErrorNotSupported;
}

cudaError_t Backend::setDeviceHeapSize(size_t) { return cudaErrorNotSupported; }
cudaError_t Backend::setPendingLaunchLimit(size_t) {
  return cudaErrorNotSupported;
}

// Primary contexts only: the current context is the current device's.
cudaError_t Backend::contextCreate(unsigned &Context, int) {
  Context = 0;
  return cudaErrorNotSupported;
}

cudaError_t Backend::contextDestroy(unsigned) {
  return cudaErrorInvalidValue; // CUDA_ERROR_INVALID_VALUE: no such context
}

cudaError_t Backend::setContext(unsigned Context) {
  if (Context >= FirstCreatedContext)
    return cudaErrorInvalidValue;
  return setDevice(static_cast<int>(Context));
}

unsigned Backend::currentContext() {
  int Device = 0;
  getDevice(Device);
  return static_cast<unsigned>(Device);
}

cudaError_t Backend::streamContext(cudaStream_t Stream, unsigned &Context) {
  unsigned Flags = 0;
  if (cudaError_t Status = streamGetFlags(Stream, Flags))
    return Status;
  Context = currentContext();
  return cudaSuccess;
}

cudaError_t Backend::pointerContext(const void *Ptr, unsigned &Context) {
  cudaPointerAttributes Attributes{};
  if (cudaError_t Status = pointerGetAttributes(Attributes, Ptr))
    return Status;
  if (Attributes.type == cudaMemoryTypeUnregistered || Attributes.device < 0)
    return cudaErrorInvalidValue;
  Context = static_cast<unsigned>(Attributes.device); // its primary context
  return cudaSuccess;
}

} // namespace rubicon::cudart
