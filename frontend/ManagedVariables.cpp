//===- ManagedVariables.cpp - host accesses of __managed__ variables ------===//
//
// Part of Rubicon. See ManagedVariables.h.
//
//===----------------------------------------------------------------------===//

#include "ManagedVariables.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Passes/PassBuilder.h"

namespace rubicon {

namespace {

/// The annotation host_defines.h gives `__managed__`.
constexpr llvm::StringLiteral ManagedAnnotation = "rubicon.managed";

/// The variables of M annotated as managed.
llvm::SmallSetVector<llvm::GlobalVariable *, 4> managedVariables(llvm::Module &M) {
  llvm::SmallSetVector<llvm::GlobalVariable *, 4> Result;
  llvm::GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Result;
  auto *Array = llvm::dyn_cast<llvm::ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Result;
  for (llvm::Value *Op : Array->operands()) {
    auto *Entry = llvm::dyn_cast<llvm::ConstantStruct>(Op);
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *Variable = llvm::dyn_cast<llvm::GlobalVariable>(
        Entry->getOperand(0)->stripPointerCasts());
    auto *Text = llvm::dyn_cast<llvm::GlobalVariable>(
        Entry->getOperand(1)->stripPointerCasts());
    auto *Data = Text && Text->hasInitializer()
                     ? llvm::dyn_cast<llvm::ConstantDataSequential>(Text->getInitializer())
                     : nullptr;
    if (Variable && !Variable->isDeclaration() && Data && Data->isCString() &&
        Data->getAsCString() == ManagedAnnotation)
      Result.insert(Variable);
  }
  return Result;
}

struct RedirectManagedVariablesPass
    : llvm::PassInfoMixin<RedirectManagedVariablesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    return redirectManagedVariables(M) ? llvm::PreservedAnalyses::none()
                                       : llvm::PreservedAnalyses::all();
  }
};

} // namespace

unsigned redirectManagedVariables(llvm::Module &Host) {
  llvm::Function *RegisterGlobals = Host.getFunction("__cuda_register_globals");
  if (!RegisterGlobals || RegisterGlobals->isDeclaration())
    return 0;
  llvm::SmallSetVector<llvm::GlobalVariable *, 4> Managed = managedVariables(Host);
  if (Managed.empty())
    return 0;
  llvm::LLVMContext &Context = Host.getContext();
  llvm::Type *Ptr = llvm::PointerType::getUnqual(Context);
  llvm::Type *Int = llvm::Type::getInt32Ty(Context);
  llvm::Type *Size = Host.getDataLayout().getIntPtrType(Context);
  llvm::FunctionCallee Address = Host.getOrInsertFunction(
      "__cudaManagedVarAddress", llvm::FunctionType::get(Ptr, {Ptr, Ptr}, false));
  if (auto *F = llvm::dyn_cast<llvm::Function>(Address.getCallee())) {
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  llvm::FunctionCallee RegisterManaged = Host.getOrInsertFunction(
      "__cudaRegisterManagedVar",
      llvm::FunctionType::get(llvm::Type::getVoidTy(Context),
                              {Ptr, Ptr, Ptr, Ptr, Int, Size, Int, Int}, false));

  unsigned Redirected = 0;
  for (llvm::GlobalVariable *GV : Managed) {
    // Clang's registration of the variable becomes a managed one.
    llvm::CallBase *Registration = nullptr;
    for (llvm::User *U : GV->users())
      if (auto *Call = llvm::dyn_cast<llvm::CallBase>(U))
        if (Call->getFunction() == RegisterGlobals && Call->getCalledFunction() &&
            Call->getCalledFunction()->getName() == "__cudaRegisterVar" &&
            Call->arg_size() == 8 && Call->getArgOperand(1) == GV)
          Registration = Call;
    if (!Registration)
      continue;
    auto *Slot = new llvm::GlobalVariable(
        Host, Ptr, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
        llvm::ConstantPointerNull::get(llvm::PointerType::getUnqual(Context)),
        GV->getName() + ".rubicon.managed");
    llvm::IRBuilder<> Builder(Registration);
    llvm::SmallVector<llvm::Value *, 8> Args(Registration->args());
    Args[1] = Slot;
    Builder.CreateCall(RegisterManaged, Args);
    Registration->eraseFromParent();

    // Every use in a function goes through the runtime's pointer.
    llvm::Constant *AsConstant = GV;
    llvm::convertUsersOfConstantsToInstructions(AsConstant);
    llvm::SmallVector<llvm::Use *, 16> Uses;
    for (llvm::Use &U : GV->uses())
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser()))
        if (I->getFunction() != RegisterGlobals)
          Uses.push_back(&U);
    for (llvm::Use *U : Uses) {
      auto *I = llvm::cast<llvm::Instruction>(U->getUser());
      llvm::Instruction *Before = I;
      if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I))
        Before = Phi->getIncomingBlock(*U)->getTerminator();
      Builder.SetInsertPoint(Before);
      U->set(Builder.CreateCall(Address, {Slot, GV}, GV->getName() + ".address"));
    }
    ++Redirected;
  }
  return Redirected;
}

void addManagedVariableRedirection(llvm::PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        MPM.addPass(RedirectManagedVariablesPass());
      });
}

} // namespace rubicon
