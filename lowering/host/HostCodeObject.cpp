//===- HostCodeObject.cpp - NVVM module -> host shared object
//--------------===//
//
// rubicon::emitHostCodeObject: the host lowering passes, the host device
// library link, shared-memory layout, internalization, LLVM's optimization
// pipeline, x86-64 code generation and an `ld.lld -shared` link. Also the
// host TargetMachine and rubicon-lower-nvvm-to-host.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "LoweringPasses.h"
#include "rubicon/Config.h"
#include "rubicon/HostLowering.h"

#include "host/HostABI.h"

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
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <mutex>

extern "C" {
void LLVMInitializeX86TargetInfo();
void LLVMInitializeX86Target();
void LLVMInitializeX86TargetMC();
void LLVMInitializeX86AsmPrinter();
}

using namespace llvm;

namespace rubicon {
namespace {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Collects error diagnostics (and forwards every diagnostic to the handler
/// installed before, the driver's) for the lifetime of the object.
class ErrorCollector {
  class Handler : public DiagnosticHandler {
  public:
    Handler(std::unique_ptr<DiagnosticHandler> Previous, std::string &Errors)
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
      if (DI.getSeverity() == DS_Warning)
        errs() << "warning: " << Text << "\n";
      return true;
    }
    std::unique_ptr<DiagnosticHandler> Previous;
    std::string &Errors;
  };

public:
  explicit ErrorCollector(LLVMContext &Ctx) : Ctx(Ctx) {
    Ctx.setDiagnosticHandler(
        std::make_unique<Handler>(Ctx.getDiagnosticHandler(), Errors));
  }
  ~ErrorCollector() {
    std::unique_ptr<DiagnosticHandler> Ours = Ctx.getDiagnosticHandler();
    Ctx.setDiagnosticHandler(std::move(static_cast<Handler &>(*Ours).Previous));
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

Error linkHostDeviceLibrary(Module &M, StringRef Path, ErrorCollector &Errors) {
  SMDiagnostic ParseError;
  std::unique_ptr<Module> Library =
      parseIRFile(Path, ParseError, M.getContext());
  if (!Library)
    return makeError("cannot read Rubicon's host device library '" + Path +
                     "': " + ParseError.getMessage());
  if (!Library->getTargetTriple().isX86())
    return makeError("device library '" + Path + "' is for " +
                     Library->getTargetTriple().str() + ", not " + HostTriple);
  for (StringRef Name : {"llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *Used = Library->getGlobalVariable(Name))
      Used->eraseFromParent();
  for (Function &F : *Library)
    F.removeFnAttr("no-builtins");
  if (Linker::linkModules(M, std::move(Library), Linker::LinkOnlyNeeded) ||
      Errors.hasErrors())
    return Errors.takeError("cannot link device library '" + Path + "'");
  return Error::success();
}

/// What the runtime finds with dlsym: entry points, their parameter tables,
/// the shared-memory size, and the program's device variables.
bool isExported(const GlobalValue &GV) {
  StringRef Name = GV.getName();
  if (Name.starts_with(host::EntryPrefix) ||
      Name.starts_with(host::ParamsPrefix) || Name == host::SharedBytesSymbol)
    return true;
  const auto *G = dyn_cast<GlobalVariable>(&GV);
  return G && (G->getAddressSpace() == 1 || G->getAddressSpace() == 4) &&
         !G->isDeclaration() && !Name.starts_with("llvm.");
}

Expected<SmallString<0>> generateCode(Module &M, TargetMachine &TM,
                                      CodeGenFileType Kind) {
  SmallString<0> Output;
  raw_svector_ostream OS(Output);
  legacy::PassManager PM;
  PM.add(new TargetLibraryInfoWrapperPass(M.getTargetTriple()));
  if (TM.addPassesToEmitFile(PM, OS, nullptr, Kind))
    return makeError("the x86-64 target cannot emit this file type");
  PM.run(M);
  return std::move(Output);
}

Expected<std::string> temporaryPath(StringRef Dir, StringRef Suffix) {
  SmallString<256> Path;
  std::error_code EC;
  if (Dir.empty()) {
    EC =
        sys::fs::getPotentiallyUniqueTempFileName("rubicon-host", Suffix, Path);
  } else {
    SmallString<256> Model(Dir);
    sys::path::append(Model, "rubicon-host-%%%%%%%%." + Suffix);
    EC = sys::fs::getPotentiallyUniqueFileName(Model, Path);
  }
  if (EC)
    return makeError("cannot create a temporary file name: " + EC.message());
  return std::string(Path);
}

Expected<std::string> linkSharedObject(StringRef Object,
                                       const HostCodeObjectOptions &Opts) {
  std::string Lld = Opts.LinkerPath.empty()
                        ? std::string(RUBICON_LLVM_TOOLS_DIR) + "/ld.lld"
                        : Opts.LinkerPath;
  auto ObjectPath = temporaryPath(Opts.TempDir, "o");
  if (!ObjectPath)
    return ObjectPath.takeError();
  auto OutputPath = temporaryPath(Opts.TempDir, "so");
  if (!OutputPath)
    return OutputPath.takeError();
  auto LogPath = temporaryPath(Opts.TempDir, "lld.log");
  if (!LogPath)
    return LogPath.takeError();
  auto RemoveTemporaries = make_scope_exit([&] {
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
  // C library functions (printf, malloc, libm) stay undefined: the process
  // that dlopens the code object provides them.
  SmallVector<StringRef> Args{Lld,       "-m",        "elf_x86_64",
                              "-shared", "-z",        "noexecstack",
                              "-o",      *OutputPath, *ObjectPath};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(*LogPath),
                                          StringRef(*LogPath)};
  std::string ExecError;
  int Status =
      sys::ExecuteAndWait(Lld, Args, std::nullopt, Redirects, 0, 0, &ExecError);
  if (Status != 0) {
    std::string Log;
    if (auto Buffer = MemoryBuffer::getFile(*LogPath))
      Log = (*Buffer)->getBuffer().str();
    return makeError("linking the host code object with '" + Lld + "' failed" +
                     (ExecError.empty() ? "" : ": " + ExecError) +
                     (Log.empty() ? "" : ":\n" + Log));
  }
  auto SharedObject = MemoryBuffer::getFile(*OutputPath);
  if (!SharedObject)
    return makeError("cannot read the linked host code object '" + *OutputPath +
                     "': " + SharedObject.getError().message());
  return (*SharedObject)->getBuffer().str();
}

} // namespace

Expected<std::unique_ptr<TargetMachine>>
createHostTargetMachine(unsigned OptLevel) {
  static std::once_flag Initialized;
  std::call_once(Initialized, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  });
  Triple TT(HostTriple);
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(TT, Error);
  if (!TheTarget)
    return makeError("the x86-64 target is not available: " + Error);
  CodeGenOptLevel Level = OptLevel == 0   ? CodeGenOptLevel::None
                          : OptLevel == 1 ? CodeGenOptLevel::Less
                          : OptLevel == 2 ? CodeGenOptLevel::Default
                                          : CodeGenOptLevel::Aggressive;
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      TT, "x86-64", "", TargetOptions(), Reloc::PIC_, std::nullopt, Level));
  if (!TM)
    return makeError("cannot create an x86-64 target machine");
  return std::move(TM);
}

PreservedAnalyses LowerNVVMToHostPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  ModulePassManager MPM;
#define RUBICON_MODULE_PASS(Name, Class)
#define RUBICON_HOST_MODULE_PASS(Name, Class) MPM.addPass(Class());
#include "Passes.def"
  return MPM.run(M, MAM);
}

Expected<std::string> emitHostCodeObject(std::unique_ptr<Module> NVVM,
                                         const HostCodeObjectOptions &Opts) {
  if (!NVVM)
    return makeError("emitHostCodeObject: no module");
  Module &M = *NVVM;
  ErrorCollector Errors(M.getContext());
  auto TMOrError = createHostTargetMachine(Opts.OptLevel);
  if (!TMOrError)
    return TMOrError.takeError();
  TargetMachine &TM = **TMOrError;

  // Everything up to the device library; shared memory comes after it.
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(RetargetHostPass());
    MPM.addPass(HostLowerNVVMIntrinsicsPass());
    MPM.addPass(HostKernelEntryPass());
    return MPM;
  });
  if (Errors.hasErrors())
    return Errors.takeError("cannot lower device code for the host target");
  if (!Opts.DeviceLibPath.empty())
    if (Error E = linkHostDeviceLibrary(M, Opts.DeviceLibPath, Errors))
      return std::move(E);
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(HostSharedMemoryPass());
    return MPM;
  });
  if (Errors.hasErrors())
    return Errors.takeError("cannot lay out shared memory for the host target");
  std::string VerifierOutput;
  raw_string_ostream VerifierOS(VerifierOutput);
  if (verifyModule(M, &VerifierOS))
    return makeError(
        "internal error: the host lowering produced invalid IR:\n" +
        VerifierOutput);

  for (GlobalValue &GV : M.global_values())
    if (isExported(GV))
      GV.setVisibility(GlobalValue::DefaultVisibility);
  internalizeModule(M, isExported);

  runModulePipeline(M, TM, [&](PassBuilder &PB) {
    return Opts.OptLevel == 0 ? PB.buildO0DefaultPipeline(OptimizationLevel::O0)
                              : PB.buildPerModuleDefaultPipeline(
                                    toOptimizationLevel(Opts.OptLevel));
  });
  if (Errors.hasErrors())
    return Errors.takeError("cannot optimize device code for the host target");
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
  if (Errors.hasErrors())
    return Errors.takeError("cannot generate x86-64 code");
  return linkSharedObject(*Object, Opts);
}

} // namespace rubicon
