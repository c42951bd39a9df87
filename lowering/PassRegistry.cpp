//===- PassRegistry.cpp - Rubicon lowering passes by name ------------------===//
//
// registerLoweringPasses(): every pass of Passes.def by name, and each device
// target's lowering pipeline as "rubicon-lower-nvvm-to-<kind>" (its
// DeviceTarget's buildLoweringPipeline, the passes nvcc runs).
//
//===----------------------------------------------------------------------===//
#include "DeviceTargets.h"
#include "LinkDeviceLibrary.h"
#include "LoweringPasses.h"
#include "WarpFastPaths.h"
#include "emulation/EmulationPasses.h"
#include "host/HostPasses.h"
#include "rubicon/Lowering.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace rubicon {

void registerLoweringPasses(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
#define RUBICON_MODULE_PASS(NAME, CREATE_PASS)                                 \
  PIC->addClassToPassName(decltype(CREATE_PASS)::name(), NAME);
#include "Passes.def"
  }
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define RUBICON_MODULE_PASS(NAME, CREATE_PASS)                                 \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "Passes.def"
#define RUBICON_DEVICE_TARGET(CLASS)                                           \
  if (Name == ("rubicon-lower-nvvm-to-" + CLASS::Kind).str()) {              \
    CLASS(CLASS::defaultName()).buildLoweringPipeline(MPM, nullptr);           \
    return true;                                                               \
  }
#include "DeviceTargets.def"
        return false;
      });
}

} // namespace rubicon
