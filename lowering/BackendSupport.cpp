//===- BackendSupport.cpp - Shared steps of Rubicon's back ends -----------===//
//
// The steps the device targets' emitCodeObject share (see BackendSupport.h).
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "rubicon/Config.h"
#include "rubicon/Lowering.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace rubicon {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

namespace {

/// DiagnosticRecorder's handler: records error text, forwards the rest.
class RecordingDiagnosticHandler : public DiagnosticHandler {
public:
  RecordingDiagnosticHandler(std::unique_ptr<DiagnosticHandler> Previous,
                             std::string &Errors)
      : Previous(std::move(Previous)), Errors(Errors) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream Printer(OS);
    DI.print(Printer);
    if (DI.getSeverity() == DS_Error)
      Errors += (Errors.empty() ? "" : "\n") + Text;
    if (Previous && Previous->handleDiagnostics(DI))
      return true;
    // Nobody else shows diagnostics: errors come back as the llvm::Error,
    // warnings are printed here. (Returning true also keeps LLVMContext's
    // default handler from exiting on errors.)
    if (DI.getSeverity() == DS_Warning)
      errs() << "warning: " << Text << "\n";
    return true;
  }

  // The driver decides which optimization remarks are wanted.
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Previous && Previous->isAnyRemarkEnabled();
  }

  std::unique_ptr<DiagnosticHandler> takePrevious() {
    return std::move(Previous);
  }

private:
  std::unique_ptr<DiagnosticHandler> Previous;
  std::string &Errors;
};

} // namespace

DiagnosticRecorder::DiagnosticRecorder(LLVMContext &Ctx) : Ctx(Ctx) {
  Ctx.setDiagnosticHandler(std::make_unique<RecordingDiagnosticHandler>(
      Ctx.getDiagnosticHandler(), Errors));
}

DiagnosticRecorder::~DiagnosticRecorder() {
  std::unique_ptr<DiagnosticHandler> Ours = Ctx.getDiagnosticHandler();
  Ctx.setDiagnosticHandler(
      static_cast<RecordingDiagnosticHandler &>(*Ours).takePrevious());
}

Error DiagnosticRecorder::takeError(const Twine &Context) {
  Error E = makeError(Context + ":\n" + Errors);
  Errors.clear();
  return E;
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
                       function_ref<ModulePassManager(PassBuilder &)> Build) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // The instrumentation callbacks map pass classes to their names, for
  // printPipeline.
  PassInstrumentationCallbacks PIC;
  PassBuilder PB(&TM, PipelineTuningOptions(), std::nullopt, &PIC);
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

void runOptimizationPipeline(Module &M, TargetMachine &TM, unsigned OptLevel) {
  runModulePipeline(M, TM, [&](PassBuilder &PB) {
    return OptLevel == 0 ? PB.buildO0DefaultPipeline(OptimizationLevel::O0)
                         : PB.buildPerModuleDefaultPipeline(
                               toOptimizationLevel(OptLevel));
  });
}

Error verifyLoweredModule(const Module &M, const Twine &Context) {
  std::string VerifierOutput;
  raw_string_ostream VerifierOS(VerifierOutput);
  if (verifyModule(M, &VerifierOS))
    return makeError(Context + ":\n" + VerifierOutput);
  return Error::success();
}

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

Expected<std::string> temporaryPath(StringRef Dir, StringRef Stem,
                                    StringRef Suffix) {
  SmallString<256> Path;
  std::error_code EC;
  if (Dir.empty()) {
    EC = sys::fs::getPotentiallyUniqueTempFileName(Stem, Suffix, Path);
  } else {
    SmallString<256> Model(Dir);
    sys::path::append(Model, Stem + "-%%%%%%%%." + Suffix);
    EC = sys::fs::getPotentiallyUniqueFileName(Model, Path);
  }
  if (EC)
    return makeError("cannot create a temporary file name: " + EC.message());
  return std::string(Path);
}

Expected<std::string> linkWithLld(StringRef Object, const LldLink &Link) {
  std::string Lld = Link.LldPath.empty()
                        ? std::string(RUBICON_LLVM_TOOLS_DIR) + "/ld.lld"
                        : Link.LldPath.str();
  auto ObjectPath = temporaryPath(Link.TempDir, Link.TempStem, "o");
  if (!ObjectPath)
    return ObjectPath.takeError();
  auto OutputPath =
      temporaryPath(Link.TempDir, Link.TempStem, Link.OutputSuffix);
  if (!OutputPath)
    return OutputPath.takeError();
  auto LogPath = temporaryPath(Link.TempDir, Link.TempStem, "lld.log");
  if (!LogPath)
    return LogPath.takeError();
  scope_exit RemoveTemporaries([&] {
    sys::fs::remove(*LogPath);
    if (Link.KeepTemps)
      return;
    sys::fs::remove(*ObjectPath);
    sys::fs::remove(*OutputPath);
  });

  {
    std::error_code EC;
    raw_fd_ostream OS(*ObjectPath, EC, sys::fs::OF_None);
    if (EC)
      return makeError("cannot write '" + *ObjectPath + "': " + EC.message());
    OS << Object;
  }
  SmallVector<StringRef> Args{Lld, "-m", Link.Emulation};
  if (Link.Undefined == UndefinedSymbols::Error)
    Args.push_back("--no-undefined");
  Args.push_back("-shared");
  Args.append(Link.ExtraFlags.begin(), Link.ExtraFlags.end());
  Args.append({"-o", *OutputPath, *ObjectPath});
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(*LogPath),
                                          StringRef(*LogPath)};
  std::string ExecError;
  int Status =
      sys::ExecuteAndWait(Lld, Args, std::nullopt, Redirects, 0, 0, &ExecError);
  if (Status != 0) {
    std::string Log;
    if (auto Buffer = MemoryBuffer::getFile(*LogPath))
      Log = (*Buffer)->getBuffer().str();
    return makeError("linking the " + Link.LinkedName + " with '" + Lld +
                     "' failed" + (ExecError.empty() ? "" : ": " + ExecError) +
                     (Log.empty() ? "" : ":\n" + Log));
  }
  auto SharedObject = MemoryBuffer::getFile(*OutputPath);
  if (!SharedObject)
    return makeError("cannot read the linked " + Link.ResultName + " '" +
                     *OutputPath + "': " + SharedObject.getError().message());
  return (*SharedObject)->getBuffer().str();
}

} // namespace rubicon
