//===- WarpFastPaths.h - Shuffles and reductions without LDS ----*- C++ -*-===//
//
// Part of Rubicon. rubicon-warp-fast-paths replaces the device library's
// 32-lane shuffle calls whose lane/offset and width operands are constants,
// and its reduce calls whose member mask is the whole warp, by DPP,
// ds_swizzle and permlanex16 code.
// It runs after the device library link and -O<n>, when unrolled loops and
// folded widths have made the operands constant (emitCodeObject calls
// runWarpFastPaths). Everything else keeps the library's ds_bpermute path.
//
// The lane mapping of each fast path is a plain value (ShufflePlan) so that
// unit tests can check it against the PTX ISA's shfl.sync on every lane.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_WARPFASTPATHS_H
#define RUBICON_LOWERING_WARPFASTPATHS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
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

/// rubicon-warp-fast-paths.
class WarpFastPathsPass : public llvm::PassInfoMixin<WarpFastPathsPass> {
  std::string Arch;

public:
  explicit WarpFastPathsPass(std::string Arch = "") : Arch(std::move(Arch)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// Whether `Name` is a device-library entry point the pass rewrites (those
/// stay external, and not inlined, until it ran).
bool isWarpFastPathEntryPoint(llvm::StringRef Name);
/// The names of those entry points.
std::vector<std::string> warpFastPathEntryPoints();

/// The pass, then the remaining entry points inlined and the module cleaned
/// up (OptLevel > 0).
void runWarpFastPaths(llvm::Module &M, llvm::TargetMachine &TM,
                      llvm::StringRef Arch, unsigned OptLevel);

} // namespace rubicon

#endif // RUBICON_LOWERING_WARPFASTPATHS_H
