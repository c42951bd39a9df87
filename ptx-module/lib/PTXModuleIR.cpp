//===- PTXModuleIR.cpp - a parsed PTX module as NVVM IR -------------------===//
//
// One nvptx64 function per .entry, in the form clang gives the device side
// of a .cu file, so the rest of the compiler does not know the difference:
//   - the kernel takes its parameters as LLVM arguments (integers, floats,
//     `ptr byval([N x i8])` for byte arrays) and keeps each in a frame slot,
//     whose generic address is the `.param` symbol;
//   - module and function variables are globals in NVVM's address spaces
//     (.global 1, .shared 3, .const 4; [N x i8], initialized bytes), .local
//     ones are frame slots;
//   - the body is one inline-asm call whose `$N` operands (constraint `l`)
//     are the addresses PTXModuleParser.cpp bound to it.
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTXModule.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace rubicon::ptxmodule {
namespace {

unsigned addressSpace(StateSpace S) {
  switch (S) {
  case StateSpace::Global:
    return 1;
  case StateSpace::Shared:
    return 3;
  case StateSpace::Const:
    return 4;
  case StateSpace::Local:
    return 5;
  case StateSpace::Param:
    return 0;
  }
  return 0;
}

GlobalVariable *makeGlobal(llvm::Module &M, const Variable &V, bool Internal) {
  LLVMContext &Ctx = M.getContext();
  Type *I8 = Type::getInt8Ty(Ctx);
  ArrayType *Bytes = ArrayType::get(I8, V.Size);
  Constant *Init = nullptr;
  if (V.Space == StateSpace::Shared)
    Init = V.External ? nullptr : PoisonValue::get(Bytes);
  else if (!V.Init.empty())
    Init = ConstantDataArray::get(Ctx, ArrayRef<uint8_t>(V.Init));
  else
    Init = ConstantAggregateZero::get(Bytes);
  GlobalValue::LinkageTypes Linkage =
      V.External ? GlobalValue::ExternalLinkage
      : Internal || V.Space == StateSpace::Shared
          ? GlobalValue::InternalLinkage
          : GlobalValue::ExternalLinkage;
  auto *G = new GlobalVariable(M, Bytes, V.Space == StateSpace::Const, Linkage,
                               Init, V.Name, nullptr,
                               GlobalValue::NotThreadLocal,
                               addressSpace(V.Space),
                               /*isExternallyInitialized=*/
                               !Internal && V.Space != StateSpace::Shared &&
                                   !V.External);
  // A .const variable the host may write (cuModuleGetGlobal + copy) must
  // stay writable memory.
  G->setConstant(false);
  G->setAlignment(Align(V.Align));
  if (G->hasExternalLinkage())
    G->setDSOLocal(true);
  return G;
}

Type *parameterType(LLVMContext &Ctx, const Parameter &P) {
  if (P.IsArray)
    return PointerType::get(Ctx, 0);
  if (P.IsFloat)
    return P.Size == 8 ? Type::getDoubleTy(Ctx) : Type::getFloatTy(Ctx);
  return Type::getIntNTy(Ctx, P.Size * 8);
}

void buildKernel(llvm::Module &M, const Function &F,
                 const StringMap<GlobalVariable *> &ModuleVariables) {
  LLVMContext &Ctx = M.getContext();
  std::vector<Type *> ParamTypes;
  for (const Parameter &P : F.Params)
    ParamTypes.push_back(parameterType(Ctx, P));
  auto *Kernel = llvm::Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), ParamTypes, false),
      GlobalValue::ExternalLinkage, F.Name, M);
  Kernel->setCallingConv(CallingConv::PTX_Kernel);
  Kernel->setDSOLocal(true);
  Kernel->addFnAttr(Attribute::NoUnwind);
  Kernel->addFnAttr(Attribute::Convergent);
  Type *I8 = Type::getInt8Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Kernel));

  // Symbol -> (generic address, address in its own state space).
  struct Addresses {
    Value *Generic = nullptr, *Space = nullptr;
  };
  StringMap<Addresses> Symbols;
  auto bindGlobal = [&](StringRef Name, GlobalVariable *G) {
    Symbols[Name] = {B.CreateAddrSpaceCast(G, PointerType::get(Ctx, 0)), G};
  };
  for (const auto &Entry : ModuleVariables)
    bindGlobal(Entry.getKey(), Entry.getValue());
  for (unsigned I = 0; I < F.Params.size(); ++I) {
    const Parameter &P = F.Params[I];
    Argument *Arg = Kernel->getArg(I);
    Arg->setName(P.Name);
    if (P.IsArray) {
      Kernel->addParamAttr(
          I, Attribute::getWithByValType(Ctx, ArrayType::get(I8, P.Size)));
      Kernel->addParamAttr(I, Attribute::getWithAlignment(Ctx, Align(P.Align)));
      Symbols[P.Name] = {Arg, Arg};
      continue;
    }
    AllocaInst *Slot = B.CreateAlloca(Arg->getType(), nullptr, P.Name + ".addr");
    Slot->setAlignment(Align(P.Align));
    B.CreateStore(Arg, Slot);
    Symbols[P.Name] = {Slot, Slot};
  }
  for (const Variable &V : F.Variables) {
    if (V.Space == StateSpace::Param) { // a call sequence's slot
      AllocaInst *Slot =
          B.CreateAlloca(ArrayType::get(I8, V.Size), nullptr, V.Name);
      Slot->setAlignment(Align(V.Align));
      Symbols[V.Name] = {Slot, Slot};
      continue;
    }
    if (V.Space == StateSpace::Local) {
      AllocaInst *Slot =
          B.CreateAlloca(ArrayType::get(I8, V.Size), nullptr, V.Name);
      Slot->setAlignment(Align(V.Align));
      Symbols[V.Name] = {
          Slot, B.CreateAddrSpaceCast(Slot, PointerType::get(Ctx, 5))};
      continue;
    }
    bindGlobal(V.Name, makeGlobal(M, V, /*Internal=*/true));
  }

  std::vector<Value *> Args;
  std::vector<Type *> ArgTypes;
  std::string Constraints;
  for (const BodyOperand &Op : F.Operands) {
    const Addresses &A = Symbols.find(Op.Symbol)->second;
    Args.push_back(B.CreatePtrToInt(Op.Address ? A.Generic : A.Space, I64));
    ArgTypes.push_back(I64);
    Constraints += Constraints.empty() ? "l" : ",l";
  }
  InlineAsm *Body = InlineAsm::get(
      FunctionType::get(Type::getVoidTy(Ctx), ArgTypes, false), F.Body,
      Constraints, /*hasSideEffects=*/true);
  B.CreateCall(Body, Args);
  B.CreateRetVoid();
}

} // namespace

std::unique_ptr<llvm::Module> buildNVVMModule(const Module &PTX, StringRef Name,
                                              LLVMContext &Context) {
  auto M = std::make_unique<llvm::Module>(Name, Context);
  M->setTargetTriple(Triple("nvptx64-nvidia-cuda"));
  M->setDataLayout(
      "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64");
  StringMap<GlobalVariable *> Variables;
  for (const Variable &V : PTX.Variables)
    Variables[V.Name] = makeGlobal(*M, V, /*Internal=*/false);
  for (const Function &F : PTX.Functions)
    buildKernel(*M, F, Variables);
  return M;
}

} // namespace rubicon::ptxmodule
