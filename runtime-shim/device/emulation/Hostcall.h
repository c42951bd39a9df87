//===- Hostcall.h - The hostcall buffer and its services ----------*- C++ -*-===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). Device code asks
// the host for services (printf, device memory) through the hostcall buffer
// that the implicit argument hidden_hostcall_buffer points at (AMDGPUUsage,
// "Code Object V5 Metadata"), with the protocol of AMD's device libraries
// (ockl's hostcall: a wavefront takes a packet from the buffer's free stack,
// each active lane writes its eight arguments in its payload slot, the
// first active lane pushes the packet on the ready stack, adds 1 to the
// doorbell signal and raises s_sendmsg(MSG_INTERRUPT) with the signal's
// event id; the host serves the packet, writes each lane's two results in
// its slot and clears the packet's ready flag; the wavefront spins on that
// flag with s_sleep, reads its results and returns the packet to the free
// stack). Hostcall.cpp is the host side of that protocol; the services are
// those of the ROCm runtime's hostcall listener.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_EMULATION_HOSTCALL_H
#define RUBICON_DEVICE_EMULATION_HOSTCALL_H

#include "Emulation.h"

namespace rubicon::emulation {

/// A packet's header: the next packet of its stack, the lanes that wrote
/// their slots, the service, and the control word (bit 0: ready, set by the
/// device, cleared by the host when the results are written).
struct HostcallHeader {
  u64 Next;
  u64 ActiveMask;
  u32 Service;
  u32 Control;
};
static_assert(sizeof(HostcallHeader) == 24);

/// Eight 64-bit arguments (results: the first two) per lane.
struct HostcallPayload {
  u64 Slots[64][8];
};

/// amd_signal_t (the HSA runtime's signal), as much as the device reads:
/// the value it increments, and where it writes the event id before raising
/// the interrupt.
struct HostcallSignal {
  u64 Kind;
  u64 Value;
  u64 EventMailbox;
  u32 EventId;
  u32 Reserved0;
  u64 Reserved[4];
};

/// What hidden_hostcall_buffer points at. The stacks hold packet indices
/// (the bits of IndexMask) tagged in the bits above (the device adds
/// IndexMask + 1 each time it frees a packet); 0 is an empty stack.
struct HostcallBuffer {
  HostcallHeader *Headers;
  HostcallPayload *Payloads;
  u64 Doorbell; // HostcallSignal *
  u64 FreeStack;
  u64 ReadyStack;
  u64 IndexMask;
};
static_assert(__builtin_offsetof(HostcallBuffer, FreeStack) == 24);
static_assert(__builtin_offsetof(HostcallBuffer, IndexMask) == 40);

/// The ockl services (the numbering of the ROCm runtime's listener).
enum class HostcallService : u32 {
  FunctionCall = 1,
  Printf = 2,
  DeviceMemory = 3,
};

/// The hostcall buffer of this lane's wavefront (one per wavefront of each
/// worker thread, made on first use).
HostcallBuffer *wavefrontHostcallBuffer();
/// The heap of ockl's device malloc (hidden_heap_v1): zeroed, process-wide.
void *deviceHeap();
/// The host serving this lane's wavefront: called where the lane waits
/// (s_sleep). Serves the ready packets this lane wrote a slot of, once their
/// doorbell has rung (s_sendmsg).
void serveHostcalls();

/// Printf service: one packet slot of a message (Printf.cpp). Returns the
/// lane's first result.
u64 printfService(const u64 Slot[8]);

} // namespace rubicon::emulation

#endif // RUBICON_DEVICE_EMULATION_HOSTCALL_H
