//===- WarpLevel.cpp - Warp shuffles and votes on logical warps -----------===//
//
// Part of Rubicon. The lowering calls these in place of llvm.nvvm.shfl.sync.*,
// llvm.nvvm.vote.*.sync, llvm.nvvm.activemask and llvm.nvvm.bar.warp.sync.
// Every function acts on the 32-lane logical warp of the calling thread, with
// the semantics of the PTX ISA (shfl.sync, vote.sync, activemask, bar.warp).
//
//===----------------------------------------------------------------------===//
#include "LogicalWarp.h"

using namespace rubicon;
using namespace rubicon::machine;

namespace {

enum class ShuffleMode { Index, Up, Down, Butterfly };

// shfl.sync's operand c packs the clamp value (bits 0-4) and the segment
// mask (bits 8-12); lanes outside [minLane, maxLane] read their own value.
template <ShuffleMode Mode>
inline u32 shuffle(u32 value, u32 laneOrOffset, u32 clampAndSegmentMask) {
  const u32 self = warp::lane();
  const u32 offset = laneOrOffset & 31;
  const u32 clamp = clampAndSegmentMask & 31;
  const u32 segmentMask = (clampAndSegmentMask >> 8) & 31;
  const u32 maxLane = (self & segmentMask) | (clamp & ~segmentMask);
  const u32 minLane = self & segmentMask;
  u32 source;
  bool inRange;
  switch (Mode) {
  case ShuffleMode::Up:
    source = self - offset;
    inRange = static_cast<int>(source) >= static_cast<int>(maxLane);
    break;
  case ShuffleMode::Down:
    source = self + offset;
    inRange = source <= maxLane;
    break;
  case ShuffleMode::Butterfly:
    source = self ^ offset;
    inRange = source <= maxLane;
    break;
  case ShuffleMode::Index:
    source = minLane | (offset & ~segmentMask);
    inRange = source <= maxLane;
    break;
  }
  return warp::readLane(inRange ? source : self, value);
}

inline float asFloat(u32 bits) { return __builtin_bit_cast(float, bits); }
inline u32 asBits(float value) { return __builtin_bit_cast(u32, value); }

} // namespace

#define RUBICON_SHUFFLE(Name, Mode)                                            \
  RUBICON_EXPORT u32 __rubicon_shfl_sync_##Name##_i32(u32, u32 value, u32 b,   \
                                                      u32 c) {                 \
    return shuffle<ShuffleMode::Mode>(value, b, c);                            \
  }                                                                            \
  RUBICON_EXPORT float __rubicon_shfl_sync_##Name##_f32(u32, float value,      \
                                                        u32 b, u32 c) {        \
    return asFloat(shuffle<ShuffleMode::Mode>(asBits(value), b, c));           \
  }
RUBICON_SHUFFLE(idx, Index)
RUBICON_SHUFFLE(up, Up)
RUBICON_SHUFFLE(down, Down)
RUBICON_SHUFFLE(bfly, Butterfly)
#undef RUBICON_SHUFFLE

RUBICON_EXPORT u32 __rubicon_activemask() { return warp::activeMask(); }

RUBICON_EXPORT u32 __rubicon_vote_ballot_sync(u32 memberMask, bool predicate) {
  return warp::ballot(predicate) & memberMask;
}

RUBICON_EXPORT bool __rubicon_vote_all_sync(u32 memberMask, bool predicate) {
  return (warp::ballot(!predicate) & memberMask) == 0;
}

RUBICON_EXPORT bool __rubicon_vote_any_sync(u32 memberMask, bool predicate) {
  return (warp::ballot(predicate) & memberMask) != 0;
}

RUBICON_EXPORT bool __rubicon_vote_uni_sync(u32 memberMask, bool predicate) {
  const u32 members = memberMask & warp::activeMask();
  const u32 holding = warp::ballot(predicate) & members;
  return holding == 0 || holding == members;
}

// __syncwarp(): lanes of a wavefront execute together; order their memory.
RUBICON_EXPORT void __rubicon_bar_warp_sync(u32 /*memberMask*/) {
  fenceWavefront();
  wavefrontBarrier();
  fenceWavefront();
}
