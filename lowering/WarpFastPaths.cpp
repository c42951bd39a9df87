//===- WarpFastPaths.cpp - Shuffles and reductions without LDS ------------===//
//
// Part of Rubicon. See WarpFastPaths.h. The device library implements every
// shuffle with ds_bpermute (any lane, any mask). When a call's lane/offset
// and width operands are constants, the same lane mapping is often one DPP
// move (VALU, no LDS round trip) or one ds_swizzle. The member mask does not
// matter for a shuffle: a source lane in the mask executes the call (CUDA
// requires it), and a source lane outside it gives an undefined value in
// CUDA too. A reduction needs the full mask (all 32 lanes are members):
//
//   __shfl_xor_sync k (k < width)  gfx9: k = 1, 2, 3 quad_perm; 7
//                                  row_half_mirror; 8 row_ror:8; 15
//                                  row_mirror; others ds_swizzle xor k.
//                                  gfx10+: row_xmask:k (k < 16), permlanex16
//   __shfl_sync lane L, width w    ds_swizzle: and = ~(w-1), or = L & (w-1)
//   __shfl_up/down_sync d          width <= 16: row_shr/row_shl:d (lanes whose
//                                  source is outside the row keep their value,
//                                  as shfl.sync's do), plus a lane test for
//                                  widths below 16; width 32: the same within
//                                  a 16-lane row, and for the lanes crossing
//                                  rows permlanex16 (gfx10+; gfx9 keeps
//                                  ds_bpermute for width 32)
//   __reduce_*_sync(0xffffffff)    five butterfly steps with the xor moves
//
// ds_swizzle's bitmask mode works on groups of 32 lanes, DPP on rows of 16:
// neither crosses a logical warp's boundary on wave64.
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
namespace warpfast {

namespace {

// DPP_CTRL values (AMDGPUUsage / the gfx9 and RDNA ISA manuals).
constexpr unsigned QuadPermXor1 = 1 | 0 << 2 | 3 << 4 | 2 << 6; // [1,0,3,2]
constexpr unsigned QuadPermXor2 = 2 | 3 << 2 | 0 << 4 | 1 << 6; // [2,3,0,1]
constexpr unsigned QuadPermXor3 = 3 | 2 << 2 | 1 << 4 | 0 << 6; // [3,2,1,0]
constexpr unsigned RowShl = 0x100;                              // + n, 1..15
constexpr unsigned RowShr = 0x110;                              // + n, 1..15
constexpr unsigned RowRor = 0x120;                              // + n, 1..15
constexpr unsigned RowMirror = 0x140;
constexpr unsigned RowHalfMirror = 0x141;
constexpr unsigned RowXmask = 0x160; // + mask, 0..15 (gfx10+)

bool isPowerOf2(unsigned X) { return X != 0 && (X & (X - 1)) == 0; }

LaneSource dpp(unsigned Control) { return {LaneOp::Dpp, Control, 0, 0}; }
LaneSource swizzle(unsigned And, unsigned Or, unsigned Xor) {
  return {LaneOp::Swizzle, (And & 31) | (Or & 31) << 5 | (Xor & 31) << 10, 0,
          0};
}
// permlanex16: lane i of a row reads lane Select(i) of the other row.
template <typename F> LaneSource permLaneX16(F Select) {
  LaneSource S{LaneOp::PermLaneX16, 0, 0, 0};
  for (unsigned I = 0; I < 8; ++I) {
    S.SelLo |= (Select(I) & 15) << (4 * I);
    S.SelHi |= (Select(I + 8) & 15) << (4 * I);
  }
  return S;
}

// Lane i receives lane i ^ K of its 32-lane warp.
LaneSource xorMove(unsigned K, const FastPathTarget &T) {
  if (T.HasGfx10Lanes) {
    if (K < 16)
      return dpp(RowXmask + K);
    return permLaneX16([K](unsigned I) { return I ^ (K & 15); });
  }
  switch (K) {
  case 1:
    return dpp(QuadPermXor1);
  case 2:
    return dpp(QuadPermXor2);
  case 3:
    return dpp(QuadPermXor3);
  case 7:
    return dpp(RowHalfMirror);
  case 8:
    return dpp(RowRor + 8);
  case 15:
    return dpp(RowMirror);
  default:
    return swizzle(31, 0, K);
  }
}

} // namespace

FastPathTarget fastPathTarget(StringRef Arch) {
  FastPathTarget T;
  T.WaveSize = defaultWavefrontSize(Arch);
  // Wave32 by default <=> RDNA (gfx10+): row_xmask, permlanex16.
  T.HasGfx10Lanes = T.WaveSize == 32;
  return T;
}

std::optional<ShufflePlan> planShuffle(ShuffleKind Kind, unsigned B, unsigned C,
                                       const FastPathTarget &T) {
  const unsigned Offset = B & 31, Clamp = C & 31, SegmentMask = (C >> 8) & 31;
  const unsigned Width = 32 - SegmentMask;
  // Only the c operands that __shfl*_sync(width) produce: a power-of-two
  // width, segment mask ~(width - 1), clamp 31 (0 for up).
  if (!isPowerOf2(Width) || (SegmentMask & (Width - 1)) != 0 ||
      Clamp != (Kind == ShuffleKind::Up ? 0u : 31u) || (C >> 13) != 0)
    return std::nullopt;
  ShufflePlan P;
  switch (Kind) {
  case ShuffleKind::Index:
    if (Width > 1)
      P.First = swizzle(SegmentMask, Offset & (Width - 1), 0);
    return P;
  case ShuffleKind::Butterfly:
    if (Offset == 0)
      return P;
    if (Offset >= Width) // lanes of other segments: ds_bpermute's exactness
      return std::nullopt;
    P.First = xorMove(Offset, T);
    return P;
  case ShuffleKind::Up:
  case ShuffleKind::Down: {
    const bool Down = Kind == ShuffleKind::Down;
    const unsigned D = Offset;
    if (D == 0 || D >= Width) // every lane keeps its own value
      return P;
    if (Width <= 16) {
      P.First = dpp((Down ? RowShl : RowShr) + D);
      if (Width < 16) { // DPP rows are 16 lanes: test the segment
        P.Cond = Down ? ShufflePlan::Down : ShufflePlan::Up;
        P.Delta = D;
        P.FirstSpan = P.SecondSpan = Width;
      }
      return P;
    }
    // Width 32: within the row, then the lanes whose source is in the
    // other row of the warp.
    P.Cond = Down ? ShufflePlan::Down : ShufflePlan::Up;
    P.Delta = D;
    P.FirstSpan = 16;
    P.SecondSpan = 32;
    if (D < 16)
      P.First = dpp((Down ? RowShl : RowShr) + D);
    if (T.HasGfx10Lanes)
      P.Second = permLaneX16(
          [D, Down](unsigned I) { return Down ? I + D : I + 16 - D; });
    else
      // gfx9's DPP has no cross-row move: a ds_swizzle for the crossing
      // lanes (p +- d == p ^ (32 - d) for a power of two) costs the same
      // LDS round trip as ds_bpermute plus the DPP move and the lane tests
      // (measured for the offsets 16..1 of a reduction: 61 instructions
      // instead of 47; with d = 16 alone by ds_swizzle: 49), so the
      // library's ds_bpermute it is.
      return std::nullopt;
    return P;
  }
  }
  return std::nullopt;
}

unsigned ptxShuffleSource(ShuffleKind Kind, unsigned Lane, unsigned B,
                          unsigned C) {
  // PTX ISA, shfl.sync: c packs the clamp (bits 0-4) and the segment mask
  // (bits 8-12); a lane whose source is outside [minLane, maxLane] keeps
  // its own value.
  const unsigned Offset = B & 31, Clamp = C & 31, SegmentMask = (C >> 8) & 31;
  const unsigned MaxLane = (Lane & SegmentMask) | (Clamp & ~SegmentMask);
  const unsigned MinLane = Lane & SegmentMask;
  int Source = 0;
  bool InRange = false;
  switch (Kind) {
  case ShuffleKind::Up:
    Source = (int)Lane - (int)Offset;
    InRange = Source >= (int)MaxLane;
    break;
  case ShuffleKind::Down:
    Source = (int)(Lane + Offset);
    InRange = Source <= (int)MaxLane;
    break;
  case ShuffleKind::Butterfly:
    Source = (int)(Lane ^ Offset);
    InRange = Source <= (int)MaxLane;
    break;
  case ShuffleKind::Index:
    Source = (int)(MinLane | (Offset & ~SegmentMask));
    InRange = Source <= (int)MaxLane;
    break;
  }
  return InRange ? (unsigned)Source : Lane;
}

unsigned laneOpSource(const LaneSource &S, unsigned Lane,
                      const FastPathTarget &T) {
  const unsigned Row = Lane & ~15u, InRow = Lane & 15;
  switch (S.Op) {
  case LaneOp::Self:
    return Lane;
  case LaneOp::Swizzle: {
    const unsigned And = S.Control & 31, Or = (S.Control >> 5) & 31,
                   Xor = (S.Control >> 10) & 31;
    return (Lane & ~31u) | ((((Lane & 31) & And) | Or) ^ Xor);
  }
  case LaneOp::PermLaneX16: {
    const unsigned Select = InRow < 8 ? (S.SelLo >> (4 * InRow)) & 15
                                      : (S.SelHi >> (4 * (InRow - 8))) & 15;
    return (Lane & ~31u) | ((Lane & 16) ^ 16) | Select;
  }
  case LaneOp::Dpp: {
    const unsigned C = S.Control;
    if (C <= 0xff)
      return (Lane & ~3u) | ((C >> (2 * (Lane & 3))) & 3);
    if (C > RowShl && C < RowShl + 16) // invalid sources: own value
      return InRow + (C - RowShl) < 16 ? Lane + (C - RowShl) : Lane;
    if (C > RowShr && C < RowShr + 16)
      return InRow >= C - RowShr ? Lane - (C - RowShr) : Lane;
    if (C > RowRor && C < RowRor + 16)
      return Row | ((InRow + 16 - (C - RowRor)) & 15);
    if (C == RowMirror)
      return Row | (15 - InRow);
    if (C == RowHalfMirror)
      return (Lane & ~7u) | (7 - (Lane & 7));
    if (T.HasGfx10Lanes && C >= RowXmask && C < RowXmask + 16)
      return Row | (InRow ^ (C - RowXmask));
    return ~0u; // not modelled: no plan uses it
  }
  }
  return ~0u;
}

unsigned planSource(const ShufflePlan &P, unsigned Lane,
                    const FastPathTarget &T) {
  const unsigned Position = Lane & 31;
  if (P.Cond == ShufflePlan::Always)
    return laneOpSource(P.First, Lane, T);
  const unsigned Q = Position % P.FirstSpan, R = Position % P.SecondSpan;
  const bool Down = P.Cond == ShufflePlan::Down;
  if (Down ? Q + P.Delta < P.FirstSpan : Q >= P.Delta)
    return laneOpSource(P.First, Lane, T);
  if (Down ? R + P.Delta < P.SecondSpan : R >= P.Delta)
    return laneOpSource(P.Second, Lane, T);
  return Lane;
}

std::vector<LaneSource> reductionSteps(const FastPathTarget &T) {
  std::vector<LaneSource> Steps;
  for (unsigned K = 16; K > 0; K /= 2)
    Steps.push_back(xorMove(K, T));
  return Steps;
}

std::string describe(const LaneSource &S) {
  const unsigned C = S.Control;
  switch (S.Op) {
  case LaneOp::Self:
    return "own value";
  case LaneOp::Swizzle: {
    const unsigned And = C & 31, Or = (C >> 5) & 31, Xor = (C >> 10) & 31;
    if (And == 31 && Or == 0)
      return "ds_swizzle xor " + std::to_string(Xor);
    return "ds_swizzle and " + std::to_string(And) + " or " +
           std::to_string(Or);
  }
  case LaneOp::PermLaneX16:
    return "v_permlanex16";
  case LaneOp::Dpp:
    if (C <= 0xff)
      return "DPP quad_perm:[" + std::to_string(C & 3) + "," +
             std::to_string((C >> 2) & 3) + "," + std::to_string((C >> 4) & 3) +
             "," + std::to_string((C >> 6) & 3) + "]";
    if (C > RowShl && C < RowShl + 16)
      return "DPP row_shl:" + std::to_string(C - RowShl);
    if (C > RowShr && C < RowShr + 16)
      return "DPP row_shr:" + std::to_string(C - RowShr);
    if (C > RowRor && C < RowRor + 16)
      return "DPP row_ror:" + std::to_string(C - RowRor);
    if (C == RowMirror)
      return "DPP row_mirror";
    if (C == RowHalfMirror)
      return "DPP row_half_mirror";
    if (C >= RowXmask && C < RowXmask + 16)
      return "DPP row_xmask:" + std::to_string(C - RowXmask);
    return "DPP";
  }
  return "?";
}

namespace {
std::string describePlan(const std::optional<ShufflePlan> &P) {
  if (!P)
    return "ds_bpermute";
  if (P->Cond == ShufflePlan::Always)
    return describe(P->First);
  std::string Text;
  for (const LaneSource *S : {&P->First, &P->Second})
    if (S->Op != LaneOp::Self)
      Text += describe(*S) + " + ";
  return Text + "lane test";
}
} // namespace

void printFastPathTable(raw_ostream &OS) {
  const FastPathTarget Gfx9{64, false}, Gfx10{32, true};
  OS << "<!-- Generated by `rubicon-opt --print-warp-fast-path-table` "
        "(scripts/gen-docs.sh); do not edit. -->\n"
     << "| Shuffle (constant operands) | width | gfx9 (wave64) | gfx10+ "
        "(wave32) |\n"
     << "|---|---|---|---|\n";
  auto Row = [&](const char *Name, ShuffleKind Kind, unsigned B,
                 unsigned Width) {
    const unsigned C = (32 - Width) << 8 | (Kind == ShuffleKind::Up ? 0 : 31);
    OS << "| `" << Name << "` " << B << " | " << Width << " | "
       << describePlan(planShuffle(Kind, B, C, Gfx9)) << " | "
       << describePlan(planShuffle(Kind, B, C, Gfx10)) << " |\n";
  };
  for (unsigned K = 1; K < 32; ++K)
    Row("__shfl_xor_sync", ShuffleKind::Butterfly, K, 32);
  Row("__shfl_xor_sync", ShuffleKind::Butterfly, 8, 8);
  for (unsigned Width : {32u, 16u, 8u, 4u, 2u})
    Row("__shfl_sync", ShuffleKind::Index, 1, Width);
  for (unsigned Width : {32u, 16u, 8u})
    for (unsigned D : {1u, 2u, 3u, 4u, 8u, 16u})
      if (D < Width) {
        Row("__shfl_down_sync", ShuffleKind::Down, D, Width);
        Row("__shfl_up_sync", ShuffleKind::Up, D, Width);
      }
  OS << "| `__reduce_*_sync(0xffffffff)` | 32 |";
  for (const FastPathTarget &T : {Gfx9, Gfx10}) {
    OS << " ";
    bool First = true;
    for (const LaneSource &Step : reductionSteps(T)) {
      OS << (First ? "" : ", ") << describe(Step);
      First = false;
    }
    OS << " |";
  }
  OS << "\n";
}

} // namespace warpfast

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
        // Any member mask: a lane whose source is not a member reads an
        // undefined value (CUDA C++ Programming Guide, warp shuffle
        // functions), and a member source lane is executing the call.
        if (!Lane || !C)
          continue;
        std::optional<ShufflePlan> Plan =
            planShuffle(E.Kind, (unsigned)Lane->getZExtValue(),
                        (unsigned)C->getZExtValue(), T);
        if (!Plan)
          continue;
        Value *V = CI->getArgOperand(1);
        const bool IsFloat = V->getType()->isFloatTy();
        if (IsFloat)
          V = B.CreateBitCast(V, B.getInt32Ty());
        Result = Emit.shuffle(*Plan, V);
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
  runModulePipeline(M, TM, [&](PassBuilder &) {
    ModulePassManager MPM;
    MPM.addPass(WarpFastPathsPass(Arch.str()));
    MPM.addPass(AlwaysInlinerPass());
    MPM.addPass(GlobalDCEPass());
    if (OptLevel > 0) {
      FunctionPassManager FPM;
      FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
      FPM.addPass(InstCombinePass());
      FPM.addPass(SimplifyCFGPass());
      MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
    }
    return MPM;
  });
}

} // namespace rubicon
