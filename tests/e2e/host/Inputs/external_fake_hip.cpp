// The external-memory, external-semaphore and stream-memory-operation
// functions of a stand-in libamdhip64 (linked with driver_api_fake_hip.cpp's
// device and weak stubs): each prints what the HIP backend hands it, in HIP's
// own structures (hipExternalMemoryHandleDesc, ... : CUDA's layout).
#include <cstdint>
#include <cstdio>

using HipError = int;
struct HipExternalMemoryHandleDesc {
  int Type;
  union {
    int Fd;
    struct {
      void *Handle;
      const void *Name;
    } Win32;
  } Handle;
  unsigned long long Size;
  unsigned Flags;
  unsigned Reserved[16];
};
struct HipExternalMemoryBufferDesc {
  unsigned long long Offset, Size;
  unsigned Flags;
  unsigned Reserved[16];
};
struct HipExternalSemaphoreHandleDesc {
  int Type;
  union {
    int Fd;
    struct {
      void *Handle;
      const void *Name;
    } Win32;
  } Handle;
  unsigned Flags;
  unsigned Reserved[16];
};
struct HipExternalSemaphoreSignalParams {
  struct {
    struct {
      unsigned long long Value;
    } Fence;
    unsigned long long NvSciSync;
    struct {
      unsigned long long Key;
    } KeyedMutex;
    unsigned Reserved[12];
  } Params;
  unsigned Flags;
  unsigned Reserved[16];
};
using HipExternalSemaphoreWaitParams = HipExternalSemaphoreSignalParams;

namespace {
int Memory, Semaphore;
alignas(8) char Buffer[64];
} // namespace

extern "C" {
HipError hipImportExternalMemory(void **Out,
                                 const HipExternalMemoryHandleDesc *Desc) {
  std::printf("hipImportExternalMemory: type %d fd %d size %llu flags %u\n",
              Desc->Type, Desc->Handle.Fd, Desc->Size, Desc->Flags);
  *Out = &Memory;
  return 0;
}
HipError hipExternalMemoryGetMappedBuffer(
    void **Ptr, void *Handle, const HipExternalMemoryBufferDesc *Desc) {
  std::printf("hipExternalMemoryGetMappedBuffer: %s, offset %llu size %llu\n",
              Handle == &Memory ? "the imported memory" : "another handle",
              Desc->Offset, Desc->Size);
  *Ptr = Buffer;
  return 0;
}
HipError hipDestroyExternalMemory(void *Handle) {
  std::printf("hipDestroyExternalMemory: %s\n",
              Handle == &Memory ? "the imported memory" : "another handle");
  return 0;
}
HipError hipImportExternalSemaphore(void **Out,
                                    const HipExternalSemaphoreHandleDesc *Desc) {
  std::printf("hipImportExternalSemaphore: type %d fd %d\n", Desc->Type,
              Desc->Handle.Fd);
  *Out = &Semaphore;
  return 0;
}
HipError
hipSignalExternalSemaphoresAsync(void *const *Handles,
                                 const HipExternalSemaphoreSignalParams *Params,
                                 unsigned Count, void *Stream) {
  std::printf("hipSignalExternalSemaphoresAsync: %u, %s, value %llu, stream "
              "%p\n",
              Count, Handles[0] == &Semaphore ? "the imported one" : "another",
              Params[0].Params.Fence.Value, Stream);
  return 0;
}
HipError
hipWaitExternalSemaphoresAsync(void *const *Handles,
                               const HipExternalSemaphoreWaitParams *Params,
                               unsigned Count, void *Stream) {
  std::printf("hipWaitExternalSemaphoresAsync: %u, %s, value %llu, stream "
              "%p\n",
              Count, Handles[0] == &Semaphore ? "the imported one" : "another",
              Params[0].Params.Fence.Value, Stream);
  return 0;
}
HipError hipDestroyExternalSemaphore(void *Handle) {
  std::printf("hipDestroyExternalSemaphore: %s\n",
              Handle == &Semaphore ? "the imported one" : "another");
  return 0;
}
HipError hipStreamWaitValue32(void *, void *Ptr, uint32_t Value,
                              unsigned Flags, uint32_t Mask) {
  std::printf("hipStreamWaitValue32: %s, value %u, flags %u, mask %#x\n",
              Ptr == Buffer ? "the buffer" : "elsewhere", Value, Flags, Mask);
  return 0;
}
HipError hipStreamWaitValue64(void *, void *Ptr, uint64_t Value,
                              unsigned Flags, uint64_t Mask) {
  std::printf("hipStreamWaitValue64: %s, value %#llx, flags %u, mask %#llx\n",
              Ptr == Buffer ? "the buffer" : "elsewhere",
              (unsigned long long)Value, Flags, (unsigned long long)Mask);
  return 0;
}
HipError hipStreamWriteValue32(void *, void *Ptr, uint32_t Value,
                               unsigned Flags) {
  std::printf("hipStreamWriteValue32: %s, value %u, flags %u\n",
              Ptr == Buffer ? "the buffer" : "elsewhere", Value, Flags);
  return 0;
}
HipError hipStreamWriteValue64(void *, void *Ptr, uint64_t Value,
                               unsigned Flags) {
  std::printf("hipStreamWriteValue64: %s, value %#llx, flags %u\n",
              Ptr == Buffer + 8 ? "the buffer" : "elsewhere",
              (unsigned long long)Value, Flags);
  return 0;
}
}
