//===- HostExpandLdexp.cpp - ldexp as multiplications ----------------------===//
//
// rubicon-host-expand-ldexp: LLVM's optimizer turns exp2 of an integer
// (`exp2f((float)i)`, `__powf(2, i)`, `ldexpf`) into `llvm.ldexp`, which the
// x86-64 code generator lowers to a call of the C library's ldexpf/ldexp
// (LegalizeDAG prefers the library call where there is one). In a thread
// loop that call is made once per thread: Rodinia's backprop spends an
// eighth of its time in libm's scalbnf so. This pass, run after the
// optimization pipeline, replaces each scalar or vector `llvm.ldexp` of a
// float or double by an i32 exponent with musl's scalbn (exact: at most two
// multiplications by a power of two before the last, so subnormal results
// are rounded once), as selects and multiplications, which the loop's code
// keeps inline.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <cmath>

using namespace llvm;

namespace rubicon {
namespace {

/// musl's scalbnf/scalbn for one IEEE format.
struct Format {
  unsigned MantissaBits; // 23, 52
  int MaxExponent;       // 127, 1023
  int MinExponent;       // -126, -1022
};

Value *expandLdexp(IRBuilder<> &B, Value *X, Value *N, const Format &F) {
  Type *FloatTy = X->getType();
  Type *IntTy = N->getType();
  Type *Scalar = FloatTy->getScalarType();
  auto Power = [&](int E) { return ConstantFP::get(FloatTy, std::ldexp(1.0, E)); };
  auto Int = [&](int V) { return ConstantInt::getSigned(IntTy, V); };
  // Below the smallest normal exponent, musl scales by 2^(MinExponent +
  // MantissaBits + 1) so that the last multiplication rounds once.
  int Down = F.MinExponent + int(F.MantissaBits) + 1;
  Value *Y = X;
  for (int Step = 0; Step < 2; ++Step) {
    Value *Big = B.CreateICmpSGT(N, Int(F.MaxExponent));
    Value *Small = B.CreateICmpSLT(N, Int(F.MinExponent));
    Y = B.CreateSelect(Big, B.CreateFMul(Y, Power(F.MaxExponent)),
                       B.CreateSelect(Small, B.CreateFMul(Y, Power(Down)), Y));
    N = B.CreateSelect(Big, B.CreateSub(N, Int(F.MaxExponent)),
                       B.CreateSelect(Small, B.CreateSub(N, Int(Down)), N));
  }
  N = B.CreateBinaryIntrinsic(Intrinsic::smin, N, Int(F.MaxExponent));
  N = B.CreateBinaryIntrinsic(Intrinsic::smax, N, Int(F.MinExponent));
  Type *BitsTy = IntegerType::get(B.getContext(), Scalar->getPrimitiveSizeInBits());
  if (auto *Vector = dyn_cast<VectorType>(FloatTy))
    BitsTy = VectorType::get(BitsTy, Vector->getElementCount());
  Value *Bits = B.CreateShl(
      B.CreateZExtOrTrunc(B.CreateAdd(N, Int(F.MaxExponent)), BitsTy),
      ConstantInt::get(BitsTy, F.MantissaBits));
  return B.CreateFMul(Y, B.CreateBitCast(Bits, FloatTy));
}

} // namespace

PreservedAnalyses HostExpandLdexpPass::run(Module &M,
                                           ModuleAnalysisManager &) {
  SmallVector<IntrinsicInst *> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<IntrinsicInst>(&I);
          Call && Call->getIntrinsicID() == Intrinsic::ldexp)
        Calls.push_back(Call);
  bool Changed = false;
  for (IntrinsicInst *Call : Calls) {
    Value *X = Call->getArgOperand(0), *N = Call->getArgOperand(1);
    Type *Scalar = X->getType()->getScalarType();
    if (!N->getType()->getScalarType()->isIntegerTy(32))
      continue;
    Format F;
    if (Scalar->isFloatTy())
      F = {23, 127, -126};
    else if (Scalar->isDoubleTy())
      F = {52, 1023, -1022};
    else
      continue;
    IRBuilder<> B(Call);
    B.setFastMathFlags(Call->getFastMathFlags());
    Value *Result = expandLdexp(B, X, N, F);
    Result->takeName(Call);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
