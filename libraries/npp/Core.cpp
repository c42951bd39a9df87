//===- Core.cpp - NPP's core (libnppc): version, device, stream -----------===//
//
// Part of Rubicon. The version, the current device's figures and NPP's
// process-wide stream, from the runtime's public API.
//
//===----------------------------------------------------------------------===//
#include "nppcore.h"

#include <atomic>

namespace {

std::atomic<cudaStream_t> CurrentStream{nullptr};

/// One attribute of the current device, or -1 (NPP's failure value).
int attribute(cudaDeviceAttr Attribute) {
  int Device = 0, Value = 0;
  if (cudaGetDevice(&Device) != cudaSuccess ||
      cudaDeviceGetAttribute(&Value, Attribute, Device) != cudaSuccess)
    return -1;
  return Value;
}

} // namespace

extern "C" {

const NppLibraryVersion *nppGetLibVersion(void) {
  static const NppLibraryVersion Version = {
      NPP_VERSION_MAJOR, NPP_VERSION_MINOR, NPP_VERSION_BUILD};
  return &Version;
}

int nppGetGpuNumSMs(void) {
  return attribute(cudaDevAttrMultiProcessorCount);
}

int nppGetMaxThreadsPerBlock(void) {
  return attribute(cudaDevAttrMaxThreadsPerBlock);
}

int nppGetMaxThreadsPerSM(void) {
  return attribute(cudaDevAttrMaxThreadsPerMultiProcessor);
}

int nppGetGpuDeviceProperties(int *pMaxThreadsPerSM, int *pMaxThreadsPerBlock,
                              int *pNumberOfSMs) {
  if (!pMaxThreadsPerSM || !pMaxThreadsPerBlock || !pNumberOfSMs)
    return -1;
  *pMaxThreadsPerSM = nppGetMaxThreadsPerSM();
  *pMaxThreadsPerBlock = nppGetMaxThreadsPerBlock();
  *pNumberOfSMs = nppGetGpuNumSMs();
  if (*pMaxThreadsPerSM < 0 || *pMaxThreadsPerBlock < 0 || *pNumberOfSMs < 0)
    return -1;
  return cudaSuccess;
}

const char *nppGetGpuName(void) {
  thread_local cudaDeviceProp Prop;
  int Device = 0;
  if (cudaGetDevice(&Device) != cudaSuccess ||
      cudaGetDeviceProperties(&Prop, Device) != cudaSuccess)
    return "";
  return Prop.name;
}

cudaStream_t nppGetStream(void) { return CurrentStream.load(); }

NppStatus nppSetStream(cudaStream_t hStream) {
  CurrentStream.store(hStream);
  return NPP_NO_ERROR;
}

NppStatus nppGetStreamContext(NppStreamContext *pNppStreamContext) {
  if (!pNppStreamContext)
    return NPP_NULL_POINTER_ERROR;
  NppStreamContext Context = {};
  Context.hStream = CurrentStream.load();
  cudaDeviceProp Prop;
  if (cudaGetDevice(&Context.nCudaDeviceId) != cudaSuccess ||
      cudaGetDeviceProperties(&Prop, Context.nCudaDeviceId) != cudaSuccess)
    return NPP_ERROR;
  Context.nMultiProcessorCount = Prop.multiProcessorCount;
  Context.nMaxThreadsPerMultiProcessor = Prop.maxThreadsPerMultiProcessor;
  Context.nMaxThreadsPerBlock = Prop.maxThreadsPerBlock;
  Context.nSharedMemPerBlock = Prop.sharedMemPerBlock;
  Context.nCudaDevAttrComputeCapabilityMajor = Prop.major;
  Context.nCudaDevAttrComputeCapabilityMinor = Prop.minor;
  if (cudaStreamGetFlags(Context.hStream, &Context.nStreamFlags) !=
      cudaSuccess)
    return NPP_ERROR;
  *pNppStreamContext = Context;
  return NPP_NO_ERROR;
}

unsigned int nppGetStreamNumSMs(void) {
  int Value = nppGetGpuNumSMs();
  return Value < 0 ? 0 : unsigned(Value);
}

unsigned int nppGetStreamMaxThreadsPerSM(void) {
  int Value = nppGetMaxThreadsPerSM();
  return Value < 0 ? 0 : unsigned(Value);
}

} // extern "C"
