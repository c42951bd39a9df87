//===- PTXHalfFloatIR.cpp - IR for f16/bf16 (and x2) arithmetic -----------===//
//
// add sub mul fma min max abs neg ex2 tanh on .f16 .bf16 .f16x2 .bf16x2.
// Each 16-bit lane is widened exactly to f32 (f16 by fpext, bf16 by a
// shift), computed exactly in f64 (products of 11- or 8-bit significands are
// exact; sums come with their TwoSum error), rounded to odd into f32 (which
// then rounds to the 16-bit format exactly as the exact result would) and
// rounded to nearest even into the lane: one correct rounding, as the PTX
// ISA defines .rn. .ftz flushes f16 subnormal inputs and results to a
// signed zero, .sat clamps to [0, 1] (NaN -> +0), .relu makes a negative
// rounded result +0 (-0 stays -0: not confirmed on hardware) and NaN the
// canonical 0x7fff.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

constexpr uint64_t CanonicalHalfNaN = 0x7fff;

} // namespace

Value *InlinePTXBuilder::halfBitsToFloat(Value *Bits, bool Brain) {
  if (Brain)
    return Builder.CreateBitCast(
        Builder.CreateShl(Builder.CreateZExt(Bits, intTy(32)), 16),
        Builder.getFloatTy());
  return Builder.CreateFPExt(Builder.CreateBitCast(Bits, Builder.getHalfTy()),
                             Builder.getFloatTy());
}

Value *InlinePTXBuilder::floatToHalfBits(Value *X, bool Brain) {
  if (!Brain)
    return Builder.CreateBitCast(Builder.CreateFPTrunc(X, Builder.getHalfTy()),
                                 intTy(16));
  // Round to nearest even on the bits; NaN stays NaN (quietened).
  Value *Bits = Builder.CreateBitCast(X, intTy(32));
  Value *Lsb = Builder.CreateAnd(Builder.CreateLShr(Bits, 16), 1);
  Value *Rounded = Builder.CreateLShr(
      Builder.CreateAdd(Bits, Builder.CreateAdd(Lsb, intC(32, 0x7fff))), 16);
  Value *Quiet = Builder.CreateOr(Builder.CreateLShr(Bits, 16), 0x40);
  return Builder.CreateTrunc(
      Builder.CreateSelect(Builder.CreateFCmpUNO(X, X), Quiet, Rounded),
      intTy(16));
}

Value *InlinePTXBuilder::roundToOddFloat(Value *Sum, Value *Error) {
  // Sum = RN(exact), Error = exact - Sum. In f64 first: an inexact Sum with
  // an even significand moves one ulp toward the exact value.
  Type *DoubleTy = Builder.getDoubleTy();
  Value *Inf = ConstantFP::getInfinity(DoubleTy);
  Value *Finite = Builder.CreateFCmpOLT(intrinsic(Intrinsic::fabs, {Sum}), Inf);
  auto TowardOdd = [&](Value *X, Value *Inexact, Value *AwayFromZero,
                       unsigned Width) {
    Value *Bits = Builder.CreateBitCast(X, intTy(Width));
    Value *Even =
        Builder.CreateICmpEQ(Builder.CreateAnd(Bits, 1), intC(Width, 0));
    Value *Moved = Builder.CreateSelect(
        AwayFromZero, Builder.CreateAdd(Bits, intC(Width, 1)),
        Builder.CreateSub(Bits, intC(Width, 1)));
    return Builder.CreateBitCast(
        Builder.CreateSelect(Builder.CreateAnd(Inexact, Even), Moved, Bits),
        X->getType());
  };
  Value *Zero = ConstantFP::get(DoubleTy, 0.0);
  Value *Inexact =
      Builder.CreateAnd(Finite, Builder.CreateFCmpONE(Error, Zero));
  Value *Away = Builder.CreateICmpEQ(Builder.CreateFCmpOLT(Sum, Zero),
                                     Builder.CreateFCmpOLT(Error, Zero));
  Value *Odd = TowardOdd(Sum, Inexact, Away, 64);
  // Then f64 -> f32 the same way.
  Value *Narrow = Builder.CreateFPTrunc(Odd, Builder.getFloatTy());
  Value *Back = Builder.CreateFPExt(Narrow, DoubleTy);
  Value *NarrowInexact =
      Builder.CreateAnd(Finite, Builder.CreateFCmpONE(Back, Odd));
  Value *NarrowAway = Builder.CreateFCmpOGT(intrinsic(Intrinsic::fabs, {Odd}),
                                            intrinsic(Intrinsic::fabs, {Back}));
  return TowardOdd(Narrow, NarrowInexact, NarrowAway, 32);
}

void InlinePTXBuilder::emitHalfFloat(const Instruction &I) {
  PTXType T = type();
  bool Brain = T == PTXType::BF16 || T == PTXType::BF16x2;
  bool Packed = T == PTXType::F16x2 || T == PTXType::BF16x2;
  bool Ftz = I.has(PTXModifier::Ftz), Sat = I.has(PTXModifier::Sat),
       Relu = I.has(PTXModifier::Relu);
  PTXOpcode Op = I.opcode();
  // bf16 takes .ftz only on ex2 (ex2.approx.ftz.bf16), where its results
  // are never subnormal enough to matter: nothing to flush.
  if (Brain && ((Ftz && Op != PTXOpcode::Ex2Half) || Sat))
    return (void)fail(
        "'" + std::string(spelling(Sat ? PTXModifier::Sat : PTXModifier::Ftz)) +
        "' is not allowed with '" + std::string(spelling(T)) + "'");
  if (Brain)
    Ftz = false;
  if (Relu && Sat)
    return (void)fail("'.relu' and '.sat' cannot be combined");
  if (I.has(PTXModifier::XorSign) && !I.has(PTXModifier::Abs))
    return (void)fail("'.xorsign' requires '.abs'");
  bool Approximate = Op == PTXOpcode::Ex2Half || Op == PTXOpcode::TanhHalf;
  if (Approximate && !I.has(PTXModifier::Approx))
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' on half precision needs '.approx'");

  PTXType RegisterT = Packed ? PTXType::B32 : PTXType::B16;
  unsigned NumSources = I.Operands.size() - 1;
  std::vector<Value *> Sources;
  for (unsigned K = 0; K < NumSources; ++K) {
    Value *V = read(K + 1, RegisterT);
    if (!V)
      return;
    Sources.push_back(V);
  }

  auto FlushBits = [&](Value *Bits) {
    // f16 subnormal: exponent field 0 -> keep only the sign.
    Value *Subnormal =
        Builder.CreateICmpEQ(Builder.CreateAnd(Bits, 0x7c00), intC(16, 0));
    return Builder.CreateSelect(Subnormal, Builder.CreateAnd(Bits, 0x8000),
                                Bits);
  };
  auto Lane = [&](unsigned Source, unsigned K) {
    Value *Bits = Builder.CreateTrunc(
        Builder.CreateLShr(Sources[Source], 16 * K), intTy(16));
    return Ftz ? FlushBits(Bits) : Bits;
  };
  auto ToDouble = [&](Value *Bits) {
    return Builder.CreateFPExt(halfBitsToFloat(Bits, Brain),
                               Builder.getDoubleTy());
  };

  Value *Result = intC(Packed ? 32 : 16, 0);
  for (unsigned K = 0; K < (Packed ? 2u : 1u); ++K) {
    Value *Bits = nullptr; // The lane's 16-bit result.
    switch (Op) {
    case PTXOpcode::AbsHalf:
      Bits = Builder.CreateAnd(Lane(0, K), 0x7fff);
      break;
    case PTXOpcode::NegHalf:
      Bits = Builder.CreateXor(Lane(0, K), 0x8000);
      break;
    case PTXOpcode::MinHalf:
    case PTXOpcode::MaxHalf: {
      Value *R = floatMinMax(I, Op == PTXOpcode::MinHalf,
                             halfBitsToFloat(Lane(0, K), Brain),
                             halfBitsToFloat(Lane(1, K), Brain));
      Bits = floatToHalfBits(R, Brain); // exact
      break;
    }
    case PTXOpcode::Ex2Half:
    case PTXOpcode::TanhHalf: {
      Value *A = halfBitsToFloat(Lane(0, K), Brain);
      Value *R = Builder.CreateUnaryIntrinsic(
          Op == PTXOpcode::Ex2Half ? Intrinsic::exp2 : Intrinsic::tanh, A);
      Bits = floatToHalfBits(R, Brain);
      break;
    }
    default: {
      // add sub mul fma: exact in f64 (with the TwoSum error), one rounding.
      Value *A = ToDouble(Lane(0, K)), *B = ToDouble(Lane(1, K));
      Value *Sum, *Error = ConstantFP::get(Builder.getDoubleTy(), 0.0);
      if (Op == PTXOpcode::AddHalf)
        std::tie(Sum, Error) = twoSum(A, B);
      else if (Op == PTXOpcode::SubHalf)
        std::tie(Sum, Error) = twoSum(A, Builder.CreateFNeg(B));
      else if (Op == PTXOpcode::MulHalf)
        Sum = Builder.CreateFMul(A, B);
      else
        std::tie(Sum, Error) =
            twoSum(Builder.CreateFMul(A, B), ToDouble(Lane(2, K)));
      Value *R = roundToOddFloat(Sum, Error);
      if (Sat)
        R = saturateUnit(R); // commutes with the rounding: 0, 1 are exact
      Bits = floatToHalfBits(R, Brain);
      if (Relu) {
        // A negative rounded result becomes +0 (-0 stays), NaN canonical.
        Value *Negative = Builder.CreateAnd(
            Builder.CreateICmpNE(Builder.CreateAnd(Bits, 0x8000), intC(16, 0)),
            Builder.CreateICmpNE(Builder.CreateAnd(Bits, 0x7fff), intC(16, 0)));
        Bits = Builder.CreateSelect(
            Builder.CreateFCmpUNO(R, R), intC(16, CanonicalHalfNaN),
            Builder.CreateSelect(Negative, intC(16, 0), Bits));
      }
      break;
    }
    }
    if (Ftz)
      Bits = FlushBits(Bits);
    Result = Builder.CreateOr(
        Result,
        Builder.CreateShl(Builder.CreateZExt(Bits, Result->getType()), 16 * K));
  }
  write(0, Result, RegisterT);
}

bool InlinePTXBuilder::emitHalfConvert(const Instruction &I) {
  if (I.Types.size() != 2 || type(1) != PTXType::F32)
    return false;
  PTXType DestT = type(0);
  bool Brain = DestT == PTXType::BF16 || DestT == PTXType::BF16x2;
  bool Packed = DestT == PTXType::F16x2 || DestT == PTXType::BF16x2;
  bool Tensor = DestT == PTXType::TF32;
  if (!Brain && !Packed && !Tensor && DestT != PTXType::F16)
    return false;
  bool Relu = I.has(PTXModifier::Relu),
       SatFinite = I.has(PTXModifier::SatFinite);
  PTXModifier Rounding =
      I.find(PTXModifierCategory::Rounding).value_or(PTXModifier::Rn);
  // Plain cvt.rn/.rz/.rm/.rp.f16.f32 stays with emitConvert.
  if (DestT == PTXType::F16 && !Relu && !SatFinite)
    return false;
  if (I.has(PTXModifier::Ftz) || I.has(PTXModifier::Sat)) {
    fail("'.ftz' and '.sat' do not apply to this conversion");
    return true;
  }
  if (Tensor ? (Relu ||
                (Rounding != PTXModifier::Rna && Rounding != PTXModifier::Rn &&
                 Rounding != PTXModifier::Rz))
             : (Rounding != PTXModifier::Rn && Rounding != PTXModifier::Rz)) {
    unsupported("rounding mode '" + std::string(spelling(Rounding)) +
                "' for this conversion");
    return true;
  }
  if (I.Operands.size() != (Packed ? 3u : 2u)) {
    fail(std::string(spelling(DestT)) + " conversion takes " +
         (Packed ? "3" : "2") + " operands");
    return true;
  }

  // One f32 value -> 16 result bits (tf32: 32 bits).
  auto Convert = [&](Value *X) -> Value * {
    Value *Bits32 = Builder.CreateBitCast(X, intTy(32));
    Value *IsNaN = Builder.CreateFCmpUNO(X, X);
    if (Tensor) {
      // tf32: 10 fraction bits kept in an f32 container, low 13 bits zero.
      Value *Rounded;
      if (Rounding == PTXModifier::Rz) {
        Rounded = Bits32;
      } else if (Rounding == PTXModifier::Rna) {
        Rounded = Builder.CreateAdd(Bits32, intC(32, 0x1000));
      } else {
        Value *Lsb = Builder.CreateAnd(Builder.CreateLShr(Bits32, 13), 1);
        Rounded =
            Builder.CreateAdd(Bits32, Builder.CreateAdd(Lsb, intC(32, 0xfff)));
      }
      Value *R = Builder.CreateAnd(Rounded, intC(32, ~uint64_t(0x1fff)));
      if (SatFinite) {
        Value *Overflow = Builder.CreateICmpEQ(Builder.CreateAnd(R, 0x7f800000),
                                               intC(32, 0x7f800000));
        R = Builder.CreateSelect(
            Overflow,
            Builder.CreateOr(Builder.CreateAnd(Bits32, 0x80000000),
                             intC(32, 0x7f7fe000)),
            R);
      }
      return Builder.CreateSelect(IsNaN, intC(32, 0x7fffffff), R);
    }
    Value *Bits;
    if (Brain)
      Bits =
          Rounding == PTXModifier::Rz
              ? Builder.CreateTrunc(Builder.CreateLShr(Bits32, 16), intTy(16))
              : floatToHalfBits(X, true);
    else
      Bits = Builder.CreateBitCast(
          narrowDirected(X, nullptr, Builder.getHalfTy(), Rounding), intTy(16));
    uint64_t ExponentMask = Brain ? 0x7f80 : 0x7c00;
    uint64_t MaxFinite = Brain ? 0x7f7f : 0x7bff;
    if (SatFinite) {
      Value *Infinite = Builder.CreateICmpEQ(Builder.CreateAnd(Bits, 0x7fff),
                                             intC(16, ExponentMask));
      Bits =
          Builder.CreateSelect(Infinite,
                               Builder.CreateOr(Builder.CreateAnd(Bits, 0x8000),
                                                intC(16, MaxFinite)),
                               Bits);
    }
    if (Relu) {
      Value *Negative = Builder.CreateAnd(
          Builder.CreateICmpNE(Builder.CreateAnd(Bits, 0x8000), intC(16, 0)),
          Builder.CreateICmpNE(Builder.CreateAnd(Bits, 0x7fff), intC(16, 0)));
      Bits = Builder.CreateSelect(Negative, intC(16, 0), Bits);
    }
    return Builder.CreateSelect(IsNaN, intC(16, CanonicalHalfNaN), Bits);
  };

  if (!Packed) {
    Value *X = read(1, PTXType::F32);
    if (X)
      write(0, Convert(X), Tensor ? PTXType::B32 : PTXType::B16);
    return true;
  }
  // a goes to the upper half, b to the lower one.
  Value *A = read(1, PTXType::F32), *B = read(2, PTXType::F32);
  if (!A || !B)
    return true;
  Value *High = Builder.CreateZExt(Convert(A), intTy(32));
  Value *Low = Builder.CreateZExt(Convert(B), intTy(32));
  write(0, Builder.CreateOr(Builder.CreateShl(High, 16), Low), PTXType::B32);
  return true;
}

void InlinePTXBuilder::emitHalfCompare(const Instruction &I) {
  PTXType T = type();
  bool Brain = T == PTXType::BF16 || T == PTXType::BF16x2;
  bool Packed = T == PTXType::F16x2 || T == PTXType::BF16x2;
  std::optional<PTXModifier> Cmp = I.find(PTXModifierCategory::Comparison);
  if (!Cmp)
    return (void)fail("missing comparison operator");
  std::optional<PTXModifier> BoolOp = I.find(PTXModifierCategory::Operation);
  if (BoolOp.has_value() != (I.Operands.size() == 4))
    return (void)fail("a combining operator and a predicate operand c go "
                      "together");
  const Operand &Dest = I.Operands[0];
  auto *Pair = std::get_if<PredicatePair>(&Dest.Value);
  if (Packed != (Pair != nullptr))
    return (void)fail(Dest.Position, Packed ? "'setp' on a pair writes 'p|q'"
                                            : "'setp' on one value writes "
                                              "one predicate");
  PTXType RegisterT = Packed ? PTXType::B32 : PTXType::B16;
  Value *A = read(1, RegisterT), *B = read(2, RegisterT);
  Value *C = BoolOp ? read(3, PTXType::Pred) : nullptr;
  if (!A || !B || (BoolOp && !C))
    return;
  bool Ftz = I.has(PTXModifier::Ftz) && !Brain;
  auto LaneValue = [&](Value *Bits, unsigned K) {
    Value *Lane =
        Builder.CreateTrunc(Builder.CreateLShr(Bits, 16 * K), intTy(16));
    if (Ftz)
      Lane = Builder.CreateSelect(
          Builder.CreateICmpEQ(Builder.CreateAnd(Lane, 0x7c00), intC(16, 0)),
          Builder.CreateAnd(Lane, 0x8000), Lane);
    return halfBitsToFloat(Lane, Brain);
  };
  auto Result = [&](unsigned K) -> Value * {
    Value *R = compare(*Cmp, LaneValue(A, K), LaneValue(B, K), PTXType::F32);
    if (!R || !BoolOp)
      return R;
    return *BoolOp == PTXModifier::And  ? Builder.CreateAnd(R, C)
           : *BoolOp == PTXModifier::Or ? Builder.CreateOr(R, C)
                                        : Builder.CreateXor(R, C);
  };
  Value *Low = Result(0);
  if (!Low)
    return;
  if (!Packed)
    return write(0, Low, PTXType::Pred);
  Value *High = Result(1);
  if (!High)
    return;
  writeRegister(Pair->First, Low, false, Dest.Position);
  writeRegister(Pair->Second, High, false, Dest.Position);
}

} // namespace rubicon::ptxir
