//===- HostExpandHalf.cpp - f16 widening as integer operations -------------===//
//
// rubicon-host-expand-half: the host target's code is baseline x86-64, which
// has no f16 conversion instruction (F16C is not in it), so the x86-64 code
// generator lowers every `fpext` of a half to a call of the C runtime's
// __extendhfsf2, once per element: a thread loop over __half data spends
// most of its time there (cuda-samples' f16 kernels, wmma fragments). This
// pass, run after the optimization pipeline, replaces each scalar or vector
// `fpext half` (to float or double) by the exact conversion in integer
// operations and selects, which stay inline and vectorized:
//   normal:            rebias the exponent under the shifted mantissa;
//   infinity and NaN:  the all-ones exponent, mantissa (and quiet bit) kept;
//   zero, subnormal:   the mantissa times 2^-24 (both exact in float);
// and the sign copied.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

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

} // namespace

PreservedAnalyses HostExpandHalfPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<FPExtInst *> Widenings;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Ext = dyn_cast<FPExtInst>(&I);
          Ext && Ext->getSrcTy()->getScalarType()->isHalfTy())
        Widenings.push_back(Ext);
  for (FPExtInst *Ext : Widenings) {
    IRBuilder<> B(Ext);
    Value *Result = expandHalfToFloat(B, Ext->getOperand(0));
    if (Result->getType() != Ext->getType()) // to double: exact
      Result = B.CreateFPExt(Result, Ext->getType());
    Result->takeName(Ext);
    Ext->replaceAllUsesWith(Result);
    Ext->eraseFromParent();
  }
  return Widenings.empty() ? PreservedAnalyses::all()
                           : PreservedAnalyses::none();
}

} // namespace rubicon
