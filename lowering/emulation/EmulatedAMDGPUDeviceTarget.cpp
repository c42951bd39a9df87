//===- EmulatedAMDGPUDeviceTarget.cpp - gfx<N>-emulated -------------------===//
//
// EmulatedAMDGPUDeviceTarget: an AMD GPU's program, run on the CPU to verify
// it (docs/amdgpu-emulation.md). emitCodeObject makes exactly the IR that
// AMDGPUDeviceTarget hands to LLVM's AMDGPU back end for the GPU
// (prepareAMDGPUModule), then rubicon-emulate-amdgpu turns it into x86-64
// IR on the host runtime's ABI, the emulation library (the amdgcn
// intrinsics' semantics) is linked, and the result is a host code object.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "DeviceTargets.h"
#include "EmulationPasses.h"
#include "LoweringPasses.h"
#include "../host/HostPasses.h"

#include "rubicon/FatBinary.h"
#include "rubicon/HostABI.h"
#include "rubicon/TargetNames.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/AMDGPUAddrSpace.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/IPO/Internalize.h"

using namespace llvm;

namespace rubicon {

using llvm::AMDGPUAS::CONSTANT_ADDRESS;
using llvm::AMDGPUAS::GLOBAL_ADDRESS;
using llvm::AMDGPUAS::LOCAL_ADDRESS;
using llvm::AMDGPUAS::PRIVATE_ADDRESS;
namespace {

/// Calls of intrinsics the emulation library has no function for, or one of
/// another signature: an error each, naming the intrinsic.
Error checkSemantics(Module &M) {
  std::string Missing;
  for (Function &F : M) {
    StringRef Name = F.getName();
    if (!Name.consume_front(EmulatedIntrinsicPrefix) || F.use_empty())
      continue;
    std::string Intrinsic = "llvm.amdgcn." + Name.str();
    std::replace(Intrinsic.begin(), Intrinsic.end(), '_', '.');
    if (F.isDeclaration()) {
      Missing += (Missing.empty() ? "" : "\n");
      Missing += "the AMDGPU emulation has no semantics for '" + Intrinsic + "'";
      continue;
    }
    for (User *U : F.users())
      if (auto *Call = dyn_cast<CallBase>(U);
          Call && Call->getFunctionType() != F.getFunctionType()) {
        Missing += (Missing.empty() ? "" : "\n");
        Missing += "the AMDGPU emulation's '" + F.getName().str() +
                   "' does not have the signature of '" + Intrinsic + "'";
        break;
      }
  }
  return Missing.empty() ? Error::success() : makeError(Missing);
}

bool isExportedFromHostCodeObject(const GlobalValue &GV) {
  StringRef Name = GV.getName();
  if (Name.starts_with(host::EntryPrefix) ||
      Name.starts_with(host::ParamsPrefix) || Name == host::SharedBytesSymbol ||
      Name == host::AbiVersionSymbol)
    return true;
  const auto *G = dyn_cast<GlobalVariable>(&GV);
  return G && (G->getAddressSpace() == GLOBAL_ADDRESS ||
               G->getAddressSpace() == CONSTANT_ADDRESS) &&
         !G->isDeclaration() && !G->isThreadLocal() &&
         !Name.starts_with("llvm.") && !Name.starts_with("__rubicon_amdgcn_");
}

} // namespace

const StringRef EmulatedAMDGPUDeviceTarget::Kind = "amdgpu-emulated";

bool EmulatedAMDGPUDeviceTarget::matches(StringRef Name) {
  return target_names::classifyTargetName(Name) ==
         target_names::TargetKind::EmulatedAMDGPU;
}

std::string EmulatedAMDGPUDeviceTarget::defaultName() {
  return resolveLoweringArch("") + std::string(target_names::EmulatedSuffix);
}

EmulatedAMDGPUDeviceTarget::EmulatedAMDGPUDeviceTarget(StringRef Name)
    : DeviceTarget(Name), Gpu(Name.drop_back(target_names::EmulatedSuffix.size()).str()) {}

std::string EmulatedAMDGPUDeviceTarget::deviceLibraryFileName() const {
  return Gpu + ".bc";
}

// A host code object: the host runtime runs it.
std::string EmulatedAMDGPUDeviceTarget::bundleEntryId() const {
  return fatbin::hostCodeObjectId();
}

void EmulatedAMDGPUDeviceTarget::buildLoweringPipeline(
    ModulePassManager &MPM, std::shared_ptr<DeviceLibraryLink> Link) const {
  AMDGPUDeviceTarget(Gpu).buildLoweringPipeline(MPM, std::move(Link));
}

Expected<std::string>
EmulatedAMDGPUDeviceTarget::emitCodeObject(std::unique_ptr<Module> NVVM,
                                           const CodeObjectOptions &Opts) const {
  if (!NVVM)
    return makeError("emitCodeObject: no module");
  Module &M = *NVVM;
  DiagnosticRecorder Diags(M.getContext());
  auto GpuTM = createAMDGPUTargetMachine(Gpu, Opts.OptLevel);
  if (!GpuTM)
    return GpuTM.takeError();
  if (Error E = prepareAMDGPUModule(M, *this, Gpu, **GpuTM, Opts, Diags))
    return std::move(E);
  // What is kept (-keep) is the IR the GPU's code generator would receive.
  if (Opts.IRDump) {
    raw_string_ostream OS(*Opts.IRDump);
    M.print(OS, nullptr);
  }

  auto HostTM = createHostTargetMachine(Opts.OptLevel);
  if (!HostTM)
    return HostTM.takeError();
  TargetMachine &TM = **HostTM;
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(EmulateExecMaskPass());
    MPM.addPass(EmulateAMDGPUPass(Gpu));
    return MPM;
  });
  if (Diags.hasErrors())
    return Diags.takeError("cannot emulate " + Gpu + " code on the CPU");

  SmallString<256> Library(Opts.DeviceLibPath);
  sys::path::remove_filename(Library);
  sys::path::append(Library, EmulationLibraryFileName);
  // The library is plain x86-64 bitcode: it has no LDS or scratch pointers,
  // so the module takes the library's data layout for the link (no
  // mismatch warning) and its own back after.
  DataLayout Emulated = M.getDataLayout();
  M.setDataLayout(TM.createDataLayout());
  Error Linked = linkDeviceLibrary(
          M, Library,
          {"AMDGPU emulation library", HostTriple,
           [](const Triple &T) { return T.isX86(); }},
          Diags);
  M.setDataLayout(Emulated);
  if (Linked)
    return Linked;
  if (Error E = adaptEmulationLibraryCalls(M))
    return std::move(E);
  if (Error E = checkSemantics(M))
    return makeError("cannot emulate " + Gpu + " code on the CPU:\n" +
                     toString(std::move(E)));
  if (Error E = verifyLoweredModule(
          M, "internal error: the AMDGPU emulation produced invalid IR"))
    return std::move(E);
  internalizeModule(M, isExportedFromHostCodeObject);

  runOptimizationPipeline(M, TM, Opts.OptLevel);
  if (Diags.hasErrors())
    return Diags.takeError("cannot optimize emulated " + Gpu + " code");
  auto Object = generateObjectWithDumps(M, TM, "x86-64", nullptr, Opts.AsmDump);
  if (!Object)
    return Object.takeError();
  if (Diags.hasErrors())
    return Diags.takeError("cannot generate x86-64 code for emulated " + Gpu);

  static constexpr StringRef NoExecStack[] = {"-z", "noexecstack"};
  LldLink Link;
  Link.LldPath = Opts.LldPath;
  Link.Emulation = "elf_x86_64";
  Link.Undefined = UndefinedSymbols::Allow;
  Link.ExtraFlags = NoExecStack;
  Link.TempDir = Opts.TempDir;
  std::string Stem = "rubicon-" + name().str();
  Link.TempStem = Stem;
  Link.OutputSuffix = "so";
  Link.KeepTemps = Opts.KeepTemps;
  Link.LinkedName = "emulated " + Gpu + " code object";
  Link.ResultName = "emulated " + Gpu + " code object";
  return linkWithLld(*Object, Link);
}

} // namespace rubicon
