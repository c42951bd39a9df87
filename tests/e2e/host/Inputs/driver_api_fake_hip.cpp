// A stand-in for libamdhip64, loaded through RUBICON_HIP_LIBRARY by
// driver-api-hip-backend.test: one device, host memory as device memory, and
// the module API printing what libcuda's HIP backend hands it. Every other
// function of runtime-shim/backend/hip/HipFunctions.def is a weak stub that
// succeeds (FAKE_HIP_STUBS, in a second compilation of this file).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using HipError = int;
using HipStream = void *;
using HipEvent = void *;
using HipModule = void *;
using HipFunction = void *;
struct HipDim3 {
  uint32_t X, Y, Z;
};
struct HipFuncAttributes;
struct HipPointerAttributes;
using HipStreamCallback = void (*)(HipStream, HipError, void *);
using HipMemHandle = void *;
struct HipMemAllocationProp;
struct HipMemAccessDesc;
struct HipIpcHandle {
  char Reserved[64];
};
struct HipExternalMemoryHandleDesc;
struct HipExternalMemoryBufferDesc;
struct HipExternalSemaphoreHandleDesc;
struct HipExternalSemaphoreSignalParams;
struct HipExternalSemaphoreWaitParams;

#ifdef FAKE_HIP_STUBS
template <class T> T fakeDefault() { return T(); }
template <> void fakeDefault<void>() {}
#define HIP_FUNCTION(Return, Name, Parameters, Need)                           \
  extern "C" __attribute__((weak)) Return Name Parameters {                    \
    return fakeDefault<Return>();                                              \
  }
#include "HipFunctions.def"
#else

namespace {
int ModuleHandle, FunctionHandle;
char Global[16];
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
  // FAKE_HIP_DEVICE: the current device reported (default 0).
  const char *Current = std::getenv("FAKE_HIP_DEVICE");
  *Device = Current ? std::atoi(Current) : 0;
  return 0;
}
HipError hipMalloc(void **Ptr, size_t Size) {
  *Ptr = std::malloc(Size);
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
HipError hipMemsetD16(void *Dst, unsigned short Value, size_t Count) {
  std::printf("hipMemsetD16(%#x, %zu)\n", Value, Count);
  for (size_t I = 0; I < Count; ++I)
    std::memcpy(static_cast<char *>(Dst) + 2 * I, &Value, 2);
  return 0;
}
HipError hipModuleLoadData(HipModule *Module, const void *Image) {
  std::printf("hipModuleLoadData: 4096-aligned %s, starts with %.24s\n",
              reinterpret_cast<uintptr_t>(Image) % 4096 ? "no" : "yes",
              static_cast<const char *>(Image));
  *Module = &ModuleHandle;
  return 0;
}
HipError hipModuleUnload(HipModule Module) {
  std::printf("hipModuleUnload: %s\n",
              Module == &ModuleHandle ? "the module" : "WRONG");
  return 0;
}
HipError hipModuleGetFunction(HipFunction *Function, HipModule,
                              const char *Name) {
  std::printf("hipModuleGetFunction(%s)\n", Name);
  if (std::strcmp(Name, "missing") == 0)
    return 500; // hipErrorNotFound
  *Function = &FunctionHandle;
  return 0;
}
HipError hipModuleGetGlobal(void **Ptr, size_t *Bytes, HipModule,
                            const char *Name) {
  std::printf("hipModuleGetGlobal(%s)\n", Name);
  *Ptr = Global;
  *Bytes = sizeof(Global);
  return 0;
}
HipError hipModuleLaunchKernel(HipFunction Function, unsigned GX, unsigned GY,
                               unsigned GZ, unsigned BX, unsigned BY,
                               unsigned BZ, unsigned Shared, HipStream,
                               void **Params, void **Extra) {
  std::printf("hipModuleLaunchKernel: %s, grid %u %u %u, block %u %u %u, "
              "shared %u, ",
              Function == &FunctionHandle ? "the function" : "WRONG", GX, GY,
              GZ, BX, BY, BZ, Shared);
  if (Params)
    std::printf("kernelParams, first int %d\n", *static_cast<int *>(Params[0]));
  else if (Extra)
    std::printf(
        "extra {%zu, buffer, %zu, size %zu, %zu}, first int %d\n",
        reinterpret_cast<uintptr_t>(Extra[0]),
        reinterpret_cast<uintptr_t>(Extra[2]), *static_cast<size_t *>(Extra[3]),
        reinterpret_cast<uintptr_t>(Extra[4]), *static_cast<int *>(Extra[1]));
  else
    std::printf("no arguments\n");
  return 0;
}
HipError hipFuncGetAttribute(int *Value, int Attribute, HipFunction) {
  *Value = 100 + Attribute;
  return 0;
}
HipError hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *Blocks,
                                                            HipFunction,
                                                            int BlockSize,
                                                            size_t) {
  *Blocks = 2048 / BlockSize;
  return 0;
}
}
#endif
