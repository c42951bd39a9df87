// A stand-in for libamdhip64 for graph-hip-backend.test: one device, host
// memory as device memory, and the stream operations a graph launch issues
// printed as they reach HIP. The rest of HipFunctions.def comes from the
// weak stubs of driver_api_fake_hip.cpp (FAKE_HIP_STUBS).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using HipError = int;
using HipStream = void *;
using HipModule = void *;
using HipFunction = void *;
using HipStreamCallback = void (*)(HipStream, HipError, void *);

namespace {
int ModuleHandle, FunctionHandle;
} // namespace

extern "C" {
HipError hipGetDeviceCount(int *Count) {
  *Count = 1;
  return 0;
}
HipError hipRuntimeGetVersion(int *Version) {
  *Version = 60000000;
  return 0;
}
HipError hipGetDevice(int *Device) {
  *Device = 0;
  return 0;
}
HipError hipMalloc(void **Ptr, size_t Size) {
  *Ptr = std::calloc(1, Size);
  return 0;
}
HipError hipFree(void *Ptr) {
  std::free(Ptr);
  return 0;
}
HipError hipMemcpy(void *Dst, const void *Src, size_t Count, int) {
  std::memcpy(Dst, Src, Count);
  return 0;
}
HipError hipMemcpyAsync(void *Dst, const void *Src, size_t Count, int Kind,
                        HipStream) {
  std::printf("hipMemcpyAsync(%zu bytes, kind %d)\n", Count, Kind);
  std::memcpy(Dst, Src, Count);
  return 0;
}
HipError hipMemsetD32Async(void *Dst, int Value, size_t Count, HipStream) {
  std::printf("hipMemsetD32Async(%#x, %zu)\n", Value, Count);
  for (size_t I = 0; I < Count; ++I)
    std::memcpy(static_cast<char *>(Dst) + 4 * I, &Value, 4);
  return 0;
}
HipError hipStreamAddCallback(HipStream Stream, HipStreamCallback Callback,
                              void *Data, unsigned) {
  std::printf("hipStreamAddCallback\n");
  Callback(Stream, 0, Data);
  return 0;
}
HipError hipModuleLoadData(HipModule *Module, const void *) {
  *Module = &ModuleHandle;
  return 0;
}
HipError hipModuleGetFunction(HipFunction *Function, HipModule,
                              const char *) {
  *Function = &FunctionHandle;
  return 0;
}
HipError hipModuleLaunchKernel(HipFunction Function, unsigned GX, unsigned,
                               unsigned, unsigned BX, unsigned, unsigned,
                               unsigned, HipStream, void **Params, void **) {
  std::printf("hipModuleLaunchKernel: %s, grid %u, block %u, first int %d\n",
              Function == &FunctionHandle ? "the function" : "WRONG", GX, BX,
              Params ? *static_cast<int *>(Params[0]) : -1);
  return 0;
}
}
