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
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<std::string> DeviceLibraryOption(
    "rubicon-device-lib",
    cl::desc("Device library rubicon-link-device-library links when run "
             "alone (bitcode or IR for the module's target)"));

namespace rubicon {

Error linkDeviceLibrary(Module &M, StringRef Path,
                        const DeviceLibraryTarget &Target,
                        DiagnosticRecorder &Diags) {
  SMDiagnostic ParseError;
  std::unique_ptr<Module> Library =
      parseIRFile(Path, ParseError, M.getContext());
  if (!Library)
    return makeError("cannot read Rubicon's " + Target.Name + " '" + Path +
                     "': " + ParseError.getMessage());
  if (!Target.AcceptsTriple(Library->getTargetTriple()))
    return makeError("device library '" + Path + "' is for " +
                     Library->getTargetTriple().str() + ", not " +
                     Target.ExpectedTriple);
  // The library marks its entry points used so they survive its own build;
  // here those arrays would drag every entry point in (defeating
  // LinkOnlyNeeded) and clash with the user module's arrays.
  for (StringRef Name : {"llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *Used = Library->getGlobalVariable(Name))
      Used->eraseFromParent();
  // "no-builtins" (from building the library with -fno-builtin) forbids
  // inlining into user code, which would leave every threadIdx/blockDim read
  // a call. (On AMDGPU there is no C library for LLVM to call into, so it
  // protects nothing there.)
  for (Function &F : *Library)
    F.removeFnAttr("no-builtins");
  if (Linker::linkModules(M, std::move(Library), Linker::LinkOnlyNeeded) ||
      Diags.hasErrors())
    return Diags.takeError("cannot link device library '" + Path + "'");
  return Error::success();
}

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
