//===- HostSplitGuardedLoops.cpp - Loops whose bound checks all pass ------===//
//
// Part of Rubicon. rubicon-host-split-guarded-loops, run by the host target's
// -O2/-O3 pipeline before the loop vectorizer: an innermost loop with a
// condition that compares an induction variable with a loop-invariant bound
// (CUDA's `if (i < n)` with i = blockIdx.x * blockDim.x + threadIdx.x, once
// a thread loop runs a block's threads: docs/host-target.md, "Thread loops")
// gets a copy in which the comparison is known, entered when a check before
// the loop finds that it holds (or fails) for every iteration. Every block
// but the grid's last one takes the copy, which has no branch on the bound:
// LLVM vectorizes it, where the guarded original would need masked loads and
// stores (SSE2 has none, so the cost model keeps it scalar). The iterations
// and their order are the original loop's.
//
// The check is exact in 128 bits: for `A < R` with A = {B,+,S} (S a positive
// constant), the last value B + S * BTC (BTC: the backedge-taken count)
// computed without wrapping, signed or unsigned as the comparison, is below
// R; then no value of A wraps and every one is below R. `>`/`>=` comparisons
// are the negations of `<=`/`<`, which give the copy a false condition.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace rubicon {
namespace {

// Loops larger than this are not copied (the copy doubles their code).
constexpr unsigned MaxLoopInstructions = 2000;
// Steps up to this keep B + S * BTC within 128 bits.
constexpr uint64_t MaxStep = 0xFFFF;

// One comparison the copy knows: Cmp is Known in every iteration when the
// check `Pred(Last, Bound)` holds (both in 128 bits).
struct KnownCondition {
  ICmpInst *Cmp;
  bool Known;
  ICmpInst::Predicate Pred; // slt, sle, ult or ule
  const SCEVAddRecExpr *Induction;
  const SCEV *Bound;
};

struct Candidate {
  Loop *L;
  SmallVector<KnownCondition, 2> Conditions;
};

std::optional<KnownCondition> knownCondition(ICmpInst *Cmp, Loop *L,
                                             ScalarEvolution &SE) {
  if (!Cmp->getOperand(0)->getType()->isIntegerTy() || Cmp->isEquality())
    return std::nullopt;
  ICmpInst::Predicate Pred = Cmp->getPredicate();
  const SCEV *Lhs = SE.getSCEV(Cmp->getOperand(0));
  const SCEV *Rhs = SE.getSCEV(Cmp->getOperand(1));
  if (!isa<SCEVAddRecExpr>(Lhs)) {
    std::swap(Lhs, Rhs);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  auto *AddRec = dyn_cast<SCEVAddRecExpr>(Lhs);
  if (!AddRec || AddRec->getLoop() != L || !AddRec->isAffine() ||
      !SE.isLoopInvariant(Rhs, L))
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(AddRec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().isNonPositive() ||
      Step->getAPInt().ugt(MaxStep))
    return std::nullopt;
  bool Known = true;
  // A > R is !(A <= R); A >= R is !(A < R).
  if (ICmpInst::isGT(Pred) || ICmpInst::isGE(Pred)) {
    Pred = ICmpInst::getInversePredicate(Pred);
    Known = false;
  }
  return KnownCondition{Cmp, Known, Pred, AddRec, Rhs};
}

bool worthCopying(Loop *L) {
  unsigned Count = 0;
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB) {
      if (++Count > MaxLoopInstructions)
        return false;
      // A call that stays a call keeps the loop scalar anyway.
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (!isa<IntrinsicInst>(Call))
          return false;
    }
  return true;
}

std::optional<Candidate> candidate(Loop *L, ScalarEvolution &SE) {
  if (!L->isInnermost() || !L->isLoopSimplifyForm() || !L->getExitBlock() ||
      L->getExitingBlock() != L->getLoopLatch())
    return std::nullopt;
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Taken) ||
      Taken->getType()->getIntegerBitWidth() > 64)
    return std::nullopt;
  Candidate C{L, {}};
  // A comparison several branches test is one condition (the copy replaces
  // and erases it once).
  SmallPtrSet<ICmpInst *, 4> Seen;
  for (BasicBlock *BB : L->blocks()) {
    auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Branch || !Branch->isConditional() || BB == L->getLoopLatch())
      continue;
    auto *Cmp = dyn_cast<ICmpInst>(Branch->getCondition());
    if (!Cmp || !L->contains(Cmp) || !Seen.insert(Cmp).second)
      continue;
    if (auto Known = knownCondition(Cmp, L, SE))
      C.Conditions.push_back(*Known);
  }
  if (C.Conditions.empty() || !worthCopying(L))
    return std::nullopt;
  return C;
}

// All of C's conditions hold in every iteration: one i1 at Preheader's end.
Value *expandCheck(const Candidate &C, BasicBlock *Preheader,
                   ScalarEvolution &SE) {
  Instruction *At = Preheader->getTerminator();
  Type *Wide = IntegerType::get(At->getContext(), 128);
  SCEVExpander Expander(SE, "rubicon.guard");
  IRBuilder<> Builder(At);
  const SCEV *Taken =
      SE.getZeroExtendExpr(SE.getBackedgeTakenCount(C.L), Wide);
  Value *All = nullptr;
  for (const KnownCondition &K : C.Conditions) {
    bool Signed = ICmpInst::isSigned(K.Pred);
    auto extend = [&](const SCEV *S) {
      return Signed ? SE.getSignExtendExpr(S, Wide)
                    : SE.getZeroExtendExpr(S, Wide);
    };
    const SCEV *Step = SE.getZeroExtendExpr(K.Induction->getStepRecurrence(SE),
                                            Wide);
    const SCEV *Last = SE.getAddExpr(extend(K.Induction->getStart()),
                                     SE.getMulExpr(Step, Taken));
    const SCEV *Bound = extend(K.Bound);
    if (!Expander.isSafeToExpandAt(Last, At) ||
        !Expander.isSafeToExpandAt(Bound, At))
      return nullptr;
    Value *Holds = Builder.CreateICmp(K.Pred, Expander.expandCodeFor(Last, Wide, At),
                                      Expander.expandCodeFor(Bound, Wide, At),
                                      "rubicon.guard.holds");
    All = All ? Builder.CreateAnd(All, Holds) : Holds;
  }
  return All;
}

bool splitLoop(Candidate &C, Function &F, LoopInfo &LI, DominatorTree &DT,
               ScalarEvolution &SE) {
  Loop *L = C.L;
  formLCSSA(*L, DT, &LI, &SE);
  BasicBlock *Check = L->getLoopPreheader();
  BasicBlock *Header = L->getHeader();
  BasicBlock *Exit = L->getExitBlock();
  Value *AllHold = expandCheck(C, Check, SE);
  if (!AllHold)
    return false;
  // Check -> OriginalPreheader -> Header; the copy's preheader is made
  // from OriginalPreheader, which holds only the branch.
  BasicBlock *OriginalPreheader = SplitEdge(Check, Header, &DT, &LI);
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Copy = cloneLoopWithPreheader(OriginalPreheader, Check, L, VMap,
                                      ".known", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  BasicBlock *CopyPreheader = Copy->getLoopPreheader();
  Instruction *Old = Check->getTerminator();
  BranchInst::Create(CopyPreheader, OriginalPreheader, AllHold, Old->getIterator());
  Old->eraseFromParent();
  // The exit's LCSSA phis take the copy's values from the copy's blocks.
  for (PHINode &Phi : Exit->phis())
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I) {
      BasicBlock *From = Phi.getIncomingBlock(I);
      if (!L->contains(From))
        continue;
      Value *V = Phi.getIncomingValue(I);
      auto Mapped = VMap.find(V);
      Phi.addIncoming(Mapped != VMap.end() ? static_cast<Value *>(Mapped->second) : V,
                      cast<BasicBlock>(VMap[From]));
    }
  for (const KnownCondition &K : C.Conditions) {
    auto *Cloned = cast<Instruction>(VMap[K.Cmp]);
    Cloned->replaceAllUsesWith(
        ConstantInt::get(Cloned->getType(), K.Known ? 1 : 0));
    Cloned->eraseFromParent();
  }
  for (BasicBlock *BB : Blocks)
    ConstantFoldTerminator(BB);
  DT.recalculate(F);
  SE.forgetAllLoops();
  return true;
}

bool splitGuardedLoops(Function &F, LoopInfo &LI, DominatorTree &DT,
                       ScalarEvolution &SE) {
  SmallVector<Candidate, 4> Candidates;
  for (Loop *L : LI.getLoopsInPreorder())
    if (auto C = candidate(L, SE))
      Candidates.push_back(std::move(*C));
  bool Changed = false;
  for (Candidate &C : Candidates)
    Changed |= splitLoop(C, F, LI, DT, SE);
  if (Changed)
    removeUnreachableBlocks(F);
  return Changed;
}

} // namespace

PreservedAnalyses HostSplitGuardedLoopsPass::run(Module &M,
                                                 ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    bool FunctionChanged =
        splitGuardedLoops(F, FAM.getResult<LoopAnalysis>(F),
                          FAM.getResult<DominatorTreeAnalysis>(F),
                          FAM.getResult<ScalarEvolutionAnalysis>(F));
    if (FunctionChanged)
      FAM.invalidate(F, PreservedAnalyses::none());
    Changed |= FunctionChanged;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
