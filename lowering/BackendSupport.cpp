//===- BackendSupport.cpp - Shared steps of Rubicon's back ends -----------===//
//
// The steps the device targets' emitCodeObject share (see BackendSupport.h):
// errors, pass pipelines, verification and code generation. The diagnostic
// recorder, the device library link and the ld.lld link have files of their
// own (DiagnosticRecorder.cpp, LinkDeviceLibrary.cpp, LldLink.cpp).
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "rubicon/Lowering.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace rubicon {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}


OptimizationLevel toOptimizationLevel(unsigned OptLevel) {
  switch (OptLevel) {
  case 0:
    return OptimizationLevel::O0;
  case 1:
    return OptimizationLevel::O1;
  case 2:
    return OptimizationLevel::O2;
  default:
    return OptimizationLevel::O3;
  }
}

void runModulePipeline(Module &M, TargetMachine &TM,
                       function_ref<ModulePassManager(PassBuilder &)> Build,
                       const PipelineTuningOptions &Tuning) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // The instrumentation callbacks map pass classes to their names, for
  // printPipeline.
  PassInstrumentationCallbacks PIC;
  PassBuilder PB(&TM, Tuning, std::nullopt, &PIC);
  registerLoweringPasses(PB);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = Build(PB);
  MPM.run(M, MAM);
}

std::string printPipeline(ModulePassManager &MPM, PassBuilder &PB) {
  std::string Text;
  raw_string_ostream OS(Text);
  PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks();
  MPM.printPipeline(OS, [PIC](StringRef ClassName) {
    StringRef Name = PIC ? PIC->getPassNameForClassName(ClassName) : "";
    return Name.empty() ? ClassName : Name;
  });
  return Text;
}

void runLoweringPipeline(Module &M, TargetMachine &TM,
                         const DeviceTarget &Target,
                         std::shared_ptr<DeviceLibraryLink> Link,
                         std::string *PipelineDump) {
  runModulePipeline(M, TM, [&](PassBuilder &PB) {
    ModulePassManager MPM;
    Target.buildLoweringPipeline(MPM, std::move(Link));
    if (PipelineDump)
      *PipelineDump = printPipeline(MPM, PB);
    return MPM;
  });
}

void runOptimizationPipeline(Module &M, TargetMachine &TM, unsigned OptLevel,
                             const PipelineTuningOptions &Tuning,
                             function_ref<void(PassBuilder &)> Extend) {
  runModulePipeline(
      M, TM,
      [&](PassBuilder &PB) {
        if (Extend)
          Extend(PB);
        return OptLevel == 0 ? PB.buildO0DefaultPipeline(OptimizationLevel::O0)
                             : PB.buildPerModuleDefaultPipeline(
                                   toOptimizationLevel(OptLevel));
      },
      Tuning);
}

Error verifyLoweredModule(const Module &M, const Twine &Context) {
  std::string VerifierOutput;
  raw_string_ostream VerifierOS(VerifierOutput);
  if (verifyModule(M, &VerifierOS))
    return makeError(Context + ":\n" + VerifierOutput);
  return Error::success();
}


Expected<SmallString<0>> generateCode(Module &M, TargetMachine &TM,
                                      CodeGenFileType Kind,
                                      StringRef TargetName) {
  SmallString<0> Output;
  raw_svector_ostream OS(Output);
  legacy::PassManager PM;
  PM.add(new TargetLibraryInfoWrapperPass(M.getTargetTriple()));
  if (TM.addPassesToEmitFile(PM, OS, nullptr, Kind))
    return makeError("the " + TargetName +
                     " target cannot emit this file type");
  PM.run(M);
  return std::move(Output);
}

Expected<SmallString<0>> generateObjectWithDumps(Module &M, TargetMachine &TM,
                                                 StringRef TargetName,
                                                 std::string *IRDump,
                                                 std::string *AsmDump) {
  if (IRDump) {
    IRDump->clear();
    raw_string_ostream OS(*IRDump);
    M.print(OS, nullptr);
  }
  if (AsmDump) {
    std::unique_ptr<Module> Copy = CloneModule(M);
    auto Assembly =
        generateCode(*Copy, TM, CodeGenFileType::AssemblyFile, TargetName);
    if (!Assembly)
      return Assembly.takeError();
    *AsmDump = Assembly->str().str();
  }
  return generateCode(M, TM, CodeGenFileType::ObjectFile, TargetName);
}


} // namespace rubicon
