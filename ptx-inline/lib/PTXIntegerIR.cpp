//===- PTXIntegerIR.cpp - PTX integer and bit instructions ----------------===//
//
// The integer family (add sub mul mad mul24 mad24 sad div rem abs neg min
// max dp2a dp4a szext, and the carry chains add.cc addc sub.cc subc mad.cc
// madc) and the bit family (popc clz bfind fns brev bfe bfi bmsk prmt lop3
// shf shl shr and or xor not cnot), following the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon {
namespace ptxir {

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

/// The .lo / .hi / .wide part of A*B (A, B of equal width).
Value *InlinePTXBuilder::mulPart(Value *A, Value *B, bool Signed,
                                 PTXModifier Part) {
  unsigned Width = A->getType()->getIntegerBitWidth();
  if (Part == PTXModifier::Lo)
    return Builder.CreateMul(A, B);
  auto Extend = [&](Value *V) {
    return Signed ? Builder.CreateSExt(V, intTy(2 * Width))
                  : Builder.CreateZExt(V, intTy(2 * Width));
  };
  Value *WideA = Extend(A);
  Value *WideB = Extend(B);
  Value *Product = Builder.CreateMul(WideA, WideB);
  if (Part == PTXModifier::Wide)
    return Product;
  return Builder.CreateTrunc(Builder.CreateLShr(Product, Width), intTy(Width));
}

/// Clamps a signed value wider than 32 bits to the s32 range.
Value *InlinePTXBuilder::saturateSigned32(Value *Wide) {
  unsigned Width = Wide->getType()->getIntegerBitWidth();
  Value *Lo = ConstantInt::getSigned(intTy(Width), INT32_MIN);
  Value *Hi = ConstantInt::getSigned(intTy(Width), INT32_MAX);
  Value *Clamped =
      intrinsic(Intrinsic::smin, {intrinsic(Intrinsic::smax, {Wide, Lo}), Hi});
  return Builder.CreateTrunc(Clamped, intTy(32));
}

Value *InlinePTXBuilder::sad(Value *A, Value *B, Value *C, bool Signed) {
  Value *Less =
      Signed ? Builder.CreateICmpSLT(A, B) : Builder.CreateICmpULT(A, B);
  Value *Diff = Builder.CreateSelect(Less, Builder.CreateSub(B, A),
                                     Builder.CreateSub(A, B));
  return Builder.CreateAdd(C, Diff);
}

void InlinePTXBuilder::emitInteger(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  bool Signed = isSignedType();
  auto A = [&] { return read(1, T); };
  auto B = [&] { return read(2, T); };
  auto C = [&] { return read(3, T); };
  PTXModifier Part =
      I.find(PTXModifierCategory::Width).value_or(PTXModifier::Lo);
  // mad.hi.sat.s32, mad24.hi.sat.s32: the high half plus c, saturated.
  auto WriteHighPlusSaturated = [&](Value *High, Value *Z) {
    if (T != PTXType::S32 || Part != PTXModifier::Hi)
      return (void)fail("'.sat' requires '.hi' and type '.s32'");
    write(0,
          saturateSigned32(Builder.CreateAdd(Builder.CreateSExt(High, intTy(64)),
                                             Builder.CreateSExt(Z, intTy(64)))),
          T);
  };
  switch (I.opcode()) {
  case PTXOpcode::AddInt:
  case PTXOpcode::SubInt: {
    bool IsAdd = I.opcode() == PTXOpcode::AddInt;
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (I.has(PTXModifier::Sat)) {
      if (T != PTXType::S32)
        return (void)fail("'.sat' requires type '.s32'");
      return write(
          0,
          intrinsic(IsAdd ? Intrinsic::sadd_sat : Intrinsic::ssub_sat, {X, Y}),
          T);
    }
    return write(0, IsAdd ? Builder.CreateAdd(X, Y) : Builder.CreateSub(X, Y),
                 T);
  }
  case PTXOpcode::MulInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (Part == PTXModifier::Wide && W > 32)
      return (void)fail("'.wide' requires a 16- or 32-bit type");
    Value *R = mulPart(X, Y, Signed, Part);
    if (Part == PTXModifier::Wide)
      return write(0, R, Signed ? PTXType::S64 : PTXType::U64);
    return write(0, R, T);
  }
  case PTXOpcode::MadInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (Part == PTXModifier::Wide) {
      if (W > 32)
        return (void)fail("'.wide' requires a 16- or 32-bit type");
      PTXType WideT = W == 16 ? (Signed ? PTXType::S32 : PTXType::U32)
                              : (Signed ? PTXType::S64 : PTXType::U64);
      Value *Z = read(3, WideT);
      if (!Z)
        return;
      return write(0, Builder.CreateAdd(mulPart(X, Y, Signed, Part), Z), WideT);
    }
    Value *Z = C();
    if (!Z)
      return;
    if (I.has(PTXModifier::Sat))
      return WriteHighPlusSaturated(mulPart(X, Y, true, Part), Z);
    return write(0, Builder.CreateAdd(mulPart(X, Y, Signed, Part), Z), T);
  }
  case PTXOpcode::Mul24:
  case PTXOpcode::Mad24: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    // Operands are the low 24 bits, sign- or zero-extended; the 48-bit
    // product's bits [31:0] (.lo) or [47:16] (.hi).
    auto Low24 = [&](Value *V) {
      Value *Shifted = Builder.CreateShl(V, 8);
      Value *Back = Signed ? Builder.CreateAShr(Shifted, 8)
                           : Builder.CreateLShr(Shifted, 8);
      return Signed ? Builder.CreateSExt(Back, intTy(64))
                    : Builder.CreateZExt(Back, intTy(64));
    };
    Value *Product = Builder.CreateMul(Low24(X), Low24(Y));
    Value *R =
        Part == PTXModifier::Hi
            ? Builder.CreateTrunc(Builder.CreateLShr(Product, 16), intTy(32))
            : Builder.CreateTrunc(Product, intTy(32));
    if (I.opcode() == PTXOpcode::Mad24) {
      Value *Z = C();
      if (!Z)
        return;
      if (I.has(PTXModifier::Sat))
        return WriteHighPlusSaturated(R, Z);
      R = Builder.CreateAdd(R, Z);
    }
    return write(0, R, T);
  }
  case PTXOpcode::Sad: {
    Value *X = A(), *Y = B(), *Z = C();
    if (!X || !Y || !Z)
      return;
    return write(0, sad(X, Y, Z, Signed), T);
  }
  case PTXOpcode::DivInt:
  case PTXOpcode::RemInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    // PTX leaves division by zero machine-specific; LLVM makes it undefined.
    // Rubicon defines it: x / 0 = all ones (unsigned) or -1/+1 by x's sign
    // (signed); x % 0 = x. INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
    Value *Zero = ConstantInt::get(X->getType(), 0);
    Value *One = ConstantInt::get(X->getType(), 1);
    Value *IsZero = Builder.CreateICmpEQ(Y, Zero);
    Value *SafeY = Builder.CreateSelect(IsZero, One, Y);
    bool IsDiv = I.opcode() == PTXOpcode::DivInt;
    Value *R;
    if (Signed) {
      Value *MinusOne = Constant::getAllOnesValue(X->getType());
      Value *IsMinusOne = Builder.CreateICmpEQ(SafeY, MinusOne);
      // Divide by 1 instead of -1 and negate: no overflow.
      Value *Divisor = Builder.CreateSelect(IsMinusOne, One, SafeY);
      R = IsDiv ? Builder.CreateSDiv(X, Divisor)
                : Builder.CreateSRem(X, Divisor);
      if (IsDiv)
        R = Builder.CreateSelect(IsMinusOne, Builder.CreateNeg(R), R);
      Value *ByZero = IsDiv ? Builder.CreateSelect(
                                  Builder.CreateICmpSLT(X, Zero), One, MinusOne)
                            : X;
      R = Builder.CreateSelect(IsZero, ByZero, R);
    } else {
      R = IsDiv ? Builder.CreateUDiv(X, SafeY) : Builder.CreateURem(X, SafeY);
      R = Builder.CreateSelect(
          IsZero, IsDiv ? Constant::getAllOnesValue(X->getType()) : X, R);
    }
    return write(0, R, T);
  }
  case PTXOpcode::AbsInt: {
    Value *X = A();
    if (!X)
      return;
    return write(0, intrinsic(Intrinsic::abs, {X, Builder.getFalse()}), T);
  }
  case PTXOpcode::NegInt: {
    Value *X = A();
    if (!X)
      return;
    return write(0, Builder.CreateNeg(X), T);
  }
  case PTXOpcode::MinInt:
  case PTXOpcode::MaxInt: {
    bool IsMin = I.opcode() == PTXOpcode::MinInt;
    Intrinsic::ID ID = IsMin ? (Signed ? Intrinsic::smin : Intrinsic::umin)
                             : (Signed ? Intrinsic::smax : Intrinsic::umax);
    Value *R = A();
    for (unsigned N = 2; N < I.Operands.size() && R; ++N) {
      Value *Next = read(N, T);
      if (!Next)
        return;
      R = intrinsic(ID, {R, Next});
    }
    if (!R)
      return;
    if (I.has(PTXModifier::Relu)) {
      if (T != PTXType::S32)
        return (void)fail("'.relu' requires type '.s32'");
      R = intrinsic(Intrinsic::smax, {R, ConstantInt::get(R->getType(), 0)});
    }
    return write(0, R, T);
  }
  case PTXOpcode::Dp4a:
  case PTXOpcode::Dp2a: {
    // d = c + sum(a.part[i] * b.part[i]); parts are bytes (dp4a) or, for
    // dp2a, a's 16-bit halves times b's bytes 0-1 (.lo) or 2-3 (.hi).
    bool SignedA = isSignedType(0), SignedB = isSignedType(1);
    Value *X = read(1, PTXType::B32), *Y = read(2, PTXType::B32);
    PTXType CT = SignedA || SignedB ? PTXType::S32 : PTXType::U32;
    Value *Sum = read(3, CT);
    if (!X || !Y || !Sum)
      return;
    auto Field = [&](Value *V, unsigned Offset, unsigned Bits, bool Sext) {
      Value *Shifted = Builder.CreateLShr(V, Offset);
      Value *Narrow = Builder.CreateTrunc(Shifted, intTy(Bits));
      return Sext ? Builder.CreateSExt(Narrow, intTy(32))
                  : Builder.CreateZExt(Narrow, intTy(32));
    };
    bool IsDp4a = I.opcode() == PTXOpcode::Dp4a;
    unsigned ByteBase = (!IsDp4a && I.has(PTXModifier::Hi)) ? 2 : 0;
    for (unsigned K = 0; K < (IsDp4a ? 4u : 2u); ++K) {
      Value *Ai =
          IsDp4a ? Field(X, 8 * K, 8, SignedA) : Field(X, 16 * K, 16, SignedA);
      Value *Bi = Field(Y, 8 * (ByteBase + K), 8, SignedB);
      Sum = Builder.CreateAdd(Sum, Builder.CreateMul(Ai, Bi));
    }
    return write(0, Sum, CT);
  }
  default:
    unsupported();
  }
}

/// add.cc, addc, sub.cc, subc, mad.cc, madc: CC.CF is a carry-out for
/// additions and a borrow-out for subtractions.
void InlinePTXBuilder::emitCarry(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  if (W < 32)
    return (void)fail("carry chains require a 32- or 64-bit type");
  if (!CarryFlag) {
    CarryFlag = createStorage(Builder.getInt1Ty(), "ptx.cc.cf");
    IRBuilder<> Entry(CarryFlag->getNextNode());
    Entry.CreateStore(Entry.getFalse(), CarryFlag);
  }
  bool UsesCarry = I.opcode() == PTXOpcode::AddCarry ||
                   I.opcode() == PTXOpcode::SubCarry ||
                   I.opcode() == PTXOpcode::MadCarry;
  bool SetsCarry = I.has(PTXModifier::CarryOut);
  Value *CarryIn = UsesCarry
                       ? Builder.CreateZExt(
                             Builder.CreateLoad(Builder.getInt1Ty(), CarryFlag),
                             intTy(W + 1))
                       : intC(W + 1, 0);
  Value *X = read(1, T), *Y = read(2, T);
  if (!X || !Y)
    return;
  bool IsSub =
      I.opcode() == PTXOpcode::SubInt || I.opcode() == PTXOpcode::SubCarry;
  Value *Lhs = X, *Rhs = Y;
  if (I.opcode() == PTXOpcode::MadInt || I.opcode() == PTXOpcode::MadCarry) {
    PTXModifier Part =
        I.find(PTXModifierCategory::Width).value_or(PTXModifier::Lo);
    if (Part == PTXModifier::Wide)
      return (void)fail("'.wide' cannot be combined with a carry");
    Lhs = mulPart(X, Y, isSignedType(), Part);
    Rhs = read(3, T);
    if (!Rhs)
      return;
  }
  Value *L = Builder.CreateZExt(Lhs, intTy(W + 1));
  Value *R = Builder.CreateZExt(Rhs, intTy(W + 1));
  Value *Full = IsSub ? Builder.CreateSub(Builder.CreateSub(L, R), CarryIn)
                      : Builder.CreateAdd(Builder.CreateAdd(L, R), CarryIn);
  Value *Result = Builder.CreateTrunc(Full, intTy(W));
  Value *CarryOut = Builder.CreateTrunc(Builder.CreateLShr(Full, W), intTy(1));
  write(0, Result, T);
  if (SetsCarry) {
    if (Value *Pred = guard())
      CarryOut = Builder.CreateSelect(
          Pred, CarryOut, Builder.CreateLoad(Builder.getInt1Ty(), CarryFlag));
    Builder.CreateStore(CarryOut, CarryFlag);
  }
}

//===----------------------------------------------------------------------===//
// Bit manipulation
//===----------------------------------------------------------------------===//

/// fns.b32 d, mask, base, offset: the position of the offset-th set bit of
/// mask counting from bit base (towards the MSB for offset > 0, the LSB for
/// offset < 0; offset 0: base itself if set), 0xffffffff when there is none.
void InlinePTXBuilder::emitFindNthSet(const Instruction &I) {
  Value *Mask = read(1, PTXType::B32), *Base = read(2, PTXType::U32),
        *Offset = read(3, PTXType::S32);
  if (!Mask || !Base || !Offset)
    return;
  Base = Builder.CreateAnd(Base, 31);
  Value *NotFound = intC(32, 0xffffffff);
  Value *Zero = intC(32, 0);
  Value *Upward = Builder.CreateICmpSGT(Offset, Zero);
  // The bits at or above base (upward) or at or below it, bit-reversed
  // (downward), so that the search always runs from the LSB.
  Value *Above = Builder.CreateAnd(Mask, Builder.CreateShl(NotFound, Base));
  Value *Below = Builder.CreateAnd(
      Mask,
      Builder.CreateLShr(NotFound, Builder.CreateSub(intC(32, 31), Base)));
  Value *Bits = Builder.CreateSelect(
      Upward, Above,
      Builder.CreateUnaryIntrinsic(Intrinsic::bitreverse, Below));
  Value *N = Builder.CreateSelect(Upward, Offset, Builder.CreateNeg(Offset));
  // Select the N-th set bit: binary search with population counts.
  Value *Position = Zero, *Remaining = N;
  for (unsigned Step : {16u, 8u, 4u, 2u, 1u}) {
    Value *Window = Builder.CreateAnd(Builder.CreateLShr(Bits, Position),
                                      (uint64_t(1) << Step) - 1);
    Value *Count = Builder.CreateUnaryIntrinsic(Intrinsic::ctpop, Window);
    Value *Skip = Builder.CreateICmpUGT(Remaining, Count);
    Position = Builder.CreateSelect(
        Skip, Builder.CreateAdd(Position, intC(32, Step)), Position);
    Remaining = Builder.CreateSelect(Skip, Builder.CreateSub(Remaining, Count),
                                     Remaining);
  }
  Value *Found = Builder.CreateICmpUGE(
      Builder.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits), N);
  Value *Searched = Builder.CreateSelect(
      Found,
      Builder.CreateSelect(Upward, Position,
                           Builder.CreateSub(intC(32, 31), Position)),
      NotFound);
  Value *BaseSet = Builder.CreateICmpNE(
      Builder.CreateAnd(Builder.CreateLShr(Mask, Base), 1), Zero);
  Value *AtBase = Builder.CreateSelect(BaseSet, Base, NotFound);
  write(0,
        Builder.CreateSelect(Builder.CreateICmpEQ(Offset, Zero), AtBase,
                             Searched),
        PTXType::B32);
}

void InlinePTXBuilder::emitBit(const Instruction &I) {
  if (I.opcode() == PTXOpcode::Fns)
    return emitFindNthSet(I);
  PTXType T = type();
  unsigned W = width();
  auto A = [&] { return read(1, T); };
  switch (I.opcode()) {
  case PTXOpcode::And:
  case PTXOpcode::Or:
  case PTXOpcode::Xor: {
    Value *X = A(), *Y = read(2, T);
    if (!X || !Y)
      return;
    Value *R = I.opcode() == PTXOpcode::And  ? Builder.CreateAnd(X, Y)
               : I.opcode() == PTXOpcode::Or ? Builder.CreateOr(X, Y)
                                             : Builder.CreateXor(X, Y);
    return write(0, R, T);
  }
  case PTXOpcode::Not: {
    Value *X = A();
    return X ? write(0, Builder.CreateNot(X), T) : void();
  }
  case PTXOpcode::CNot: {
    Value *X = A();
    if (!X)
      return;
    return write(
        0, Builder.CreateZExt(Builder.CreateICmpEQ(X, intC(W, 0)), intTy(W)),
        T);
  }
  case PTXOpcode::Lop3: {
    Value *X = A(), *Y = read(2, T), *Z = read(3, T);
    auto *Lut = std::get_if<IntegerImmediate>(&I.Operands[4].Value);
    if (!X || !Y || !Z)
      return;
    if (!Lut || Lut->Value > 255)
      return (void)fail(I.Operands[4].Position,
                        "lop3's lookup table must be an immediate 0..255");
    // Bit i of the table is the result for (a, b, c) = (i>>2, i>>1, i) & 1.
    Value *R = intC(32, 0);
    for (unsigned Minterm = 0; Minterm < 8; ++Minterm) {
      if (!(Lut->Value >> Minterm & 1))
        continue;
      Value *Term = Builder.CreateAnd(
          Builder.CreateAnd(Minterm & 4 ? X : Builder.CreateNot(X),
                            Minterm & 2 ? Y : Builder.CreateNot(Y)),
          Minterm & 1 ? Z : Builder.CreateNot(Z));
      R = Builder.CreateOr(R, Term);
    }
    return write(0, R, T);
  }
  case PTXOpcode::Shl:
  case PTXOpcode::Shr: {
    // The shift amount is an unsigned 32-bit value; amounts >= the width
    // give 0, or copies of the sign bit for shr.sN.
    Value *X = A(), *N = read(2, PTXType::U32);
    if (!X || !N)
      return;
    Value *Wide = Builder.CreateICmpUGE(N, intC(32, W));
    Value *Amount = Builder.CreateZExtOrTrunc(
        Builder.CreateSelect(Wide, intC(32, W - 1), N), intTy(W));
    Value *R;
    if (I.opcode() == PTXOpcode::Shl) {
      R = Builder.CreateSelect(Wide, intC(W, 0), Builder.CreateShl(X, Amount));
    } else if (isSignedType()) {
      R = Builder.CreateAShr(X, Amount);
    } else {
      R = Builder.CreateSelect(Wide, intC(W, 0), Builder.CreateLShr(X, Amount));
    }
    return write(0, R, T);
  }
  case PTXOpcode::Shf: {
    // shf.l: upper 32 bits of (b:a) << n; shf.r: lower 32 bits of
    // (b:a) >> n; n = c & 31 (.wrap) or min(c, 32) (.clamp).
    Value *Lo = A(), *Hi = read(2, T), *C = read(3, PTXType::U32);
    if (!Lo || !Hi || !C)
      return;
    bool Left = I.has(PTXModifier::Left);
    if (Left == I.has(PTXModifier::Right))
      return (void)fail("shf needs exactly one of '.l' and '.r'");
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("shf needs exactly one of '.wrap' and '.clamp'");
    Value *Joined = Builder.CreateOr(
        Builder.CreateShl(Builder.CreateZExt(Hi, intTy(64)), 32),
        Builder.CreateZExt(Lo, intTy(64)));
    Value *N = I.has(PTXModifier::Wrap)
                   ? Builder.CreateAnd(C, 31)
                   : intrinsic(Intrinsic::umin, {C, intC(32, 32)});
    Value *N64 = Builder.CreateZExt(N, intTy(64));
    Value *R =
        Left ? Builder.CreateTrunc(
                   Builder.CreateLShr(Builder.CreateShl(Joined, N64), 32),
                   intTy(32))
             : Builder.CreateTrunc(Builder.CreateLShr(Joined, N64), intTy(32));
    return write(0, R, T);
  }
  case PTXOpcode::Bfe: {
    // pos = b & 0xff, len = c & 0xff; d[i] = a[pos+i] for i < len while
    // pos+i <= msb, else the field's sign (signed) or 0.
    Value *X = A(), *B = read(2, PTXType::U32), *C = read(3, PTXType::U32);
    if (!X || !B || !C)
      return;
    Value *Pos = Builder.CreateAnd(B, 0xff);
    Value *Len = Builder.CreateAnd(C, 0xff);
    Value *Msb = intC(32, W - 1);
    Value *ClampedPos = intrinsic(Intrinsic::umin, {Pos, Msb});
    Value *ClampedLen = intrinsic(Intrinsic::umin, {Len, intC(32, W)});
    Value *PosW = Builder.CreateZExtOrTrunc(ClampedPos, intTy(W));
    Value *Field;
    if (isSignedType()) {
      Field = Builder.CreateAShr(X, PosW);
    } else {
      Field = Builder.CreateSelect(Builder.CreateICmpUGT(Pos, Msb), intC(W, 0),
                                   Builder.CreateLShr(X, PosW));
    }
    // Keep the low len bits, extended: shift up by (W - len) and back.
    Value *Up = Builder.CreateZExtOrTrunc(
        Builder.CreateSub(
            intC(32, W), intrinsic(Intrinsic::umax, {ClampedLen, intC(32, 1)})),
        intTy(W));
    Value *Shifted = Builder.CreateShl(Field, Up);
    Value *R = isSignedType() ? Builder.CreateAShr(Shifted, Up)
                              : Builder.CreateLShr(Shifted, Up);
    R = Builder.CreateSelect(Builder.CreateICmpEQ(Len, intC(32, 0)), intC(W, 0),
                             R);
    return write(0, R, T);
  }
  case PTXOpcode::Bfi: {
    // Insert the low len bits of a into b at pos.
    Value *X = A(), *Base = read(2, T), *C = read(3, PTXType::U32),
          *D = read(4, PTXType::U32);
    if (!X || !Base || !C || !D)
      return;
    Value *Pos = Builder.CreateAnd(C, 0xff);
    Value *Len = Builder.CreateAnd(D, 0xff);
    Value *Skip = Builder.CreateOr(Builder.CreateICmpEQ(Len, intC(32, 0)),
                                   Builder.CreateICmpUGE(Pos, intC(32, W)));
    Value *LenW = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::umin, {Len, intC(32, W)}), intTy(W));
    Value *PosW = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::umin, {Pos, intC(32, W - 1)}), intTy(W));
    // mask = low len bits set (all ones when len == W).
    Value *LowMask = Builder.CreateLShr(
        Constant::getAllOnesValue(intTy(W)),
        Builder.CreateSub(intC(W, W),
                          intrinsic(Intrinsic::umax, {LenW, intC(W, 1)})));
    Value *Mask = Builder.CreateShl(LowMask, PosW);
    Value *R =
        Builder.CreateOr(Builder.CreateAnd(Base, Builder.CreateNot(Mask)),
                         Builder.CreateAnd(Builder.CreateShl(X, PosW), Mask));
    return write(0, Builder.CreateSelect(Skip, Base, R), T);
  }
  case PTXOpcode::Bfind: {
    // Index of the most significant non-sign bit, 0xffffffff if none;
    // .shiftamt gives the left shift that normalizes it instead.
    Value *X = A();
    if (!X)
      return;
    if (isSignedType())
      X = Builder.CreateSelect(Builder.CreateICmpSLT(X, intC(W, 0)),
                               Builder.CreateNot(X), X);
    Value *Lz = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::ctlz, {X, Builder.getFalse()}), intTy(32));
    Value *None = Builder.CreateICmpEQ(Lz, intC(32, W));
    Value *R = I.has(PTXModifier::ShiftAmount)
                   ? Lz
                   : Builder.CreateSub(intC(32, W - 1), Lz);
    return write(0, Builder.CreateSelect(None, intC(32, 0xffffffff), R),
                 PTXType::U32);
  }
  case PTXOpcode::Brev: {
    Value *X = A();
    return X ? write(0, intrinsic(Intrinsic::bitreverse, {X}), T) : void();
  }
  case PTXOpcode::Clz:
  case PTXOpcode::Popc: {
    Value *X = A();
    if (!X)
      return;
    Value *R = I.opcode() == PTXOpcode::Clz
                   ? intrinsic(Intrinsic::ctlz, {X, Builder.getFalse()})
                   : intrinsic(Intrinsic::ctpop, {X});
    return write(0, Builder.CreateZExtOrTrunc(R, intTy(32)), PTXType::U32);
  }
  case PTXOpcode::Prmt: {
    // Bytes 0-3 of a then 4-7 of b; each result byte is chosen by a 4-bit
    // selector (bit 3: replicate the byte's sign). Other modes map the two
    // low bits of c to four fixed selectors.
    Value *X = A(), *Y = read(2, T), *C = read(3, PTXType::B32);
    if (!X || !Y || !C)
      return;
    Value *Source = Builder.CreateOr(
        Builder.CreateShl(Builder.CreateZExt(Y, intTy(64)), 32),
        Builder.CreateZExt(X, intTy(64)));
    Value *Selectors = C;
    bool SignReplicate = true;
    if (auto Mode = I.find(PTXModifierCategory::Mode)) {
      // Selector words (d.b3..d.b0 as nibbles) for c[1:0] = 0, 1, 2, 3.
      static constexpr std::pair<PTXModifier, std::array<uint32_t, 4>>
          ModeSelectors[] = {
              {PTXModifier::F4e, {0x3210, 0x4321, 0x5432, 0x6543}},
              {PTXModifier::B4e, {0x5670, 0x6701, 0x7012, 0x0123}},
              {PTXModifier::Rc8, {0x0000, 0x1111, 0x2222, 0x3333}},
              {PTXModifier::Ecl, {0x3210, 0x3211, 0x3222, 0x3333}},
              {PTXModifier::Ecr, {0x0000, 0x1110, 0x2210, 0x3210}},
              {PTXModifier::Rc16, {0x1010, 0x3232, 0x1010, 0x3232}},
          };
      const std::array<uint32_t, 4> *Table = nullptr;
      for (auto &[Modifier, Words] : ModeSelectors)
        if (Modifier == *Mode)
          Table = &Words;
      Value *Low = Builder.CreateAnd(C, 3);
      Selectors = intC(32, (*Table)[3]);
      for (int K = 2; K >= 0; --K)
        Selectors = Builder.CreateSelect(Builder.CreateICmpEQ(Low, intC(32, K)),
                                         intC(32, (*Table)[K]), Selectors);
      SignReplicate = false;
    }
    Value *R = intC(32, 0);
    for (unsigned Byte = 0; Byte < 4; ++Byte) {
      Value *Sel =
          Builder.CreateAnd(Builder.CreateLShr(Selectors, 4 * Byte), 0xf);
      Value *Index = Builder.CreateAnd(Sel, 7);
      Value *Picked = Builder.CreateTrunc(
          Builder.CreateLShr(
              Source, Builder.CreateZExt(Builder.CreateMul(Index, intC(32, 8)),
                                         intTy(64))),
          intTy(8));
      if (SignReplicate) {
        Value *Sign = Builder.CreateSExt(
            Builder.CreateICmpSLT(Picked, ConstantInt::get(intTy(8), 0)),
            intTy(8));
        Value *Replicate =
            Builder.CreateICmpNE(Builder.CreateAnd(Sel, 8), intC(32, 0));
        Picked = Builder.CreateSelect(Replicate, Sign, Picked);
      }
      R = Builder.CreateOr(
          R,
          Builder.CreateShl(Builder.CreateZExt(Picked, intTy(32)), 8 * Byte));
    }
    return write(0, R, T);
  }
  case PTXOpcode::Bmsk: {
    // A mask of len = b ones starting at bit pos = a; .wrap takes both mod
    // 32, .clamp limits both to 32.
    Value *Pos = read(1, PTXType::U32), *Len = read(2, PTXType::U32);
    if (!Pos || !Len)
      return;
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("bmsk needs exactly one of '.wrap' and '.clamp'");
    if (I.has(PTXModifier::Wrap)) {
      Pos = Builder.CreateAnd(Pos, 31);
      Len = Builder.CreateAnd(Len, 31);
    } else {
      Pos = intrinsic(Intrinsic::umin, {Pos, intC(32, 32)});
      Len = intrinsic(Intrinsic::umin, {Len, intC(32, 32)});
    }
    Value *Ones = Builder.CreateSub(
        Builder.CreateShl(intC(64, 1), Builder.CreateZExt(Len, intTy(64))),
        intC(64, 1));
    Value *R = Builder.CreateShl(Ones, Builder.CreateZExt(Pos, intTy(64)));
    return write(0, Builder.CreateTrunc(R, intTy(32)), T);
  }
  case PTXOpcode::Szext: {
    // Sign- (.s32) or zero- (.u32) extend the low n = b bits of a.
    Value *X = A(), *N = read(2, PTXType::U32);
    if (!X || !N)
      return;
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("szext needs exactly one of '.wrap' and '.clamp'");
    N = I.has(PTXModifier::Wrap)
            ? Builder.CreateAnd(N, 31)
            : intrinsic(Intrinsic::umin, {N, intC(32, 32)});
    Value *Up = Builder.CreateSub(intC(32, 32),
                                  intrinsic(Intrinsic::umax, {N, intC(32, 1)}));
    Value *Shifted = Builder.CreateShl(X, Up);
    Value *R = isSignedType() ? Builder.CreateAShr(Shifted, Up)
                              : Builder.CreateLShr(Shifted, Up);
    R = Builder.CreateSelect(Builder.CreateICmpEQ(N, intC(32, 0)), intC(32, 0),
                             R);
    return write(0, R, T);
  }
  default:
    unsupported();
  }
}

} // namespace ptxir
} // namespace rubicon
