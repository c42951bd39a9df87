//===- EmulateExecMask.cpp - rubicon-emulate-exec-mask --------------------===//
//
// Part of Rubicon. See EmulationPasses.h and docs/amdgpu-emulation.md.
//
//===----------------------------------------------------------------------===//
#include "EmulationPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace rubicon {

bool isWaveIntrinsic(StringRef Name) {
  if (!Name.consume_front("llvm.amdgcn."))
    return false;
  static constexpr StringLiteral Rows[] = {
#define RUBICON_WAVE_INTRINSIC(NAME) NAME,
#include "WaveIntrinsics.def"
  };
  for (StringRef Row : Rows)
    if (Name == Row || (Name.starts_with(Row) && Name[Row.size()] == '.'))
      return true;
  return false;
}

StringRef execRegisterRead(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Callee->getIntrinsicID() != Intrinsic::read_register)
    return {};
  auto *Name = dyn_cast<MetadataAsValue>(Call.getArgOperand(0));
  auto *Node = Name ? dyn_cast<MDNode>(Name->getMetadata()) : nullptr;
  auto *String = Node && Node->getNumOperands()
                     ? dyn_cast<MDString>(Node->getOperand(0))
                     : nullptr;
  if (!String)
    return {};
  StringRef Register = String->getString();
  return Register == "exec" || Register == "exec_lo" || Register == "exec_hi"
             ? Register
             : StringRef();
}

namespace {

class ExecMaskInstrumenter {
  Module &M;
  LLVMContext &Ctx;
  /// Functions that can run a wave-wide operation.
  SmallPtrSet<const Function *, 32> WaveFunctions;
  FunctionCallee Diverge, Reconverge;
  uint32_t NextPoint = 0;

  /// A call that can run a wave-wide operation: of a wave intrinsic, of a
  /// function that can, or through a pointer.
  bool isWaveCall(const CallBase &Call) const {
    if (Call.isInlineAsm())
      return false;
    const Function *Callee = Call.getCalledFunction();
    if (!Callee)
      return true;
    return Callee->isIntrinsic() ? isWaveIntrinsic(Callee->getName()) ||
                                       !execRegisterRead(Call).empty()
                                 : WaveFunctions.contains(Callee);
  }

  void findWaveFunctions() {
    SmallVector<Function *> Work;
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        if (auto *Call = dyn_cast<CallBase>(&I); Call && isWaveCall(*Call)) {
          if (WaveFunctions.insert(&F).second)
            Work.push_back(&F);
          break;
        }
    while (!Work.empty()) {
      Function *F = Work.pop_back_val();
      for (User *U : F->users())
        if (auto *Call = dyn_cast<CallBase>(U);
            Call && Call->getCalledOperand() == F)
          if (Function *Caller = Call->getFunction();
              WaveFunctions.insert(Caller).second)
            Work.push_back(Caller);
    }
  }

  /// The successor index of the taken edge, and the number of bits it needs.
  std::pair<Value *, unsigned> successorIndex(Instruction &Term,
                                              IRBuilder<> &B) {
    SmallVector<BasicBlock *, 4> Distinct;
    auto IndexOf = [&](BasicBlock *BB) -> uint32_t {
      auto It = find(Distinct, BB);
      if (It != Distinct.end())
        return It - Distinct.begin();
      Distinct.push_back(BB);
      return Distinct.size() - 1;
    };
    Value *Index;
    if (auto *Br = dyn_cast<BranchInst>(&Term)) {
      IndexOf(Br->getSuccessor(0));
      IndexOf(Br->getSuccessor(1));
      Index = B.CreateZExt(B.CreateNot(Br->getCondition()), B.getInt32Ty());
    } else {
      auto *Switch = cast<SwitchInst>(&Term);
      Index = B.getInt32(IndexOf(Switch->getDefaultDest()));
      for (auto &Case : Switch->cases())
        Index = B.CreateSelect(
            B.CreateICmpEQ(Switch->getCondition(), Case.getCaseValue()),
            B.getInt32(IndexOf(Case.getCaseSuccessor())), Index);
    }
    return {Index, Log2_32_Ceil(Distinct.size())};
  }

  static bool isDivergenceCandidate(const Instruction &Term) {
    if (auto *Br = dyn_cast<BranchInst>(&Term))
      return Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1);
    if (auto *Switch = dyn_cast<SwitchInst>(&Term))
      return any_of(successors(Switch->getParent()), [&](const BasicBlock *S) {
        return S != Switch->getDefaultDest();
      });
    return false;
  }

  void instrument(Function &F) {
    SmallPtrSet<const BasicBlock *, 16> WaveBlocks;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I); Call && isWaveCall(*Call)) {
          WaveBlocks.insert(&BB);
          break;
        }
    PostDominatorTree PDT(F);
    DenseMap<BasicBlock *, uint32_t> Points; // reconvergence block -> number
    std::optional<uint32_t> ExitPoint;       // the function's returns
    SmallVector<std::pair<Instruction *, uint32_t>> Branches;
    for (BasicBlock &BB : F) {
      Instruction *Term = BB.getTerminator();
      if (!Term || !isDivergenceCandidate(*Term))
        continue;
      DomTreeNode *Node = PDT.getNode(&BB);
      if (!Node)
        continue; // cannot reach a return: no reconvergence point
      BasicBlock *Join =
          Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
      // The blocks between the branch and its reconvergence point.
      SmallPtrSet<BasicBlock *, 16> Seen;
      SmallVector<BasicBlock *> Work(succ_begin(&BB), succ_end(&BB));
      bool ReachesWave = false;
      while (!Work.empty() && !ReachesWave) {
        BasicBlock *Next = Work.pop_back_val();
        if (Next == Join || !Seen.insert(Next).second)
          continue;
        ReachesWave = WaveBlocks.contains(Next);
        append_range(Work, successors(Next));
      }
      if (!ReachesWave)
        continue;
      uint32_t Point;
      if (Join) {
        auto [It, New] = Points.try_emplace(Join, NextPoint);
        NextPoint += New;
        Point = It->second;
      } else {
        if (!ExitPoint)
          ExitPoint = NextPoint++;
        Point = *ExitPoint;
      }
      Branches.push_back({Term, Point});
    }
    for (auto [Term, Point] : Branches) {
      IRBuilder<> B(Term);
      auto [Index, Bits] = successorIndex(*Term, B);
      B.CreateCall(Diverge, {B.getInt32(Point), Index, B.getInt32(Bits)});
    }
    for (auto [Join, Point] : Points) {
      IRBuilder<> B(&*Join->getFirstInsertionPt());
      B.CreateCall(Reconverge, {B.getInt32(Point)});
    }
    if (ExitPoint)
      for (BasicBlock &BB : F)
        if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
          IRBuilder<> B(Ret);
          B.CreateCall(Reconverge, {B.getInt32(*ExitPoint)});
        }
  }

public:
  explicit ExecMaskInstrumenter(Module &M) : M(M), Ctx(M.getContext()) {
    Type *Void = Type::getVoidTy(Ctx), *I32 = Type::getInt32Ty(Ctx);
    AttributeList Attrs = AttributeList().addFnAttribute(Ctx, Attribute::NoUnwind);
    Diverge = M.getOrInsertFunction(EmulatedDivergeFunction, Attrs, Void, I32,
                                    I32, I32);
    Reconverge =
        M.getOrInsertFunction(EmulatedReconvergeFunction, Attrs, Void, I32);
  }

  /// A wavefront executes each memory instruction for all its active lanes
  /// before the next: legacy warp-synchronous code (volatile shared memory
  /// without __syncwarp) relies on it. Each volatile load or store gets a
  /// wave barrier before it, so that the lanes of EXEC finish the previous
  /// ones first.
  void lockstepVolatileAccesses() {
    FunctionCallee WaveBarrier = M.getOrInsertFunction(
        "llvm.amdgcn.wave.barrier", Type::getVoidTy(Ctx));
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        if ((isa<LoadInst>(I) && cast<LoadInst>(I).isVolatile()) ||
            (isa<StoreInst>(I) && cast<StoreInst>(I).isVolatile()))
          IRBuilder<>(&I).CreateCall(WaveBarrier);
  }

  /// A wavefront leaves a loop when all its active lanes have: a lane that
  /// leaves early waits, and its stores after the loop come after every
  /// lane's stores in it (ockl's device heap initializes a slab's bits in
  /// two loops spread over the lanes, and relies on that). In functions
  /// that run wave-wide operations, the unique exit of each loop that
  /// writes memory gets a wave barrier; the branches that reach it are then
  /// instrumented like those of any wave-wide operation.
  void lockstepLoopExits() {
    FunctionCallee WaveBarrier = M.getOrInsertFunction(
        "llvm.amdgcn.wave.barrier", Type::getVoidTy(Ctx));
    for (Function &F : M) {
      if (F.isDeclaration() || !WaveFunctions.contains(&F))
        continue;
      DominatorTree DT(F);
      LoopInfo LI(DT);
      SmallPtrSet<BasicBlock *, 8> Barriers;
      for (Loop *L : LI.getLoopsInPreorder()) {
        bool Writes = any_of(L->blocks(), [](BasicBlock *BB) {
          return any_of(*BB, [](Instruction &I) {
            return isa<StoreInst, AtomicRMWInst, AtomicCmpXchgInst>(I);
          });
        });
        BasicBlock *Exit = L->getUniqueExitBlock();
        if (Writes && Exit && Barriers.insert(Exit).second)
          IRBuilder<>(&*Exit->getFirstInsertionPt()).CreateCall(WaveBarrier);
      }
    }
  }

  bool run() {
    lockstepVolatileAccesses();
    findWaveFunctions();
    lockstepLoopExits();
    bool Changed = false;
    for (Function &F : M)
      if (!F.isDeclaration() && WaveFunctions.contains(&F)) {
        instrument(F);
        Changed = true;
      }
    return Changed;
  }
};

} // namespace

PreservedAnalyses EmulateExecMaskPass::run(Module &M, ModuleAnalysisManager &) {
  return ExecMaskInstrumenter(M).run() ? PreservedAnalyses::none()
                                       : PreservedAnalyses::all();
}

} // namespace rubicon
