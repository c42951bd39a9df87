//===- Emulation.h - Shared helpers of the amdgcn semantics -----*- C++ -*-===//
//
// Part of Rubicon. The AMDGPU emulation library (README.md) gives each
// amdgcn intrinsic that Rubicon's gfx IR uses its meaning on the CPU. An
// intrinsic `llvm.amdgcn.<name>[.<type>]` is the function
// `__rubicon_amdgcn_<name>[_<type>]` (dots become underscores), with the
// intrinsic's signature; the emulation pass (lowering/emulation/) rewrites
// every call to it. The program runs on the host backend's fibers: one fiber
// per lane, so a lane finds its ThreadContext (HostABI.h) from its frame
// address; cross-lane operations are rendezvous of the wavefront's active
// lanes (the EXEC mask each lane tracks, ExecMask.cpp) resolved by the
// runtime's block scheduler.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_EMULATION_EMULATION_H
#define RUBICON_DEVICE_EMULATION_EMULATION_H

#include "rubicon/HostABI.h"

#define RUBICON_AMDGCN extern "C" __attribute__((always_inline, visibility("hidden")))
#define RUBICON_EMULATION_HELPER static inline __attribute__((always_inline))

using u16 = unsigned short;
using u32 = unsigned;
using u64 = unsigned long long;
using i32 = int;

using Constant = __attribute__((address_space(4))) void;

// Defined by the emulation pass: the wavefront size of the emulated GPU
// (64: gfx9; 32: gfx10+), the program's static LDS bytes, and those rounded
// up to the alignment of dynamic LDS.
extern "C" const u32 __rubicon_amdgcn_wave_size;
extern "C" const u32 __rubicon_amdgcn_static_lds_bytes;
extern "C" const unsigned long long __rubicon_host_shared_bytes;

/// Ends the kernel with cudaErrorIllegalInstruction after naming an operand
/// the emulation has no semantics for (Faults.cpp).
extern "C" [[noreturn]] void __rubicon_amdgcn_unsupported(const char *What,
                                                          u32 Value);

namespace rubicon::emulation {

RUBICON_EMULATION_HELPER host::ThreadContext *thread() {
  auto Frame = reinterpret_cast<unsigned long>(__builtin_frame_address(0));
  return reinterpret_cast<host::ThreadContext *>(Frame &
                                                 ~(host::FiberStackBytes - 1));
}

RUBICON_EMULATION_HELPER u32 waveSize() { return __rubicon_amdgcn_wave_size; }

/// The lane within the emulated wavefront. The runtime numbers 64-lane
/// wavefronts (x fastest, as the GPU does); a wave32 GPU's wavefront is one
/// half of it.
RUBICON_EMULATION_HELPER u32 lane() {
  return thread()->LaneInWave & (waveSize() - 1);
}
/// The runtime's lane number of this wavefront's lane 0.
RUBICON_EMULATION_HELPER u32 laneBase() {
  return thread()->LaneInWave & ~(waveSize() - 1);
}
RUBICON_EMULATION_HELPER u64 waveMask() {
  return waveSize() == 64 ? ~0ull : (1ull << waveSize()) - 1;
}

/// The lane's own state, in its fiber's LaneState bytes (HostABI.h): the
/// emulated EXEC mask and its reconvergence stack (ExecMask.cpp). Each entry
/// is a divergent branch still open: the reconvergence point (the branch's
/// immediate post-dominator, numbered by the emulation pass) and the EXEC
/// mask to restore there.
struct LaneState {
  u64 Exec;
  u32 Depth;
  u32 Reserved;
  struct Entry {
    u64 Parent;
    u32 Point;
    u32 Reserved;
  } Stack[(host::LaneStateBytes - 16) / 16];
};
static_assert(sizeof(LaneState) <= host::LaneStateBytes);

RUBICON_EMULATION_HELPER LaneState &laneState() {
  return *reinterpret_cast<LaneState *>(reinterpret_cast<unsigned char *>(thread()) +
                                        host::LaneStateOffset);
}

/// EXEC: the active lanes of this wavefront (bit i: lane i). Tracked by
/// each lane through the branches the emulation pass instruments
/// (ExecMask.cpp): no rendezvous.
RUBICON_EMULATION_HELPER u64 activeLanes() { return laneState().Exec; }

// A rendezvous of the active lanes (EXEC) of this lane's wavefront: the
// runtime completes it once every lane of EXEC that has not exited waits in
// it (HostABI.h, WaveOperation with Members). The empty asm keeps the call
// from becoming a tail call.
RUBICON_EMULATION_HELPER u64 rendezvous(host::WaveOperation Operation, u64 A,
                                        u64 B) {
  host::ThreadContext *Thread = thread();
  u64 Result = Thread->Runtime->waveOperation(
      Thread, static_cast<unsigned>(Operation), A, B,
      activeLanes() << laneBase());
  asm volatile("");
  return Result;
}

/// Each active lane's `Value` from lane `Source` of this wavefront (which must
/// be active: callers check it against activeLanes()).
RUBICON_EMULATION_HELPER u64 readLane(u32 Source, u64 Value) {
  return rendezvous(host::WaveOperation::Permute, laneBase() + Source, Value);
}

} // namespace rubicon::emulation

#endif // RUBICON_DEVICE_EMULATION_EMULATION_H
