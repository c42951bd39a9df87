//===- WarpSizeChecks.h - Internals of the warp-size analysis ---*- C++ -*-===//
//
// Part of Rubicon. Shared by the analysis driver (WarpSizeAnalysis.cpp) and
// the checks (HardCodedWarpSize.cpp, LogicalWarpHazards.cpp). The checks run
// on a copy of the module in which calls are inlined and locals promoted.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_WARPSIZE_WARPSIZECHECKS_H
#define RUBICON_WARPSIZE_WARPSIZECHECKS_H

#include "rubicon/WarpSize.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace rubicon {

enum class WarpOperationKind {
#define WARP_OPERATION_KIND(KIND) KIND,
#include "WarpOperations.def"
};

struct WarpOperation {
  WarpOperationKind Kind;
  int MaskOperand;   // -1: none
  int OffsetOperand; // -1: none
};

/// The warp-level operation `Call` performs, if it is one.
std::optional<WarpOperation> classifyWarpOperation(const llvm::CallBase &Call);
bool isShuffle(WarpOperationKind Kind);

/// %tid.x/y/z and %laneid reads: values that differ between threads.
bool isThreadIndexRead(const llvm::CallBase &Call);
/// __syncthreads and its variants (block-wide barriers).
bool isBlockBarrier(const llvm::CallBase &Call);

/// Values computed from `Seeds` through arithmetic, casts, comparisons,
/// selects and phis (not through memory).
llvm::DenseSet<const llvm::Value *>
forwardSlice(llvm::ArrayRef<const llvm::Value *> Seeds);

/// Every %tid/%laneid read in F.
llvm::SmallVector<const llvm::Value *, 8>
threadIndexReads(const llvm::Function &F);

/// A finding before its location is resolved.
struct RawFinding {
  WarpSizeCheck Check;
  const llvm::Instruction *At;
  std::string Message;
  /// The code that made the mistake, when not `At` (a shuffle loop's header
  /// for its offset): findings whose origin is the CUDA headers' own code
  /// are dropped.
  const llvm::Instruction *Origin = nullptr;
  /// The mistake is a constant operand of `At` (a mask, an offset), written
  /// by whoever called the header function: never dropped.
  bool ConstantOperand = false;
};

/// Hard-coded 32/31/5/0xffffffff in masks, lane arithmetic, shuffle offsets
/// and per-warp shared arrays. `HasWarpOperations`: whether the kernel F
/// belongs to does warp-level work (lane arithmetic is reported only then).
void checkHardCodedWarpSize(const llvm::Function &F, bool HasWarpOperations,
                            llvm::SmallVectorImpl<RawFinding> &Findings);

/// Spin-waits, block barriers under thread-dependent control flow and
/// store-and-reread (lockstep) loops on shared memory.
void checkLogicalWarpHazards(llvm::Function &F,
                             llvm::SmallVectorImpl<RawFinding> &Findings);

} // namespace rubicon

#endif // RUBICON_WARPSIZE_WARPSIZECHECKS_H
