//===- LowerMatrixOps.cpp - rubicon-lower-matrix-ops -----------------------===//
//
// The inline-PTX translation turns each wmma instruction into a call of a
// `__rubicon_wmma.*` function whose attributes name the operation and whose
// body is the generic, target-independent IR (shuffles and fma). This pass
// decides, per call, which path the target takes:
//
//   - an operation of MatrixOps.def on a target of its family: the call is
//     replaced by the matrix-core code built here (gfx908/gfx90a/gfx94x/
//     gfx950: llvm.amdgcn.mfma.*; gfx11: llvm.amdgcn.wmma.*);
//   - a wmma mma on the host target: the product through the block's matrix
//     exchange, one warp meeting per run of independent products, the tile
//     computed once per product (lowerHostProducts);
//   - anything else: the call is inlined (the generic path).
//
// PTX mma.sync is a call of a `__rubicon_mma.*` function too (attribute
// "rubicon-matrix-op": the instruction in the PTX ISA's spelling); the
// MatrixOps.def rows with operation "mma.sync" give its matrix path.
//
// Then the functions go. Each decision is recorded in the named metadata
// `rubicon.matrix.paths` for `nvcc -v` (matrixPathNotes). The layouts the two
// paths share and the ones the matrix path changes are in
// docs/matrix-cores.md; the choice depends only on the target and the
// operation, so every load, mma and store of one fragment type agree.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"
#include "MmaBlockShape.h"

#include "rubicon/HostABI.h"
#include "rubicon/WmmaLayout.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopRotation.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>

using namespace llvm;

namespace rubicon {
namespace {

// For measurements (benchmarks/matrix-cores) and bisecting: every wmma
// operation takes the generic path.
cl::opt<bool> DisableMatrixCores(
    "rubicon-disable-matrix-cores", cl::Hidden,
    cl::desc("Keep every wmma operation on the generic path"));

// For measurements (benchmarks/matrix-cores): the f64 products take the
// whole-wavefront MFMA path without its generic fallback, so the assembly
// is the code that path runs (wrong where a warp multiplies alone).
cl::opt<bool> WholeWaveF64Only(
    "rubicon-f64-whole-wave-only", cl::Hidden,
    cl::desc("Measurements only: f64 wmma/mma.sync products on MFMA without "
             "the generic path for a partial wavefront"));

enum class MatrixFamily { MFMA, MFMAF64, WMMA, WMMA12 };

struct MatrixOpRow {
  const char *Op, *Shape, *Types;
  MatrixFamily Family;
  const char *Instruction;
  unsigned Count;
};

constexpr MatrixOpRow MatrixOps[] = {
#define MATRIX_OP(Op, Shape, Types, Family, Instruction, Count)                \
  {Op, Shape, Types, MatrixFamily::Family, Instruction, Count},
#include "MatrixOps.def"
};

/// CDNA: the targets with v_mfma_f32_4x4x4_16b_f16 (gfx908 and later gfx9).
bool hasMFMA(StringRef Arch) {
  return Arch == "gfx908" || Arch == "gfx90a" || Arch.starts_with("gfx94") ||
         Arch == "gfx950";
}

/// CDNA2 and later: v_mfma_f64_16x16x4_f64 (gfx908 has no f64 MFMA).
bool hasMFMAF64(StringRef Arch) { return hasMFMA(Arch) && Arch != "gfx908"; }

/// RDNA3: v_wmma_f32_16x16x16_f16 on wave32, A and B replicated in both
/// halves of the wavefront (gfx12's WMMA has other layouts).
bool hasWMMA(StringRef Arch) { return Arch.starts_with("gfx11"); }

/// RDNA4: gfx12's WMMA (wave32) splits each A row and B column over lanes
/// l and l+16 instead of replicating it.
bool hasWMMA12(StringRef Arch) { return Arch.starts_with("gfx12"); }

bool hasFamily(MatrixFamily Family, StringRef Arch) {
  switch (Family) {
  case MatrixFamily::MFMA:
    return hasMFMA(Arch);
  case MatrixFamily::MFMAF64:
    return hasMFMAF64(Arch);
  case MatrixFamily::WMMA:
    return hasWMMA(Arch);
  case MatrixFamily::WMMA12:
    return hasWMMA12(Arch);
  }
  return false;
}

/// What MatrixOps.def looks a function up by: a wmma function's attributes,
/// or, for mma.sync (attribute "rubicon-matrix-op", the instruction in the
/// PTX ISA's spelling: mma.sync.aligned.<shape>.<A layout>.<B layout>
/// [.satfinite].<d>.<a>.<b>.<c>), "mma.sync" with its shape and types. An
/// mma.sync with other layouts or modifiers gets no shape, so no row.
struct MatrixOpKey {
  StringRef Op, Shape, Types;
  bool SatFinite = false;
};

MatrixOpKey keyOf(const Function &F) {
  MatrixOpKey Key;
  if (!F.hasFnAttribute("rubicon-matrix-op")) {
    Key.Op = F.getFnAttribute("rubicon-wmma-op").getValueAsString();
    Key.Shape = F.getFnAttribute("rubicon-wmma-shape").getValueAsString();
    Key.Types = F.getFnAttribute("rubicon-wmma-types").getValueAsString();
    Key.SatFinite = F.hasFnAttribute("rubicon-wmma-satfinite");
    return Key;
  }
  StringRef Name = F.getFnAttribute("rubicon-matrix-op").getValueAsString();
  SmallVector<StringRef, 12> Parts;
  Name.split(Parts, '.');
  Key.Op = "mma.sync";
  Key.SatFinite = Parts.size() == 11 && Parts[6] == "satfinite";
  if ((Parts.size() != 10 && !Key.SatFinite) || Parts[2] != "aligned" ||
      Parts[4] != "row" || Parts[5] != "col")
    return Key;
  Key.Shape = Parts[3];
  Key.Types = Name.take_back(Parts[Parts.size() - 4].size() +
                             Parts[Parts.size() - 3].size() +
                             Parts[Parts.size() - 2].size() +
                             Parts.back().size() + 3);
  return Key;
}

const MatrixOpRow *findRow(const Function &F, StringRef Arch) {
  MatrixOpKey Key = keyOf(F);
  if (DisableMatrixCores)
    return nullptr;
  for (const MatrixOpRow &Row : MatrixOps)
    if (Key.Op == Row.Op && Key.Shape == Row.Shape && Key.Types == Row.Types &&
        hasFamily(Row.Family, Arch))
      return &Row;
  return nullptr;
}

/// The lane in the wavefront (0..63 on gfx9).
Value *waveLaneOf(IRBuilderBase &B) {
  Value *Low = B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {},
                                 {B.getInt32(~0u), B.getInt32(0)});
  return B.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {},
                           {B.getInt32(~0u), Low});
}
/// Word of lane Source (0..31) of this lane's logical warp:
/// ds_bpermute_b32, which uses the LDS hardware but no LDS memory.
Value *fromLaneOf(IRBuilderBase &B, Value *Word, Value *Source,
                  Value *WarpBase) {
  Value *Address =
      B.CreateShl(B.CreateOr(WarpBase, B.CreateAnd(Source, 31)), 2);
  return B.CreateIntrinsic(Intrinsic::amdgcn_ds_bpermute, {}, {Address, Word});
}
/// Word moved by DPP control Control (lanes of a quad, or of a row of 16).
Value *dppOf(IRBuilderBase &B, Value *Word, unsigned Control) {
  return B.CreateIntrinsic(Intrinsic::amdgcn_update_dpp, {B.getInt32Ty()},
                           {Word, Word, B.getInt32(Control), B.getInt32(0xf),
                            B.getInt32(0xf), B.getFalse()});
}

/// The PTX mma.sync accumulator's two layouts (docs/matrix-cores.md, "PTX
/// mma.sync on MFMA"). PTX: lane 4g + t holds in register j = 2s + e
/// D[g + 8s][2t + e] (f16: half e of word s). Block: lane l of the logical
/// warp, r = l % 16, h = l / 16, holds in register i D[r][4h + i].
///
/// D to PTX: PTX register j gathers in one word X: at a lane whose row half
/// is s, its register e; at the others, register 2 + e of the lane 8 rows
/// away (DPP row_ror:8); lane 4g + t takes it from lane 16(t/2) +
/// ((g + 8s) ^ 8(t%2)). C to block, the inverse: block register i = 2q + e
/// of lane (r, h) is PTX register 2u + e (u = r >= 8) of lane
/// s = 4(r%8) + 2h + q, whose parity is q. So each lane offers Y: its own
/// register e if its parity is q, else register 2 + e of its quad
/// neighbour l^1 (DPP quad_perm [1,0,3,2]), and lane (r, h) takes Y from
/// lane s ^ u. Four DPP, four selects and four ds_bpermute each way.
Function *fragmentLayoutFunction(Module &M, bool ToBlock, StringRef Kind) {
  std::string Name = (Twine("__rubicon_mma_layout.") +
                      (ToBlock ? "c_to_block." : "d_from_block.") + Kind)
                         .str();
  if (Function *F = M.getFunction(Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *F32 = Type::getFloatTy(Ctx);
  bool Half = Kind == "f16", Int = Kind == "s32";
  Type *Ptx = FixedVectorType::get(I32, Half ? 2 : 4);
  Type *Block = FixedVectorType::get(Int ? I32 : F32, 4);
  auto *Ty = FunctionType::get(ToBlock ? Block : Ptx, {ToBlock ? Ptx : Block},
                               false);
  Function *F =
      Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(FragmentLayoutAttribute, ToBlock ? "c_to_block" : "d_from_block");
  F->addFnAttr(FragmentKindAttribute, Kind);
  // Opaque and movable as a value through -O<n>, which sees a chain as
  // calls to cancel in pairs (rubicon-mma-fragment-layout); convergent:
  // lanes move data.
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::Convergent);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->setDoesNotAccessMemory();
  IRBuilder<> B(BasicBlock::Create(Ctx, "", F));
  Value *In = F->getArg(0);
  Value *Wave = waveLaneOf(B);
  Value *Base = B.CreateAnd(Wave, 32); // the logical warp's first lane
  Value *L = B.CreateAnd(Wave, 31);
  Value *R = B.CreateAnd(L, 15);
  Value *Upper = B.CreateICmpUGE(R, B.getInt32(8));
  Value *Odd = B.CreateICmpNE(B.CreateAnd(L, 1), B.getInt32(0));
  auto Vector = [&](ArrayRef<Value *> Elements) {
    Value *V = PoisonValue::get(
        FixedVectorType::get(Elements[0]->getType(), Elements.size()));
    for (unsigned I = 0; I < Elements.size(); ++I)
      V = B.CreateInsertElement(V, Elements[I], I);
    return V;
  };
  SmallVector<Value *, 4> Out;
  if (ToBlock) {
    SmallVector<Value *, 4> C; // PTX registers as f32 or s32 words
    for (unsigned J = 0; J < 4; ++J) {
      if (!Half) {
        C.push_back(B.CreateExtractElement(In, J));
        continue;
      }
      Value *Word = B.CreateExtractElement(In, J / 2);
      Value *H = B.CreateBitCast(
          B.CreateTrunc(B.CreateLShr(Word, 16 * (J % 2)), B.getInt16Ty()),
          B.getHalfTy());
      C.push_back(B.CreateBitCast(B.CreateFPExt(H, F32), I32));
    }
    Value *Neighbour[2] = {dppOf(B, C[2], 0xb1), dppOf(B, C[3], 0xb1)};
    Value *U = B.CreateZExt(Upper, I32);
    Value *Rows = B.CreateShl(B.CreateAnd(R, 7), 2);
    Value *Group = B.CreateShl(B.CreateLShr(L, 4), 1);
    for (unsigned I = 0; I < 4; ++I) {
      unsigned Q = I / 2, E = I % 2;
      Value *Y = Q ? B.CreateSelect(Odd, C[E], Neighbour[E])
                   : B.CreateSelect(Odd, Neighbour[E], C[E]);
      Value *Source = B.CreateXor(
          B.CreateAdd(B.CreateOr(Rows, Group), B.getInt32(Q)), U);
      Value *Word = fromLaneOf(B, Y, Source, Base);
      Out.push_back(Int ? Word : B.CreateBitCast(Word, F32));
    }
    B.CreateRet(Vector(Out));
    return F;
  }
  SmallVector<Value *, 4> Regs;
  for (unsigned I = 0; I < 4; ++I)
    Regs.push_back(B.CreateBitCast(B.CreateExtractElement(In, I), I32));
  Value *G = B.CreateLShr(L, 2), *TQ = B.CreateAnd(L, 3);
  Value *Far = B.CreateShl(B.CreateAnd(TQ, 1), 3);
  Value *FromGroup = B.CreateShl(B.CreateLShr(TQ, 1), 4);
  for (unsigned J = 0; J < 4; ++J) {
    unsigned S = J / 2, E = J % 2;
    Value *Mine = S ? Upper : B.CreateNot(Upper);
    Value *X = B.CreateSelect(Mine, Regs[E], dppOf(B, Regs[2 + E], 0x128));
    Value *Row = B.CreateXor(B.CreateAdd(G, B.getInt32(8 * S)), Far);
    Out.push_back(fromLaneOf(B, X, B.CreateOr(FromGroup, Row), Base));
  }
  if (!Half) {
    B.CreateRet(Vector(Out));
    return F;
  }
  SmallVector<Value *, 2> Packed;
  for (unsigned W = 0; W < 2; ++W) {
    Value *Halves[2];
    for (unsigned E = 0; E < 2; ++E)
      Halves[E] = B.CreateZExt(
          B.CreateBitCast(
              B.CreateFPTrunc(B.CreateBitCast(Out[2 * W + E], F32),
                              B.getHalfTy()),
              B.getInt16Ty()),
          I32);
    Packed.push_back(B.CreateOr(Halves[0], B.CreateShl(Halves[1], 16)));
  }
  B.CreateRet(Vector(Packed));
  return F;
}

/// The A or B registers of an m16n8 mma.sync (PTX layout) as the block
/// MFMAs' operands (MmaBlockShape; docs/matrix-cores.md, "PTX mma.sync on
/// MFMA"), one function per operand and shape, marked "a_to_block" or
/// "b_to_block" with the shape's kind, which rubicon-mma-fragment-layout
/// replaces by loads where the registers were loaded.
///   B: lane (h, a, i) takes word w of set q, unit (t, p) = unit(a, q, w),
///      from lane 4 (4h + i) + t's register p: one ds_bpermute per word (a
///      transposition of lane bits 0-1 and 2-3, which no DPP or ds_swizzle
///      pattern does).
///   A: per part p, E[p] holds at quad lane t row g's unit (t, p) (t even)
///      or row g + 8's unit (t - 1, p) (t odd); O[p] row g + 8's unit
///      (t + 1, p) (t even) or row g's unit (t, p) (t odd), one DPP each.
///      So row r's unit (t, p) is in E[p] at lane 4 (r % 8) + t + (r >= 8)
///      when t is even, in O[p] at lane 4 (r % 8) + t - (r >= 8) when t is
///      odd: one ds_bpermute per word, whatever half the row is in.
Function *operandLayoutFunction(Module &M, bool IsA, MmaBlockShape S) {
  std::string Name = (Twine("__rubicon_mma_layout.") +
                      (IsA ? "a_to_block." : "b_to_block.") + S.kind())
                         .str();
  if (Function *F = M.getFunction(Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto *Ty = FunctionType::get(
      FixedVectorType::get(I32, IsA ? S.aBlockWords() : S.bBlockWords()),
      {FixedVectorType::get(I32, IsA ? S.aRegisters() : S.bRegisters())},
      false);
  Function *F = Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(FragmentLayoutAttribute, IsA ? "a_to_block" : "b_to_block");
  F->addFnAttr(FragmentKindAttribute, S.kind());
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::Convergent);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->setDoesNotAccessMemory();
  IRBuilder<> B(BasicBlock::Create(Ctx, "", F));
  SmallVector<Value *, 4> Regs;
  for (unsigned I = 0; I < (IsA ? S.aRegisters() : S.bRegisters()); ++I)
    Regs.push_back(B.CreateExtractElement(F->getArg(0), I));
  Value *Wave = waveLaneOf(B);
  Value *Base = B.CreateAnd(Wave, 32);
  Value *L = B.CreateAnd(Wave, 31);
  Value *Out = PoisonValue::get(Ty->getReturnType());
  unsigned Index = 0;
  if (!IsA) {
    Value *Column = B.CreateOr(B.CreateShl(B.CreateLShr(L, 4), 2),
                               B.CreateAnd(L, 3));
    Value *Lender = B.CreateAnd(B.CreateLShr(L, 2), 3);
    for (unsigned Q = 0; Q < S.sets(); ++Q)
      for (unsigned W = 0; W < S.operandWords(); ++W) {
        Value *T = B.CreateAdd(B.CreateMul(Lender, B.getInt32(S.tScale())),
                               B.getInt32(S.tOffset(W)));
        Value *Source = B.CreateAdd(B.CreateShl(Column, 2), T);
        Out = B.CreateInsertElement(
            Out, fromLaneOf(B, Regs[S.part(Q, W)], Source, Base), Index++);
      }
    B.CreateRet(Out);
    return F;
  }
  Value *R = B.CreateAnd(L, 15);
  Value *Upper = B.CreateICmpUGE(R, B.getInt32(8));
  Value *Odd = B.CreateICmpNE(B.CreateAnd(L, 1), B.getInt32(0));
  SmallVector<Value *, 2> E, O;
  for (unsigned P = 0; P < S.Parts; ++P) {
    E.push_back(B.CreateSelect(Odd, dppOf(B, Regs[2 * P + 1], 0xa0), Regs[2 * P]));
    O.push_back(B.CreateSelect(Odd, Regs[2 * P], dppOf(B, Regs[2 * P + 1], 0xf5)));
  }
  Value *RowBase = B.CreateShl(B.CreateAnd(R, 7), 2);
  Value *Step = B.CreateZExt(Upper, I32);
  for (unsigned Q = 0; Q < S.sets(); ++Q)
    for (unsigned Abid = 0; Abid < S.lenders(); ++Abid)
      for (unsigned W = 0; W < S.operandWords(); ++W) {
        auto [T, P] = S.unit(Abid, Q, W);
        Value *Source = B.CreateAdd(RowBase, B.getInt32(T));
        Value *Word = T % 2
                          ? fromLaneOf(B, O[P], B.CreateSub(Source, Step), Base)
                          : fromLaneOf(B, E[P], B.CreateAdd(Source, Step), Base);
        Out = B.CreateInsertElement(Out, Word, Index++);
      }
  B.CreateRet(Out);
  return F;
}

/// How a host wmma product sums one step, k ascending, one rounding per
/// step (MFMABuilder::hostProduct): the type of the elements in the
/// exchange and of the sums.
enum class HostStep {
  F32,  ///< f16 multiplicands: the product is exact in f32, so fmuladd (fused
        ///< or not) is the fma
  Wide, ///< bf16, tf32: the product exact in f64, the sum rounded to f64
        ///< then to f32 (f32's correctly rounded sum: no call of fmaf)
  F64,  ///< f64: fma
  I32,  ///< s8, u8: exact i32 sums from 0 (C is added by each lane)
};

/// `void @__rubicon_host_wmma_tile.mMnNkK.<step>(ptr A, ptr B, ptr D)`: the
/// whole MxNxK product of one warp's exchange buffer, D[m][n] (N
/// contiguous) += sum over k of A[m][k] * B[k][n] (A: K contiguous, B: N
/// contiguous), each element's sum k ascending from the C the lanes wrote
/// into D (I32: from 0). Rows go in groups whose sums fill about eight AVX2
/// registers: for each k, one load of B's row serves the group's rows, and
/// the group's independent sums hide the latency of each one's chain.
Function *hostTileFunction(Module &Mod, unsigned M, unsigned N, unsigned K,
                           HostStep Step) {
  static constexpr const char *StepNames[] = {"f32", "wide", "f64", "i32"};
  std::string Name = ("__rubicon_host_wmma_tile.m" + Twine(M) + "n" + Twine(N) +
                      "k" + Twine(K) + "." + StepNames[unsigned(Step)])
                         .str();
  if (Function *F = Mod.getFunction(Name))
    return F;
  LLVMContext &Ctx = Mod.getContext();
  auto *Ptr = PointerType::getUnqual(Ctx);
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, Ptr}, false);
  Function *F =
      Function::Create(Ty, GlobalValue::InternalLinkage, Name, Mod);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->addFnAttr(Attribute::NoSync);
  for (unsigned I = 0; I < 3; ++I)
    F->addParamAttr(I, Attribute::NoAlias);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", F));
  Value *A = F->getArg(0), *Bm = F->getArg(1), *D = F->getArg(2);
  Type *Element = Step == HostStep::I32   ? B.getInt32Ty()
                  : Step == HostStep::F64 ? B.getDoubleTy()
                                          : B.getFloatTy();
  Type *Sum = Element; // f32 sums for F32 and Wide
  auto *Row = FixedVectorType::get(Sum, N);
  auto *WideRow = FixedVectorType::get(B.getDoubleTy(), N);
  unsigned RowBytes = N * Sum->getPrimitiveSizeInBits() / 8;
  unsigned Group = std::clamp(256u / RowBytes, 1u, M);
  Align ElementAlign(Element->getPrimitiveSizeInBits() / 8);
  for (unsigned M0 = 0; M0 < M; M0 += Group) {
    unsigned Rows = std::min(Group, M - M0);
    SmallVector<Value *, 16> Sums;
    for (unsigned R = 0; R < Rows; ++R)
      Sums.push_back(
          Step == HostStep::I32
              ? static_cast<Value *>(Constant::getNullValue(Row))
              : B.CreateAlignedLoad(
                    Row, B.CreateConstGEP1_64(Sum, D, (M0 + R) * N),
                    ElementAlign));
    for (unsigned KK = 0; KK < K; ++KK) {
      Value *Y = B.CreateAlignedLoad(
          Row, B.CreateConstGEP1_64(Element, Bm, KK * N), ElementAlign);
      Value *WideY = Step == HostStep::Wide ? B.CreateFPExt(Y, WideRow) : Y;
      for (unsigned R = 0; R < Rows; ++R) {
        Value *X = B.CreateLoad(
            Element, B.CreateConstGEP1_64(Element, A, (M0 + R) * K + KK));
        switch (Step) {
        case HostStep::I32:
          Sums[R] = B.CreateAdd(
              Sums[R], B.CreateMul(B.CreateVectorSplat(N, X), Y));
          break;
        case HostStep::F64:
          Sums[R] = B.CreateIntrinsic(Intrinsic::fma, {Row},
                                      {B.CreateVectorSplat(N, X), Y, Sums[R]});
          break;
        case HostStep::F32:
          Sums[R] = B.CreateIntrinsic(Intrinsic::fmuladd, {Row},
                                      {B.CreateVectorSplat(N, X), Y, Sums[R]});
          break;
        case HostStep::Wide:
          Sums[R] = B.CreateFPTrunc(
              B.CreateFAdd(
                  B.CreateFMul(B.CreateVectorSplat(
                                   N, B.CreateFPExt(X, B.getDoubleTy())),
                               WideY),
                  B.CreateFPExt(Sums[R], WideRow)),
              Row);
          break;
        }
      }
    }
    for (unsigned R = 0; R < Rows; ++R)
      B.CreateAlignedStore(Sums[R], B.CreateConstGEP1_64(Sum, D, (M0 + R) * N),
                           ElementAlign);
  }
  B.CreateRetVoid();
  return F;
}

/// Builds the matrix-core code of one call (null: a store), or the host
/// target's product (hostProduct).
class MFMABuilder {
public:
  MFMABuilder(CallInst &Call, const Function &Callee)
      : Call(Call), Callee(Callee), Key(keyOf(Callee)), B(&Call) {}

  /// d = a * b + c on the host target, in the generic layout
  /// (rubicon/WmmaLayout.h), with one meeting of the warp's lanes where the
  /// generic path has a shuffle per register and source lane; independent
  /// products one after the other share one meeting (lowerHostProducts).
  /// hostPublish, where the product was: each lane writes its A and B slots
  /// (widened: f32, f64 or i32) to the product's slot of its warp's buffer in
  /// the block's matrix exchange (HostABI.h) as two dense matrices, A[m][k]
  /// and B[k][n], and its C slots (floats) where its D slots go in a dense
  /// D[m][n], and lowers the slot's done byte (its last). hostFinish, past
  /// the meeting: the first lane there computes the whole tile
  /// (hostTileFunction) and raises the done byte, and each lane reads its D
  /// slots from the tile. The warp's two buffers alternate by a parity byte
  /// per lane (hostBuffer), so a lane that goes on to its next meeting writes
  /// the other buffer while the warp's slower lanes still read this one (a
  /// lane cannot come back to this one before they all meet again). The
  /// sums are the generic path's, k ascending, one rounding per step
  /// (HostStep):
  ///  - f16 multiplicands: products exact in f32 (at most 22 significant
  ///    bits, within f32's normal range), so fmul then fadd is the fma (and
  ///    rubicon-host-expand-half widens f16 without a library call);
  ///  - bf16, tf32: products exact in f64, and f32 + f32 rounded to f64 then
  ///    to f32 is f32's correctly rounded sum (f64 has more than 2 * 24 + 2
  ///    bits), so the step is the fma without a call of fmaf;
  ///  - s8, u8: exact i32 sums, then C as the generic path adds it;
  ///  - f64: fma.
  ///
  /// This warp's buffer of the meeting's parity; the lane flips its parity
  /// byte for the next meeting.
  Value *hostBuffer() {
    Value *L = lane();
    Value *Warp = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_warpid, {});
    FunctionCallee ExchangeFn = Call.getModule()->getOrInsertFunction(
        host::MatrixExchangeFunction, B.getPtrTy());
    Value *Exchange = B.CreateCall(ExchangeFn);
    Value *Thread = B.CreateAdd(B.CreateShl(Warp, 5), L);
    Value *ParityByte = B.CreateGEP(B.getInt8Ty(), Exchange, i64(Thread));
    Value *Parity = B.CreateAnd(B.CreateLoad(B.getInt8Ty(), ParityByte), 1);
    B.CreateStore(B.CreateXor(Parity, 1), ParityByte);
    return B.CreateGEP(
        B.getInt8Ty(), Exchange,
        B.CreateAdd(
            B.getInt64(host::MatrixExchangeParityBytes),
            B.CreateMul(B.CreateAdd(B.CreateShl(i64(Warp), 1),
                                    B.CreateZExt(Parity, B.getInt64Ty())),
                        B.getInt64(host::MatrixExchangeBufferBytes))));
  }

  void hostPublish(Value *Buffer, unsigned Slot) {
    auto [M, N, K] = shape();
    SmallVector<StringRef, 4> T;
    types().split(T, '.');
    StringRef DT = T[0], AT = T[1], BT = T[2], CT = T[3];
    bool Integer = isInteger(), Double = AT == "f64";
    bool Wide = AT == "bf16" || AT == "tf32"; // summed through f64
    Host.Step = Integer  ? HostStep::I32
                : Double ? HostStep::F64
                : Wide   ? HostStep::Wide
                         : HostStep::F32;
    Type *Element = Integer  ? B.getInt32Ty()
                    : Double ? B.getDoubleTy()
                             : B.getFloatTy();
    unsigned ElementBytes = Element->getPrimitiveSizeInBits() / 8;
    auto BitsOf = [](StringRef Kind) -> unsigned {
      return Kind == "f16" || Kind == "bf16" ? 16
             : Kind == "s8" || Kind == "u8"  ? 8
             : Kind == "f64"                 ? 64
                                             : 32;
    };
    using wmma::Matrix;
    wmma::Fragment FA = wmma::fragment(M, N, K, Matrix::A, BitsOf(AT),
                                       AT == "f16"),
                   FB = wmma::fragment(M, N, K, Matrix::B, BitsOf(BT),
                                       BT == "f16"),
                   FC = wmma::fragment(M, N, K, Matrix::C, BitsOf(CT), false);
    Host.FD = wmma::fragment(M, N, K, Matrix::C, BitsOf(DT), false);
    Host.DHalf = DT == "f16";
    assert(((M + N) * K + M * N) * ElementBytes <
               host::MatrixExchangeSlotBytes &&
           "a wmma shape's matrices must fit an exchange slot");

    Value *L = lane();
    Value *A = B.CreateGEP(
        B.getInt8Ty(), Buffer,
        B.getInt64(uint64_t(Slot) * host::MatrixExchangeSlotBytes));
    Value *BMatrix =
        B.CreateGEP(B.getInt8Ty(), A, B.getInt64(M * K * ElementBytes));
    Value *DMatrix =
        B.CreateGEP(B.getInt8Ty(), A, B.getInt64((M + N) * K * ElementBytes));
    Host.AMatrix = A;
    Host.BMatrix = BMatrix;
    Host.DMatrix = DMatrix;
    Host.Done = B.CreateGEP(B.getInt8Ty(), A,
                            B.getInt64(host::MatrixExchangeSlotBytes - 1));
    B.CreateStore(B.getInt8(0), Host.Done);

    // Write the lane's slots: A at [m][k] (k contiguous), B at [k][n] (n
    // contiguous, so that a row of D is one vector per k).
    auto Publish = [&](Value *Words, const wmma::Fragment &F, StringRef Kind,
                       Value *Matrix, bool MinorStride) {
      Value *Major = i64(B.CreateURem(L, B.getInt32(F.Major)));
      Value *FirstMinor = i64(B.CreateMul(
          B.CreateURem(B.CreateUDiv(L, B.getInt32(F.Major)),
                       B.getInt32(F.chunks())),
          B.getInt32(F.Slots)));
      uint64_t Stride = MinorStride ? F.Major : 1;
      Value *First = B.CreateGEP(
          Element, Matrix,
          MinorStride
              ? B.CreateAdd(B.CreateMul(FirstMinor, B.getInt64(F.Major)), Major)
              : B.CreateAdd(B.CreateMul(Major, B.getInt64(K)), FirstMinor));
      Value *Slots = slots(Words, F, Kind, Element);
      if (!MinorStride) {
        B.CreateAlignedStore(Slots, First, Align(ElementBytes));
        return;
      }
      for (unsigned S = 0; S < F.Slots; ++S)
        B.CreateStore(B.CreateExtractElement(Slots, S),
                      B.CreateConstGEP1_64(Element, First, S * Stride));
    };
    Publish(Call.getArgOperand(0), FA, AT, A, false);
    Publish(Call.getArgOperand(1), FB, BT, BMatrix, true);
    // The lane's D slots: row m, columns c0 + j, one vector over j. Floats
    // start their sums from C there.
    Value *FirstColumn = i64(B.CreateMul(B.CreateUDiv(L, B.getInt32(M)),
                                         B.getInt32(Host.FD.Slots)));
    Host.LaneD = B.CreateGEP(
        Element, DMatrix,
        B.CreateAdd(B.CreateMul(i64(B.CreateURem(L, B.getInt32(M))),
                                B.getInt64(N)),
                    FirstColumn));
    Host.Sums = FixedVectorType::get(Element, Host.FD.Slots);
    if (!Integer) {
      Value *C = PoisonValue::get(Host.Sums);
      for (unsigned J = 0; J < Host.FD.Slots; ++J)
        C = B.CreateInsertElement(
            C, slot(Call.getArgOperand(2), FC, J, CT, Element), J);
      B.CreateAlignedStore(C, Host.LaneD, Align(ElementBytes));
    }
  }

  /// Past the warp's meeting, at `Where`: the product's D words.
  Value *hostFinish(Instruction *Where) {
    B.SetInsertPoint(Where);
    auto [M, N, K] = shape();
    // The first lane past the meeting computes the tile.
    Value *First =
        B.CreateICmpEQ(B.CreateLoad(B.getInt8Ty(), Host.Done), B.getInt8(0));
    Instruction *Then = SplitBlockAndInsertIfThen(First, Where, false);
    B.SetInsertPoint(Then);
    B.CreateCall(hostTileFunction(*Call.getModule(), M, N, K, Host.Step),
                 {Host.AMatrix, Host.BMatrix, Host.DMatrix});
    B.CreateStore(B.getInt8(1), Host.Done);
    B.SetInsertPoint(Where);

    Align ElementAlign(Host.Sums->getScalarSizeInBits() / 8);
    Value *Sum = B.CreateAlignedLoad(Host.Sums, Host.LaneD, ElementAlign);
    SmallVector<Value *, 8> Sums;
    for (unsigned J = 0; J < Host.FD.Slots; ++J)
      Sums.push_back(B.CreateExtractElement(Sum, J));
    if (Host.Step == HostStep::I32)
      return addIntegerC(Sums);
    return hostResult(Sums, Host.FD, Host.DHalf,
                      Callee.hasFnAttribute("rubicon-wmma-satfinite"));
  }

  /// The product's pieces between hostPublish and hostFinish.
  struct HostParts {
    HostStep Step = HostStep::F32;
    wmma::Fragment FD;
    bool DHalf = false;
    Value *AMatrix = nullptr, *BMatrix = nullptr, *DMatrix = nullptr,
          *Done = nullptr, *LaneD = nullptr;
    FixedVectorType *Sums = nullptr;
  } Host;

  Value *build(const MatrixOpRow &Row) {
    StringRef Op = Row.Op;
    if (Row.Family == MatrixFamily::MFMAF64)
      return f64Products(/*Ptx=*/Op == "mma.sync");
    if (Op == "mma.sync")
      return mmaSync();
    StringRef WmmaShape =
        Callee.getFnAttribute("rubicon-wmma-shape").getValueAsString();
    if (Op == "mma" && WmmaShape == "m32n8k16" &&
        Row.Family != MatrixFamily::MFMA)
      return wmmaM32N8K16(Row.Family);
    if (Row.Family == MatrixFamily::WMMA12)
      return wmma12();
    if (Row.Family == MatrixFamily::WMMA) {
      if (Op == "mma" && !multiplicandsAre("f16"))
        return wmmaWholeRows();
      if (Op == "mma")
        return wmma16x16x16();
      return accumulator16x16x16(Op == "store.d");
    }
    StringRef Shape =
        Callee.getFnAttribute("rubicon-wmma-shape").getValueAsString();
    if (Op == "mma" && (Shape == "m16n16k8" ||
                        (Shape == "m16n16k16" && !multiplicandsAre("f16"))))
      return mfmaHalfLines();
    if (Op == "mma")
      return mma(Shape);
    return mfmaAccess(Op, Shape);
  }

private:
  CallInst &Call;
  const Function &Callee;
  MatrixOpKey Key;
  IRBuilder<> B;

  StringRef types() { return Key.Types; }
  /// The mma's A type (d.a.b.c): "f16", "bf16", "s8", "u8".
  bool multiplicandsAre(StringRef T) {
    SmallVector<StringRef, 4> Parts;
    types().split(Parts, '.');
    return Parts.size() == 4 && Parts[1] == T;
  }

  Value *lane() {
    // The lane within the logical warp (0..31): the NVVM intrinsic, which
    // the NVVM lowering turns into the wavefront's lane for the warp mode.
    return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  }
  Value *bits(Value *V, unsigned Shift, unsigned Width) {
    return B.CreateAnd(B.CreateLShr(V, Shift), (1u << Width) - 1);
  }

  Value *i64(Value *V) { return B.CreateZExt(V, B.getInt64Ty()); }

  /// Loads (Store false: returns the words) or stores (returns null) one
  /// fragment of Slots elements of Bits bits per lane, slot s holding the
  /// matrix element Element(s) = (row, column); slots fill the words low
  /// first, and a load's words past the slots repeat them.
  Value *access(bool Store, unsigned Slots, unsigned Bits,
                function_ref<std::pair<Value *, Value *>(unsigned)> Element) {
    Value *Base = Call.getArgOperand(0);
    Value *Stride = i64(Call.getArgOperand(Store ? 2 : 1));
    bool Row = Callee.getFnAttribute("rubicon-wmma-layout").getValueAsString() ==
               "row";
    unsigned PerWord = 32 / Bits;
    Type *ElementTy = B.getIntNTy(Bits);
    Value *Data = Store ? Call.getArgOperand(1) : nullptr;
    SmallVector<Value *, 8> Packed;
    for (unsigned W = 0; W < Slots / PerWord; ++W) {
      Value *Word = Store ? B.CreateExtractElement(Data, W) : nullptr;
      Value *Loaded = nullptr;
      for (unsigned E = 0; E < PerWord; ++E) {
        auto [R, C] = Element(W * PerWord + E);
        // .row: (r, c) at r*stride + c; .col: at c*stride + r.
        Value *Index = Row ? B.CreateAdd(B.CreateMul(R, Stride), C)
                           : B.CreateAdd(B.CreateMul(C, Stride), R);
        Value *Pointer = B.CreateGEP(ElementTy, Base, Index);
        if (Store) {
          B.CreateAlignedStore(
              B.CreateTrunc(B.CreateLShr(Word, Bits * E), ElementTy), Pointer,
              Align(Bits / 8));
          continue;
        }
        Value *V = B.CreateZExt(
            B.CreateAlignedLoad(ElementTy, Pointer, Align(Bits / 8)),
            B.getInt32Ty());
        Loaded = E ? B.CreateOr(Loaded, B.CreateShl(V, Bits * E)) : V;
      }
      Packed.push_back(Loaded);
    }
    if (Store)
      return nullptr;
    auto *Words = cast<FixedVectorType>(Callee.getReturnType());
    Value *Result = PoisonValue::get(Words);
    for (unsigned W = 0; W < Words->getNumElements(); ++W)
      Result = B.CreateInsertElement(Result, Packed[W % Packed.size()], W);
    return Result;
  }

  /// The call's shape (m, n, k), from "m16n16k16".
  std::tuple<unsigned, unsigned, unsigned> shape() {
    StringRef S = Callee.getFnAttribute("rubicon-wmma-shape").getValueAsString();
    unsigned Dims[3] = {0, 0, 0};
    for (unsigned I = 0; I < 3; ++I) {
      S = S.drop_front(); // 'm', 'n', 'k'
      size_t Digits = S.find_first_not_of("0123456789");
      S.substr(0, Digits).getAsInteger(10, Dims[I]);
      S = S.substr(std::min(Digits, S.size()));
    }
    return {Dims[0], Dims[1], Dims[2]};
  }

  /// Every slot of a fragment of type `Kind` (its registers: `Words`), in
  /// order, as a vector of `To`: the registers reinterpreted as a vector of
  /// the elements (slots fill them low first) and widened all at once.
  Value *slots(Value *Words, const wmma::Fragment &F, StringRef Kind,
               Type *To) {
    auto Vector = [&](Type *Element) {
      return FixedVectorType::get(Element, F.Slots);
    };
    auto *ToVector = Vector(To);
    if (Kind == "s8" || Kind == "u8") {
      Value *Bytes = B.CreateBitCast(Words, Vector(B.getInt8Ty()));
      return Kind == "s8" ? B.CreateSExt(Bytes, ToVector)
                          : B.CreateZExt(Bytes, ToVector);
    }
    if (Kind == "f64")
      return B.CreateBitCast(Words, ToVector);
    Value *V;
    if (Kind == "f16") // widened inline by rubicon-host-expand-half
      V = B.CreateFPExt(B.CreateBitCast(Words, Vector(B.getHalfTy())),
                        Vector(B.getFloatTy()));
    else if (Kind == "bf16")
      V = B.CreateBitCast(
          B.CreateShl(B.CreateZExt(B.CreateBitCast(Words, Vector(B.getInt16Ty())),
                                   Vector(B.getInt32Ty())),
                      16),
          Vector(B.getFloatTy()));
    else if (Kind == "tf32") // the upper 19 bits of an f32
      V = B.CreateBitCast(B.CreateAnd(Words, 0xffffe000u),
                          Vector(B.getFloatTy()));
    else
      V = B.CreateBitCast(Words, Vector(B.getFloatTy()));
    return To->isDoubleTy() ? B.CreateFPExt(V, ToVector) : V;
  }

  /// Slot S of a fragment of type `Kind` (its registers: `Words`), as `To`.
  Value *slot(Value *Words, const wmma::Fragment &F, unsigned S,
              StringRef Kind, Type *To) {
    Value *Word = B.CreateExtractElement(Words, S / F.perRegister());
    unsigned Shift = F.ElementBits * (S % F.perRegister());
    Value *Bits = Shift ? B.CreateLShr(Word, Shift) : Word;
    Value *V;
    if (Kind == "s8" || Kind == "u8") {
      Value *Byte = B.CreateTrunc(Bits, B.getInt8Ty());
      return Kind == "s8" ? B.CreateSExt(Byte, To) : B.CreateZExt(Byte, To);
    }
    if (Kind == "s32")
      return Bits;
    if (Kind == "f64")
      return B.CreateBitCast(Bits, To);
    if (Kind == "f16") // widened inline by rubicon-host-expand-half
      V = B.CreateFPExt(
          B.CreateBitCast(B.CreateTrunc(Bits, B.getInt16Ty()), B.getHalfTy()),
          B.getFloatTy());
    else if (Kind == "bf16")
      V = B.CreateBitCast(
          B.CreateShl(B.CreateZExt(B.CreateTrunc(Bits, B.getInt16Ty()),
                                   B.getInt32Ty()),
                      16),
          B.getFloatTy());
    else if (Kind == "tf32") // the upper 19 bits of an f32
      V = B.CreateBitCast(B.CreateAnd(Bits, 0xffffe000u), B.getFloatTy());
    else
      V = B.CreateBitCast(Bits, B.getFloatTy());
    return To->isDoubleTy() ? B.CreateFPExt(V, To) : V;
  }

  /// The D words of the host product's sums (f32 or f64; f16 rounded once),
  /// .satfinite applied.
  Value *hostResult(ArrayRef<Value *> Sums, const wmma::Fragment &FD,
                    bool DHalf, bool SatFinite) {
    auto *Words = cast<FixedVectorType>(Callee.getReturnType());
    Value *Result = Constant::getNullValue(Words);
    for (unsigned Slot = 0; Slot < Sums.size(); ++Slot) {
      Value *E = Sums[Slot];
      unsigned Register = Slot / FD.perRegister();
      if (E->getType()->isDoubleTy()) {
        Result = B.CreateInsertElement(
            Result, B.CreateBitCast(E, Words->getElementType()), Register);
        continue;
      }
      if (!DHalf) {
        Result = B.CreateInsertElement(
            Result,
            B.CreateBitCast(SatFinite ? saturateFinite(E) : E, B.getInt32Ty()),
            Register);
        continue;
      }
      Value *H = B.CreateBitCast(B.CreateFPTrunc(E, B.getHalfTy()),
                                 B.getInt16Ty());
      if (SatFinite)
        H = saturateFiniteHalf(H);
      H = B.CreateShl(B.CreateZExt(H, B.getInt32Ty()), 16 * (Slot % 2));
      Result = B.CreateInsertElement(
          Result, B.CreateOr(B.CreateExtractElement(Result, Register), H),
          Register);
    }
    return Result;
  }

  unsigned accumulatorBits() {
    StringRef T = Callee.getFnAttribute("rubicon-wmma-types").getValueAsString();
    return T == "f16" ? 16 : 32;
  }

  /// The MFMA layouts that differ from the generic ones (docs/matrix-cores.md;
  /// l: the lane in the logical warp, s: the slot).
  Value *mfmaAccess(StringRef Op, StringRef Shape) {
    Value *L = lane();
    if (Shape == "m16n16k8" || (Shape == "m16n16k16" && types() != "f16")) {
      // bf16, s8, u8, tf32 B (half lines): column
      // 8(l/16) + 4((l/8)%2) + l%4, as for f16, and
      // k = Slots((l/16) ^ ((l/4)%2)) + s (Slots: 8, tf32 4): block a of
      // half g holds the k half g ^ (a%2), which its group multiplies by
      // the lanes' own A half (a even) or the other half's (a odd).
      bool TF32 = types() == "tf32";
      unsigned Slots = TF32 ? 4 : 8;
      Value *N = i64(B.CreateOr(B.CreateOr(B.CreateShl(bits(L, 4, 1), 3),
                                           B.CreateShl(bits(L, 3, 1), 2)),
                                bits(L, 0, 2)));
      Value *K0 = i64(B.CreateMul(B.CreateXor(bits(L, 4, 1), bits(L, 2, 1)),
                                  B.getInt32(Slots)));
      return access(false, Slots,
                    TF32                   ? 32
                    : types() == "bf16" ? 16
                                        : 8,
                    [&](unsigned S) {
                      return std::pair{B.CreateAdd(K0, B.getInt64(S)), N};
                    });
    }
    if (Shape == "m16n16k16") {
      // B: column 8(l/16) + 4((l/8)%2) + l%4, k = 8((l/4)%2) + s.
      Value *N = i64(B.CreateOr(B.CreateOr(B.CreateShl(bits(L, 4, 1), 3),
                                           B.CreateShl(bits(L, 3, 1), 2)),
                                bits(L, 0, 2)));
      Value *K0 = i64(B.CreateShl(bits(L, 2, 1), 3));
      return access(false, 8, 16, [&](unsigned S) {
        return std::pair{B.CreateAdd(K0, B.getInt64(S)), N};
      });
    }
    // m32n8k16 B (column of B) and m8n32k16 A (row of A): index
    // 4(l/16) + l%4, k = 4((l/4)%4) + s.
    Value *Major = i64(B.CreateOr(B.CreateShl(bits(L, 4, 1), 2), bits(L, 0, 2)));
    Value *K0 = i64(B.CreateShl(bits(L, 2, 2), 2));
    unsigned Bits = types().ends_with("8") ? 8 : 16;
    if (Op == "load.b")
      return access(false, 4, Bits, [&](unsigned S) {
        return std::pair{B.CreateAdd(K0, B.getInt64(S)), Major};
      });
    if (Op == "load.a")
      return access(false, 4, Bits, [&](unsigned S) {
        return std::pair{Major, B.CreateAdd(K0, B.getInt64(S))};
      });
    // m8n32k16 C and D: row s, column l.
    Value *Column = i64(L);
    return access(Op == "store.d", 8, accumulatorBits(), [&](unsigned S) {
      return std::pair{static_cast<Value *>(B.getInt64(S)), Column};
    });
  }

  /// C/D (16 x 16, f32 or f16) for RDNA3's WMMA: lane l holds row l%16,
  /// columns 2s + l/16 (f16: two slots per word, low first).
  Value *accumulator16x16x16(bool Store) {
    Value *L = lane();
    Value *R = i64(bits(L, 0, 4));
    Value *Odd = i64(bits(L, 4, 1));
    return access(Store, 8, accumulatorBits(), [&](unsigned S) {
      return std::pair{R, B.CreateAdd(B.getInt64(2 * S), Odd)};
    });
  }

  /// d = a * b + c, m16n16k16, f16 multiplicands, on RDNA3: one
  /// v_wmma_f32_16x16x16_f16 with the operands swapped (its A operand is our
  /// B fragment, column l%16 of B; its B operand our A, row l%16 of A), so
  /// its result, lane j + 16*(i%2) register i/2 holding D^T[i][j], is the
  /// layout of accumulator16x16x16.
  Value *wmma16x16x16() {
    StringRef Types = Callee.getFnAttribute("rubicon-wmma-types")
                          .getValueAsString();
    bool DHalf = Types.starts_with("f16."), CHalf = Types.ends_with(".f16");
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    auto *Halves = FixedVectorType::get(B.getHalfTy(), 16);
    auto *Acc = FixedVectorType::get(B.getFloatTy(), 8);
    Value *A = B.CreateBitCast(Call.getArgOperand(0), Halves);
    Value *Bm = B.CreateBitCast(Call.getArgOperand(1), Halves);
    Value *C = Call.getArgOperand(2);
    Value *Sum = CHalf ? B.CreateFPExt(B.CreateBitCast(C, FixedVectorType::get(
                                                           B.getHalfTy(), 8)),
                                       Acc)
                       : B.CreateBitCast(C, Acc);
    Sum = B.CreateIntrinsic(Intrinsic::amdgcn_wmma_f32_16x16x16_f16,
                            {Acc, Halves}, {Bm, A, Sum});
    return finish({Sum}, DHalf, SatFinite);
  }

  /// The D words of accumulators holding slots 0..7 in order: f32 bits, or
  /// f16 rounded once and packed in pairs; .satfinite applied.
  Value *finish(ArrayRef<Value *> Sums, bool DHalf, bool SatFinite) {
    auto *Words = cast<FixedVectorType>(Callee.getReturnType());
    unsigned PerSum =
        cast<FixedVectorType>(Sums[0]->getType())->getNumElements();
    Value *Result = PoisonValue::get(Words);
    for (unsigned Slot = 0; Slot < 8; ++Slot) {
      Value *E = B.CreateExtractElement(Sums[Slot / PerSum], Slot % PerSum);
      if (!DHalf) {
        if (SatFinite)
          E = saturateFinite(E);
        Result = B.CreateInsertElement(
            Result, B.CreateBitCast(E, B.getInt32Ty()), Slot);
        continue;
      }
      Value *H = B.CreateBitCast(B.CreateFPTrunc(E, B.getHalfTy()),
                                 B.getInt16Ty());
      if (SatFinite)
        H = saturateFiniteHalf(H);
      H = B.CreateZExt(H, B.getInt32Ty());
      if (Slot % 2 == 0) {
        Result = B.CreateInsertElement(Result, H, Slot / 2);
        continue;
      }
      Value *Low = B.CreateExtractElement(Result, Slot / 2);
      Result = B.CreateInsertElement(
          Result, B.CreateOr(Low, B.CreateShl(H, 16)), Slot / 2);
    }
    return Result;
  }

  /// Words I, I+1 of a word vector as <4 x half>.
  Value *halves4(Value *Words, unsigned I) {
    Value *Pair = B.CreateShuffleVector(Words, {int(I), int(I + 1)});
    return B.CreateBitCast(Pair, FixedVectorType::get(B.getHalfTy(), 4));
  }

  /// d = a * b + c, f16 multiplicands, f16 or f32 c and d, on
  /// v_mfma_f32_4x4x4_16b_f16 eight times (docs/matrix-cores.md): block a of
  /// each group of 2^CBSZ blocks lends a piece of the shared operand (B; A
  /// for m8n32k16) to its group (ABID=a), every block multiplies it by its
  /// own chunk K of the other operand, into accumulator J.
  ///   m16n16k16: CBSZ=2, pieces 2a+p (words 2p, 2p+1): J = a/2,
  ///              K = 2(a%2) + p;
  ///   m32n8k16, m8n32k16: CBSZ=3, piece a (words 0, 1): J = a/4, K = a%4.
  Value *mma(StringRef Shape) {
    bool DHalf = types().starts_with("f16."), CHalf = types().ends_with(".f16");
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    bool Integer = isInteger();
    bool SharedA = Shape == "m8n32k16", Square = Shape == "m16n16k16";
    Value *Shared = Call.getArgOperand(SharedA ? 0 : 1),
          *Private = Call.getArgOperand(SharedA ? 1 : 0),
          *C = Call.getArgOperand(2);
    Type *F32 = B.getFloatTy();
    auto *Acc = FixedVectorType::get(mfmaElement(), 4);
    // Accumulator j: slots 4j..4j+3 (integer C is added at the end).
    Value *Sum[2];
    for (unsigned J = 0; J < 2; ++J) {
      Value *V = Constant::getNullValue(Acc);
      for (unsigned I = 0; I < 4 && !Integer; ++I) {
        unsigned Slot = 4 * J + I;
        Value *E;
        if (CHalf) {
          Value *Word = B.CreateExtractElement(C, Slot / 2);
          Value *Half = B.CreateTrunc(B.CreateLShr(Word, 16 * (Slot % 2)),
                                      B.getInt16Ty());
          E = B.CreateFPExt(B.CreateBitCast(Half, B.getHalfTy()), F32);
        } else {
          E = B.CreateBitCast(B.CreateExtractElement(C, Slot), F32);
        }
        V = B.CreateInsertElement(V, E, I);
      }
      Sum[J] = V;
    }
    for (unsigned Piece = 0; Piece < 8; ++Piece) {
      unsigned Abid = Square ? Piece / 2 : Piece;
      unsigned SharedChunk = Square ? Piece % 2 : 0;
      unsigned J = Square ? Abid / 2 : Abid / 4;
      unsigned K = Square ? 2 * (Abid % 2) + Piece % 2 : Abid % 4;
      Sum[J] = B.CreateIntrinsic(
          blockMfma(), {},
          {chunk(Shared, SharedChunk), chunk(Private, K), Sum[J],
           B.getInt32(Square ? 2 : 3), B.getInt32(Abid), B.getInt32(0)});
    }
    if (!Integer)
      return finish({Sum[0], Sum[1]}, DHalf, SatFinite);
    SmallVector<Value *, 8> D;
    for (unsigned Slot = 0; Slot < 8; ++Slot)
      D.push_back(integerSum(B.CreateExtractElement(Sum[Slot / 4], Slot % 4)));
    return addIntegerC(D);
  }

  /// The multiplicands are s8 or u8 (s32 C and D).
  bool isInteger() { return multiplicandsAre("s8") || multiplicandsAre("u8"); }

  /// The 4x4x4 block MFMA of the multiplicand type: f16, bf16, s8 have their
  /// own; u8 goes through f16 (exact: the bytes are integers below 2^8 and
  /// every partial sum one below 2^24), CDNA's integer MFMA being signed.
  Intrinsic::ID blockMfma() {
    return multiplicandsAre("bf16") ? Intrinsic::amdgcn_mfma_f32_4x4x4bf16_1k
           : multiplicandsAre("s8")   ? Intrinsic::amdgcn_mfma_i32_4x4x4i8
           : multiplicandsAre("tf32") ? Intrinsic::amdgcn_mfma_f32_4x4x1f32
                                    : Intrinsic::amdgcn_mfma_f32_4x4x4f16;
  }
  Type *mfmaElement() {
    return multiplicandsAre("s8") ? B.getInt32Ty() : B.getFloatTy();
  }
  /// An MFMA accumulator element as the s32 it stands for (u8: through f32).
  Value *integerSum(Value *E) {
    return E->getType()->isFloatTy() ? B.CreateFPToSI(E, B.getInt32Ty()) : E;
  }

  /// Chunk K (four consecutive k) of a multiplicand fragment as the block
  /// MFMA's operand: 16-bit elements, words 2K and 2K+1; bytes, word K.
  Value *chunk(Value *Words, unsigned K) {
    if (multiplicandsAre("f16"))
      return halves4(Words, 2 * K);
    if (multiplicandsAre("tf32")) // a chunk of one k (v_mfma_*_4x4x1_*)
      return B.CreateBitCast(B.CreateExtractElement(Words, K), B.getFloatTy());
    if (multiplicandsAre("bf16"))
      return B.CreateBitCast(
          B.CreateShuffleVector(Words, {int(2 * K), int(2 * K + 1)}),
          FixedVectorType::get(B.getInt16Ty(), 4));
    Value *Word = B.CreateExtractElement(Words, K);
    if (multiplicandsAre("s8"))
      return Word;
    return bytesToHalves(Word, /*Signed=*/false);
  }

  /// The four bytes of Word (byte k = element k), u8 or s8, as four f16,
  /// exactly: the f16 with bits 0x6400 | byte is 1024 + byte. One
  /// v_perm_b32 per two halves (bytes 0, 1 or 2, 3 of the word, each under a
  /// byte 0x64), then one packed subtraction; s8 bytes are first biased to
  /// byte + 128 (one xor of the sign bits) and 1152 is subtracted instead.
  Value *bytesToHalves(Value *Word, bool Signed) {
    if (Signed)
      Word = B.CreateXor(Word, 0x80808080u);
    auto *Halves = FixedVectorType::get(B.getHalfTy(), 2);
    SmallVector<Value *, 2> Pairs;
    for (unsigned Pair = 0; Pair < 2; ++Pair) {
      Value *Biased = B.CreateIntrinsic(
          Intrinsic::amdgcn_perm, {},
          {Word, B.getInt32(0x64646464),
           B.getInt32(Pair ? 0x00070006 : 0x00050004)});
      Pairs.push_back(
          B.CreateFSub(B.CreateBitCast(Biased, Halves),
                       ConstantFP::get(Halves, Signed ? 1152.0 : 1024.0)));
    }
    return B.CreateShuffleVector(Pairs[0], Pairs[1], {0, 1, 2, 3});
  }

  /// Word of every lane of the logical warp from lane l ^ 16 (the other
  /// half of the warp), with no LDS traffic: gfx9, ds_swizzle_b32 in bitmask
  /// mode (32-lane groups: and 0x1f, xor 0x10: SWAP,16); gfx11,
  /// v_permlanex16_b32 (lane i of each row of 16 from lane i of the other).
  /// Emitted directly rather than as a shuffle call, so that no call is left
  /// when LLVM's AMDGPU attributor decides whether the kernel needs AGPRs.
  Value *fromOtherHalf(Value *Word, MatrixFamily Family) {
    if (Family == MatrixFamily::MFMA)
      return B.CreateIntrinsic(Intrinsic::amdgcn_ds_swizzle, {},
                               {Word, B.getInt32(0x1f | 0x10 << 10)});
    return B.CreateIntrinsic(Intrinsic::amdgcn_permlanex16, {B.getInt32Ty()},
                             {Word, Word, B.getInt32(0x76543210),
                              B.getInt32(int(0xfedcba98)), B.getFalse(),
                              B.getFalse()});
  }

  /// The words of a fragment as a list.
  SmallVector<Value *, 8> words(Value *V) {
    SmallVector<Value *, 8> W;
    for (unsigned I = 0,
                  E = cast<FixedVectorType>(V->getType())->getNumElements();
         I < E; ++I)
      W.push_back(B.CreateExtractElement(V, I));
    return W;
  }

  Value *vector(ArrayRef<Value *> Elements) {
    Value *V = PoisonValue::get(
        FixedVectorType::get(Elements[0]->getType(), Elements.size()));
    for (unsigned I = 0; I < Elements.size(); ++I)
      V = B.CreateInsertElement(V, Elements[I], I);
    return V;
  }

  /// Integer D words (s32): the product sum (exact, it cannot overflow) plus
  /// C, wrapped, or clamped to the int range with .satfinite.
  Value *addIntegerC(ArrayRef<Value *> Sums) {
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    Value *C = Call.getArgOperand(2);
    SmallVector<Value *, 8> D;
    for (unsigned Slot = 0; Slot < Sums.size(); ++Slot) {
      Value *CSlot = B.CreateExtractElement(C, Slot);
      D.push_back(SatFinite ? B.CreateBinaryIntrinsic(Intrinsic::sadd_sat,
                                                      Sums[Slot], CSlot)
                            : B.CreateAdd(Sums[Slot], CSlot));
    }
    return vector(D);
  }

  /// d = a * b + c, m16n16k16 with bf16, s8 or u8 multiplicands, on MFMA
  /// (docs/matrix-cores.md, "Half lines"). Their fragments hold half a line
  /// each: lane l has A row l%16 (the generic layout) at k = 8g + s,
  /// g = l/16, and takes the other half (k = 8(1-g) + s) from lane l^16.
  /// Then as for f16: each half of the warp (a group of four blocks,
  /// CBSZ=2) computes columns 8g..8g+7 over the whole k; for ABID a and
  /// chunk p, block a lends its B chunk p (columns 8g + 4(a/2) + 0..3,
  /// k = 8(g ^ (a%2)) + 4p + 0..3, mfmaAccess), every block multiplies it
  /// by chunk p of its own A half (a even) or of the other half (a odd),
  /// into accumulator a/2: lane l, register i holds D[l%16][8g + 4(a/2) + i],
  /// the generic C/D layout. No partial sums cross lanes.
  /// m16n16k8 tf32 is the same with four k per lane (k = 4g + s) and chunks
  /// of one k (v_mfma_f32_4x4x1_16b_f32): sixteen MFMAs.
  Value *mfmaHalfLines() {
    bool Integer = isInteger();
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    Value *A = Call.getArgOperand(0), *Bm = Call.getArgOperand(1),
          *C = Call.getArgOperand(2);
    // tf32 is the upper 19 bits of each f32 (the generic path and the PTX
    // ISA ignore the other 13), but the f32 MFMA multiplies all 32: clear
    // them first, A before its swizzles so the other half arrives cleared.
    if (multiplicandsAre("tf32")) {
      A = B.CreateAnd(A, 0xffffe000u);
      Bm = B.CreateAnd(Bm, 0xffffe000u);
    }
    SmallVector<Value *, 4> Other;
    for (Value *W : words(A))
      Other.push_back(fromOtherHalf(W, MatrixFamily::MFMA));
    Value *AOther = vector(Other);
    Type *Element = mfmaElement();
    auto *Acc = FixedVectorType::get(Element, 4);
    // C is where the accumulators start, except where it must be added at
    // the end: u8 (its f32 accumulators hold only the product) and
    // integer .satfinite (clamped once, at the end). The s32 MFMA wraps
    // modulo 2^32, as the sum of C and the products does.
    bool CLast = Integer && (SatFinite || multiplicandsAre("u8"));
    Value *Sum[2];
    for (unsigned J = 0; J < 2; ++J) {
      int First = 4 * J;
      Sum[J] = CLast ? Constant::getNullValue(Acc)
                     : B.CreateBitCast(
                           B.CreateShuffleVector(
                               C, {First, First + 1, First + 2, First + 3}),
                           Acc);
    }
    // Chunk by chunk, the lanes' own half first: the other half's words
    // come from the swizzles, which have the own half's products to wait
    // behind.
    for (unsigned P = 0, E = multiplicandsAre("tf32") ? 4 : 2; P < E; ++P)
      for (unsigned Half = 0; Half < 2; ++Half)
        for (unsigned J = 0; J < 2; ++J)
          Sum[J] = B.CreateIntrinsic(
              blockMfma(), {},
              {chunk(Bm, P), chunk(Half ? AOther : A, P), Sum[J],
               B.getInt32(2), B.getInt32(2 * J + Half), B.getInt32(0)});
    if (!Integer)
      return finish({Sum[0], Sum[1]}, false, SatFinite);
    SmallVector<Value *, 8> D;
    for (unsigned Slot = 0; Slot < 8; ++Slot)
      D.push_back(integerSum(B.CreateExtractElement(Sum[Slot / 4], Slot % 4)));
    return CLast ? addIntegerC(D) : vector(D);
  }

  /// d = a * b + c, m16n16k16 with bf16, s8 or u8 multiplicands, on RDNA3:
  /// their fragments hold half a line (lane l: A row l%16, B column l%16,
  /// k = 8(l/16) + s), so each lane first takes the other half of its lines
  /// from lane l^16; then, as for f16, one v_wmma_*_16x16x16_{bf16,iu8} with
  /// the operands swapped gives the WMMA C/D layout. Integer C is added
  /// after the product (wrapped or clamped as .satfinite says).
  Value *wmmaWholeRows() {
    bool BF16 = multiplicandsAre("bf16");
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    Value *Upper = B.CreateICmpNE(bits(lane(), 4, 1), B.getInt32(0));
    auto Whole = [&](Value *Fragment) {
      SmallVector<Value *, 8> Mine = words(Fragment), Low, High;
      for (Value *W : Mine) {
        Value *Other = fromOtherHalf(W, MatrixFamily::WMMA);
        Low.push_back(B.CreateSelect(Upper, Other, W));
        High.push_back(B.CreateSelect(Upper, W, Other));
      }
      Low.append(High.begin(), High.end());
      return vector(Low);
    };
    Value *A = Whole(Call.getArgOperand(0)),
          *Bm = Whole(Call.getArgOperand(1)), *C = Call.getArgOperand(2);
    if (BF16) {
      auto *Acc = FixedVectorType::get(B.getFloatTy(), 8);
      auto *Shorts = FixedVectorType::get(B.getInt16Ty(), 16);
      Value *Sum = B.CreateIntrinsic(
          Intrinsic::amdgcn_wmma_f32_16x16x16_bf16, {Acc, Shorts},
          {B.CreateBitCast(Bm, Shorts), B.CreateBitCast(A, Shorts),
           B.CreateBitCast(C, Acc)});
      return finish({Sum}, false, SatFinite);
    }
    Value *Signed = B.getInt1(multiplicandsAre("s8"));
    auto *Acc = FixedVectorType::get(B.getInt32Ty(), 8);
    Value *Sum = B.CreateIntrinsic(
        Intrinsic::amdgcn_wmma_i32_16x16x16_iu8, {Acc, A->getType()},
        {Signed, Bm, Signed, A, Constant::getNullValue(Acc), B.getFalse()});
    return addIntegerC(words(Sum));
  }

  /// d = a * b + c, m16n16k16 on RDNA4 (gfx12): its WMMA wants lane l to
  /// hold A row l%16 and B column l%16 for k = 8(l/16) + s, and gives D
  /// column l%16, rows 8(l/16) + s. With the operands swapped (its A is our
  /// B) its result is D row l%16, columns 8(l/16) + s: the generic C/D
  /// layout, and bf16, s8 and u8 fragments already hold exactly its
  /// operands. f16 fragments hold whole lines (sixteen slots): each lane
  /// keeps its half. No lane moves; f16 C and D go through f32, integer C is
  /// added after the product.
  Value *wmma12() {
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    Value *Upper = B.CreateICmpNE(bits(lane(), 4, 1), B.getInt32(0));
    auto Half = [&](Value *Fragment) -> Value * {
      if (!multiplicandsAre("f16"))
        return Fragment;
      SmallVector<Value *, 8> W = words(Fragment), Mine;
      for (unsigned I = 0; I < 4; ++I)
        Mine.push_back(B.CreateSelect(Upper, W[4 + I], W[I]));
      return vector(Mine);
    };
    Value *A = Half(Call.getArgOperand(0)), *Bm = Half(Call.getArgOperand(1));
    Value *C = Call.getArgOperand(2);
    if (isInteger()) {
      Value *Signed = B.getInt1(multiplicandsAre("s8"));
      auto *Acc = FixedVectorType::get(B.getInt32Ty(), 8);
      Value *Sum = B.CreateIntrinsic(
          Intrinsic::amdgcn_wmma_i32_16x16x16_iu8, {Acc, A->getType()},
          {Signed, Bm, Signed, A, Constant::getNullValue(Acc), B.getFalse()});
      return addIntegerC(words(Sum));
    }
    bool DHalf = types().starts_with("f16."), CHalf = types().ends_with(".f16");
    auto *Acc = FixedVectorType::get(B.getFloatTy(), 8);
    Value *Sum =
        CHalf ? B.CreateFPExt(B.CreateBitCast(C, FixedVectorType::get(
                                                     B.getHalfTy(), 8)),
                              Acc)
              : B.CreateBitCast(C, Acc);
    if (multiplicandsAre("bf16")) {
      auto *Shorts = FixedVectorType::get(B.getInt16Ty(), 8);
      Sum = B.CreateIntrinsic(Intrinsic::amdgcn_wmma_f32_16x16x16_bf16,
                              {Acc, Shorts},
                              {B.CreateBitCast(Bm, Shorts),
                               B.CreateBitCast(A, Shorts), Sum});
    } else {
      auto *Halves = FixedVectorType::get(B.getHalfTy(), 8);
      Sum = B.CreateIntrinsic(Intrinsic::amdgcn_wmma_f32_16x16x16_f16,
                              {Acc, Halves},
                              {B.CreateBitCast(Bm, Halves),
                               B.CreateBitCast(A, Halves), Sum});
    }
    return finish({Sum}, DHalf, SatFinite);
  }

  /// d = a * b + c, m32n8k16 with f16 multiplicands on RDNA3 (WMMA) and
  /// RDNA4 (WMMA12), every fragment in the generic layout (lane l: A row l,
  /// B column l%8, all k; C and D row l, columns s). Two WMMAs, each with
  /// its operands swapped (its A operand is B's columns as rows, its B
  /// operand A's rows as columns) so that its result is D's rows: R0 for A
  /// rows 0-15, R1 for rows 16-31. B's eight columns take only half of the
  /// sixteen rows of WMMA's A operand, and the other half is zero; which
  /// half puts each result in the lanes that hold its row:
  ///   gfx12 (D[i][j]: lane j + 16(i/8), register i%8): columns in rows
  ///     0-7 for R0 (lane m, register n: D[m][n]), rows 8-15 for R1 (lane
  ///     16 + m); each lane's own B column, its k half (A[i][k]: lane
  ///     i + 16(k/8));
  ///   gfx11 (D[i][j]: lane j + 16(i%2), register i/2; A and B replicated
  ///     in both halves): column n in row 2n for R0, 2n + 1 for R1; row i
  ///     of each half takes column i/2 from lane i/2 of its row of 16
  ///     (v_permlane16, one per word).
  /// WMMA's B operand: lanes 0-15 hold A rows 0-15 (gfx12: k 0-7; gfx11:
  /// all k), lanes 16-31 rows 16-31 (gfx12: k 8-15); each lane takes the
  /// rest from lane l^16 (v_permlanex16, four or eight). C is the lane's own
  /// for both WMMAs, D the result that holds its row. The zero rows'
  /// results (C plus zero products, NaN for an infinite A) are not used.
  Value *wmmaM32N8K16(MatrixFamily Family) {
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    bool DHalf = types().starts_with("f16."), CHalf = types().ends_with(".f16");
    bool Gfx12 = Family == MatrixFamily::WMMA12;
    Value *L = lane();
    Value *Upper = B.CreateICmpNE(bits(L, 4, 1), B.getInt32(0));
    SmallVector<Value *, 8> WA = words(Call.getArgOperand(0)),
                            WB = words(Call.getArgOperand(1));
    Value *Zero = B.getInt32(0);
    SmallVector<Value *, 8> P[2], Q[2];
    if (Gfx12) {
      Value *Low = B.CreateICmpULT(B.CreateAnd(L, 15), B.getInt32(8));
      for (unsigned W = 0; W < 4; ++W) {
        Value *Half = B.CreateSelect(Upper, WB[4 + W], WB[W]);
        P[0].push_back(B.CreateSelect(Low, Half, Zero));
        P[1].push_back(B.CreateSelect(Low, Zero, Half));
        Value *X = fromOtherHalf(B.CreateSelect(Upper, WA[W], WA[4 + W]),
                                 MatrixFamily::WMMA);
        Q[0].push_back(B.CreateSelect(Upper, X, WA[W]));
        Q[1].push_back(B.CreateSelect(Upper, WA[4 + W], X));
      }
    } else {
      Value *Even = B.CreateICmpEQ(B.CreateAnd(L, 1), Zero);
      for (unsigned W = 0; W < 8; ++W) {
        // Lane i of each row of 16 from lane i/2 of the row.
        Value *Column = B.CreateIntrinsic(
            Intrinsic::amdgcn_permlane16, {B.getInt32Ty()},
            {WB[W], WB[W], B.getInt32(0x33221100), B.getInt32(0x77665544),
             B.getFalse(), B.getFalse()});
        P[0].push_back(B.CreateSelect(Even, Column, Zero));
        P[1].push_back(B.CreateSelect(Even, Zero, Column));
        Value *X = fromOtherHalf(WA[W], MatrixFamily::WMMA);
        Q[0].push_back(B.CreateSelect(Upper, X, WA[W]));
        Q[1].push_back(B.CreateSelect(Upper, WA[W], X));
      }
    }
    auto *Halves = FixedVectorType::get(B.getHalfTy(), Gfx12 ? 8 : 16);
    auto *Acc = FixedVectorType::get(B.getFloatTy(), 8);
    Value *C = Call.getArgOperand(2);
    C = CHalf ? B.CreateFPExt(
                    B.CreateBitCast(C, FixedVectorType::get(B.getHalfTy(), 8)),
                    Acc)
              : B.CreateBitCast(C, Acc);
    Value *R[2];
    for (unsigned H = 0; H < 2; ++H)
      R[H] = B.CreateIntrinsic(Intrinsic::amdgcn_wmma_f32_16x16x16_f16,
                               {Acc, Halves},
                               {B.CreateBitCast(vector(P[H]), Halves),
                                B.CreateBitCast(vector(Q[H]), Halves), C});
    return finish({B.CreateSelect(Upper, R[1], R[0])}, DHalf, SatFinite);
  }

  /// The lane of the wavefront (0..63 on wave64).
  Value *waveLane() { return waveLaneOf(B); }
  Value *fromLane(Value *Word, Value *Source, Value *WarpBase) {
    return fromLaneOf(B, Word, Source, WarpBase);
  }
  Value *dpp(Value *Word, unsigned Control) { return dppOf(B, Word, Control); }

  /// PTX mma.sync.aligned.m16n8k{4,8,16,32}.row.col on the 4x4 block MFMAs
  /// (docs/matrix-cores.md, "PTX mma.sync on MFMA"). The PTX ISA fixes the
  /// fragments: lane l = 4g + t holds A rows g and g+8 (registers a[2p],
  /// a[2p+1]) and B column g (b[p]) at the k of "unit" (t, p), and D rows
  /// g, g+8 at columns 2t, 2t+1. The MFMA wants the opposite: lane l of
  /// the warp, in group h = l/16, multiplies A row r = l%16 (its own
  /// operand) by B columns 4h..4h+3 lent by block a of the group (CBSZ=2,
  /// ABID=a; lane i of the lender: column 4h+i) and holds D[r][4h+i] in
  /// register i. So, per mma.sync:
  ///   B: each lane takes the units of its column 4h+i for lender block
  ///      a = (l/4)%4 from lane 16h + 4i + a (one ds_bpermute per B
  ///      register: a transposition of lane bits 0-1 and 2-3, which no DPP
  ///      or ds_swizzle pattern does);
  ///   A: a quad first puts row g+8's units next to row g's with one DPP
  ///      per A register (E/O below), so that each MFMA's A words come with
  ///      one ds_bpermute each, whatever half the row is in;
  ///   D: one DPP row rotation by 8 per register gathers each PTX register's
  ///      values in one register, and one ds_bpermute each brings them back;
  ///      then C is added (wrapped, or clamped with .satfinite, for s32).
  /// No partial sum crosses lanes; every block holds whole products.
  Value *mmaSync() {
    SmallVector<StringRef, 4> T;
    types().split(T, '.');
    bool TF32 = T[1] == "tf32";
    bool Int = T[1] == "s8" || T[1] == "u8";
    // u8 on either side: the bytes go through f16 (CDNA's integer MFMA is
    // signed), products summed exactly in f32 from 0, C added in s32.
    bool ViaF16 = Int && (T[1] == "u8" || T[2] == "u8");
    bool HalfWords = T[1] == "f16" || T[1] == "bf16"; // two words per operand
    bool DHalf = T[0] == "f16", CHalf = T[3] == "f16";
    Value *A = Call.getArgOperand(0), *Bm = Call.getArgOperand(1),
          *C = Call.getArgOperand(2);
    MmaBlockShape Shape{HalfWords, unsigned(words(Bm).size())};
    unsigned OperandWords = Shape.operandWords();
    unsigned Lenders = Shape.lenders(), Sets = Shape.sets();
    // The operands in the block layout (operandLayoutFunction): lane l's
    // own A words and the B words it lends, as the MFMAs take them. tf32
    // keeps the upper 19 bits of each f32 (see mfmaHalfLines; the loads
    // that replace a move keep the mask).
    Module &M = *Call.getModule();
    auto Registers = [&](Value *V, unsigned N) {
      return B.CreateBitCast(V, FixedVectorType::get(B.getInt32Ty(), N));
    };
    A = Registers(A, Shape.aRegisters());
    Bm = Registers(Bm, Shape.bRegisters());
    if (TF32) {
      A = B.CreateAnd(A, 0xffffe000u);
      Bm = B.CreateAnd(Bm, 0xffffe000u);
    }
    Value *ABlock = B.CreateCall(operandLayoutFunction(M, true, Shape), {A});
    Value *BBlock = B.CreateCall(operandLayoutFunction(M, false, Shape), {Bm});
    SmallVector<SmallVector<Value *, 2>, 2> Lent(Sets);
    for (unsigned Q = 0; Q < Sets; ++Q)
      for (unsigned W = 0; W < OperandWords; ++W)
        Lent[Q].push_back(
            B.CreateExtractElement(BBlock, Q * OperandWords + W));

    // The products, into one accumulator: lane l, register i holds
    // D[r][4h + i]. It starts from C in the block layout, so the sums are
    // C + products, in the order of the generic path (and -0 + -0 stays
    // -0); .satfinite s32 starts from 0 and clamps C's addition once at the
    // end (the product sums cannot overflow).
    bool AddCAfter = Int && Key.SatFinite;
    StringRef CKind = CHalf ? "f16" : Int ? "s32" : "f32";
    StringRef DKind = AddCAfter ? "s32" : DHalf ? "f16" : Int ? "s32" : "f32";
    Type *Element = Int && !ViaF16 ? B.getInt32Ty() : B.getFloatTy();
    auto *Acc = FixedVectorType::get(Element, 4);
    Value *Sum =
        AddCAfter || ViaF16
            ? static_cast<Value *>(Constant::getNullValue(Acc))
            : B.CreateCall(fragmentLayoutFunction(M, /*ToBlock=*/true, CKind),
                           {C});
    // Operand of the multiplicand of type Kind (A: T[1], B: T[2]).
    auto Operand = [&](ArrayRef<Value *> Words, StringRef Kind) -> Value * {
      if (ViaF16)
        return bytesToHalves(Words[0], Kind == "s8");
      if (HalfWords)
        return B.CreateBitCast(vector(Words),
                               T[1] == "bf16"
                                   ? FixedVectorType::get(B.getInt16Ty(), 4)
                                   : FixedVectorType::get(B.getHalfTy(), 4));
      return TF32 ? B.CreateBitCast(Words[0], B.getFloatTy()) : Words[0];
    };
    for (unsigned Q = 0; Q < Sets; ++Q)
      for (unsigned Abid = 0; Abid < Lenders; ++Abid) {
        SmallVector<Value *, 2> Own;
        for (unsigned W = 0; W < OperandWords; ++W)
          Own.push_back(B.CreateExtractElement(
              ABlock, (Q * Lenders + Abid) * OperandWords + W));
        Sum = B.CreateIntrinsic(
            ViaF16 ? Intrinsic::amdgcn_mfma_f32_4x4x4f16 : blockMfma(), {},
            {Operand(Lent[Q], T[2]), Operand(Own, T[1]), Sum, B.getInt32(2),
             B.getInt32(Abid), B.getInt32(0)});
      }
    if (ViaF16) { // the exact sums as s32, then C (wrapped) in the block layout
      Sum = B.CreateFPToSI(Sum, FixedVectorType::get(B.getInt32Ty(), 4));
      if (!AddCAfter)
        Sum = B.CreateAdd(
            Sum, B.CreateCall(fragmentLayoutFunction(M, /*ToBlock=*/true, "s32"),
                              {C}));
    }

    // D back to the PTX layout (fragmentLayoutFunction).
    Value *D = B.CreateCall(fragmentLayoutFunction(M, /*ToBlock=*/false, DKind),
                            {Sum});
    if (!AddCAfter)
      return D;
    SmallVector<Value *, 4> Out;
    for (unsigned J = 0; J < 4; ++J)
      Out.push_back(B.CreateBinaryIntrinsic(Intrinsic::sadd_sat,
                                            B.CreateExtractElement(D, J),
                                            B.CreateExtractElement(C, J)));
    return vector(Out);
  }

  /// 64 bits of the lane at byte address Address (4 x lane, 0..63 of the
  /// wavefront): two ds_bpermute_b32.
  Value *fromWaveLane64(Value *Bits, Value *Address) {
    Value *Words = B.CreateBitCast(Bits, FixedVectorType::get(B.getInt32Ty(), 2));
    Value *Out = PoisonValue::get(Words->getType());
    for (unsigned W = 0; W < 2; ++W)
      Out = B.CreateInsertElement(
          Out,
          B.CreateIntrinsic(Intrinsic::amdgcn_ds_bpermute, {},
                            {Address, B.CreateExtractElement(Words, W)}),
          W);
    return B.CreateBitCast(Out, Bits->getType());
  }
  /// 64 bits moved by DPP row_ror:8 (lane x of each row of 16 from lane x^8).
  Value *rowRotate8(Value *Bits) {
    Value *Words = B.CreateBitCast(Bits, FixedVectorType::get(B.getInt32Ty(), 2));
    Value *Out = PoisonValue::get(Words->getType());
    for (unsigned W = 0; W < 2; ++W)
      Out = B.CreateInsertElement(
          Out, dpp(B.CreateExtractElement(Words, W), 0x128), W);
    return B.CreateBitCast(Out, Bits->getType());
  }

  /// f64 m8n8k4, PTX mma.sync.aligned.m8n8k4.row.col.f64 (Ptx) or wmma.mma
  /// with double fragments, on v_mfma_f64_16x16x4_f64 (docs/matrix-cores.md,
  /// "f64 on MFMA"). The instruction is one 16x16x4 product over the whole
  /// wavefront: its k spans all four 16-lane rows, so it serves the two
  /// logical warps of a wavefront only when both run this product
  /// together. So the lowering asks: when every lane of the wavefront is
  /// here (ballot), one MFMA computes both warps' products; otherwise (a
  /// warp alone, diverged, or a 32-thread block) the generic path runs.
  /// The lane addresses come before the branch, where the products of a
  /// kernel share them.
  Value *f64Products(bool Ptx) {
    Function *Generic = Call.getCalledFunction();
    F64Lanes Lanes = f64Lanes(Ptx);
    if (WholeWaveF64Only)
      return wholeWaveF64Products(Lanes);
    Value *Ballot = B.CreateIntrinsic(Intrinsic::amdgcn_ballot,
                                      {B.getInt64Ty()}, {B.getTrue()});
    Value *Whole = B.CreateICmpEQ(Ballot, B.getInt64(~0ull));
    Instruction *ThenTerm, *ElseTerm;
    SplitBlockAndInsertIfThenElse(Whole, &Call, &ThenTerm, &ElseTerm);
    B.SetInsertPoint(ElseTerm);
    SmallVector<Value *, 3> Args(Call.args());
    CallInst *Slow = B.CreateCall(Generic, Args);
    B.SetInsertPoint(ThenTerm);
    Value *Fast = wholeWaveF64Products(Lanes);
    B.SetInsertPoint(&Call);
    PHINode *D = B.CreatePHI(Call.getType(), 2);
    D->addIncoming(Fast, ThenTerm->getParent());
    D->addIncoming(Slow, ElseTerm->getParent());
    InlineFunctionInfo IFI;
    InlineResult R = InlineFunction(*Slow, IFI);
    if (!R.isSuccess())
      reportLoweringError(Call.getContext(),
                          "cannot inline " + Generic->getName() + ": " +
                              R.getFailureReason(),
                          &Call);
    return D;
  }

  /// Both logical warps' m8n8k4 f64 products as one v_mfma_f64_16x16x4_f64
  /// computing D^T = B^T A^T (MFMA A[i][k]: lane 16k + i; B[k][j]: lane
  /// 16k + j; D[i][j]: lane 16(i%4) + j, register i/4). Warp w's A row r
  /// is MFMA column j = 8w + r, its B column 4u + a is MFMA row
  /// i = 4a + 2w + u, so lane 32w + 16u + j (j in warp w's half of the
  /// columns) holds in register a D_w[j%8][4u + a]; the other lanes hold
  /// products of one warp's A with the other's B, unused. The fragments
  /// put (major, minor) = A[m][k], B[k][n] (major n) and D[m][2q + e]
  /// (register e) in lane 4 major + minor (PTX: groupID, threadID in
  /// group) or major + 8 minor (wmma, rubicon/WmmaLayout.h).
  ///   A, B: one 64-bit ds_bpermute each;
  ///   C: registers 0, 1 of lane (w, u, j) come from C[j%8][4u + e] of
  ///      warp w, registers 2, 3 from C[j%8][4u + 2 + e], read by the
  ///      unused lane j^8 and moved over by DPP row_ror:8;
  ///   D: the inverse, registers 2, 3 moved to lane j^8 first.
  struct F64Lanes {
    Value *A, *B, *C, *D; // byte addresses of the ds_bpermute sources
    Value *Real;          // this lane holds a D of its own warp
  };
  F64Lanes f64Lanes(bool Ptx) {
    auto LaneOf = [&](Value *Major, Value *Minor) {
      return Ptx ? B.CreateOr(B.CreateShl(Major, 2), Minor)
                 : B.CreateOr(Major, B.CreateShl(Minor, 3));
    };
    auto Address = [&](Value *Warp, Value *Lane) {
      return B.CreateShl(B.CreateOr(B.CreateShl(Warp, 5), Lane), 2);
    };
    Value *Wave = waveLane();
    Value *W = B.CreateLShr(Wave, 5);
    Value *U = bits(Wave, 4, 1), *K = B.CreateLShr(Wave, 4);
    Value *X = B.CreateAnd(Wave, 15); // i or j of this lane's MFMA operand
    F64Lanes L;
    // MFMA A[i][k] = B of warp (i%4)/2, row k, column 4(i%2) + i/4.
    Value *ColumnOfI = B.CreateOr(B.CreateShl(B.CreateAnd(X, 1), 2),
                                  B.CreateLShr(X, 2));
    L.A = Address(bits(X, 1, 1), LaneOf(ColumnOfI, K));
    // MFMA B[k][j] = A of warp j/8, row j%8, column k.
    L.B = Address(B.CreateLShr(X, 3), LaneOf(B.CreateAnd(X, 7), K));
    // C: lane (w, u, x) reads C[x%8][2q + e], q = 2u + odd, of warp w, odd
    // when x is not a column of warp w.
    L.Real = B.CreateICmpEQ(B.CreateLShr(X, 3), W);
    Value *Odd = B.CreateZExt(B.CreateNot(L.Real), B.getInt32Ty());
    L.C = Address(W, LaneOf(B.CreateAnd(X, 7),
                            B.CreateOr(B.CreateShl(U, 1), Odd)));
    // D: the lane of D[g][2q + e] reads register e of lane 16(q/2) +
    // (8w + g) of warp w (q even), or register 2 + e of it moved to lane
    // 16(q/2) + (8w + g)^8 (q odd).
    Value *G = Ptx ? bits(Wave, 2, 3) : B.CreateAnd(Wave, 7);
    Value *Q = Ptx ? B.CreateAnd(Wave, 3) : bits(Wave, 3, 2);
    L.D = Address(W, B.CreateOr(B.CreateShl(B.CreateLShr(Q, 1), 4),
                                B.CreateXor(B.CreateOr(B.CreateShl(W, 3), G),
                                            B.CreateShl(B.CreateAnd(Q, 1), 3))));
    return L;
  }
  Value *wholeWaveF64Products(const F64Lanes &L) {
    Type *I64 = B.getInt64Ty(), *F64 = B.getDoubleTy();
    Value *A = B.CreateExtractElement(Call.getArgOperand(0), uint64_t(0));
    Value *Bm = B.CreateExtractElement(Call.getArgOperand(1), uint64_t(0));
    Value *C = Call.getArgOperand(2);
    Value *MA = fromWaveLane64(Bm, L.A), *MB = fromWaveLane64(A, L.B);
    auto *Acc = FixedVectorType::get(F64, 4);
    Value *MC = PoisonValue::get(Acc);
    for (unsigned E = 0; E < 2; ++E) {
      Value *Y = fromWaveLane64(B.CreateExtractElement(C, E), L.C);
      MC = B.CreateInsertElement(MC, B.CreateBitCast(Y, F64), E);
      MC = B.CreateInsertElement(MC, B.CreateBitCast(rowRotate8(Y), F64),
                                 2 + E);
    }
    Value *MD = B.CreateIntrinsic(
        Intrinsic::amdgcn_mfma_f64_16x16x4f64, {},
        {B.CreateBitCast(MA, F64), B.CreateBitCast(MB, F64), MC, B.getInt32(0),
         B.getInt32(0), B.getInt32(0)});
    Value *Out = PoisonValue::get(Call.getType());
    for (unsigned E = 0; E < 2; ++E) {
      Value *Mine = B.CreateBitCast(B.CreateExtractElement(MD, E), I64);
      Value *Moved = rowRotate8(
          B.CreateBitCast(B.CreateExtractElement(MD, 2 + E), I64));
      Out = B.CreateInsertElement(
          Out, fromWaveLane64(B.CreateSelect(L.Real, Mine, Moved), L.D), E);
    }
    return Out;
  }

  /// .satfinite (the CUDA C++ satf): +-inf -> +-MAX, NaN -> +0.
  Value *saturateFinite(Value *X) {
    Type *F32 = X->getType();
    Value *NaN = B.CreateFCmpUNO(X, X);
    X = B.CreateBinaryIntrinsic(
        Intrinsic::minnum,
        B.CreateBinaryIntrinsic(Intrinsic::maxnum, X,
                                ConstantFP::get(F32, -3.40282347e+38)),
        ConstantFP::get(F32, 3.40282347e+38));
    return B.CreateSelect(NaN, ConstantFP::get(F32, 0.0), X);
  }
  Value *saturateFiniteHalf(Value *Bits) {
    Value *Magnitude = B.CreateAnd(Bits, 0x7fff);
    Value *Inf = B.CreateICmpEQ(Magnitude, B.getInt16(0x7c00));
    Value *NaN = B.CreateICmpUGT(Magnitude, B.getInt16(0x7c00));
    Bits = B.CreateSelect(
        Inf, B.CreateOr(B.CreateAnd(Bits, 0x8000), 0x7bff), Bits);
    return B.CreateSelect(NaN, B.getInt16(0), Bits);
  }
};

/// The kernels from which F is called, directly or not (demangled names,
/// in module order); F itself when no kernel reaches it.
SmallVector<std::string, 2> kernelsReaching(const Function &F) {
  SetVector<const Function *> Seen;
  SmallVector<const Function *, 8> Work{&F};
  Seen.insert(&F);
  while (!Work.empty()) {
    const Function *G = Work.pop_back_val();
    for (const User *U : G->users())
      if (const auto *Call = dyn_cast<CallBase>(U))
        if (const Function *Caller = Call->getFunction();
            Seen.insert(Caller))
          Work.push_back(Caller);
  }
  SmallVector<std::string, 2> Kernels;
  for (const Function &K : *F.getParent())
    if (Seen.contains(&K) && (K.getCallingConv() == CallingConv::PTX_Kernel ||
                              K.getCallingConv() == CallingConv::AMDGPU_KERNEL))
      Kernels.push_back("kernel '" + demangle(K.getName()) + "'");
  if (Kernels.empty())
    Kernels.push_back("'" + demangle(F.getName()) + "'");
  return Kernels;
}

std::string describe(const Function &F) {
  // mma.sync: the instruction as written.
  if (F.hasFnAttribute("rubicon-matrix-op"))
    return F.getFnAttribute("rubicon-matrix-op").getValueAsString().str();
  std::string S = "wmma." + F.getFnAttribute("rubicon-wmma-op")
                                .getValueAsString()
                                .str();
  S += "." + F.getFnAttribute("rubicon-wmma-shape").getValueAsString().str();
  if (F.hasFnAttribute("rubicon-wmma-layout"))
    S += "." +
         F.getFnAttribute("rubicon-wmma-layout").getValueAsString().str();
  S += "." + F.getFnAttribute("rubicon-wmma-types").getValueAsString().str();
  if (F.hasFnAttribute("rubicon-wmma-satfinite"))
    S += ".satfinite";
  return S;
}

/// The loops around a function's host products that its source asks to
/// unroll (`#pragma unroll`, or a constant trip count small enough for
/// LLVM's full unrolling), unrolled, so that the products of one iteration
/// of the outer loops stand in one block and share one warp meeting
/// (lowerHostProducts): the lowering pipeline runs before the optimizer,
/// and a product in a loop would meet once per iteration. The allocas of
/// the unoptimized code become values first, so that the trip counts are
/// known, and the branches on the unrolled induction variables fold.
void unrollAroundHostProducts(Function &F) {
  // The wmma API's own functions (nvcuda::wmma's loads, stores, fills and
  // products) inlined, so that the fragments they take by reference become
  // values.
  for (bool Inlined = true; Inlined;) {
    Inlined = false;
    SmallVector<CallInst *, 16> Calls;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration() && Callee != &F &&
            Callee->getName().starts_with("_ZN6nvcuda4wmma"))
          Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      InlineFunctionInfo IFI;
      Inlined |= InlineFunction(*Call, IFI).isSuccess();
    }
  }
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopRotatePass()));
  FPM.addPass(createFunctionToLoopPassAdaptor(LoopFullUnrollPass(2)));
  FPM.addPass(InstSimplifyPass());
  FPM.addPass(SimplifyCFGPass());
  // The fragment arrays the loops indexed, now at constant indices.
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.run(F, FAM);
}

/// Whether an instruction between two host products keeps them from
/// sharing one meeting: a call that may meet other threads (a convergent
/// one: a barrier, a warp operation), inline assembly, a call of an unknown
/// function, or of a defined one that may do any of these (`MayMeet`
/// remembers the functions seen; wmma::load_matrix_sync's wrapper, its
/// operation inlined, does not).
bool separatesHostProducts(const Instruction &I,
                           DenseMap<const Function *, bool> &MayMeet) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  // An empty asm statement (a compiler barrier) emits nothing.
  if (const auto *Asm = dyn_cast<InlineAsm>(CB->getCalledOperand()))
    return !Asm->getAsmString().empty();
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return true;
  if (Callee->isIntrinsic())
    return CB->isConvergent();
  if (Callee->isDeclaration())
    return true;
  // CUDA marks every device function convergent: look inside.
  auto [It, New] = MayMeet.try_emplace(Callee, true); // recursion: may meet
  if (!New)
    return It->second;
  bool Meets = false;
  for (const Instruction &Inner : instructions(*Callee))
    if (separatesHostProducts(Inner, MayMeet)) {
      Meets = true;
      break;
    }
  MayMeet[Callee] = Meets;
  return Meets;
}

/// Moves the instructions of `Block` that compute from a host product's
/// result without side effects or memory (the unoptimized code's
/// extractvalue and insertvalue of fragments) down to just before their
/// first user in the block, so that only real uses of a product's result
/// stand between it and the next product (lowerHostProducts).
void sinkProductValues(BasicBlock &Block, ArrayRef<CallInst *> Products) {
  SmallPtrSet<const Value *, 32> Derived(Products.begin(), Products.end());
  SmallVector<Instruction *, 32> Movable;
  for (Instruction &I : Block) {
    if (isa<PHINode>(I) || I.isTerminator() || I.mayHaveSideEffects() ||
        I.mayReadOrWriteMemory() || isa<CallBase>(I))
      continue;
    if (any_of(I.operands(),
               [&](const Use &U) { return Derived.contains(U.get()); })) {
      Derived.insert(&I);
      Movable.push_back(&I);
    }
  }
  for (Instruction *I : reverse(Movable)) {
    Instruction *FirstUser = Block.getTerminator();
    for (User *U : I->users())
      if (auto *UI = dyn_cast<Instruction>(U);
          UI && UI->getParent() == &Block && !isa<PHINode>(UI) &&
          UI->comesBefore(FirstUser))
        FirstUser = UI;
    I->moveBefore(FirstUser->getIterator());
  }
}

/// The host target's products (MFMABuilder::hostPublish, hostFinish), in
/// runs that share one warp meeting: products of one block, one after the
/// other, with nothing between them that meets other threads
/// (separatesHostProducts) and no use of one's result before the last of
/// the run, at most host::MatrixExchangeBatch (one slot each in the warp's
/// buffer). Each publishes where it was; the meeting, the tiles and the
/// reads of the D slots come where the run's last product was. The lanes
/// run the same code, so they agree on the runs. A kernel's k loop over a
/// warp's tiles (cuda-samples' cudaTensorCoreGemm: 2 x 4 independent
/// products per step) meets once per step, not once per product: each
/// meeting is a round of the thread loop, which saves and restores every
/// value a lane keeps across it.
void lowerHostProducts(ArrayRef<CallInst *> Calls) {
  MapVector<BasicBlock *, SmallVector<CallInst *, 8>> ByBlock;
  for (CallInst *Call : Calls)
    ByBlock[Call->getParent()].push_back(Call);
  SmallVector<SmallVector<CallInst *, 8>, 8> Runs;
  DenseMap<const Function *, bool> MayMeet;
  for (auto &[Block, List] : ByBlock) {
    sinkProductValues(*Block, List);
    llvm::sort(List, [](const CallInst *X, const CallInst *Y) {
      return X->comesBefore(Y);
    });
    auto Joins = [&](ArrayRef<CallInst *> Run, CallInst *Next) {
      if (Run.size() >= host::MatrixExchangeBatch)
        return false;
      for (Instruction *I = Run.back()->getNextNode(); I != Next;
           I = I->getNextNode())
        if (separatesHostProducts(*I, MayMeet))
          return false;
      for (CallInst *Member : Run)
        for (User *U : Member->users())
          if (auto *I = dyn_cast<Instruction>(U);
              I && I->getParent() == Block && !Next->comesBefore(I))
            return false;
      return true;
    };
    for (CallInst *Call : List) {
      if (Runs.empty() || Runs.back().back()->getParent() != Block ||
          !Joins(Runs.back(), Call))
        Runs.emplace_back();
      Runs.back().push_back(Call);
    }
  }
  for (ArrayRef<CallInst *> Run : Runs) {
    SmallVector<std::unique_ptr<MFMABuilder>, 8> Products;
    Value *Buffer = nullptr;
    for (unsigned Slot = 0; Slot < Run.size(); ++Slot) {
      Products.push_back(std::make_unique<MFMABuilder>(
          *Run[Slot], *Run[Slot]->getCalledFunction()));
      if (!Buffer)
        Buffer = Products.back()->hostBuffer();
      Products.back()->hostPublish(Buffer, Slot);
    }
    CallInst *Last = Run.back();
    IRBuilder<>(Last).CreateIntrinsic(Intrinsic::nvvm_bar_warp_sync, {},
                                      {ConstantInt::get(
                                          Type::getInt32Ty(Last->getContext()),
                                          0xffffffffu)});
    for (unsigned Slot = 0; Slot < Run.size(); ++Slot)
      Run[Slot]->replaceAllUsesWith(Products[Slot]->hostFinish(Last));
    for (CallInst *Call : Run)
      Call->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses LowerMatrixOpsPass::run(Module &M, ModuleAnalysisManager &) {
  std::string TargetArch = Arch == "host" ? Arch : resolveLoweringArch(Arch);
  SmallVector<Function *, 8> Ops;
  for (Function &F : M)
    if ((F.hasFnAttribute("rubicon-wmma-op") ||
         F.hasFnAttribute("rubicon-matrix-op")) &&
        !F.isDeclaration())
      Ops.push_back(&F);
  if (Ops.empty())
    return PreservedAnalyses::all();
  if (TargetArch == "host" && !DisableMatrixCores) {
    // The functions that reach a product (wmma::mma_sync and what calls
    // it), inlined into their callers, and the loops around the products
    // unrolled there (unrollAroundHostProducts).
    SetVector<Function *> Reaching;
    for (Function *F : Ops)
      if (F->getFnAttribute("rubicon-wmma-op").getValueAsString() == "mma")
        for (User *U : F->users())
          if (auto *Call = dyn_cast<CallInst>(U))
            Reaching.insert(Call->getFunction());
    SetVector<Function *> Outermost;
    for (unsigned I = 0; I < Reaching.size(); ++I) {
      Function *F = Reaching[I];
      SmallVector<CallInst *, 8> Sites;
      for (User *U : F->users())
        if (auto *Call = dyn_cast<CallInst>(U);
            Call && Call->getCalledFunction() == F && Call->getFunction() != F)
          Sites.push_back(Call);
      if (Sites.empty() || F->isPresplitCoroutine()) {
        Outermost.insert(F);
        continue;
      }
      for (CallInst *Call : Sites) {
        Function *Caller = Call->getFunction();
        InlineFunctionInfo IFI;
        if (InlineFunction(*Call, IFI).isSuccess())
          Reaching.insert(Caller);
        else
          Outermost.insert(Caller);
      }
    }
    for (Function *F : Outermost)
      if (!F->isDeclaration())
        unrollAroundHostProducts(*F);
  }
  NamedMDNode *Paths = M.getOrInsertNamedMetadata("rubicon.matrix.paths");
  // One line per kernel and operation, in a stable order.
  std::set<std::string> Notes;
  LLVMContext &Ctx = M.getContext();
  // The host target's products, lowered after the other operations (the
  // loads between them are then plain code) by lowerHostProducts.
  SmallVector<CallInst *, 16> HostProducts;
  SmallVector<Function *, 4> HostFunctions;
  for (Function *F : Ops) {
    const MatrixOpRow *Row = findRow(*F, TargetArch);
    SmallVector<CallInst *, 8> Calls;
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == F)
        Calls.push_back(Call);
    // The host target's wmma products meet once per product (hostProduct).
    bool HostProduct = TargetArch == "host" && !DisableMatrixCores &&
                       F->getFnAttribute("rubicon-wmma-op").getValueAsString() ==
                           "mma";
    if (HostProduct)
      HostFunctions.push_back(F);
    for (CallInst *Call : Calls) {
      std::string Path =
          HostProduct ? "warp exchange (one warp meeting per run of independent products)"
          : !Row      ? "generic"
          : *Row->Instruction
              ? "matrix cores (" + std::to_string(Row->Count) + " x " +
                    Row->Instruction + ")"
              : "matrix-core fragment layout";
      for (const std::string &Where : kernelsReaching(*Call->getFunction()))
        Notes.insert(TargetArch + ": " + Where + ": " + describe(*F) + ": " +
                     Path);
      if (HostProduct) {
        HostProducts.push_back(Call);
      } else if (Row) {
        MFMABuilder Builder(*Call, *F);
        Value *Result = Builder.build(*Row);
        if (Result)
          Call->replaceAllUsesWith(Result);
        Call->eraseFromParent();
      } else {
        InlineFunctionInfo IFI;
        InlineResult R = InlineFunction(*Call, IFI);
        if (!R.isSuccess())
          reportLoweringError(Ctx,
                              "cannot inline " + F->getName() + ": " +
                                  R.getFailureReason(),
                              Call);
      }
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
  lowerHostProducts(HostProducts);
  for (Function *F : HostFunctions)
    if (F->use_empty())
      F->eraseFromParent();
  for (const std::string &Note : Notes)
    Paths->addOperand(MDNode::get(Ctx, MDString::get(Ctx, Note)));
  return PreservedAnalyses::none();
}

std::vector<std::string> matrixPathNotes(const Module &M) {
  std::vector<std::string> Notes;
  if (const NamedMDNode *Paths = M.getNamedMetadata("rubicon.matrix.paths"))
    for (const MDNode *N : Paths->operands())
      if (N->getNumOperands() == 1)
        if (auto *S = dyn_cast<MDString>(N->getOperand(0)))
          Notes.push_back(S->getString().str());
  return Notes;
}

} // namespace rubicon
