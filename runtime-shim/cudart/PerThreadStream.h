//===- PerThreadStream.h - The stream of a _ptsz entry point ----*- C++ -*-===//
//
// Part of Rubicon. cuda_runtime_api.h selects the _ptsz variants of the
// stream-taking calls under CUDA_API_PER_THREAD_DEFAULT_STREAM; each is the
// plain call on the stream this gives.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUDART_PERTHREADSTREAM_H
#define RUBICON_CUDART_PERTHREADSTREAM_H

#include "driver_types.h"

namespace rubicon::cudart {

/// The stream a _ptsz entry point means: stream 0 is the calling thread's
/// per-thread default stream.
inline cudaStream_t perThread(cudaStream_t Stream) {
  return Stream ? Stream : cudaStreamPerThread;
}

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_PERTHREADSTREAM_H
