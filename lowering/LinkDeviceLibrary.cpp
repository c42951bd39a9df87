//===- LinkDeviceLibrary.cpp - rubicon-link-device-library ----------------===//
//
// Links a target's device library into the lowered module (linkDeviceLibrary:
// LinkOnlyNeeded, without the library's llvm.used arrays). The pass a
// target's pipeline holds reports failure to its emitCodeObject; run alone it
// reports it as a diagnostic.
//
//===----------------------------------------------------------------------===//
#include "LinkDeviceLibrary.h"
#include "LoweringPasses.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<std::string> DeviceLibraryOption(
    "rubicon-device-lib",
    cl::desc("Device library rubicon-link-device-library links when run "
             "alone (bitcode or IR for the module's target)"));

namespace rubicon {

PreservedAnalyses LinkDeviceLibraryPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (!Link) {
    if (DeviceLibraryOption.empty())
      return PreservedAnalyses::all();
    DiagnosticRecorder Diags(M.getContext());
    DeviceLibraryTarget AnyTarget{"device library", "",
                                  [](const Triple &) { return true; }};
    if (Error E = linkDeviceLibrary(M, DeviceLibraryOption, AnyTarget, Diags))
      reportLoweringError(M.getContext(), toString(std::move(E)));
    return PreservedAnalyses::none();
  }
  if (Link->Diags && Link->Diags->hasErrors())
    return PreservedAnalyses::all();
  if (Link->BeforeLink)
    Link->BeforeLink(M);
  if (Link->Path.empty())
    return PreservedAnalyses::all();
  DiagnosticRecorder Diags(M.getContext());
  if (Error E = linkDeviceLibrary(M, Link->Path, Link->Library, Diags))
    Link->Failure = toString(std::move(E));
  return PreservedAnalyses::none();
}

} // namespace rubicon
