//===- PTXVideoIR.cpp - IR for the PTX video (SIMD in a register) set -----===//
//
// Scalar vadd vsub vabsdiff vmin vmax vshl vshr:
//   ta, tb = a, b sign- or zero-extended per .atype/.btype (to 64 bits)
//   tmp    = ta op tb            (vshl/vshr: tb masked to 5 bits with .wrap,
//                                 clamped to 32 with .clamp, the default)
//   tmp    = .sat ? clamp(tmp, range of .dtype) : tmp mod 2^32
//   d      = .add/.min/.max ? tmp op2 c : tmp   (signedness of .dtype)
// Two- and four-way SIMD vadd2 vsub2 vabsdiff2 vmin2 vmax2 vavrg2 (and the
// 4 forms; vavrg: (a[i] + b[i] + 1) >> 1): each 16-bit (8-bit) lane of a and b, extended per its type, gives
// t[i] = a[i] op b[i], clamped to the lane range of .dtype with .sat; with
// .add, d = c + sum of t[i], otherwise the lanes of t packed into d.
// Operand selectors (.b0, .h10, ...) and masks are not accepted by the
// parser, so the defaults apply: lanes of a with the same lanes of b.
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
  if (Info->Lanes == 1 && Op2.has_value() != (I.Operands.size() == 4))
    return (void)fail("a secondary operation (.add, .min, .max) and operand "
                      "c go together");
  if (Info->Lanes > 1 && Sat && Op2)
    return (void)fail("'.sat' cannot be combined with '.add'");
  Value *A = read(1, PTXType::B32), *B = read(2, PTXType::B32);
  Value *C = I.Operands.size() == 4 ? read(3, PTXType::B32) : nullptr;
  if (!A || !B || (I.Operands.size() == 4 && !C))
    return;

  IntegerType *Wide = intTy(64);
  auto Extend = [&](Value *V, bool Signed) {
    return Signed ? Builder.CreateSExt(V, Wide) : Builder.CreateZExt(V, Wide);
  };
  auto Operate = [&](Value *X, Value *Y, bool Signed) -> Value * {
    switch (Info->Op) {
    case VideoOp::Add:
      return Builder.CreateAdd(X, Y);
    case VideoOp::Sub:
      return Builder.CreateSub(X, Y);
    case VideoOp::AbsDiff: {
      Value *D = Builder.CreateSub(X, Y);
      return Builder.CreateSelect(
          Builder.CreateICmpSLT(D, ConstantInt::get(Wide, 0)),
          Builder.CreateNeg(D), D);
    }
    case VideoOp::Min:
      return intrinsic(Intrinsic::smin, {X, Y});
    case VideoOp::Max:
      return intrinsic(Intrinsic::smax, {X, Y});
    case VideoOp::Average: // (a + b + 1) >> 1, exact in 64 bits
      return Builder.CreateAShr(
          Builder.CreateAdd(Builder.CreateAdd(X, Y), ConstantInt::get(Wide, 1)),
          1);
    case VideoOp::Shl:
    case VideoOp::Shr: {
      // The shift count: b's low 5 bits (.wrap) or b clamped to 32.
      Value *Count =
          I.has(PTXModifier::Wrap)
              ? Builder.CreateAnd(Y, 31)
              : Builder.CreateSelect(
                    Builder.CreateICmpUGT(Builder.CreateAnd(Y, 0xffffffff),
                                          ConstantInt::get(Wide, 32)),
                    ConstantInt::get(Wide, 32),
                    Builder.CreateAnd(Y, 0xffffffff));
      if (Info->Op == VideoOp::Shl)
        return Builder.CreateShl(X, Count);
      return Signed ? Builder.CreateAShr(X, Count)
                    : Builder.CreateLShr(X, Count);
    }
    }
    return nullptr;
  };
  // Clamp to the signed or unsigned range of Bits bits.
  auto Saturate = [&](Value *X, unsigned Bits) {
    int64_t Lo = SignedD ? -(int64_t(1) << (Bits - 1)) : 0;
    int64_t Hi = SignedD ? (int64_t(1) << (Bits - 1)) - 1
                         : int64_t((uint64_t(1) << Bits) - 1);
    X = intrinsic(Intrinsic::smax, {X, ConstantInt::getSigned(Wide, Lo)});
    return intrinsic(Intrinsic::smin, {X, ConstantInt::getSigned(Wide, Hi)});
  };

  if (Info->Lanes == 1) {
    Value *Tmp = Operate(Extend(A, SignedA), Extend(B, SignedB), SignedA);
    if (Sat)
      Tmp = Saturate(Tmp, 32);
    Value *D = Builder.CreateTrunc(Tmp, intTy(32));
    if (Op2) {
      if (*Op2 == PTXModifier::AddOp)
        D = Builder.CreateAdd(D, C);
      else if (*Op2 == PTXModifier::MinOp)
        D = intrinsic(SignedD ? Intrinsic::smin : Intrinsic::umin, {D, C});
      else if (*Op2 == PTXModifier::MaxOp)
        D = intrinsic(SignedD ? Intrinsic::smax : Intrinsic::umax, {D, C});
      else
        return (void)fail("the secondary operation must be '.add', '.min' or "
                          "'.max'");
    }
    return write(0, D, PTXType::B32);
  }

  if (Info->Op == VideoOp::Shl || Info->Op == VideoOp::Shr)
    return (void)unsupported();
  if (!C)
    return (void)fail("SIMD video instructions take operand c");
  unsigned Bits = 32 / Info->Lanes;
  auto LaneOf = [&](Value *V, unsigned K, bool Signed) {
    return Extend(
        Builder.CreateTrunc(Builder.CreateLShr(V, K * Bits), intTy(Bits)),
        Signed);
  };
  Value *D = Op2 ? C : intC(32, 0);
  if (Op2 && *Op2 != PTXModifier::AddOp)
    return (void)fail("the secondary operation of SIMD video instructions "
                      "is '.add'");
  for (unsigned K = 0; K < Info->Lanes; ++K) {
    Value *T = Operate(LaneOf(A, K, SignedA), LaneOf(B, K, SignedB), SignedA);
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
