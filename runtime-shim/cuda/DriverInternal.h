//===- DriverInternal.h - What libcuda's files share -------------*- C++ -*-===//
//
// Part of Rubicon. The driver's state as DriverApi.cpp keeps it, for the
// other files of libcuda (DriverGraphApi.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_DRIVERINTERNAL_H
#define RUBICON_CUDA_DRIVERINTERNAL_H

#include "cuda.h"
#include "driver_types.h"

#include "Backend.h"

namespace rubicon::driver {

/// The driver's backend after a successful cuInit; CUDA_ERROR_NOT_INITIALIZED
/// before (the cuInit failure if it failed).
CUresult acquireBackend(cudart::Backend *&Out);
/// The driver API's error for a runtime API error.
CUresult toDriverResult(cudaError_t Status);
/// The backend's function behind a CUfunction; nullptr for a stale or
/// made-up handle.
void *backendFunction(CUfunction Function);

} // namespace rubicon::driver

#endif // RUBICON_CUDA_DRIVERINTERNAL_H
