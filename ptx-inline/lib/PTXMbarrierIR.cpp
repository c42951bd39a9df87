//===- PTXMbarrierIR.cpp - mbarrier: arrive/wait barriers in memory -------===//
//
// Part of Rubicon. PTX's `mbarrier` object (a 64-bit word, usually in shared
// memory) counts the arrivals of a phase; waiters test whether the phase they
// arrived in (a token, or its parity) has completed. libcu++'s
// `cuda::barrier<thread_scope_block>` uses it from sm_80 on
// (`cuda::ptx::mbarrier_*`). The object is laid out as Rubicon's
// `cuda_awbarrier_primitives.h` lays it out, so both can share a barrier:
// bits 0-30 the pending count of the current phase, bits 32-62 the expected
// count (each new phase's pending count), bit 63 the phase's parity. A token
// is the word just before the arrival.
//
// arrive, arrive_drop (also .noComplete): an atomic subtraction, and for the
// arrival that completes the phase an atomic addition that starts the next
// (no loop), in an internal helper per address space; test_wait (.parity): one acquire load;
// try_wait (.parity): a test, a short sleep when the phase is not complete
// (on the host target the sleep lets the block's other threads run), a
// second test; cp.async.mbarrier.arrive: nothing (copies complete at once),
// with .noinc an arrival; init, inval: stores; pending_count: the low bits of a token.
// The transaction counts of the tensor memory accelerator (expect_tx,
// complete_tx) have no equivalent: reported unsupported.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

constexpr uint64_t CountMask = 0x7fffffffull;
constexpr uint64_t PhaseBit = 1ull << 63;

} // namespace

/// The helper `__rubicon_mbarrier.arrive.p<AS>(ptr bar, i64 count, i1 drop,
/// i1 complete) -> i64 token`.
static Function *arriveHelper(Module &M, IRBuilder<> &Builder, unsigned AS,
                              SyncScope::ID Scope) {
  std::string Name = "__rubicon_mbarrier.arrive.p" + std::to_string(AS);
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *I1 = Type::getInt1Ty(Ctx);
  auto *FT = FunctionType::get(I64, {PointerType::get(Ctx, AS), I64, I1, I1},
                               false);
  Function *Fn = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr(Attribute::AlwaysInline);
  Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilderBase::InsertPointGuard Guard(Builder);
  Value *Bar = Fn->getArg(0), *Count = Fn->getArg(1), *Drop = Fn->getArg(2),
        *Complete = Fn->getArg(3);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Fn);
  BasicBlock *Flip = BasicBlock::Create(Ctx, "complete", Fn);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Fn);
  auto C = [&](uint64_t V) { return ConstantInt::get(I64, V); };
  Builder.SetInsertPoint(Entry);
  // The arrival: the pending count (and with drop the expected count)
  // decreases; release: what this thread did before arriving, acquire: what
  // the others did (the last arrival goes on without waiting).
  Value *Decrement = Builder.CreateAdd(
      Count, Builder.CreateSelect(Drop, Builder.CreateShl(Count, 32), C(0)));
  Value *Old = Builder.CreateAtomicRMW(AtomicRMWInst::Sub, Bar, Decrement,
                                       Align(8), AtomicOrdering::AcquireRelease,
                                       Scope);
  Value *Pending = Builder.CreateAnd(Old, C(CountMask));
  Value *Last =
      Builder.CreateAnd(Complete, Builder.CreateICmpULE(Pending, Count));
  Builder.CreateCondBr(Last, Flip, Done);
  // The last arrival starts the next phase: nobody else can change the word
  // until they see it (the pending count is 0): adding the expected count
  // and bit 63 resets the count and flips the parity.
  Builder.SetInsertPoint(Flip);
  Value *Expected = Builder.CreateSub(
      Builder.CreateAnd(Builder.CreateLShr(Old, 32), C(CountMask)),
      Builder.CreateSelect(Drop, Count, C(0)));
  Expected = Builder.CreateAnd(Expected, C(CountMask));
  Builder.CreateAtomicRMW(AtomicRMWInst::Add, Bar,
                          Builder.CreateOr(Expected, C(PhaseBit)), Align(8),
                          AtomicOrdering::Release, Scope);
  Builder.CreateBr(Done);

  Builder.SetInsertPoint(Done);
  Builder.CreateRet(Old);
  return Fn;
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
    LoadInst *Now = Builder.CreateAlignedLoad(I64, Bar, Align(8));
    Now->setAtomic(AtomicOrdering::Acquire, Scope);
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

void InlinePTXBuilder::emitMbarrier(const Instruction &I) {
  std::optional<unsigned> AS = addressSpace(I);
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
          Builder.CreateOr(C, Builder.CreateShl(C, 32)), Bar, Align(8));
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
      Function *Arrive = arriveHelper(M, Builder, *AS, Scope);
      Value *Token = Builder.CreateCall(
          Arrive, {Bar, Builder.CreateZExt(Count, I64), Builder.getInt1(Drop),
                   Builder.getInt1(!NoComplete)});
      write(0, Token, PTXType::B64);
    });
  }
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
        LoadInst *Now = Builder.CreateAlignedLoad(I64, Bar, Align(8));
        Now->setAtomic(AtomicOrdering::Acquire, Scope);
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
      Builder.CreateCall(arriveHelper(M, Builder, *AS, Scope),
                         {Bar, ConstantInt::get(I64, 1), Builder.getInt1(false),
                          Builder.getTrue()});
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
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' is not supported: the tensor memory accelerator's "
                      "transaction counts have no equivalent here");
  }
}

} // namespace rubicon::ptxir
