//===- HostPasses.h - Rubicon's NVVM -> host (x86-64) passes ----*- C++ -*-===//
//
// Internal to lowering/: the passes of the `host` execution target and what
// they share. Other components use rubicon/DeviceTarget.h.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_HOST_HOSTPASSES_H
#define RUBICON_LOWERING_HOST_HOSTPASSES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace llvm {
class TargetMachine;
}

namespace rubicon {

/// The triple of host code objects.
inline constexpr llvm::StringLiteral HostTriple = "x86_64-unknown-linux-gnu";
/// Function attribute the kernel-entry pass leaves on former kernels.
inline constexpr llvm::StringLiteral HostKernelAttribute =
    "rubicon-host-kernel";
/// Function attribute rubicon-host-thread-loops leaves on kernels: how the
/// runtime will run their blocks ("thread-loop", or "fibers: <reason>").
inline constexpr llvm::StringLiteral HostFormAttribute = "rubicon-host-form";
/// The device library's lockstep point (rubicon-host-warp-lockstep).
inline constexpr llvm::StringLiteral HostLockstepPoint =
    "__rubicon_host_lockstep_point";

/// A position-independent x86-64 TargetMachine for one of the x86-64 levels
/// (HostCpuLevels.h: "x86-64", "x86-64-v3"; an error for any other name);
/// initializes the X86 target on first use.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(unsigned OptLevel = 3, llvm::StringRef Cpu = "x86-64");

#define RUBICON_DECLARE_HOST_PASS(Class)                                       \
  class Class : public llvm::PassInfoMixin<Class> {                            \
  public:                                                                      \
    llvm::PreservedAnalyses run(llvm::Module &M,                               \
                                llvm::ModuleAnalysisManager &MAM);             \
    static bool isRequired() { return true; }                                  \
  };
// The host target's passes (their names: Passes.def; their order:
// HostDeviceTarget.cpp).
RUBICON_DECLARE_HOST_PASS(RetargetHostPass)
RUBICON_DECLARE_HOST_PASS(HostLowerNVVMIntrinsicsPass)
RUBICON_DECLARE_HOST_PASS(HostWarpLockstepPass)
RUBICON_DECLARE_HOST_PASS(HostKernelEntryPass)
RUBICON_DECLARE_HOST_PASS(HostDeviceHeapPass)
RUBICON_DECLARE_HOST_PASS(HostThreadLoopsPass)
RUBICON_DECLARE_HOST_PASS(HostSharedMemoryPass)
// After the optimization pipeline (HostDeviceTarget::emitCodeObject).
RUBICON_DECLARE_HOST_PASS(HostExpandLdexpPass)
RUBICON_DECLARE_HOST_PASS(HostExpandHalfPass)
RUBICON_DECLARE_HOST_PASS(HostSharedAtomicsPass)
RUBICON_DECLARE_HOST_PASS(HostIntegerSelectsPass)
// Part of the host target's -O2/-O3 pipeline, not its lowering.
RUBICON_DECLARE_HOST_PASS(HostSplitGuardedLoopsPass)
RUBICON_DECLARE_HOST_PASS(HostSinkConditionalStoresPass)
#undef RUBICON_DECLARE_HOST_PASS

} // namespace rubicon

#endif // RUBICON_LOWERING_HOST_HOSTPASSES_H
