//===- LogicalWarp.h - CUDA's warps on any wavefront -------------*- C++ -*-===//
//
// Part of Rubicon. A CUDA warp is 32 lanes. On wave64 hardware each wavefront
// carries two logical warps (lanes 0-31 and 32-63); on wave32 hardware a warp
// is a wavefront. Under --rubicon-native-wave64 a warp is a whole 64-lane
// wavefront. Warp<Lanes> is written for both widths on Primitives.h only.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_LOGICAL_WARP_H
#define RUBICON_DEVICE_LOGICAL_WARP_H

#include "Primitives.h"

namespace rubicon::warp {

using machine::laneInWave;
using machine::lanePermute;
using machine::waveBallot;

template <unsigned Lanes> struct MaskOf {
  using Type = u32;
};
template <> struct MaskOf<64> {
  using Type = u64;
};

template <unsigned Lanes> struct Warp {
  static_assert(Lanes == 32 || Lanes == 64);
  // A lane mask: bit i is lane i of the warp.
  using Mask = typename MaskOf<Lanes>::Type;
  static constexpr Mask AllLanes = static_cast<Mask>(~0ull);

  // %laneid: the lane within the warp.
  static unsigned lane() { return laneInWave() % Lanes; }
  // The wavefront lane of this warp's lane 0.
  static unsigned firstWaveLane() { return laneInWave() - lane(); }
  // Bit i set when lane i of this warp is active and `predicate` holds.
  static Mask ballot(bool predicate) {
    return static_cast<Mask>(waveBallot(predicate) >> firstWaveLane());
  }
  static Mask activeMask() { return ballot(true); }
  // The value `value` held by lane `sourceLane` (taken modulo Lanes).
  static u32 readLane(unsigned sourceLane, u32 value) {
    return lanePermute(firstWaveLane() + sourceLane % Lanes, value);
  }

  // The same among the warp lanes `members` of a `_sync` operation (see
  // Primitives.h), as wavefront lanes. This lane takes part even when it is
  // not in `members` (CUDA leaves that undefined; NVIDIA's hardware gives it
  // the ballot of the mask's lanes).
  static u64 waveMembers(Mask members) {
    return static_cast<u64>(members) << firstWaveLane();
  }
  static Mask ballot(bool predicate, Mask members) {
    return static_cast<Mask>(waveBallot(predicate, waveMembers(members)) >>
                             firstWaveLane());
  }
  // The members that have not exited.
  static Mask activeMask(Mask members) { return ballot(true, members); }
  static u32 readLane(unsigned sourceLane, u32 value, Mask members) {
    return lanePermute(firstWaveLane() + sourceLane % Lanes, value,
                       waveMembers(members));
  }
  static u64 readLane64(unsigned sourceLane, u64 value, Mask members) {
    u32 low = readLane(sourceLane, static_cast<u32>(value), members);
    u32 high = readLane(sourceLane, static_cast<u32>(value >> 32), members);
    return (static_cast<u64>(high) << 32) | low;
  }

  static Mask laneMaskEqual() { return static_cast<Mask>(Mask(1) << lane()); }
  static Mask laneMaskLess() { return laneMaskEqual() - 1; }
  static Mask laneMaskLessEqual() { return laneMaskLess() | laneMaskEqual(); }
  static Mask laneMaskGreater() { return ~laneMaskLessEqual(); }
  static Mask laneMaskGreaterEqual() { return ~laneMaskLess(); }
};

using LogicalWarp = Warp<LogicalWarpSize>;
using NativeWave64Warp = Warp<64>;

// The 32-lane logical warp (the default everywhere).
RUBICON_PRIMITIVE unsigned lane() { return LogicalWarp::lane(); }
RUBICON_PRIMITIVE unsigned firstWaveLane() { return LogicalWarp::firstWaveLane(); }
RUBICON_PRIMITIVE u32 ballot(bool predicate) {
  return LogicalWarp::ballot(predicate);
}
RUBICON_PRIMITIVE u32 readLane(unsigned sourceLane, u32 value) {
  return LogicalWarp::readLane(sourceLane, value);
}
RUBICON_PRIMITIVE u32 activeMask() { return LogicalWarp::activeMask(); }
RUBICON_PRIMITIVE u32 laneMaskEqual() { return LogicalWarp::laneMaskEqual(); }
RUBICON_PRIMITIVE u32 laneMaskLess() { return LogicalWarp::laneMaskLess(); }
RUBICON_PRIMITIVE u32 laneMaskLessEqual() {
  return LogicalWarp::laneMaskLessEqual();
}
RUBICON_PRIMITIVE u32 laneMaskGreater() { return LogicalWarp::laneMaskGreater(); }
RUBICON_PRIMITIVE u32 laneMaskGreaterEqual() {
  return LogicalWarp::laneMaskGreaterEqual();
}

} // namespace rubicon::warp

#endif // RUBICON_DEVICE_LOGICAL_WARP_H
