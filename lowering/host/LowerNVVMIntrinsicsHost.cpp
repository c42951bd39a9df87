//===- LowerNVVMIntrinsicsHost.cpp - llvm.nvvm.* for the host target
//-------===//
//
// rubicon-host-lower-nvvm-intrinsics: the same table as the AMDGPU lowering
// (NVVMIntrinsics.def), read for the host. Special registers, barriers and
// warp operations become calls to the host device library's
// "__rubicon_<name>" functions (its indices come from the running fiber);
// fences and scoped atomics become LLVM's, at system scope (x86-64 has one
// memory model). llvm.trap becomes __rubicon_host_trap, which ends the kernel
// with an error instead of killing the process. An intrinsic with no row is
// an error naming it.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace rubicon {
namespace {

constexpr StringLiteral NVVMPrefix = "llvm.nvvm.";

enum class HostLowering {
  DeviceLib,
  DeviceLibPredicate,
  Sleep,
  Fence,
  AtomicRMW,
  CmpXchg
};

struct HostRow {
  StringRef Name;
  HostLowering Kind;
  AtomicRMWInst::BinOp Op;
  StringRef Target = ""; // DeviceLibPredicate: the device library function
};

const HostRow HostTable[] = {
#define NVVM_TO_AMDGCN(Name, AMDGCNIntrinsic)                                  \
  {Name, HostLowering::DeviceLib, AtomicRMWInst::BAD_BINOP},
#define NVVM_TO_DEVICE_LIB(Name)                                               \
  {Name, HostLowering::DeviceLib, AtomicRMWInst::BAD_BINOP},
#define NVVM_TO_FENCE(Name, SyncScope)                                         \
  {Name, HostLowering::Fence, AtomicRMWInst::BAD_BINOP},
#define NVVM_TO_ATOMICRMW(Name, Op, SyncScope)                                 \
  {Name, HostLowering::AtomicRMW, AtomicRMWInst::Op},
#define NVVM_TO_CMPXCHG(Name, SyncScope)                                       \
  {Name, HostLowering::CmpXchg, AtomicRMWInst::BAD_BINOP},
#define NVVM_TO_DEVICE_LIB_PREDICATE(Name, Function)                           \
  {Name, HostLowering::DeviceLibPredicate, AtomicRMWInst::BAD_BINOP, Function},
#define NVVM_TO_SLEEP(Name)                                                    \
  {Name, HostLowering::Sleep, AtomicRMWInst::BAD_BINOP},
#include "NVVMIntrinsics.def"
};

const HostRow *findRow(const Function &F) {
  std::optional<StringRef> Name = nvvmRowName(F);
  if (!Name)
    return nullptr;
  for (const HostRow &Row : HostTable)
    if (Row.Name == *Name)
      return &Row;
  return nullptr;
}

void lowerCall(CallInst &Call, const HostRow &Row, Module &M) {
  IRBuilder<> B(&Call);
  Value *Result = nullptr;
  switch (Row.Kind) {
  case HostLowering::DeviceLib: {
    FunctionCallee Callee = M.getOrInsertFunction(
        nvvmDeviceLibraryName(Row.Name), Call.getFunctionType());
    SmallVector<Value *> Args(Call.args());
    Result = B.CreateCall(Callee, Args);
    break;
  }
  case HostLowering::DeviceLibPredicate: {
    // {value, value != 0} from the device library function returning value
    // (the AMDGPU lowering's rule).
    auto *Pair = cast<StructType>(Call.getType());
    Type *ValueType = Pair->getElementType(0);
    FunctionCallee Callee = M.getOrInsertFunction(
        Row.Target,
        FunctionType::get(ValueType, Call.getFunctionType()->params(), false));
    SmallVector<Value *> Args(Call.args());
    Result = buildValueAndNonzero(B, Pair, B.CreateCall(Callee, Args));
    break;
  }
  case HostLowering::Sleep: {
    // The sleeping thread yields its fiber (HostSleep.cpp).
    FunctionCallee Sleep = M.getOrInsertFunction(
        "__rubicon_nanosleep", Type::getVoidTy(M.getContext()),
        Type::getInt32Ty(M.getContext()));
    B.CreateCall(Sleep, {Call.getArgOperand(0)});
    break;
  }
  case HostLowering::Fence:
    B.CreateFence(AtomicOrdering::SequentiallyConsistent);
    break;
  case HostLowering::AtomicRMW:
    Result =
        B.CreateAtomicRMW(Row.Op, Call.getArgOperand(0), Call.getArgOperand(1),
                          MaybeAlign(), AtomicOrdering::Monotonic);
    break;
  case HostLowering::CmpXchg: {
    Value *Pair = B.CreateAtomicCmpXchg(
        Call.getArgOperand(0), Call.getArgOperand(1), Call.getArgOperand(2),
        MaybeAlign(), AtomicOrdering::Monotonic, AtomicOrdering::Monotonic);
    Result = B.CreateExtractValue(Pair, 0);
    break;
  }
  }
  if (Result && !Call.getType()->isVoidTy())
    Call.replaceAllUsesWith(Result);
  Call.eraseFromParent();
}

} // namespace

PreservedAnalyses HostLowerNVVMIntrinsicsPass::run(Module &M,
                                                   ModuleAnalysisManager &) {
  bool Changed = false;
  SmallVector<Function *> Intrinsics;
  for (Function &F : M)
    if (F.getName().starts_with(NVVMPrefix) ||
        F.getIntrinsicID() == Intrinsic::trap)
      Intrinsics.push_back(&F);
  for (Function *F : Intrinsics) {
    bool IsTrap = F->getIntrinsicID() == Intrinsic::trap;
    const HostRow *Row = IsTrap ? nullptr : findRow(*F);
    SmallVector<CallInst *> Calls;
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallInst>(U))
        Calls.push_back(Call);
    for (CallInst *Call : Calls) {
      if (IsTrap) {
        FunctionCallee Trap = M.getOrInsertFunction(
            "__rubicon_host_trap",
            FunctionType::get(Type::getVoidTy(M.getContext()), false));
        CallInst::Create(Trap, "", Call->getIterator());
        Call->eraseFromParent();
        Changed = true;
        continue;
      }
      if (!Row) {
        reportLoweringError(M.getContext(),
                            "NVVM intrinsic '" + F->getName() + "' in '" +
                                Call->getFunction()->getName() +
                                "' has no lowering for the host target",
                            Call);
        continue;
      }
      lowerCall(*Call, *Row, M);
      Changed = true;
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
