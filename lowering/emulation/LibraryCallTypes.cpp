//===- LibraryCallTypes.cpp - Calls of the emulation library's functions ---===//
//
// The emulation pass names each amdgcn intrinsic's library function with the
// intrinsic's own type. The library is C++ compiled for x86-64, whose C ABI
// passes some operand types differently in IR: an 8-byte vector such as
// `<4 x half>` (the f16 MFMA operands) arrives as `double`; a 32-byte one
// (`<16 x half>`, RDNA3's WMMA operands) in memory (`byval`), and a 32-byte
// result through an `sret` pointer. Once the library is linked, each call
// whose type differs from its callee's in such a way is rebuilt: same-size
// operands bitcast, memory operands and results through allocas of the
// caller; any other difference is an error naming the function.
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
    Type *Result = Have->getReturnType();
    // A result in memory: the library's first parameter is sret(Result).
    bool Sret = Callee->hasStructRetAttr() && !Result->isVoidTy() &&
                Callee->getParamStructRetType(0) == Result;
    unsigned First = Sret;
    auto Fail = [&] {
      return createStringError("the emulation library's '" +
                               Callee->getName() +
                               "' does not have the intrinsic's operands");
    };
    if (Want->isVarArg() || Want->getNumParams() != Have->getNumParams() + First ||
        (!Sret && !castable(Result, Want->getReturnType())))
      return Fail();
    Function &Caller = *Call->getFunction();
    IRBuilder<> Entry(&*Caller.getEntryBlock().getFirstInsertionPt());
    IRBuilder<> B(Call);
    auto Memory = [&](Type *T, MaybeAlign Alignment = std::nullopt) {
      AllocaInst *Slot =
          Entry.CreateAlloca(T, M.getDataLayout().getAllocaAddrSpace());
      if (Alignment && *Alignment > Slot->getAlign())
        Slot->setAlignment(*Alignment);
      return Slot;
    };
    SmallVector<Value *, 8> Args;
    Value *ResultMemory = nullptr;
    if (Sret)
      Args.push_back(ResultMemory = Memory(Result));
    for (unsigned I = 0; I < Have->getNumParams(); ++I) {
      Value *Arg = Call->getArgOperand(I);
      // An argument in memory: byval(T) with T the operand's type.
      if (Type *ByVal = Callee->getParamByValType(I + First)) {
        if (ByVal != Arg->getType())
          return Fail();
        Value *Slot = Memory(ByVal, Callee->getParamAlign(I + First));
        B.CreateStore(Arg, Slot);
        Args.push_back(Slot);
        continue;
      }
      if (!castable(Arg->getType(), Want->getParamType(I + First)))
        return Fail();
      Args.push_back(B.CreateBitCast(Arg, Want->getParamType(I + First)));
    }
    CallInst *New = B.CreateCall(Callee, Args);
    New->setAttributes(Callee->getAttributes());
    if (Sret)
      Call->replaceAllUsesWith(B.CreateLoad(Result, ResultMemory));
    else if (!Result->isVoidTy())
      Call->replaceAllUsesWith(B.CreateBitCast(New, Result));
    Call->eraseFromParent();
  }
  return Error::success();
}

} // namespace rubicon
