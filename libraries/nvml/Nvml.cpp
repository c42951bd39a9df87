//===- Nvml.cpp - NVML's device queries over the runtime ------------------===//
//
// Part of Rubicon. The devices NVML reports are the runtime's (host device
// or AMD GPUs), queried through its public API: count, name, UUID, memory,
// clocks. Sensors the runtime does not expose (utilization, temperature,
// power) answer NVML_ERROR_NOT_SUPPORTED, NVML's status for a device without
// the feature. A device handle is its index plus one.
//
//===----------------------------------------------------------------------===//
#include "nvml.h"

#include "cuda_runtime_api.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

std::atomic<int> InitCount{0};

nvmlReturn_t copyString(char *Out, unsigned Length, const char *Text) {
  if (!Out)
    return NVML_ERROR_INVALID_ARGUMENT;
  if (std::strlen(Text) + 1 > Length)
    return NVML_ERROR_INSUFFICIENT_SIZE;
  std::strcpy(Out, Text);
  return NVML_SUCCESS;
}

/// The runtime device behind a handle, or an error.
nvmlReturn_t deviceOf(nvmlDevice_t Device, int &Index) {
  if (InitCount.load() <= 0)
    return NVML_ERROR_UNINITIALIZED;
  Index = int(reinterpret_cast<uintptr_t>(Device)) - 1;
  int Count = 0;
  if (!Device || cudaGetDeviceCount(&Count) != cudaSuccess || Index >= Count)
    return NVML_ERROR_INVALID_ARGUMENT;
  return NVML_SUCCESS;
}

nvmlReturn_t properties(nvmlDevice_t Device, cudaDeviceProp &Prop) {
  int Index;
  if (nvmlReturn_t R = deviceOf(Device, Index))
    return R;
  return cudaGetDeviceProperties(&Prop, Index) == cudaSuccess
             ? NVML_SUCCESS
             : NVML_ERROR_UNKNOWN;
}

} // namespace

extern "C" {

nvmlReturn_t nvmlInit_v2(void) { return nvmlInitWithFlags(0); }

nvmlReturn_t nvmlInitWithFlags(unsigned int) {
  int Count = 0;
  cudaError_t Error = cudaGetDeviceCount(&Count);
  if (Error == cudaErrorInsufficientDriver)
    return NVML_ERROR_DRIVER_NOT_LOADED;
  ++InitCount;
  return NVML_SUCCESS;
}

nvmlReturn_t nvmlShutdown(void) {
  if (InitCount.load() <= 0)
    return NVML_ERROR_UNINITIALIZED;
  --InitCount;
  return NVML_SUCCESS;
}

const char *nvmlErrorString(nvmlReturn_t Result) {
  switch (Result) {
  case NVML_SUCCESS: return "Success";
  case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
  case NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
  case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
  case NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
  case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded (no GPU runtime)";
  case NVML_ERROR_NOT_FOUND: return "Not Found";
  default: return "Unknown Error";
  }
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *Version, unsigned Length) {
  int V = 0;
  cudaDriverGetVersion(&V);
  char Text[32];
  std::snprintf(Text, sizeof(Text), "rubicon-%d.%d", V / 1000, V % 1000 / 10);
  return copyString(Version, Length, Text);
}

nvmlReturn_t nvmlSystemGetNVMLVersion(char *Version, unsigned Length) {
  return copyString(Version, Length, "12.0");
}

nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *Version) {
  if (!Version)
    return NVML_ERROR_INVALID_ARGUMENT;
  return cudaDriverGetVersion(Version) == cudaSuccess ? NVML_SUCCESS
                                                      : NVML_ERROR_UNKNOWN;
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *Count) {
  if (InitCount.load() <= 0)
    return NVML_ERROR_UNINITIALIZED;
  if (!Count)
    return NVML_ERROR_INVALID_ARGUMENT;
  int N = 0;
  *Count = cudaGetDeviceCount(&N) == cudaSuccess ? unsigned(N) : 0;
  return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int Index,
                                           nvmlDevice_t *Device) {
  if (InitCount.load() <= 0)
    return NVML_ERROR_UNINITIALIZED;
  int Count = 0;
  if (!Device || cudaGetDeviceCount(&Count) != cudaSuccess ||
      Index >= unsigned(Count))
    return NVML_ERROR_INVALID_ARGUMENT;
  *Device = reinterpret_cast<nvmlDevice_t>(uintptr_t(Index) + 1);
  return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t Device, unsigned int *Index) {
  int I;
  if (nvmlReturn_t R = deviceOf(Device, I))
    return R;
  if (!Index)
    return NVML_ERROR_INVALID_ARGUMENT;
  *Index = unsigned(I);
  return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t Device, char *Name,
                               unsigned Length) {
  cudaDeviceProp Prop;
  if (nvmlReturn_t R = properties(Device, Prop))
    return R;
  return copyString(Name, Length, Prop.name);
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t Device, char *Uuid,
                               unsigned Length) {
  cudaDeviceProp Prop;
  if (nvmlReturn_t R = properties(Device, Prop))
    return R;
  // NVML's form: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
  const auto *B = reinterpret_cast<const unsigned char *>(Prop.uuid.bytes);
  char Text[64];
  std::snprintf(Text, sizeof(Text),
                "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                "%02x%02x%02x%02x%02x%02x",
                B[0], B[1], B[2], B[3], B[4], B[5], B[6], B[7], B[8], B[9],
                B[10], B[11], B[12], B[13], B[14], B[15]);
  return copyString(Uuid, Length, Text);
}

nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t Device,
                                     nvmlMemory_t *Memory) {
  int Index;
  if (nvmlReturn_t R = deviceOf(Device, Index))
    return R;
  if (!Memory)
    return NVML_ERROR_INVALID_ARGUMENT;
  int Previous = 0;
  cudaGetDevice(&Previous);
  size_t Free = 0, Total = 0;
  bool Ok = cudaSetDevice(Index) == cudaSuccess &&
            cudaMemGetInfo(&Free, &Total) == cudaSuccess;
  cudaSetDevice(Previous);
  if (!Ok)
    return NVML_ERROR_UNKNOWN;
  *Memory = {Total, Free, Total - Free};
  return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t Device, nvmlClockType_t Type,
                                    unsigned int *Clock) {
  cudaDeviceProp Prop;
  if (nvmlReturn_t R = properties(Device, Prop))
    return R;
  if (!Clock)
    return NVML_ERROR_INVALID_ARGUMENT;
  // The runtime knows the peak clocks only (kHz): reported in MHz.
  switch (Type) {
  case NVML_CLOCK_GRAPHICS:
  case NVML_CLOCK_SM:
    *Clock = unsigned(Prop.clockRate / 1000);
    return NVML_SUCCESS;
  case NVML_CLOCK_MEM:
    *Clock = unsigned(Prop.memoryClockRate / 1000);
    return NVML_SUCCESS;
  default:
    return NVML_ERROR_NOT_SUPPORTED;
  }
}

nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t Device,
                                       nvmlClockType_t Type,
                                       unsigned int *Clock) {
  return nvmlDeviceGetClockInfo(Device, Type, Clock);
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t Device,
                                           nvmlUtilization_t *) {
  int Index;
  nvmlReturn_t R = deviceOf(Device, Index);
  return R ? R : NVML_ERROR_NOT_SUPPORTED;
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t Device,
                                      nvmlTemperatureSensors_t,
                                      unsigned int *) {
  int Index;
  nvmlReturn_t R = deviceOf(Device, Index);
  return R ? R : NVML_ERROR_NOT_SUPPORTED;
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t Device, unsigned int *) {
  int Index;
  nvmlReturn_t R = deviceOf(Device, Index);
  return R ? R : NVML_ERROR_NOT_SUPPORTED;
}

} // extern "C"
