//===- StreamOrder.h - Host backends' work in a stream's order ---*- C++ -*-===//
//
// Part of Rubicon. The host backends run a library call on the calling
// thread once the handle's stream has drained, which is the stream's order.
// While the stream is being captured into a graph nothing may wait for it:
// the call then becomes a host node of the graph (cudaLaunchHostFunc), run
// at each launch of the graph in the graph's order, and the work is kept
// until the graph goes (a user object the graph owns). Such work must copy
// what it reads from the caller at the call (values, host-mode scalars:
// HostScalar), and reads device memory when it runs.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LIBRARIES_STREAM_ORDER_H
#define RUBICON_LIBRARIES_STREAM_ORDER_H

#include "cuda_runtime_api.h"

#include <cstring>
#include <functional>

namespace rubicon::libraries {

/// Whether \p Stream (or the legacy stream it stands for) is capturing.
bool capturing(cudaStream_t Stream);

/// Adds \p Work to the graph \p Stream is capturing, as a host node.
cudaError_t captureHostWork(cudaStream_t Stream, std::function<void()> Work);

/// Runs \p Work in \p Stream's order: captured while the stream captures,
/// else now after the stream drained. \p Work returns \p Status, whose
/// \p Success is returned for captured work (its outcome is not known
/// until the graph runs) and \p Failed when the stream or the capture
/// fails.
template <class Status, class Fn>
Status inStreamOrder(cudaStream_t Stream, Status Success, Status Failed,
                     Fn Work) {
  if (capturing(Stream))
    return captureHostWork(Stream, [Work]() mutable { (void)Work(); }) ==
                   cudaSuccess
               ? Success
               : Failed;
  if (cudaStreamSynchronize(Stream) != cudaSuccess)
    return Failed;
  return Work();
}

/// A scalar argument as the call saw it: a host-mode scalar is copied at
/// the call (the caller's variable may change or go before captured work
/// runs), a device-mode one is read through its pointer when the work runs.
class HostScalar {
  alignas(16) unsigned char Bytes[16] = {};
  const void *Device = nullptr;

public:
  HostScalar() = default;
  HostScalar(const void *Scalar, size_t Size, bool HostMode) {
    if (HostMode && Scalar && Size <= sizeof(Bytes))
      std::memcpy(Bytes, Scalar, Size);
    else
      Device = Scalar;
  }
  const void *get() const { return Device ? Device : Bytes; }
  template <class T> const T *as() const { return static_cast<const T *>(get()); }
};

} // namespace rubicon::libraries

#endif // RUBICON_LIBRARIES_STREAM_ORDER_H
