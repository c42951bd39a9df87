//===- PTXCachePolicyIR.cpp - createpolicy: L2 cache policy descriptors ---===//
//
// Part of Rubicon. sm_80's
//
//   createpolicy.fractional.L2::primary{.L2::secondary}.b64 policy{, fraction}
//   createpolicy.range{.global}.L2::primary{.L2::secondary}.b64
//       policy, [a], primary-size, total-size
//
// make the 64-bit cache-policy operand of `.L2::cache_hint` loads, stores and
// copies (libcu++'s `cuda::access_property`, `cuda::annotated_ptr`). The PTX
// ISA calls the value opaque; Rubicon's caches take no such hint, so the
// value matters only where a program compares it with the descriptor
// libcu++ encodes on the host (`cuda::access_property`'s conversion to
// `uint64_t`). Rubicon builds that same descriptor:
//
//   bits 59-60  mode: 2 fractional, 3 range (block descriptor)
//   bits 57-58  primary priority: evict_unchanged 0, evict_first 1,
//               evict_last 2, evict_normal 3
//   bit  56     secondary priority: evict_unchanged 0, evict_first 1
//   fractional: bits 52-55  (uint32)((fraction - FLT_EPSILON) * 16)
//   range:      bits 52-55  block size as log2(size) - 12, where the block
//                           is 4 KiB or total-size / 2^7 rounded up to a
//                           power of two, whichever is larger
//               bits 44+    first block (address / block size)
//               bits 37-43  blocks that cover [a, a + primary-size), 1-127
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

static std::optional<unsigned> priority(PTXModifier M) {
  switch (M) {
  case PTXModifier::L2EvictUnchanged:
    return 0;
  case PTXModifier::L2EvictFirst:
    return 1;
  case PTXModifier::L2EvictLast:
    return 2;
  case PTXModifier::L2EvictNormal:
    return 3;
  default:
    return std::nullopt;
  }
}

void InlinePTXBuilder::emitCreatePolicy(const Instruction &I) {
  bool Range = I.has(PTXModifier::PolicyRange);
  if (Range == I.has(PTXModifier::PolicyFractional))
    return (void)fail("'createpolicy' needs one of '.range' and '.fractional'");
  // The priorities in written order: the primary, then the secondary.
  SmallVector<unsigned, 2> Priorities;
  for (PTXModifier M : I.Modifiers)
    if (auto P = priority(M))
      Priorities.push_back(*P);
  if (Priorities.empty() || Priorities.size() > 2)
    return (void)fail("'createpolicy' needs a primary priority and at most "
                      "one secondary one");
  unsigned Secondary = Priorities.size() == 2 ? Priorities[1] : 0;
  if (Secondary > 1)
    return (void)fail("the secondary priority must be '.L2::evict_first' or "
                      "'.L2::evict_unchanged'");
  uint64_t Fixed = uint64_t(Range ? 3 : 2) << 59 |
                   uint64_t(Priorities[0]) << 57 | uint64_t(Secondary) << 56;
  Type *I64 = Builder.getInt64Ty();

  if (!Range) {
    if (I.Operands.size() > 2)
      return (void)fail("'createpolicy.fractional' takes a destination and "
                        "a fraction");
    Value *Fraction = I.Operands.size() == 2
                          ? read(1, PTXType::F32)
                          : ConstantFP::get(Builder.getFloatTy(), 1.0);
    if (!Fraction)
      return;
    Value *Sixteenths = Builder.CreateFMul(
        Builder.CreateFSub(Fraction,
                           ConstantFP::get(Builder.getFloatTy(), 0x1p-23)),
        ConstantFP::get(Builder.getFloatTy(), 16.0));
    // Saturating: a fraction outside (0, 1], which PTX leaves undefined,
    // gives some descriptor rather than poison.
    Sixteenths = Builder.CreateIntrinsic(
        Intrinsic::fptoui_sat, {Builder.getInt32Ty(), Builder.getFloatTy()},
        {Sixteenths});
    return write(
        0,
        Builder.CreateOr(
            Builder.CreateShl(Builder.CreateZExt(Sixteenths, I64), 52), Fixed),
        PTXType::B64);
  }

  if (I.Operands.size() != 4)
    return (void)fail("'createpolicy.range' takes a destination, an address, "
                      "a primary size and a total size");
  auto *Addr = std::get_if<AddressOperand>(&I.Operands[1].Value);
  if (!Addr)
    return (void)fail(I.Operands[1].Position,
                      "expected an address operand '[...]'");
  Value *Address = ConstantInt::get(I64, uint64_t(Addr->Offset));
  if (Addr->Base) {
    Value *Bits = readRegisterBits(*Addr->Base);
    if (!Bits)
      return;
    if (Bits->getType()->isIntegerTy(1))
      return (void)fail(I.Operands[1].Position,
                        "a predicate cannot be an address");
    Address = Builder.CreateAdd(Builder.CreateZExtOrTrunc(Bits, I64), Address);
  }
  Value *Primary = read(2, PTXType::U32);
  Value *Total = read(3, PTXType::U32);
  if (!Primary || !Total)
    return;
  Type *I32 = Builder.getInt32Ty();
  // ceil(log2(total)): 32 - clz(total - 1) (0 for a total of 0 or 1).
  Value *TotalMinusOne = Builder.CreateSub(Total, ConstantInt::get(I32, 1));
  Value *Log2Total = Builder.CreateSelect(
      Builder.CreateICmpULE(Total, ConstantInt::get(I32, 1)),
      ConstantInt::get(I32, 0),
      Builder.CreateSub(
          ConstantInt::get(I32, 32),
          intrinsic(Intrinsic::ctlz, {TotalMinusOne, Builder.getFalse()})));
  Value *SizeEnum =
      intrinsic(Intrinsic::usub_sat, {Log2Total, ConstantInt::get(I32, 19)});
  Value *Log2Block = Builder.CreateZExt(
      Builder.CreateAdd(SizeEnum, ConstantInt::get(I32, 12)), I64);
  Value *BlockSize = Builder.CreateShl(ConstantInt::get(I64, 1), Log2Block);
  Value *Start =
      Builder.CreateTrunc(Builder.CreateLShr(Address, Log2Block), I32);
  Value *End = Builder.CreateTrunc(
      Builder.CreateLShr(
          Builder.CreateAdd(
              Builder.CreateAdd(Address, Builder.CreateZExt(Primary, I64)),
              Builder.CreateSub(BlockSize, ConstantInt::get(I64, 1))),
          Log2Block),
      I32);
  Value *Count =
      intrinsic(Intrinsic::umin,
                {intrinsic(Intrinsic::umax, {Builder.CreateSub(End, Start),
                                             ConstantInt::get(I32, 1)}),
                 ConstantInt::get(I32, 127)});
  Value *Policy = Builder.CreateOr(
      {Builder.CreateShl(Builder.CreateZExt(Count, I64), 37),
       Builder.CreateShl(Builder.CreateZExt(Start, I64), 44),
       Builder.CreateShl(Builder.CreateZExt(SizeEnum, I64), 52),
       ConstantInt::get(I64, Fixed)});
  write(0, Policy, PTXType::B64);
}

} // namespace rubicon::ptxir
