//===- PTXCompareFloatIR.cpp - PTX compare and f32/f64 instructions -------===//
//
// The compare family (setp set selp slct; the comparison operators are the
// table PTXComparisons.def) and the f32/f64 float family (add sub mul fma
// mad div rcp sqrt rsqrt sin cos lg2 ex2 tanh min max abs neg copysign
// testp) with directed rounding, .ftz and .sat, following the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon {
namespace ptxir {

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

namespace {
/// A comparison operator's predicates (PTXComparisons.def).
struct ComparisonRow {
  PTXModifier Modifier;
  CmpInst::Predicate Float, Signed, Unsigned;
};
constexpr ComparisonRow Comparisons[] = {
#define PTX_COMPARISON(Modifier, Float, Signed, Unsigned)                      \
  {PTXModifier::Modifier, CmpInst::Float, CmpInst::Signed, CmpInst::Unsigned},
#include "PTXComparisons.def"
};
} // namespace

Value *InlinePTXBuilder::compare(PTXModifier Comparison, Value *A, Value *B,
                                 PTXType T) {
  const ComparisonRow *Row = nullptr;
  for (const ComparisonRow &R : Comparisons)
    if (R.Modifier == Comparison)
      Row = &R;
  std::string Name = "'" + std::string(spelling(Comparison)) + "'";
  if (isFloat(T)) {
    if (!Row || Row->Float == CmpInst::BAD_FCMP_PREDICATE)
      return fail(Name + " is not a floating-point comparison");
    return Builder.CreateFCmp(Row->Float, A, B);
  }
  if (!Row || Row->Unsigned == CmpInst::BAD_ICMP_PREDICATE)
    return fail(Name + " is not an integer comparison");
  bool Signed = isSigned(T);
  CmpInst::Predicate P = Signed ? Row->Signed : Row->Unsigned;
  if (kind(T) == PTXTypeKind::Bits && P != CmpInst::ICMP_EQ &&
      P != CmpInst::ICMP_NE)
    return fail("'.b' types allow only '.eq' and '.ne'");
  if (P == CmpInst::BAD_ICMP_PREDICATE) // .lo .ls .hi .hs on a signed type
    return fail(Name + " requires an unsigned type");
  return Builder.CreateICmp(P, A, B);
}

void InlinePTXBuilder::emitCompare(const Instruction &I) {
  if (I.opcode() == PTXOpcode::SetpHalf)
    return emitHalfCompare(I);
  switch (I.opcode()) {
  case PTXOpcode::Setp:
  case PTXOpcode::Set: {
    bool IsSetp = I.opcode() == PTXOpcode::Setp;
    PTXType SourceT = IsSetp ? type(0) : type(1);
    std::optional<PTXModifier> Cmp = I.find(PTXModifierCategory::Comparison);
    if (!Cmp) {
      // `.lo`/`.hi` are Width modifiers that double as comparisons.
      for (PTXModifier M : I.Modifiers)
        if (M == PTXModifier::Lo || M == PTXModifier::Hi)
          Cmp = M;
    }
    if (!Cmp)
      return (void)fail("missing comparison operator");
    Value *X = read(1, SourceT), *Y = read(2, SourceT);
    if (!X || !Y)
      return;
    if (I.has(PTXModifier::Ftz) && isFloat(SourceT)) {
      X = flushDenormal(X);
      Y = flushDenormal(Y);
    }
    Value *Result = compare(*Cmp, X, Y, SourceT);
    if (!Result)
      return;
    Value *Inverse = Builder.CreateNot(Result);
    std::optional<PTXModifier> BoolOp;
    for (PTXModifier M : I.Modifiers)
      if (M == PTXModifier::And || M == PTXModifier::Or ||
          M == PTXModifier::Xor)
        BoolOp = M;
    if (BoolOp) {
      if (I.Operands.size() != 4)
        return (void)fail("a combining operator needs a predicate operand c");
      Value *C = read(3, PTXType::Pred);
      if (!C)
        return;
      auto Combine = [&](Value *V) {
        return *BoolOp == PTXModifier::And  ? Builder.CreateAnd(V, C)
               : *BoolOp == PTXModifier::Or ? Builder.CreateOr(V, C)
                                            : Builder.CreateXor(V, C);
      };
      Result = Combine(Result);
      Inverse = Combine(Inverse);
    } else if (I.Operands.size() == 4) {
      return (void)fail("a predicate operand c needs '.and', '.or' or '.xor'");
    }
    if (IsSetp) {
      const Operand &Dest = I.Operands[0];
      if (auto *Pair = std::get_if<PredicatePair>(&Dest.Value)) {
        writeRegister(Pair->First, Result, false, Dest.Position);
        writeRegister(Pair->Second, Inverse, false, Dest.Position);
        return;
      }
      return write(0, Result, PTXType::Pred);
    }
    // set: 1.0f / 0.0f, or all ones / zero.
    PTXType DestT = type(0);
    Value *R = DestT == PTXType::F32
                   ? Builder.CreateSelect(
                         Result, ConstantFP::get(Builder.getFloatTy(), 1.0),
                         ConstantFP::get(Builder.getFloatTy(), 0.0))
                   : Builder.CreateSExt(Result, intTy(32));
    return write(0, R, DestT);
  }
  case PTXOpcode::Selp: {
    Value *X = read(1, type()), *Y = read(2, type()),
          *C = read(3, PTXType::Pred);
    if (!X || !Y || !C)
      return;
    return write(0, Builder.CreateSelect(C, X, Y), type());
  }
  case PTXOpcode::Slct: {
    Value *X = read(1, type()), *Y = read(2, type()), *C = read(3, type(1));
    if (!X || !Y || !C)
      return;
    Value *Choose;
    if (type(1) == PTXType::F32) {
      if (I.has(PTXModifier::Ftz))
        C = flushDenormal(C);
      Choose = Builder.CreateFCmpOGE(C, ConstantFP::get(C->getType(), 0.0));
    } else {
      Choose = Builder.CreateICmpSGE(C, intC(32, 0));
    }
    return write(0, Builder.CreateSelect(Choose, X, Y), type());
  }
  default:
    unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

/// Subnormal -> zero of the same sign (the .ftz behaviour).
Value *InlinePTXBuilder::flushDenormal(Value *X) {
  Type *Ty = X->getType();
  APFloat Smallest = APFloat::getSmallestNormalized(Ty->getFltSemantics());
  Value *Tiny = Builder.CreateFCmpOLT(intrinsic(Intrinsic::fabs, {X}),
                                      ConstantFP::get(Ty, Smallest));
  Value *Zero = Builder.CreateCall(
      Intrinsic::getOrInsertDeclaration(&M, Intrinsic::copysign, {Ty}),
      {ConstantFP::get(Ty, 0.0), X});
  return Builder.CreateSelect(Tiny, Zero, X);
}

/// Clamp to [0.0, 1.0]; NaN and -0.0 become +0.0 (.sat).
Value *InlinePTXBuilder::saturateUnit(Value *X) {
  Type *Ty = X->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0), *One = ConstantFP::get(Ty, 1.0);
  Value *Upper = Builder.CreateSelect(Builder.CreateFCmpOLT(X, One), X, One);
  return Builder.CreateSelect(Builder.CreateFCmpOGT(X, Zero), Upper, Zero);
}

/// The next representable value above X (X not NaN, not +inf).
Value *InlinePTXBuilder::nextUp(Value *X) {
  Type *Ty = X->getType();
  unsigned W = Ty->getPrimitiveSizeInBits().getFixedValue();
  Value *Bits = Builder.CreateBitCast(X, intTy(W));
  Value *Up = Builder.CreateSelect(Builder.CreateICmpSLT(Bits, intC(W, 0)),
                                   Builder.CreateSub(Bits, intC(W, 1)),
                                   Builder.CreateAdd(Bits, intC(W, 1)));
  Value *IsZero = Builder.CreateFCmpOEQ(X, ConstantFP::get(Ty, 0.0));
  Up = Builder.CreateSelect(IsZero, intC(W, 1), Up);
  return Builder.CreateBitCast(Up, Ty);
}

/// Given Result (round-to-nearest) and whether the exact value lies below
/// or above it, the result in a directed rounding mode.
Value *InlinePTXBuilder::directedRound(Value *Result, Value *Below,
                                       Value *Above, PTXModifier Rounding) {
  Type *Ty = Result->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0);
  switch (Rounding) {
  case PTXModifier::Rm:
    return Builder.CreateSelect(Below, nextDown(Result), Result);
  case PTXModifier::Rp:
    return Builder.CreateSelect(Above, nextUp(Result), Result);
  case PTXModifier::Rz: {
    Value *Down = Builder.CreateAnd(Below, Builder.CreateFCmpOGT(Result, Zero));
    Value *Up = Builder.CreateAnd(Above, Builder.CreateFCmpOLT(Result, Zero));
    return Builder.CreateSelect(
        Down, nextDown(Result),
        Builder.CreateSelect(Up, nextUp(Result), Result));
  }
  default:
    return Result;
  }
}

/// Rounds Wide + Error (Error: the exact remainder, same sign convention,
/// or null when Wide is exact) to the narrower type in a directed mode.
/// Wide's format must contain every value of Narrow.
Value *InlinePTXBuilder::narrowDirected(Value *Wide, Value *Error, Type *Narrow,
                                        PTXModifier Rounding) {
  Value *Near = Builder.CreateFPTrunc(Wide, Narrow);
  if (Rounding == PTXModifier::Rn)
    return Near;
  Value *Back = Builder.CreateFPExt(Near, Wide->getType());
  Value *Below = Builder.CreateFCmpOGT(Back, Wide);
  Value *Above = Builder.CreateFCmpOLT(Back, Wide);
  if (Error) {
    Value *Zero = ConstantFP::get(Error->getType(), 0.0);
    Value *Same = Builder.CreateFCmpOEQ(Back, Wide);
    Below = Builder.CreateOr(
        Below, Builder.CreateAnd(Same, Builder.CreateFCmpOLT(Error, Zero)));
    Above = Builder.CreateOr(
        Above, Builder.CreateAnd(Same, Builder.CreateFCmpOGT(Error, Zero)));
  }
  return directedRound(Near, Below, Above, Rounding);
}

std::pair<Value *, Value *> InlinePTXBuilder::twoSum(Value *A, Value *B) {
  Value *S = Builder.CreateFAdd(A, B);
  Value *BB = Builder.CreateFSub(S, A);
  Value *Error =
      Builder.CreateFAdd(Builder.CreateFSub(A, Builder.CreateFSub(S, BB)),
                         Builder.CreateFSub(B, BB));
  return {S, Error};
}

/// add/sub/mul/fma/div/sqrt/rcp with a rounding mode, on f32 or f64 values.
Value *InlinePTXBuilder::floatArithmetic(const Instruction &I,
                                         ArrayRef<Value *> Args,
                                         PTXModifier Rounding) {
  Type *Ty = Args[0]->getType();
  bool IsF32 = Ty->isFloatTy();
  PTXOpcode Op = I.opcode();
  bool Approx = I.has(PTXModifier::Approx);
  auto Native = [&]() -> Value * {
    FastMathFlags FMF;
    if (Approx)
      FMF.setApproxFunc();
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    Builder.setFastMathFlags(FMF);
    switch (Op) {
    case PTXOpcode::AddFloat:
      return Builder.CreateFAdd(Args[0], Args[1]);
    case PTXOpcode::SubFloat:
      return Builder.CreateFSub(Args[0], Args[1]);
    case PTXOpcode::MulFloat:
      return Builder.CreateFMul(Args[0], Args[1]);
    case PTXOpcode::FmaFloat:
    case PTXOpcode::MadFloat:
      return Builder.CreateIntrinsic(Intrinsic::fma, {Ty}, Args);
    case PTXOpcode::DivFloat:
      return Builder.CreateFDiv(Args[0], Args[1]);
    case PTXOpcode::Rcp:
      return Builder.CreateFDiv(ConstantFP::get(Ty, 1.0), Args[0]);
    case PTXOpcode::Sqrt:
      return Builder.CreateIntrinsic(Intrinsic::sqrt, {Ty}, Args);
    default:
      return nullptr;
    }
  };
  if (Rounding == PTXModifier::Rn || Approx)
    return Native();

  // Directed rounding. f32: compute exactly (or with an exact remainder) in
  // double and round once. f64: error-free transformations.
  Type *DoubleTy = Builder.getDoubleTy();
  Value *Zero = ConstantFP::get(DoubleTy, 0.0);
  auto Fma = [&](Value *A, Value *B, Value *C) {
    return Builder.CreateIntrinsic(Intrinsic::fma, {A->getType()}, {A, B, C});
  };
  if (IsF32) {
    SmallVector<Value *, 3> D;
    for (Value *A : Args)
      D.push_back(Builder.CreateFPExt(A, DoubleTy));
    Value *Result = nullptr, *Error = nullptr;
    switch (Op) {
    case PTXOpcode::AddFloat:
    case PTXOpcode::SubFloat: {
      Value *B = Op == PTXOpcode::SubFloat ? Builder.CreateFNeg(D[1]) : D[1];
      std::tie(Result, Error) = twoSum(D[0], B);
      Value *Rounded = narrowDirected(Result, Error, Ty, Rounding);
      if (Rounding == PTXModifier::Rm) {
        // An exact zero sum is -0.0 when rounding down.
        Value *NegSum = Builder.CreateFNeg(Builder.CreateFAdd(
            Builder.CreateFNeg(Args[0]),
            Op == PTXOpcode::SubFloat ? Args[1] : Builder.CreateFNeg(Args[1])));
        Rounded = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero),
                                       NegSum, Rounded);
      }
      return Rounded;
    }
    case PTXOpcode::MulFloat:
      return narrowDirected(Builder.CreateFMul(D[0], D[1]), nullptr, Ty,
                            Rounding);
    case PTXOpcode::FmaFloat:
    case PTXOpcode::MadFloat: {
      Value *Product = Builder.CreateFMul(D[0], D[1]); // exact
      std::tie(Result, Error) = twoSum(Product, D[2]);
      Value *Rounded = narrowDirected(Result, Error, Ty, Rounding);
      if (Rounding == PTXModifier::Rm) {
        Value *NegSum = Builder.CreateFPTrunc(
            Builder.CreateFNeg(Builder.CreateFAdd(Builder.CreateFNeg(Product),
                                                  Builder.CreateFNeg(D[2]))),
            Ty);
        Rounded = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero),
                                       NegSum, Rounded);
      }
      return Rounded;
    }
    case PTXOpcode::DivFloat:
    case PTXOpcode::Rcp: {
      Value *Num = Op == PTXOpcode::Rcp ? ConstantFP::get(DoubleTy, 1.0) : D[0];
      Value *Den = Op == PTXOpcode::Rcp ? D[0] : D[1];
      Value *Q = Builder.CreateFDiv(Num, Den);
      // Num - Q*Den is exact; the exact quotient is Q + Rem/Den.
      Value *Rem = Fma(Builder.CreateFNeg(Q), Den, Num);
      Error = Builder.CreateFMul(Rem, Den); // sign of Rem/Den
      return narrowDirected(Q, Error, Ty, Rounding);
    }
    case PTXOpcode::Sqrt: {
      Value *S = Builder.CreateIntrinsic(Intrinsic::sqrt, {DoubleTy}, {D[0]});
      Error = Fma(Builder.CreateFNeg(S), S, D[0]);
      return narrowDirected(S, Error, Ty, Rounding);
    }
    default:
      return unsupported();
    }
  }

  // f64.
  Value *Result, *Error;
  switch (Op) {
  case PTXOpcode::AddFloat:
  case PTXOpcode::SubFloat: {
    Value *B =
        Op == PTXOpcode::SubFloat ? Builder.CreateFNeg(Args[1]) : Args[1];
    std::tie(Result, Error) = twoSum(Args[0], B);
    if (Rounding == PTXModifier::Rm) {
      Value *NegSum = Builder.CreateFNeg(Builder.CreateFAdd(
          Builder.CreateFNeg(Args[0]), Builder.CreateFNeg(B)));
      Result = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero), NegSum,
                                    Result);
    }
    break;
  }
  case PTXOpcode::MulFloat:
    // Exact unless the product is subnormal (documented limitation).
    Result = Builder.CreateFMul(Args[0], Args[1]);
    Error = Fma(Args[0], Args[1], Builder.CreateFNeg(Result));
    break;
  case PTXOpcode::FmaFloat:
  case PTXOpcode::MadFloat:
  case PTXOpcode::DivFloat:
  case PTXOpcode::Rcp:
  case PTXOpcode::Sqrt: {
    // NVVM's own directed-rounding intrinsics; the lowering calls the device
    // library's exact implementations (runtime-shim/device/
    // DirectedRounding.cpp), the same as the __fma_rz/__ddiv_rd headers'.
    static constexpr Intrinsic::ID Table[4][3] = {
        {Intrinsic::nvvm_fma_rz_d, Intrinsic::nvvm_fma_rm_d,
         Intrinsic::nvvm_fma_rp_d},
        {Intrinsic::nvvm_div_rz_d, Intrinsic::nvvm_div_rm_d,
         Intrinsic::nvvm_div_rp_d},
        {Intrinsic::nvvm_rcp_rz_d, Intrinsic::nvvm_rcp_rm_d,
         Intrinsic::nvvm_rcp_rp_d},
        {Intrinsic::nvvm_sqrt_rz_d, Intrinsic::nvvm_sqrt_rm_d,
         Intrinsic::nvvm_sqrt_rp_d}};
    unsigned Row = Op == PTXOpcode::DivFloat ? 1
                   : Op == PTXOpcode::Rcp    ? 2
                   : Op == PTXOpcode::Sqrt   ? 3
                                             : 0;
    unsigned Column = Rounding == PTXModifier::Rz   ? 0
                      : Rounding == PTXModifier::Rm ? 1
                                                    : 2;
    return Builder.CreateIntrinsic(Table[Row][Column], {}, Args);
  }
  default:
    return unsupported("directed rounding of f64 " +
                       std::string(I.Info->Mnemonic) + " is not supported yet");
  }
  // Overflow to infinity from finite operands: the exact value is finite.
  Value *Inf = ConstantFP::getInfinity(DoubleTy);
  Value *FiniteArgs = Builder.getTrue();
  for (Value *A : Args)
    FiniteArgs = Builder.CreateAnd(
        FiniteArgs,
        Builder.CreateFCmpONE(intrinsic(Intrinsic::fabs, {A}), Inf));
  Value *Overflow = Builder.CreateAnd(
      FiniteArgs,
      Builder.CreateFCmpOEQ(intrinsic(Intrinsic::fabs, {Result}), Inf));
  Value *Below = Builder.CreateOr(
      Builder.CreateFCmpOLT(Error, Zero),
      Builder.CreateAnd(Overflow, Builder.CreateFCmpOGT(Result, Zero)));
  Value *Above = Builder.CreateOr(
      Builder.CreateFCmpOGT(Error, Zero),
      Builder.CreateAnd(Overflow, Builder.CreateFCmpOLT(Result, Zero)));
  // nextDown(+inf) is the largest finite value, as wanted.
  return directedRound(Result, Below, Above, Rounding);
}

Value *InlinePTXBuilder::floatMinMax(const Instruction &I, bool IsMin,
                                     Value *A, Value *B) {
  Type *Ty = A->getType();
  auto CopySign = [&](Value *Magnitude, Value *Sign) {
    return Builder.CreateBinaryIntrinsic(Intrinsic::copysign, Magnitude, Sign);
  };
  Value *Sign = nullptr;
  if (I.has(PTXModifier::XorSign))
    Sign = Builder.CreateFMul(CopySign(ConstantFP::get(Ty, 1.0), A),
                              CopySign(ConstantFP::get(Ty, 1.0), B));
  if (I.has(PTXModifier::Abs)) {
    A = intrinsic(Intrinsic::fabs, {A});
    B = intrinsic(Intrinsic::fabs, {B});
  }
  // PTX: a NaN operand is ignored (both NaN: NaN); .NaN propagates it.
  // -0.0 orders below +0.0.
  Intrinsic::ID ID =
      I.has(PTXModifier::NaN)
          ? (IsMin ? Intrinsic::minimum : Intrinsic::maximum)
          : (IsMin ? Intrinsic::minimumnum : Intrinsic::maximumnum);
  Value *R = Builder.CreateIntrinsic(ID, {Ty}, {A, B});
  return Sign ? CopySign(R, Sign) : R;
}

void InlinePTXBuilder::emitFloat(const Instruction &I) {
  PTXType T = type();
  Type *Ty = llvmType(T);
  bool Ftz = I.has(PTXModifier::Ftz);
  unsigned NumSources = I.Operands.size() - 1;
  SmallVector<Value *, 3> Args;
  for (unsigned N = 1; N <= NumSources; ++N) {
    if (I.opcode() == PTXOpcode::Testp)
      break;
    Value *V = read(N, T);
    if (!V)
      return;
    Args.push_back(Ftz ? flushDenormal(V) : V);
  }
  auto Finish = [&](Value *R) {
    if (!R)
      return;
    if (Ftz)
      R = flushDenormal(R);
    if (I.has(PTXModifier::Sat))
      R = saturateUnit(R);
    write(0, R, T);
  };
  PTXModifier Rounding =
      I.find(PTXModifierCategory::Rounding).value_or(PTXModifier::Rn);
  auto Approximate = [&](Intrinsic::ID ID) {
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    FastMathFlags FMF;
    FMF.setApproxFunc();
    Builder.setFastMathFlags(FMF);
    return Builder.CreateIntrinsic(ID, {Ty}, Args);
  };
  switch (I.opcode()) {
  case PTXOpcode::AddFloat:
  case PTXOpcode::SubFloat:
  case PTXOpcode::MulFloat:
  case PTXOpcode::FmaFloat:
  case PTXOpcode::MadFloat:
  case PTXOpcode::Sqrt:
  case PTXOpcode::Rcp:
  case PTXOpcode::DivFloat:
    if ((I.opcode() == PTXOpcode::DivFloat || I.opcode() == PTXOpcode::Rcp ||
         I.opcode() == PTXOpcode::Sqrt) &&
        !I.find(PTXModifierCategory::Rounding) && !I.has(PTXModifier::Approx) &&
        !I.has(PTXModifier::Full))
      return (void)fail("'" + std::string(I.Info->Mnemonic) +
                        "' needs '.approx', '.full' or a rounding modifier");
    return Finish(floatArithmetic(I, Args, Rounding));
  case PTXOpcode::Rsqrt: {
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    FastMathFlags FMF;
    FMF.setApproxFunc();
    Builder.setFastMathFlags(FMF);
    Value *Root = Builder.CreateIntrinsic(Intrinsic::sqrt, {Ty}, Args);
    return Finish(Builder.CreateFDiv(ConstantFP::get(Ty, 1.0), Root));
  }
  case PTXOpcode::Sin:
    return Finish(Approximate(Intrinsic::sin));
  case PTXOpcode::Cos:
    return Finish(Approximate(Intrinsic::cos));
  case PTXOpcode::Lg2:
    return Finish(Approximate(Intrinsic::log2));
  case PTXOpcode::Ex2:
    return Finish(Approximate(Intrinsic::exp2));
  case PTXOpcode::Tanh:
    return Finish(Approximate(Intrinsic::tanh));
  case PTXOpcode::MinFloat:
  case PTXOpcode::MaxFloat: {
    if (I.has(PTXModifier::XorSign) && !I.has(PTXModifier::Abs))
      return (void)fail("'.xorsign' requires '.abs'");
    return Finish(
        floatMinMax(I, I.opcode() == PTXOpcode::MinFloat, Args[0], Args[1]));
  }
  case PTXOpcode::AbsFloat:
    return Finish(intrinsic(Intrinsic::fabs, {Args[0]}));
  case PTXOpcode::NegFloat:
    return Finish(Builder.CreateFNeg(Args[0]));
  case PTXOpcode::Copysign:
    // copysign d, a, b: b's magnitude with a's sign.
    return Finish(Builder.CreateCall(
        Intrinsic::getOrInsertDeclaration(&M, Intrinsic::copysign, {Ty}),
        {Args[1], Args[0]}));
  case PTXOpcode::Testp: {
    Value *X = read(1, T);
    if (!X)
      return;
    FPClassTest Test;
    switch (I.find(PTXModifierCategory::Mode).value_or(PTXModifier::Finite)) {
    case PTXModifier::Finite:
      Test = fcFinite;
      break;
    case PTXModifier::Infinite:
      Test = fcInf;
      break;
    case PTXModifier::Number:
      Test = FPClassTest(~fcNan & fcAllFlags);
      break;
    case PTXModifier::NotANumber:
      Test = fcNan;
      break;
    case PTXModifier::Normal:
      Test = fcNormal;
      break;
    case PTXModifier::Subnormal:
      Test = fcSubnormal;
      break;
    default:
      return (void)fail("testp needs a class such as '.finite'");
    }
    return write(0, Builder.createIsFPClass(X, Test), PTXType::Pred);
  }
  default:
    unsupported();
  }
}

} // namespace ptxir
} // namespace rubicon
