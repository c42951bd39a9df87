//===- PTXVideoIR.cpp - IR for the PTX video (SIMD in a register) set -----===//
//
// The PTX ISA's pseudocode ("Scalar Video Instructions", "SIMD Video
// Instructions"), computed exactly in a wide integer:
// Scalar vadd vsub vabsdiff vmin vmax vshl vshr:
//   ta, tb = a.asel, b.bsel: the selected byte/half (or the word), sign- or
//            zero-extended per .atype/.btype (vshl/vshr: b is unsigned)
//   tmp    = ta op tb            (vshl/vshr: tb masked to 5 bits with .wrap,
//                                 clamped to 32 with .clamp, the default)
//   tmp    = .sat ? clamp(tmp, range of .dtype's byte/half with d.dsel, else
//            of the word) : tmp
//   d      = .add/.min/.max: low 32 bits of (tmp op2 c), c extended per
//            .dtype; d.dsel: the low byte/half of tmp replaces that part of
//            c; otherwise the low 32 bits of tmp.
// Two- and four-way SIMD vadd2 vsub2 vabsdiff2 vmin2 vmax2 vavrg2 (and the
// 4 forms): lane i of the a source is element asel[i] of the pair {b, a}
// (elements of a first; `.hxy`/`.bxyzw` name the lanes most significant
// first; defaults .h10/.b3210 for a, .h32/.b7654 for b), extended per its
// type; t[i] = a[i] op b[i] (vavrg: sum >= 0 ? (sum + 1) >> 1 : sum >> 1),
// clamped to the lane range of .dtype with .sat; with .add, d = c + the sum
// of t[i] over the lanes of d's mask, otherwise lanes in the mask take t[i]
// and the others keep c's lane (mask default: all lanes).
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

enum class VideoOp { Add, Sub, AbsDiff, Min, Max, Shl, Shr, Average };

struct VideoInfo {
  VideoOp Op;
  unsigned Lanes; ///< 1 (scalar), 2 or 4.
};

std::optional<VideoInfo> videoInfo(PTXOpcode Opcode) {
  switch (Opcode) {
  case PTXOpcode::Vadd:
    return VideoInfo{VideoOp::Add, 1};
  case PTXOpcode::Vsub:
    return VideoInfo{VideoOp::Sub, 1};
  case PTXOpcode::Vabsdiff:
    return VideoInfo{VideoOp::AbsDiff, 1};
  case PTXOpcode::Vmin:
    return VideoInfo{VideoOp::Min, 1};
  case PTXOpcode::Vmax:
    return VideoInfo{VideoOp::Max, 1};
  case PTXOpcode::Vshl:
    return VideoInfo{VideoOp::Shl, 1};
  case PTXOpcode::Vshr:
    return VideoInfo{VideoOp::Shr, 1};
  case PTXOpcode::Vadd2:
    return VideoInfo{VideoOp::Add, 2};
  case PTXOpcode::Vsub2:
    return VideoInfo{VideoOp::Sub, 2};
  case PTXOpcode::Vabsdiff2:
    return VideoInfo{VideoOp::AbsDiff, 2};
  case PTXOpcode::Vmin2:
    return VideoInfo{VideoOp::Min, 2};
  case PTXOpcode::Vmax2:
    return VideoInfo{VideoOp::Max, 2};
  case PTXOpcode::Vavrg2:
    return VideoInfo{VideoOp::Average, 2};
  case PTXOpcode::Vadd4:
    return VideoInfo{VideoOp::Add, 4};
  case PTXOpcode::Vsub4:
    return VideoInfo{VideoOp::Sub, 4};
  case PTXOpcode::Vabsdiff4:
    return VideoInfo{VideoOp::AbsDiff, 4};
  case PTXOpcode::Vmin4:
    return VideoInfo{VideoOp::Min, 4};
  case PTXOpcode::Vmax4:
    return VideoInfo{VideoOp::Max, 4};
  case PTXOpcode::Vavrg4:
    return VideoInfo{VideoOp::Average, 4};
  default:
    return std::nullopt;
  }
}

} // namespace

void InlinePTXBuilder::emitVideo(const Instruction &I) {
  std::optional<VideoInfo> Info = videoInfo(I.opcode());
  if (!Info)
    return (void)unsupported();
  bool SignedD = isSigned(type(0)), SignedA = isSigned(type(1)),
       SignedB = isSigned(type(2));
  bool Sat = I.has(PTXModifier::Sat);
  std::optional<PTXModifier> Op2 = I.find(PTXModifierCategory::Operation);
  const std::optional<OperandSelector> &DSel = I.Operands[0].Selector;
  const std::optional<OperandSelector> &ASel = I.Operands[1].Selector;
  const std::optional<OperandSelector> &BSel = I.Operands[2].Selector;
  if (Info->Lanes == 1 && !DSel && Op2.has_value() != (I.Operands.size() == 4))
    return (void)fail("a secondary operation (.add, .min, .max) and operand "
                      "c go together");
  if (Info->Lanes > 1 && Sat && Op2)
    return (void)fail("'.sat' cannot be combined with '.add'");
  Value *A = read(1, PTXType::B32), *B = read(2, PTXType::B32);
  Value *C = I.Operands.size() == 4 ? read(3, PTXType::B32) : nullptr;
  if (!A || !B || (I.Operands.size() == 4 && !C))
    return;

  // Scalar vshl can shift a 33-bit value by 32: 128 bits hold it exactly.
  IntegerType *Wide = intTy(Info->Op == VideoOp::Shl ? 128 : 64);
  auto WideC = [&](int64_t V) { return ConstantInt::getSigned(Wide, V); };
  auto Extend = [&](Value *V, bool Signed) {
    return Signed ? Builder.CreateSExt(V, Wide) : Builder.CreateZExt(V, Wide);
  };
  // Element K (Bits wide) of the 32- or 64-bit value V, extended.
  auto Element = [&](Value *V, unsigned K, unsigned Bits, bool Signed) {
    Value *Shifted = K ? Builder.CreateLShr(V, K * Bits) : V;
    return Extend(Builder.CreateTrunc(Shifted, intTy(Bits)), Signed);
  };
  auto Operate = [&](Value *X, Value *Y) -> Value * {
    switch (Info->Op) {
    case VideoOp::Add:
      return Builder.CreateAdd(X, Y);
    case VideoOp::Sub:
      return Builder.CreateSub(X, Y);
    case VideoOp::AbsDiff:
      return intrinsic(Intrinsic::abs,
                       {Builder.CreateSub(X, Y), Builder.getFalse()});
    case VideoOp::Min:
      return intrinsic(Intrinsic::smin, {X, Y});
    case VideoOp::Max:
      return intrinsic(Intrinsic::smax, {X, Y});
    case VideoOp::Average: {
      // sum >= 0 ? (sum + 1) >> 1 : sum >> 1 (the ISA's rounding).
      Value *Sum = Builder.CreateAdd(X, Y);
      Value *Up =
          Builder.CreateZExt(Builder.CreateICmpSGE(Sum, WideC(0)), Wide);
      return Builder.CreateAShr(Builder.CreateAdd(Sum, Up), 1);
    }
    case VideoOp::Shl:
    case VideoOp::Shr: {
      // The count (b unsigned): its low 5 bits (.wrap) or clamped to 32.
      Value *Count = I.has(PTXModifier::Wrap)
                         ? Builder.CreateAnd(Y, 31)
                         : intrinsic(Intrinsic::umin, {Y, WideC(32)});
      if (Info->Op == VideoOp::Shl)
        return Builder.CreateShl(X, Count);
      return Builder.CreateAShr(X, Count); // X is extended per .atype
    }
    }
    return nullptr;
  };
  // Clamp to the signed or unsigned range of Bits bits.
  auto Saturate = [&](Value *X, unsigned Bits) {
    int64_t Lo = SignedD ? -(int64_t(1) << (Bits - 1)) : 0;
    int64_t Hi = SignedD ? (int64_t(1) << (Bits - 1)) - 1
                         : int64_t((uint64_t(1) << Bits) - 1);
    X = intrinsic(Intrinsic::smax, {X, WideC(Lo)});
    return intrinsic(Intrinsic::smin, {X, WideC(Hi)});
  };

  if (Info->Lanes == 1) {
    // partSelectSignExtend: the selected byte/half (or the word), extended
    // per the operand's type (the shift count b is always unsigned).
    auto Select = [&](Value *V, const std::optional<OperandSelector> &Sel,
                      bool Signed) {
      if (!Sel)
        return Extend(V, Signed);
      return Element(V, Sel->Digits[0], Sel->ElementBits, Signed);
    };
    bool Shift = Info->Op == VideoOp::Shl || Info->Op == VideoOp::Shr;
    Value *Tmp =
        Operate(Select(A, ASel, SignedA), Select(B, BSel, SignedB && !Shift));
    // optSaturate: to the range of the merged part, or of the word.
    if (Sat)
      Tmp = Saturate(Tmp, DSel ? DSel->ElementBits : 32);
    if (DSel) {
      // optMerge: the low bits of tmp replace the selected part of c.
      unsigned Bits = DSel->ElementBits, Shift = DSel->Digits[0] * Bits;
      uint32_t Mask = uint32_t((uint64_t(1) << Bits) - 1) << Shift;
      Value *Field =
          Builder.CreateZExt(Builder.CreateTrunc(Tmp, intTy(Bits)), intTy(32));
      Value *D = Builder.CreateOr(Builder.CreateShl(Field, Shift),
                                  Builder.CreateAnd(C, ~Mask));
      return write(0, D, PTXType::B32);
    }
    if (Op2) {
      // optSecOp on the wide intermediate and c extended per .dtype.
      Value *WC = Extend(C, SignedD);
      if (*Op2 == PTXModifier::AddOp)
        Tmp = Builder.CreateAdd(Tmp, WC);
      else if (*Op2 == PTXModifier::MinOp)
        Tmp = intrinsic(Intrinsic::smin, {Tmp, WC});
      else if (*Op2 == PTXModifier::MaxOp)
        Tmp = intrinsic(Intrinsic::smax, {Tmp, WC});
      else
        return (void)fail("the secondary operation must be '.add', '.min' or "
                          "'.max'");
    }
    return write(0, Builder.CreateTrunc(Tmp, intTy(32)), PTXType::B32);
  }

  if (Info->Op == VideoOp::Shl || Info->Op == VideoOp::Shr)
    return (void)unsupported();
  if (!C)
    return (void)fail("SIMD video instructions take operand c");
  if (Op2 && *Op2 != PTXModifier::AddOp)
    return (void)fail("the secondary operation of SIMD video instructions "
                      "is '.add'");
  unsigned Lanes = Info->Lanes, Bits = 32 / Lanes;
  // extractAndSignExt: lane K of a source takes element asel[K] of the
  // 64-bit pair {b, a} (a's elements first); defaults: a's lanes for a,
  // b's for b.
  Value *Pair =
      Builder.CreateOr(Builder.CreateShl(Builder.CreateZExt(B, intTy(64)), 32),
                       Builder.CreateZExt(A, intTy(64)));
  auto Source = [&](const std::optional<OperandSelector> &Sel, unsigned K,
                    unsigned Default, bool Signed) {
    return Element(Pair, Sel ? Sel->laneSource(K) : Default + K, Bits, Signed);
  };
  Value *D = Op2 ? C : intC(32, 0);
  for (unsigned K = 0; K < Lanes; ++K) {
    bool InMask = !DSel || DSel->masks(K);
    uint32_t LaneMask = uint32_t((uint64_t(1) << Bits) - 1) << (K * Bits);
    if (!InMask) {
      // Merge: the lane keeps c's value; accumulate: adds nothing.
      if (!Op2)
        D = Builder.CreateOr(D, Builder.CreateAnd(C, LaneMask));
      continue;
    }
    Value *T =
        Operate(Source(ASel, K, 0, SignedA), Source(BSel, K, Lanes, SignedB));
    if (Sat)
      T = Saturate(T, Bits);
    Value *T32 = Builder.CreateTrunc(T, intTy(32));
    if (Op2) {
      D = Builder.CreateAdd(D, T32);
    } else {
      Value *Field = Builder.CreateAnd(T32, (uint64_t(1) << Bits) - 1);
      D = Builder.CreateOr(D, Builder.CreateShl(Field, K * Bits));
    }
  }
  write(0, D, PTXType::B32);
}

} // namespace rubicon::ptxir
