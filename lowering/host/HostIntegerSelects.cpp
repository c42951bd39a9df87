//===- HostIntegerSelects.cpp - Float selects without branches ------------===//
//
// Part of Rubicon. rubicon-host-integer-selects, run after the host target's
// optimization pipeline: a `select` of a float or double whose condition is
// not a comparison of two values of that same type becomes a select of their
// bits (`bitcast` to i32/i64, `select`, `bitcast` back).
//
// x86-64's SSE2 has no conditional move between XMM registers: the code
// generator makes a float select whose condition it cannot compute as a mask
// of the same width (CMPSS for a float comparison of floats) a branch around
// a register copy. A branch on data costs a misprediction whenever the data
// changes its way, and in a thread loop the data is the threads': CUDA's
// `float c = 1.0 / (1.0 + den); if (c > 1) c = 1;` (LLVM compares the double
// before its rounding to float) branched once per thread of Rodinia's srad, at
// random. A GPU runs the same select without a branch; a select of integers
// is CMOV, which does too (two moves between register files and one CMOV:
// a few cycles, against about 15 for a misprediction).
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {
namespace {

/// The code generator makes a mask of the condition itself (CMPSS/CMPSD,
/// ANDPS, ANDNPS, ORPS): a comparison of two values of the select's type.
bool selectsByMask(const SelectInst &S) {
  auto *Compare = dyn_cast<FCmpInst>(S.getCondition());
  return Compare && Compare->getOperand(0)->getType() == S.getType();
}

bool selectIntegers(Function &F) {
  SmallVector<SelectInst *, 8> Selects;
  for (Instruction &I : instructions(F))
    if (auto *S = dyn_cast<SelectInst>(&I))
      if ((S->getType()->isFloatTy() || S->getType()->isDoubleTy()) &&
          !S->getCondition()->getType()->isVectorTy() && !selectsByMask(*S))
        Selects.push_back(S);
  for (SelectInst *S : Selects) {
    IRBuilder<> B(S);
    Type *Bits = B.getIntNTy(S->getType()->getPrimitiveSizeInBits());
    Value *Chosen =
        B.CreateSelect(S->getCondition(),
                       B.CreateBitCast(S->getTrueValue(), Bits),
                       B.CreateBitCast(S->getFalseValue(), Bits),
                       S->getName() + ".bits");
    Value *Result = B.CreateBitCast(Chosen, S->getType());
    Result->takeName(S);
    S->replaceAllUsesWith(Result);
    S->eraseFromParent();
  }
  return !Selects.empty();
}

} // namespace

PreservedAnalyses HostIntegerSelectsPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= selectIntegers(F);
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace rubicon
