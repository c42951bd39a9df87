//===- LowerMatrixOps.cpp - rubicon-lower-matrix-ops -----------------------===//
//
// The inline-PTX translation turns each wmma instruction into a call of a
// `__rubicon_wmma.*` function whose attributes name the operation and whose
// body is the generic, target-independent IR (shuffles and fma). This pass
// decides, per call, which path the target takes:
//
//   - an operation of MatrixOps.def on a target of its family: the call is
//     replaced by the matrix-core code built here (gfx908/gfx90a/gfx94x/
//     gfx950: llvm.amdgcn.mfma.*);
//   - anything else: the call is inlined (the generic path).
//
// Then the functions go. Each decision is recorded in the named metadata
// `rubicon.matrix.paths` for `nvcc -v` (matrixPathNotes). The layouts the two
// paths share and the ones the matrix path changes are in
// docs/matrix-cores.md; the choice depends only on the target and the
// operation, so every load, mma and store of one fragment type agree.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace rubicon {
namespace {

// For measurements (benchmarks/matrix-cores) and bisecting: every wmma
// operation takes the generic path.
cl::opt<bool> DisableMatrixCores(
    "rubicon-disable-matrix-cores", cl::Hidden,
    cl::desc("Keep every wmma operation on the generic path"));

enum class MatrixFamily { MFMA, WMMA };

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

/// RDNA3: v_wmma_f32_16x16x16_f16 on wave32, A and B replicated in both
/// halves of the wavefront (gfx12's WMMA has other layouts).
bool hasWMMA(StringRef Arch) { return Arch.starts_with("gfx11"); }

bool hasFamily(MatrixFamily Family, StringRef Arch) {
  return Family == MatrixFamily::MFMA ? hasMFMA(Arch) : hasWMMA(Arch);
}

const MatrixOpRow *findRow(const Function &F, StringRef Arch) {
  StringRef Op = F.getFnAttribute("rubicon-wmma-op").getValueAsString();
  StringRef Shape = F.getFnAttribute("rubicon-wmma-shape").getValueAsString();
  StringRef Types = F.getFnAttribute("rubicon-wmma-types").getValueAsString();
  if (DisableMatrixCores)
    return nullptr;
  for (const MatrixOpRow &Row : MatrixOps)
    if (Op == Row.Op && Shape == Row.Shape && Types == Row.Types &&
        hasFamily(Row.Family, Arch))
      return &Row;
  return nullptr;
}

/// Builds the matrix-core code of one call (null: a store).
class MFMABuilder {
public:
  MFMABuilder(CallInst &Call, const Function &Callee)
      : Call(Call), Callee(Callee), B(&Call) {}

  Value *build(const MatrixOpRow &Row) {
    StringRef Op = Row.Op;
    if (Row.Family == MatrixFamily::WMMA) {
      if (Op == "mma")
        return wmma16x16x16();
      return accumulator16x16x16(Op == "store.d");
    }
    if (Op == "load.b")
      return loadB16x16x16();
    return mma16x16x16();
  }

private:
  CallInst &Call;
  const Function &Callee;
  IRBuilder<> B;

  Value *lane() {
    // The lane within the logical warp (0..31): the NVVM intrinsic, which
    // the NVVM lowering turns into the wavefront's lane for the warp mode.
    return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  }
  Value *bits(Value *V, unsigned Shift, unsigned Width) {
    return B.CreateAnd(B.CreateLShr(V, Shift), (1u << Width) - 1);
  }

  /// B (16 x 16, f16) for the MFMA path. Lane l holds column
  /// n = 8*(l/16) + 4*((l/8)%2) + l%4, rows k = 8*((l/4)%2) + 0..7, in its
  /// words 0..3 (two halves each, low first); words 4..7 repeat them.
  Value *loadB16x16x16() {
    Value *Base = Call.getArgOperand(0);
    Value *Stride = B.CreateZExt(Call.getArgOperand(1), B.getInt64Ty());
    bool Row = Callee.getFnAttribute("rubicon-wmma-layout").getValueAsString() ==
               "row";
    Value *L = lane();
    Value *N = B.CreateOr(
        B.CreateOr(B.CreateShl(bits(L, 4, 1), 3), B.CreateShl(bits(L, 3, 1), 2)),
        bits(L, 0, 2));
    Value *K0 = B.CreateShl(bits(L, 2, 1), 3);
    N = B.CreateZExt(N, B.getInt64Ty());
    K0 = B.CreateZExt(K0, B.getInt64Ty());
    auto *Words = cast<FixedVectorType>(Callee.getReturnType());
    Value *Result = PoisonValue::get(Words);
    SmallVector<Value *, 4> Packed;
    for (unsigned W = 0; W < 4; ++W) {
      Value *Word = nullptr;
      for (unsigned H = 0; H < 2; ++H) {
        Value *K = B.CreateAdd(K0, B.getInt64(2 * W + H));
        // .row: element (k, n) at k*stride + n; .col: at n*stride + k.
        Value *Index = Row ? B.CreateAdd(B.CreateMul(K, Stride), N)
                           : B.CreateAdd(B.CreateMul(N, Stride), K);
        Value *Pointer = B.CreateGEP(B.getInt16Ty(), Base, Index);
        Value *E = B.CreateZExt(B.CreateAlignedLoad(B.getInt16Ty(), Pointer,
                                                    Align(2)),
                                B.getInt32Ty());
        Word = H ? B.CreateOr(Word, B.CreateShl(E, 16)) : E;
      }
      Packed.push_back(Word);
    }
    for (unsigned W = 0; W < Words->getNumElements(); ++W)
      Result = B.CreateInsertElement(Result, Packed[W % 4], W);
    return Result;
  }

  /// C/D (16 x 16, f32 or f16) for RDNA3's WMMA: lane l holds row l%16,
  /// columns 2s + l/16 (slot s = 0..7; f16: two slots per word, low
  /// first). Loads return the words; stores write them and return null.
  Value *accumulator16x16x16(bool Store) {
    Value *Base = Call.getArgOperand(0);
    Value *Stride =
        B.CreateZExt(Call.getArgOperand(Store ? 2 : 1), B.getInt64Ty());
    bool Row = Callee.getFnAttribute("rubicon-wmma-layout").getValueAsString() ==
               "row";
    bool Half = Callee.getFnAttribute("rubicon-wmma-types").getValueAsString() ==
                "f16";
    unsigned Bits = Half ? 16 : 32, PerWord = 32 / Bits;
    Type *ElementTy = B.getIntNTy(Bits);
    Value *L = lane();
    Value *R = B.CreateZExt(bits(L, 0, 4), B.getInt64Ty());
    Value *Odd = B.CreateZExt(bits(L, 4, 1), B.getInt64Ty());
    auto *Words = FixedVectorType::get(B.getInt32Ty(), 8 / PerWord);
    Value *Data = Store ? Call.getArgOperand(1) : nullptr;
    Value *Result = PoisonValue::get(Words);
    for (unsigned W = 0; W < 8 / PerWord; ++W) {
      Value *Word = Store ? B.CreateExtractElement(Data, W) : nullptr;
      Value *Packed = nullptr;
      for (unsigned E = 0; E < PerWord; ++E) {
        unsigned Slot = W * PerWord + E;
        Value *C = B.CreateAdd(B.getInt64(2 * Slot), Odd);
        // mem_row_major: (r, c) at r*stride + c; mem_col_major: c*stride + r.
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
        Packed = E ? B.CreateOr(Packed, B.CreateShl(V, Bits * E)) : V;
      }
      if (!Store)
        Result = B.CreateInsertElement(Result, Packed, W);
    }
    return Store ? nullptr : Result;
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

  /// d = a * b + c, m16n16k16, f16 multiplicands, f16 or f32 c and d:
  /// v_mfma_f32_4x4x4_16b_f16 eight times (docs/matrix-cores.md).
  Value *mma16x16x16() {
    StringRef Types = Callee.getFnAttribute("rubicon-wmma-types")
                          .getValueAsString();
    bool DHalf = Types.starts_with("f16."), CHalf = Types.ends_with(".f16");
    bool SatFinite = Callee.hasFnAttribute("rubicon-wmma-satfinite");
    Value *A = Call.getArgOperand(0), *Bm = Call.getArgOperand(1),
          *C = Call.getArgOperand(2);
    Type *F32 = B.getFloatTy();
    auto *Acc = FixedVectorType::get(F32, 4);
    // Accumulator j: slots 4j..4j+3 (columns 8*(l/16) + 4j + i of row l%16).
    Value *Sum[2];
    for (unsigned J = 0; J < 2; ++J) {
      Value *V = PoisonValue::get(Acc);
      for (unsigned I = 0; I < 4; ++I) {
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
    // Block a of each 16-lane group (CBSZ=2: groups of four blocks) lends
    // its B piece s to the group (ABID=a); every block multiplies it by its
    // own chunk K of A. Accumulator j = a/2, chunk K = 2*(a%2) + s.
    for (unsigned Abid = 0; Abid < 4; ++Abid)
      for (unsigned S = 0; S < 2; ++S) {
        unsigned J = Abid / 2, K = 2 * (Abid % 2) + S;
        Sum[J] = B.CreateIntrinsic(
            Intrinsic::amdgcn_mfma_f32_4x4x4f16, {},
            {halves4(Bm, 2 * S), halves4(A, 2 * K), Sum[J], B.getInt32(2),
             B.getInt32(Abid), B.getInt32(0)});
      }
    return finish({Sum[0], Sum[1]}, DHalf, SatFinite);
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

std::string describe(const Function &F) {
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

} // namespace

PreservedAnalyses LowerMatrixOpsPass::run(Module &M, ModuleAnalysisManager &) {
  std::string TargetArch = Arch == "host" ? Arch : resolveLoweringArch(Arch);
  SmallVector<Function *, 8> Ops;
  for (Function &F : M)
    if (F.hasFnAttribute("rubicon-wmma-op") && !F.isDeclaration())
      Ops.push_back(&F);
  if (Ops.empty())
    return PreservedAnalyses::all();
  NamedMDNode *Paths = M.getOrInsertNamedMetadata("rubicon.matrix.paths");
  LLVMContext &Ctx = M.getContext();
  for (Function *F : Ops) {
    const MatrixOpRow *Row = findRow(*F, TargetArch);
    SmallVector<CallInst *, 8> Calls;
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == F)
        Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      std::string Note = TargetArch + ": '" +
                         Call->getFunction()->getName().str() + "': " +
                         describe(*F) + ": ";
      if (Row) {
        Note += *Row->Instruction
                    ? "matrix cores (" + std::to_string(Row->Count) + " x " +
                          Row->Instruction + ")"
                    : "matrix-core fragment layout";
        MFMABuilder Builder(*Call, *F);
        Value *Result = Builder.build(*Row);
        if (Result)
          Call->replaceAllUsesWith(Result);
        Call->eraseFromParent();
      } else {
        Note += "generic";
        InlineFunctionInfo IFI;
        InlineResult R = InlineFunction(*Call, IFI);
        if (!R.isSuccess())
          reportLoweringError(Ctx,
                              "cannot inline " + F->getName() + ": " +
                                  R.getFailureReason(),
                              Call);
      }
      Paths->addOperand(MDNode::get(Ctx, MDString::get(Ctx, Note)));
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
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
