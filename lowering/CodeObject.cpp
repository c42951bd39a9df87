//===- CodeObject.cpp - NVVM module -> AMDGPU code object ------------------===//
//
// rubicon::emitCodeObject: lowering, device-library link, internalization,
// the optimization pipeline, AMDGPU code generation and the ld.lld link that
// makes the code object. Every failure is an llvm::Error with readable text;
// diagnostics still reach the driver's handler on the way.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "rubicon/Config.h"
#include "rubicon/Lowering.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSet.h"
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
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace rubicon {
namespace {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Records error diagnostics and forwards everything to the handler that was
/// installed before (the driver's), so diagnostics are shown once and
/// emitCodeObject can still fail with their text.
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

/// Installs a RecordingDiagnosticHandler for its lifetime.
class DiagnosticRecorder {
public:
  explicit DiagnosticRecorder(LLVMContext &Ctx) : Ctx(Ctx) {
    Ctx.setDiagnosticHandler(std::make_unique<RecordingDiagnosticHandler>(
        Ctx.getDiagnosticHandler(), Errors));
  }
  ~DiagnosticRecorder() {
    std::unique_ptr<DiagnosticHandler> Ours = Ctx.getDiagnosticHandler();
    Ctx.setDiagnosticHandler(
        static_cast<RecordingDiagnosticHandler &>(*Ours).takePrevious());
  }
  bool hasErrors() const { return !Errors.empty(); }
  Error takeError(const Twine &Context) {
    Error E = makeError(Context + ":\n" + Errors);
    Errors.clear();
    return E;
  }

private:
  LLVMContext &Ctx;
  std::string Errors;
};

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

/// Runs `Build`'s module pipeline with analyses set up for `TM`.
template <typename BuildPipeline>
void runModulePipeline(Module &M, TargetMachine &TM, BuildPipeline Build) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(&TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM = Build(PB);
  MPM.run(M, MAM);
}

Error linkDeviceLibrary(Module &M, StringRef Path, DiagnosticRecorder &Diags) {
  SMDiagnostic ParseError;
  std::unique_ptr<Module> Library = parseIRFile(Path, ParseError, M.getContext());
  if (!Library) {
    return makeError("cannot read Rubicon's device library '" + Path +
                     "': " + ParseError.getMessage());
  }
  if (!Library->getTargetTriple().isAMDGCN())
    return makeError("device library '" + Path + "' is for " +
                     Library->getTargetTriple().str() + ", not " +
                     AMDGPUTriple);
  // The library marks its entry points used so they survive its own build;
  // here those arrays would drag every entry point in (defeating
  // LinkOnlyNeeded) and clash with the user module's arrays.
  for (StringRef Name : {"llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *Used = Library->getGlobalVariable(Name))
      Used->eraseFromParent();
  // "no-builtins" (from building the library with -fno-builtin) forbids
  // inlining into user code, which would leave every threadIdx/blockDim read
  // a call. AMDGPU has no C library for LLVM to call into, so it protects
  // nothing here.
  for (Function &F : *Library)
    F.removeFnAttr("no-builtins");
  if (Linker::linkModules(M, std::move(Library), Linker::LinkOnlyNeeded) ||
      Diags.hasErrors())
    return Diags.takeError("cannot link device library '" + Path + "'");
  return Error::success();
}

/// Declarations that the device library did not define are errors; unused
/// ones are dropped.
Error checkUndefinedFunctions(Module &M) {
  std::string Missing;
  SmallVector<Function *> Unused;
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic())
      continue;
    if (F.use_empty()) {
      Unused.push_back(&F);
      continue;
    }
    Missing += (Missing.empty() ? "" : "\n");
    Missing += "undefined device function '" + F.getName().str() +
               "' (not provided by Rubicon's device library)";
  }
  for (Function *F : Unused)
    F->eraseFromParent();
  return Missing.empty() ? Error::success() : makeError(Missing);
}

/// Names of the module's kernels and device variables: what the runtime
/// looks up by name, so what stays visible in the code object.
StringSet<> collectExportedSymbols(const Module &M) {
  StringSet<> Names;
  for (const Function &F : M)
    if (F.getCallingConv() == CallingConv::AMDGPU_KERNEL && !F.isDeclaration())
      Names.insert(F.getName());
  for (const GlobalVariable &G : M.globals()) {
    unsigned AS = G.getAddressSpace();
    if ((AS == GlobalAS || AS == ConstantAS) && !G.isDeclaration() &&
        !G.hasLocalLinkage() && !G.getName().starts_with("llvm."))
      Names.insert(G.getName());
  }
  return Names;
}

Expected<SmallString<0>> generateCode(Module &M, TargetMachine &TM,
                                      CodeGenFileType Kind) {
  SmallString<0> Output;
  raw_svector_ostream OS(Output);
  legacy::PassManager PM;
  PM.add(new TargetLibraryInfoWrapperPass(M.getTargetTriple()));
  if (TM.addPassesToEmitFile(PM, OS, nullptr, Kind))
    return makeError("the AMDGPU target cannot emit this file type");
  PM.run(M);
  return std::move(Output);
}

/// A fresh temporary path: in `Dir` when given, else the system's.
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

Expected<std::string> linkCodeObject(StringRef Object,
                                     const CodeObjectOptions &Opts) {
  std::string Lld = Opts.LldPath.empty()
                        ? std::string(RUBICON_LLVM_TOOLS_DIR) + "/ld.lld"
                        : Opts.LldPath;
  std::string Stem = "rubicon-" + Opts.Arch;
  auto ObjectPath = temporaryPath(Opts.TempDir, Stem, "o");
  auto OutputPath = temporaryPath(Opts.TempDir, Stem, "co");
  auto LogPath = temporaryPath(Opts.TempDir, Stem, "lld.log");
  if (!ObjectPath)
    return ObjectPath.takeError();
  if (!OutputPath)
    return OutputPath.takeError();
  if (!LogPath)
    return LogPath.takeError();

  scope_exit RemoveTemporaries([&] {
    sys::fs::remove(*LogPath);
    if (Opts.KeepTemps)
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
  SmallVector<StringRef> Args{Lld,        "-m",        "elf64_amdgpu",
                              "--no-undefined", "-shared", "-o",
                              *OutputPath, *ObjectPath};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(*LogPath),
                                          StringRef(*LogPath)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(Lld, Args, std::nullopt, Redirects, 0, 0,
                                   &ExecError);
  if (Status != 0) {
    std::string Log;
    if (auto Buffer = MemoryBuffer::getFile(*LogPath))
      Log = (*Buffer)->getBuffer().str();
    return makeError("linking the " + Opts.Arch + " code object with '" + Lld +
                     "' failed" +
                     (ExecError.empty() ? "" : ": " + ExecError) +
                     (Log.empty() ? "" : ":\n" + Log));
  }
  auto CodeObject = MemoryBuffer::getFile(*OutputPath);
  if (!CodeObject)
    return makeError("cannot read the linked code object '" + *OutputPath +
                     "': " + CodeObject.getError().message());
  return (*CodeObject)->getBuffer().str();
}

} // namespace

Expected<std::string> emitCodeObject(std::unique_ptr<Module> NVVM,
                                     const CodeObjectOptions &Opts) {
  if (!NVVM)
    return makeError("emitCodeObject: no module");
  Module &M = *NVVM;
  DiagnosticRecorder Diags(M.getContext());
  auto TMOrError = createAMDGPUTargetMachine(Opts.Arch, Opts.OptLevel);
  if (!TMOrError)
    return TMOrError.takeError();
  TargetMachine &TM = **TMOrError;

  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(LowerNVVMToAMDGPUPass(Opts.Arch));
    return MPM;
  });
  if (Diags.hasErrors())
    return Diags.takeError("cannot lower device code for " + Opts.Arch);
  std::string VerifierOutput;
  raw_string_ostream VerifierOS(VerifierOutput);
  if (verifyModule(M, &VerifierOS))
    return makeError("internal error: lowering for " + Opts.Arch +
                     " produced invalid IR:\n" + VerifierOutput);

  StringSet<> Exported = collectExportedSymbols(M);
  if (!Opts.DeviceLibPath.empty())
    if (Error E = linkDeviceLibrary(M, Opts.DeviceLibPath, Diags))
      return std::move(E);
  if (Error E = checkUndefinedFunctions(M))
    return std::move(E);
  internalizeModule(M, [&](const GlobalValue &GV) {
    return Exported.contains(GV.getName());
  });

  runModulePipeline(M, TM, [&](PassBuilder &PB) {
    return Opts.OptLevel == 0
               ? PB.buildO0DefaultPipeline(OptimizationLevel::O0)
               : PB.buildPerModuleDefaultPipeline(
                     toOptimizationLevel(Opts.OptLevel));
  });
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize device code for " + Opts.Arch);
  if (Opts.IRDump) {
    Opts.IRDump->clear();
    raw_string_ostream OS(*Opts.IRDump);
    M.print(OS, nullptr);
  }

  if (Opts.AsmDump) {
    std::unique_ptr<Module> Copy = CloneModule(M);
    auto Assembly = generateCode(*Copy, TM, CodeGenFileType::AssemblyFile);
    if (!Assembly)
      return Assembly.takeError();
    *Opts.AsmDump = Assembly->str().str();
  }
  auto Object = generateCode(M, TM, CodeGenFileType::ObjectFile);
  if (!Object)
    return Object.takeError();
  if (Diags.hasErrors())
    return Diags.takeError("cannot generate " + Opts.Arch + " code");
  return linkCodeObject(*Object, Opts);
}

} // namespace rubicon
