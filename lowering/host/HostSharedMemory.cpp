//===- HostSharedMemory.cpp - __shared__ variables in a per-block buffer -===//
//
// rubicon-host-shared-memory: on the host target the threads of a block run
// on one CPU thread and several blocks run at once, so shared memory cannot be
// ordinary globals. Every addrspace(3) variable with a definition gets an
// offset in one per-block buffer, each at its alignment. A block runs one
// kernel, so two variables that no kernel reaches both may share bytes: each
// variable is placed above the variables already placed for every entry point
// that reaches it (an entry point: a function no other function calls; the
// variables of many entry points first, then module order), as a GPU gives
// each kernel only its own variables. Declarations without a definition
// (extern __shared__ arrays: dynamic shared memory) all start after the
// largest entry point's variables, at a 16-byte boundary. A function that
// uses one computes the buffer's address once, at its entry, from the running
// fiber's ThreadContext (HostABI.h: the context sits at the base of the
// FiberStackBytes-aligned fiber stack), a load marked !invariant.load since
// the runtime never changes the field while kernel code runs: so a thread
// loop into which the function is inlined reads it once, not per thread
// (tests/lit/host/host-thread-loops-shared-base.cu). That static size is exported as
// __rubicon_host_shared_bytes, each kernel's own (the bytes below its entry
// points' highest variable: what CUDA's per-block limit counts) as
// __rubicon_host_kernel_shared_<kernel>. Runs after the device library is linked,
// because the library has shared variables of its own.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "LoweringPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

#include <algorithm>
#include <cstddef>

using namespace llvm;

namespace rubicon {
namespace {

constexpr unsigned SharedAddressSpace = 3;

/// The shared buffer of the running block, computed at `F`'s entry.
Value *sharedBufferAt(Function &F) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Type *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::get(Ctx, 0);
  Value *Frame =
      B.CreateIntrinsic(Intrinsic::frameaddress, {Ptr}, {B.getInt32(0)});
  Value *Base = B.CreateAnd(B.CreatePtrToInt(Frame, I64),
                            ~(uint64_t(host::FiberStackBytes) - 1));
  Value *Field = B.CreateAdd(
      Base, B.getInt64(offsetof(host::ThreadContext, SharedMemory)));
  LoadInst *Buffer =
      B.CreateLoad(Ptr, B.CreateIntToPtr(Field, Ptr), "rubicon.shared.buffer");
  // The runtime sets the field before it enters the fiber and never changes
  // it while kernel code runs, so the load is invariant: nothing the kernel
  // stores can change it. Without this LLVM cannot tell the context (an
  // address made from an integer) from the memory the threads write, and a
  // thread loop into which this function is inlined reloads it per thread.
  Buffer->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Ctx, {}));
  Buffer->setMetadata(LLVMContext::MD_noundef, MDNode::get(Ctx, {}));
  return B.CreateAddrSpaceCast(Buffer,
                               PointerType::get(Ctx, SharedAddressSpace));
}

/// For each function, the entry points that reach it (bit i: Entries[i]). An
/// entry point is a defined function that no function calls directly; a
/// function calling through a pointer may reach every function whose address
/// is taken; a function in a cycle that no entry point reaches is an entry
/// point of its own.
DenseMap<const Function *, BitVector>
entryPointsReaching(Module &M, SmallVectorImpl<const Function *> &Entries) {
  DenseMap<const Function *, SmallVector<const Function *>> Callees;
  SmallPtrSet<const Function *, 32> Called, Indirect;
  SmallVector<const Function *> AddressTaken;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (F.hasAddressTaken())
      AddressTaken.push_back(&F);
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (const Function *Callee = Call->getCalledFunction()) {
        if (!Callee->isDeclaration() && Callee != &F) {
          Callees[&F].push_back(Callee);
          Called.insert(Callee);
        }
      } else if (!Call->isInlineAsm()) {
        Indirect.insert(&F);
      }
    }
  }
  for (Function &F : M)
    if (!F.isDeclaration() && !Called.count(&F))
      Entries.push_back(&F);
  DenseMap<const Function *, BitVector> Reaching;
  auto Visit = [&](unsigned Entry, const Function *Start) {
    SmallVector<const Function *> Work{Start};
    bool AddedAddressTaken = false;
    while (!Work.empty()) {
      const Function *F = Work.pop_back_val();
      BitVector &Bits = Reaching[F];
      if (Bits.size() <= Entry)
        Bits.resize(Entry + 1);
      if (Bits.test(Entry))
        continue;
      Bits.set(Entry);
      append_range(Work, Callees.lookup(F));
      if (Indirect.count(F) && !AddedAddressTaken) {
        AddedAddressTaken = true;
        append_range(Work, AddressTaken);
      }
    }
  };
  for (unsigned I = 0; I < Entries.size(); ++I)
    Visit(I, Entries[I]);
  for (Function &F : M)
    if (!F.isDeclaration() && !Reaching.count(&F)) {
      Entries.push_back(&F);
      Visit(Entries.size() - 1, &F);
    }
  for (auto &[F, Bits] : Reaching)
    Bits.resize(Entries.size());
  return Reaching;
}

/// A shared-space address as an integer is an offset in the block's shared
/// memory, as on a GPU (where it is 32 bits wide): `ptrtoint` of an
/// addrspace(3) pointer subtracts the buffer's address and `inttoptr` to
/// addrspace(3) adds it, so `__cvta_generic_to_shared` and PTX's 32-bit
/// shared addresses (`mov.u32 %r, tile;`, `ld.shared [%r]`) work. The pointers
/// themselves stay the buffer's host addresses.
void rebaseSharedAddresses(Module &M, DenseMap<Function *, Value *> &Buffers) {
  SmallVector<Instruction *> Casts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if ((isa<PtrToIntInst>(I) &&
           I.getOperand(0)->getType()->getPointerAddressSpace() ==
               SharedAddressSpace) ||
          (isa<IntToPtrInst>(I) &&
           I.getType()->getPointerAddressSpace() == SharedAddressSpace))
        Casts.push_back(&I);
  for (Instruction *I : Casts) {
    Function *F = I->getFunction();
    Value *&Buffer = Buffers[F];
    if (!Buffer)
      Buffer = sharedBufferAt(*F);
    IRBuilder<> B(I);
    Value *Rebased;
    if (isa<PtrToIntInst>(I)) {
      Type *I64 = B.getInt64Ty();
      // An instruction even for a variable (IRBuilder would fold it into a
      // constant, which the placement below does not see).
      Value *Address = B.Insert(new PtrToIntInst(I->getOperand(0), I64));
      Value *Offset = B.CreateSub(Address, B.CreatePtrToInt(Buffer, I64));
      Rebased = B.CreateZExtOrTrunc(Offset, I->getType());
    } else {
      Rebased = B.CreateGEP(
          B.getInt8Ty(), Buffer,
          B.CreateZExtOrTrunc(I->getOperand(0), B.getInt64Ty()));
    }
    Rebased->takeName(I);
    I->replaceAllUsesWith(Rebased);
    I->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses HostSharedMemoryPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  SmallVector<GlobalVariable *> Shared;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == SharedAddressSpace)
      Shared.push_back(&G);
  if (!Shared.empty()) {
    SmallVector<Constant *> Globals(Shared.begin(), Shared.end());
    convertUsersOfConstantsToInstructions(Globals);
  }

  // The entry points reaching each variable's users.
  SmallVector<const Function *> Entries;
  DenseMap<const Function *, BitVector> Reaching =
      entryPointsReaching(M, Entries);
  unsigned NumEntries = Entries.size();
  struct Placement {
    GlobalVariable *G;
    BitVector ReachedBy;
  };
  SmallVector<Placement> Defined;
  for (GlobalVariable *G : Shared) {
    if (G->isDeclaration())
      continue;
    BitVector ReachedBy(NumEntries);
    for (User *U : G->users())
      if (auto *I = dyn_cast<Instruction>(U))
        if (auto It = Reaching.find(I->getFunction()); It != Reaching.end())
          ReachedBy |= It->second;
    Defined.push_back({G, std::move(ReachedBy)});
  }
  std::stable_sort(Defined.begin(), Defined.end(),
                   [](const Placement &A, const Placement &B) {
                     return A.ReachedBy.count() > B.ReachedBy.count();
                   });
  DenseMap<GlobalVariable *, uint64_t> Offsets;
  SmallVector<uint64_t> Top(NumEntries, 0);
  uint64_t StaticBytes = 0;
  for (Placement &P : Defined) {
    uint64_t Offset = 0;
    for (unsigned E : P.ReachedBy.set_bits())
      Offset = std::max(Offset, Top[E]);
    Offset = alignTo(Offset, DL.getPreferredAlign(P.G));
    uint64_t End = Offset + DL.getTypeAllocSize(P.G->getValueType());
    for (unsigned E : P.ReachedBy.set_bits())
      Top[E] = End;
    Offsets[P.G] = Offset;
    StaticBytes = std::max(StaticBytes, End);
  }
  StaticBytes = alignTo(StaticBytes, host::SharedMemoryAlignment);

  // Each kernel's own figure: its thread and block entry points' variables.
  Type *I64 = Type::getInt64Ty(Ctx);
  MapVector<StringRef, uint64_t> KernelBytes;
  for (unsigned E = 0; E < NumEntries; ++E) {
    StringRef Name = Entries[E]->getName();
    if (Name.consume_front(host::EntryPrefix) ||
        Name.consume_front(host::BlockEntryPrefix)) {
      uint64_t &Bytes = KernelBytes[Name];
      Bytes = std::max(Bytes, Top[E]);
    }
  }
  for (auto &[Kernel, Bytes] : KernelBytes) {
    std::string Name = std::string(host::KernelSharedPrefix) + Kernel.str();
    if (GlobalVariable *Old = M.getNamedGlobal(Name))
      Old->eraseFromParent();
    auto *G = new GlobalVariable(M, I64, /*isConstant=*/true,
                                 GlobalValue::ExternalLinkage,
                                 ConstantInt::get(I64, Bytes), Name);
    G->setVisibility(GlobalValue::DefaultVisibility);
  }

  for (GlobalVariable *G : Shared)
    if (G->isDeclaration())
      Offsets[G] = StaticBytes;

  // The device library reads the size (%dynamic_smem_size): define its
  // declaration, or a new variable.
  GlobalVariable *Size = M.getNamedGlobal(host::SharedBytesSymbol);
  if (!Size)
    Size = new GlobalVariable(M, I64, /*isConstant=*/true,
                              GlobalValue::ExternalLinkage, nullptr,
                              host::SharedBytesSymbol);
  Size->setInitializer(ConstantInt::get(I64, StaticBytes));
  Size->setConstant(true);
  Size->setLinkage(GlobalValue::ExternalLinkage);
  Size->setVisibility(GlobalValue::DefaultVisibility);

  DenseMap<Function *, Value *> Buffers;
  rebaseSharedAddresses(M, Buffers);
  if (Shared.empty())
    return PreservedAnalyses::none();

  for (GlobalVariable *G : Shared) {
    SmallVector<Use *> Uses;
    for (Use &U : G->uses())
      Uses.push_back(&U);
    for (Use *U : Uses) {
      auto *I = dyn_cast<Instruction>(U->getUser());
      if (!I)
        continue; // a constant user that no function reaches
      Function *F = I->getFunction();
      Value *&Buffer = Buffers[F];
      if (!Buffer)
        Buffer = sharedBufferAt(*F);
      IRBuilder<> B(I);
      if (auto *Phi = dyn_cast<PHINode>(I))
        B.SetInsertPoint(Phi->getIncomingBlock(*U)->getTerminator());
      U->set(B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Buffer, Offsets[G]));
    }
  }
  for (GlobalVariable *G : Shared) {
    G->removeDeadConstantUsers();
    if (G->use_empty())
      G->eraseFromParent();
    else
      reportLoweringError(Ctx, "shared variable '" + G->getName() +
                                   "' is referenced outside device code, "
                                   "which the host target cannot lay out");
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
