//===- LowerPrintf.cpp - rubicon-lower-printf ------------------------------===//
//
// CUDA's device printf reaches IR as `vprintf(format, buffer)`, where buffer
// is a local struct holding the (already promoted) arguments. Each argument
// is reloaded from that struct and the call becomes AMD's hostcall printf
// (__ockl_printf_*), emitted by LLVM's emitAMDGPUPrintfCall. The __ockl_*
// functions come from the device library (ockl).
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/AMDGPUEmitPrintf.h"

using namespace llvm;

namespace rubicon {
namespace {

/// Loads the arguments of a vprintf call from its buffer, after the format.
/// False (after an error) when the buffer is not a recognisable local struct.
bool collectPrintfArguments(CallInst &Call, IRBuilder<> &Builder,
                            SmallVectorImpl<Value *> &Args) {
  Value *Buffer = Call.getArgOperand(1);
  if (isa<ConstantPointerNull>(Buffer))
    return true; // printf with a format only.
  auto *Alloca = dyn_cast<AllocaInst>(Buffer->stripPointerCasts());
  auto *ArgsTy =
      Alloca ? dyn_cast<StructType>(Alloca->getAllocatedType()) : nullptr;
  if (!ArgsTy || ArgsTy->isOpaque()) {
    reportLoweringError(
        Call.getContext(),
        "cannot lower printf in function '" + Call.getFunction()->getName() +
            "': the argument buffer passed to vprintf is not a local struct",
        &Call);
    return false;
  }
  for (unsigned Field = 0; Field < ArgsTy->getNumElements(); ++Field) {
    Value *Slot = Builder.CreateStructGEP(ArgsTy, Alloca, Field);
    Args.push_back(Builder.CreateLoad(ArgsTy->getElementType(Field), Slot));
  }
  return true;
}

} // namespace

PreservedAnalyses LowerPrintfPass::run(Module &M, ModuleAnalysisManager &) {
  Function *VPrintf = M.getFunction("vprintf");
  if (!VPrintf)
    return PreservedAnalyses::all();
  SmallVector<User *> Users(VPrintf->users());
  for (User *U : Users) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != VPrintf ||
        Call->arg_size() != 2) {
      reportLoweringError(M.getContext(),
                          "vprintf is used other than by a call with a format "
                          "and an argument buffer",
                          dyn_cast<Instruction>(U));
      continue;
    }
    IRBuilder<> Builder(Call);
    SmallVector<Value *> Args{Call->getArgOperand(0)};
    if (!collectPrintfArguments(*Call, Builder, Args))
      continue;
    Value *Result = emitAMDGPUPrintfCall(Builder, Args, /*isBuffered=*/false);
    if (Result->getType() != Call->getType())
      Result = Builder.CreateZExtOrTrunc(Result, Call->getType());
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  if (VPrintf->use_empty())
    VPrintf->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace rubicon
