//===- Hostcall.cpp - The host side of ockl's hostcall --------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h, Hostcall.h). The
// device side of the protocol is AMD's ockl, compiled into the program as
// for the GPU; here are its buffer, the s_sendmsg interrupt that rings the
// doorbell, and the host that serves the packets.
//
// When the host serves: on the GPU the host runs beside the wavefront and
// sees a packet once the wavefront has pushed it and rung; every lane has
// written its slot by then, because the wavefront executes the slot stores
// for all its lanes before the first lane pushes. Here lanes are fibers, and
// a lane's stores may come after the first lane pushed; the host therefore
// serves a packet when a lane that wrote a slot of it waits in s_sleep for
// the result (ockl's wait loop meets all the packet's lanes in a
// readfirstlane before its first s_sleep, so by then every slot is written).
//
//===----------------------------------------------------------------------===//
#include "Hostcall.h"

// The C library's allocator, by the names the device library does not
// define: the program's device code has its own malloc and free (ockl's),
// which a call by those names would reach once linked. realloc(P, 0) frees
// P (the GNU C library's documented behaviour).
extern "C" {
void *calloc(unsigned long, unsigned long);
void *realloc(void *, unsigned long);
int posix_memalign(void **, unsigned long, unsigned long);
}

using namespace rubicon;
using namespace rubicon::emulation;

namespace {

/// Packets per wavefront: more than the lanes of a wavefront, so that every
/// lane on its own divergent path can hold one (index 0 is not used: a
/// stack of 0 is empty).
constexpr u32 Packets = 128;
/// Wavefronts of a block: 1024 threads in wavefronts of 32.
constexpr u32 MaxWavefronts = 32;

/// s_sendmsg message ids (AMD ISA guides, "S_SENDMSG").
constexpr u32 MsgInterrupt = 1;

struct WavefrontHostcall {
  HostcallBuffer Buffer;
  HostcallSignal Doorbell;
  u64 Mailbox;
};

/// This worker thread's buffers, one per wavefront of the block it runs.
thread_local WavefrontHostcall *Wavefronts[MaxWavefronts];
/// Wavefronts whose doorbell rang (bit: event id) and that have packets
/// the host has not served.
thread_local u64 Rung;

u32 wavefront() { return thread()->FlatThreadIndex / waveSize(); }

WavefrontHostcall *makeBuffer(u32 Wavefront) {
  auto *W = static_cast<WavefrontHostcall *>(calloc(1, sizeof(WavefrontHostcall)));
  W->Buffer.Headers =
      static_cast<HostcallHeader *>(calloc(Packets, sizeof(HostcallHeader)));
  W->Buffer.Payloads = static_cast<HostcallPayload *>(
      calloc(Packets, sizeof(HostcallPayload)));
  W->Buffer.IndexMask = Packets - 1;
  for (u32 I = 2; I < Packets; ++I)
    W->Buffer.Headers[I].Next = I - 1;
  W->Buffer.FreeStack = Packets - 1;
  W->Buffer.Doorbell = reinterpret_cast<u64>(&W->Doorbell);
  W->Doorbell.EventMailbox = reinterpret_cast<u64>(&W->Mailbox);
  W->Doorbell.EventId = Wavefront;
  return W;
}

/// ockl's device memory service: slot 0 is an address to free, or 0 to
/// allocate slot 1 bytes. Slabs of the device heap (2 MiB) are found from a
/// block's address by masking: they are aligned to their size; other
/// allocations to 4 KiB (ockl tells its own blocks from them by the low 12
/// bits).
u64 deviceMemoryService(const u64 Slot[8]) {
  if (Slot[0]) {
    realloc(reinterpret_cast<void *>(Slot[0]), 0);
    return 0;
  }
  u64 Size = Slot[1];
  u64 Alignment = Size >= (2u << 20) ? (2u << 20) : 4096;
  void *Memory = nullptr;
  if (posix_memalign(&Memory, Alignment, Size ? Size : 1) != 0)
    return 0;
  return reinterpret_cast<u64>(Memory);
}

void serve(HostcallHeader &Header, HostcallPayload &Payload) {
  for (u64 Lanes = Header.ActiveMask; Lanes; Lanes &= Lanes - 1) {
    u64 *Slot = Payload.Slots[__builtin_ctzll(Lanes)];
    u64 Result;
    switch (static_cast<HostcallService>(Header.Service)) {
    case HostcallService::Printf:
      Result = printfService(Slot);
      break;
    case HostcallService::DeviceMemory:
      Result = deviceMemoryService(Slot);
      break;
    default:
      __rubicon_amdgcn_unsupported("hostcall service", Header.Service);
    }
    Slot[0] = Result;
    Slot[1] = 0;
  }
}

} // namespace

HostcallBuffer *rubicon::emulation::wavefrontHostcallBuffer() {
  u32 W = wavefront();
  if (W >= MaxWavefronts)
    return nullptr;
  if (!Wavefronts[W])
    Wavefronts[W] = makeBuffer(W);
  return &Wavefronts[W]->Buffer;
}

void *rubicon::emulation::deviceHeap() {
  // ockl's heap_t (dm.cl) takes about 106 KiB; all zero is its initial state.
  alignas(4096) static unsigned char Heap[128 << 10];
  return Heap;
}

void rubicon::emulation::serveHostcalls() {
  u32 W = wavefront();
  if (W >= MaxWavefronts || !((Rung >> W) & 1))
    return;
  HostcallBuffer &Buffer = Wavefronts[W]->Buffer;
  u64 Me = 1ull << lane();
  // Only this CPU thread's fibers use the buffer, and they change places
  // only in calls of the runtime: the stack can be walked and unlinked.
  u64 *Link = &Buffer.ReadyStack;
  while (*Link) {
    u64 Index = *Link & Buffer.IndexMask;
    HostcallHeader &Header = Buffer.Headers[Index];
    if (!(Header.ActiveMask & Me)) {
      Link = &Header.Next;
      continue;
    }
    *Link = Header.Next;
    serve(Header, Buffer.Payloads[Index]);
    __atomic_store_n(&Header.Control, Header.Control & ~1u, __ATOMIC_RELEASE);
  }
  if (!Buffer.ReadyStack)
    Rung &= ~(1ull << W);
}

// s_sendmsg: MSG_INTERRUPT (the hostcall doorbell) with the event id in
// M0[7:0]; the other messages are for graphics shaders and the trap handler.
RUBICON_AMDGCN void __rubicon_amdgcn_s_sendmsg(i32 Message, i32 M0) {
  if ((Message & 0xf) != MsgInterrupt)
    __rubicon_amdgcn_unsupported("s_sendmsg message", static_cast<u32>(Message));
  u32 Event = static_cast<u32>(M0) & 0xff;
  if (Event < MaxWavefronts && Wavefronts[Event])
    Rung |= 1ull << Event;
}

// llvm.read_register of EXEC (ockl reads it for the packet's active lanes):
// this lane's EXEC, as it tracks it (ExecMask.cpp).
RUBICON_AMDGCN u64 __rubicon_amdgcn_read_exec() { return activeLanes(); }
RUBICON_AMDGCN u32 __rubicon_amdgcn_read_exec_lo() {
  return static_cast<u32>(activeLanes());
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_read_exec_hi() {
  return static_cast<u32>(activeLanes() >> 32);
}
