//===- WarpShufflePlans.h - Which lane moves implement a shuffle -*- C++ -*-===//
//
// Part of Rubicon. For a 32-lane shuffle with constant lane/offset and width
// operands, the DPP, ds_swizzle and permlanex16 moves giving the same lanes
// as the PTX ISA's shfl.sync, or none when only ds_bpermute is exact; the
// butterfly steps of a full-warp reduction. Plain values, so that unit tests
// check every plan against shfl.sync on every lane and rubicon-opt prints
// them as docs/warp-fast-paths.table.md. WarpFastPaths.cpp emits them.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_WARPSHUFFLEPLANS_H
#define RUBICON_LOWERING_WARPSHUFFLEPLANS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace rubicon {

namespace warpfast {

enum class ShuffleKind { Index, Up, Down, Butterfly };

/// One lane-permuting operation of the hardware.
enum class LaneOp {
  Self,        ///< the lane's own value
  Dpp,         ///< llvm.amdgcn.update.dpp, Control = DPP_CTRL; invalid
               ///< source lanes keep their own value (bound_ctrl off)
  Swizzle,     ///< llvm.amdgcn.ds.swizzle, Control = bitmask-mode offset
  PermLaneX16, ///< llvm.amdgcn.permlanex16 (gfx10+), selects in SelLo/SelHi
};

struct LaneSource {
  LaneOp Op = LaneOp::Self;
  unsigned Control = 0;
  unsigned SelLo = 0, SelHi = 0;
};

/// result(lane) for p = the lane's position in its 32-lane warp:
///   Cond == Always: First
///   otherwise, with q = p % FirstSpan and r = p % SecondSpan:
///     Down: q + Delta < FirstSpan ? First : r + Delta < SecondSpan ? Second :
///     own Up:   q >= Delta ? First : r >= Delta ? Second : own
struct ShufflePlan {
  enum Condition { Always, Down, Up } Cond = Always;
  LaneSource First, Second;
  unsigned Delta = 0, FirstSpan = 32, SecondSpan = 32;
};

/// Whether the target's DPP has row_xmask and permlanex16 (gfx10 and later).
struct FastPathTarget {
  unsigned WaveSize = 64;
  bool HasGfx10Lanes = false;
};
FastPathTarget fastPathTarget(llvm::StringRef Arch);

/// The fast path for shfl.sync `Kind` with constant b and c operands, or
/// none when only ds_bpermute is exact.
std::optional<ShufflePlan> planShuffle(ShuffleKind Kind, unsigned B, unsigned C,
                                       const FastPathTarget &Target);

/// The PTX ISA's shfl.sync (32 lanes): the lane whose value `Lane` receives.
unsigned ptxShuffleSource(ShuffleKind Kind, unsigned Lane, unsigned B,
                          unsigned C);

/// The wavefront lane whose value wavefront lane `Lane` receives from `Src`
/// (the hardware's documented semantics), or Lane itself.
unsigned laneOpSource(const LaneSource &Src, unsigned Lane,
                      const FastPathTarget &Target);
/// The same for a whole plan.
unsigned planSource(const ShufflePlan &Plan, unsigned Lane,
                    const FastPathTarget &Target);

/// The butterfly steps of a full-warp reduction: xor 16, 8, 4, 2, 1.
std::vector<LaneSource> reductionSteps(const FastPathTarget &Target);

/// The moves as assembly operands ("row_shl:4", "ds_swizzle xor 12", ...).
std::string describe(const LaneSource &Src);

/// docs/warp-fast-paths.table.md: every constant shuffle shape and what it
/// becomes on gfx9 and gfx10+ (rubicon-opt --print-warp-fast-path-table).
void printFastPathTable(llvm::raw_ostream &OS);

} // namespace warpfast

} // namespace rubicon

#endif // RUBICON_LOWERING_WARPSHUFFLEPLANS_H
