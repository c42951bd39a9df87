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
// The lane moves of each fast path are chosen by WarpShufflePlans.h.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_WARPFASTPATHS_H
#define RUBICON_LOWERING_WARPFASTPATHS_H

#include "WarpShufflePlans.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace rubicon {

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
/// up, and the AMDGPU attributor run again on the calls' callers
/// (OptLevel > 0).
void runWarpFastPaths(llvm::Module &M, llvm::TargetMachine &TM,
                      llvm::StringRef Arch, unsigned OptLevel);

} // namespace rubicon

#endif // RUBICON_LOWERING_WARPFASTPATHS_H
