//===- LogicalWarp.h - CUDA's 32-lane warps on any wavefront ----*- C++ -*-===//
//
// Part of Rubicon. A CUDA warp is 32 lanes. On wave64 hardware each wavefront
// carries two logical warps (lanes 0-31 and 32-63); on wave32 hardware a warp
// is a wavefront. Everything here is written on Primitives.h only.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_LOGICAL_WARP_H
#define RUBICON_DEVICE_LOGICAL_WARP_H

#include "Primitives.h"

namespace rubicon::warp {

using namespace rubicon::machine;

// %laneid: the lane within the logical warp.
RUBICON_PRIMITIVE unsigned lane() { return laneInWave() % LogicalWarpSize; }

// The wavefront lane of this logical warp's lane 0.
RUBICON_PRIMITIVE unsigned firstWaveLane() {
  return laneInWave() - lane();
}

// Bit i set when lane i of this logical warp is active and `predicate` holds.
RUBICON_PRIMITIVE u32 ballot(bool predicate) {
  return static_cast<u32>(waveBallot(predicate) >> firstWaveLane());
}

// The value `value` held by lane `sourceLane` (0-31) of this logical warp.
RUBICON_PRIMITIVE u32 readLane(unsigned sourceLane, u32 value) {
  return lanePermute(firstWaveLane() + sourceLane % LogicalWarpSize, value);
}

RUBICON_PRIMITIVE u32 activeMask() { return ballot(true); }

RUBICON_PRIMITIVE u32 laneMaskEqual() { return 1u << lane(); }
RUBICON_PRIMITIVE u32 laneMaskLess() { return laneMaskEqual() - 1u; }
RUBICON_PRIMITIVE u32 laneMaskLessEqual() {
  return laneMaskLess() | laneMaskEqual();
}
RUBICON_PRIMITIVE u32 laneMaskGreater() { return ~laneMaskLessEqual(); }
RUBICON_PRIMITIVE u32 laneMaskGreaterEqual() { return ~laneMaskLess(); }

} // namespace rubicon::warp

#endif // RUBICON_DEVICE_LOGICAL_WARP_H
