//===- LogicalWarpHazards.cpp - Code two warps in one wavefront break -----===//
//
// Part of Rubicon. On wave64 targets two logical warps share one wavefront:
// they never run independently, and a wavefront whose halves take different
// paths runs the paths one after the other. Found here:
//  - spin-waits: loops that only re-read shared memory (or a lock) until
//    another thread changes it; if that thread is in the other half of the
//    wavefront, on the path not yet run, the loop never ends (a
//    compare-and-swap update loop, which retries only after another thread's
//    update, is not one). A loop on an mbarrier's wait (cuda::barrier) is a
//    barrier's wait, where every thread arrives before it waits: only one
//    under control flow that depends on the thread index (one warp waits,
//    the other arrives) is;
//  - block barriers control-dependent on the thread index: the wavefront
//    reaches a barrier once per path its lanes take;
//  - lockstep updates: store to shared memory, re-read, retry until the
//    value read is one's own (thread-tag histograms): lanes 0-31 of both
//    warps write the same tags at the same time.
//
//===----------------------------------------------------------------------===//
#include "WarpSizeChecks.h"

#include "rubicon/IRMetadata.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace rubicon {
namespace {

constexpr unsigned SharedAddressSpace = 3;

bool isShared(const Value *Object) {
  return Object->getType()->isPointerTy() &&
         Object->getType()->getPointerAddressSpace() == SharedAddressSpace;
}

/// Memory reads inside `L` that `Condition` depends on.
SmallVector<const Instruction *, 4> memoryReadsBehind(const Value *Condition,
                                                      const Loop &L) {
  SmallVector<const Instruction *, 4> Reads;
  SmallPtrSet<const Value *, 16> Seen;
  // Breadth first: the read nearest the condition comes first.
  SmallVector<const Value *, 16> Work = {Condition};
  for (size_t Next = 0; Next < Work.size(); ++Next) {
    const Value *V = Work[Next];
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (const auto *Load = dyn_cast<LoadInst>(I)) {
      if (Load->isVolatile() || Load->isAtomic())
        Reads.push_back(I);
      continue;
    }
    if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I)) {
      Reads.push_back(I);
      continue;
    }
    if (isa<CallBase>(I))
      continue;
    for (const Value *Operand : I->operands())
      Work.push_back(Operand);
  }
  return Reads;
}

const Value *addressOf(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->getPointerOperand();
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (const auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    return CAS->getPointerOperand();
  return nullptr;
}

bool loopStoresTo(const Loop &L, const Value *Object) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (const auto *Store = dyn_cast<StoreInst>(&I))
        if (getUnderlyingObject(Store->getPointerOperand()) == Object)
          return true;
  return false;
}

bool addressDependsOn(const Value *Address,
                      const DenseSet<const Value *> &FromThreadIndex) {
  const auto *GEP = dyn_cast<GEPOperator>(Address->stripPointerCasts());
  while (GEP) {
    for (const Use &Index : GEP->indices())
      if (FromThreadIndex.contains(Index.get()))
        return true;
    GEP = dyn_cast<GEPOperator>(GEP->getPointerOperand()->stripPointerCasts());
  }
  return false;
}

/// Whether `Read` is the compare-and-swap of an update loop: its expected
/// value is what the same swap returned on the loop's previous iteration
/// (`do { seen = old; old = atomicCAS(p, seen, f(seen)); } while (old !=
/// seen)`). Such a loop retries only when another thread's update succeeded
/// in between: it waits for nobody, unlike a lock's swap from a constant.
bool isUpdateSwap(const Instruction &Read, const Loop &L) {
  const auto *CAS = dyn_cast<AtomicCmpXchgInst>(&Read);
  if (!CAS)
    return false;
  const auto *Phi = dyn_cast<PHINode>(CAS->getCompareOperand());
  if (!Phi || Phi->getParent() != L.getHeader())
    return false;
  bool FromSwap = false;
  for (unsigned Index = 0; Index != Phi->getNumIncomingValues(); ++Index) {
    if (!L.contains(Phi->getIncomingBlock(Index)))
      continue;
    const auto *Seen = dyn_cast<ExtractValueInst>(Phi->getIncomingValue(Index));
    if (!Seen || Seen->getAggregateOperand() != CAS ||
        Seen->getIndices() != ArrayRef<unsigned>{0})
      return false;
    FromSwap = true;
  }
  return FromSwap;
}

/// A branch on the thread index and where its paths meet again.
struct DivergentBranch {
  const BasicBlock *Block;
  const BasicBlock *Join; // nullptr: the paths never meet
};

SmallVector<DivergentBranch, 8>
divergentBranches(const Function &F, const PostDominatorTree &PDT,
                  const DenseSet<const Value *> &FromThreadIndex) {
  SmallVector<DivergentBranch, 8> Branches;
  for (const BasicBlock &BB : F) {
    const Instruction *Terminator = BB.getTerminator();
    const Value *Condition = nullptr;
    if (const auto *Branch = dyn_cast<BranchInst>(Terminator);
        Branch && Branch->isConditional())
      Condition = Branch->getCondition();
    else if (const auto *Switch = dyn_cast<SwitchInst>(Terminator))
      Condition = Switch->getCondition();
    if (!Condition || !FromThreadIndex.contains(Condition))
      continue;
    const DomTreeNode *Node = PDT.getNode(&BB);
    const DomTreeNode *Join = Node ? Node->getIDom() : nullptr;
    Branches.push_back({&BB, Join ? Join->getBlock() : nullptr});
  }
  return Branches;
}

/// Whether `L` runs only on some of the paths of a branch on the thread
/// index outside it: between the branch and the block where they meet.
bool underDivergentBranch(const Loop &L,
                          ArrayRef<DivergentBranch> DivergentBranches) {
  for (const DivergentBranch &Branch : DivergentBranches) {
    if (L.contains(Branch.Block))
      continue;
    SmallPtrSet<const BasicBlock *, 16> Seen;
    SmallVector<const BasicBlock *, 16> Work(successors(Branch.Block));
    while (!Work.empty()) {
      const BasicBlock *BB = Work.pop_back_val();
      if (BB == Branch.Join || !Seen.insert(BB).second)
        continue;
      if (BB == L.getHeader())
        return true;
      llvm::append_range(Work, successors(BB));
    }
  }
  return false;
}

void checkLoops(const LoopInfo &LI,
                const DenseSet<const Value *> &FromThreadIndex,
                ArrayRef<DivergentBranch> DivergentBranches,
                SmallVectorImpl<RawFinding> &Findings) {
  for (const Loop *L : LI.getLoopsInPreorder()) {
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    bool Reported = false;
    for (const BasicBlock *BB : Exiting) {
      const auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
      if (Reported || !Branch || !Branch->isConditional())
        continue;
      for (const Instruction *Read :
           memoryReadsBehind(Branch->getCondition(), *L)) {
        const Value *Address = addressOf(*Read);
        const Value *Object = getUnderlyingObject(Address);
        if (Read->getMetadata(MbarrierWaitMetadata)) {
          // Every thread arrives, then waits: the phase completes whatever
          // path the wavefront runs first, unless the waiting threads and
          // the arriving ones take different paths.
          if (!underDivergentBranch(*L, DivergentBranches))
            continue;
          Findings.push_back(
              {WarpSizeCheck::DivergentBarrier, Read,
               "mbarrier wait (cuda::barrier) under control flow that "
               "depends on the thread index: if the threads that complete "
               "the phase are in the other logical warp of the same 64-lane "
               "wavefront, on the path not yet run, the wait never ends"});
        } else if (loopStoresTo(*L, Object)) {
          if (!isShared(Object) || isa<AtomicRMWInst, AtomicCmpXchgInst>(Read))
            continue;
          Findings.push_back(
              {WarpSizeCheck::Lockstep, Read,
               "loop stores to shared memory and re-reads it until it sees "
               "its own value: this relies on the 32 lanes of a warp "
               "executing in lockstep, which two logical warps sharing a "
               "64-lane wavefront break"});
        } else if (isUpdateSwap(*Read, *L)) {
          continue;
        } else if (isa<AtomicCmpXchgInst>(Read) || isShared(Object) ||
                   addressDependsOn(Address, FromThreadIndex)) {
          Findings.push_back(
              {WarpSizeCheck::SpinWait, Read,
               "spin-wait on memory written by another thread: if that "
               "thread is in the other logical warp of the same 64-lane "
               "wavefront, the loop never ends"});
        } else {
          continue;
        }
        Reported = true;
        break;
      }
    }
  }
}

bool hasBlockBarrier(const BasicBlock &Block) {
  return llvm::any_of(Block, [](const Instruction &I) {
    const auto *Call = dyn_cast<CallBase>(&I);
    return Call && isBlockBarrier(*Call);
  });
}

/// Whether a block barrier is reachable from `Start` (inclusive).
bool barrierReachableFrom(const BasicBlock *Start) {
  SmallPtrSet<const BasicBlock *, 16> Seen;
  SmallVector<const BasicBlock *, 16> Work = {Start};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    if (hasBlockBarrier(*BB))
      return true;
    llvm::append_range(Work, successors(BB));
  }
  return false;
}

// A barrier under a branch on the thread index is a hazard when the lanes
// that skip it reach another barrier: one on the other path, or one after
// the paths meet again. (Lanes that return early take no barrier.)
void checkBarriers(Function &F, const PostDominatorTree &PDT,
                   ArrayRef<DivergentBranch> DivergentBranches,
                   SmallVectorImpl<RawFinding> &Findings) {
  if (DivergentBranches.empty())
    return;
  SmallVector<Instruction *, 8> Barriers;
  for (Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && isBlockBarrier(*Call))
      Barriers.push_back(&I);
  auto controlDependent = [&](const BasicBlock *Barrier,
                              const BasicBlock *Branch) {
    if (PDT.properlyDominates(Barrier, Branch))
      return false;
    return llvm::any_of(successors(Branch), [&](const BasicBlock *S) {
      return PDT.dominates(Barrier, S);
    });
  };
  for (Instruction *I : Barriers) {
    const BasicBlock *BarrierBlock = I->getParent();
    bool ControlDependent =
        llvm::any_of(DivergentBranches, [&](const DivergentBranch &Branch) {
          if (!controlDependent(BarrierBlock, Branch.Block))
            return false;
          if (Branch.Join && barrierReachableFrom(Branch.Join))
            return true;
          // Another barrier under the same branch, on another path.
          return llvm::any_of(Barriers, [&](const Instruction *Other) {
            return Other->getParent() != BarrierBlock &&
                   controlDependent(Other->getParent(), Branch.Block);
          });
        });
    if (ControlDependent)
      Findings.push_back(
          {WarpSizeCheck::DivergentBarrier, I,
           "__syncthreads() under control flow that depends on the thread "
           "index: when the two logical warps of a 64-lane wavefront take "
           "different paths, the wavefront reaches the barrier once per path"});
  }
}

} // namespace

void checkLogicalWarpHazards(Function &F,
                             SmallVectorImpl<RawFinding> &Findings) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  PostDominatorTree PDT(F);
  DenseSet<const Value *> FromThreadIndex = forwardSlice(threadIndexReads(F));
  SmallVector<DivergentBranch, 8> Divergent =
      divergentBranches(F, PDT, FromThreadIndex);
  checkLoops(LI, FromThreadIndex, Divergent, Findings);
  checkBarriers(F, PDT, Divergent, Findings);
}

} // namespace rubicon
