//===- PassRegistry.cpp - Rubicon lowering passes by name ------------------===//
//
// registerLoweringPasses() and rubicon-lower-nvvm-to-amdgpu, the pass that
// runs every pass of Passes.def in order.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "WarpFastPaths.h"
#include "host/HostPasses.h"
#include "rubicon/Lowering.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace rubicon {

PreservedAnalyses LowerNVVMToAMDGPUPass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  std::string TargetArch = resolveLoweringArch(Arch);
  ModulePassManager MPM;
#define RUBICON_MODULE_PASS(Name, Class) MPM.addPass(Class(TargetArch));
#include "Passes.def"
  return MPM.run(M, MAM);
}

void registerLoweringPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define RUBICON_MODULE_PASS(PassName, Class)                                   \
  if (Name == PassName) {                                                      \
    MPM.addPass(Class());                                                      \
    return true;                                                               \
  }
#include "Passes.def"
// Host target (issue 7): its passes and rubicon-lower-nvvm-to-host.
#define RUBICON_MODULE_PASS(PassName, Class)
#define RUBICON_HOST_MODULE_PASS(PassName, Class)                              \
  if (Name == PassName) {                                                      \
    MPM.addPass(Class());                                                      \
    return true;                                                               \
  }
#include "Passes.def"
// After the device library link: the warp fast paths.
#define RUBICON_MODULE_PASS(PassName, Class)
#define RUBICON_LATE_MODULE_PASS(PassName, Class)                              \
  if (Name == PassName) {                                                      \
    MPM.addPass(Class());                                                      \
    return true;                                                               \
  }
#include "Passes.def"
        if (Name == "rubicon-lower-nvvm-to-host") {
          MPM.addPass(LowerNVVMToHostPass());
          return true;
        }
        if (Name == "rubicon-lower-nvvm-to-amdgpu") {
          MPM.addPass(LowerNVVMToAMDGPUPass());
          return true;
        }
        return false;
      });
}

} // namespace rubicon
