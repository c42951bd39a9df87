//===- HostSharedMemory.cpp - __shared__ variables in a per-block buffer
//---===//
//
// rubicon-host-shared-memory: on the host target the threads of a block run
// on one CPU thread and several blocks run at once, so shared memory cannot be
// ordinary globals. Every addrspace(3) variable with a definition gets an
// offset in one per-block buffer (in module order, each at its alignment);
// declarations without a definition (extern __shared__ arrays: dynamic shared
// memory) all start after them, at a 16-byte boundary. A function that uses
// one computes the buffer's address once, at its entry, from the running
// fiber's ThreadContext (HostABI.h: the context sits at the base of the
// FiberStackBytes-aligned fiber stack). The buffer's static size is exported
// as __rubicon_host_shared_bytes. Runs after the device library is linked,
// because the library has shared variables of its own.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "LoweringPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

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
  Value *Buffer =
      B.CreateLoad(Ptr, B.CreateIntToPtr(Field, Ptr), "rubicon.shared.buffer");
  return B.CreateAddrSpaceCast(Buffer,
                               PointerType::get(Ctx, SharedAddressSpace));
}

} // namespace

PreservedAnalyses HostSharedMemoryPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  SmallVector<GlobalVariable *> Shared;
  DenseMap<GlobalVariable *, uint64_t> Offsets;
  uint64_t StaticBytes = 0;
  for (GlobalVariable &G : M.globals()) {
    if (G.getAddressSpace() != SharedAddressSpace)
      continue;
    Shared.push_back(&G);
    if (G.isDeclaration())
      continue;
    Align Alignment = DL.getPreferredAlign(&G);
    StaticBytes = alignTo(StaticBytes, Alignment);
    Offsets[&G] = StaticBytes;
    StaticBytes += DL.getTypeAllocSize(G.getValueType());
  }
  StaticBytes = alignTo(StaticBytes, host::SharedMemoryAlignment);
  for (GlobalVariable *G : Shared)
    if (G->isDeclaration())
      Offsets[G] = StaticBytes;

  // The device library reads the size (%dynamic_smem_size): define its
  // declaration, or a new variable.
  Type *I64 = Type::getInt64Ty(Ctx);
  GlobalVariable *Size = M.getNamedGlobal(host::SharedBytesSymbol);
  if (!Size)
    Size = new GlobalVariable(M, I64, /*isConstant=*/true,
                              GlobalValue::ExternalLinkage, nullptr,
                              host::SharedBytesSymbol);
  Size->setInitializer(ConstantInt::get(I64, StaticBytes));
  Size->setConstant(true);
  Size->setLinkage(GlobalValue::ExternalLinkage);
  Size->setVisibility(GlobalValue::DefaultVisibility);
  if (Shared.empty())
    return PreservedAnalyses::none();

  SmallVector<Constant *> Globals(Shared.begin(), Shared.end());
  convertUsersOfConstantsToInstructions(Globals);

  DenseMap<Function *, Value *> Buffers;
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
