//===- WarpSizePass.cpp - "rubicon-warp-size" for textual pipelines -------===//
//
// Part of Rubicon. Runs analyzeWarpSize() as a module pass (rubicon-opt and
// tests): warnings through the context's diagnostic handler, the verdicts in
// module metadata, and one line per kernel on stderr:
//   rubicon-warp-size: <kernel>: <verdictName> (<description>)
//
//===----------------------------------------------------------------------===//
#include "rubicon/WarpSize.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {
namespace {

struct WarpSizeAnalysisPass : PassInfoMixin<WarpSizeAnalysisPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (const KernelVerdict &Verdict : analyzeWarpSize(M, WarpSizeOptions()))
      errs() << "rubicon-warp-size: " << Verdict.Kernel << ": "
             << verdictName(Verdict.Verdict) << " ("
             << verdictDescription(Verdict.Verdict) << ")\n";
    // Only metadata was added.
    return PreservedAnalyses::all();
  }
};

} // namespace

void registerWarpSizePasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "rubicon-warp-size")
          return false;
        MPM.addPass(WarpSizeAnalysisPass());
        return true;
      });
}

} // namespace rubicon
