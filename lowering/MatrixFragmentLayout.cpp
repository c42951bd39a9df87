//===- MatrixFragmentLayout.cpp - rubicon-mma-fragment-layout -------------===//
//
// PTX fixes mma.sync's fragment layouts, and the MFMA path computes in the
// 4x4 block layout (docs/matrix-cores.md, "PTX mma.sync on MFMA"), so
// rubicon-lower-matrix-ops moves each product's accumulator in and out:
//
//   %c.blk = call @__rubicon_mma_layout.c_to_block.<kind>(%c)    ; PTX -> block
//   ... MFMAs from %c.blk ...
//   %d     = call @__rubicon_mma_layout.d_from_block.<kind>(%d.blk) ; back
//
// (functions marked with FragmentLayoutAttribute, LoweringPasses.h). They
// stay opaque through -O<n>, so that the optimized IR shows the chains: the
// k-loop accumulator is D of one product feeding C of the next, directly or
// through phis (the loop's, and the exit's). This pass, after -O<n>:
//
//   - c_to_block(d_from_block(X)) of one kind is X (f16: X rounded to f16
//     and back, as the PTX registers would hold it), and c_to_block of a
//     constant that is the same in every register (a zero C) is that
//     constant;
//   - a web of phis (through bitcasts) whose incoming values are
//     d_from_block results of one kind, constants or other values becomes a
//     web of block-layout phis: d_from_block results enter as their block
//     operand, a splat constant as the same splat, anything else through a
//     c_to_block at the end of its incoming block (once before a loop, not
//     at every product). Users of the old phis that wanted the block layout
//     (c_to_block calls) take the new phi; every other user (a store, a
//     shuffle, arithmetic on the registers) gets one d_from_block placed
//     after the phis of the phi's block (for a loop's exit phi: after the
//     loop);
//   - then the calls no one uses are deleted and the remaining ones inlined:
//     conversions remain only where a fragment register is observed in the
//     PTX layout.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace rubicon {
namespace {

struct LayoutCall {
  CallInst *Call = nullptr;
  bool ToBlock = false;
  StringRef Kind;
};

/// V as a call of a layout function, if it is one.
LayoutCall layoutCall(Value *V) {
  auto *Call = dyn_cast<CallInst>(V);
  Function *F = Call ? Call->getCalledFunction() : nullptr;
  if (!F || !F->hasFnAttribute(FragmentLayoutAttribute))
    return {};
  return {Call,
          F->getFnAttribute(FragmentLayoutAttribute).getValueAsString() ==
              "c_to_block",
          F->getFnAttribute(FragmentKindAttribute).getValueAsString()};
}

Value *stripBitCasts(Value *V) {
  while (auto *Cast = dyn_cast<BitCastInst>(V))
    V = Cast->getOperand(0);
  return V;
}

/// Erases V and the bitcasts it came through while no one uses them.
void eraseDeadBitCasts(Value *V) {
  while (auto *Cast = dyn_cast<BitCastInst>(V)) {
    if (!Cast->use_empty())
      return;
    V = Cast->getOperand(0);
    Cast->eraseFromParent();
  }
}

class FragmentLayout {
public:
  explicit FragmentLayout(Module &M) : M(M) {}

  /// Tries to give ToBlock's operand in the block layout without moving
  /// lanes; true if ToBlock was replaced.
  bool cancel(CallInst *ToBlock, StringRef Kind) {
    Value *Source = stripBitCasts(ToBlock->getArgOperand(0));
    LayoutCall From = layoutCall(Source);
    if (From.Call && !From.ToBlock && From.Kind == Kind) {
      ToBlock->replaceAllUsesWith(blockOperand(From, Kind));
      WeakTrackingVH Operand = ToBlock->getArgOperand(0);
      ToBlock->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(Operand);
      return true;
    }
    if (auto *C = dyn_cast<Constant>(Source))
      if (Constant *Block =
              blockConstant(C, ToBlock->getArgOperand(0)->getType(),
                            ToBlock->getType(), Kind)) {
        ToBlock->replaceAllUsesWith(Block);
        ToBlock->eraseFromParent();
        return true;
      }
    if (auto *Phi = dyn_cast<PHINode>(Source))
      if (Function *FromBlockFn = M.getFunction(
              ("__rubicon_mma_layout.d_from_block." + Kind).str()))
        return convertWeb(Phi, FromBlockFn, ToBlock->getCalledFunction(),
                          Kind);
    return false;
  }

private:
  Module &M;

  /// The block value of a d_from_block call of Kind: its operand (f16: each
  /// element rounded to f16 and back, what the PTX registers held).
  Value *blockOperand(const LayoutCall &From, StringRef Kind) {
    Value *X = From.Call->getArgOperand(0);
    if (Kind != "f16")
      return X;
    IRBuilder<> B(From.Call);
    auto *Halves = FixedVectorType::get(B.getHalfTy(), 4);
    return B.CreateFPExt(B.CreateFPTrunc(X, Halves), X->getType());
  }

  /// The block value of a constant in the PTX layout, when it is the same
  /// in every register (a splat), else null.
  static Constant *blockConstant(Constant *C, Type *PtxTy, Type *BlockTy,
                                 StringRef Kind) {
    if (isa<UndefValue>(C))
      return PoisonValue::get(BlockTy);
    Constant *Words = ConstantExpr::getBitCast(C, PtxTy);
    auto *Word = dyn_cast_or_null<ConstantInt>(Words->getSplatValue());
    if (!Word)
      return nullptr;
    uint32_t Bits = Word->getZExtValue();
    Type *Element = cast<VectorType>(BlockTy)->getElementType();
    Constant *Value;
    if (Kind == "f16") {
      if ((Bits & 0xffff) != Bits >> 16)
        return nullptr;
      APFloat Half(APFloat::IEEEhalf(), APInt(16, Bits & 0xffff));
      bool Lost;
      Half.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &Lost);
      Value = ConstantFP::get(Element, Half);
    } else {
      Value = ConstantExpr::getBitCast(Word, Element);
    }
    return ConstantVector::getSplat(
        cast<VectorType>(BlockTy)->getElementCount(), Value);
  }

  /// Whether every user of V, through bitcasts, is a phi of Web (Web
  /// empty: any phi).
  static bool onlyPhiUsers(Value *V, const SetVector<PHINode *> *Web) {
    for (User *U : V->users()) {
      if (isa<BitCastInst>(U)) {
        if (!onlyPhiUsers(U, Web))
          return false;
        continue;
      }
      auto *Phi = dyn_cast<PHINode>(U);
      if (!Phi || (Web && !Web->contains(Phi)))
        return false;
    }
    return true;
  }

public:
  /// Sinks FromBlock's move to the PTX layout below the phis it feeds, when
  /// phis are its only users; true if it changed something.
  bool sink(CallInst *FromBlock, StringRef Kind) {
    if (!onlyPhiUsers(FromBlock, nullptr))
      return false;
    SmallVector<PHINode *, 2> Phis;
    SmallVector<Value *, 4> Values{FromBlock};
    while (!Values.empty()) {
      Value *V = Values.pop_back_val();
      for (User *U : V->users())
        if (isa<BitCastInst>(U))
          Values.push_back(U);
        else
          Phis.push_back(cast<PHINode>(U));
    }
    for (PHINode *Phi : Phis)
      if (convertWeb(Phi, FromBlock->getCalledFunction(), nullptr, Kind))
        return true;
    return false;
  }

private:
  /// Start's web of phis in the block layout (file comment); false, and
  /// nothing changed, if it holds no d_from_block result of Kind or a phi
  /// cannot be one. Without ToBlockFn (sinking), every incoming value must
  /// be a d_from_block result used only by the web or a splat constant, so
  /// that no move is added on an edge.
  bool convertWeb(PHINode *Start, Function *FromBlockFn, Function *ToBlockFn,
                  StringRef Kind) {
    Type *PtxTy = FromBlockFn->getReturnType();
    Type *BlockTy = FromBlockFn->getFunctionType()->getParamType(0);
    SetVector<PHINode *> Web;
    SmallVector<PHINode *, 4> Work{Start};
    SmallVector<CallInst *, 4> Leaves;
    while (!Work.empty()) {
      PHINode *Phi = Work.pop_back_val();
      if (!Web.insert(Phi))
        continue;
      if (!CastInst::isBitCastable(Phi->getType(), PtxTy))
        return false;
      for (Value *In : Phi->incoming_values()) {
        Value *Source = stripBitCasts(In);
        if (auto *Other = dyn_cast<PHINode>(Source)) {
          Work.push_back(Other);
          continue;
        }
        LayoutCall From = layoutCall(Source);
        if (From.Call && !From.ToBlock && From.Kind == Kind) {
          Leaves.push_back(From.Call);
          continue;
        }
        if (ToBlockFn)
          continue;
        auto *C = dyn_cast<Constant>(Source);
        if (!C || !blockConstant(C, PtxTy, BlockTy, Kind))
          return false;
      }
    }
    if (Leaves.empty())
      return false;
    if (!ToBlockFn)
      for (CallInst *Leaf : Leaves)
        if (!onlyPhiUsers(Leaf, &Web))
          return false;

    DenseMap<PHINode *, PHINode *> Block;
    for (PHINode *Phi : Web)
      Block[Phi] = PHINode::Create(BlockTy, Phi->getNumIncomingValues(),
                                   Phi->getName() + ".block",
                                   Phi->getIterator());
    for (PHINode *Phi : Web) {
      PHINode *New = Block[Phi];
      for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
        BasicBlock *Pred = Phi->getIncomingBlock(I);
        if (int Seen = New->getBasicBlockIndex(Pred); Seen >= 0) {
          New->addIncoming(New->getIncomingValue(Seen), Pred);
          continue;
        }
        Value *Source = stripBitCasts(Phi->getIncomingValue(I));
        Value *V = nullptr;
        LayoutCall From = layoutCall(Source);
        if (auto *Other = dyn_cast<PHINode>(Source))
          V = Block.lookup(Other);
        else if (From.Call && !From.ToBlock && From.Kind == Kind)
          V = blockOperand(From, Kind);
        else if (auto *C = dyn_cast<Constant>(Source))
          V = blockConstant(C, PtxTy, BlockTy, Kind);
        if (!V) { // converted once, on the edge
          IRBuilder<> B(Pred->getTerminator());
          V = B.CreateCall(ToBlockFn,
                           {B.CreateBitCast(Phi->getIncomingValue(I), PtxTy)});
        }
        New->addIncoming(V, Pred);
      }
    }

    // The old phis' users outside the web.
    for (PHINode *Phi : Web) {
      PHINode *New = Block[Phi];
      Value *InPtx = nullptr; // d_from_block(New), made on first need
      auto Ptx = [&](Type *Ty) {
        if (!InPtx) {
          IRBuilder<> B(&*Phi->getParent()->getFirstInsertionPt());
          InPtx = B.CreateCall(FromBlockFn, {New});
        }
        auto *After = cast<Instruction>(InPtx);
        IRBuilder<> B(After->getParent(), std::next(After->getIterator()));
        return B.CreateBitCast(InPtx, Ty);
      };
      SmallVector<Value *, 4> Values{Phi};
      while (!Values.empty()) {
        Value *Old = Values.pop_back_val();
        for (Use &U : make_early_inc_range(Old->uses())) {
          auto *User = U.getUser();
          if (auto *UserPhi = dyn_cast<PHINode>(User);
              UserPhi && Web.contains(UserPhi))
            continue;
          if (isa<BitCastInst>(User)) {
            Values.push_back(User);
            continue;
          }
          LayoutCall To = layoutCall(User);
          if (To.Call && To.ToBlock && To.Kind == Kind &&
              U.getOperandNo() == 0) {
            To.Call->replaceAllUsesWith(New);
            To.Call->eraseFromParent();
            if (Old != Phi)
              eraseDeadBitCasts(Old);
            continue;
          }
          U.set(Ptx(Old->getType()));
        }
      }
    }
    SmallVector<WeakTrackingVH, 8> Incoming;
    for (PHINode *Phi : Web)
      for (Value *In : Phi->incoming_values())
        Incoming.push_back(In);
    for (PHINode *Phi : Web)
      Phi->replaceAllUsesWith(PoisonValue::get(Phi->getType()));
    for (PHINode *Phi : Web)
      Phi->eraseFromParent();
    for (WeakTrackingVH &V : Incoming)
      if (V)
        RecursivelyDeleteTriviallyDeadInstructions(V);
    return true;
  }
};

/// Moves FromBlock (and the bitcasts between it and its users) out of its
/// loop when it is used only after the loop (the users' values are those of
/// the last iteration either way): to the nearest block that dominates every
/// use and is in no loop of FromBlock's. True if it moved.
bool sinkOutOfLoop(CallInst *FromBlock) {
  Function &F = *FromBlock->getFunction();
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *Inside = LI.getLoopFor(FromBlock->getParent());
  if (!Inside)
    return false;
  SmallVector<Instruction *, 4> Chain{FromBlock}; // FromBlock, its bitcasts
  BasicBlock *Target = nullptr;
  for (unsigned I = 0; I < Chain.size(); ++I)
    for (Use &U : Chain[I]->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (isa<BitCastInst>(User)) {
        Chain.push_back(User);
        continue;
      }
      BasicBlock *At = User->getParent();
      if (auto *Phi = dyn_cast<PHINode>(User))
        At = Phi->getIncomingBlock(U);
      if (Inside->contains(At))
        return false;
      Target = Target ? DT.findNearestCommonDominator(Target, At) : At;
    }
  if (!Target || Inside->contains(Target))
    return false;
  Instruction *Before = &*Target->getFirstInsertionPt();
  for (Instruction *I : Chain)
    I->moveBefore(Before->getIterator());
  return true;
}

} // namespace

PreservedAnalyses MatrixFragmentLayoutPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  SmallVector<Function *, 6> Functions;
  for (Function &F : M)
    if (F.hasFnAttribute(FragmentLayoutAttribute))
      Functions.push_back(&F);
  if (Functions.empty())
    return PreservedAnalyses::all();

  // Cancel until nothing changes (each success removes a c_to_block call).
  FragmentLayout Layout(M);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function *F : Functions) {
      if (F->getFnAttribute(FragmentLayoutAttribute).getValueAsString() !=
          "c_to_block")
        continue;
      StringRef Kind = F->getFnAttribute(FragmentKindAttribute).getValueAsString();
      SmallVector<CallInst *, 8> Calls;
      for (User *U : F->users())
        if (auto *Call = dyn_cast<CallInst>(U);
            Call && Call->getCalledFunction() == F)
          Calls.push_back(Call);
      for (CallInst *Call : Calls)
        if (Layout.cancel(Call, Kind)) {
          Changed = true;
          break;
        }
      if (Changed)
        break;
    }
  }

  // Then each move back to the PTX layout that only phis use goes below
  // them (out of the loop, for a k-loop's result).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function *F : Functions) {
      if (F->getFnAttribute(FragmentLayoutAttribute).getValueAsString() !=
          "d_from_block")
        continue;
      StringRef Kind = F->getFnAttribute(FragmentKindAttribute).getValueAsString();
      SmallVector<CallInst *, 8> Calls;
      for (User *U : F->users())
        if (auto *Call = dyn_cast<CallInst>(U);
            Call && Call->getCalledFunction() == F)
          Calls.push_back(Call);
      for (CallInst *Call : Calls)
        if (Layout.sink(Call, Kind) || sinkOutOfLoop(Call)) {
          Changed = true;
          break;
        }
      if (Changed)
        break;
    }
  }

  // The rest: unused ones go (and the bitcasts only they used), the others
  // become their code.
  for (Function *F : Functions) {
    SmallVector<CallInst *, 8> Calls;
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallInst>(U))
        Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      if (Call->use_empty()) {
        Call->eraseFromParent();
        continue;
      }
      InlineFunctionInfo IFI;
      InlineResult R = InlineFunction(*Call, IFI);
      if (!R.isSuccess())
        reportLoweringError(M.getContext(),
                            "cannot inline " + F->getName() + ": " +
                                R.getFailureReason(),
                            Call);
    }
  }
  for (Function *F : Functions)
    if (F->use_empty())
      F->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace rubicon
