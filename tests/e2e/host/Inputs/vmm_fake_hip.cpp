// The virtual-memory functions of a stand-in libamdhip64 (linked with
// driver_api_fake_hip.cpp's device and weak stubs): each prints what libcuda's
// HIP backend hands it, in HIP's own structures.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using HipError = int;
using HipMemHandle = void *;
struct HipMemLocation {
  int Type, Id;
};
struct HipMemAllocationProp {
  int Type;
  int RequestedHandleType;
  HipMemLocation Location;
  void *Win32HandleMetaData;
  unsigned char CompressionType, GpuDirectRDMACapable;
  unsigned short Usage;
};
struct HipMemAccessDesc {
  HipMemLocation Location;
  int Flags;
};

namespace {
int Physical;
alignas(65536) char Reserved[4 * 65536];
} // namespace

extern "C" {
HipError hipMemGetAllocationGranularity(size_t *Granularity,
                                        const HipMemAllocationProp *Prop,
                                        int Option) {
  std::printf("hipMemGetAllocationGranularity: type %d handle type %d "
              "location %d/%d option %d\n",
              Prop->Type, Prop->RequestedHandleType, Prop->Location.Type,
              Prop->Location.Id, Option);
  *Granularity = Option ? 2 * 65536 : 65536;
  return 0;
}
HipError hipMemCreate(HipMemHandle *Handle, size_t Size,
                      const HipMemAllocationProp *Prop, unsigned long long) {
  std::printf("hipMemCreate: %zu bytes, type %d, device %d\n", Size, Prop->Type,
              Prop->Location.Id);
  *Handle = &Physical;
  return 0;
}
HipError hipMemAddressReserve(void **Ptr, size_t Size, size_t Alignment, void *,
                              unsigned long long) {
  std::printf("hipMemAddressReserve: %zu bytes, alignment %zu\n", Size,
              Alignment);
  *Ptr = Reserved;
  return 0;
}
HipError hipMemMap(void *Ptr, size_t Size, size_t Offset, HipMemHandle Handle,
                   unsigned long long) {
  std::printf("hipMemMap: offset %zu in the reservation, %zu bytes from %zu, "
              "%s\n",
              size_t(static_cast<char *>(Ptr) - Reserved), Size, Offset,
              Handle == &Physical ? "the created handle" : "another handle");
  return 0;
}
HipError hipMemSetAccess(void *Ptr, size_t Size, const HipMemAccessDesc *Desc,
                         size_t Count) {
  std::printf("hipMemSetAccess: %zu bytes, %zu descriptor(s): device %d "
              "flags %d\n",
              Size, Count, Desc->Location.Id, Desc->Flags);
  (void)Ptr;
  return 0;
}
HipError hipMemExportToShareableHandle(void *Shareable, HipMemHandle, int Type,
                                       unsigned long long) {
  std::printf("hipMemExportToShareableHandle: type %d\n", Type);
  *static_cast<int *>(Shareable) = 42;
  return 0;
}
HipError hipMemImportFromShareableHandle(HipMemHandle *Handle, void *OsHandle,
                                         int Type) {
  std::printf("hipMemImportFromShareableHandle: fd %d type %d\n",
              int(reinterpret_cast<intptr_t>(OsHandle)), Type);
  *Handle = &Physical;
  return 0;
}
HipError hipMemUnmap(void *Ptr, size_t Size) {
  std::printf("hipMemUnmap: offset %zu, %zu bytes\n",
              size_t(static_cast<char *>(Ptr) - Reserved), Size);
  return 0;
}
HipError hipMemRelease(HipMemHandle Handle) {
  std::printf("hipMemRelease: %s\n",
              Handle == &Physical ? "the created handle" : "another handle");
  return 0;
}
HipError hipMemAddressFree(void *Ptr, size_t Size) {
  std::printf("hipMemAddressFree: %s, %zu bytes\n",
              Ptr == Reserved ? "the reservation" : "elsewhere", Size);
  return 0;
}
}
