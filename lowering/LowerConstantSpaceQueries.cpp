//===- LowerConstantSpaceQueries.cpp - rubicon-lower-constant-space-queries ===//
//
// CUDA's __isConstant(p) and __isGlobal(p) (llvm.nvvm.isspacep.const and
// .global, also PTX isspacep). On NVIDIA GPUs constant memory is a state
// space of its own; on AMD GPUs and the host target __constant__ variables
// live in global memory, where the machine cannot tell them apart. What
// makes an address a constant-space one is that it points into a
// __constant__ variable, and those the module names (clang puts them in
// address space 4): isspacep.const becomes "p is inside one of them"
// (an unsigned compare of p - start with the size, per variable), and
// isspacep.global becomes "global, and not inside one of them". A
// __constant__ variable of another translation unit (-rdc) counts when this
// module declares it. Runs first, while the variables are in address space
// 4, on every target.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

namespace {
// NVVM's constant address space, where clang puts __constant__ variables.
constexpr unsigned NVVMConstantAddressSpace = 4;

/// Whether the generic pointer P points into one of Variables.
Value *pointsIntoAny(IRBuilder<> &Builder, Value *P,
                     ArrayRef<GlobalVariable *> Variables) {
  if (Variables.empty())
    return Builder.getFalse();
  const DataLayout &DL = Builder.GetInsertBlock()->getModule()->getDataLayout();
  Type *IntPtr = Builder.getInt64Ty();
  Value *Address = Builder.CreatePtrToInt(P, IntPtr);
  Value *Inside = nullptr;
  for (GlobalVariable *G : Variables) {
    Value *Start = Builder.CreatePtrToInt(
        Builder.CreateAddrSpaceCast(G, P->getType()), IntPtr);
    uint64_t Size = DL.getTypeAllocSize(G->getValueType());
    Value *Offset = Builder.CreateSub(Address, Start);
    Value *InG = Builder.CreateICmpULT(Offset, ConstantInt::get(IntPtr, Size));
    Inside = Inside ? Builder.CreateOr(Inside, InG) : InG;
  }
  return Inside;
}
} // namespace

PreservedAnalyses LowerConstantSpaceQueriesPass::run(Module &M,
                                                    ModuleAnalysisManager &) {
  SmallVector<IntrinsicInst *> Queries;
  for (Function &F : M.functions()) {
    Intrinsic::ID ID = F.getIntrinsicID();
    if (ID != Intrinsic::nvvm_isspacep_const &&
        ID != Intrinsic::nvvm_isspacep_global)
      continue;
    for (User *U : F.users())
      if (auto *Call = dyn_cast<IntrinsicInst>(U))
        Queries.push_back(Call);
  }
  if (Queries.empty())
    return PreservedAnalyses::all();

  SmallVector<GlobalVariable *> ConstantVariables;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == NVVMConstantAddressSpace &&
        G.getValueType()->isSized() && !G.getName().starts_with("llvm."))
      ConstantVariables.push_back(&G);

  for (IntrinsicInst *Call : Queries) {
    IRBuilder<> Builder(Call);
    Value *P = Call->getArgOperand(0);
    Value *Inside = pointsIntoAny(Builder, P, ConstantVariables);
    if (Call->getIntrinsicID() == Intrinsic::nvvm_isspacep_const) {
      Call->replaceAllUsesWith(Inside);
      Call->eraseFromParent();
      continue;
    }
    // isspacep.global: the machine's answer (the call stays, for the
    // lowering that follows), less the constant variables.
    if (ConstantVariables.empty())
      continue;
    Builder.SetInsertPoint(Call->getNextNode());
    auto *Global = cast<Instruction>(
        Builder.CreateAnd(Call, Builder.CreateNot(Inside), "not.constant"));
    Call->replaceUsesWithIf(Global,
                            [&](Use &U) { return U.getUser() != Global; });
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
