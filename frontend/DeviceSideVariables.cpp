//===- DeviceSideVariables.cpp - variables only the device pass sees ------===//
//
// Part of Rubicon. See DeviceSideVariables.h.
//
//===----------------------------------------------------------------------===//

#include "DeviceSideVariables.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace rubicon {

namespace {

// NVVM's address spaces of __device__ and __constant__ variables.
constexpr unsigned GlobalAddressSpace = 1, ConstantAddressSpace = 4;

struct RegisterDeviceSideVariablesPass
    : llvm::PassInfoMixin<RegisterDeviceSideVariablesPass> {
  std::vector<DeviceSideVariable> Variables;
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    return registerDeviceSideVariables(M, Variables)
               ? llvm::PreservedAnalyses::none()
               : llvm::PreservedAnalyses::all();
  }
};

} // namespace

std::vector<DeviceSideVariable> deviceSideVariables(const llvm::Module &NVVM) {
  std::vector<DeviceSideVariable> Result;
  for (const llvm::GlobalVariable &GV : NVVM.globals()) {
    unsigned AS = GV.getAddressSpace();
    if (GV.isDeclaration() || GV.hasLocalLinkage() || !GV.hasName() ||
        GV.getName().starts_with("llvm.") ||
        (AS != GlobalAddressSpace && AS != ConstantAddressSpace))
      continue;
    Result.push_back({GV.getName().str(), AS == ConstantAddressSpace});
  }
  return Result;
}

unsigned registerDeviceSideVariables(llvm::Module &Host,
                                     const std::vector<DeviceSideVariable> &Variables) {
  // Clang's registration function and its __cudaRegisterVar; a unit with
  // no kernel and no __device__ variable has neither.
  llvm::Function *RegisterGlobals = Host.getFunction("__cuda_register_globals");
  if (!RegisterGlobals || RegisterGlobals->isDeclaration() ||
      RegisterGlobals->arg_size() != 1)
    return 0;
  llvm::LLVMContext &Context = Host.getContext();
  llvm::Type *Ptr = llvm::PointerType::getUnqual(Context);
  llvm::Type *Int = llvm::Type::getInt32Ty(Context);
  llvm::Type *Size = Host.getDataLayout().getIntPtrType(Context);
  llvm::FunctionCallee RegisterVar = Host.getOrInsertFunction(
      "__cudaRegisterVar",
      llvm::FunctionType::get(llvm::Type::getVoidTy(Context),
                              {Ptr, Ptr, Ptr, Ptr, Int, Size, Int, Int}, false));

  // What clang registers already, and where its registration ends.
  llvm::SmallPtrSet<const llvm::Value *, 16> Registered;
  llvm::ReturnInst *Return = nullptr;
  for (llvm::BasicBlock &Block : *RegisterGlobals)
    for (llvm::Instruction &I : Block) {
      if (auto *Ret = llvm::dyn_cast<llvm::ReturnInst>(&I))
        Return = Ret;
      auto *Call = llvm::dyn_cast<llvm::CallBase>(&I);
      if (!Call || !Call->getCalledFunction() || Call->arg_size() < 2)
        continue;
      llvm::StringRef Callee = Call->getCalledFunction()->getName();
      if (Callee.starts_with("__cudaRegister"))
        Registered.insert(Call->getArgOperand(1)->stripPointerCasts());
    }
  if (!Return)
    return 0;

  llvm::IRBuilder<> Builder(Return);
  unsigned Added = 0;
  for (const DeviceSideVariable &Variable : Variables) {
    llvm::GlobalVariable *GV = Host.getGlobalVariable(Variable.Name, true);
    if (!GV || GV->isDeclaration() || GV->getAddressSpace() != 0 ||
        Registered.contains(GV))
      continue;
    uint64_t Bytes = Host.getDataLayout().getTypeAllocSize(GV->getValueType());
    llvm::Value *Name = Builder.CreateGlobalString(Variable.Name, "", 0, &Host);
    Builder.CreateCall(RegisterVar,
                       {RegisterGlobals->getArg(0), GV, Name, Name,
                        llvm::ConstantInt::get(Int, 0),
                        llvm::ConstantInt::get(Size, Bytes),
                        llvm::ConstantInt::get(Int, Variable.Constant),
                        llvm::ConstantInt::get(Int, 0)});
    Registered.insert(GV);
    ++Added;
  }
  return Added;
}

void addDeviceSideVariableRegistration(llvm::PassBuilder &PB,
                                       std::vector<DeviceSideVariable> Variables) {
  PB.registerPipelineStartEPCallback(
      [Variables = std::move(Variables)](llvm::ModulePassManager &MPM,
                                         llvm::OptimizationLevel) {
        RegisterDeviceSideVariablesPass Pass;
        Pass.Variables = Variables;
        MPM.addPass(std::move(Pass));
      });
}

} // namespace rubicon
