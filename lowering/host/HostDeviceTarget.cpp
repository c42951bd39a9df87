//===- HostDeviceTarget.cpp - The CPU `host` device target ----------------===//
//
// HostDeviceTarget: the host TargetMachine, its lowering pipeline (the host
// passes, the host device library link, shared-memory layout), and
// emitCodeObject: that pipeline, internalization, LLVM's optimization
// pipeline, x86-64 code generation and an `ld.lld -shared` link. The steps
// shared with the AMDGPU targets are in BackendSupport.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "DeviceTargets.h"
#include "HostPasses.h"
#include "LinkDeviceLibrary.h"
#include "LoweringPasses.h"

#include "rubicon/FatBinary.h"
#include "rubicon/HostABI.h"
#include "rubicon/HostCpuLevels.h"
#include "rubicon/TargetNames.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/NVPTXAddrSpace.h"
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
/// the shared-memory sizes, and the program's device variables.
bool isExported(const GlobalValue &GV) {
  StringRef Name = GV.getName();
  if (Name.starts_with(host::EntryPrefix) ||
      Name.starts_with(host::BlockEntryPrefix) ||
      Name.starts_with(host::ParamsPrefix) ||
      Name.starts_with(host::ParamOffsetsPrefix) ||
      Name == host::SharedBytesSymbol ||
      Name.starts_with(host::KernelSharedPrefix) ||
      Name.starts_with(host::ClusterDimsPrefix) ||
      Name == host::AbiVersionSymbol || Name == host::CudaArchSymbol ||
      Name == host::CpuLevelSymbol ||
      Name == host::HeapSymbol)
    return true;
  const auto *G = dyn_cast<GlobalVariable>(&GV);
  return G &&
         (G->getAddressSpace() == NVPTXAS::ADDRESS_SPACE_GLOBAL ||
          G->getAddressSpace() == NVPTXAS::ADDRESS_SPACE_CONST) &&
         !G->isDeclaration() && !Name.starts_with("llvm.");
}

/// A C++ function still undefined once the device library is linked and the
/// code optimized is a host function that device code calls (nvcc only warns
/// where a __host__ __device__ function refers to one): the code object could
/// not be loaded, so it is an error here, as on gfx targets. C functions stay
/// undefined (the C library provides them), as do operator new and delete.
Error checkUndefinedFunctions(Module &M) {
  std::string Missing;
  for (Function &F : M) {
    StringRef Name = F.getName();
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        !Name.starts_with("_Z") || Name.starts_with("_Znw") ||
        Name.starts_with("_Zna") || Name.starts_with("_Zdl") ||
        Name.starts_with("_Zda"))
      continue;
    Missing += (Missing.empty() ? "" : "\n");
    Missing += "undefined device function '" + Name.str() +
               "' (a host function called from device code, or not provided "
               "by Rubicon's device library)";
  }
  return Missing.empty() ? Error::success() : makeError(Missing);
}

} // namespace

Expected<std::unique_ptr<TargetMachine>>
createHostTargetMachine(unsigned OptLevel, StringRef Cpu) {
  if (!host::cpuLevelNamed(Cpu))
    return makeError("unknown x86-64 level '" + Cpu +
                     "' for the host target (expected x86-64, x86-64-v2, "
                     "x86-64-v3 or x86-64-v4)");
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
      TT, Cpu, "", TargetOptions(), Reloc::PIC_, std::nullopt, Level));
  if (!TM)
    return makeError("cannot create an x86-64 target machine");
  return std::move(TM);
}

namespace {
// The inliner's threshold at -O2 and above (LLVM's: 225, 250 at -O3). A
// thread loop vectorizes only when the device functions its threads call are
// inlined into it, as GPU compilers inline them; the device library's
// exponentials and logarithms are inline code (HostMathVectorizable.cpp), so
// a helper that calls a few of them (cuda-samples' BlackScholes body: cost
// 775, against LLVM's 487 with its bonuses) is above LLVM's threshold. 600
// inlines it; 1000 cost 45% more compile time on the generic wmma paths
// (tests/e2e/emulated/Inputs/wmma_bf16_int.cu: 35 s, 42 s at 600, 51 s).
constexpr int HostInlineThreshold = 600;

// LLVM's -O<n> pipeline, with the inliner's threshold above, stores at the
// end of every arm of a branch made one (rubicon-host-sink-conditional-stores)
// and the loops whose bound checks all pass copied before the vectorizer
// (rubicon-host-split-guarded-loops).
void runHostOptimizationPipeline(Module &M, TargetMachine &TM,
                                 unsigned OptLevel) {
  PipelineTuningOptions Tuning;
  if (OptLevel >= 2)
    Tuning.InlinerThreshold = HostInlineThreshold;
  runOptimizationPipeline(M, TM, OptLevel, Tuning, [&](PassBuilder &PB) {
    if (OptLevel < 2)
      return;
    PB.registerOptimizerEarlyEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(HostSinkConditionalStoresPass());
          MPM.addPass(HostSplitGuardedLoopsPass());
        });
  });
}
} // namespace

const StringRef HostDeviceTarget::Kind = host::TargetName;

bool HostDeviceTarget::matches(StringRef Name) {
  return target_names::classifyTargetName(Name) ==
         target_names::TargetKind::Host;
}

std::string HostDeviceTarget::defaultName() { return host::TargetName; }

std::string HostDeviceTarget::bundleEntryId() const {
  return fatbin::hostCodeObjectId();
}

void HostDeviceTarget::buildLoweringPipeline(
    ModulePassManager &MPM, std::shared_ptr<DeviceLibraryLink> Link) const {
  MPM.addPass(RecordClusterDimsPass());
  // __isConstant/__isGlobal, while __constant__ is address space 4.
  MPM.addPass(LowerConstantSpaceQueriesPass());
  // wmma: loads and stores generic, products through the matrix exchange.
  MPM.addPass(LowerMatrixOpsPass("host"));
  // Texture references are device variables on the host target too.
  MPM.addPass(LowerTextureHandlesPass());
  MPM.addPass(RetargetHostPass());
  // Before the passes that allocate for themselves (thread loops).
  MPM.addPass(HostDeviceHeapPass());
  MPM.addPass(HostLowerNVVMIntrinsicsPass());
  MPM.addPass(HostWarpLockstepPass());
  MPM.addPass(HostKernelEntryPass());
  MPM.addPass(HostThreadLoopsPass());
  MPM.addPass(LinkDeviceLibraryPass(std::move(Link)));
  // Shared memory is laid out once the device library's variables are in.
  MPM.addPass(HostSharedMemoryPass());
}

Expected<std::string>
HostDeviceTarget::emitCodeObject(std::unique_ptr<Module> NVVM,
                                 const CodeObjectOptions &Opts) const {
  if (!NVVM)
    return makeError("emitCodeObject: no module");
  Module &M = *NVVM;
  DiagnosticRecorder Diags(M.getContext());
  auto TMOrError = createHostTargetMachine(Opts.OptLevel, Opts.HostCpu);
  if (!TMOrError)
    return TMOrError.takeError();
  TargetMachine &TM = **TMOrError;

  auto LibraryLink = std::make_shared<DeviceLibraryLink>(DeviceLibraryLink{
      Opts.DeviceLibPath,
      {"host device library", HostTriple,
       [](const Triple &T) { return T.isX86(); }},
      &Diags,
      {},
      std::nullopt});
  runLoweringPipeline(M, TM, *this, LibraryLink, Opts.PipelineDump);
  if (LibraryLink->Failure)
    return makeError(*LibraryLink->Failure);
  if (Diags.hasErrors())
    return Diags.takeError("cannot lower device code for the host target");
  if (Opts.Notes)
    for (std::string &Note : matrixPathNotes(M))
      Opts.Notes->push_back(std::move(Note));
  if (Opts.Notes)
    for (Function &F : M)
      if (Attribute Form = F.getFnAttribute(HostFormAttribute); Form.isValid())
        Opts.Notes->push_back(("host: kernel '" + F.getName() +
                               "': " + Form.getValueAsString())
                                  .str());
  if (Error E = verifyLoweredModule(
          M, "internal error: the host lowering produced invalid IR"))
    return std::move(E);

  // The x86-64 level the code is built for: the runtime loads the code
  // object only on a CPU that has it (HostCpuLevels.h).
  const host::CpuLevel *Level = host::cpuLevelNamed(Opts.HostCpu);
  if (!M.getNamedGlobal(host::CpuLevelSymbol)) {
    Type *I64 = Type::getInt64Ty(M.getContext());
    new GlobalVariable(M, I64, /*isConstant=*/true,
                       GlobalValue::ExternalLinkage,
                       ConstantInt::get(I64, Level->Number),
                       host::CpuLevelSymbol);
  }

  for (GlobalValue &GV : M.global_values())
    if (isExported(GV)) {
      GV.setVisibility(GlobalValue::DefaultVisibility);
      // The code object is a shared object: an exported definition the code
      // generator cannot reach through a local alias (a linkonce_odr or
      // comdat one: a class template's static constexpr table, libcu++'s
      // philox_engine::multipliers) is reached through the GOT, or the
      // link rejects the PC-relative reference to a preemptible symbol.
      if (!GV.hasExternalLinkage() || GV.hasComdat())
        GV.setDSOLocal(false);
    }
  internalizeModule(M, isExported);

  runHostOptimizationPipeline(M, TM, Opts.OptLevel);
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize device code for the host target");
  {
    // What the optimizer made llvm.ldexp: inline, not a libm call per thread;
    // f16 widened inline, not a C runtime call per element.
    ModuleAnalysisManager MAM;
    HostExpandLdexpPass().run(M, MAM);
    // x86-64-v3 and above convert half with F16C's instructions.
    if (!(Level->Features & host::CpuF16c))
      HostExpandHalfPass().run(M, MAM);
    // Shared-memory atomics without LOCK: a block runs on one CPU thread.
    HostSharedAtomicsPass().run(M, MAM);
    // Float selects x86-64 would branch on: CMOV of their bits.
    HostIntegerSelectsPass().run(M, MAM);
  }
  if (Error E = checkUndefinedFunctions(M))
    return E;
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
  Link.LldPath = Opts.LldPath;
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
