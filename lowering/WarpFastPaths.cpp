//===- WarpFastPaths.cpp - Shuffles and reductions without LDS ------------===//
//
// Part of Rubicon. See WarpFastPaths.h: the pass rewriting the device
// library's shuffle and reduction calls with the lane moves
// WarpShufflePlans.cpp chooses.
//
//===----------------------------------------------------------------------===//
#include "WarpFastPaths.h"
#include "BackendSupport.h"
#include "LoweringPasses.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace rubicon {

using namespace warpfast;

namespace {

// For measurements and bisecting: every call takes the library's path.
cl::opt<bool> DisableWarpFastPaths(
    "rubicon-disable-warp-fast-paths", cl::Hidden,
    cl::desc("Keep every warp shuffle and reduction on the device library's "
             "ds_bpermute path"));

// The device library's entry points (runtime-shim/device/WarpLevel.cpp):
// shuffles (mask, value, b, c) and reductions (value, mask).
struct EntryPoint {
  const char *Name;
  bool IsReduce;
  ShuffleKind Kind;          // shuffles
  Intrinsic::ID Combine;     // reductions: an intrinsic, or else
  Instruction::BinaryOps Op; // a binary operator
};
constexpr EntryPoint shuffleEntry(const char *Name, ShuffleKind Kind) {
  return {Name, false, Kind, Intrinsic::not_intrinsic, Instruction::Add};
}
constexpr EntryPoint reduceEntry(const char *Name, Instruction::BinaryOps Op) {
  return {Name, true, ShuffleKind::Index, Intrinsic::not_intrinsic, Op};
}
constexpr EntryPoint reduceEntry(const char *Name, Intrinsic::ID Combine) {
  return {Name, true, ShuffleKind::Index, Combine, Instruction::Add};
}
const EntryPoint EntryPoints[] = {
    shuffleEntry("__rubicon_shfl_sync_idx_i32", ShuffleKind::Index),
    shuffleEntry("__rubicon_shfl_sync_idx_f32", ShuffleKind::Index),
    shuffleEntry("__rubicon_shfl_sync_up_i32", ShuffleKind::Up),
    shuffleEntry("__rubicon_shfl_sync_up_f32", ShuffleKind::Up),
    shuffleEntry("__rubicon_shfl_sync_down_i32", ShuffleKind::Down),
    shuffleEntry("__rubicon_shfl_sync_down_f32", ShuffleKind::Down),
    shuffleEntry("__rubicon_shfl_sync_bfly_i32", ShuffleKind::Butterfly),
    shuffleEntry("__rubicon_shfl_sync_bfly_f32", ShuffleKind::Butterfly),
    reduceEntry("__rubicon_redux_sync_add", Instruction::Add),
    reduceEntry("__rubicon_redux_sync_and", Instruction::And),
    reduceEntry("__rubicon_redux_sync_or", Instruction::Or),
    reduceEntry("__rubicon_redux_sync_xor", Instruction::Xor),
    reduceEntry("__rubicon_redux_sync_umin", Intrinsic::umin),
    reduceEntry("__rubicon_redux_sync_umax", Intrinsic::umax),
    reduceEntry("__rubicon_redux_sync_min", Intrinsic::smin),
    reduceEntry("__rubicon_redux_sync_max", Intrinsic::smax),
};

const EntryPoint *findEntryPoint(StringRef Name) {
  for (const EntryPoint &E : EntryPoints)
    if (Name == E.Name)
      return &E;
  return nullptr;
}

class Emitter {
  Module &M;
  const FastPathTarget &T;
  IRBuilder<> &B;

public:
  Emitter(Module &M, const FastPathTarget &T, IRBuilder<> &B)
      : M(M), T(T), B(B) {}

  Value *call(Intrinsic::ID ID, ArrayRef<Value *> Args) {
    Type *I32 = B.getInt32Ty();
    Function *F = Intrinsic::isOverloaded(ID)
                      ? Intrinsic::getOrInsertDeclaration(&M, ID, {I32})
                      : Intrinsic::getOrInsertDeclaration(&M, ID);
    return B.CreateCall(F, Args);
  }

  Value *source(const LaneSource &S, Value *V) {
    switch (S.Op) {
    case LaneOp::Self:
      return V;
    case LaneOp::Dpp: // old = V: lanes without a valid source keep V
      return call(Intrinsic::amdgcn_update_dpp,
                  {V, V, B.getInt32(S.Control), B.getInt32(0xf),
                   B.getInt32(0xf), B.getFalse()});
    case LaneOp::Swizzle:
      return call(Intrinsic::amdgcn_ds_swizzle, {V, B.getInt32(S.Control)});
    case LaneOp::PermLaneX16:
      return call(Intrinsic::amdgcn_permlanex16,
                  {V, V, B.getInt32(S.SelLo), B.getInt32(S.SelHi), B.getFalse(),
                   B.getFalse()});
    }
    return V;
  }

  Value *position() {
    Value *Lane =
        call(Intrinsic::amdgcn_mbcnt_lo, {B.getInt32(~0u), B.getInt32(0)});
    if (T.WaveSize == 64)
      Lane = call(Intrinsic::amdgcn_mbcnt_hi, {B.getInt32(~0u), Lane});
    return B.CreateAnd(Lane, 31, "warp.lane");
  }

  Value *shuffle(const ShufflePlan &P, Value *V) {
    Value *First = source(P.First, V);
    if (P.Cond == ShufflePlan::Always)
      return First;
    Value *Second = source(P.Second, V);
    Value *Position = position();
    auto Holds = [&](unsigned Span) {
      Value *Q = B.CreateAnd(Position, Span - 1);
      return P.Cond == ShufflePlan::Down
                 ? B.CreateICmpULT(B.CreateAdd(Q, B.getInt32(P.Delta)),
                                   B.getInt32(Span))
                 : B.CreateICmpUGE(Q, B.getInt32(P.Delta));
    };
    Value *Rest = B.CreateSelect(Holds(P.SecondSpan), Second, V);
    return B.CreateSelect(Holds(P.FirstSpan), First, Rest, "shfl.fast");
  }

  /// The lane of its warp whose value this lane receives (the PTX ISA's
  /// shfl.sync with constant b and c, ptxShuffleSource).
  Value *sourceLane(ShuffleKind Kind, unsigned Bv, unsigned Cv) {
    const unsigned Offset = Bv & 31, Clamp = Cv & 31,
                   SegmentMask = (Cv >> 8) & 31;
    Value *Lane = position();
    Value *MaxLane =
        B.CreateOr(B.CreateAnd(Lane, SegmentMask), Clamp & ~SegmentMask);
    Value *Source, *InRange;
    switch (Kind) {
    case ShuffleKind::Up:
      Source = B.CreateSub(Lane, B.getInt32(Offset));
      InRange = B.CreateICmpSGE(Source, MaxLane);
      break;
    case ShuffleKind::Down:
      Source = B.CreateAdd(Lane, B.getInt32(Offset));
      InRange = B.CreateICmpULE(Source, MaxLane);
      break;
    case ShuffleKind::Butterfly:
      Source = B.CreateXor(Lane, Offset);
      InRange = B.CreateICmpULE(Source, MaxLane);
      break;
    case ShuffleKind::Index:
      Source = B.CreateOr(B.CreateAnd(Lane, SegmentMask),
                          Offset & ~SegmentMask);
      InRange = B.CreateICmpULE(Source, MaxLane);
      break;
    }
    return B.CreateSelect(InRange, Source, Lane, "shfl.source");
  }

  /// A lane whose source is not in Mask reads 0 (docs/warps.md).
  Value *membersOnly(Value *Result, Value *Mask, ShuffleKind Kind, unsigned Bv,
                     unsigned Cv) {
    Value *Member = B.CreateTrunc(
        B.CreateLShr(Mask, sourceLane(Kind, Bv, Cv)), B.getInt1Ty());
    return B.CreateSelect(Member, Result, B.getInt32(0), "shfl.member");
  }

  Value *reduce(const EntryPoint &E, Value *V) {
    for (const LaneSource &Step : reductionSteps(T)) {
      Value *Other = source(Step, V);
      V = E.Combine != Intrinsic::not_intrinsic
              ? B.CreateBinaryIntrinsic(E.Combine, V, Other)
              : B.CreateBinOp(E.Op, V, Other);
    }
    return V;
  }
};

bool isFullWarp(Value *Mask) {
  auto *C = dyn_cast<ConstantInt>(Mask);
  return C && C->getZExtValue() == 0xffffffffu;
}

/// Whether every lane of a constant Mask reads a lane of Mask.
bool sourcesAreMembers(Value *Mask, ShuffleKind Kind, unsigned Bv,
                       unsigned Cv) {
  auto *C = dyn_cast<ConstantInt>(Mask);
  if (!C)
    return false;
  const uint64_t Members = C->getZExtValue();
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    if (((Members >> Lane) & 1) &&
        !((Members >> ptxShuffleSource(Kind, Lane, Bv, Cv)) & 1))
      return false;
  return true;
}

} // namespace

bool isWarpFastPathEntryPoint(StringRef Name) {
  return findEntryPoint(Name) != nullptr;
}

std::vector<std::string> warpFastPathEntryPoints() {
  std::vector<std::string> Names;
  for (const EntryPoint &E : EntryPoints)
    Names.push_back(E.Name);
  return Names;
}

PreservedAnalyses WarpFastPathsPass::run(Module &M, ModuleAnalysisManager &) {
  const FastPathTarget T = fastPathTarget(resolveLoweringArch(Arch));
  bool Changed = false;
  for (const EntryPoint &E : EntryPoints) {
    Function *F = M.getFunction(E.Name);
    if (!F)
      continue;
    SmallVector<CallInst *, 16> Calls;
    for (User *U : F->users())
      if (auto *CI = dyn_cast<CallInst>(U))
        if (CI->getCalledFunction() == F &&
            CI->arg_size() == (E.IsReduce ? 2u : 4u))
          Calls.push_back(CI);
    for (CallInst *CI : Calls) {
      if (DisableWarpFastPaths)
        break;
      IRBuilder<> B(CI);
      Emitter Emit(M, T, B);
      Value *Result = nullptr;
      if (E.IsReduce) {
        if (!isFullWarp(CI->getArgOperand(1)) ||
            !CI->getType()->isIntegerTy(32))
          continue;
        Result = Emit.reduce(E, CI->getArgOperand(0));
      } else {
        auto *Lane = dyn_cast<ConstantInt>(CI->getArgOperand(2));
        auto *C = dyn_cast<ConstantInt>(CI->getArgOperand(3));
        if (!Lane || !C)
          continue;
        const unsigned Bv = (unsigned)Lane->getZExtValue(),
                       Cv = (unsigned)C->getZExtValue();
        std::optional<ShufflePlan> Plan = planShuffle(E.Kind, Bv, Cv, T);
        if (!Plan)
          continue;
        Value *V = CI->getArgOperand(1);
        const bool IsFloat = V->getType()->isFloatTy();
        if (IsFloat)
          V = B.CreateBitCast(V, B.getInt32Ty());
        Result = Emit.shuffle(*Plan, V);
        // A member source lane is executing the call, so the move reads
        // its value; a lane whose source is not a member reads 0, as the
        // library's path (docs/warps.md): checked here unless the mask is
        // a constant whose lanes all read members.
        Value *Mask = CI->getArgOperand(0);
        if (!sourcesAreMembers(Mask, E.Kind, Bv, Cv))
          Result = Emit.membersOnly(Result, Mask, E.Kind, Bv, Cv);
        if (IsFloat)
          Result = B.CreateBitCast(Result, B.getFloatTy());
      }
      Result->takeName(CI);
      CI->replaceAllUsesWith(Result);
      CI->eraseFromParent();
      Changed = true;
    }
    // The rest goes back to the generic path, inlined like any library code.
    if (!F->isDeclaration()) {
      F->removeFnAttr(Attribute::NoInline);
      F->addFnAttr(Attribute::AlwaysInline);
      F->setLinkage(GlobalValue::InternalLinkage);
      F->setVisibility(GlobalValue::DefaultVisibility);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void runWarpFastPaths(Module &M, TargetMachine &TM, StringRef Arch,
                      unsigned OptLevel) {
  runModulePipeline(M, TM, [&](PassBuilder &PB) {
    ModulePassManager MPM;
    // mma.sync accumulators kept in the MFMA block layout along chains of
    // products (the conversions stayed opaque calls through -O<n>).
    MPM.addPass(MatrixFragmentLayoutPass());
    MPM.addPass(WarpFastPathsPass(Arch.str()));
    MPM.addPass(AlwaysInlinerPass());
    MPM.addPass(GlobalDCEPass());
    if (OptLevel > 0) {
      FunctionPassManager FPM;
      FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
      FPM.addPass(InstCombinePass());
      FPM.addPass(SimplifyCFGPass());
      MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
      // -O<n>'s AMDGPU attributor ran while the entry points were opaque
      // calls, which may use anything: a kernel calling one lost
      // "amdgpu-agpr-alloc"="0" (MFMA accumulators in AGPRs, then
      // v_accvgpr_read copies) and the "amdgpu-no-*" implicit-argument
      // attributes. Now that they are inlined, infer them again.
      if (Error E = PB.parsePassPipeline(MPM, "amdgpu-attributor"))
        consumeError(std::move(E)); // not an AMDGPU target machine
    }
    return MPM;
  });
}

} // namespace rubicon
