//===- PTXSyncWarpIR.cpp - IR for PTX barriers, warp and control ----------===//
//
// Barriers, fences, warp-level and control instructions become the same
// llvm.nvvm.* intrinsics clang emits for __syncthreads, __syncwarp,
// __threadfence*, __shfl*_sync, __ballot_sync, __activemask, ... so that one
// NVVM -> AMDGPU lowering serves both:
//   bar.sync a / barrier.sync.aligned a  llvm.nvvm.barrier.cta.sync.aligned.all
//   barrier.sync a                       llvm.nvvm.barrier.cta.sync.all
//   bar.red.{popc,and,or} a / barrier.red.{popc,and,or}.aligned a
//                            llvm.nvvm.barrier.cta.red.*.aligned.all
//   barrier.red.{popc,and,or} a  llvm.nvvm.barrier.cta.red.*.all
//   (any id: a work-group has one barrier; a thread count b must be the
//   block's size: checked at run time, a trap otherwise)
//   bar.warp.sync                        llvm.nvvm.bar.warp.sync
//   exit (in a kernel)                   ret void
//   membar.{cta,gl,sys}                  llvm.nvvm.membar.{cta,gl,sys}
//   fence.{sc,acq_rel}.{cta,cluster,gpu,sys}  the membar of that scope
//                                        (cluster -> gl; at least as strong)
//   shfl.sync, vote.sync, match.sync, redux.sync, activemask
//                                        llvm.nvvm.<same name>
// redux.sync on f32 gathers the members' values with shfl.sync.idx.
// shfl.sync's predicate output is computed from the PTX ISA's definition
// (the lowering handles the intrinsics without it); elect.sync is a ballot
// and its lowest lane.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

//===----------------------------------------------------------------------===//
// Barriers and fences
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emitSynchronization(const Instruction &I) {
  switch (I.opcode()) {
  case PTXOpcode::MbarrierInit:
  case PTXOpcode::MbarrierInval:
  case PTXOpcode::MbarrierArrive:
  case PTXOpcode::MbarrierArriveNoComplete:
  case PTXOpcode::MbarrierArriveDrop:
  case PTXOpcode::MbarrierArriveDropNoComplete:
  case PTXOpcode::MbarrierTestWait:
  case PTXOpcode::MbarrierTestWaitParity:
  case PTXOpcode::MbarrierTryWait:
  case PTXOpcode::MbarrierTryWaitParity:
  case PTXOpcode::MbarrierPendingCount:
  case PTXOpcode::CpAsyncMbarrierArrive:
  case PTXOpcode::CpAsyncMbarrierArriveNoinc:
  case PTXOpcode::MbarrierArriveExpectTx:
  case PTXOpcode::MbarrierExpectTx:
  case PTXOpcode::MbarrierCompleteTx:
    return emitMbarrier(I);
  case PTXOpcode::FenceProxyAsync:
  case PTXOpcode::FenceProxyAlias:
    // Bulk copies are ordinary loads and stores here (PTXBulkCopyIR.cpp)
    // and every address names its memory once: there is no other proxy to
    // order against.
    return;
  case PTXOpcode::FenceMbarrierInit:
    // Makes this thread's mbarrier.init visible to the cluster (one block
    // here) before a barrier: a release fence of the block's scope.
    return guarded([&] {
      Builder.CreateFence(AtomicOrdering::Release,
                          Ctx.getOrInsertSyncScopeID("workgroup"));
    });
  default:
    break;
  }
  auto Call = [&](Intrinsic::ID ID, ArrayRef<Value *> Args) -> Value * {
    return Builder.CreateIntrinsic(ID, {}, Args);
  };
  // An AMD work-group has one barrier: every barrier id names it. That is
  // exact when the whole block takes part (no thread count, or a count equal
  // to the block's size); a smaller count (a subset of warps meeting at a
  // named barrier) has no equivalent. A constant count that is not a
  // multiple of the warp size is an error (the PTX ISA requires one); any
  // other count is checked when the barrier runs: a count other than the
  // block's size traps there instead of deadlocking or racing.
  auto BarrierId = [&](unsigned Index) -> bool {
    const Operand &Id = I.Operands[Index];
    if (std::holds_alternative<IntegerImmediate>(Id.Value) ||
        std::holds_alternative<RegisterRef>(Id.Value))
      return read(Id, PTXType::U32) != nullptr;
    fail(Id.Position, "expected a barrier id (an integer or a register)");
    return false;
  };
  // The count operand, when present: checked against the block size.
  auto CheckCount = [&](std::optional<unsigned> Index) -> bool {
    if (!Index)
      return true;
    const Operand &CountOp = I.Operands[*Index];
    if (auto *Imm = std::get_if<IntegerImmediate>(&CountOp.Value);
        Imm && (Imm->Value == 0 || Imm->Value % 32 != 0)) {
      fail(CountOp.Position, "the thread count of a barrier must be a "
                             "nonzero multiple of the warp size (32)");
      return false;
    }
    Value *Count = read(CountOp, PTXType::U32);
    if (!Count)
      return false;
    Value *X = Call(Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
    Value *Y = Call(Intrinsic::nvvm_read_ptx_sreg_ntid_y, {});
    Value *XY = Builder.CreateMul(X, Y);
    Value *Z = Call(Intrinsic::nvvm_read_ptx_sreg_ntid_z, {});
    Value *BlockSize = Builder.CreateMul(XY, Z);
    Value *Partial = Builder.CreateICmpNE(Count, BlockSize);
    // A trap in a block of its own; the barrier follows in the next one
    // (the same block structure as guarded()).
    BasicBlock *Here = Builder.GetInsertBlock();
    bool SplitCallBlock = Here->getTerminator() != nullptr;
    BasicBlock *After;
    if (SplitCallBlock) {
      After = Here->splitBasicBlock(Builder.GetInsertPoint(), "ptx.barrier");
      Here->getTerminator()->eraseFromParent();
    } else {
      After = BasicBlock::Create(Ctx, "ptx.barrier", &F, Exit);
    }
    BasicBlock *Trap =
        BasicBlock::Create(Ctx, "ptx.barrier.partial", &F, After);
    Builder.SetInsertPoint(Here);
    Builder.CreateCondBr(Partial, Trap, After);
    Builder.SetInsertPoint(Trap);
    Builder.CreateIntrinsic(Intrinsic::trap, {});
    Builder.CreateUnreachable();
    if (SplitCallBlock)
      Builder.SetInsertPoint(After, After->begin());
    else
      Builder.SetInsertPoint(After);
    return true;
  };
  switch (I.opcode()) {
  case PTXOpcode::BarSync:
  case PTXOpcode::BarrierSync: {
    // bar.sync a{, b}; barrier.sync{.aligned} a{, b}
    if (!BarrierId(0))
      return;
    bool Aligned =
        I.opcode() == PTXOpcode::BarSync || I.has(PTXModifier::Aligned);
    return guarded([&] {
      if (!CheckCount(I.Operands.size() > 1 ? std::optional<unsigned>(1)
                                            : std::nullopt))
        return;
      Call(Aligned ? Intrinsic::nvvm_barrier_cta_sync_aligned_all
                   : Intrinsic::nvvm_barrier_cta_sync_all,
           {Builder.getInt32(0)});
    });
  }
  case PTXOpcode::BarRed:
  case PTXOpcode::BarrierRed: {
    // bar.red.popc.u32 d, a{, b}, {!}c; bar.red.{and,or}.pred p, a{, b}, {!}c
    // and the same with barrier.red{.aligned} (bar.red is its .aligned form).
    StringRef Name = I.Info->Mnemonic;
    if (!BarrierId(1))
      return;
    bool Aligned =
        I.opcode() == PTXOpcode::BarRed || I.has(PTXModifier::Aligned);
    std::optional<PTXModifier> Op = I.find(PTXModifierCategory::Operation);
    Intrinsic::ID ID;
    if (Op == PTXModifier::PopcOp)
      ID = Aligned ? Intrinsic::nvvm_barrier_cta_red_popc_aligned_all
                   : Intrinsic::nvvm_barrier_cta_red_popc_all;
    else if (Op == PTXModifier::And)
      ID = Aligned ? Intrinsic::nvvm_barrier_cta_red_and_aligned_all
                   : Intrinsic::nvvm_barrier_cta_red_and_all;
    else if (Op == PTXModifier::Or)
      ID = Aligned ? Intrinsic::nvvm_barrier_cta_red_or_aligned_all
                   : Intrinsic::nvvm_barrier_cta_red_or_all;
    else
      return (void)fail("'" + Name.str() +
                        "' needs '.popc', '.and' or '.or'");
    if ((Op == PTXModifier::PopcOp) != (type() == PTXType::U32))
      return (void)fail("'" + Name.str() +
                        ".popc' needs '.u32', '.and'/'.or' need '.pred'");
    bool HasCount = I.Operands.size() > 3;
    Value *C = read(HasCount ? 3 : 2, PTXType::Pred);
    if (!C)
      return;
    if (I.Predicate)
      return (void)fail("a guard predicate on '" + Name.str() +
                        "' is not supported");
    if (!CheckCount(HasCount ? std::optional<unsigned>(2) : std::nullopt))
      return;
    return write(0, Call(ID, {Builder.getInt32(0), C}), type());
  }
  case PTXOpcode::BarArrive:
  case PTXOpcode::BarrierArrive:
    return (void)unsupported("arriving at a named barrier without waiting "
                             "(producer/consumer warps) has no equivalent on "
                             "AMD GPUs, whose work-groups have one barrier");
  case PTXOpcode::BarWarpSync: {
    Value *Mask = read(0, PTXType::B32);
    if (!Mask)
      return;
    return guarded([&] { Call(Intrinsic::nvvm_bar_warp_sync, {Mask}); });
  }
  case PTXOpcode::Membar:
  case PTXOpcode::Fence: {
    PTXModifier Scope =
        I.find(PTXModifierCategory::Scope).value_or(PTXModifier::GlobalScope);
    Intrinsic::ID ID = Scope == PTXModifier::Cta   ? Intrinsic::nvvm_membar_cta
                       : Scope == PTXModifier::Sys ? Intrinsic::nvvm_membar_sys
                                                   : Intrinsic::nvvm_membar_gl;
    return guarded([&] { Call(ID, {}); });
  }
  default:
    return (void)unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Warp-level
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emitWarp(const Instruction &I) {
  // A destination `d` or `d|p`: writes d and, when present, p.
  auto WriteResult = [&](unsigned Index, Value *D, PTXType T, Value *P) {
    const Operand &Op = I.Operands[Index];
    if (auto *Pair = std::get_if<PredicatePair>(&Op.Value)) {
      writeRegister(Pair->First, D, isSigned(T), Op.Position);
      if (!P)
        return (void)fail(Op.Position, "this instruction has no predicate "
                                       "result");
      return writeRegister(Pair->Second, P, false, Op.Position);
    }
    write(Index, D, T);
  };
  auto Call = [&](Intrinsic::ID ID, ArrayRef<Value *> Args) -> Value * {
    return Builder.CreateIntrinsic(ID, {}, Args);
  };
  // %laneid is below 32 already: no `& 31`, which the warp-size analysis
  // would report as the user's lane arithmetic.
  auto Lane = [&] { return Call(Intrinsic::nvvm_read_ptx_sreg_laneid, {}); };
  switch (I.opcode()) {
  case PTXOpcode::ShflSync: {
    // shfl.sync.mode.b32 d[|p], a, b, c, membermask
    Value *A = read(1, PTXType::B32), *B = read(2, PTXType::B32),
          *C = read(3, PTXType::B32), *Mask = read(4, PTXType::B32);
    if (!A || !B || !C || !Mask)
      return;
    PTXModifier Mode =
        I.find(PTXModifierCategory::Mode).value_or(PTXModifier::Idx);
    Intrinsic::ID ID =
        Mode == PTXModifier::Up     ? Intrinsic::nvvm_shfl_sync_up_i32
        : Mode == PTXModifier::Down ? Intrinsic::nvvm_shfl_sync_down_i32
        : Mode == PTXModifier::Bfly ? Intrinsic::nvvm_shfl_sync_bfly_i32
                                    : Intrinsic::nvvm_shfl_sync_idx_i32;
    Value *D = Call(ID, {Mask, A, B, C});
    Value *P = nullptr;
    if (std::holds_alternative<PredicatePair>(I.Operands[0].Value)) {
      // The PTX ISA's pval: whether the source lane is inside the segment.
      Value *L = Lane();
      Value *BVal = Builder.CreateAnd(B, 31);
      Value *CVal = Builder.CreateAnd(C, 31);
      Value *SegMask = Builder.CreateAnd(Builder.CreateLShr(C, 8), 31);
      Value *NotSegMask = Builder.CreateXor(SegMask, 31);
      Value *MinLane = Builder.CreateAnd(L, SegMask);
      Value *MaxLane =
          Builder.CreateOr(MinLane, Builder.CreateAnd(CVal, NotSegMask));
      switch (Mode) {
      case PTXModifier::Up:
        P = Builder.CreateICmpSGE(Builder.CreateSub(L, BVal), MaxLane);
        break;
      case PTXModifier::Down:
        P = Builder.CreateICmpSLE(Builder.CreateAdd(L, BVal), MaxLane);
        break;
      case PTXModifier::Bfly:
        P = Builder.CreateICmpSLE(Builder.CreateXor(L, BVal), MaxLane);
        break;
      default:
        P = Builder.CreateICmpSLE(
            Builder.CreateOr(MinLane, Builder.CreateAnd(BVal, NotSegMask)),
            MaxLane);
        break;
      }
    }
    return WriteResult(0, D, PTXType::B32, P);
  }
  case PTXOpcode::VoteSync: {
    // vote.sync.{all,any,uni}.pred d, {!}a, membermask;
    // vote.sync.ballot.b32 d, {!}a, membermask
    Value *A = read(1, PTXType::Pred), *Mask = read(2, PTXType::B32);
    if (!A || !Mask)
      return;
    PTXModifier Mode =
        I.find(PTXModifierCategory::Mode)
            .value_or(I.has(PTXModifier::Uniform) ? PTXModifier::Uniform
                                                  : PTXModifier::Ballot);
    if ((Mode == PTXModifier::Ballot) != (type() == PTXType::B32))
      return (void)fail("'vote.sync.ballot' needs '.b32'; '.all', '.any' and "
                        "'.uni' need '.pred'");
    Intrinsic::ID ID =
        Mode == PTXModifier::All       ? Intrinsic::nvvm_vote_all_sync
        : Mode == PTXModifier::Any     ? Intrinsic::nvvm_vote_any_sync
        : Mode == PTXModifier::Uniform ? Intrinsic::nvvm_vote_uni_sync
                                       : Intrinsic::nvvm_vote_ballot_sync;
    return write(0, Call(ID, {Mask, A}), type());
  }
  case PTXOpcode::MatchSync: {
    // match.sync.any.b{32,64} d, a, membermask;
    // match.sync.all.b{32,64} d[|p], a, membermask
    bool Wide = type() == PTXType::B64;
    Value *A = read(1, type()), *Mask = read(2, PTXType::B32);
    if (!A || !Mask)
      return;
    if (I.has(PTXModifier::All)) {
      Value *Pair = Call(Wide ? Intrinsic::nvvm_match_all_sync_i64p
                              : Intrinsic::nvvm_match_all_sync_i32p,
                         {Mask, A});
      return WriteResult(0, Builder.CreateExtractValue(Pair, 0), PTXType::B32,
                         Builder.CreateExtractValue(Pair, 1));
    }
    return WriteResult(0,
                       Call(Wide ? Intrinsic::nvvm_match_any_sync_i64
                                 : Intrinsic::nvvm_match_any_sync_i32,
                            {Mask, A}),
                       PTXType::B32, nullptr);
  }
  case PTXOpcode::ReduxSync: {
    // redux.sync.op.type d, a, membermask
    PTXType T = type();
    std::optional<PTXModifier> Op = I.find(PTXModifierCategory::Operation);
    if (T == PTXType::F32) {
      // redux.sync.{min,max}{.abs}{.NaN}.f32: each lane reads every member's
      // value with shfl.sync.idx and folds the members' values with the
      // float min/max of the PTX ISA (NaN ignored unless .NaN; -0 < +0).
      if (Op != PTXModifier::MinOp && Op != PTXModifier::MaxOp)
        return (void)fail("'redux.sync' on '.f32' needs '.min' or '.max'");
      Value *A = read(1, T), *Mask = read(2, PTXType::B32);
      if (!A || !Mask)
        return;
      if (I.has(PTXModifier::Abs))
        A = Builder.CreateUnaryIntrinsic(Intrinsic::fabs, A);
      bool IsMin = Op == PTXModifier::MinOp;
      Intrinsic::ID Fold =
          I.has(PTXModifier::NaN)
              ? (IsMin ? Intrinsic::minimum : Intrinsic::maximum)
              : (IsMin ? Intrinsic::minimumnum : Intrinsic::maximumnum);
      // Lane l visits lanes l ^ 0 .. l ^ 31 (every lane once; no constant
      // lane numbers, which would read as code assuming a warp width) and
      // folds in those that are members.
      Value *Bits = Builder.CreateBitCast(A, intTy(32));
      Value *Result = A;
      Value *Self = Call(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
      for (unsigned Step = 0; Step < 32; ++Step) {
        Value *Source = Builder.CreateXor(Self, Step);
        Value *Other =
            Builder.CreateBitCast(Call(Intrinsic::nvvm_shfl_sync_idx_i32,
                                       {Mask, Bits, Source, intC(32, 31)}),
                                  Builder.getFloatTy());
        Value *Member = Builder.CreateTrunc(Builder.CreateLShr(Mask, Source),
                                            Builder.getInt1Ty());
        Result = Builder.CreateSelect(
            Member, Builder.CreateBinaryIntrinsic(Fold, Result, Other), Result);
      }
      return write(0, Result, T);
    }
    if (I.has(PTXModifier::Abs) || I.has(PTXModifier::NaN))
      return (void)fail("'.abs' and '.NaN' need '.f32'");
    bool Bitwise = Op == PTXModifier::And || Op == PTXModifier::Or ||
                   Op == PTXModifier::Xor;
    if (!Op || Bitwise != (T == PTXType::B32))
      return (void)fail("'redux.sync' needs '.add', '.min' or '.max' with "
                        "'.u32'/'.s32', or '.and', '.or', '.xor' with '.b32'");
    bool Signed = T == PTXType::S32;
    Intrinsic::ID ID =
        Op == PTXModifier::AddOp   ? Intrinsic::nvvm_redux_sync_add
        : Op == PTXModifier::MinOp ? (Signed ? Intrinsic::nvvm_redux_sync_min
                                             : Intrinsic::nvvm_redux_sync_umin)
        : Op == PTXModifier::MaxOp ? (Signed ? Intrinsic::nvvm_redux_sync_max
                                             : Intrinsic::nvvm_redux_sync_umax)
        : Op == PTXModifier::And   ? Intrinsic::nvvm_redux_sync_and
        : Op == PTXModifier::Or    ? Intrinsic::nvvm_redux_sync_or
                                   : Intrinsic::nvvm_redux_sync_xor;
    Value *A = read(1, T), *Mask = read(2, PTXType::B32);
    if (!A || !Mask)
      return;
    return write(0, Call(ID, {A, Mask}), T);
  }
  case PTXOpcode::Activemask:
    return write(0, Call(Intrinsic::nvvm_activemask, {}), PTXType::B32);
  case PTXOpcode::ElectSync: {
    // elect.sync d|p, membermask: the lowest lane of membermask that
    // executes it is the leader; d is its lane number, p is true there.
    Value *Mask = read(1, PTXType::B32);
    if (!Mask)
      return;
    Value *Ballot =
        Call(Intrinsic::nvvm_vote_ballot_sync, {Mask, Builder.getTrue()});
    Value *Leader = Builder.CreateBinaryIntrinsic(Intrinsic::cttz, Ballot,
                                                  Builder.getFalse());
    Value *IsLeader = Builder.CreateICmpEQ(Lane(), Leader);
    const Operand &Dest = I.Operands[0];
    auto *Pair = std::get_if<PredicatePair>(&Dest.Value);
    if (!Pair)
      return (void)fail(Dest.Position, "'elect.sync' writes 'd|p'");
    writeRegister(Pair->First, Leader, false, Dest.Position);
    return writeRegister(Pair->Second, IsLeader, false, Dest.Position);
  }
  default:
    return (void)unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Control
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emitControl(const Instruction &I) {
  switch (I.opcode()) {
  case PTXOpcode::Trap:
    return guarded([&] { Builder.CreateIntrinsic(Intrinsic::trap, {}); });
  case PTXOpcode::Brkpt:
    return guarded([&] { Builder.CreateIntrinsic(Intrinsic::debugtrap, {}); });
  case PTXOpcode::Pmevent:
    return; // Performance-monitor events: nothing to count here.
  case PTXOpcode::Exit:
    // The thread ends: in a kernel, a return from it. In a device function,
    // llvm.nvvm.exit marks the spot; resolveThreadExits (ThreadExit.cpp)
    // inlines the function into its callers until the exit is in a kernel.
    if (F.getCallingConv() != CallingConv::PTX_Kernel)
      return guarded(
          [&] {
            CallInst *Exit =
                Builder.CreateIntrinsic(Intrinsic::nvvm_exit, {});
            if (MDNode *SrcLoc = Call.getMetadata("srcloc"))
              Exit->setMetadata("srcloc", SrcLoc);
            Builder.CreateUnreachable();
          },
          /*MayTerminate=*/true);
    return guarded([&] { Builder.CreateRetVoid(); }, /*MayTerminate=*/true);
  case PTXOpcode::Nanosleep: {
    Value *T = read(0, PTXType::U32);
    if (!T)
      return;
    return guarded(
        [&] { Builder.CreateIntrinsic(Intrinsic::nvvm_nanosleep, {}, {T}); });
  }
  default:
    return (void)unsupported();
  }
}

} // namespace rubicon::ptxir
