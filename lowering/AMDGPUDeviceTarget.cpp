//===- AMDGPUDeviceTarget.cpp - The AMD GPU device targets ----------------===//
//
// AMDGPUDeviceTarget (gfx942, gfx90a, ...): its lowering pipeline, and
// emitCodeObject: that pipeline (device-library link included),
// internalization, the optimization pipeline, the warp fast paths, AMDGPU
// code generation and the ld.lld link that makes the code object. Every
// failure is an llvm::Error with readable text; diagnostics still reach the
// driver's handler on the way. The steps shared with the host target are in
// BackendSupport.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "DeviceTargets.h"
#include "LinkDeviceLibrary.h"
#include "LoweringPasses.h"
#include "WarpFastPaths.h"
#include "rubicon/DeviceOrdinal.h"
#include "rubicon/FatBinary.h"
#include "rubicon/TargetNames.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;

namespace rubicon {
namespace {

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
    if ((AS == AMDGPUAS::GLOBAL_ADDRESS || AS == AMDGPUAS::CONSTANT_ADDRESS) && !G.isDeclaration() &&
        !G.hasLocalLinkage() && !G.getName().starts_with("llvm."))
      Names.insert(G.getName());
  }
  return Names;
}

} // namespace

const StringRef AMDGPUDeviceTarget::Kind = "amdgpu";

bool AMDGPUDeviceTarget::matches(StringRef Name) {
  return target_names::classifyTargetName(Name) ==
         target_names::TargetKind::AMDGPU;
}

std::string AMDGPUDeviceTarget::defaultName() {
  return resolveLoweringArch("");
}

std::string AMDGPUDeviceTarget::bundleEntryId() const {
  return fatbin::codeObjectId(name().str());
}

void AMDGPUDeviceTarget::buildLoweringPipeline(
    ModulePassManager &MPM, std::shared_ptr<DeviceLibraryLink> Link) const {
  std::string Arch = name().str();
  MPM.addPass(RecordClusterDimsPass(Arch));
  MPM.addPass(LowerConstantSpaceQueriesPass(Arch));
  MPM.addPass(LowerMatrixOpsPass(Arch));
  MPM.addPass(LowerTextureHandlesPass(Arch));
  MPM.addPass(RetargetAMDGPUPass(Arch));
  MPM.addPass(AllocaToPrivatePass(Arch));
  MPM.addPass(KernelABIPass(Arch));
  MPM.addPass(LowerNVVMIntrinsicsPass(Arch));
  MPM.addPass(LowerPrintfPass(Arch));
  MPM.addPass(LowerMathIntrinsicsPass(Arch));
  MPM.addPass(RejectFloat128Pass(Arch));
  MPM.addPass(LinkDeviceLibraryPass(std::move(Link)));
}

Error prepareAMDGPUModule(Module &M, const DeviceTarget &Target,
                          StringRef Arch, TargetMachine &TM,
                          const CodeObjectOptions &Opts,
                          DiagnosticRecorder &Diags) {
  // Kernels and the program's device variables stay visible (and the warp
  // entry points stay opaque through -O<n>, WarpFastPaths.h): what the
  // lowered module defines before the device library joins it.
  StringSet<> Exported;
  auto LibraryLink = std::make_shared<DeviceLibraryLink>(DeviceLibraryLink{
      Opts.DeviceLibPath,
      {"device library", AMDGPUTriple,
       [](const Triple &T) { return T.isAMDGCN(); }},
      &Diags,
      [&](Module &Lowered) {
        Exported = collectExportedSymbols(Lowered);
        for (const std::string &Name : warpFastPathEntryPoints())
          Exported.insert(Name);
        // Written by the runtime on each device (DeviceOrdinal.h).
        Exported.insert(rubicon::amdgpu::DeviceOrdinalSymbol);
      },
      std::nullopt});
  runLoweringPipeline(M, TM, Target, LibraryLink, Opts.PipelineDump);
  if (LibraryLink->Failure)
    return makeError(*LibraryLink->Failure);
  if (Diags.hasErrors())
    return Diags.takeError("cannot lower device code for " + Arch);
  if (Opts.Notes)
    for (std::string &Note : matrixPathNotes(M))
      Opts.Notes->push_back(std::move(Note));
  if (Error E = verifyLoweredModule(M, "internal error: lowering for " + Arch +
                                           " produced invalid IR"))
    return E;
  if (Error E = checkUndefinedFunctions(M))
    return E;
  internalizeModule(M, [&](const GlobalValue &GV) {
    return Exported.contains(GV.getName());
  });

  runOptimizationPipeline(M, TM, Opts.OptLevel);
  runWarpFastPaths(M, TM, Arch, Opts.OptLevel);
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize device code for " + Arch);
  return Error::success();
}

Expected<std::string>
AMDGPUDeviceTarget::emitCodeObject(std::unique_ptr<Module> NVVM,
                                   const CodeObjectOptions &Opts) const {
  if (!NVVM)
    return makeError("emitCodeObject: no module");
  const std::string Arch = name().str();
  Module &M = *NVVM;
  DiagnosticRecorder Diags(M.getContext());
  auto TMOrError = createAMDGPUTargetMachine(Arch, Opts.OptLevel);
  if (!TMOrError)
    return TMOrError.takeError();
  TargetMachine &TM = **TMOrError;
  if (Error E = prepareAMDGPUModule(M, *this, Arch, TM, Opts, Diags))
    return std::move(E);
  auto Object =
      generateObjectWithDumps(M, TM, "AMDGPU", Opts.IRDump, Opts.AsmDump);
  if (!Object)
    return Object.takeError();
  if (Diags.hasErrors())
    return Diags.takeError("cannot generate " + Arch + " code");

  LldLink Link;
  Link.LldPath = Opts.LldPath;
  Link.Emulation = "elf64_amdgpu";
  Link.Undefined = UndefinedSymbols::Error;
  std::string TempStem = "rubicon-" + Arch;
  Link.TempDir = Opts.TempDir;
  Link.TempStem = TempStem;
  Link.OutputSuffix = "co";
  Link.KeepTemps = Opts.KeepTemps;
  Link.LinkedName = Arch + " code object";
  Link.ResultName = "code object";
  return linkWithLld(*Object, Link);
}

} // namespace rubicon
