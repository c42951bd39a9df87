//===- DriverInternal.h - What libcuda's files share -------------*- C++ -*-===//
//
// Part of Rubicon. The driver's state as DriverApi.cpp keeps it, for the
// other files of libcuda (DriverGraphApi.cpp, DriverExtras.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_DRIVERINTERNAL_H
#define RUBICON_CUDA_DRIVERINTERNAL_H

#include "cuda.h"
#include "driver_types.h"
#include "texture_types.h"

#include "Backend.h"

#include <string>

namespace rubicon::driver {

/// The driver's backend after a successful cuInit; CUDA_ERROR_NOT_INITIALIZED
/// before (the cuInit failure if it failed).
CUresult acquireBackend(cudart::Backend *&Out);
/// The driver API's error for a runtime API error.
CUresult toDriverResult(cudaError_t Status);
/// The backend's function behind a CUfunction; nullptr for a stale or
/// made-up handle.
void *backendFunction(CUfunction Function);
/// The same, with the name the function was looked up by.
void *backendFunction(CUfunction Function, std::string &Name);
/// The opaque handle of a device's primary context, and back (-1: none).
CUcontext primaryContext(int Device);
int contextDevice(CUcontext Context);

/// Runs Call on the backend after cuInit.
template <class CallT> CUresult withBackend(CallT &&Call) {
  cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  return toDriverResult(Call(*B));
}

/// cuMemcpy3D(Async) (Arrays.cpp), which cuMemcpy2D uses too: either end
/// may be host, device or unified memory or a CUDA array; Stream is null for
/// a synchronous copy.
CUresult copy3D(const CUDA_MEMCPY3D *Copy, const CUstream *Stream);

/// A driver array format and channel count (1, 2 or 4) as the runtime's
/// channel descriptor, and back (Arrays.cpp).
CUresult channelDesc(CUarray_format Format, unsigned Channels,
                     cudaChannelFormatDesc &Desc);
void driverFormat(const cudaChannelFormatDesc &Desc, CUarray_format &Format,
                  unsigned &Channels);

inline cudaStream_t toStream(CUstream Stream) {
  return reinterpret_cast<cudaStream_t>(Stream);
}

} // namespace rubicon::driver

#endif // RUBICON_CUDA_DRIVERINTERNAL_H
