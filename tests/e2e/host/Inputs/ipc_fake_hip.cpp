// The IPC functions of a stand-in libamdhip64 (linked with
// driver_api_fake_hip.cpp's device and weak stubs): each prints the handle
// bytes and pointers libcudart's HIP backend hands it.
#include <cstdio>
#include <cstring>

using HipError = int;
using HipEvent = void *;
struct HipIpcHandle {
  char Reserved[64];
};

namespace {
char Shared[256];
int EventObject;
} // namespace

extern "C" {
HipError hipEventCreateWithFlags(HipEvent *Event, unsigned) {
  *Event = &EventObject;
  return 0;
}
HipError hipIpcGetMemHandle(HipIpcHandle *Handle, void *DevPtr) {
  std::printf("hipIpcGetMemHandle: %p\n", DevPtr != nullptr ? (void *)1 : 0);
  std::memset(Handle->Reserved, 0, sizeof Handle->Reserved);
  std::strcpy(Handle->Reserved, "memory-handle");
  Handle->Reserved[63] = 'M';
  return 0;
}
HipError hipIpcOpenMemHandle(void **DevPtr, HipIpcHandle Handle,
                             unsigned Flags) {
  std::printf("hipIpcOpenMemHandle: %s ... %c, flags %u\n", Handle.Reserved,
              Handle.Reserved[63], Flags);
  *DevPtr = Shared;
  return 0;
}
HipError hipIpcCloseMemHandle(void *DevPtr) {
  std::printf("hipIpcCloseMemHandle: %s\n",
              DevPtr == Shared ? "the opened memory" : "other memory");
  return 0;
}
HipError hipIpcGetEventHandle(HipIpcHandle *Handle, HipEvent) {
  std::printf("hipIpcGetEventHandle\n");
  std::memset(Handle->Reserved, 0, sizeof Handle->Reserved);
  std::strcpy(Handle->Reserved, "event-handle");
  return 0;
}
HipError hipIpcOpenEventHandle(HipEvent *Event, HipIpcHandle Handle) {
  std::printf("hipIpcOpenEventHandle: %s\n", Handle.Reserved);
  *Event = &EventObject;
  return 0;
}
}
