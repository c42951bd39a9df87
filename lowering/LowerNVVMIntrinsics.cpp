//===- LowerNVVMIntrinsics.cpp - rubicon-lower-nvvm-intrinsics -------------===//
//
// The AMDGPU reading of NVVMIntrinsics.def (NVVMIntrinsicLowering.h): AMDGCN
// intrinsics, fences and atomics at their rows' sync scopes, device-library
// calls, an s_sleep loop for nanosleep. Atomics without a sync scope get the
// "agent" scope first: clang's NVPTX target emits CUDA's atomicAdd & co.
// (device-scope operations) with none, which on AMDGPU would mean system
// scope.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "NVVMIntrinsicLowering.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

static std::string unsupportedOnAMDGPU(StringRef Intrinsic, StringRef Caller) {
  return ("unsupported NVVM intrinsic '" + Intrinsic + "' in function '" +
          Caller + "'")
      .str();
}

PreservedAnalyses LowerNVVMIntrinsicsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  NVVMIntrinsicPolicy Policy;
  Policy.UnsupportedMessage = unsupportedOnAMDGPU;
  return lowerNVVMIntrinsics(M, Policy) ? PreservedAnalyses::none()
                                        : PreservedAnalyses::all();
}

} // namespace rubicon
