//===- rubicon/WarpSize.h - The warp-size analysis --------------*- C++ -*-===//
//
// Part of Rubicon (docs/warps.md). On the linked NVVM module, before
// lowering, classify every kernel by what it assumes about the warp size and
// diagnose code that hard-codes 32-lane warps or depends on two logical warps
// running independently when they share one 64-lane wavefront.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_WARPSIZE_WARPSIZE_H
#define RUBICON_WARPSIZE_WARPSIZE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticInfo.h"
#include <string>
#include <vector>

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// What a kernel assumes about the warp size.
enum class WarpVerdict {
  NoWarpLevel, // no warp-level operation, nothing warp-size dependent
  Portable,    // warp-level operations, all written in terms of warpSize
  Assumes32,   // hard-codes 32-lane warps or needs warps to be wavefronts
  Unknown,     // calls code the analysis cannot see (external, indirect, asm)
};

/// "no warp-level behaviour", "warp-size portable", "assumes 32", "unknown".
llvm::StringRef verdictDescription(WarpVerdict Verdict);
/// The spelling recorded in module metadata: "none", "portable",
/// "assumes-32", "unknown".
llvm::StringRef verdictName(WarpVerdict Verdict);

/// The diagnostics of the -Wwarp-size family (warpsize/WarpSizeDiagnostics.def).
enum class WarpSizeCheck {
#define WARP_SIZE_CHECK(ID, FLAG, FIX) ID,
#include "rubicon/WarpSizeDiagnostics.def"
};

/// "warp-size-mask" (the flag is -W<name>).
llvm::StringRef checkFlagName(WarpSizeCheck Check);
/// How to make the code portable (one sentence).
llvm::StringRef checkFixHint(WarpSizeCheck Check);

struct WarpSizeOptions {
  bool EmitWarnings = true;
  /// Checks turned off (-Wno-warp-size-<name>).
  std::vector<WarpSizeCheck> DisabledChecks;
  /// Source locations in files whose path contains one of these are
  /// replaced by the location of the call that inlined them (the CUDA
  /// headers' own lines are never the place to fix).
  std::vector<std::string> HeaderPathMarkers = {"/__rubicon/",
                                                "/cooperative_groups"};
};

/// One finding, as it was reported.
struct WarpSizeFinding {
  WarpSizeCheck Check;
  std::string File; // empty when the module has no debug locations
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

struct KernelVerdict {
  std::string Kernel; // the symbol name
  WarpVerdict Verdict = WarpVerdict::NoWarpLevel;
  std::vector<WarpSizeFinding> Findings; // those in code the kernel reaches
  std::vector<std::string> UnknownCallees; // why the verdict is Unknown
};

/// A -Wwarp-size warning, reported through the module context's diagnostic
/// handler (severity DS_Warning).
class DiagnosticInfoWarpSize : public llvm::DiagnosticInfo {
public:
  explicit DiagnosticInfoWarpSize(const WarpSizeFinding &Finding);
  const WarpSizeFinding &finding() const { return Finding; }
  /// "file:line:col: " (or "") + message + " [-Wwarp-size-...]".
  void print(llvm::DiagnosticPrinter &DP) const override;
  static int kindID();
  static bool classof(const llvm::DiagnosticInfo *DI) {
    return DI->getKind() == kindID();
  }

private:
  WarpSizeFinding Finding;
};

/// The name of the module metadata holding the verdicts: a list of
/// !{ptr @kernel, !"<verdictName>"} tuples.
inline constexpr const char *WarpVerdictMetadataName = "rubicon.warp_size";

/// Analyzes every kernel of `M` (an NVVM module, after inline PTX), reports
/// each finding once through M's context diagnostic handler (unless
/// EmitWarnings is off or its check is disabled) and records the verdicts in
/// WarpVerdictMetadataName. `M`'s code is not changed.
std::vector<KernelVerdict> analyzeWarpSize(llvm::Module &M,
                                           const WarpSizeOptions &Options);

/// The verdicts recorded in `M` by analyzeWarpSize, as (kernel, verdictName).
std::vector<std::pair<std::string, std::string>>
readWarpVerdicts(const llvm::Module &M);

/// Makes "rubicon-warp-size" (analyze, warn, record; prints the verdicts to
/// stderr) parseable in textual pipelines.
void registerWarpSizePasses(llvm::PassBuilder &PB);

} // namespace rubicon

#endif // RUBICON_WARPSIZE_WARPSIZE_H
