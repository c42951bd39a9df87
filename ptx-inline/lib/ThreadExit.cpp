//===- ThreadExit.cpp - PTX `exit` in device functions --------------------===//
//
// Part of Rubicon. PTX allows `exit` in any function: the thread ends, not
// just the function (CUB's ThreadExit(), called from its radix sort's
// onesweep agent). Neither AMDGPU nor the host target can end one thread
// from inside a call, but a kernel can return: so each device function that
// exits is inlined into its callers until every exit sits in a kernel, where
// it is `ret void`, exactly as `exit` written in the kernel itself.
//
//===----------------------------------------------------------------------===//

#include "rubicon/InlinePTX.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace rubicon {
namespace {

std::vector<uint64_t> cookiesOf(const Instruction &I) {
  std::vector<uint64_t> Cookies;
  if (MDNode *SrcLoc = I.getMetadata("srcloc"))
    for (const MDOperand &Op : SrcLoc->operands())
      if (auto *C = mdconst::dyn_extract<ConstantInt>(Op))
        Cookies.push_back(C->getZExtValue());
  return Cookies;
}

Error exitError(const CallInst &Exit, const Twine &Message) {
  return make_error<InlinePTXError>(cookiesOf(Exit),
                                    Exit.getFunction()->getName().str(), 1, 1,
                                    Message.str());
}

/// The exits of the module, by function.
MapVector<Function *, SmallVector<CallInst *, 2>> exitsByFunction(Function &Exit) {
  MapVector<Function *, SmallVector<CallInst *, 2>> Result;
  for (User *U : Exit.users())
    if (auto *Call = dyn_cast<CallInst>(U))
      Result[Call->getFunction()].push_back(Call);
  return Result;
}

/// `exit` in a kernel: return from it (the `unreachable` after the marker
/// goes with it).
void returnFromKernel(CallInst &Exit) {
  Instruction *Next = Exit.getNextNode();
  ReturnInst::Create(Exit.getContext(), nullptr, Exit.getIterator());
  if (Next && isa<UnreachableInst>(Next))
    Next->eraseFromParent();
  Exit.eraseFromParent();
}

/// `exit` no caller in this module can reach: a trap.
void trapInstead(CallInst &Exit) {
  CallInst *Trap = CallInst::Create(
      Intrinsic::getOrInsertDeclaration(Exit.getModule(), Intrinsic::trap), "",
      Exit.getIterator());
  Trap->copyMetadata(Exit);
  Exit.eraseFromParent();
}
} // namespace

Error resolveThreadExits(Module &M) {
  Function *Exit = Intrinsic::getDeclarationIfExists(&M, Intrinsic::nvvm_exit);
  if (!Exit)
    return Error::success();
  // Each round inlines the exiting device functions one level up; a chain
  // deeper than this is a recursion.
  constexpr unsigned MaxDepth = 64;
  for (unsigned Depth = 0;; ++Depth) {
    auto Exits = exitsByFunction(*Exit);
    if (Exits.empty()) {
      if (Exit->use_empty())
        Exit->eraseFromParent();
      return Error::success();
    }
    bool Progress = false;
    for (auto &[F, Calls] : Exits) {
      if (F->getCallingConv() == CallingConv::PTX_Kernel) {
        for (CallInst *Call : Calls)
          returnFromKernel(*Call);
        Progress = true;
        continue;
      }
      if (Depth == MaxDepth)
        return exitError(*Calls.front(),
                         "'exit' in function '" + F->getName() +
                             "', which calls itself: the thread cannot end "
                             "from inside a recursion");
      SmallVector<CallBase *, 4> Sites;
      for (User *U : F->users()) {
        auto *Site = dyn_cast<CallBase>(U);
        if (!Site || Site->getCalledOperand() != F)
          return exitError(*Calls.front(),
                           "'exit' in function '" + F->getName() +
                               "', whose address is taken: the thread can "
                               "end only in a function called directly");
        Sites.push_back(Site);
      }
      if (Sites.empty()) {
        for (CallInst *Call : Calls)
          trapInstead(*Call);
        Progress = true;
        continue;
      }
      for (CallBase *Site : Sites) {
        InlineFunctionInfo Info;
        InlineResult Result = InlineFunction(*Site, Info);
        if (!Result.isSuccess())
          return exitError(*Calls.front(),
                           "'exit' in function '" + F->getName() +
                               "', which cannot be inlined into its caller '" +
                               Site->getFunction()->getName() +
                               "': " + Result.getFailureReason());
        Progress = true;
      }
    }
    if (!Progress) // unreachable: every round handles each exit
      return Error::success();
  }
}

} // namespace rubicon
