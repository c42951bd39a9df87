//===- ApiHelpers.h - What every cuda* function does ------------*- C++ -*-===//
//
// Part of Rubicon. Each cuda* function checks its arguments, gets the backend
// from the Runtime (which reports initialization failures and sticky errors)
// and records whatever error results as the thread's last error. The files
// implementing the API by family (RuntimeApi.cpp, Memory3D.cpp, ...) share
// these helpers.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDART_APIHELPERS_H
#define RUBICON_CUDART_APIHELPERS_H

#include "PerThreadStream.h"
#include "Runtime.h"

namespace rubicon::cudart {

inline Runtime &runtime() { return Runtime::instance(); }

/// Records Status as the thread's last error (if it is one) and returns it.
inline cudaError_t fail(cudaError_t Status) { return runtime().record(Status); }

/// Runs Call on the initialized backend and records its error.
template <class CallT> cudaError_t withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (cudaError_t Status = runtime().acquire(B))
    return fail(Status);
  return runtime().record(Call(*B));
}

/// Forgets what StreamAttributes.cpp keeps about a destroyed stream.
void forgetStream(cudaStream_t Stream);


/// The device address of bytes [Offset, Offset + Count) of the variable
/// Symbol names (its host shadow, or its name as a string): cudaErrorInvalidSymbol
/// for an unknown symbol, cudaErrorInvalidValue for a range outside it.
cudaError_t symbolRange(Backend &B, const void *Symbol, size_t Offset,
                        size_t Count, char *&Address);

inline LaunchDims toLaunchDims(dim3 Dims) { return {Dims.x, Dims.y, Dims.z}; }

/// cudaLaunchKernel of something that is not a registered host stub: a
/// kernel handle (cudaKernel_t, cudaFunction_t) goes to the driver's launch
/// (Libraries.cpp); std::nullopt when the driver does not know it either.
std::optional<cudaError_t> launchKernelHandle(const void *Func, dim3 Grid,
                                              dim3 Block, void **Args,
                                              size_t SharedMem,
                                              cudaStream_t Stream,
                                              bool Cooperative);

/// The device number CUDA 12's memory hints took for a CUDA 13
/// cudaMemLocation: a device's id, or cudaCpuDeviceId for host memory (NUMA
/// nodes are not told apart); false for an invalid location.
inline bool deviceOfLocation(const cudaMemLocation &Location, int &Device) {
  switch (Location.type) {
  case cudaMemLocationTypeDevice:
    Device = Location.id;
    return true;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
  case cudaMemLocationTypeHostNumaCurrent:
    Device = cudaCpuDeviceId;
    return true;
  default:
    return false;
  }
}

} // namespace rubicon::cudart

#endif // RUBICON_CUDART_APIHELPERS_H
