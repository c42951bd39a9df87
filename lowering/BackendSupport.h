//===- BackendSupport.h - Shared steps of Rubicon's back ends ---*- C++ -*-===//
//
// What the device targets' emitCodeObject (AMDGPU, x86-64 host) do the same
// way: error text, diagnostic recording, pass pipelines, the device library
// link, code generation and the ld.lld link. Parameters carry the real
// differences between the targets. Internal to RubiconLowering.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_BACKENDSUPPORT_H
#define RUBICON_LOWERING_BACKENDSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class PassBuilder;
class TargetMachine;
class Triple;
} // namespace llvm

namespace rubicon {

class DeviceTarget;
struct DeviceLibraryLink;

/// An llvm::Error carrying `Message`.
llvm::Error makeError(const llvm::Twine &Message);

/// For its lifetime, records the error diagnostics of `Ctx` and forwards every
/// diagnostic (and every question about wanted remarks) to the handler that
/// was installed before, the driver's. Diagnostics are shown once and the
/// back end can still fail with their text.
class DiagnosticRecorder {
public:
  explicit DiagnosticRecorder(llvm::LLVMContext &Ctx);
  ~DiagnosticRecorder();
  DiagnosticRecorder(const DiagnosticRecorder &) = delete;
  DiagnosticRecorder &operator=(const DiagnosticRecorder &) = delete;

  bool hasErrors() const { return !Errors.empty(); }
  /// "<Context>:\n<recorded errors>"; forgets the recorded errors.
  llvm::Error takeError(const llvm::Twine &Context);

private:
  llvm::LLVMContext &Ctx;
  std::string Errors;
};

/// -O<OptLevel> as a pass-builder level; above 3 counts as O3.
llvm::OptimizationLevel toOptimizationLevel(unsigned OptLevel);

/// Runs the module pipeline that `Build` makes, with analyses set up for TM.
void runModulePipeline(
    llvm::Module &M, llvm::TargetMachine &TM,
    llvm::function_ref<llvm::ModulePassManager(llvm::PassBuilder &)> Build,
    const llvm::PipelineTuningOptions &Tuning = llvm::PipelineTuningOptions());

/// Runs Target's lowering pipeline (DeviceTarget::buildLoweringPipeline) on M;
/// with PipelineDump, writes the pipeline there as -print-pipeline-passes
/// would.
void runLoweringPipeline(llvm::Module &M, llvm::TargetMachine &TM,
                         const DeviceTarget &Target,
                         std::shared_ptr<DeviceLibraryLink> Link,
                         std::string *PipelineDump);

/// Prints MPM as a textual pipeline, passes by their registered names.
std::string printPipeline(llvm::ModulePassManager &MPM, llvm::PassBuilder &PB);

/// Runs LLVM's default pipeline for -O<OptLevel>, tuned by Tuning; Extend,
/// when given, registers a target's passes at the pipeline's extension points
/// (PassBuilder::register*EPCallback).
void runOptimizationPipeline(
    llvm::Module &M, llvm::TargetMachine &TM, unsigned OptLevel,
    const llvm::PipelineTuningOptions &Tuning = llvm::PipelineTuningOptions(),
    llvm::function_ref<void(llvm::PassBuilder &)> Extend = nullptr);

/// Verifies M; on failure the error is "<Context>:\n<verifier output>".
llvm::Error verifyLoweredModule(const llvm::Module &M,
                                const llvm::Twine &Context);

/// Which device library a back end links, and how to recognise it.
struct DeviceLibraryTarget {
  /// Names the library in the "cannot read Rubicon's <Name>" error.
  llvm::StringRef Name;
  /// The triple the library must be built for (named in errors).
  llvm::StringRef ExpectedTriple;
  /// Whether the library's triple is one this back end accepts.
  bool (*AcceptsTriple)(const llvm::Triple &);
};

/// Links the bitcode library at Path into M, keeping only what M needs. The
/// library's llvm.used/llvm.compiler.used arrays are dropped (they would drag
/// every entry point in and clash with M's) and so is "no-builtins" (it
/// forbids inlining into user code).
llvm::Error linkDeviceLibrary(llvm::Module &M, llvm::StringRef Path,
                              const DeviceLibraryTarget &Target,
                              DiagnosticRecorder &Diags);

/// Code generation of M into memory; TargetName names the target in the
/// error when TM cannot emit Kind.
llvm::Expected<llvm::SmallString<0>> generateCode(llvm::Module &M,
                                                  llvm::TargetMachine &TM,
                                                  llvm::CodeGenFileType Kind,
                                                  llvm::StringRef TargetName);

/// Writes M's final IR to *IRDump and its assembly (from a copy of M) to
/// *AsmDump where they are given, then generates M's object file.
llvm::Expected<llvm::SmallString<0>>
generateObjectWithDumps(llvm::Module &M, llvm::TargetMachine &TM,
                        llvm::StringRef TargetName, std::string *IRDump,
                        std::string *AsmDump);

/// A fresh temporary path "<Stem>-XXXXXXXX.<Suffix>": in Dir when given,
/// else in the system's temporary folder.
llvm::Expected<std::string> temporaryPath(llvm::StringRef Dir,
                                          llvm::StringRef Stem,
                                          llvm::StringRef Suffix);

/// Whether `ld.lld` may leave symbols undefined in the shared object.
enum class UndefinedSymbols { Error, Allow };

/// How to link one object file into a shared object with ld.lld.
struct LldLink {
  /// ld.lld to run; empty means the one in RUBICON_LLVM_TOOLS_DIR.
  llvm::StringRef LldPath;
  /// The -m emulation, e.g. "elf64_amdgpu".
  llvm::StringRef Emulation;
  UndefinedSymbols Undefined = UndefinedSymbols::Error;
  /// Flags after -shared, e.g. {"-z", "noexecstack"}.
  llvm::ArrayRef<llvm::StringRef> ExtraFlags;
  /// Where the temporaries go (empty: the system's) and their name stem.
  llvm::StringRef TempDir;
  llvm::StringRef TempStem;
  /// The output's file name suffix, e.g. "co" or "so".
  llvm::StringRef OutputSuffix;
  bool KeepTemps = false;
  /// Names the result in "linking the <LinkedName> with ... failed".
  std::string LinkedName;
  /// Names the result in "cannot read the linked <ResultName>".
  std::string ResultName;
};

/// Links Object (an ELF relocatable) with ld.lld as `Link` says and returns
/// the shared object's bytes. ld.lld's output is part of the error.
llvm::Expected<std::string> linkWithLld(llvm::StringRef Object,
                                        const LldLink &Link);

} // namespace rubicon

#endif // RUBICON_LOWERING_BACKENDSUPPORT_H
