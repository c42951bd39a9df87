//===- NVVMIntrinsicLowering.cpp - The NVVM intrinsic table, per target ---===//
//
// The one reading of NVVMIntrinsics.def: its rows, the lookup, and the
// lowering of every llvm.nvvm.* call by its row under a target's
// NVVMIntrinsicPolicy: an AMDGCN intrinsic or a device-library call, a fence,
// an atomic instruction. An intrinsic without a row, or whose signature its
// row cannot implement, is a compile error naming it and its caller.
//
//===----------------------------------------------------------------------===//
#include "NVVMIntrinsicLowering.h"
#include "LoweringPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {
namespace {

constexpr StringLiteral NVVMPrefix = "llvm.nvvm.";

enum class LoweringKind {
  AMDGCN,
  DeviceLib,
  Fence,
  AtomicRMW,
  CmpXchg,
  DeviceLibPredicate,
  Sleep
};

struct IntrinsicLowering {
  StringRef Name;   // Without "llvm.nvvm."; the base name when overloaded.
  LoweringKind Kind;
  StringRef Target; // AMDGCN intrinsic, or the atomic operation's spelling.
  AtomicRMWInst::BinOp Op;
  StringRef SyncScope; // "" = system.
};

const IntrinsicLowering IntrinsicTable[] = {
#define NVVM_TO_AMDGCN(Name, AMDGCNIntrinsic)                                  \
  {Name, LoweringKind::AMDGCN, AMDGCNIntrinsic, AtomicRMWInst::BAD_BINOP, ""},
#define NVVM_TO_DEVICE_LIB(Name)                                               \
  {Name, LoweringKind::DeviceLib, "", AtomicRMWInst::BAD_BINOP, ""},
#define NVVM_TO_FENCE(Name, SyncScope)                                         \
  {Name, LoweringKind::Fence, "", AtomicRMWInst::BAD_BINOP, SyncScope},
#define NVVM_TO_ATOMICRMW(Name, Op, SyncScope)                                 \
  {Name, LoweringKind::AtomicRMW, #Op, AtomicRMWInst::Op, SyncScope},
#define NVVM_TO_CMPXCHG(Name, SyncScope)                                       \
  {Name, LoweringKind::CmpXchg, "", AtomicRMWInst::BAD_BINOP, SyncScope},
#define NVVM_TO_DEVICE_LIB_PREDICATE(Name, Function)                           \
  {Name, LoweringKind::DeviceLibPredicate, Function, AtomicRMWInst::BAD_BINOP, \
   ""},
#define NVVM_TO_SLEEP(Name)                                                    \
  {Name, LoweringKind::Sleep, "", AtomicRMWInst::BAD_BINOP, ""},
#include "NVVMIntrinsics.def"
};

const IntrinsicLowering *findLowering(StringRef NameWithoutPrefix) {
  for (const IntrinsicLowering &Row : IntrinsicTable)
    if (Row.Name == NameWithoutPrefix)
      return &Row;
  return nullptr;
}

/// Rows whose intrinsics carry type suffixes (printed as ".*").
bool isOverloadedRow(StringRef Name) {
  return Name.starts_with("atomic.");
}

/// The row for `F` (an llvm.nvvm.* declaration), or null.
const IntrinsicLowering *findLowering(const Function &F) {
  std::optional<StringRef> Name = nvvmRowName(F);
  return Name ? findLowering(*Name) : nullptr;
}

std::string callerName(const Instruction &I) {
  return I.getFunction() ? I.getFunction()->getName().str() : "";
}

class NVVMIntrinsicLowerer {
public:
  NVVMIntrinsicLowerer(Module &M, const NVVMIntrinsicPolicy &Policy)
      : M(M), Ctx(M.getContext()), Policy(Policy) {}

  /// Replaces every call to llvm.trap with the policy's trap function.
  void lowerTrapCalls(Function &Trap) {
    FunctionCallee Callee = M.getOrInsertFunction(
        Policy.TrapFunction, FunctionType::get(Type::getVoidTy(Ctx), false));
    SmallVector<User *> Users(Trap.users());
    for (User *U : Users) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != &Trap)
        continue;
      CallInst::Create(Callee, "", Call->getIterator());
      Call->eraseFromParent();
    }
    if (Trap.use_empty())
      Trap.eraseFromParent();
  }

  /// Lowers every call to `F`; false after reporting an error.
  bool lowerCallsTo(Function &F) {
    const IntrinsicLowering *Row = findLowering(F);
    bool OK = true;
    SmallVector<User *> Users(F.users());
    for (User *U : Users) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != &F) {
        reportLoweringError(Ctx, "NVVM intrinsic '" + F.getName() +
                                     "' is used other than by a call");
        OK = false;
        continue;
      }
      if (!Row) {
        reportLoweringError(
            Ctx, Policy.UnsupportedMessage(F.getName(), callerName(*Call)),
            Call);
        OK = false;
        continue;
      }
      OK &= lowerCall(*Call, *Row);
    }
    if (F.use_empty())
      F.eraseFromParent();
    return OK;
  }

private:
  bool lowerCall(CallInst &Call, const IntrinsicLowering &Row) {
    IRBuilder<> Builder(&Call);
    Value *Replacement = nullptr;
    LoweringKind Kind = Row.Kind;
    if (Kind == LoweringKind::AMDGCN && !Policy.UseAMDGCNIntrinsics)
      Kind = LoweringKind::DeviceLib;
    switch (Kind) {
    case LoweringKind::AMDGCN: {
      Intrinsic::ID ID = Intrinsic::lookupIntrinsicID(Row.Target);
      Function *Target =
          ID == Intrinsic::not_intrinsic
              ? nullptr
              : Intrinsic::getOrInsertDeclaration(&M, ID, {});
      if (!Target || Target->getFunctionType() != Call.getFunctionType())
        return signatureMismatch(Call, Row.Target);
      Replacement = cloneCallTo(Call, Target, Builder);
      break;
    }
    case LoweringKind::DeviceLib: {
      std::string Name = nvvmDeviceLibraryName(Row.Name);
      FunctionCallee Callee =
          M.getOrInsertFunction(Name, Call.getFunctionType());
      auto *Target = dyn_cast<Function>(Callee.getCallee());
      if (!Target || Target->getFunctionType() != Call.getFunctionType())
        return signatureMismatch(Call, Name);
      if (Call.getCalledFunction()->isConvergent())
        Target->setConvergent();
      Target->setDoesNotThrow();
      Replacement = cloneCallTo(Call, Target, Builder);
      break;
    }
    case LoweringKind::Fence:
      Builder.CreateFence(AtomicOrdering::SequentiallyConsistent,
                          syncScope(Row));
      break;
    case LoweringKind::AtomicRMW:
      if (Call.arg_size() != 2)
        return signatureMismatch(Call, "atomicrmw");
      Replacement = Builder.CreateAtomicRMW(
          Row.Op, Call.getArgOperand(0), Call.getArgOperand(1), MaybeAlign(),
          AtomicOrdering::Monotonic, syncScope(Row));
      break;
    case LoweringKind::CmpXchg: {
      if (Call.arg_size() != 3)
        return signatureMismatch(Call, "cmpxchg");
      Value *Pair = Builder.CreateAtomicCmpXchg(
          Call.getArgOperand(0), Call.getArgOperand(1), Call.getArgOperand(2),
          MaybeAlign(), AtomicOrdering::Monotonic, AtomicOrdering::Monotonic,
          syncScope(Row));
      Replacement = Builder.CreateExtractValue(Pair, 0);
      break;
    }
    case LoweringKind::DeviceLibPredicate: {
      // {value, value != 0} from a device-library function returning value.
      auto *Pair = dyn_cast<StructType>(Call.getType());
      if (!Pair || Pair->getNumElements() != 2 ||
          !Pair->getElementType(1)->isIntegerTy(1) ||
          !Pair->getElementType(0)->isIntegerTy())
        return signatureMismatch(Call, Row.Target);
      FunctionCallee Callee = M.getOrInsertFunction(
          Row.Target,
          FunctionType::get(Pair->getElementType(0),
                            Call.getFunctionType()->params(), false));
      auto *Target = dyn_cast<Function>(Callee.getCallee());
      if (!Target)
        return signatureMismatch(Call, Row.Target);
      Target->setConvergent();
      Target->setDoesNotThrow();
      Replacement = buildValueAndNonzero(Builder, Pair,
                                         cloneCallTo(Call, Target, Builder));
      break;
    }
    case LoweringKind::Sleep: {
      StringRef Implementation = Policy.SleepFunction.empty()
                                     ? StringRef("llvm.amdgcn.s.sleep")
                                     : Policy.SleepFunction;
      if (Call.arg_size() != 1 ||
          !Call.getArgOperand(0)->getType()->isIntegerTy(32))
        return signatureMismatch(Call, Implementation);
      if (Policy.SleepFunction.empty()) {
        Builder.CreateCall(sleepLoop(), {Call.getArgOperand(0)});
        break;
      }
      // The device library sleeps (on the host: the fiber yields).
      FunctionCallee Sleep = M.getOrInsertFunction(
          Policy.SleepFunction, Type::getVoidTy(Ctx), Type::getInt32Ty(Ctx));
      Builder.CreateCall(Sleep, {Call.getArgOperand(0)});
      break;
    }
    }
    if (Replacement) {
      Replacement->takeName(&Call);
      Call.replaceAllUsesWith(Replacement);
    }
    Call.eraseFromParent();
    return true;
  }

  static Value *cloneCallTo(CallInst &Call, Function *Target,
                            IRBuilder<> &Builder) {
    SmallVector<Value *> Args(Call.args());
    CallInst *New = Builder.CreateCall(Target, Args);
    New->setAttributes(Call.getAttributes());
    New->setTailCallKind(Call.getTailCallKind());
    if (Target->isConvergent())
      New->setConvergent();
    return New;
  }

  /// `internal void __rubicon_nanosleep_loop(i32 ns)`: s_sleep until the
  /// device library's nanosecond timer has advanced by ns (at least 0, at
  /// most about one s_sleep more: within the PTX ISA's [0, 2t]).
  Function *sleepLoop() {
    constexpr StringLiteral Name = "__rubicon_nanosleep_loop";
    if (Function *F = M.getFunction(Name))
      return F;
    Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
    Function *F =
        Function::Create(FunctionType::get(Type::getVoidTy(Ctx), {I32}, false),
                         GlobalValue::InternalLinkage, Name, M);
    FunctionCallee Timer = M.getOrInsertFunction(
        "__rubicon_read_ptx_sreg_globaltimer", FunctionType::get(I64, false));
    BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
    BasicBlock *Loop = BasicBlock::Create(Ctx, "loop", F);
    BasicBlock *Sleep = BasicBlock::Create(Ctx, "sleep", F);
    BasicBlock *Done = BasicBlock::Create(Ctx, "done", F);
    IRBuilder<> B(Entry);
    Value *Start = B.CreateCall(Timer);
    Value *Duration = B.CreateZExt(F->getArg(0), I64);
    B.CreateBr(Loop);
    B.SetInsertPoint(Loop);
    Value *Elapsed = B.CreateSub(B.CreateCall(Timer), Start);
    B.CreateCondBr(B.CreateICmpULT(Elapsed, Duration), Sleep, Done);
    B.SetInsertPoint(Sleep);
    B.CreateIntrinsic(Intrinsic::amdgcn_s_sleep, {}, {B.getInt32(1)});
    B.CreateBr(Loop);
    B.SetInsertPoint(Done);
    B.CreateRetVoid();
    return F;
  }

  bool signatureMismatch(CallInst &Call, StringRef Target) {
    reportLoweringError(Ctx,
                        "NVVM intrinsic '" +
                            Call.getCalledFunction()->getName() +
                            "' in function '" + callerName(Call) +
                            "' has a signature that '" + Target +
                            "' cannot implement",
                        &Call);
    return false;
  }

  SyncScope::ID syncScope(const IntrinsicLowering &Row) {
    return Policy.UseRowSyncScopes && !Row.SyncScope.empty()
               ? Ctx.getOrInsertSyncScopeID(Row.SyncScope)
               : SyncScope::System;
  }

  Module &M;
  LLVMContext &Ctx;
  const NVVMIntrinsicPolicy &Policy;
};

/// CUDA's atomics default to device scope; clang's NVPTX target leaves them
/// without a sync scope, which means "system" everywhere else.
bool scopeUnscopedAtomicsToAgent(Module &M) {
  SyncScope::ID Agent = M.getContext().getOrInsertSyncScopeID("agent");
  bool Changed = false;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (!I.isAtomic() || isa<FenceInst>(I))
        continue;
      std::optional<SyncScope::ID> Scope = getAtomicSyncScopeID(&I);
      if (Scope && *Scope == SyncScope::System) {
        setAtomicSyncScopeID(&I, Agent);
        Changed = true;
      }
    }
  return Changed;
}

} // namespace

std::optional<StringRef> nvvmRowName(const Function &F) {
  StringRef Name = F.getName();
  Intrinsic::ID ID = F.getIntrinsicID();
  if (ID != Intrinsic::not_intrinsic && Intrinsic::isOverloaded(ID))
    Name = Intrinsic::getBaseName(ID);
  if (!Name.consume_front(NVVMPrefix))
    return std::nullopt;
  return Name;
}

std::string nvvmDeviceLibraryName(StringRef Name) {
  std::string Result = "__rubicon_" + Name.str();
  std::replace(Result.begin(), Result.end(), '.', '_');
  return Result;
}

Value *buildValueAndNonzero(IRBuilderBase &Builder, StructType *Pair,
                            Value *V) {
  Value *Result = Builder.CreateInsertValue(PoisonValue::get(Pair), V, 0);
  return Builder.CreateInsertValue(
      Result, Builder.CreateICmpNE(V, ConstantInt::get(V->getType(), 0)), 1);
}

bool lowerNVVMIntrinsics(Module &M, const NVVMIntrinsicPolicy &Policy) {
  // Before lowering: the scoped-atomic rows create system-scope atomics on
  // purpose.
  bool Changed =
      Policy.ScopeUnscopedAtomicsToAgent && scopeUnscopedAtomicsToAgent(M);
  SmallVector<Function *> NVVMIntrinsics;
  Function *Trap = nullptr;
  for (Function &F : M) {
    if (F.getName().starts_with(NVVMPrefix))
      NVVMIntrinsics.push_back(&F);
    else if (F.getIntrinsicID() == Intrinsic::trap &&
             !Policy.TrapFunction.empty())
      Trap = &F;
  }
  NVVMIntrinsicLowerer Lowerer(M, Policy);
  for (Function *F : NVVMIntrinsics)
    Lowerer.lowerCallsTo(*F);
  if (Trap && !Trap->use_empty()) {
    Lowerer.lowerTrapCalls(*Trap);
    Changed = true;
  }
  return Changed || !NVVMIntrinsics.empty();
}

void printNVVMIntrinsicTable(raw_ostream &OS) {
  OS << "| NVVM intrinsic | Lowered to |\n| --- | --- |\n";
  for (const IntrinsicLowering &Row : IntrinsicTable) {
    OS << "| `" << NVVMPrefix << Row.Name << (isOverloadedRow(Row.Name) ? ".*" : "")
       << "` | ";
    std::string Scope = Row.SyncScope.empty()
                            ? std::string()
                            : ("syncscope(\"" + Row.SyncScope + "\") ").str();
    switch (Row.Kind) {
    case LoweringKind::AMDGCN:
      OS << "`" << Row.Target << "`";
      break;
    case LoweringKind::DeviceLib:
      OS << "device library `" << nvvmDeviceLibraryName(Row.Name) << "`";
      break;
    case LoweringKind::Fence:
      OS << "`fence " << Scope << "seq_cst`";
      break;
    case LoweringKind::AtomicRMW:
      OS << "`atomicrmw " << AtomicRMWInst::getOperationName(Row.Op) << " "
         << Scope << "monotonic`";
      break;
    case LoweringKind::CmpXchg:
      OS << "`cmpxchg " << Scope << "monotonic monotonic`";
      break;
    case LoweringKind::DeviceLibPredicate:
      OS << "device library `" << Row.Target << "` and its value != 0";
      break;
    case LoweringKind::Sleep:
      OS << "`llvm.amdgcn.s.sleep` loop on the device library's "
            "`__rubicon_read_ptx_sreg_globaltimer`";
      break;
    }
    OS << " |\n";
  }
}

} // namespace rubicon
