//===- AllocaToPrivate.cpp - rubicon-alloca-to-private ---------------------===//
//
// NVPTX keeps allocas in the generic address space; AMDGPU's stack is the
// private address space (5). Every alloca moves there, and its users see an
// addrspacecast back to a generic pointer (InferAddressSpaces later turns
// those accesses into private ones). Lifetime markers must name the alloca
// itself, so they are re-created on the new one.
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
  auto *New = new AllocaInst(Old->getAllocatedType(), PrivateAS,
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

} // namespace

PreservedAnalyses AllocaToPrivatePass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<AllocaInst *> GenericAllocas;
    for (Instruction &I : instructions(F))
      if (auto *AI = dyn_cast<AllocaInst>(&I);
          AI && AI->getAddressSpace() != PrivateAS)
        GenericAllocas.push_back(AI);
    for (AllocaInst *AI : GenericAllocas)
      moveAllocaToPrivate(AI);
    Changed |= !GenericAllocas.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
