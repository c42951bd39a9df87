//===- HostSinkConditionalStores.cpp - One store after a branch's arms ----===//
//
// Part of Rubicon. rubicon-host-sink-conditional-stores, run by the host
// target's -O2/-O3 pipeline: when every predecessor of a block ends with a
// store to the same address, computed in each arm from the same values,
// the stores become one store, at the start of the block, of a phi of the
// stored values. CUDA code writes a clamp as
//
//   if (c < 0) out[i] = 0; else if (c > 1) out[i] = 1; else out[i] = c;
//
// (Rodinia's srad); a GPU runs it predicated, without a branch. LLVM sinks
// such stores only when their address is one SSA value: here each arm
// computes `&out[i]` itself, so two phis (value and address) would be
// needed and SimplifyCFG leaves them, and the x86-64 code branches on the
// data. Once the arms are empty, SimplifyCFG makes the phi selects (the
// clamp: maxss/minss), so the thread loop has no branch that depends on the
// data: a mispredicted branch after a chain of divisions costs more than
// the divisions (srad's first kernel: 1.17 s to 0.82 s of CPU time at
// 2048x2048).
//
// Two addresses are the same when they are the same value, or the same pure
// operation (getelementptr, casts, integer arithmetic) of operands that are
// the same, recursively; every value such an address starts from dominates
// the block, so the address is rebuilt there from the first arm's. Only
// simple stores (not volatile, not atomic) immediately before an
// unconditional branch are taken: on every path into the block, the one
// store moved is the last thing done before it, so the memory the block and
// everything after it sees is unchanged.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace rubicon {
namespace {

/// How deep an address expression is compared.
constexpr unsigned MaxAddressDepth = 8;

bool isPureAddressOperation(const Instruction *I) {
  return isa<GetElementPtrInst, CastInst>(I) ||
         (isa<BinaryOperator>(I) && I->getType()->isIntegerTy());
}

/// A and B compute the same value wherever both are defined: the same value,
/// or the same pure operation of operands that are the same.
bool sameAddress(const Value *A, const Value *B, unsigned Depth = 0) {
  if (A == B)
    return true;
  auto *IA = dyn_cast<Instruction>(A), *IB = dyn_cast<Instruction>(B);
  if (!IA || !IB || Depth == MaxAddressDepth || !isPureAddressOperation(IA) ||
      !IA->isSameOperationAs(IB))
    return false;
  for (unsigned I = 0, E = IA->getNumOperands(); I != E; ++I)
    if (!sameAddress(IA->getOperand(I), IB->getOperand(I), Depth + 1))
      return false;
  return true;
}

/// Every value the address starts from dominates `Where`.
bool leavesDominate(Value *V, BasicBlock *Where, const DominatorTree &DT,
                    unsigned Depth = 0) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || DT.properlyDominates(I->getParent(), Where))
    return true;
  if (I->getParent() == Where || Depth == MaxAddressDepth ||
      !isPureAddressOperation(I))
    return false;
  return all_of(I->operands(), [&](Value *Op) {
    return leavesDominate(Op, Where, DT, Depth + 1);
  });
}

/// The address V, computed at the start of `Where` where it is not already
/// available there.
Value *rebuild(Value *V, BasicBlock *Where, IRBuilder<> &B,
               const DominatorTree &DT, DenseMap<Value *, Value *> &Built) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || DT.properlyDominates(I->getParent(), Where))
    return V;
  if (Value *Done = Built.lookup(I))
    return Done;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(rebuild(Op.get(), Where, B, DT, Built));
  Copy->setName(I->getName());
  B.Insert(Copy);
  Built[I] = Copy;
  return Copy;
}

/// The store that ends P just before its unconditional branch to S.
StoreInst *endingStore(BasicBlock *P, BasicBlock *S) {
  auto *Br = dyn_cast<BranchInst>(P->getTerminator());
  if (!Br || !Br->isUnconditional() || Br->getSuccessor(0) != S)
    return nullptr;
  auto *Store = dyn_cast_or_null<StoreInst>(Br->getPrevNode());
  return Store && Store->isSimple() ? Store : nullptr;
}

/// Stores of one type to one address.
bool sameStore(const StoreInst *A, const StoreInst *B) {
  return A->getValueOperand()->getType() == B->getValueOperand()->getType() &&
         A->getPointerAddressSpace() == B->getPointerAddressSpace() &&
         sameAddress(A->getPointerOperand(), B->getPointerOperand());
}

/// Replaces the stores that end every predecessor of S by one at its start.
bool mergeInto(BasicBlock &S, ArrayRef<BasicBlock *> Preds,
               ArrayRef<StoreInst *> Stores, const DominatorTree &DT) {
  StoreInst *First = Stores.front();
  if (!leavesDominate(First->getPointerOperand(), &S, DT))
    return false;
  IRBuilder<> B(&S, S.getFirstInsertionPt());
  PHINode *Stored = PHINode::Create(First->getValueOperand()->getType(),
                                    Preds.size(), "stored");
  Stored->insertBefore(S.begin());
  Align Alignment = First->getAlign();
  AAMDNodes AA = First->getAAMetadata();
  for (auto [P, Store] : zip(Preds, Stores)) {
    Stored->addIncoming(Store->getValueOperand(), P);
    Alignment = std::min(Alignment, Store->getAlign());
    AA = AA.merge(Store->getAAMetadata());
  }
  DenseMap<Value *, Value *> Built;
  Value *Address = rebuild(First->getPointerOperand(), &S, B, DT, Built);
  StoreInst *Merged = B.CreateAlignedStore(Stored, Address, Alignment);
  Merged->setAAMetadata(AA);
  Merged->setDebugLoc(First->getDebugLoc());
  for (StoreInst *Store : Stores) {
    Value *Pointer = Store->getPointerOperand();
    Store->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Pointer);
  }
  return true;
}

/// Merges the stores of the largest group of S's predecessors that end with
/// the same store; when other predecessors do not, the group first gets a
/// block of its own between it and S (`if (i < n) { arms }`: the guard's
/// other edge stores nothing).
bool sinkInto(BasicBlock &S, DominatorTree &DT) {
  if (S.isEHPad() || S.hasAddressTaken())
    return false;
  SmallVector<BasicBlock *, 4> Preds;
  for (BasicBlock *P : predecessors(&S))
    if (!is_contained(Preds, P))
      Preds.push_back(P);
  if (Preds.size() < 2 || is_contained(Preds, &S))
    return false;
  SmallVector<BasicBlock *, 4> Group;
  SmallVector<StoreInst *, 4> Stores;
  for (BasicBlock *P : Preds) {
    StoreInst *Store = endingStore(P, &S);
    if (!Store)
      continue;
    SmallVector<BasicBlock *, 4> With;
    SmallVector<StoreInst *, 4> WithStores;
    for (BasicBlock *Q : Preds)
      if (StoreInst *Other = endingStore(Q, &S); Other && sameStore(Store, Other)) {
        With.push_back(Q);
        WithStores.push_back(Other);
      }
    if (With.size() > Group.size()) {
      Group = std::move(With);
      Stores = std::move(WithStores);
    }
  }
  if (Group.size() < 2)
    return false;
  if (Group.size() == Preds.size())
    return mergeInto(S, Group, Stores, DT);
  BasicBlock *Join = SplitBlockPredecessors(&S, Group, ".stores");
  if (!Join)
    return false;
  DT.recalculate(*S.getParent());
  mergeInto(*Join, Group, Stores, DT);
  return true; // the CFG changed, merged or not
}

} // namespace

PreservedAnalyses
HostSinkConditionalStoresPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    bool FunctionChanged = false;
    DominatorTree DT(F);
    SmallVector<BasicBlock *, 32> Blocks;
    for (BasicBlock &S : F)
      Blocks.push_back(&S);
    for (BasicBlock *S : Blocks)
      FunctionChanged |= sinkInto(*S, DT);
    if (!FunctionChanged)
      continue;
    Changed = true;
    FAM.invalidate(F, PreservedAnalyses::none());
    // The arms are empty now: SimplifyCFG makes the phis selects.
    SimplifyCFGPass(SimplifyCFGOptions().sinkCommonInsts(true)).run(F, FAM);
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
