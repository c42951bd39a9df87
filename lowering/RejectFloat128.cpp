//===- RejectFloat128.cpp - rubicon-reject-fp128 ---------------------------===//
//
// AMD GPUs have no 128-bit floating point, and the AMDGPU back end has no
// soft-float library to call for it: `fadd fp128` & co. end in a fatal
// "unsupported library call operation" without a source location. The
// frontend already rejects `__float128` in device code when it compiles for
// an AMD GPU (frontend/DeviceFloat128.h); this pass catches what reaches an
// AMD target anyway (NVVM compiled with -rdc for the host target alone and
// device-linked for a GPU): every operation that computes on fp128 (floating
// arithmetic, comparisons, conversions, intrinsics and calls taking or
// giving fp128) is an error naming its function, at its source location
// when it has one, before the back end. Moving the bits (loads, stores,
// selects, phis, fneg) compiles and stays.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {
namespace {

bool isFloat128(const Type *Ty) { return Ty->getScalarType()->isFP128Ty(); }

/// Whether I computes on fp128 (what the back end would need a library for).
bool computesOnFloat128(const Instruction &I) {
  if (isa<LoadInst, StoreInst, SelectInst, PHINode, AllocaInst,
          GetElementPtrInst, ExtractValueInst, InsertValueInst,
          ExtractElementInst, InsertElementInst, ShuffleVectorInst,
          FreezeInst, ReturnInst, UnaryOperator, BitCastInst>(I))
    return false;
  if (isFloat128(I.getType()))
    return true;
  for (const Use &Operand : I.operands())
    if (isFloat128(Operand->getType()))
      return true;
  return false;
}

} // namespace

PreservedAnalyses RejectFloat128Pass::run(Module &M, ModuleAnalysisManager &) {
  for (Function &F : M) {
    for (Instruction &I : instructions(F)) {
      if (!computesOnFloat128(I))
        continue;
      reportLoweringError(M.getContext(),
                          "__float128 arithmetic in function '" +
                              F.getName() + "' cannot be compiled for " +
                              (Arch.empty() ? std::string("AMD GPUs") : Arch) +
                              ": AMD GPUs have no 128-bit floating point (it "
                              "is computed only for the 'host' target)",
                          &I);
      break; // one error per function
    }
  }
  return PreservedAnalyses::all();
}

} // namespace rubicon
