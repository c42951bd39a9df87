//===- HostCopies.cpp - Host backend copies and fills ---------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"
#include <cstring>

namespace rubicon::cudart::host {

cudaError_t HostBackend::memcpyAsync(void *Dst, const void *Src, size_t Count,
                                     cudaMemcpyKind Kind, cudaStream_t Stream) {
  // From or to memory the runtime did not allocate (pageable host memory)
  // CUDA copies before returning; so does this.
  bool Pageable = !findAllocation(Src) || !findAllocation(Dst);
  return memcpyAsyncImpl(Dst, Src, Count, Kind, Stream, Pageable);
}

cudaError_t HostBackend::memcpyAsyncImpl(void *Dst, const void *Src,
                                         size_t Count, cudaMemcpyKind Kind,
                                         cudaStream_t Stream, bool Wait) {
  if (!validKind(Kind))
    return cudaErrorInvalidMemcpyDirection;
  if (Count && (!Dst || !Src))
    return cudaErrorInvalidValue;
  return enqueue(Stream, Wait, [=] {
    if (Count)
      std::memmove(Dst, Src, Count);
  });
}

cudaError_t HostBackend::memsetImpl(void *Ptr, int Value, size_t Count,
                                    cudaStream_t Stream, bool Wait) {
  if (Count && !Ptr)
    return cudaErrorInvalidValue;
  return enqueue(Stream, Wait, [=] {
    if (Count)
      std::memset(Ptr, Value, Count);
  });
}

cudaError_t HostBackend::memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                                  size_t SrcPitch, size_t Width, size_t Height,
                                  cudaMemcpyKind Kind, cudaStream_t Stream,
                                  bool Async) {
  if (!validKind(Kind))
    return cudaErrorInvalidMemcpyDirection;
  // One row needs no pitch (cudaMemcpy2D checks the same).
  if (Height > 1 && (Width > DstPitch || Width > SrcPitch))
    return cudaErrorInvalidPitchValue;
  return enqueue(Async ? Stream : nullptr, !Async, [=] {
    for (size_t Row = 0; Row < Height; ++Row)
      std::memmove(static_cast<char *>(Dst) + Row * DstPitch,
                   static_cast<const char *>(Src) + Row * SrcPitch, Width);
  });
}

cudaError_t HostBackend::memset2D(void *Ptr, size_t Pitch, int Value,
                                  size_t Width, size_t Height,
                                  cudaStream_t Stream, bool Async) {
  if (Height > 1 && Width > Pitch)
    return cudaErrorInvalidPitchValue;
  return enqueue(Async ? Stream : nullptr, !Async, [=] {
    for (size_t Row = 0; Row < Height; ++Row)
      std::memset(static_cast<char *>(Ptr) + Row * Pitch, Value, Width);
  });
}

cudaError_t HostBackend::memcpyPeer(void *Dst, int DstDevice, const void *Src,
                                    int SrcDevice, size_t Count,
                                    cudaStream_t Stream, bool Async) {
  if (!validDevice(DstDevice) || !validDevice(SrcDevice))
    return cudaErrorInvalidDevice;
  return memcpyAsyncImpl(Dst, Src, Count, cudaMemcpyDeviceToDevice, Stream,
                         !Async);
}

cudaError_t HostBackend::memsetElements(void *Ptr, unsigned Value,
                                        unsigned ElementSize, size_t Count,
                                        cudaStream_t Stream, bool Async) {
  if (Count && !Ptr)
    return cudaErrorInvalidValue;
  return enqueue(Async ? Stream : nullptr, !Async, [=] {
    auto *Bytes = static_cast<unsigned char *>(Ptr);
    for (size_t I = 0; I < Count; ++I)
      std::memcpy(Bytes + I * ElementSize, &Value, ElementSize);
  });
}

} // namespace rubicon::cudart::host
