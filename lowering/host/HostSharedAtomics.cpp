//===- HostSharedAtomics.cpp - Shared-memory atomics without a lock -------===//
//
// Part of Rubicon. rubicon-host-shared-atomics, run after the host target's
// optimization pipeline: an atomic read-modify-write (`atomicrmw`,
// `cmpxchg`) of the block's shared memory becomes a load, the operation and
// a store.
//
// On the host target a block's threads all run on one CPU thread: as fibers
// that switch only where they call the scheduler (a barrier, a warp
// operation), or as thread loops that run them one after the other
// (docs/host-target.md). Shared memory is the block's own buffer, which no
// other CPU thread reaches (a cluster has one block on this target), so
// no other thread can come between the read and the write of an atomic on
// it: the LOCK prefix x86-64 puts on every atomic costs about twenty cycles
// and buys nothing. CUDA's atomics order no other memory (relaxed), and a
// stronger order could only be observed by the block's threads, on this
// same CPU thread. Shared histograms and counters (cuda-samples'
// simpleAttributes counts every iteration of its threads in a __shared__
// variable with atomicAdd) then cost what the plain update costs.
//
// A pointer is shared memory when the object it is based on (through
// GEPs and casts) is the block's buffer, the load HostSharedMemory.cpp makes
// from the fiber's ThreadContext: the field at offsetof(SharedMemory) of the
// FiberStackBytes-aligned base below the frame address. Pointers that are
// not known to be shared (global memory, a phi of addresses, a pointer read
// from memory) keep their atomics, and so do volatile ones.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

#include <cstddef>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace rubicon {
namespace {

/// The offset into the running fiber's ThreadContext that `P` addresses:
/// `P` is the context's base (the frame address rounded down to
/// FiberStackBytes, made a pointer) plus constants, in any of the forms the
/// optimizer leaves (an add or disjoint or before inttoptr, GEPs after it).
std::optional<uint64_t> contextOffset(const Value *P, const DataLayout &DL) {
  APInt Offset(DL.getIndexTypeSizeInBits(P->getType()), 0);
  P = P->stripAndAccumulateConstantOffsets(DL, Offset,
                                           /*AllowNonInbounds=*/true);
  auto *Cast = dyn_cast<IntToPtrInst>(P);
  if (!Cast)
    return std::nullopt;
  const Value *Integer = Cast->getOperand(0);
  const Value *Base;
  const APInt *Field;
  if (match(Integer, m_Add(m_Value(Base), m_APInt(Field))) ||
      match(Integer, m_DisjointOr(m_Value(Base), m_APInt(Field)))) {
    Offset += Field->sextOrTrunc(Offset.getBitWidth());
    Integer = Base;
  }
  const int64_t Mask = -int64_t(host::FiberStackBytes);
  if (!match(Integer,
             m_And(m_PtrToInt(m_Intrinsic<Intrinsic::frameaddress>(m_Zero())),
                   m_SpecificInt(Mask))))
    return std::nullopt;
  return Offset.getZExtValue();
}

/// Whether `P` points into the running block's shared memory.
bool isBlockShared(const Value *P, const DataLayout &DL) {
  auto *Buffer = dyn_cast<LoadInst>(getUnderlyingObject(P, /*MaxLookup=*/0));
  return Buffer && Buffer->getType()->isPointerTy() &&
         contextOffset(Buffer->getPointerOperand(), DL) ==
             offsetof(host::ThreadContext, SharedMemory);
}

} // namespace

PreservedAnalyses HostSharedAtomicsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<AtomicRMWInst *> Updates;
  SmallVector<AtomicCmpXchgInst *> Exchanges;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
          RMW && !RMW->isVolatile() &&
          isBlockShared(RMW->getPointerOperand(), DL))
        Updates.push_back(RMW);
      if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I);
          CmpXchg && !CmpXchg->isVolatile() &&
          isBlockShared(CmpXchg->getPointerOperand(), DL))
        Exchanges.push_back(CmpXchg);
    }
  for (AtomicRMWInst *RMW : Updates)
    lowerAtomicRMWInst(RMW);
  for (AtomicCmpXchgInst *CmpXchg : Exchanges)
    lowerAtomicCmpXchgInst(CmpXchg);
  return Updates.empty() && Exchanges.empty() ? PreservedAnalyses::all()
                                              : PreservedAnalyses::none();
}

} // namespace rubicon
