//===- PTXWmmaIR.cpp - IR for wmma.load, wmma.mma, wmma.store -------------===//
//
// Rubicon's fragment layout is rubicon/WmmaLayout.h (load and store do the
// transposition, so `wmma.mma`'s .alayout/.blayout change nothing).
//
//   wmma.mma: lane l computes D's slots j = 0..S_D-1 (S_D = 8; 2 for f64
//   m8n8k4), row r = l % M, column c_j = S_D * (l / M) + j. Its A row is in
//   its own fragment when Q_A = 1, otherwise in lanes r + M*q; column c_j of
//   B is in lanes c_j + N*q. It gathers them with shfl.sync.idx and
//   accumulates with fma in f32 (f64 for f64), k ascending (exactly in i64
//   for s8/u8, wrapped or clamped with .satfinite), rounds f16 results once
//   at the end. f64 registers are 64-bit and move as two 32-bit halves.
//
// These are warp-collective: a guard predicate on them is an error.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

#include <bit>

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

struct WmmaShape {
  PTXModifier Modifier;
  unsigned M, N, K;
};
constexpr WmmaShape WmmaShapes[] = {{PTXModifier::M16N16K16, 16, 16, 16},
                                    {PTXModifier::M32N8K16, 32, 8, 16},
                                    {PTXModifier::M8N32K16, 8, 32, 16},
                                    {PTXModifier::M16N16K8, 16, 16, 8},
                                    {PTXModifier::M8N8K4, 8, 8, 4}};

using WmmaMatrix = wmma::Matrix;


unsigned log2u(unsigned V) { return unsigned(std::countr_zero(V)); }

WmmaFragment wmmaFragment(const WmmaShape &S, WmmaMatrix Which, PTXType T) {
  unsigned Bits = T == PTXType::F16 || T == PTXType::BF16 ? 16
                  : T == PTXType::S8 || T == PTXType::U8  ? 8
                  : T == PTXType::F64                     ? 64
                                                          : 32;
  return wmma::fragment(S.M, S.N, S.K, Which, Bits, T == PTXType::F16);
}

} // namespace

void InlinePTXBuilder::emitWmma(const Instruction &I) {
  std::string Name(I.Info->Mnemonic);
  if (I.Predicate)
    return (void)fail("'" + Name +
                      "' is warp-collective: a guard predicate is not "
                      "supported");
  const WmmaShape *Shape = nullptr;
  for (const WmmaShape &S : WmmaShapes)
    if (I.has(S.Modifier))
      Shape = &S;
  unsigned Layouts = 0;
  for (PTXModifier Mod : I.Modifiers)
    Layouts += category(Mod) == PTXModifierCategory::Layout;
  bool IsMma = I.opcode() == PTXOpcode::WmmaMma;
  if (!Shape || Layouts != (IsMma ? 2u : 1u) || !I.has(PTXModifier::Sync) ||
      !I.has(PTXModifier::Aligned))
    return (void)fail("'" + Name + "' needs '.sync.aligned', " +
                      (IsMma ? "two layouts ('.row'/'.col' for a and b)"
                             : "a layout ('.row' or '.col')") +
                      " and a shape");
  bool TF32Shape = Shape->Modifier == PTXModifier::M16N16K8;
  bool F64Shape = Shape->Modifier == PTXModifier::M8N8K4;
  if (IsMma)
    return emitWmmaMma(I, Shape->M, Shape->N, Shape->K);

  // wmma.load.{a,b,c} / wmma.store.d: r, [p] {, stride}.
  PTXType T = type(0);
  WmmaMatrix Which = I.opcode() == PTXOpcode::WmmaLoadA   ? WmmaMatrix::A
                     : I.opcode() == PTXOpcode::WmmaLoadB ? WmmaMatrix::B
                                                          : WmmaMatrix::C;
  // m8n8k4 is f64 only, and f64 is m8n8k4 only.
  bool Valid = F64Shape != (T == PTXType::F64)
                   ? false
               : F64Shape ? true
               : Which == WmmaMatrix::C
                   ? (TF32Shape ? T == PTXType::F32
                                : T == PTXType::F16 || T == PTXType::F32 ||
                                      T == PTXType::S32)
                   : (TF32Shape ? T == PTXType::TF32 : T != PTXType::TF32);
  if (!Valid)
    return (void)unsupported("this shape and type are not a '" + Name +
                             "' the PTX ISA defines");
  WmmaFragment F = wmmaFragment(*Shape, Which, T);
  bool IsStore = I.opcode() == PTXOpcode::WmmaStoreD;
  const Operand &DataOp = I.Operands[IsStore ? 1 : 0];
  const Operand &AddressOp = I.Operands[IsStore ? 0 : 1];
  auto *Vec = std::get_if<VectorOperand>(&DataOp.Value);
  if (!Vec || Vec->Elements.size() != F.registers())
    return (void)fail(DataOp.Position, "expected a vector of " +
                                           std::to_string(F.registers()) +
                                           " registers");
  std::optional<unsigned> AS = addressSpace(I);
  if (!AS)
    return;
  Value *Base = address(AddressOp, *AS);
  if (!Base)
    return;
  // The stride in elements between consecutive rows (.row) or columns
  // (.col); by default the length of one.
  bool RowMajor = I.has(PTXModifier::Row);
  Value *Stride = I.Operands.size() > 2
                      ? read(2, PTXType::U32)
                      : intC(32, RowMajor ? F.Columns : F.Rows);
  if (!Stride)
    return;
  std::vector<Value *> Values;
  PTXType RegisterType = F.registerBits() == 64 ? PTXType::B64 : PTXType::B32;
  if (IsStore)
    for (const ScalarOperand &R : Vec->Elements) {
      Value *V = readScalar(R, RegisterType);
      if (!V)
        return;
      Values.push_back(V);
    }

  // The operation is a call of its function (see wmmaFunction).
  auto *Words =
      llvm::FixedVectorType::get(intTy(F.registerBits()), F.registers());
  std::string OpName =
      IsStore ? "store.d"
              : std::string("load.") +
                    (Which == WmmaMatrix::A   ? "a"
                     : Which == WmmaMatrix::B ? "b"
                                              : "c");
  llvm::FunctionType *FT =
      IsStore ? llvm::FunctionType::get(Builder.getVoidTy(),
                                        {Base->getType(), Words, intTy(32)},
                                        false)
              : llvm::FunctionType::get(Words, {Base->getType(), intTy(32)},
                                        false);
  Function *Fn = wmmaFunction(
      OpName, spelling(Shape->Modifier).substr(1), RowMajor ? "row" : "col",
      std::string(spelling(T).substr(1)), false, *AS, FT, [&](Function &Fn) {
        emitWmmaLoadStoreBody(Fn, F, RowMajor, IsStore);
      });
  if (IsStore) {
    Value *Packed = llvm::PoisonValue::get(Words);
    for (unsigned R = 0; R < F.registers(); ++R)
      Packed = Builder.CreateInsertElement(Packed, Values[R], R);
    Builder.CreateCall(Fn, {Base, Packed, Stride});
    return;
  }
  Value *Result = Builder.CreateCall(Fn, {Base, Stride});
  for (unsigned R = 0; R < F.registers(); ++R) {
    auto *Ref = std::get_if<RegisterRef>(&Vec->Elements[R]);
    if (!Ref)
      return (void)fail(DataOp.Position, "destinations must be registers");
    writeRegister(*Ref, Builder.CreateExtractElement(Result, R), false,
                  DataOp.Position);
  }
}

Function *InlinePTXBuilder::wmmaFunction(
    StringRef Op, StringRef Shape, StringRef Layout, StringRef Types,
    bool SatFinite, unsigned AS, llvm::FunctionType *FT,
    function_ref<void(Function &)> Body) {
  std::string Name = ("__rubicon_wmma." + Op + "." + Shape).str();
  if (!Layout.empty())
    Name += "." + Layout.str();
  Name += "." + Types.str();
  if (SatFinite)
    Name += ".satfinite";
  if (AS == 1)
    Name += ".global";
  else if (AS == 3)
    Name += ".shared";
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  Function *Fn =
      Function::Create(FT, llvm::GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr("rubicon-wmma-op", Op);
  Fn->addFnAttr("rubicon-wmma-shape", Shape);
  if (!Layout.empty())
    Fn->addFnAttr("rubicon-wmma-layout", Layout);
  Fn->addFnAttr("rubicon-wmma-types", Types);
  if (SatFinite)
    Fn->addFnAttr("rubicon-wmma-satfinite");
  Fn->addFnAttr(llvm::Attribute::Convergent);
  Fn->addFnAttr(llvm::Attribute::AlwaysInline);
  Fn->addFnAttr(llvm::Attribute::NoUnwind);
  IRBuilderBase::InsertPointGuard Guard(Builder);
  Builder.SetInsertPoint(BasicBlock::Create(Ctx, "", Fn));
  Body(*Fn);
  return Fn;
}

void InlinePTXBuilder::emitWmmaLoadStoreBody(Function &Fn,
                                             const WmmaFragment &F,
                                             bool RowMajor, bool IsStore) {
  Value *Base = Fn.getArg(0);
  Value *Stride = Builder.CreateZExt(Fn.getArg(IsStore ? 2 : 1), intTy(64));
  std::vector<Value *> Values;
  if (IsStore)
    for (unsigned R = 0; R < F.registers(); ++R)
      Values.push_back(Builder.CreateExtractElement(Fn.getArg(1), R));

  // %laneid is below 32 in a PTX warp (no `& 31`: the warp-size analysis
  // would read that as code assuming 32-lane hardware warps).
  Value *Lane =
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  // l % 32 is l: no `& 31`, which reads as code assuming 32-lane warps.
  Value *Major = F.Major == 32 ? Lane : Builder.CreateAnd(Lane, F.Major - 1);
  Value *Chunk =
      F.Major == 32
          ? intC(32, 0)
          : Builder.CreateAnd(Builder.CreateLShr(Lane, log2u(F.Major)),
                              F.chunks() - 1);
  Value *FirstMinor = Builder.CreateShl(Chunk, log2u(F.Slots));
  Major = Builder.CreateZExt(Major, intTy(64));
  FirstMinor = Builder.CreateZExt(FirstMinor, intTy(64));
  unsigned Bytes = F.ElementBits / 8;
  std::vector<Value *> Loaded(F.registers(), nullptr);
  for (unsigned S = 0; S < F.Slots; ++S) {
    Value *Minor = Builder.CreateAdd(FirstMinor, intC(64, S));
    Value *Row = F.MajorIsRow ? Major : Minor;
    Value *Column = F.MajorIsRow ? Minor : Major;
    Value *Index =
        RowMajor ? Builder.CreateAdd(Builder.CreateMul(Row, Stride), Column)
                 : Builder.CreateAdd(Builder.CreateMul(Column, Stride), Row);
    Value *Pointer = Builder.CreateGEP(
        Builder.getInt8Ty(), Base, Builder.CreateMul(Index, intC(64, Bytes)));
    unsigned Register = S / F.perRegister();
    unsigned Shift = F.ElementBits * (S % F.perRegister());
    if (IsStore) {
      Value *Element = Builder.CreateTrunc(
          Builder.CreateLShr(Values[Register], Shift), intTy(F.ElementBits));
      Builder.CreateAlignedStore(Element, Pointer, Align(Bytes));
      continue;
    }
    Value *Element = Builder.CreateZExtOrBitCast(
        Builder.CreateAlignedLoad(intTy(F.ElementBits), Pointer, Align(Bytes)),
        intTy(F.registerBits()));
    if (Shift)
      Element = Builder.CreateShl(Element, Shift);
    Loaded[Register] = Loaded[Register]
                           ? Builder.CreateOr(Loaded[Register], Element)
                           : Element;
  }
  if (IsStore) {
    Builder.CreateRetVoid();
    return;
  }
  Value *Result = llvm::PoisonValue::get(
      llvm::FixedVectorType::get(intTy(F.registerBits()), F.registers()));
  for (unsigned R = 0; R < F.registers(); ++R)
    Result = Builder.CreateInsertElement(Result, Loaded[R], R);
  Builder.CreateRet(Result);
}

void InlinePTXBuilder::emitWmmaMma(const Instruction &I, unsigned M, unsigned N,
                                   unsigned K) {
  // .dtype.ctype (f16 multiplicands) or .dtype.atype.btype.ctype.
  PTXType DT = type(0), AT = PTXType::F16, BT = PTXType::F16, CT;
  if (I.Types.size() == 2) {
    CT = type(1);
  } else if (I.Types.size() == 4) {
    AT = type(1), BT = type(2), CT = type(3);
  } else {
    return (void)unsupported("'wmma.mma' takes '.dtype.ctype' (f16 "
                             "multiplicands) or '.dtype.atype.btype.ctype'");
  }
  auto IsInt8 = [](PTXType T) { return T == PTXType::S8 || T == PTXType::U8; };
  bool Integer = IsInt8(AT) && IsInt8(BT);
  bool Brain = AT == PTXType::BF16;
  bool TF32 = AT == PTXType::TF32;
  bool TF32Shape = K == 8;
  bool Double = AT == PTXType::F64;
  bool F64Shape = K == 4;
  bool Valid;
  if (Double || F64Shape)
    Valid = Double && F64Shape && BT == AT && DT == AT && CT == AT;
  else if (Integer)
    Valid = !TF32Shape && DT == PTXType::S32 && CT == PTXType::S32;
  else if (AT == PTXType::F16 && BT == AT)
    Valid = !TF32Shape && (DT == PTXType::F16 || DT == PTXType::F32) &&
            (CT == PTXType::F16 || CT == PTXType::F32);
  else if ((Brain || TF32) && BT == AT)
    Valid = TF32Shape == TF32 && DT == PTXType::F32 && CT == PTXType::F32;
  else
    Valid = false;
  if (!Valid)
    return (void)unsupported("this shape and these types are not a "
                             "'wmma.mma' the PTX ISA defines");
  bool SatFinite = I.has(PTXModifier::SatFinite);
  if (SatFinite && Double)
    return (void)fail("'.satfinite' is not defined for '.f64' wmma.mma");
  // f64 takes a rounding modifier; round to nearest even is what fma does.
  for (PTXModifier Mod : I.Modifiers)
    if (category(Mod) == PTXModifierCategory::Rounding &&
        (!Double || Mod != PTXModifier::Rn))
      return (void)unsupported(
          Double ? "'wmma.mma' with '" + std::string(spelling(Mod)) +
                       "': only '.rn' (the default) is supported"
                 : "a rounding modifier needs '.f64' wmma.mma");
  WmmaShape Shape{PTXModifier::M16N16K16, M, N, K};
  WmmaFragment FA = wmmaFragment(Shape, WmmaMatrix::A, AT);
  WmmaFragment FB = wmmaFragment(Shape, WmmaMatrix::B, BT);
  WmmaFragment FC = wmmaFragment(Shape, WmmaMatrix::C, CT);
  WmmaFragment FD = wmmaFragment(Shape, WmmaMatrix::C, DT);

  auto Registers = [&](unsigned Index, unsigned Count) -> std::vector<Value *> {
    const std::vector<ScalarOperand> *Elements = vectorOperand(I, Index, Count);
    if (!Elements)
      return {};
    std::vector<Value *> Values;
    if (Index != 0)
      for (const ScalarOperand &R : *Elements) {
        Value *V = readScalar(R, Double ? PTXType::B64 : PTXType::B32);
        if (!V)
          return {};
        Values.push_back(V);
      }
    return Values;
  };
  Registers(0, FD.registers());
  std::vector<Value *> A = Registers(1, FA.registers());
  std::vector<Value *> B = Registers(2, FB.registers());
  std::vector<Value *> CRegs = Registers(3, FC.registers());
  if (Error)
    return;

  auto Pack = [&](ArrayRef<Value *> Regs) {
    Value *V = llvm::PoisonValue::get(
        llvm::FixedVectorType::get(intTy(Double ? 64 : 32), Regs.size()));
    for (unsigned R = 0; R < Regs.size(); ++R)
      V = Builder.CreateInsertElement(V, Regs[R], R);
    return V;
  };
  auto Spell = [](PTXType T) { return std::string(spelling(T).substr(1)); };
  auto WordsOf = [&](const WmmaFragment &Fr) {
    return llvm::FixedVectorType::get(intTy(Fr.registerBits()),
                                      Fr.registers());
  };
  std::string Types = Spell(DT) + "." + Spell(AT) + "." + Spell(BT) + "." +
                      Spell(CT);
  PTXModifier ShapeModifier = K == 4    ? PTXModifier::M8N8K4
                              : K == 8  ? PTXModifier::M16N16K8
                              : M == 32 ? PTXModifier::M32N8K16
                              : M == 8  ? PTXModifier::M8N32K16
                                        : PTXModifier::M16N16K16;
  llvm::FunctionType *FT = llvm::FunctionType::get(
      WordsOf(FD), {WordsOf(FA), WordsOf(FB), WordsOf(FC)}, false);
  Function *Fn = wmmaFunction(
      "mma", spelling(ShapeModifier).substr(1), "", Types, SatFinite, 0, FT,
      [&](Function &Fn) {
        std::vector<Value *> A, B, CRegs;
        for (unsigned R = 0; R < FA.registers(); ++R)
          A.push_back(Builder.CreateExtractElement(Fn.getArg(0), R));
        for (unsigned R = 0; R < FB.registers(); ++R)
          B.push_back(Builder.CreateExtractElement(Fn.getArg(1), R));
        for (unsigned R = 0; R < FC.registers(); ++R)
          CRegs.push_back(Builder.CreateExtractElement(Fn.getArg(2), R));
      Type *SumTy = Integer  ? static_cast<Type *>(intTy(64))
                    : Double ? Builder.getDoubleTy()
                             : Builder.getFloatTy();
      // Element E of a register of type T, as SumTy.
      auto Element = [&](Value *Register, unsigned E, PTXType T) -> Value * {
        if (T == PTXType::TF32) // the upper 19 bits of an f32
          return Builder.CreateBitCast(Builder.CreateAnd(Register, 0xffffe000u),
                                       SumTy);
        if (T == PTXType::F32 || T == PTXType::F64)
          return Builder.CreateBitCast(Register, SumTy);
        if (T == PTXType::S32)
          return Builder.CreateSExt(Register, SumTy);
        unsigned Bits = bitWidth(T);
        Value *V = Builder.CreateTrunc(Builder.CreateLShr(Register, Bits * E),
                                       intTy(Bits));
        if (T == PTXType::S8)
          return Builder.CreateSExt(V, SumTy);
        if (T == PTXType::U8)
          return Builder.CreateZExt(V, SumTy);
        return halfBitsToFloat(V, T == PTXType::BF16);
      };

      Value *FullMask = activeLanes();
      // A 64-bit register moves as two 32-bit halves.
      auto Shuffle = [&](Value *V, Value *SourceLane) -> Value * {
        if (!Double)
          return shuffleFromLane(FullMask, V, SourceLane);
        Value *Low = shuffleFromLane(
            FullMask, Builder.CreateTrunc(V, intTy(32)), SourceLane);
        Value *High = shuffleFromLane(
            FullMask, Builder.CreateTrunc(Builder.CreateLShr(V, 32), intTy(32)),
            SourceLane);
        return Builder.CreateOr(
            Builder.CreateShl(Builder.CreateZExt(High, intTy(64)), 32),
            Builder.CreateZExt(Low, intTy(64)));
      };
      Value *Lane =
          Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
      Value *Row = M == 32 ? Lane : Builder.CreateAnd(Lane, M - 1);
      // D's slots per lane: 8, 2 for f64 m8n8k4.
      const unsigned DSlots = FD.Slots;
      Value *FirstColumn =
          M == 32 ? intC(32, 0)
                  : Builder.CreateShl(Builder.CreateLShr(Lane, log2u(M)),
                                      log2u(DSlots));

      // Row r of A: this lane's own fragment, or chunk q from lane r + M*q.
      std::vector<Value *> RowA(K);
      for (unsigned Q = 0; Q < FA.chunks(); ++Q) {
        Value *Source = Builder.CreateAdd(Row, intC(32, M * Q));
        for (unsigned R = 0; R < FA.registers(); ++R) {
          Value *Word = FA.chunks() == 1 ? A[R] : Shuffle(A[R], Source);
          for (unsigned E = 0; E < FA.perRegister(); ++E)
            RowA[Q * FA.Slots + R * FA.perRegister() + E] = Element(Word, E, AT);
        }
      }
      // Columns c_j of B: chunk q from lane c_j + N*q.
      std::vector<std::vector<Value *>> ColumnB(DSlots, std::vector<Value *>(K));
      for (unsigned J = 0; J < DSlots; ++J)
        for (unsigned Q = 0; Q < FB.chunks(); ++Q) {
          Value *Source = Builder.CreateAdd(FirstColumn, intC(32, J + N * Q));
          for (unsigned R = 0; R < FB.registers(); ++R) {
            Value *Word = Shuffle(B[R], Source);
            for (unsigned E = 0; E < FB.perRegister(); ++E)
              ColumnB[J][Q * FB.Slots + R * FB.perRegister() + E] =
                  Element(Word, E, BT);
          }
        }

      std::vector<Value *> D(DSlots);
      for (unsigned J = 0; J < DSlots; ++J) {
        Value *Sum = Element(CRegs[J / FC.perRegister()], J % FC.perRegister(), CT);
        for (unsigned KK = 0; KK < K; ++KK) {
          Value *X = RowA[KK], *Y = ColumnB[J][KK];
          Sum = Integer
                    ? Builder.CreateAdd(Sum, Builder.CreateMul(X, Y))
                    : Builder.CreateIntrinsic(Intrinsic::fma, {SumTy}, {X, Y, Sum});
        }
        if (Integer) {
          if (SatFinite) {
            Sum = Builder.CreateBinaryIntrinsic(Intrinsic::smax, Sum,
                                                intC(64, uint64_t(INT32_MIN)));
            Sum = Builder.CreateBinaryIntrinsic(Intrinsic::smin, Sum,
                                                intC(64, uint64_t(INT32_MAX)));
          }
          D[J] = Builder.CreateTrunc(Sum, intTy(32));
          continue;
        }
        if (DT == PTXType::F16) {
          Value *Bits = floatToHalfBits(Sum, false);
          if (SatFinite) {
            // +-inf -> +-MAX_NORM, NaN -> +0 (the CUDA C++ API's satf).
            Value *Magnitude = Builder.CreateAnd(Bits, 0x7fff);
            Value *Inf = Builder.CreateICmpEQ(Magnitude, intC(16, 0x7c00));
            Value *NaN = Builder.CreateICmpUGT(Magnitude, intC(16, 0x7c00));
            Bits = Builder.CreateSelect(
                Inf, Builder.CreateOr(Builder.CreateAnd(Bits, 0x8000), 0x7bff),
                Bits);
            Bits = Builder.CreateSelect(NaN, intC(16, 0), Bits);
          }
          D[J] = Builder.CreateZExt(Bits, intTy(32));
          continue;
        }
        if (SatFinite) {
          // +-inf -> +-MAX_NORM, NaN -> +0 (the CUDA C++ API's satf).
          Type *F32 = Builder.getFloatTy();
          Value *NaN = Builder.CreateFCmpUNO(Sum, Sum);
          Sum = Builder.CreateBinaryIntrinsic(
              Intrinsic::minnum,
              Builder.CreateBinaryIntrinsic(Intrinsic::maxnum, Sum,
                                            ConstantFP::get(F32, -3.40282347e+38)),
              ConstantFP::get(F32, 3.40282347e+38));
          Sum = Builder.CreateSelect(NaN, ConstantFP::get(F32, 0.0), Sum);
        }
        D[J] = Builder.CreateBitCast(Sum, intTy(Double ? 64 : 32));
      }
        Value *Result = llvm::PoisonValue::get(WordsOf(FD));
        for (unsigned R = 0; R < FD.registers(); ++R) {
          Value *Bits = D[R * FD.perRegister()];
          if (FD.perRegister() == 2)
            Bits = Builder.CreateOr(Bits,
                                    Builder.CreateShl(D[R * 2 + 1], 16));
          Result = Builder.CreateInsertElement(Result, Bits, R);
        }
        Builder.CreateRet(Result);
      });
  Value *Result = Builder.CreateCall(Fn, {Pack(A), Pack(B), Pack(CRegs)});
  auto *DVec = std::get_if<VectorOperand>(&I.Operands[0].Value);
  for (unsigned R = 0; R < FD.registers(); ++R) {
    auto *Ref = std::get_if<RegisterRef>(&DVec->Elements[R]);
    if (!Ref)
      return (void)fail(I.Operands[0].Position,
                        "destinations must be registers");
    writeRegister(*Ref, Builder.CreateExtractElement(Result, R), false,
                  I.Operands[0].Position);
  }
}

} // namespace rubicon::ptxir
