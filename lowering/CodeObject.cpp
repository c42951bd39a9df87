//===- CodeObject.cpp - NVVM module -> AMDGPU code object -----------------===//
//
// rubicon::emitCodeObject: lowering, device-library link, internalization,
// the optimization pipeline, AMDGPU code generation and the ld.lld link that
// makes the code object. Every failure is an llvm::Error with readable text;
// diagnostics still reach the driver's handler on the way. The steps shared
// with the host back end are in BackendSupport.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "LoweringPasses.h"
#include "WarpFastPaths.h"
#include "rubicon/Lowering.h"

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
    if ((AS == GlobalAS || AS == ConstantAS) && !G.isDeclaration() &&
        !G.hasLocalLinkage() && !G.getName().starts_with("llvm."))
      Names.insert(G.getName());
  }
  return Names;
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
  if (Error E = verifyLoweredModule(M, "internal error: lowering for " +
                                           Opts.Arch + " produced invalid IR"))
    return std::move(E);

  StringSet<> Exported = collectExportedSymbols(M);
  // The warp entry points stay opaque through -O<n> (WarpFastPaths.h).
  for (const std::string &Name : warpFastPathEntryPoints())
    Exported.insert(Name);
  if (!Opts.DeviceLibPath.empty()) {
    DeviceLibraryTarget Library{"device library", AMDGPUTriple,
                                [](const Triple &T) { return T.isAMDGCN(); }};
    if (Error E = linkDeviceLibrary(M, Opts.DeviceLibPath, Library, Diags))
      return std::move(E);
  }
  if (Error E = checkUndefinedFunctions(M))
    return std::move(E);
  internalizeModule(M, [&](const GlobalValue &GV) {
    return Exported.contains(GV.getName());
  });

  runOptimizationPipeline(M, TM, Opts.OptLevel);
  runWarpFastPaths(M, TM, Opts.Arch, Opts.OptLevel);
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize device code for " + Opts.Arch);
  auto Object =
      generateObjectWithDumps(M, TM, "AMDGPU", Opts.IRDump, Opts.AsmDump);
  if (!Object)
    return Object.takeError();
  if (Diags.hasErrors())
    return Diags.takeError("cannot generate " + Opts.Arch + " code");

  LldLink Link;
  Link.LldPath = Opts.LldPath;
  Link.Emulation = "elf64_amdgpu";
  Link.Undefined = UndefinedSymbols::Error;
  std::string TempStem = "rubicon-" + Opts.Arch;
  Link.TempDir = Opts.TempDir;
  Link.TempStem = TempStem;
  Link.OutputSuffix = "co";
  Link.KeepTemps = Opts.KeepTemps;
  Link.LinkedName = Opts.Arch + " code object";
  Link.ResultName = "code object";
  return linkWithLld(*Object, Link);
}

} // namespace rubicon
