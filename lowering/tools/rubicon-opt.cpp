//===- rubicon-opt.cpp - Run Rubicon's lowering passes on IR ---------------===//
//
//   rubicon-opt -passes=<pipeline> [-rubicon-arch=gfxNNN] in.ll [-S] [-o out]
//   rubicon-opt --emit-code-object [-rubicon-arch=gfxNNN] [-O<n>]
//               [--device-lib=<gfx>.bc] [--ld-lld=<path>] in.ll -o out.co
//               [--print-ir=<file>] [--print-asm=<file>]
//   rubicon-opt -passes=<pipeline> -print-pipeline-passes in.ll
//   rubicon-opt --print-intrinsic-table
//   rubicon-opt --print-warp-fast-path-table
//   rubicon-opt --print-wave-intrinsic-table
//
// Internal tool for lit tests: the pipeline accepts Rubicon's passes
// (lowering/Passes.def, and the warp-size analysis: rubicon-warp-size) and
// LLVM's. Exits with 1 after any error diagnostic.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "WarpFastPaths.h"
#include "emulation/EmulationPasses.h"
#include "rubicon/Lowering.h"
#include "rubicon/WarpSize.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

static cl::OptionCategory Category("rubicon-opt options");
static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input .ll/.bc>"),
                                      cl::init("-"), cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::desc("Output file"),
                                       cl::init("-"), cl::cat(Category));
static cl::opt<bool> EmitText("S", cl::desc("Write textual IR"),
                              cl::cat(Category));
static cl::opt<std::string> Passes("passes", cl::desc("Pass pipeline to run"),
                                   cl::cat(Category));
static cl::opt<bool> PrintIntrinsicTable(
    "print-intrinsic-table",
    cl::desc("Print the NVVM intrinsic lowering table as Markdown and exit"),
    cl::cat(Category));
static cl::opt<bool> PrintWarpFastPathTable(
    "print-warp-fast-path-table",
    cl::desc("Print the warp fast paths per shuffle shape as Markdown and exit"),
    cl::cat(Category));
static cl::opt<bool> PrintWaveIntrinsicTable(
    "print-wave-intrinsic-table",
    cl::desc("Print the wave-wide amdgcn operations of the AMDGPU emulation "
             "as Markdown and exit"),
    cl::cat(Category));
static cl::opt<bool> EmitCodeObject(
    "emit-code-object",
    cl::desc("Run rubicon::emitCodeObject and write the code object"),
    cl::cat(Category));
static cl::opt<std::string> DeviceLib("device-lib",
                                      cl::desc("Device library to link"),
                                      cl::cat(Category));
static cl::opt<std::string> LldPath("ld-lld", cl::desc("ld.lld to run"),
                                    cl::cat(Category));
static cl::opt<unsigned> OptLevel("O", cl::desc("Optimization level (0-3)"),
                                  cl::Prefix, cl::init(3), cl::cat(Category));
static cl::opt<std::string> PrintIR("print-ir",
                                    cl::desc("Write the optimized IR here"),
                                    cl::cat(Category));
static cl::opt<std::string> PrintAsm("print-asm",
                                     cl::desc("Write the gfx assembly here"),
                                     cl::cat(Category));

namespace {

/// Prints diagnostics as "rubicon-opt: error: ..." and remembers errors.
struct ToolDiagnosticHandler : DiagnosticHandler {
  bool HadError = false;
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    raw_ostream &OS = errs();
    if (DI.getSeverity() == DS_Error) {
      HadError = true;
      WithColor::error(errs(), "rubicon-opt");
    } else if (DI.getSeverity() == DS_Warning) {
      WithColor::warning(errs(), "rubicon-opt");
    } else if (const auto *Remark =
                   dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
               Remark && Remark->isEnabled()) {
      // The optimization remarks -pass-remarks* ask for.
      OS << "remark: ";
    } else {
      return true; // Notes are not interesting here.
    }
    DiagnosticPrinterRawOStream Printer(OS);
    DI.print(Printer);
    OS << "\n";
    return true;
  }
};

bool writeFile(StringRef Path, StringRef Contents) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC) {
    WithColor::error(errs(), "rubicon-opt") << Path << ": " << EC.message()
                                            << "\n";
    return false;
  }
  Out.os() << Contents;
  Out.keep();
  return true;
}

int runEmitCodeObject(std::unique_ptr<Module> M) {
  Expected<std::unique_ptr<rubicon::DeviceTarget>> Target =
      rubicon::createDeviceTarget(rubicon::resolveLoweringArch(""));
  if (!Target) {
    WithColor::error(errs(), "rubicon-opt")
        << toString(Target.takeError()) << "\n";
    return 1;
  }
  rubicon::CodeObjectOptions Opts;
  Opts.OptLevel = OptLevel;
  Opts.DeviceLibPath = DeviceLib;
  Opts.LldPath = LldPath;
  std::string IR, Asm;
  if (!PrintIR.empty())
    Opts.IRDump = &IR;
  if (!PrintAsm.empty())
    Opts.AsmDump = &Asm;
  Expected<std::string> CodeObject =
      (*Target)->emitCodeObject(std::move(M), Opts);
  if (!CodeObject) {
    WithColor::error(errs(), "rubicon-opt")
        << toString(CodeObject.takeError()) << "\n";
    return 1;
  }
  if (!PrintIR.empty() && !writeFile(PrintIR, IR))
    return 1;
  if (!PrintAsm.empty() && !writeFile(PrintAsm, Asm))
    return 1;
  return writeFile(OutputFile, *CodeObject) ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "Rubicon's NVVM -> AMDGPU lowering passes\n");
  if (PrintIntrinsicTable) {
    rubicon::printNVVMIntrinsicTable(outs());
    return 0;
  }
  if (PrintWarpFastPathTable) {
    rubicon::warpfast::printFastPathTable(outs());
    return 0;
  }
  if (PrintWaveIntrinsicTable) {
    rubicon::printWaveIntrinsicTable(outs());
    return 0;
  }

  LLVMContext Context;
  auto Handler = std::make_unique<ToolDiagnosticHandler>();
  ToolDiagnosticHandler *Diags = Handler.get();
  Context.setDiagnosticHandler(std::move(Handler));

  SMDiagnostic ParseError;
  std::unique_ptr<Module> M = parseIRFile(InputFile, ParseError, Context);
  if (!M) {
    ParseError.print("rubicon-opt", errs());
    return 1;
  }
  if (EmitCodeObject)
    return runEmitCodeObject(std::move(M));

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // The instrumentation callbacks map pass classes to their names, for
  // -print-pipeline-passes.
  PassInstrumentationCallbacks PIC;
  PassBuilder PB(nullptr, PipelineTuningOptions(), std::nullopt, &PIC);
  rubicon::registerLoweringPasses(PB);
  rubicon::registerWarpSizePasses(PB); // rubicon-warp-size
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Passes)) {
    WithColor::error(errs(), "rubicon-opt") << toString(std::move(E)) << "\n";
    return 1;
  }
  if (PrintPipelinePasses) {
    MPM.printPipeline(outs(), [&PIC](StringRef ClassName) {
      StringRef Name = PIC.getPassNameForClassName(ClassName);
      return Name.empty() ? ClassName : Name;
    });
    outs() << "\n";
    return 0;
  }
  MPM.run(*M, MAM);
  if (Diags->HadError)
    return 1;
  std::string VerifierOutput;
  raw_string_ostream VerifierOS(VerifierOutput);
  if (verifyModule(*M, &VerifierOS)) {
    WithColor::error(errs(), "rubicon-opt")
        << "the passes produced invalid IR:\n" << VerifierOutput;
    return 1;
  }

  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_None);
  if (EC) {
    WithColor::error(errs(), "rubicon-opt") << OutputFile << ": "
                                            << EC.message() << "\n";
    return 1;
  }
  if (EmitText)
    M->print(Out.os(), nullptr);
  else
    WriteBitcodeToFile(*M, Out.os());
  Out.keep();
  return 0;
}
