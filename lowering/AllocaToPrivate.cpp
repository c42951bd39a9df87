//===- AllocaToPrivate.cpp - rubicon-alloca-to-private ---------------------===//
//
// NVPTX keeps allocas in the generic address space; AMDGPU's stack is the
// private address space (5). Every alloca moves there, and its users see an
// addrspacecast back to a generic pointer (InferAddressSpaces later turns
// those accesses into private ones). Lifetime markers must name the alloca
// itself, so they are re-created on the new one.
//
// The same holds for `byval` parameters of device (non-kernel) functions:
// AMDGPU passes them on the private stack and needs them typed
// `ptr addrspace(5) byval(T)`; with a generic pointer it builds a wrong flat
// address. Such functions get private byval parameters (a generic view is
// made in the entry block) and their direct callers cast the argument.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {
namespace {

void moveAllocaToPrivate(AllocaInst *Old) {
  auto *New = new AllocaInst(Old->getAllocatedType(), AMDGPUAS::PRIVATE_ADDRESS,
                             Old->getArraySize(), Old->getAlign(), "",
                             Old->getIterator());
  New->takeName(Old);
  New->setDebugLoc(Old->getDebugLoc());
  New->copyMetadata(*Old);
  auto *Generic = new AddrSpaceCastInst(New, Old->getType(),
                                        New->getName() + ".generic",
                                        std::next(New->getIterator()));
  Generic->setDebugLoc(Old->getDebugLoc());

  SmallVector<IntrinsicInst *> LifetimeMarkers;
  for (User *U : Old->users())
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      LifetimeMarkers.push_back(II);
  for (IntrinsicInst *Marker : LifetimeMarkers) {
    IRBuilder<> Builder(Marker);
    if (Marker->getIntrinsicID() == Intrinsic::lifetime_start)
      Builder.CreateLifetimeStart(New);
    else
      Builder.CreateLifetimeEnd(New);
    Marker->eraseFromParent();
  }
  // Debug records describe the variable's storage: the private alloca.
  ValueAsMetadata::handleRAUW(Old, New);
  Old->replaceAllUsesWith(Generic);
  Old->eraseFromParent();
}

bool isKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::PTX_Kernel ||
         F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

bool hasGenericByValParameter(const Function &F) {
  return !isKernel(F) && any_of(F.args(), [](const Argument &A) {
           return A.hasByValAttr() && A.getType()->getPointerAddressSpace() !=
                                          AMDGPUAS::PRIVATE_ADDRESS;
         });
}

/// Rewrites a direct call to `Old` into one to `New`, casting the arguments
/// whose parameter type changed.
void redirectCall(CallBase &Call, Function &New) {
  IRBuilder<> Builder(&Call);
  SmallVector<Value *> Args;
  for (auto [Arg, ParamTy] :
       zip(Call.args(), New.getFunctionType()->params()))
    Args.push_back(Arg->getType() == ParamTy
                       ? Arg.get()
                       : Builder.CreateAddrSpaceCast(Arg, ParamTy));
  SmallVector<OperandBundleDef> Bundles;
  Call.getOperandBundlesAsDefs(Bundles);
  CallBase *Redirected;
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call))
    Redirected = Builder.CreateInvoke(&New, Invoke->getNormalDest(),
                                      Invoke->getUnwindDest(), Args, Bundles);
  else
    Redirected = Builder.CreateCall(&New, Args, Bundles);
  Redirected->copyMetadata(Call);
  Redirected->setAttributes(Call.getAttributes());
  Redirected->setCallingConv(Call.getCallingConv());
  if (auto *CI = dyn_cast<CallInst>(&Call))
    cast<CallInst>(Redirected)->setTailCallKind(CI->getTailCallKind());
  Redirected->takeName(&Call);
  Call.replaceAllUsesWith(Redirected);
  Call.eraseFromParent();
}

/// Replaces `F` by a function whose byval parameters are private pointers.
void moveByValParametersToPrivate(Function &F) {
  LLVMContext &Ctx = F.getContext();
  SmallVector<Type *> ParamTypes(F.getFunctionType()->params());
  for (Argument &A : F.args())
    if (A.hasByValAttr())
      ParamTypes[A.getArgNo()] = PointerType::get(Ctx, AMDGPUAS::PRIVATE_ADDRESS);
  auto *NewTy = FunctionType::get(F.getReturnType(), ParamTypes,
                                  F.getFunctionType()->isVarArg());
  Function *New =
      Function::Create(NewTy, F.getLinkage(), F.getAddressSpace(), "");
  F.getParent()->getFunctionList().insert(F.getIterator(), New);
  New->copyAttributesFrom(&F);
  New->copyMetadata(&F, 0);
  New->takeName(&F);
  New->splice(New->begin(), &F);
  if (!New->isDeclaration()) {
    IRBuilder<> Builder(&*New->getEntryBlock().getFirstInsertionPt());
    for (auto [OldArg, NewArg] : zip(F.args(), New->args())) {
      NewArg.takeName(&OldArg);
      Value *Replacement = &NewArg;
      if (OldArg.getType() != NewArg.getType())
        Replacement = Builder.CreateAddrSpaceCast(
            &NewArg, OldArg.getType(), NewArg.getName() + ".generic");
      OldArg.replaceAllUsesWith(Replacement);
    }
  }
  SmallVector<CallBase *> Calls;
  for (User *U : F.users())
    if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == &F)
      Calls.push_back(Call);
  for (CallBase *Call : Calls)
    redirectCall(*Call, *New);
  // Remaining uses take the function's address; the pointer type is unchanged.
  F.replaceAllUsesWith(New);
  F.eraseFromParent();
}

} // namespace

PreservedAnalyses AllocaToPrivatePass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  SmallVector<Function *> ByValFunctions;
  for (Function &F : M)
    if (hasGenericByValParameter(F))
      ByValFunctions.push_back(&F);
  for (Function *F : ByValFunctions)
    moveByValParametersToPrivate(*F);
  Changed |= !ByValFunctions.empty();
  for (Function &F : M) {
    SmallVector<AllocaInst *> GenericAllocas;
    for (Instruction &I : instructions(F))
      if (auto *AI = dyn_cast<AllocaInst>(&I);
          AI && AI->getAddressSpace() != AMDGPUAS::PRIVATE_ADDRESS)
        GenericAllocas.push_back(AI);
    for (AllocaInst *AI : GenericAllocas)
      moveAllocaToPrivate(AI);
    Changed |= !GenericAllocas.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
