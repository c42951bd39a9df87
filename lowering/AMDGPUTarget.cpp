//===- AMDGPUTarget.cpp - AMDGPU target machine and shared helpers --------===//
//
// The -rubicon-arch option, TargetMachine creation for amdgcn-amd-amdhsa and
// the default wavefront size of an AMD GPU.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include <mutex>

using namespace llvm;

// Only the AMDGPU target is initialized: the driver never generates code for
// anything else from the device side.
extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
void LLVMInitializeAMDGPUAsmParser();
}

static cl::opt<std::string>
    LoweringArch("rubicon-arch", cl::init("gfx942"),
                 cl::desc("AMD GPU the Rubicon lowering passes target when run "
                          "alone (gfx942, gfx90a, gfx950, gfx1100, gfx1200, ...)"));

namespace rubicon {

std::string resolveLoweringArch(StringRef Requested) {
  return Requested.empty() ? LoweringArch.getValue() : Requested.str();
}

static void initializeAMDGPUTarget() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
  });
}

static CodeGenOptLevel toCodeGenOptLevel(unsigned OptLevel) {
  switch (OptLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 2:
    return CodeGenOptLevel::Default;
  default:
    return CodeGenOptLevel::Aggressive;
  }
}

Expected<std::unique_ptr<TargetMachine>>
createAMDGPUTargetMachine(StringRef Arch, unsigned OptLevel) {
  initializeAMDGPUTarget();
  Triple TT(AMDGPUTriple);
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(TT, Error);
  if (!TheTarget)
    return createStringError(inconvertibleErrorCode(),
                             "AMDGPU target unavailable: " + Error);
  std::unique_ptr<MCSubtargetInfo> STI(
      TheTarget->createMCSubtargetInfo(TT, Arch, ""));
  if (!STI || !STI->isCPUStringValid(Arch))
    return createStringError(inconvertibleErrorCode(),
                             "unknown AMD GPU architecture '" + Arch +
                                 "' (expected a name such as gfx942)");
  TargetOptions Options;
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      TT, Arch, "", Options, Reloc::PIC_, std::nullopt,
      toCodeGenOptLevel(OptLevel)));
  if (!TM)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for " + Arch);
  return std::move(TM);
}

unsigned defaultWavefrontSize(StringRef Arch) {
  // GFX10 and later (RDNA) default to wave32; GFX9 (CDNA, Vega) is wave64.
  StringRef Digits = Arch;
  if (!Digits.consume_front("gfx") || Digits.size() < 3)
    return 64;
  unsigned Major = 0;
  if (Digits.drop_back(2).getAsInteger(10, Major))
    return 64;
  return Major >= 10 ? 32 : 64;
}

} // namespace rubicon
