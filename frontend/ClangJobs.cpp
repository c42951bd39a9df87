//===- ClangJobs.cpp - In-process clang and the device back end -----------===//

#include "ClangJobs.h"
#include "ConstDeviceVariables.h"
#include "DeviceFloat128.h"
#include "DeviceSideVariables.h"
#include "ExecCheckDisable.h"
#include "ExternalizedStatics.h"
#include "ManagedVariables.h"
#include "StaticDeviceVariables.h"
#include "NvccDialect.h"
#include "SharedVariables.h"

#include "rubicon/Config.h"
#include "rubicon/DeviceTarget.h"
#include "rubicon/InlinePTX.h"
#include "rubicon/Lowering.h"
#include "rubicon/ResourceUsage.h"
#include "rubicon/WarpSize.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "clang/Driver/Tool.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/FrontendTool/Utils.h"
#include "clang/Options/OptionUtils.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace clang;

namespace rubicon {
namespace {

std::string clangExecutablePath() {
  return std::string(RUBICON_LLVM_TOOLS_DIR) + "/clang";
}

void initializeTargetsOnce() {
  static bool Done = [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    llvm::InitializeAllAsmParsers();
    return true;
  }();
  (void)Done;
}

std::vector<const char *> cStrings(const std::vector<std::string> &Strings) {
  std::vector<const char *> Result;
  Result.reserve(Strings.size());
  for (const std::string &S : Strings)
    Result.push_back(S.c_str());
  return Result;
}

/// A CompilerInstance set up from cc1 arguments, printing diagnostics to
/// stderr in clang's format.
std::unique_ptr<CompilerInstance>
makeCompilerInstance(const std::vector<std::string> &CC1Args,
                     DisambiguatorRecovery *Recovery = nullptr) {
  initializeTargetsOnce();
  std::vector<std::string> Args(CC1Args);
  if (!Args.empty() && Args.front() == "-cc1")
    Args.erase(Args.begin());
  std::vector<const char *> Argv = cStrings(Args);

  auto Invocation = std::make_shared<CompilerInvocation>();
  DiagnosticOptions ParseDiagOpts;
  TextDiagnosticPrinter ParsePrinter(llvm::errs(), ParseDiagOpts);
  DiagnosticsEngine ParseDiags(DiagnosticIDs::create(), ParseDiagOpts,
                               &ParsePrinter, /*ShouldOwnClient=*/false);
  std::string Argv0 = clangExecutablePath();
  if (!CompilerInvocation::CreateFromArgs(*Invocation, Argv, ParseDiags,
                                          Argv0.c_str()))
    return nullptr;
  auto CI = std::make_unique<CompilerInstance>(std::move(Invocation));
  // The file system, with nvcc spellings clang rejects.
  applyNvccDialect(*CI, Recovery);
  CI->createDiagnostics();
  if (!CI->hasDiagnostics())
    return nullptr;
  if (Recovery)
    Recovery->watch(*CI);
  // Function-scope __shared__ objects, storage only (SharedVariables.h).
  acceptSharedVariablesAsNvcc(*CI);
  // Resource headers (stddef.h, ...) come from clang's resource directory.
  if (CI->getHeaderSearchOpts().ResourceDir.empty())
    CI->getHeaderSearchOpts().ResourceDir =
        clang::GetResourcesPath(Argv0);
  return CI;
}

/// Reports Message as a clang error at the source location clang encoded in
/// a `!srcloc` cookie (one per line of an asm string; AsmLine picks it).
void reportAtSrcLoc(CompilerInstance &CI, const std::vector<uint64_t> &Cookies,
                    unsigned AsmLine, llvm::StringRef Message) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  SourceLocation Loc;
  if (!Cookies.empty()) {
    size_t Index = AsmLine >= 1 && AsmLine <= Cookies.size() ? AsmLine - 1 : 0;
    Loc = SourceLocation::getFromRawEncoding(
        static_cast<SourceLocation::UIntTy>(Cookies[Index]));
  }
  unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  Diags.getClient()->BeginSourceFile(CI.getLangOpts(), nullptr);
  Diags.Report(Loc, ID) << Message;
  Diags.getClient()->EndSourceFile();
}

/// Translates every inline-PTX `asm` statement into IR; unsupported or
/// malformed PTX is an error at the asm statement's source line.
bool lowerInlinePTXWithDiagnostics(CompilerInstance &CI, llvm::Module &M) {
  llvm::Error Err = lowerInlinePTX(M);
  if (!Err)
    return true;
  llvm::handleAllErrors(
      std::move(Err),
      [&](const InlinePTXError &PTX) {
        reportAtSrcLoc(CI, PTX.SrcLocCookies, PTX.AsmLine,
                       "inline PTX: " + PTX.Message + " (asm line " +
                           std::to_string(PTX.AsmLine) + ", column " +
                           std::to_string(PTX.AsmColumn) + ", in function '" +
                           PTX.FunctionName + "')");
      },
      [&](const llvm::ErrorInfoBase &Other) {
        reportAtSrcLoc(CI, {}, 0, Other.message());
      });
  return false;
}

/// Reports a -Wwarp-size finding as a clang warning at its source line.
void reportWarpSizeWarning(CompilerInstance &CI, const WarpSizeFinding &F) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  SourceLocation Loc;
  if (!F.File.empty() && CI.hasSourceManager())
    if (llvm::Expected<FileEntryRef> File =
            CI.getFileManager().getFileRef(F.File))
      Loc = CI.getSourceManager().translateFileLineCol(*File, F.Line,
                                                       F.Column ? F.Column : 1);
    else
      llvm::consumeError(File.takeError());
  unsigned Warning = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  unsigned Note = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  Diags.getClient()->BeginSourceFile(CI.getLangOpts(), nullptr);
  Diags.Report(Loc, Warning)
      << (F.Message + " [-W" + checkFlagName(F.Check) + "]").str();
  Diags.Report(Loc, Note) << ("to make it portable, " + checkFixHint(F.Check)).str();
  Diags.getClient()->EndSourceFile();
}

} // namespace

/// The warp-size analysis (docs/warps.md): warnings, and with -v each
/// kernel's verdict. Never fails the compilation.
void runWarpSizeAnalysis(llvm::Module &NVVM,
                         const DeviceBackendSettings &Settings) {
  WarpSizeOptions Options;
  Options.EmitWarnings = Settings.WarpSizeWarnings;
  // Every CUDA header of the toolkit (mma.h's fragment gathers, the half
  // types' shuffles) is Rubicon's own code, not the place to fix.
  if (!Settings.ToolkitIncludeDir.empty())
    Options.HeaderPathMarkers.push_back(Settings.ToolkitIncludeDir + "/");
  for (const std::string &Flag : Settings.DisabledWarpSizeChecks) {
    bool Known = false;
#define WARP_SIZE_CHECK(ID, FLAG, FIX)                                         \
  if (Flag == FLAG) {                                                          \
    Options.DisabledChecks.push_back(WarpSizeCheck::ID);                       \
    Known = true;                                                              \
  }
#include "rubicon/WarpSizeDiagnostics.def"
    if (!Known)
      llvm::errs() << "nvcc warning : unknown warning option '-Wno-" << Flag
                   << "'\n";
  }
  std::vector<KernelVerdict> Verdicts = analyzeWarpSize(NVVM, Options);
  if (!Settings.Verbose)
    return;
  for (const KernelVerdict &Verdict : Verdicts) {
    llvm::errs() << "rubicon: warp size: kernel '" << Verdict.Kernel
                 << "': " << verdictDescription(Verdict.Verdict);
    if (Verdict.Verdict == WarpVerdict::Unknown &&
        !Verdict.UnknownCallees.empty())
      llvm::errs() << " (calls " << Verdict.UnknownCallees.front() << ")";
    llvm::errs() << "\n";
  }
}

namespace {

/// --resource-usage / -Xptxas -v: one ptxas-style block per kernel.
void printResourceUsage(llvm::StringRef CodeObject, llvm::StringRef Arch) {
  llvm::Expected<resources::CodeObjectResourceUsage> Usage =
      resources::readResourceUsage(CodeObject, Arch);
  if (!Usage) {
    llvm::errs() << "warning: cannot read resource usage: "
                 << llvm::toString(Usage.takeError()) << "\n";
    return;
  }
  for (const resources::KernelResourceUsage &K : Usage->Kernels) {
    llvm::errs() << "ptxas info    : Compiling entry function '" << K.Name
                 << "' for '" << Arch << "'\n";
    llvm::errs() << "ptxas info    : Function properties for " << K.Name << "\n"
                 << "    " << K.ScratchBytes << " bytes stack frame, "
                 << K.VGPRSpills << " VGPR spills, " << K.SGPRSpills
                 << " SGPR spills\n";
    llvm::errs() << "ptxas info    : Used " << K.VGPRs << " registers (VGPRs; "
                 << K.AGPRs << " AGPRs), " << K.SGPRs << " SGPRs, " << K.LDSBytes
                 << " bytes smem, " << K.KernargBytes << " bytes kernarg";
    if (K.WavesPerSIMD)
      llvm::errs() << ", occupancy " << *K.WavesPerSIMD << " waves/SIMD";
    llvm::errs() << "\n";
  }
}

} // namespace

/// One run of the device side (compileDeviceSide).
static bool
compileDeviceSidePass(const std::vector<std::string> &CC1Args,
                      const DeviceBackendSettings &Settings,
                      std::vector<std::pair<std::string, std::string>> &CodeObjects,
                      std::vector<DeviceSideVariable> *Variables,
                      DisambiguatorRecovery *Recovery);

bool clangCC1ArgsFor(const std::vector<std::string> &ClangArgs,
                     std::vector<std::string> &CC1Args) {
  initializeTargetsOnce();
  DiagnosticOptions DiagOpts;
  TextDiagnosticPrinter Printer(llvm::errs(), DiagOpts);
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts, &Printer,
                          /*ShouldOwnClient=*/false);
  // The toolkit's version.json names the CUDA release Rubicon presents,
  // which may be newer than the ones clang knows (docs/cuda-version.md).
  Diags.setSeverityForGroup(diag::Flavor::WarningOrError,
                            "unknown-cuda-version", diag::Severity::Ignored);
  std::string ClangPath = clangExecutablePath();
  driver::Driver TheDriver(ClangPath, llvm::sys::getDefaultTargetTriple(),
                           Diags, "nvcc");
  TheDriver.setCheckInputsExist(false);
  std::vector<std::string> Full;
  Full.push_back(ClangPath);
  Full.insert(Full.end(), ClangArgs.begin(), ClangArgs.end());
  std::vector<const char *> Argv = cStrings(Full);
  std::unique_ptr<driver::Compilation> C(TheDriver.BuildCompilation(Argv));
  if (!C || Diags.hasErrorOccurred())
    return false;
  const driver::Command *CC1 = nullptr;
  for (const driver::Command &Job : C->getJobs()) {
    llvm::StringRef Name = Job.getCreator().getName();
    if (Name == "clang") {
      if (CC1) {
        llvm::errs() << "nvcc fatal   : internal error: the clang driver "
                        "planned more than one compile job\n";
        return false;
      }
      CC1 = &Job;
    }
  }
  if (!CC1) {
    llvm::errs() << "nvcc fatal   : internal error: the clang driver planned "
                    "no compile job\n";
    return false;
  }
  CC1Args.assign(CC1->getArguments().begin(), CC1->getArguments().end());
  return true;
}

bool runClangCC1(const std::vector<std::string> &CC1Args,
                 const std::vector<DeviceSideVariable> *HostVariables) {
  // Runs again, with the keywords inserted, while clang reports missing
  // `template`/`typename` disambiguators (docs/nvcc-dialect.md).
  DisambiguatorRecovery Recovery;
  for (unsigned Pass = 0;; ++Pass) {
    bool Last = Pass == MaxDisambiguatorReruns;
    std::unique_ptr<CompilerInstance> CI =
        makeCompilerInstance(CC1Args, Last ? nullptr : &Recovery);
    if (!CI)
      return false;
    // The host side of a .cu file: its registration of variables
    // (DeviceSideVariables.h, ManagedVariables.h).
    if (HostVariables)
      CI->getCodeGenOpts().PassBuilderCallbacks.push_back(
          [HostVariables](llvm::PassBuilder &PB) {
            if (!HostVariables->empty())
              addDeviceSideVariableRegistration(PB, *HostVariables);
            addManagedVariableRedirection(PB);
          });
    bool Success = ExecuteCompilerInvocation(CI.get()) &&
                   !CI->getDiagnostics().hasErrorOccurred();
    CI.reset();
    if (Last)
      return Success;
    Recovery.finishPass();
    if (!Recovery.needsRerun())
      return Success;
  }
}

bool compileDeviceSide(const std::vector<std::string> &CC1Args,
                       const DeviceBackendSettings &Settings,
                       std::vector<std::pair<std::string, std::string>> &CodeObjects,
                       std::vector<DeviceSideVariable> *Variables) {
  // Runs again, with the keywords inserted, while clang reports missing
  // `template`/`typename` disambiguators (docs/nvcc-dialect.md).
  DisambiguatorRecovery Recovery;
  for (unsigned Pass = 0;; ++Pass) {
    bool Last = Pass == MaxDisambiguatorReruns;
    bool Success = compileDeviceSidePass(CC1Args, Settings, CodeObjects, Variables,
                                         Last ? nullptr : &Recovery);
    if (Last)
      return Success;
    Recovery.finishPass();
    if (!Recovery.needsRerun())
      return Success;
    CodeObjects.clear();
  }
}

static bool compileDeviceSidePass(const std::vector<std::string> &CC1Args,
                           const DeviceBackendSettings &Settings,
                           std::vector<std::pair<std::string, std::string>> &CodeObjects,
                           std::vector<DeviceSideVariable> *Variables,
                           DisambiguatorRecovery *Recovery) {
  std::unique_ptr<CompilerInstance> CI = makeCompilerInstance(CC1Args, Recovery);
  if (!CI)
    return false;
  llvm::LLVMContext Context;
  // Errors from the back end come back as llvm::Error (reported below);
  // warnings are printed here. Without a handler LLVM would exit() on error.
  Context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo *DI, void *Instance) {
        if (const auto *WarpSize = llvm::dyn_cast<DiagnosticInfoWarpSize>(DI)) {
          reportWarpSizeWarning(*static_cast<CompilerInstance *>(Instance),
                                WarpSize->finding());
          return;
        }
        if (DI->getSeverity() != llvm::DS_Warning)
          return;
        llvm::DiagnosticPrinterRawOStream Printer(llvm::errs());
        llvm::errs() << "warning: ";
        DI->print(Printer);
        llvm::errs() << "\n";
      },
      CI.get());
  // nvcc's #pragma nv_exec_check_disable (ExecCheckDisable.h).
  ExecCheckDisable ExecCheck;
  ExecCheck.watch(*CI);
  auto Emit = std::make_unique<EmitLLVMOnlyAction>(&Context);
  EmitLLVMOnlyAction &Action = *Emit;
  std::unique_ptr<FrontendAction> Wrapped = ExecCheck.wrap(std::move(Emit));
  // __float128 in device code: the host target computes it, AMD GPUs do not
  // (DeviceFloat128.h).
  if (deviceTargetsHaveFloat128(Settings.AmdArchs))
    Wrapped = acceptDeviceFloat128(std::move(Wrapped));
  else
    for (const std::string &Target : Settings.AmdArchs)
      if (!deviceTargetsHaveFloat128({Target})) {
        explainMissingDeviceFloat128(*CI, Target);
        break;
      }
  // const __device__ variables only the host uses (ConstDeviceVariables.h);
  // with -rdc the host would not know their externalized names.
  if (!Settings.RelocatableDeviceCode)
    Wrapped = emitConstDeviceVariablesUsedByHost(std::move(Wrapped));
  if (!CI->ExecuteAction(*Wrapped) ||
      CI->getDiagnostics().hasErrorOccurred() || ExecCheck.failed())
    return false;
  std::unique_ptr<llvm::Module> NVVM = Action.takeModule();
  if (!NVVM)
    return false;

  resolveExternalizedStatics(*NVVM);
  // Statics cuModuleGetGlobal finds by name (StaticDeviceVariables.h).
  if (!Settings.RelocatableDeviceCode)
    exposeStaticDeviceVariables(*NVVM);
  // What the host side registers (DeviceSideVariables.h).
  if (Variables && !Settings.RelocatableDeviceCode)
    *Variables = deviceSideVariables(*NVVM);
  if (!lowerInlinePTXWithDiagnostics(*CI, *NVVM))
    return false;

  runWarpSizeAnalysis(*NVVM, Settings);
  // What cudaFuncGetAttributes reports as the kernels' ptxVersion: CUB and
  // Thrust choose their tuning from it on the host and from __CUDA_ARCH__ in
  // the kernel, and the two must agree. Linked modules keep the highest.
  NVVM->addModuleFlag(llvm::Module::Max, rubicon::CudaArchFlag,
                       Settings.CudaArch);
  if (!Settings.KeepDeviceDebugInfo)
    llvm::StripDebugInfo(*NVVM);

  if (Settings.KeepTemps) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Settings.KeepPrefix + ".nvvm.ll", EC);
    if (!EC)
      NVVM->print(OS, nullptr);
  }

  if (Settings.RelocatableDeviceCode) {
    // -dc / -rdc=true: the object carries NVVM bitcode; code objects are made
    // when the device code of all objects is linked (deviceLink, nvcc -dlink).
    std::string Bitcode;
    llvm::raw_string_ostream OS(Bitcode);
    llvm::WriteBitcodeToFile(*NVVM, OS);
    OS.flush();
    CodeObjects.emplace_back(NVVMBundleEntryId, std::move(Bitcode));
    return true;
  }
  return emitCodeObjectsForTargets(std::move(NVVM), Settings,
                                   CI->getFrontendOpts().Inputs.front().getFile(),
                                   CodeObjects);
}

bool emitCodeObjectsForTargets(std::unique_ptr<llvm::Module> NVVM,
                               const DeviceBackendSettings &Settings,
                               llvm::StringRef SourceName,
                               std::vector<std::pair<std::string, std::string>> &CodeObjects) {
  for (size_t I = 0; I < Settings.AmdArchs.size(); ++I) {
    const std::string &Name = Settings.AmdArchs[I];
    llvm::Expected<std::unique_ptr<DeviceTarget>> Target =
        createDeviceTarget(Name);
    if (!Target) {
      llvm::errs() << SourceName << ": error: "
                   << llvm::toString(Target.takeError()) << "\n";
      return false;
    }
    bool Last = I + 1 == Settings.AmdArchs.size();
    std::unique_ptr<llvm::Module> Copy =
        Last ? std::move(NVVM) : llvm::CloneModule(*NVVM);
    CodeObjectOptions Options;
    Options.OptLevel = Settings.OptLevel;
    Options.HostCpu = Settings.HostCpu;
    Options.DeviceLibPath =
        Settings.DeviceLibDir + "/" + (*Target)->deviceLibraryFileName();
    Options.LldPath = Settings.LldPath;
    Options.KeepTemps = Settings.KeepTemps;
    std::string IR, Asm, Pipeline;
    if (Settings.KeepTemps) {
      Options.IRDump = &IR;
      Options.AsmDump = &Asm;
    }
    std::vector<std::string> Notes;
    if (Settings.Verbose) {
      Options.PipelineDump = &Pipeline;
      Options.Notes = &Notes;
    }
    llvm::Expected<std::string> CodeObject =
        (*Target)->emitCodeObject(std::move(Copy), Options);
    if (Settings.Verbose && !Pipeline.empty())
      llvm::errs() << "rubicon: lowering pipeline for " << Name << ": "
                   << Pipeline << "\n";
    for (const std::string &Note : Notes)
      llvm::errs() << "rubicon: " << Note << "\n";
    if (!CodeObject) {
      std::string Message = llvm::toString(CodeObject.takeError());
      llvm::errs() << SourceName
                   << ": error: " << Message << " [target " << Name << "]\n";
      return false;
    }
    if (Settings.KeepTemps) {
      std::error_code EC;
      llvm::raw_fd_ostream(Settings.KeepPrefix + "." + Name + ".ll", EC) << IR;
      llvm::raw_fd_ostream(Settings.KeepPrefix + "." + Name + ".s", EC) << Asm;
      llvm::raw_fd_ostream(Settings.KeepPrefix + "." + Name + ".elf", EC)
          << *CodeObject;
    }
    if (Settings.ResourceUsage && (*Target)->hasResourceUsage())
      printResourceUsage(*CodeObject, Name);
    CodeObjects.emplace_back((*Target)->bundleEntryId(), std::move(*CodeObject));
  }
  return true;
}
} // namespace rubicon
