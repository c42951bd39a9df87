//===- PTXMbarrierIR.cpp - mbarrier: arrive/wait barriers in memory -------===//
//
// Part of Rubicon. PTX's `mbarrier` object (a 64-bit word, usually in shared
// memory) counts the arrivals of a phase and its pending transactions;
// waiters test whether the phase they arrived in (a token, or its parity) has
// completed. libcu++'s `cuda::barrier<thread_scope_block>` uses it from sm_80
// on (`cuda::ptx::mbarrier_*`), and from sm_90 on its bulk copies
// (`cp.async.bulk`, PTXBulkCopyIR.cpp) complete transactions on it. The object
// is laid out as Rubicon's `cuda_awbarrier_primitives.h` lays it out, so both
// can share a barrier:
//
//   bits  0-20  the pending arrival count of the current phase
//   bits 21-41  the pending transaction count (tx-count), two's complement
//   bits 42-62  the expected arrival count (each new phase's pending count)
//   bit  63     the phase's parity
//
// (the PTX ISA bounds both counts by 2^20 - 1). A token is the word just
// before the arrival.
//
// Every update (arrive, arrive_drop, .noComplete, expect_tx, complete_tx,
// arrive.expect_tx) is one compare-and-swap in an internal helper per address
// space: the counts change, and when both the pending arrivals and the
// tx-count are then zero the same swap starts the next phase (pending count
// reset, parity flipped), as the PTX ISA's phase completion requires. A
// tx-count may go below zero first (a bulk copy completes at once here, before
// the expect_tx that announces it). test_wait (.parity): one acquire load;
// try_wait (.parity): a test, a short sleep when the phase is not complete (on
// the host target the sleep lets the block's other threads run), a second
// test; cp.async.mbarrier.arrive: nothing (copies complete at once), with
// .noinc an arrival; init, inval: stores; pending_count: the low bits of a
// token. A cluster is one block here (docs/ptx.md): `.shared::cluster`
// addresses are the block's shared memory.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

#include "rubicon/IRMetadata.h"

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

constexpr uint64_t CountMask = 0x1fffffull; // a 21-bit field
constexpr unsigned TxShift = 21, ExpectedShift = 42;
constexpr uint64_t PhaseBit = 1ull << 63;

/// The acquire load of the barrier's word with which a wait tests its phase,
/// marked as such (rubicon/IRMetadata.h: a loop around it is a barrier's
/// wait for the warp-size analysis, not a spin-wait).
LoadInst *loadPhase(IRBuilder<> &Builder, Value *Bar, SyncScope::ID Scope) {
  LoadInst *Now =
      Builder.CreateAlignedLoad(Builder.getInt64Ty(), Bar, Align(8));
  Now->setAtomic(AtomicOrdering::Acquire, Scope);
  Now->setMetadata(rubicon::MbarrierWaitMetadata,
                   MDNode::get(Builder.getContext(), {}));
  return Now;
}

} // namespace

/// The helper `__rubicon_mbarrier.update.p<AS>(ptr bar, i64 arrivals,
/// i64 tx, i1 drop, i1 complete) -> i64 token`: `arrivals` arrivals (with
/// drop, also leaving later phases), the tx-count raised by `tx` (negative:
/// transactions completed); with `complete`, the phase completes when both
/// counts are then zero.
static Function *updateHelper(Module &M, IRBuilder<> &Builder, unsigned AS,
                              SyncScope::ID Scope) {
  std::string Name = "__rubicon_mbarrier.update.p" + std::to_string(AS);
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *I1 = Type::getInt1Ty(Ctx);
  auto *FT = FunctionType::get(
      I64, {PointerType::get(Ctx, AS), I64, I64, I1, I1}, false);
  Function *Fn = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr(Attribute::AlwaysInline);
  Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilderBase::InsertPointGuard Guard(Builder);
  Value *Bar = Fn->getArg(0), *Count = Fn->getArg(1), *Tx = Fn->getArg(2),
        *Drop = Fn->getArg(3), *Complete = Fn->getArg(4);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Fn);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "swap", Fn);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Fn);
  auto C = [&](uint64_t V) { return ConstantInt::get(I64, V); };
  auto Field = [&](Value *Word, unsigned Shift) {
    return Builder.CreateAnd(Shift ? Builder.CreateLShr(Word, Shift) : Word,
                             C(CountMask));
  };
  Builder.SetInsertPoint(Entry);
  LoadInst *First = Builder.CreateAlignedLoad(I64, Bar, Align(8));
  First->setAtomic(AtomicOrdering::Monotonic, Scope);
  Builder.CreateBr(Loop);

  Builder.SetInsertPoint(Loop);
  PHINode *Old = Builder.CreatePHI(I64, 2, "old");
  Old->addIncoming(First, Entry);
  Value *Pending =
      Builder.CreateAnd(Builder.CreateSub(Field(Old, 0), Count), C(CountMask));
  Value *TxCount = Builder.CreateAnd(
      Builder.CreateAdd(Field(Old, TxShift), Tx), C(CountMask));
  Value *Expected = Builder.CreateAnd(
      Builder.CreateSub(Field(Old, ExpectedShift),
                        Builder.CreateSelect(Drop, Count, C(0))),
      C(CountMask));
  Value *Parity = Builder.CreateAnd(Old, C(PhaseBit));
  Value *Last = Builder.CreateAnd(
      Complete, Builder.CreateICmpEQ(Builder.CreateOr(Pending, TxCount), C(0)));
  // The last update of a phase starts the next one in the same swap: the
  // pending count back to the expected count, the parity flipped.
  Value *ExpectedBits = Builder.CreateShl(Expected, ExpectedShift);
  Value *Next = Builder.CreateSelect(
      Last,
      Builder.CreateOr(Builder.CreateOr(Expected, ExpectedBits),
                       Builder.CreateXor(Parity, C(PhaseBit))),
      Builder.CreateOr(
          Builder.CreateOr(Pending, Builder.CreateShl(TxCount, TxShift)),
          Builder.CreateOr(ExpectedBits, Parity)));
  // Release: what this thread did before (its arrival, its copy); acquire:
  // what the others did (the last arrival goes on without waiting).
  Value *Swap = Builder.CreateAtomicCmpXchg(
      Bar, Old, Next, Align(8), AtomicOrdering::AcquireRelease,
      AtomicOrdering::Monotonic, Scope);
  Value *Seen = Builder.CreateExtractValue(Swap, 0);
  Old->addIncoming(Seen, Loop);
  Builder.CreateCondBr(Builder.CreateExtractValue(Swap, 1), Done, Loop);

  Builder.SetInsertPoint(Done);
  Builder.CreateRet(Old);
  return Fn;
}

Value *InlinePTXBuilder::mbarrierUpdate(Value *Bar, unsigned AS, Value *Count,
                                        Value *Tx, bool Drop, bool Complete) {
  Function *Update =
      updateHelper(M, Builder, AS, Ctx.getOrInsertSyncScopeID("workgroup"));
  Type *I64 = intTy(64);
  return Builder.CreateCall(
      Update, {Bar, Builder.CreateZExtOrTrunc(Count, I64),
               Builder.CreateSExtOrTrunc(Tx, I64), Builder.getInt1(Drop),
               Builder.getInt1(Complete)});
}

/// The helper `__rubicon_mbarrier.try_wait.p<AS>(ptr bar, i64 phase) -> i1`:
/// whether the phase whose parity bit (bit 63) is `phase` has completed,
/// after a short sleep if it had not at first.
static Function *tryWaitHelper(Module &M, IRBuilder<> &Builder, unsigned AS,
                               SyncScope::ID Scope) {
  std::string Name = "__rubicon_mbarrier.try_wait.p" + std::to_string(AS);
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *I1 = Type::getInt1Ty(Ctx);
  auto *FT = FunctionType::get(I1, {PointerType::get(Ctx, AS), I64}, false);
  Function *Fn = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr(Attribute::AlwaysInline);
  Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilderBase::InsertPointGuard Guard(Builder);
  Value *Bar = Fn->getArg(0), *Waiting = Fn->getArg(1);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Fn);
  BasicBlock *Sleep = BasicBlock::Create(Ctx, "sleep", Fn);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Fn);
  auto Test = [&]() {
    LoadInst *Now = loadPhase(Builder, Bar, Scope);
    Value *Parity = Builder.CreateAnd(Now, ConstantInt::get(I64, PhaseBit));
    return Builder.CreateICmpNE(Parity, Waiting);
  };
  Builder.SetInsertPoint(Entry);
  Builder.CreateCondBr(Test(), Done, Sleep);
  Builder.SetInsertPoint(Sleep);
  Builder.CreateIntrinsic(Intrinsic::nvvm_nanosleep, {},
                          {Builder.getInt32(32)});
  Value *Later = Test();
  Builder.CreateBr(Done);
  Builder.SetInsertPoint(Done);
  PHINode *Result = Builder.CreatePHI(I1, 2);
  Result->addIncoming(Builder.getTrue(), Entry);
  Result->addIncoming(Later, Sleep);
  Builder.CreateRet(Result);
  return Fn;
}

std::optional<unsigned>
InlinePTXBuilder::mbarrierAddressSpace(const Instruction &I) {
  // A cluster is one block here (docs/ptx.md): the cluster's shared memory
  // is the block's.
  if (I.find(PTXModifierCategory::StateSpace) == PTXModifier::SharedCluster)
    return SharedSpace;
  return addressSpace(I);
}

void InlinePTXBuilder::emitMbarrier(const Instruction &I) {
  std::optional<unsigned> AS = mbarrierAddressSpace(I);
  if (!AS)
    return;
  // A cluster is one block here (docs/ptx.md): its scope is the block's.
  SyncScope::ID Scope = Ctx.getOrInsertSyncScopeID("workgroup");
  Type *I64 = intTy(64);
  auto Operands = [&](unsigned Min, unsigned Max) {
    if (I.Operands.size() >= Min && I.Operands.size() <= Max)
      return true;
    fail("'" + std::string(I.Info->Mnemonic) + "' takes " +
         std::to_string(Min) +
         (Min == Max ? "" : " to " + std::to_string(Max)) + " operands");
    return false;
  };

  switch (I.opcode()) {
  case PTXOpcode::MbarrierInit:
    if (!Operands(2, 2))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[0], *AS);
      Value *Count = read(1, PTXType::U32);
      if (!Bar || !Count)
        return;
      Value *C = Builder.CreateAnd(Builder.CreateZExt(Count, I64),
                                   ConstantInt::get(I64, CountMask));
      StoreInst *Store = Builder.CreateAlignedStore(
          Builder.CreateOr(C, Builder.CreateShl(C, ExpectedShift)), Bar,
          Align(8));
      Store->setAtomic(AtomicOrdering::Monotonic, Scope);
    });
  case PTXOpcode::MbarrierInval:
    if (!Operands(1, 1))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[0], *AS);
      if (!Bar)
        return;
      StoreInst *Store =
          Builder.CreateAlignedStore(ConstantInt::get(I64, 0), Bar, Align(8));
      Store->setAtomic(AtomicOrdering::Monotonic, Scope);
    });
  case PTXOpcode::MbarrierArrive:
  case PTXOpcode::MbarrierArriveNoComplete:
  case PTXOpcode::MbarrierArriveDrop:
  case PTXOpcode::MbarrierArriveDropNoComplete: {
    bool NoComplete = I.opcode() == PTXOpcode::MbarrierArriveNoComplete ||
                      I.opcode() == PTXOpcode::MbarrierArriveDropNoComplete;
    bool Drop = I.opcode() == PTXOpcode::MbarrierArriveDrop ||
                I.opcode() == PTXOpcode::MbarrierArriveDropNoComplete;
    if (!Operands(NoComplete ? 3 : 2, 3))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[1], *AS);
      Value *Count = I.Operands.size() == 3
                         ? read(2, PTXType::U32)
                         : static_cast<Value *>(Builder.getInt32(1));
      if (!Bar || !Count)
        return;
      write(0,
            mbarrierUpdate(Bar, *AS, Count, Builder.getInt32(0), Drop,
                           !NoComplete),
            PTXType::B64);
    });
  }
  case PTXOpcode::MbarrierArriveExpectTx:
    // state, [addr], txCount: expect_tx, then one arrival.
    if (!Operands(3, 3))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[1], *AS);
      Value *Tx = read(2, PTXType::U32);
      if (!Bar || !Tx)
        return;
      write(0,
            mbarrierUpdate(Bar, *AS, Builder.getInt32(1),
                           Builder.CreateZExt(Tx, I64), false, true),
            PTXType::B64);
    });
  case PTXOpcode::MbarrierExpectTx:
  case PTXOpcode::MbarrierCompleteTx:
    // [addr], txCount: the tx-count goes up (expect) or down (complete).
    if (!Operands(2, 2))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[0], *AS);
      Value *Tx = read(1, PTXType::U32);
      if (!Bar || !Tx)
        return;
      Tx = Builder.CreateZExt(Tx, I64);
      if (I.opcode() == PTXOpcode::MbarrierCompleteTx)
        Tx = Builder.CreateNeg(Tx);
      mbarrierUpdate(Bar, *AS, Builder.getInt32(0), Tx, false, true);
    });
  case PTXOpcode::MbarrierTestWait:
  case PTXOpcode::MbarrierTestWaitParity:
  case PTXOpcode::MbarrierTryWait:
  case PTXOpcode::MbarrierTryWaitParity: {
    bool Parity = I.opcode() == PTXOpcode::MbarrierTestWaitParity ||
                  I.opcode() == PTXOpcode::MbarrierTryWaitParity;
    bool Try = I.opcode() == PTXOpcode::MbarrierTryWait ||
               I.opcode() == PTXOpcode::MbarrierTryWaitParity;
    // waitComplete, [addr], state or phaseParity {, suspendTimeHint}
    if (!Operands(3, Try ? 4 : 3))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[1], *AS);
      Value *Waiting = Parity ? read(2, PTXType::U32) : read(2, PTXType::B64);
      if (!Bar || !Waiting)
        return;
      // The parity bit of the phase waited for, in place (bit 63).
      Waiting = Parity ? Builder.CreateShl(
                             Builder.CreateZExt(
                                 Builder.CreateAnd(Waiting, Builder.getInt32(1)),
                                 I64),
                             63)
                       : Builder.CreateAnd(Waiting, ConstantInt::get(I64, PhaseBit));
      Value *Complete;
      if (Try) {
        if (I.Operands.size() == 4 && !read(3, PTXType::U32))
          return;
        Complete = Builder.CreateCall(tryWaitHelper(M, Builder, *AS, Scope),
                                      {Bar, Waiting});
      } else {
        LoadInst *Now = loadPhase(Builder, Bar, Scope);
        Complete = Builder.CreateICmpNE(
            Builder.CreateAnd(Now, ConstantInt::get(I64, PhaseBit)), Waiting);
      }
      write(0, Complete, PTXType::Pred);
    });
  }
  case PTXOpcode::CpAsyncMbarrierArrive:
    // The pending count goes up by one, then down once the thread's
    // cp.async copies are complete: they complete at once here, so nothing
    // changes.
    return;
  case PTXOpcode::CpAsyncMbarrierArriveNoinc:
    // An arrival once the thread's cp.async copies (complete at once here)
    // are done.
    if (!Operands(1, 1))
      return;
    return guarded([&] {
      Value *Bar = address(I.Operands[0], *AS);
      if (!Bar)
        return;
      mbarrierUpdate(Bar, *AS, Builder.getInt32(1), Builder.getInt32(0),
                     false, true);
    });
  case PTXOpcode::MbarrierPendingCount: {
    if (!Operands(2, 2))
      return;
    Value *State = read(1, PTXType::B64);
    if (!State)
      return;
    write(0,
          Builder.CreateTrunc(
              Builder.CreateAnd(State, ConstantInt::get(I64, CountMask)),
              intTy(32)),
          PTXType::U32);
    return;
  }
  default:
    return (void)unsupported();
  }
}

} // namespace rubicon::ptxir
