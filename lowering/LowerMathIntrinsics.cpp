//===- LowerMathIntrinsics.cpp - rubicon-lower-math-intrinsics -------------===//
//
// Rewrites the LLVM math intrinsics the AMDGPU back end cannot select (rows
// of MathIntrinsics.def) into calls of AMD's ocml, which the device library
// carries: llvm.tanh.f32 -> __ocml_tanh_f32, llvm.sin.f64 -> __ocml_sin_f64,
// half and vector operands element by element through f32. A call with no
// rewrite (MATH_INTRINSIC_UNSUPPORTED) is an error naming the intrinsic at
// the call's source location, instead of a back-end failure without one.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {
namespace {

struct MathRow {
  Intrinsic::ID ID;
  const char *Ocml;
  unsigned Arity; // floating-point operands
  bool DoubleOnly;
  bool IntPower; // a second, i32 operand
};

constexpr MathRow MathRows[] = {
#define MATH_INTRINSIC(Name, Ocml, Arity, DoubleOnly)                          \
  {Intrinsic::Name, Ocml, Arity, DoubleOnly, false},
#define MATH_INTRINSIC_INT_POWER(Name, Ocml)                                   \
  {Intrinsic::Name, Ocml, 1, false, true},
#include "MathIntrinsics.def"
};

constexpr Intrinsic::ID Unsupported[] = {
#define MATH_INTRINSIC_UNSUPPORTED(Name) Intrinsic::Name,
#include "MathIntrinsics.def"
};

/// One scalar call of the ocml function for Row on Args (f32 or f64).
Value *callOcml(IRBuilder<> &Builder, const MathRow &Row,
                ArrayRef<Value *> Args) {
  Type *Ty = Args[0]->getType();
  std::string Name = std::string("__ocml_") + Row.Ocml +
                     (Ty->isDoubleTy() ? "_f64" : "_f32");
  SmallVector<Type *, 2> Params;
  for (Value *Arg : Args)
    Params.push_back(Arg->getType());
  Module &M = *Builder.GetInsertBlock()->getModule();
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Ty, Params, false));
  return Builder.CreateCall(Callee, Args);
}

/// The rewrite of Call (an intrinsic of Row) or nullptr when the back end
/// selects this type itself.
Value *rewrite(IntrinsicInst &Call, const MathRow &Row) {
  Type *Ty = Call.getType();
  Type *Element = Ty->getScalarType();
  if (!Element->isHalfTy() && !Element->isFloatTy() && !Element->isDoubleTy())
    return nullptr;
  if (Row.DoubleOnly && !Element->isDoubleTy())
    return nullptr;
  IRBuilder<> Builder(&Call);
  Type *Wide = Element->isDoubleTy() ? Element : Builder.getFloatTy();
  auto *Vector = dyn_cast<FixedVectorType>(Ty);
  unsigned Lanes = Vector ? Vector->getNumElements() : 1;
  Value *Result = Vector ? PoisonValue::get(Ty) : nullptr;
  for (unsigned Lane = 0; Lane < Lanes; ++Lane) {
    SmallVector<Value *, 2> Args;
    for (unsigned I = 0; I < Row.Arity; ++I) {
      Value *Arg = Call.getArgOperand(I);
      if (Vector)
        Arg = Builder.CreateExtractElement(Arg, Lane);
      Args.push_back(Builder.CreateFPExt(Arg, Wide));
    }
    if (Row.IntPower) // the exponent, scalar even for vectors
      Args.push_back(Call.getArgOperand(1));
    Value *R = Builder.CreateFPTrunc(callOcml(Builder, Row, Args), Element);
    Result = Vector ? Builder.CreateInsertElement(Result, R, Lane) : R;
  }
  return Result;
}

} // namespace

PreservedAnalyses LowerMathIntrinsicsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M.functions())) {
    if (!F.isIntrinsic())
      continue;
    Intrinsic::ID ID = F.getIntrinsicID();
    for (Intrinsic::ID Bad : Unsupported)
      if (ID == Bad)
        for (User *U : F.users())
          if (auto *Call = dyn_cast<CallInst>(U))
            reportLoweringError(M.getContext(),
                                "'" + F.getName() + "' in function '" +
                                    Call->getFunction()->getName() +
                                    "' cannot be compiled for AMD GPUs",
                                Call);
    const MathRow *Row = nullptr;
    for (const MathRow &R : MathRows)
      if (R.ID == ID)
        Row = &R;
    if (!Row)
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *Call = dyn_cast<IntrinsicInst>(U);
      if (!Call)
        continue;
      if (Value *New = rewrite(*Call, *Row)) {
        Call->replaceAllUsesWith(New);
        Call->eraseFromParent();
        Changed = true;
      }
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
