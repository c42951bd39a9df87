//===- WarpLevel.cpp - Warp shuffles, votes, match and reduce -------------===//
//
// Part of Rubicon. Every function acts on the warp of the calling thread,
// with the semantics of the PTX ISA (shfl.sync, vote.sync, match.sync,
// redux.sync, activemask, bar.warp) and the CUDA C++ Programming Guide
// (partial member masks included):
//  - __rubicon_<nvvm name>: the 32-lane logical warp; the lowering calls these
//    in place of llvm.nvvm.shfl.sync.*, vote.*.sync, activemask,
//    bar.warp.sync; the headers call the match/redux ones directly;
//  - __rubicon_wave64_*: the 64-lane warp of --rubicon-native-wave64, with
//    64-bit masks; only the headers call them.
//
//===----------------------------------------------------------------------===//
#include "LogicalWarp.h"

using namespace rubicon;
using namespace rubicon::machine;
using rubicon::warp::Warp;

namespace {

using Logical = Warp<LogicalWarpSize>;
using Wave64 = Warp<64>;

enum class ShuffleMode { Index, Up, Down, Butterfly };

// shfl.sync's operand c packs the clamp value (bits 0-4) and the segment
// mask (bits 8-12) for 32 lanes; lanes outside [minLane, maxLane] read their
// own value. For 64 lanes the fields are 6 bits wide (bits 0-5 and 8-13).
template <typename W, ShuffleMode Mode>
inline u32 shuffle(typename W::Mask members, u32 value, u32 laneOrOffset,
                   u32 clampAndSegmentMask) {
  constexpr u32 LaneBits = sizeof(typename W::Mask) == 4 ? 31 : 63;
  const u32 self = W::lane();
  const u32 offset = laneOrOffset & LaneBits;
  const u32 clamp = clampAndSegmentMask & LaneBits;
  const u32 segmentMask = (clampAndSegmentMask >> 8) & LaneBits;
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
  return W::readLane(inRange ? source : self, value, members);
}

inline float asFloat(u32 bits) { return __builtin_bit_cast(float, bits); }
inline u32 asBits(float value) { return __builtin_bit_cast(u32, value); }

// __ballot_sync, __all_sync, __any_sync, __uni_sync and __syncwarp, for the
// logical warp and the native 64-lane one.
template <typename W>
inline typename W::Mask voteBallot(typename W::Mask members, bool predicate) {
  return W::ballot(predicate, members) & members;
}
template <typename W>
inline bool voteAll(typename W::Mask members, bool predicate) {
  return voteBallot<W>(members, !predicate) == 0;
}
template <typename W>
inline bool voteAny(typename W::Mask members, bool predicate) {
  return voteBallot<W>(members, predicate) != 0;
}
template <typename W>
inline bool voteUni(typename W::Mask members, bool predicate) {
  const typename W::Mask active = members & W::activeMask(members);
  const typename W::Mask holding = W::ballot(predicate, members) & active;
  return holding == 0 || holding == active;
}
// Lanes of a wavefront execute together; order their memory.
template <typename W> inline void syncWarp(typename W::Mask members) {
  fenceWavefront();
  wavefrontBarrier(W::waveMembers(members));
  fenceWavefront();
}

// __match_any_sync: the members holding the same value as this lane.
template <typename W, typename T>
inline typename W::Mask matchAny(typename W::Mask members, T value) {
  using Mask = typename W::Mask;
  Mask remaining = members & W::activeMask(members);
  Mask mine = 0;
  while (remaining != 0) {
    const unsigned leader = static_cast<unsigned>(__builtin_ctzll(remaining));
    T leaderValue;
    if constexpr (sizeof(T) == 8)
      leaderValue = static_cast<T>(W::readLane64(leader, value, members));
    else
      leaderValue = static_cast<T>(W::readLane(leader, value, members));
    const Mask same = W::ballot(value == leaderValue, members) & remaining;
    if (value == leaderValue)
      mine = same;
    remaining &= ~same;
  }
  return members & W::laneMaskEqual() ? mine : 0;
}

// __match_all_sync: the member mask if every member holds the same value,
// else 0.
template <typename W, typename T>
inline typename W::Mask matchAll(typename W::Mask members, T value) {
  using Mask = typename W::Mask;
  const Mask present = members & W::activeMask(members);
  if (present == 0)
    return 0;
  const unsigned leader = static_cast<unsigned>(__builtin_ctzll(present));
  T leaderValue;
  if constexpr (sizeof(T) == 8)
    leaderValue = static_cast<T>(W::readLane64(leader, value, members));
  else
    leaderValue = static_cast<T>(W::readLane(leader, value, members));
  const Mask differing = W::ballot(value != leaderValue, members) & present;
  return differing == 0 ? members : 0;
}

enum class ReduceOp { Add, Min, Max, And, Or, Xor };

template <ReduceOp Op, typename T> inline T identity() {
  switch (Op) {
  case ReduceOp::Add:
  case ReduceOp::Or:
  case ReduceOp::Xor:
    return 0;
  case ReduceOp::And:
    return static_cast<T>(~0u);
  case ReduceOp::Min:
    return static_cast<T>(-1) < 0 ? static_cast<T>(0x7fffffff) : static_cast<T>(~0u);
  case ReduceOp::Max:
    return static_cast<T>(-1) < 0 ? static_cast<T>(0x80000000u) : 0;
  }
  return 0;
}

template <ReduceOp Op, typename T> inline T combine(T a, T b) {
  switch (Op) {
  case ReduceOp::Add:
    return a + b;
  case ReduceOp::Min:
    return a < b ? a : b;
  case ReduceOp::Max:
    return a > b ? a : b;
  case ReduceOp::And:
    return a & b;
  case ReduceOp::Or:
    return a | b;
  case ReduceOp::Xor:
    return a ^ b;
  }
  return a;
}

// __reduce_*_sync: with every lane of the warp a member, a butterfly;
// otherwise the members' values one after another (a partial warp: inactive
// lanes' registers must never be read).
template <typename W, ReduceOp Op, typename T>
inline T reduce(typename W::Mask members, T value) {
  using Mask = typename W::Mask;
  constexpr unsigned Lanes = sizeof(Mask) * 8;
  const Mask present = members & W::activeMask(members);
  if (present == W::AllLanes) {
    const unsigned self = W::lane();
    for (unsigned offset = Lanes / 2; offset > 0; offset /= 2)
      value = combine<Op, T>(
          value, static_cast<T>(W::readLane(
                     self ^ offset, static_cast<u32>(value), members)));
    return value;
  }
  T result = identity<Op, T>();
  for (Mask remaining = present; remaining != 0; remaining &= remaining - 1) {
    const unsigned source = static_cast<unsigned>(__builtin_ctzll(remaining));
    result = combine<Op, T>(
        result,
        static_cast<T>(W::readLane(source, static_cast<u32>(value), members)));
  }
  return result;
}

} // namespace

// The shuffle and reduce entry points stay calls through -O3 on gfx (their
// operands become constants there: unrolled loops, folded widths); the
// lowering's rubicon-warp-fast-paths pass then replaces the calls whose
// operands allow it by DPP / ds_swizzle / permlanex16 code and inlines the
// rest (lowering/WarpFastPaths.cpp). Convergent: no call may be moved
// across divergent control flow meanwhile. Weak: the optimizer must not
// look into the body (it would turn the unused member mask, which the pass
// reads, into poison at the call sites); const says what the body would.
#if defined(__AMDGCN__)
#define RUBICON_WARP_ENTRY                                                     \
  RUBICON_EXPORT __attribute__((weak, noinline, convergent, const))
#else
#define RUBICON_WARP_ENTRY RUBICON_EXPORT
#endif

//===-- The 32-lane logical warp ------------------------------------------===//

#define RUBICON_SHUFFLE(Name, Mode)                                            \
  RUBICON_WARP_ENTRY u32 __rubicon_shfl_sync_##Name##_i32(u32 mask, u32 value, \
                                                          u32 b, u32 c) {      \
    return shuffle<Logical, ShuffleMode::Mode>(mask, value, b, c);             \
  }                                                                            \
  RUBICON_WARP_ENTRY float __rubicon_shfl_sync_##Name##_f32(                   \
      u32 mask, float value, u32 b, u32 c) {                                   \
    return asFloat(                                                            \
        shuffle<Logical, ShuffleMode::Mode>(mask, asBits(value), b, c));       \
  }
RUBICON_SHUFFLE(idx, Index)
RUBICON_SHUFFLE(up, Up)
RUBICON_SHUFFLE(down, Down)
RUBICON_SHUFFLE(bfly, Butterfly)
#undef RUBICON_SHUFFLE

RUBICON_EXPORT u32 __rubicon_activemask() { return Logical::activeMask(); }

RUBICON_EXPORT u32 __rubicon_vote_ballot_sync(u32 memberMask, bool predicate) {
  return voteBallot<Logical>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_vote_all_sync(u32 memberMask, bool predicate) {
  return voteAll<Logical>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_vote_any_sync(u32 memberMask, bool predicate) {
  return voteAny<Logical>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_vote_uni_sync(u32 memberMask, bool predicate) {
  return voteUni<Logical>(memberMask, predicate);
}
RUBICON_EXPORT void __rubicon_bar_warp_sync(u32 memberMask) {
  syncWarp<Logical>(memberMask);
}

RUBICON_EXPORT u32 __rubicon_match_any_sync_i32(u32 memberMask, u32 value) {
  return matchAny<Logical>(memberMask, value);
}
RUBICON_EXPORT u32 __rubicon_match_any_sync_i64(u32 memberMask, u64 value) {
  return matchAny<Logical>(memberMask, value);
}
RUBICON_EXPORT u32 __rubicon_match_all_sync_i32(u32 memberMask, u32 value) {
  return matchAll<Logical>(memberMask, value);
}
RUBICON_EXPORT u32 __rubicon_match_all_sync_i64(u32 memberMask, u64 value) {
  return matchAll<Logical>(memberMask, value);
}

#define RUBICON_REDUCE(Name, Op, T)                                            \
  RUBICON_WARP_ENTRY T __rubicon_redux_sync_##Name(T value, u32 memberMask) {  \
    return reduce<Logical, ReduceOp::Op, T>(memberMask, value);                \
  }
RUBICON_REDUCE(add, Add, u32)
RUBICON_REDUCE(umin, Min, u32)
RUBICON_REDUCE(umax, Max, u32)
RUBICON_REDUCE(min, Min, int)
RUBICON_REDUCE(max, Max, int)
RUBICON_REDUCE(and, And, u32)
RUBICON_REDUCE(or, Or, u32)
RUBICON_REDUCE(xor, Xor, u32)
#undef RUBICON_REDUCE

//===-- The 64-lane warp of --rubicon-native-wave64 -----------------------===//

#define RUBICON_WAVE64_SHUFFLE(Name, Mode)                                     \
  RUBICON_EXPORT u32 __rubicon_wave64_shfl_##Name(u64 mask, u32 value, u32 b,  \
                                                  u32 c) {                     \
    return shuffle<Wave64, ShuffleMode::Mode>(mask, value, b, c);              \
  }
RUBICON_WAVE64_SHUFFLE(idx, Index)
RUBICON_WAVE64_SHUFFLE(up, Up)
RUBICON_WAVE64_SHUFFLE(down, Down)
RUBICON_WAVE64_SHUFFLE(bfly, Butterfly)
#undef RUBICON_WAVE64_SHUFFLE

RUBICON_EXPORT int __rubicon_wave64_warp_size() { return 64; }
RUBICON_EXPORT u32 __rubicon_wave64_lane_id() { return Wave64::lane(); }
RUBICON_EXPORT u64 __rubicon_wave64_activemask() { return Wave64::activeMask(); }
RUBICON_EXPORT u64 __rubicon_wave64_vote_ballot(u64 memberMask, bool predicate) {
  return voteBallot<Wave64>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_wave64_vote_all(u64 memberMask, bool predicate) {
  return voteAll<Wave64>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_wave64_vote_any(u64 memberMask, bool predicate) {
  return voteAny<Wave64>(memberMask, predicate);
}
RUBICON_EXPORT bool __rubicon_wave64_vote_uni(u64 memberMask, bool predicate) {
  return voteUni<Wave64>(memberMask, predicate);
}
RUBICON_EXPORT void __rubicon_wave64_syncwarp(u64 memberMask) {
  syncWarp<Wave64>(memberMask);
}
RUBICON_EXPORT u64 __rubicon_wave64_match_any_i32(u64 memberMask, u32 value) {
  return matchAny<Wave64>(memberMask, value);
}
RUBICON_EXPORT u64 __rubicon_wave64_match_any_i64(u64 memberMask, u64 value) {
  return matchAny<Wave64>(memberMask, value);
}
RUBICON_EXPORT u64 __rubicon_wave64_match_all_i32(u64 memberMask, u32 value) {
  return matchAll<Wave64>(memberMask, value);
}
RUBICON_EXPORT u64 __rubicon_wave64_match_all_i64(u64 memberMask, u64 value) {
  return matchAll<Wave64>(memberMask, value);
}
#define RUBICON_WAVE64_REDUCE(Name, Op, T)                                     \
  RUBICON_EXPORT T __rubicon_wave64_reduce_##Name(u64 memberMask, T value) {   \
    return reduce<Wave64, ReduceOp::Op, T>(memberMask, value);                 \
  }
RUBICON_WAVE64_REDUCE(add, Add, u32)
RUBICON_WAVE64_REDUCE(umin, Min, u32)
RUBICON_WAVE64_REDUCE(umax, Max, u32)
RUBICON_WAVE64_REDUCE(min, Min, int)
RUBICON_WAVE64_REDUCE(max, Max, int)
RUBICON_WAVE64_REDUCE(and, And, u32)
RUBICON_WAVE64_REDUCE(or, Or, u32)
RUBICON_WAVE64_REDUCE(xor, Xor, u32)
#undef RUBICON_WAVE64_REDUCE
#define RUBICON_WAVE64_LANEMASK(Name, Function)                                \
  RUBICON_EXPORT u64 __rubicon_wave64_lanemask_##Name() {                      \
    return Wave64::Function();                                                 \
  }
RUBICON_WAVE64_LANEMASK(eq, laneMaskEqual)
RUBICON_WAVE64_LANEMASK(lt, laneMaskLess)
RUBICON_WAVE64_LANEMASK(le, laneMaskLessEqual)
RUBICON_WAVE64_LANEMASK(gt, laneMaskGreater)
RUBICON_WAVE64_LANEMASK(ge, laneMaskGreaterEqual)
#undef RUBICON_WAVE64_LANEMASK
