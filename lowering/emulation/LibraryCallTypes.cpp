//===- LibraryCallTypes.cpp - Calls of the emulation library's functions ---===//
//
// The emulation pass names each amdgcn intrinsic's library function with the
// intrinsic's own type. The library is C++ compiled for x86-64, whose C ABI
// passes some operand types differently in IR: an 8-byte vector such as
// `<4 x half>` (the f16 MFMA operands) arrives as `double`. Once the library
// is linked, each call whose type differs from its callee's in such a way
// is rebuilt with bitcasts of its same-size operands and result; any other
// difference is an error naming the function.
//
//===----------------------------------------------------------------------===//
#include "EmulationPasses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

namespace {
bool castable(Type *From, Type *To) {
  return From == To || CastInst::isBitCastable(From, To);
}
} // namespace

Error adaptEmulationLibraryCalls(Module &M) {
  SmallVector<CallInst *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (auto *Callee = dyn_cast<Function>(Call->getCalledOperand());
            Callee && Callee->getName().starts_with(EmulatedIntrinsicPrefix) &&
            Callee->getFunctionType() != Call->getFunctionType())
          Calls.push_back(Call);
  for (CallInst *Call : Calls) {
    auto *Callee = cast<Function>(Call->getCalledOperand());
    FunctionType *Want = Callee->getFunctionType();
    FunctionType *Have = Call->getFunctionType();
    bool Same = Want->getNumParams() == Have->getNumParams() &&
                !Want->isVarArg() &&
                castable(Have->getReturnType(), Want->getReturnType());
    for (unsigned I = 0; Same && I < Want->getNumParams(); ++I)
      Same = castable(Have->getParamType(I), Want->getParamType(I));
    if (!Same)
      return createStringError("the emulation library's '" +
                               Callee->getName() +
                               "' does not have the intrinsic's operands");
    IRBuilder<> B(Call);
    SmallVector<Value *, 8> Args;
    for (unsigned I = 0; I < Want->getNumParams(); ++I)
      Args.push_back(B.CreateBitCast(Call->getArgOperand(I),
                                     Want->getParamType(I)));
    CallInst *New = B.CreateCall(Callee, Args);
    if (!Have->getReturnType()->isVoidTy())
      Call->replaceAllUsesWith(B.CreateBitCast(New, Have->getReturnType()));
    Call->eraseFromParent();
  }
  return Error::success();
}

} // namespace rubicon
