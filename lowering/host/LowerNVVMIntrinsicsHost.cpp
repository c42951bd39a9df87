//===- LowerNVVMIntrinsicsHost.cpp - rubicon-host-lower-nvvm-intrinsics ---===//
//
// The host reading of NVVMIntrinsics.def (NVVMIntrinsicLowering.h): special
// registers, barriers and warp operations (the NVVM_TO_AMDGCN rows too)
// become calls to the host device library's "__rubicon_<name>" functions
// (its indices come from the running fiber); fences and scoped atomics
// become LLVM's at system scope (x86-64 has one memory model); nanosleep
// yields the fiber (__rubicon_nanosleep). llvm.trap becomes
// __rubicon_host_trap, which ends the kernel with an error instead of
// killing the process. Errors are reported as on AMDGPU.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "NVVMIntrinsicLowering.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

static std::string unsupportedOnHost(StringRef Intrinsic, StringRef Caller) {
  return ("NVVM intrinsic '" + Intrinsic + "' in '" + Caller +
          "' has no lowering for the host target")
      .str();
}

PreservedAnalyses HostLowerNVVMIntrinsicsPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  NVVMIntrinsicPolicy Policy;
  Policy.UseAMDGCNIntrinsics = false;
  Policy.UseRowSyncScopes = false;
  Policy.ScopeUnscopedAtomicsToAgent = false;
  Policy.SleepFunction = "__rubicon_nanosleep";
  Policy.TrapFunction = "__rubicon_host_trap";
  Policy.UnsupportedMessage = unsupportedOnHost;
  return lowerNVVMIntrinsics(M, Policy) ? PreservedAnalyses::none()
                                        : PreservedAnalyses::all();
}

} // namespace rubicon
