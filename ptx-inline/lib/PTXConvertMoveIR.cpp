//===- PTXConvertMoveIR.cpp - PTX cvt, cvta, isspacep and mov -------------===//
//
// The convert family (cvt between every integer and float type with
// rounding, saturation and .ftz; cvt.pack; cvta; isspacep) and the move
// family (mov of registers, immediates and vectors, packing and unpacking),
// following the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon {
namespace ptxir {

//===----------------------------------------------------------------------===//
// Conversion and movement
//===----------------------------------------------------------------------===//

/// Integer -> f32/f64 in a directed rounding mode, in integer arithmetic.
Value *InlinePTXBuilder::intToFloatDirected(Value *Int, bool Signed,
                                            Type *FloatTy,
                                            PTXModifier Rounding) {
  unsigned W = Int->getType()->getIntegerBitWidth();
  unsigned Precision = FloatTy->isFloatTy() ? 24 : 53;
  unsigned Bias = FloatTy->isFloatTy() ? 127 : 1023;
  unsigned FW = FloatTy->isFloatTy() ? 32 : 64;
  Value *Neg =
      Signed ? Builder.CreateICmpSLT(Int, intC(W, 0)) : Builder.getFalse();
  Value *Mag =
      Signed ? intrinsic(Intrinsic::abs, {Int, Builder.getFalse()}) : Int;
  Value *M64 = Builder.CreateZExt(Mag, intTy(64));
  Value *IsZero = Builder.CreateICmpEQ(M64, intC(64, 0));
  Value *Lz = intrinsic(Intrinsic::ctlz, {M64, Builder.getTrue()});
  Lz = Builder.CreateSelect(IsZero, intC(64, 0), Lz);
  Value *N = Builder.CreateShl(M64, Lz);
  Value *Top = Builder.CreateLShr(N, 64 - Precision);
  Value *Rest = Builder.CreateShl(N, Precision);
  Value *Exponent = Builder.CreateAdd(Builder.CreateSub(intC(64, 63), Lz),
                                      intC(64, Bias - 1));
  Value *Bits =
      Builder.CreateAdd(Builder.CreateShl(Exponent, Precision - 1), Top);
  Value *Inexact = Builder.CreateICmpNE(Rest, intC(64, 0));
  Value *RoundUp = Builder.getFalse();
  if (Rounding == PTXModifier::Rp)
    RoundUp = Builder.CreateAnd(Inexact, Builder.CreateNot(Neg));
  else if (Rounding == PTXModifier::Rm)
    RoundUp = Builder.CreateAnd(Inexact, Neg);
  Bits = Builder.CreateAdd(Bits, Builder.CreateZExt(RoundUp, intTy(64)));
  Bits = Builder.CreateTrunc(Bits, intTy(FW));
  Bits = Builder.CreateOr(
      Bits, Builder.CreateShl(Builder.CreateZExt(Neg, intTy(FW)), FW - 1));
  Bits = Builder.CreateSelect(IsZero, intC(FW, 0), Bits);
  return Builder.CreateBitCast(Bits, FloatTy);
}

void InlinePTXBuilder::emitConvert(const Instruction &I) {
  if (I.opcode() == PTXOpcode::Cvta) {
    // cvta.space: specific -> generic; cvta.to.space: generic -> specific.
    unsigned AS = 0;
    if (I.has(PTXModifier::Global))
      AS = 1;
    else if (I.has(PTXModifier::Shared) || I.has(PTXModifier::SharedCta))
      AS = 3;
    else if (I.has(PTXModifier::Const))
      AS = 4;
    else if (I.has(PTXModifier::Local))
      AS = 5;
    else
      return (void)unsupported("state space");
    Value *X = read(1, type());
    if (!X)
      return;
    unsigned From = I.has(PTXModifier::To) ? 0 : AS;
    unsigned To = I.has(PTXModifier::To) ? AS : 0;
    const DataLayout &DL = M.getDataLayout();
    Value *P = Builder.CreateIntToPtr(
        Builder.CreateZExtOrTrunc(X, intTy(DL.getPointerSizeInBits(From))),
        Builder.getPtrTy(From));
    Value *Cast = Builder.CreateAddrSpaceCast(P, Builder.getPtrTy(To));
    Value *R = Builder.CreatePtrToInt(Cast, intTy(DL.getPointerSizeInBits(To)));
    return write(0, Builder.CreateZExtOrTrunc(R, intTy(width())), type());
  }

  if (I.opcode() == PTXOpcode::Isspacep) {
    // isspacep.space p, a: the intrinsics CUDA's __isGlobal & co. use.
    Intrinsic::ID ID = Intrinsic::not_intrinsic;
    if (I.has(PTXModifier::Global))
      ID = Intrinsic::nvvm_isspacep_global;
    else if (I.has(PTXModifier::Shared) || I.has(PTXModifier::SharedCta))
      ID = Intrinsic::nvvm_isspacep_shared;
    else if (I.has(PTXModifier::Const))
      ID = Intrinsic::nvvm_isspacep_const;
    else if (I.has(PTXModifier::Local))
      ID = Intrinsic::nvvm_isspacep_local;
    else
      return (void)unsupported("state space");
    Value *X = read(1, PTXType::U64);
    if (!X)
      return;
    Value *P = Builder.CreateIntrinsic(
        ID, {}, {Builder.CreateIntToPtr(X, Builder.getPtrTy())});
    return write(0, P, PTXType::Pred);
  }

  if (I.opcode() == PTXOpcode::CvtPack)
    return emitConvertPack(I);
  if (emitHalfConvert(I))
    return;

  PTXType DestT = type(0), SrcT = type(1);
  for (PTXModifier M : {PTXModifier::Relu, PTXModifier::SatFinite,
                        PTXModifier::Rna, PTXModifier::Rs})
    if (I.has(M))
      return (void)unsupported("'" + std::string(spelling(M)) +
                               "' is not supported yet");
  for (PTXType T : {DestT, SrcT})
    if (T == PTXType::F16x2 || T == PTXType::BF16x2 || T == PTXType::TF32)
      return (void)unsupported();
  std::optional<PTXModifier> IntRound =
      I.find(PTXModifierCategory::IntegerRounding);
  PTXModifier Rounding =
      I.find(PTXModifierCategory::Rounding).value_or(PTXModifier::Rn);
  bool Ftz = I.has(PTXModifier::Ftz), Sat = I.has(PTXModifier::Sat);
  Value *X = read(1, SrcT);
  if (!X)
    return;
  Type *FloatTy = Builder.getFloatTy();
  // bf16 <-> f32 in integer arithmetic (exact widening; narrowing rounds to
  // nearest even, NaN stays NaN).
  auto BF16ToF32 = [&](Value *V) {
    Value *Bits =
        Builder.CreateZExt(Builder.CreateBitCast(V, intTy(16)), intTy(32));
    return Builder.CreateBitCast(Builder.CreateShl(Bits, 16), FloatTy);
  };
  auto F32ToBF16 = [&](Value *V) {
    Value *Bits = Builder.CreateBitCast(V, intTy(32));
    Value *Lsb = Builder.CreateAnd(Builder.CreateLShr(Bits, 16), 1);
    Value *Rounded = Builder.CreateLShr(
        Builder.CreateAdd(Bits, Builder.CreateAdd(Lsb, intC(32, 0x7fff))), 16);
    Value *Quiet = Builder.CreateOr(Builder.CreateLShr(Bits, 16), 0x40);
    Value *IsNaN = Builder.CreateFCmpUNO(V, V);
    return Builder.CreateBitCast(
        Builder.CreateTrunc(Builder.CreateSelect(IsNaN, Quiet, Rounded),
                            intTy(16)),
        Builder.getBFloatTy());
  };
  auto RoundToIntegral = [&](Value *V, PTXModifier Mode) {
    Intrinsic::ID ID = Mode == PTXModifier::Rni   ? Intrinsic::roundeven
                       : Mode == PTXModifier::Rzi ? Intrinsic::trunc
                       : Mode == PTXModifier::Rmi ? Intrinsic::floor
                                                  : Intrinsic::ceil;
    return intrinsic(ID, {V});
  };

  bool SrcFloat = isFloat(SrcT), DestFloat = isFloat(DestT);
  if (!SrcFloat && !DestFloat) {
    // Integer -> integer.
    unsigned SW = bitWidth(SrcT), DW = bitWidth(DestT);
    Value *R;
    if (Sat) {
      APInt Min = isSigned(DestT) ? APInt::getSignedMinValue(DW).sext(128)
                                  : APInt(128, 0);
      APInt Max = isSigned(DestT) ? APInt::getSignedMaxValue(DW).sext(128)
                                  : APInt::getMaxValue(DW).zext(128);
      Value *Wide = isSigned(SrcT) ? Builder.CreateSExt(X, intTy(128))
                                   : Builder.CreateZExt(X, intTy(128));
      Wide = intrinsic(Intrinsic::smax, {Wide, ConstantInt::get(Ctx, Min)});
      Wide = intrinsic(Intrinsic::smin, {Wide, ConstantInt::get(Ctx, Max)});
      R = Builder.CreateTrunc(Wide, intTy(DW));
    } else if (DW > SW) {
      R = isSigned(SrcT) ? Builder.CreateSExt(X, intTy(DW))
                         : Builder.CreateZExt(X, intTy(DW));
    } else {
      R = Builder.CreateTrunc(X, intTy(DW));
    }
    return write(0, R, DestT);
  }

  // Widen the source float to f32 where the hardware type is narrower.
  if (SrcT == PTXType::BF16)
    X = BF16ToF32(X);
  else if (SrcT == PTXType::F16)
    X = Builder.CreateFPExt(X, FloatTy);
  if (SrcFloat && Ftz && X->getType()->isFloatTy())
    X = flushDenormal(X);

  if (SrcFloat && !DestFloat) {
    // Float -> integer: round to integral, then saturate (NaN -> 0).
    if (!IntRound)
      return (void)fail("float-to-integer 'cvt' needs '.rni', '.rzi', '.rmi' "
                        "or '.rpi'");
    Value *Integral = RoundToIntegral(X, *IntRound);
    Type *DestTy = intTy(bitWidth(DestT));
    Value *R = Builder.CreateIntrinsic(
        isSigned(DestT) ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat,
        {DestTy, Integral->getType()}, {Integral});
    return write(0, R, DestT);
  }

  Value *R;
  if (!SrcFloat) {
    // Integer -> float.
    if (IntRound)
      return (void)fail("integer-to-float 'cvt' takes '.rn', '.rz', '.rm' or "
                        "'.rp'");
    if (DestT != PTXType::F32 && DestT != PTXType::F64)
      return (void)unsupported("conversion of an integer to " +
                               std::string(spelling(DestT)));
    Type *DestTy = llvmType(DestT);
    if (Rounding == PTXModifier::Rn)
      R = isSigned(SrcT) ? Builder.CreateSIToFP(X, DestTy)
                         : Builder.CreateUIToFP(X, DestTy);
    else
      R = intToFloatDirected(X, isSigned(SrcT), DestTy, Rounding);
  } else {
    // Float -> float.
    unsigned SW = X->getType()->getPrimitiveSizeInBits().getFixedValue();
    if (IntRound) {
      if (DestT != SrcT)
        return (void)fail("'" + std::string(spelling(*IntRound)) +
                          "' needs equal source and destination types");
      R = RoundToIntegral(X, *IntRound);
    } else if (DestT == PTXType::F32 || DestT == PTXType::F64) {
      Type *DestTy = llvmType(DestT);
      if (SW < DestTy->getPrimitiveSizeInBits().getFixedValue())
        R = Builder.CreateFPExt(X, DestTy);
      else if (SW == DestTy->getPrimitiveSizeInBits().getFixedValue())
        R = X;
      else
        R = narrowDirected(X, nullptr, DestTy, Rounding);
    } else if (DestT == PTXType::F16 && SW == 32) {
      R = narrowDirected(X, nullptr, Builder.getHalfTy(), Rounding);
    } else if (DestT == PTXType::BF16 && SW == 32 &&
               Rounding == PTXModifier::Rn) {
      R = F32ToBF16(X);
    } else {
      return (void)unsupported();
    }
  }
  if (R->getType()->isFloatTy() || R->getType()->isDoubleTy()) {
    if (Ftz && R->getType()->isFloatTy())
      R = flushDenormal(R);
    if (Sat)
      R = saturateUnit(R);
  } else if (Sat) {
    Type *Narrow = R->getType();
    Value *Wide = R->getType()->isBFloatTy() ? BF16ToF32(R)
                                             : Builder.CreateFPExt(R, FloatTy);
    Wide = saturateUnit(Wide);
    R = Narrow->isBFloatTy() ? F32ToBF16(Wide)
                             : Builder.CreateFPTrunc(Wide, Narrow);
  }
  write(0, R, DestT);
}

/// cvt.pack.sat.{u8,s8,u16,s16}.{s32,u32}.b32 d, a, b{, c}: a and b
/// clamped to the destination type, a's bits above b's; 8-bit results fill
/// the low 16 bits and c's low 16 bits fill the rest.
void InlinePTXBuilder::emitConvertPack(const Instruction &I) {
  if (I.Types.size() < 2)
    return (void)fail("'cvt.pack' needs a destination and a source type");
  PTXType DestT = type(0), SrcT = type(1);
  if (SrcT != PTXType::S32 && SrcT != PTXType::U32)
    return (void)fail("'cvt.pack' sources must be '.s32' or '.u32'");
  unsigned Size = bitWidth(DestT);
  bool WithC = Size == 8;
  if (I.Operands.size() != (WithC ? 4u : 3u))
    return (void)fail("'cvt.pack' to " + std::string(spelling(DestT)) +
                      " takes " + (WithC ? "4" : "3") + " operands");
  Value *A = read(1, SrcT), *B = read(2, SrcT);
  if (!A || !B)
    return;
  bool SignedSource = SrcT == PTXType::S32;
  int64_t Min = isSigned(DestT) ? -(int64_t(1) << (Size - 1)) : 0;
  int64_t Max = isSigned(DestT) ? (int64_t(1) << (Size - 1)) - 1
                                : (int64_t(1) << Size) - 1;
  auto Clamp = [&](Value *V) {
    Value *Wide = SignedSource ? Builder.CreateSExt(V, intTy(64))
                               : Builder.CreateZExt(V, intTy(64));
    Wide = intrinsic(Intrinsic::smax,
                     {Wide, ConstantInt::getSigned(intTy(64), Min)});
    Wide = intrinsic(Intrinsic::smin,
                     {Wide, ConstantInt::getSigned(intTy(64), Max)});
    return Builder.CreateAnd(Builder.CreateTrunc(Wide, intTy(32)),
                             (uint64_t(1) << Size) - 1);
  };
  Value *R = Builder.CreateOr(Builder.CreateShl(Clamp(A), Size), Clamp(B));
  if (WithC) {
    Value *C = read(3, PTXType::B32);
    if (!C)
      return;
    R = Builder.CreateOr(R, Builder.CreateShl(C, 2 * Size));
  }
  write(0, R, PTXType::B32);
}

void InlinePTXBuilder::emitMove(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  const Operand &Dest = I.Operands[0];
  const Operand &Src = I.Operands[1];
  if (auto *Vec = std::get_if<VectorOperand>(&Src.Value)) {
    // Pack: element 0 in the low bits.
    unsigned N = Vec->Elements.size();
    if (N < 2 || W % N)
      return (void)fail(Src.Position, "cannot pack " + std::to_string(N) +
                                          " elements into " +
                                          std::string(spelling(T)));
    unsigned EW = W / N;
    PTXType ET = EW == 8    ? PTXType::B8
                 : EW == 16 ? PTXType::B16
                 : EW == 32 ? PTXType::B32
                            : PTXType::B64;
    Value *R = intC(W, 0);
    for (unsigned K = 0; K < N; ++K) {
      Value *E = readScalar(Vec->Elements[K], ET);
      if (!E)
        return;
      R = Builder.CreateOr(
          R, Builder.CreateShl(Builder.CreateZExt(E, intTy(W)), K * EW));
    }
    return write(0, R, T);
  }
  if (auto *Vec = std::get_if<VectorOperand>(&Dest.Value)) {
    // Unpack.
    unsigned N = Vec->Elements.size();
    if (N < 2 || W % N)
      return (void)fail(Dest.Position, "cannot unpack " +
                                           std::string(spelling(T)) + " into " +
                                           std::to_string(N) + " elements");
    unsigned EW = W / N;
    Value *X =
        read(1, isFloat(T) ? (W == 32 ? PTXType::B32 : PTXType::B64) : T);
    if (!X)
      return;
    X = toBits(X);
    for (unsigned K = 0; K < N; ++K) {
      auto *Ref = std::get_if<RegisterRef>(&Vec->Elements[K]);
      if (!Ref)
        return (void)fail(Dest.Position, "vector destination elements must be "
                                         "registers");
      Value *E = Builder.CreateTrunc(Builder.CreateLShr(X, K * EW), intTy(EW));
      writeRegister(*Ref, E, false, Dest.Position);
    }
    return;
  }
  Value *X = read(1, T);
  if (!X)
    return;
  write(0, X, T);
}

} // namespace ptxir
} // namespace rubicon
