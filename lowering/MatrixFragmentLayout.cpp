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
//   - a d_from_block used only after its loop moves out of the loop;
//   - an m16n8k16 A fragment (a_to_block) whose words an ldmatrix loaded is
//     loaded in the block layout directly (loadBlockLayout), and A and B
//     fragments (a_to_block, b_to_block) whose words are loads at
//     addresses computed from the lane (DirectLoads);
//   - then the calls no one uses are deleted and the remaining ones inlined:
//     conversions remain only where a fragment register is observed in the
//     PTX layout.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "MmaBlockShape.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <map>
#include <memory>

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
        return convertWeb(Phi, FromBlockFn, ToBlock->getCalledFunction(), Kind);
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
      Block[Phi] =
          PHINode::Create(BlockTy, Phi->getNumIncomingValues(),
                          Phi->getName() + ".block", Phi->getIterator());
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

/// A word of an ldmatrix without .trans, as ptx-inline expands it: lane l
/// loads 32 bits of shared memory at shfl.sync.idx(Rows, 8 Matrix + l/4) +
/// 4 (l%4), the row address that lane 8 Matrix + l/4 supplied.
struct LdmatrixWord {
  LoadInst *Load = nullptr;
  Value *Rows = nullptr;
  unsigned Matrix = 0;
};

bool isCallTo(Value *V, StringRef Prefix) {
  auto *Call = dyn_cast<CallInst>(V);
  Function *F = Call ? Call->getCalledFunction() : nullptr;
  return F && F->getName().starts_with(Prefix);
}
bool isLaneId(Value *V) {
  return isCallTo(V, "__rubicon_read_ptx_sreg_laneid") ||
         isCallTo(V, "llvm.nvvm.read.ptx.sreg.laneid");
}

/// V at wavefront lane Lane (0..63), if V is a function of the lane alone
/// (the lane's mbcnt count, %laneid, constants and integer arithmetic):
/// how ptx-inline's lane expressions look after -O<n>, whatever form
/// instcombine gave them.
std::optional<uint64_t> atLane(Value *V, uint64_t Lane, unsigned Depth = 0) {
  if (Depth > 12)
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getZExtValue();
  if (isLaneId(V))
    return Lane % 32;
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return std::nullopt;
  if (auto *Call = dyn_cast<IntrinsicInst>(I)) {
    // mbcnt_hi(-1, mbcnt_lo(-1, 0)): the lane in the wavefront.
    auto *Lo = dyn_cast<IntrinsicInst>(
        Call->getArgOperand(Call->arg_size() > 1 ? 1 : 0));
    if (Call->getIntrinsicID() == Intrinsic::amdgcn_mbcnt_hi && Lo &&
        Lo->getIntrinsicID() == Intrinsic::amdgcn_mbcnt_lo &&
        match(Call->getArgOperand(0), PatternMatch::m_AllOnes()) &&
        match(Lo->getArgOperand(0), PatternMatch::m_AllOnes()) &&
        match(Lo->getArgOperand(1), PatternMatch::m_Zero()))
      return Lane;
    return std::nullopt;
  }
  if (isa<ZExtInst>(I) || isa<TruncInst>(I))
    return atLane(I->getOperand(0), Lane, Depth + 1);
  auto *Op = dyn_cast<BinaryOperator>(I);
  if (!Op || !Op->getType()->isIntegerTy(32))
    return std::nullopt;
  std::optional<uint64_t> X = atLane(Op->getOperand(0), Lane, Depth + 1),
                          Y = atLane(Op->getOperand(1), Lane, Depth + 1);
  if (!X || !Y)
    return std::nullopt;
  uint32_t A = *X, B = *Y;
  switch (Op->getOpcode()) {
  case Instruction::Add:
    return uint32_t(A + B);
  case Instruction::Sub:
    return uint32_t(A - B);
  case Instruction::Mul:
    return uint32_t(A * B);
  case Instruction::And:
    return A & B;
  case Instruction::Or:
    return A | B;
  case Instruction::Xor:
    return A ^ B;
  case Instruction::Shl:
    return B < 32 ? std::optional<uint64_t>(uint32_t(A << B)) : std::nullopt;
  case Instruction::LShr:
    return B < 32 ? std::optional<uint64_t>(A >> B) : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<LdmatrixWord> ldmatrixWord(Value *V) {
  using namespace PatternMatch;
  auto *Load = dyn_cast<LoadInst>(V);
  if (!Load || !Load->isSimple() || !Load->getType()->isIntegerTy(32) ||
      Load->getPointerAddressSpace() != AMDGPUAS::LOCAL_ADDRESS)
    return std::nullopt;
  Value *Sum, *X, *Y;
  if (!match(Load->getPointerOperand(), m_IntToPtr(m_Value(Sum))) ||
      !match(Sum, m_Add(m_Value(X), m_Value(Y))))
    return std::nullopt;
  for (auto [Offset, Row] : {std::pair{X, Y}, std::pair{Y, X}}) {
    if (!isCallTo(Row, "__rubicon_shfl_sync_idx_i32"))
      continue;
    auto *Shuffle = cast<CallInst>(Row);
    if (Shuffle->arg_size() != 4 ||
        !match(Shuffle->getArgOperand(3), m_SpecificInt(31)))
      continue;
    // Offset(l) = 4 (l%4) and Source(l) = 8 Matrix + (l%32)/4 at every lane.
    std::optional<uint64_t> First = atLane(Shuffle->getArgOperand(2), 0);
    if (!First || *First % 8 || *First >= 32)
      continue;
    bool Matches = true;
    for (uint64_t Lane = 0; Lane < 64 && Matches; ++Lane)
      Matches =
          atLane(Offset, Lane) == 4 * (Lane % 4) &&
          atLane(Shuffle->getArgOperand(2), Lane) == *First + (Lane % 32) / 4;
    if (Matches)
      return LdmatrixWord{Load, Shuffle->getArgOperand(1),
                          unsigned(*First / 8)};
  }
  return std::nullopt;
}

/// An A fragment (a_to_block) whose four words an ldmatrix loaded: each
/// lane loads its row of the block layout directly, two 16-byte rows
/// (ldmatrix's rows are 16-byte aligned) whose addresses it takes from the
/// lanes that supplied them, in place of the E/O moves and eight
/// ds_bpermute. The loads go where the last ldmatrix word was loaded, and
/// only if nothing between the first and the last word's load writes
/// memory (the ldmatrix's own shuffles aside). True if it replaced ABlock.
bool loadBlockLayout(CallInst *ABlock) {
  Value *A = ABlock->getArgOperand(0);
  LdmatrixWord Words[4];
  for (unsigned I = 0; I < 4; ++I) {
    Value *Word = findScalarElement(A, I);
    std::optional<LdmatrixWord> W = Word ? ldmatrixWord(Word) : std::nullopt;
    if (!W || (I > 0 && W->Load->getParent() != Words[0].Load->getParent()))
      return false;
    Words[I] = *W;
  }
  BasicBlock *Block = Words[0].Load->getParent();
  Instruction *First = nullptr, *Last = nullptr;
  for (Instruction &I : *Block)
    if (llvm::any_of(Words,
                     [&](const LdmatrixWord &W) { return W.Load == &I; })) {
      if (!First)
        First = &I;
      Last = &I;
    }
  for (Instruction *I = First; I != Last; I = I->getNextNode())
    if (I->mayWriteToMemory() && !isCallTo(I, "__rubicon_shfl_sync_idx_i32") &&
        !isCallTo(I, "__rubicon_activemask") && !isLaneId(I))
      return false;
  IRBuilder<> B(Block, std::next(Last->getIterator()));
  Value *Low = B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                                 {B.getInt32(~0u), B.getInt32(0)});
  Value *Wave =
      B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {}, {B.getInt32(~0u), Low});
  Value *Base = B.CreateAnd(Wave, 32); // the logical warp's first lane
  Value *R = B.CreateAnd(Wave, 15);    // this lane's A row
  Value *Upper = B.CreateICmpUGE(R, B.getInt32(8));
  Value *Rows[2];
  for (unsigned W = 0; W < 2; ++W) {
    // A register 2w holds rows 0-7 of k half w, register 2w + 1 rows 8-15.
    const LdmatrixWord &Lo = Words[2 * W], &Hi = Words[2 * W + 1];
    Value *Addresses =
        Lo.Rows == Hi.Rows ? Lo.Rows : B.CreateSelect(Upper, Hi.Rows, Lo.Rows);
    Value *Source = B.CreateAdd(B.CreateSelect(Upper, B.getInt32(8 * Hi.Matrix),
                                               B.getInt32(8 * Lo.Matrix)),
                                B.CreateAnd(R, 7));
    Value *Row = B.CreateIntrinsic(
        Intrinsic::amdgcn_ds_bpermute, {},
        {B.CreateShl(B.CreateOr(Base, Source), 2), Addresses});
    Rows[W] = B.CreateAlignedLoad(
        FixedVectorType::get(B.getInt32Ty(), 4),
        B.CreateIntToPtr(Row, B.getPtrTy(AMDGPUAS::LOCAL_ADDRESS)), Align(16));
  }
  Value *Block8 =
      B.CreateShuffleVector(Rows[0], Rows[1], {0, 4, 1, 5, 2, 6, 3, 7});
  ABlock->replaceAllUsesWith(Block8);
  ABlock->eraseFromParent();
  return true;
}

/// Fragment words loaded from memory at addresses that depend on the lane
/// (docs/matrix-cores.md, "Fragments loaded in the block layout"): the
/// block layout's word K at lane l is PTX register R(K, l) of lane
/// S(K, l), so lane l loads it itself, at the address lane S(K, l) loaded
/// R(K, l) from, the address expression computed again with S(K, l)'s
/// lane-varying leaves (its work-item ids, one ds_bpermute each, once per
/// kernel; its lane number) in place of its own. The leaves may be only
/// those; every other value the address uses must be the same in every
/// lane (constants, kernel arguments, work-group ids, loads from such
/// addresses, loop counters of such values).
class DirectLoads {
public:
  explicit DirectLoads(Function &F) : F(F), DT(F), LI(DT) {}

  /// A fragment (a_to_block or b_to_block of Shape) whose words are loads:
  /// loaded in the block layout. True if it replaced Call.
  bool replace(CallInst *Call, bool IsA, MmaBlockShape Shape) {
    Value *Fragment = Call->getArgOperand(0);
    unsigned Registers = IsA ? Shape.aRegisters() : Shape.bRegisters();
    SmallVector<LoadInst *, 4> Loads;
    // Registers masked (tf32's upper 19 bits): the loaded words are.
    const APInt *Mask = nullptr;
    using namespace PatternMatch;
    match(Fragment, m_And(m_Value(Fragment), m_APInt(Mask)));
    for (unsigned I = 0; I < Registers; ++I) {
      Value *Word = findScalarElement(Fragment, I);
      auto *Load = dyn_cast_or_null<LoadInst>(Word);
      if (!Load || !Load->isSimple() || !Load->getType()->isIntegerTy(32) ||
          Load->getParent() != Call->getParent())
        return false;
      Loads.push_back(Load);
    }
    // The new loads go after the last word's, if nothing from the first
    // word's load to there writes memory: each lane then reads what the
    // lane it stands in for read.
    Instruction *First = nullptr, *Last = nullptr;
    for (Instruction &I : *Call->getParent())
      if (llvm::is_contained(Loads, &I)) {
        First = First ? First : &I;
        Last = &I;
      }
    for (Instruction *I = First; I != Last; I = I->getNextNode())
      if (I->mayWriteToMemory())
        return false;
    Insert = Last->getNextNode();
    UniformCache.clear(); // (loop counters: uniform around this block)
    for (LoadInst *Load : Loads)
      if (!canMove(Load->getPointerOperand(), 0))
        return false;

    IRBuilder<> B(Insert);
    Value *R = B.CreateAnd(waveLane(B), 15);
    Value *Upper = B.CreateICmpUGE(R, B.getInt32(8));
    SmallVector<Value *, 8> Words;
    if (IsA) {
      // Word (q, a, w), unit (t, p): register 2p + (r >= 8) of lane
      // 4 (r % 8) + t (source pattern t).
      for (unsigned Q = 0; Q < Shape.sets(); ++Q)
        for (unsigned A = 0; A < Shape.lenders(); ++A)
          for (unsigned W = 0; W < Shape.operandWords(); ++W) {
            auto [T, P] = Shape.unit(A, Q, W);
            auto Source = [T = T](IRBuilderBase &B, Value *L) {
              return B.CreateAdd(B.CreateShl(B.CreateAnd(L, 7), 2),
                                 B.getInt32(T));
            };
            Words.push_back(
                load(B, T, Source, Loads[2 * P], Loads[2 * P + 1], Upper));
          }
    } else {
      // Word (q, w) of lane (h, a, i), unit (t, p) = unit(a, q, w):
      // register p of lane 16h + 4i + t (source pattern 4 + tOffset(w)).
      for (unsigned Q = 0; Q < Shape.sets(); ++Q)
        for (unsigned W = 0; W < Shape.operandWords(); ++W) {
          auto Source = [&](IRBuilderBase &B, Value *L) {
            Value *Column = B.CreateOr(B.CreateAnd(L, 16),
                                       B.CreateShl(B.CreateAnd(L, 3), 2));
            Value *Lender = B.CreateAnd(B.CreateLShr(L, 2), 3);
            return B.CreateAdd(
                Column,
                B.CreateAdd(B.CreateMul(Lender, B.getInt32(Shape.tScale())),
                            B.getInt32(Shape.tOffset(W))));
          };
          Words.push_back(load(B, 4 + Shape.tOffset(W), Source,
                               Loads[Shape.part(Q, W)], nullptr, nullptr));
        }
    }
    Value *Out = PoisonValue::get(Call->getType());
    for (unsigned I = 0; I < Words.size(); ++I)
      Out = B.CreateInsertElement(
          Out, Mask ? B.CreateAnd(Words[I], *Mask) : Words[I], I);
    Call->replaceAllUsesWith(Out);
    Call->eraseFromParent();
    return true;
  }

private:
  Function &F;
  DominatorTree DT;
  LoopInfo LI;
  Instruction *Insert = nullptr;
  using SourceFn = function_ref<Value *(IRBuilderBase &, Value *)>;
  /// Per (pattern, value): the value at the source lane, where made.
  DenseMap<std::pair<unsigned, Value *>, Value *> Moved;
  DenseMap<Value *, bool> UniformCache;
  DenseMap<Instruction *, Instruction *> LeafNext;

  static bool isWorkItemId(Value *V) {
    auto *I = dyn_cast<IntrinsicInst>(V);
    return I && (I->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_x ||
                 I->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_y ||
                 I->getIntrinsicID() == Intrinsic::amdgcn_workitem_id_z);
  }
  static bool isWaveLane(Value *V) {
    auto *Hi = dyn_cast<IntrinsicInst>(V);
    if (!Hi || Hi->getIntrinsicID() != Intrinsic::amdgcn_mbcnt_hi)
      return false;
    auto *Lo = dyn_cast<IntrinsicInst>(Hi->getArgOperand(1));
    using namespace PatternMatch;
    return Lo && Lo->getIntrinsicID() == Intrinsic::amdgcn_mbcnt_lo &&
           match(Hi->getArgOperand(0), m_AllOnes()) &&
           match(Lo->getArgOperand(0), m_AllOnes()) &&
           match(Lo->getArgOperand(1), m_Zero());
  }
  static Value *waveLane(IRBuilderBase &B) {
    Value *Low = B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                                   {B.getInt32(~0u), B.getInt32(0)});
    return B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {},
                             {B.getInt32(~0u), Low});
  }
  static bool isRecomputable(Value *V) {
    return isa<BinaryOperator>(V) || isa<CastInst>(V) ||
           isa<GetElementPtrInst>(V) || isa<SelectInst>(V) ||
           isa<ICmpInst>(V) || isa<FreezeInst>(V);
  }

  /// Whether V is the same in every lane of the warp where the fragment is
  /// loaded (conservatively).
  bool isUniform(Value *V, unsigned Depth = 0) {
    if (isa<Constant>(V))
      return true;
    if (auto *Arg = dyn_cast<Argument>(V))
      return Arg->getParent()->getCallingConv() == CallingConv::AMDGPU_KERNEL;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > 24)
      return false;
    if (auto It = UniformCache.find(V); It != UniformCache.end())
      return It->second;
    UniformCache[V] = true; // optimistic around loop counters' cycles
    bool Uniform = false;
    if (auto *Call = dyn_cast<IntrinsicInst>(I)) {
      switch (Call->getIntrinsicID()) {
      case Intrinsic::amdgcn_workgroup_id_x:
      case Intrinsic::amdgcn_workgroup_id_y:
      case Intrinsic::amdgcn_workgroup_id_z:
      case Intrinsic::amdgcn_dispatch_ptr:
      case Intrinsic::amdgcn_implicitarg_ptr:
      case Intrinsic::amdgcn_kernarg_segment_ptr:
        Uniform = true;
        break;
      default:
        break;
      }
    } else if (auto *Load = dyn_cast<LoadInst>(I)) {
      Uniform = Load->isSimple() && isUniform(Load->getPointerOperand(),
                                              Depth + 1);
    } else if (auto *Phi = dyn_cast<PHINode>(I)) {
      // A counter of a loop around the mma.sync: a header phi of uniform
      // values (the lanes that run the mma.sync, all of them, are in the
      // same iteration).
      Loop *Lp = LI.getLoopFor(Phi->getParent());
      Uniform = Lp && Lp->getHeader() == Phi->getParent() &&
                Lp->contains(Insert->getParent()) &&
                llvm::all_of(Phi->incoming_values(), [&](Value *In) {
                  return isUniform(In, Depth + 1);
                });
    } else if (isRecomputable(I)) {
      Uniform = llvm::all_of(I->operands(), [&](Value *Op) {
        return isUniform(Op, Depth + 1);
      });
    }
    if (!Uniform && isa<PHINode>(I))
      UniformCache.clear(); // drop what assumed it uniform
    UniformCache[V] = Uniform;
    return Uniform;
  }

  /// Whether V can be computed at another lane: uniform, a lane-varying
  /// leaf, or integer and pointer arithmetic on such values.
  bool canMove(Value *V, unsigned Depth) {
    if (Depth > 24)
      return false;
    if (isWorkItemId(V) || isWaveLane(V) || isLaneId(V) || isUniform(V))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !isRecomputable(I))
      return false;
    return llvm::all_of(I->operands(),
                        [&](Value *Op) { return canMove(Op, Depth + 1); });
  }

  /// V as lane Source(l) of this lane's warp sees it, made before Insert.
  Value *atSource(Value *V, unsigned Pattern, SourceFn Source) {
    if (isUniform(V))
      return V;
    if (Value *Seen = Moved.lookup({Pattern, V}))
      if (!isa<Instruction>(Seen) ||
          DT.dominates(cast<Instruction>(Seen), Insert))
        return Seen;
    Value *Out;
    auto *I = cast<Instruction>(V);
    if (isWorkItemId(V) || isWaveLane(V) || isLaneId(V)) {
      // Made once, where the leaf is, when every lane runs it there (a
      // kernel's entry block), else here.
      Instruction *At = Insert;
      if (F.getCallingConv() == CallingConv::AMDGPU_KERNEL &&
          I->getParent() == &F.getEntryBlock()) {
        // (before the leaf's next instruction: in the order they are made)
        Instruction *&After = LeafNext[I];
        At = After ? After : After = I->getNextNode();
      }
      IRBuilder<> B(At);
      Value *Wave = waveLane(B);
      Value *S = B.CreateAnd(Source(B, B.CreateAnd(Wave, 31)), 31);
      if (isLaneId(V))
        Out = S;
      else if (isWaveLane(V))
        Out = B.CreateOr(B.CreateAnd(Wave, 32), S);
      else
        Out = B.CreateIntrinsic(
            Intrinsic::amdgcn_ds_bpermute, {},
            {B.CreateShl(B.CreateOr(B.CreateAnd(Wave, 32), S), 2), V});
    } else {
      return atSourceParts(I, Pattern, Source);
    }
    Moved[{Pattern, V}] = Out;
    return Out;
  }

  /// I computed again, before Insert, from its operands at lane Source(l).
  Value *atSourceParts(Instruction *I, unsigned Pattern, SourceFn Source) {
    Instruction *Clone = I->clone();
    for (Use &Op : Clone->operands())
      Op.set(atSource(Op.get(), Pattern, Source));
    Clone->insertBefore(Insert->getIterator());
    Clone->setName(I->getName() + ".src");
    Moved[{Pattern, I}] = Clone;
    return Clone;
  }

  /// The address of Load as a value and a constant byte offset.
  std::pair<Value *, int64_t> split(LoadInst *Load) {
    const DataLayout &DL = F.getDataLayout();
    Value *P = Load->getPointerOperand();
    APInt Offset(DL.getIndexTypeSizeInBits(P->getType()), 0);
    Value *Stripped = P->stripAndAccumulateConstantOffsets(
        DL, Offset, /*AllowNonInbounds=*/true);
    return {Stripped, Offset.getSExtValue()};
  }

  /// The word that register Low (or, where Upper holds, High) of lane
  /// Source(l) loaded, loaded again at that lane's address.
  Value *load(IRBuilder<> &B, unsigned Pattern, SourceFn Source,
              LoadInst *Low, LoadInst *High, Value *Upper) {
    auto [Q, Off] = split(Low);
    Value *Address;
    if (!High) {
      Address = atSource(Q, Pattern, Source);
      if (Off)
        Address = B.CreateConstGEP1_64(B.getInt8Ty(), Address, Off);
    } else if (auto [QH, OffH] = split(High); QH == Q) {
      Value *Delta = B.CreateSelect(Upper, B.getInt64(OffH - Off),
                                    B.getInt64(0));
      Address =
          B.CreateGEP(B.getInt8Ty(), atSource(Q, Pattern, Source), Delta);
      if (Off)
        Address = B.CreateConstGEP1_64(B.getInt8Ty(), Address, Off);
    } else {
      Address = B.CreateSelect(
          Upper, atSource(High->getPointerOperand(), Pattern, Source),
          atSource(Low->getPointerOperand(), Pattern, Source));
    }
    Align Alignment = High ? std::min(Low->getAlign(), High->getAlign())
                           : Low->getAlign();
    LoadInst *Load = B.CreateAlignedLoad(B.getInt32Ty(), Address, Alignment);
    Load->copyMetadata(*Low, {LLVMContext::MD_tbaa, LLVMContext::MD_noalias,
                              LLVMContext::MD_alias_scope});
    if (High ? Low->hasMetadata("amdgpu.noclobber") &&
                   High->hasMetadata("amdgpu.noclobber")
             : Low->hasMetadata("amdgpu.noclobber"))
      Load->setMetadata("amdgpu.noclobber",
                        Low->getMetadata("amdgpu.noclobber"));
    return Load;
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
      StringRef Kind =
          F->getFnAttribute(FragmentKindAttribute).getValueAsString();
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
      StringRef Kind =
          F->getFnAttribute(FragmentKindAttribute).getValueAsString();
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

  // A and B fragments that ldmatrix or loads at lane-dependent addresses
  // loaded: loaded in the block layout instead.
  std::map<Function *, std::unique_ptr<DirectLoads>> Direct;
  for (Function *F : Functions) {
    StringRef Layout =
        F->getFnAttribute(FragmentLayoutAttribute).getValueAsString();
    if (Layout != "a_to_block" && Layout != "b_to_block")
      continue;
    SmallVector<CallInst *, 8> Calls;
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledFunction() == F)
        Calls.push_back(Call);
    StringRef Kind = F->getFnAttribute(FragmentKindAttribute).getValueAsString();
    std::optional<MmaBlockShape> Shape = MmaBlockShape::ofKind(Kind);
    if (!Shape)
      continue;
    for (CallInst *Call : Calls) {
      if (Layout == "a_to_block" && Kind == "k16" && loadBlockLayout(Call))
        continue;
      std::unique_ptr<DirectLoads> &Loads = Direct[Call->getFunction()];
      if (!Loads)
        Loads = std::make_unique<DirectLoads>(*Call->getFunction());
      Loads->replace(Call, Layout == "a_to_block", *Shape);
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
