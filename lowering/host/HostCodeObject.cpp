//===- HostCodeObject.cpp - NVVM module -> host shared object -------------===//
//
// rubicon::emitHostCodeObject: the host lowering passes, the host device
// library link, shared-memory layout, internalization, LLVM's optimization
// pipeline, x86-64 code generation and an `ld.lld -shared` link. Also the
// host TargetMachine and rubicon-lower-nvvm-to-host. The steps shared with
// the AMDGPU back end are in BackendSupport.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "HostPasses.h"
#include "LoweringPasses.h"
#include "rubicon/HostLowering.h"

#include "rubicon/HostABI.h"

#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

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

/// What the runtime finds with dlsym: entry points, their parameter tables,
/// the shared-memory size, and the program's device variables.
bool isExported(const GlobalValue &GV) {
  StringRef Name = GV.getName();
  if (Name.starts_with(host::EntryPrefix) ||
      Name.starts_with(host::BlockEntryPrefix) ||
      Name.starts_with(host::ParamsPrefix) || Name == host::SharedBytesSymbol ||
      Name == host::AbiVersionSymbol)
    return true;
  const auto *G = dyn_cast<GlobalVariable>(&GV);
  return G && (G->getAddressSpace() == 1 || G->getAddressSpace() == 4) &&
         !G->isDeclaration() && !Name.starts_with("llvm.");
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
  // Texture references are device variables on the host target too.
  MPM.addPass(LowerTextureHandlesPass());
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
  DiagnosticRecorder Diags(M.getContext());
  auto TMOrError = createHostTargetMachine(Opts.OptLevel);
  if (!TMOrError)
    return TMOrError.takeError();
  TargetMachine &TM = **TMOrError;

  // Everything up to the device library; shared memory comes after it.
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(LowerTextureHandlesPass());
    MPM.addPass(RetargetHostPass());
    MPM.addPass(HostLowerNVVMIntrinsicsPass());
    MPM.addPass(HostWarpLockstepPass());
    MPM.addPass(HostKernelEntryPass());
    MPM.addPass(HostThreadLoopsPass());
    return MPM;
  });
  if (Diags.hasErrors())
    return Diags.takeError("cannot lower device code for the host target");
  if (Opts.KernelForms)
    for (Function &F : M)
      if (Attribute Form = F.getFnAttribute(HostFormAttribute); Form.isValid())
        Opts.KernelForms->emplace_back(F.getName().str(),
                                       Form.getValueAsString().str());
  if (!Opts.DeviceLibPath.empty()) {
    DeviceLibraryTarget Library{"host device library", HostTriple,
                                [](const Triple &T) { return T.isX86(); }};
    if (Error E = linkDeviceLibrary(M, Opts.DeviceLibPath, Library, Diags))
      return std::move(E);
  }
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(HostSharedMemoryPass());
    return MPM;
  });
  if (Diags.hasErrors())
    return Diags.takeError("cannot lay out shared memory for the host target");
  if (Error E = verifyLoweredModule(
          M, "internal error: the host lowering produced invalid IR"))
    return std::move(E);

  for (GlobalValue &GV : M.global_values())
    if (isExported(GV))
      GV.setVisibility(GlobalValue::DefaultVisibility);
  internalizeModule(M, isExported);

  runOptimizationPipeline(M, TM, Opts.OptLevel);
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize device code for the host target");
  auto Object =
      generateObjectWithDumps(M, TM, "x86-64", Opts.IRDump, Opts.AsmDump);
  if (!Object)
    return Object.takeError();
  if (Diags.hasErrors())
    return Diags.takeError("cannot generate x86-64 code");

  // C library functions (printf, malloc, libm) stay undefined: the process
  // that dlopens the code object provides them.
  static constexpr StringRef NoExecStack[] = {"-z", "noexecstack"};
  LldLink Link;
  Link.LldPath = Opts.LinkerPath;
  Link.Emulation = "elf_x86_64";
  Link.Undefined = UndefinedSymbols::Allow;
  Link.ExtraFlags = NoExecStack;
  Link.TempDir = Opts.TempDir;
  Link.TempStem = "rubicon-host";
  Link.OutputSuffix = "so";
  Link.KeepTemps = Opts.KeepTemps;
  Link.LinkedName = "host code object";
  Link.ResultName = "host code object";
  return linkWithLld(*Object, Link);
}

} // namespace rubicon
