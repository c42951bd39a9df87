//===- HostExpandHalf.cpp - f16 conversions as integer operations ---------===//
//
// rubicon-host-expand-half: below x86-64-v3 (the code object's CPU level,
// HostCpuLevels.h) there is no f16 conversion instruction (F16C), so the code
// generator lowers every `fpext` of a half to a call of the C runtime's
// __extendhfsf2, and every `fptrunc` to half to __truncsfhf2 (from float) or
// __truncdfhf2 (from double), once per element: a thread loop over __half
// data spends most of its time there (cuda-samples' f16 kernels, wmma
// fragments). This pass, run after the optimization pipeline, replaces each
// scalar or vector conversion by the exact one in integer operations and
// selects, which stay inline and vectorized.
//
// Widening (`fpext half` to float or double):
//   normal:            rebias the exponent under the shifted mantissa;
//   infinity and NaN:  the all-ones exponent, mantissa (and quiet bit) kept;
//   zero, subnormal:   the mantissa times 2^-24 (both exact in float);
// and the sign copied.
//
// Narrowing (`fptrunc` of float or double to half), rounding to nearest,
// ties to even, as the C runtime's functions do:
//   normal:            rebias the exponent, add half an ulp of the result less
//                      one plus the bit that becomes the last (ties to even),
//                      shift; a carry rounds into the exponent, and up to
//                      infinity at the top;
//   |x| >= 2^16:       infinity;
//   subnormal, zero:   |x| + 2^S (S: the source's mantissa bits minus 24)
//                      rounds |x| to a multiple of 2^-24 in the FPU's own
//                      rounding; the difference of the bits is the half's;
//   NaN:               quiet, with the payload's top bits, as the C runtime's
//                      __truncsfhf2 keeps them;
// and the sign copied.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

#include <cmath>

using namespace llvm;

namespace rubicon {
namespace {

Value *expandHalfToFloat(IRBuilder<> &B, Value *Half) {
  Type *HalfTy = Half->getType();
  auto Shaped = [&](Type *Scalar) -> Type * {
    if (auto *Vector = dyn_cast<VectorType>(HalfTy))
      return VectorType::get(Scalar, Vector->getElementCount());
    return Scalar;
  };
  Type *I16 = Shaped(B.getInt16Ty()), *I32 = Shaped(B.getInt32Ty()),
       *F32 = Shaped(B.getFloatTy());
  auto Int = [&](uint32_t V) { return ConstantInt::get(I32, V); };
  Value *H = B.CreateZExt(B.CreateBitCast(Half, I16), I32);
  Value *Sign = B.CreateShl(B.CreateAnd(H, Int(0x8000)), Int(16));
  Value *Magnitude = B.CreateAnd(H, Int(0x7fff));
  Value *Normal =
      B.CreateAdd(B.CreateShl(Magnitude, Int(13)), Int((127 - 15) << 23));
  Value *Special = B.CreateOr(B.CreateShl(B.CreateAnd(H, Int(0x3ff)), Int(13)),
                              Int(0x7f800000));
  Value *Small = B.CreateBitCast(
      B.CreateFMul(B.CreateUIToFP(Magnitude, F32),
                   ConstantFP::get(F32, 0x1p-24)),
      I32);
  Value *IsSmall = B.CreateICmpULT(Magnitude, Int(0x400));
  Value *IsSpecial = B.CreateICmpUGE(Magnitude, Int(0x7c00));
  Value *Bits = B.CreateSelect(IsSmall, Small,
                               B.CreateSelect(IsSpecial, Special, Normal));
  return B.CreateBitCast(B.CreateOr(Bits, Sign), F32);
}

/// `Wide` (float or double, scalar or vector) rounded to half.
Value *expandToHalf(IRBuilder<> &B, Value *Wide) {
  Type *WideTy = Wide->getType();
  Type *Scalar = WideTy->getScalarType();
  auto Shaped = [&](Type *T) -> Type * {
    if (auto *Vector = dyn_cast<VectorType>(WideTy))
      return VectorType::get(T, Vector->getElementCount());
    return T;
  };
  // The source's layout: W bits, a mantissa of M bits, an exponent bias.
  const unsigned W = Scalar->getPrimitiveSizeInBits();
  const unsigned M = Scalar->getFPMantissaWidth() - 1;
  const uint64_t Bias = (uint64_t(1) << (W - M - 2)) - 1;
  const unsigned Drop = M - 10; // mantissa bits the half loses
  Type *Int = Shaped(B.getIntNTy(W));
  auto K = [&](uint64_t V) { return ConstantInt::get(Int, V); };
  Value *U = B.CreateBitCast(Wide, Int);
  Value *Sign = B.CreateTrunc(B.CreateLShr(U, K(W - 16)),
                              Shaped(B.getInt16Ty()));
  Sign = B.CreateAnd(Sign, ConstantInt::get(Sign->getType(), 0x8000));
  Value *A = B.CreateAnd(U, K((uint64_t(1) << (W - 1)) - 1));
  const uint64_t Infinity = ((uint64_t(1) << (W - M - 1)) - 1) << M;
  // Normal results: the exponent rebiased (15 for half), rounded to nearest
  // even at the bit that becomes the half's last; 2^16 and more overflow.
  Value *Odd = B.CreateAnd(B.CreateLShr(A, K(Drop)), K(1));
  Value *Rebiased = B.CreateSub(A, K((Bias - 15) << M));
  Value *Rounded = B.CreateAdd(
      B.CreateAdd(Rebiased, K((uint64_t(1) << (Drop - 1)) - 1)), Odd);
  Value *Normal = B.CreateLShr(Rounded, K(Drop));
  Value *Huge = B.CreateICmpUGE(A, K((Bias + 16) << M));
  Normal = B.CreateSelect(Huge, K(0x7c00), Normal);
  // Subnormal results and zero: 2^(M-24) has an ulp of 2^-24, so the sum
  // is |x| rounded to a multiple of 2^-24, the half's subnormal step.
  Value *Magic = ConstantFP::get(WideTy, std::ldexp(1.0, int(M) - 24));
  Value *Small = B.CreateSub(
      B.CreateBitCast(B.CreateFAdd(B.CreateBitCast(A, WideTy), Magic), Int),
      B.CreateBitCast(Magic, Int));
  Value *IsSmall = B.CreateICmpULT(A, K((Bias - 14) << M));
  // NaN: quiet, the payload's top 9 bits under the quiet bit.
  Value *NaN = B.CreateOr(
      B.CreateAnd(B.CreateLShr(A, K(Drop)), K(0x1ff)), K(0x7e00));
  Value *IsNaN = B.CreateICmpUGT(A, K(Infinity));
  Value *Bits = B.CreateSelect(
      IsNaN, NaN, B.CreateSelect(IsSmall, Small, Normal));
  Value *Half16 = B.CreateOr(B.CreateTrunc(Bits, Sign->getType()), Sign);
  return B.CreateBitCast(Half16, Shaped(B.getHalfTy()));
}

} // namespace

PreservedAnalyses HostExpandHalfPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<FPExtInst *> Widenings;
  SmallVector<FPTruncInst *> Narrowings;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (auto *Ext = dyn_cast<FPExtInst>(&I);
          Ext && Ext->getSrcTy()->getScalarType()->isHalfTy())
        Widenings.push_back(Ext);
      if (auto *Trunc = dyn_cast<FPTruncInst>(&I);
          Trunc && Trunc->getDestTy()->getScalarType()->isHalfTy() &&
          (Trunc->getSrcTy()->getScalarType()->isFloatTy() ||
           Trunc->getSrcTy()->getScalarType()->isDoubleTy()))
        Narrowings.push_back(Trunc);
    }
  for (FPTruncInst *Trunc : Narrowings) {
    IRBuilder<> B(Trunc);
    Value *Result = expandToHalf(B, Trunc->getOperand(0));
    Result->takeName(Trunc);
    Trunc->replaceAllUsesWith(Result);
    Trunc->eraseFromParent();
  }
  for (FPExtInst *Ext : Widenings) {
    IRBuilder<> B(Ext);
    Value *Result = expandHalfToFloat(B, Ext->getOperand(0));
    if (Result->getType() != Ext->getType()) // to double: exact
      Result = B.CreateFPExt(Result, Ext->getType());
    Result->takeName(Ext);
    Ext->replaceAllUsesWith(Result);
    Ext->eraseFromParent();
  }
  return Widenings.empty() && Narrowings.empty() ? PreservedAnalyses::all()
                                                 : PreservedAnalyses::none();
}

} // namespace rubicon
