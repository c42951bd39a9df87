//===- LowerTextureHandles.cpp - rubicon-lower-texture-handles -------------===//
//
// Legacy texture references (texture<T, dim, mode>). clang gives each one,
// on the device side, an i64 global in addrspace(1) and reads it in device
// code through llvm.nvvm.texsurf.handle.internal(@tex) (or
// llvm.nvvm.texsurf.handle(metadata, @tex)). On AMDGPU the global is an
// ordinary device variable: the runtime (runtime-shim/cudart/Textures.cpp)
// writes the device address of the reference's descriptor into it when the
// texture is bound, and the device library's tex1Dfetch/tex1D/tex2D read
// through that descriptor. So each handle intrinsic becomes a load of the
// global. Runs before rubicon-lower-nvvm-intrinsics.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

namespace {
bool isTextureHandleIntrinsic(const Function &F) {
  return F.getName().starts_with("llvm.nvvm.texsurf.handle");
}

/// The global a handle intrinsic names: its pointer operand (the last one).
GlobalVariable *handleGlobal(CallInst &Call) {
  Value *Operand = Call.getArgOperand(Call.arg_size() - 1);
  return dyn_cast<GlobalVariable>(Operand->stripPointerCasts());
}
} // namespace

PreservedAnalyses LowerTextureHandlesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M.functions())) {
    if (!F.isDeclaration() || !isTextureHandleIntrinsic(F))
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call)
        continue;
      GlobalVariable *Handle = handleGlobal(*Call);
      if (!Handle) {
        reportLoweringError(M.getContext(),
                            "texture handle intrinsic '" + F.getName() +
                                "' does not name a texture reference variable",
                            Call);
        continue;
      }
      IRBuilder<> Builder(Call);
      LoadInst *Load = Builder.CreateLoad(Call->getType(), Handle,
                                          Handle->getName() + ".descriptor");
      Load->setAlignment(Align(8));
      Call->replaceAllUsesWith(Load);
      Call->eraseFromParent();
      Changed = true;
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
