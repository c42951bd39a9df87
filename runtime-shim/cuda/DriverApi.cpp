//===- DriverApi.cpp - The CUDA driver API (cu* functions) ----------------===//
//
// Part of Rubicon. The driver API subset of ApiFunctions.def over its own
// instance of the backend (Backend.h), created by cuInit. Calls before a
// successful cuInit return CUDA_ERROR_NOT_INITIALIZED, as CUDA's do.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"
#include "driver_types.h"

#include "Backend.h"
#include "host/HostBackend.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

using namespace rubicon::cudart;

namespace {

struct DriverErrorInfo {
  CUresult Code;
  const char *Name;
  const char *Description;
};

constexpr DriverErrorInfo DriverErrors[] = {
#define CU_ERROR(Name, Description) {Name, #Name, Description},
#include "DriverErrorCodes.def"
};

const DriverErrorInfo *findDriverError(int Code) {
  const auto *It = std::find_if(
      std::begin(DriverErrors), std::end(DriverErrors),
      [&](const DriverErrorInfo &Row) { return int(Row.Code) == Code; });
  return It == std::end(DriverErrors) ? nullptr : It;
}

/// The driver API's error for a runtime API error from the backend. Both
/// APIs give most errors the same number; the rest are listed here.
CUresult toDriverError(cudaError_t Status) {
  switch (Status) {
  case cudaErrorInsufficientDriver:
    return CUDA_ERROR_STUB_LIBRARY;
  case cudaErrorInvalidConfiguration:
  case cudaErrorInvalidMemcpyDirection:
  case cudaErrorInvalidSymbol:
    return CUDA_ERROR_INVALID_VALUE;
  case cudaErrorInvalidDeviceFunction:
    return CUDA_ERROR_INVALID_HANDLE;
  default:
    return findDriverError(Status) ? static_cast<CUresult>(Status)
                                   : CUDA_ERROR_UNKNOWN;
  }
}

/// The driver API's backend: HIP, or the host execution target's CPU device
/// under RUBICON_BACKEND=host (docs/host-target.md). Without fat binaries to
/// look at there is no automatic choice: a machine without an AMD GPU keeps
/// CUDA_ERROR_NO_DEVICE unless asked.
std::unique_ptr<Backend> createDriverBackend() {
  const char *Forced = std::getenv("RUBICON_BACKEND");
  if (Forced && std::strcmp(Forced, "host") == 0)
    return createHostBackend();
  return createHipBackend();
}

/// The driver's state: the backend once cuInit succeeded.
class Driver {
public:
  static Driver &instance() {
    static Driver *TheDriver = new Driver();
    return *TheDriver;
  }

  CUresult initialize() {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!InitStatus) {
      ActiveBackend = createDriverBackend();
      InitStatus = toDriverError(ActiveBackend->initialize());
    }
    return *InitStatus;
  }

  /// The backend, or CUDA_ERROR_NOT_INITIALIZED before a successful cuInit
  /// (the cuInit failure itself if it failed).
  CUresult acquire(Backend *&Out) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Out = nullptr;
    if (!InitStatus)
      return CUDA_ERROR_NOT_INITIALIZED;
    if (*InitStatus != CUDA_SUCCESS)
      return *InitStatus;
    Out = ActiveBackend.get();
    return CUDA_SUCCESS;
  }

private:
  std::mutex Mutex;
  std::unique_ptr<Backend> ActiveBackend;
  std::optional<CUresult> InitStatus;
};

/// Runs Call on the backend after cuInit.
template <class CallT> CUresult withBackend(CallT &&Call) {
  Backend *B = nullptr;
  if (CUresult Status = Driver::instance().acquire(B))
    return Status;
  return toDriverError(Call(*B));
}

/// Properties of an existing device.
cudaError_t propertiesOf(Backend &B, CUdevice Device, cudaDeviceProp &P) {
  int Count = 0;
  if (cudaError_t Status = B.getDeviceCount(Count))
    return Status;
  if (Device < 0 || Device >= Count)
    return cudaErrorInvalidDevice;
  return B.getDeviceProperties(P, Device);
}

/// Opaque handles standing for each device's primary context.
CUcontext primaryContextOf(int Device) {
  static char Contexts[64];
  return reinterpret_cast<CUcontext>(&Contexts[Device & 63]);
}

} // namespace

extern "C" {

CUresult cuInit(unsigned int Flags) {
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  return Driver::instance().initialize();
}

CUresult cuDriverGetVersion(int *DriverVersion) {
  if (!DriverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  *DriverVersion = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *Count) {
  if (!Count)
    return CUDA_ERROR_INVALID_VALUE;
  *Count = 0;
  return withBackend([&](Backend &B) { return B.getDeviceCount(*Count); });
}

CUresult cuDeviceGet(CUdevice *Device, int Ordinal) {
  if (!Device)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Ordinal < 0 || Ordinal >= Count)
      return cudaErrorInvalidDevice;
    *Device = Ordinal;
    return cudaSuccess;
  });
}

CUresult cuDeviceGetName(char *Name, int Length, CUdevice Device) {
  if (!Name || Length <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    if (cudaError_t Status = propertiesOf(B, Device, P))
      return Status;
    std::strncpy(Name, P.name, static_cast<size_t>(Length) - 1);
    Name[Length - 1] = '\0';
    return cudaSuccess;
  });
}

CUresult cuDeviceTotalMem(size_t *Bytes, CUdevice Device) {
  if (!Bytes)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    cudaError_t Status = propertiesOf(B, Device, P);
    if (Status == cudaSuccess)
      *Bytes = P.totalGlobalMem;
    return Status;
  });
}

CUresult cuDeviceTotalMem_v2(size_t *Bytes, CUdevice Device) {
  return cuDeviceTotalMem(Bytes, Device);
}

CUresult cuDeviceGetAttribute(int *Value, CUdevice_attribute Attribute,
                              CUdevice Device) {
  if (!Value)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    if (cudaError_t Status = propertiesOf(B, Device, P))
      return Status;
    // CU_DEVICE_ATTRIBUTE_* and cudaDevAttr* share their numbers.
    switch (static_cast<cudaDeviceAttr>(Attribute)) {
#define DEVICE_ATTRIBUTE(Name, Expression)                                     \
  case Name:                                                                   \
    *Value = static_cast<int>(Expression);                                     \
    return cudaSuccess;
#include "DeviceAttributes.def"
    default:
      return cudaErrorInvalidValue;
    }
  });
}

CUresult cuDeviceComputeCapability(int *Major, int *Minor, CUdevice Device) {
  if (!Major || !Minor)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    cudaDeviceProp P{};
    cudaError_t Status = propertiesOf(B, Device, P);
    if (Status == cudaSuccess) {
      *Major = P.major;
      *Minor = P.minor;
    }
    return Status;
  });
}

CUresult cuGetErrorName(CUresult Error, const char **Name) {
  if (!Name)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverErrorInfo *Info = findDriverError(Error);
  *Name = Info ? Info->Name : nullptr;
  return Info ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult Error, const char **Description) {
  if (!Description)
    return CUDA_ERROR_INVALID_VALUE;
  const DriverErrorInfo *Info = findDriverError(Error);
  *Description = Info ? Info->Description : nullptr;
  return Info ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuCtxGetCurrent(CUcontext *Context) {
  if (!Context)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) {
    int Device = 0;
    cudaError_t Status = B.getDevice(Device);
    *Context = Status == cudaSuccess ? primaryContextOf(Device) : nullptr;
    return Status;
  });
}

CUresult cuCtxSynchronize(void) {
  return withBackend([](Backend &B) { return B.deviceSynchronize(); });
}

CUresult cuMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](Backend &B) { return B.memGetInfo(*Free, *Total); });
}

CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  return cuMemGetInfo(Free, Total);
}

} // extern "C"
