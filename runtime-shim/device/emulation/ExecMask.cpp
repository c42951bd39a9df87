//===- ExecMask.cpp - The EXEC mask of the emulated wavefront -------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). A wavefront runs
// one instruction for its active lanes, the EXEC mask; a divergent branch
// runs each side with EXEC narrowed to the lanes that take it, and the lanes
// meet again (EXEC restored) where the two sides join. Here each lane is a
// fiber, and keeps the EXEC mask it would run under (LaneState):
//
//  - the emulation pass (lowering/emulation/EmulateExecMask.cpp) calls
//    __rubicon_emulation_diverge(Point, Successor, Bits) before every
//    branch that can reach a cross-lane operation before its immediate
//    post-dominator (numbered Point), and __rubicon_emulation_reconverge(
//    Point) where that post-dominator begins (for a branch that can leave
//    the function: before each return);
//  - diverge: the lanes of EXEC that take the same successor (a ballot per
//    bit of Successor, among EXEC) become EXEC; unless they are all of it,
//    the old EXEC is pushed with Point to restore it there; when the top
//    entry already waits at Point (a loop's exits, the latch and a `break`
//    reconverging at the same block), EXEC just narrows: the lanes that
//    left wait there with the others (the SIMT reconvergence stack);
//  - reconverge: at the top entry's Point, its EXEC comes back.
//
// Cross-lane operations are rendezvous among EXEC (Emulation.h): lanes of
// the two sides of a branch never meet in one, lanes that left a loop do not
// take part in the loop's operations, and the lanes of EXEC wait for each
// other wherever they are, as the wavefront would.
//
//===----------------------------------------------------------------------===//
#include "Emulation.h"

using namespace rubicon;
using namespace rubicon::emulation;

/// Called first by each lane, in the kernel's host entry point: EXEC is the
/// wavefront's lanes that exist (a block whose size is not a multiple of the
/// wavefront size has a partial last wavefront).
extern "C" void __rubicon_emulation_lane_begin() {
  host::ThreadContext *T = thread();
  LaneState &State = laneState();
  u32 Threads = T->BlockSize[0] * T->BlockSize[1] * T->BlockSize[2];
  u32 First = T->FlatThreadIndex - lane();
  u32 Lanes = Threads - First;
  State.Exec = Lanes >= waveSize() ? waveMask() : (1ull << Lanes) - 1;
  State.Depth = 0;
}

extern "C" void __rubicon_emulation_diverge(u32 Point, u32 Successor,
                                            u32 Bits) {
  LaneState &State = laneState();
  u64 Same = State.Exec;
  for (u32 Bit = 0; Bit < Bits; ++Bit) {
    bool Set = (Successor >> Bit) & 1;
    u64 Taken =
        (rendezvous(host::WaveOperation::Ballot, Set, 0) >> laneBase()) &
        waveMask();
    Same &= Set ? Taken : ~Taken;
  }
  if (Same == State.Exec)
    return; // uniform: EXEC unchanged, nothing to restore
  if (State.Depth == 0 || State.Stack[State.Depth - 1].Point != Point) {
    constexpr u32 Capacity = sizeof(State.Stack) / sizeof(State.Stack[0]);
    if (State.Depth == Capacity)
      __rubicon_amdgcn_unsupported("divergent branches nested deeper than",
                                   Capacity);
    State.Stack[State.Depth++] = {State.Exec, Point, 0};
  }
  State.Exec = Same;
}

extern "C" void __rubicon_emulation_reconverge(u32 Point) {
  LaneState &State = laneState();
  if (State.Depth && State.Stack[State.Depth - 1].Point == Point)
    State.Exec = State.Stack[--State.Depth].Parent;
}
