//===- PTXBulkCopyIR.cpp - cp.async.bulk: bulk copies, completed at once --===//
//
// Part of Rubicon. sm_90's bulk copies (the tensor memory accelerator's
// non-tensor form; libcu++'s `cuda::memcpy_async` with a block-scope
// `cuda::barrier` and `cuda::device::memcpy_async_tx` use them):
//
//   cp.async.bulk.shared::{cta,cluster}.global.mbarrier::complete_tx::bytes
//       {.multicast::cluster}{.L2::cache_hint}
//       [dst], [src], size, [mbar] {, ctaMask} {, cache-policy}
//   cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
//       [dst], [src], size, [mbar]
//   cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}{.cp_mask}
//       [dst], [src], size {, cache-policy} {, byteMask}
//   cp.async.bulk.prefetch.L2.global{.L2::cache_hint} [src], size
//       {, cache-policy}
//   cp.async.bulk.commit_group; cp.async.bulk.wait_group{.read} N;
//
// Rubicon's copies complete before the next instruction: a bulk copy is a
// memcpy by the issuing thread, then the complete-tx of `size` bytes on the
// mbarrier (PTXMbarrierIR.cpp), which also completes the phase when nothing
// else is pending; a bulk group is complete once issued, so commit_group and
// wait_group do nothing, and prefetch is a hint. A cluster is one block here
// (docs/ptx.md): `.shared::cluster` is the block's shared memory, and a
// multicast copy reaches the block when bit 0 of ctaMask (its rank) is set.
// `.cp_mask` copies byte i of each 16 bytes when bit i of byteMask is set.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

/// The helper `__rubicon_bulk_copy.masked(ptr addrspace(1) dst,
/// ptr addrspace(3) src, i32 size, i32 byteMask)`: byte i is copied when bit
/// i % 16 of the mask is set.
static Function *maskedCopyHelper(Module &M, IRBuilder<> &Builder) {
  StringRef Name = "__rubicon_bulk_copy.masked";
  if (Function *Existing = M.getFunction(Name))
    return Existing;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I8 = Type::getInt8Ty(Ctx);
  auto *FT = FunctionType::get(
      Type::getVoidTy(Ctx),
      {PointerType::get(Ctx, 1), PointerType::get(Ctx, 3), I32, I32}, false);
  Function *Fn = Function::Create(FT, GlobalValue::InternalLinkage, Name, M);
  Fn->addFnAttr(Attribute::NoUnwind);
  IRBuilderBase::InsertPointGuard Guard(Builder);
  Value *Dst = Fn->getArg(0), *Src = Fn->getArg(1), *Size = Fn->getArg(2),
        *Mask = Fn->getArg(3);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Fn);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "byte", Fn);
  BasicBlock *Copy = BasicBlock::Create(Ctx, "copy", Fn);
  BasicBlock *Next = BasicBlock::Create(Ctx, "next", Fn);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Fn);
  Builder.SetInsertPoint(Entry);
  Builder.CreateCondBr(Builder.CreateICmpEQ(Size, Builder.getInt32(0)), Done,
                       Loop);
  Builder.SetInsertPoint(Loop);
  PHINode *Index = Builder.CreatePHI(I32, 2, "i");
  Index->addIncoming(Builder.getInt32(0), Entry);
  Value *Bit = Builder.CreateAnd(
      Builder.CreateLShr(Mask, Builder.CreateAnd(Index, 15)), 1);
  Builder.CreateCondBr(Builder.CreateICmpNE(Bit, Builder.getInt32(0)), Copy,
                       Next);
  Builder.SetInsertPoint(Copy);
  Value *Byte =
      Builder.CreateLoad(I8, Builder.CreateGEP(I8, Src, Index), "byte");
  Builder.CreateStore(Byte, Builder.CreateGEP(I8, Dst, Index));
  Builder.CreateBr(Next);
  Builder.SetInsertPoint(Next);
  Value *Following = Builder.CreateAdd(Index, Builder.getInt32(1));
  Index->addIncoming(Following, Next);
  Builder.CreateCondBr(Builder.CreateICmpULT(Following, Size), Loop, Done);
  Builder.SetInsertPoint(Done);
  Builder.CreateRetVoid();
  return Fn;
}

void InlinePTXBuilder::emitBulkCopy(const Instruction &I) {
  switch (I.opcode()) {
  case PTXOpcode::CpAsyncBulkPrefetch:
    // A hint; the operands are still checked.
    return guarded([&] {
      if (!address(I.Operands[0], GlobalSpace))
        return;
      for (unsigned Index = 1; Index < I.Operands.size(); ++Index)
        if (!read(Index, Index == 1 ? PTXType::U32 : PTXType::B64))
          return;
    });
  case PTXOpcode::CpAsyncBulkCommitGroup:
  case PTXOpcode::CpAsyncBulkWaitGroup:
    // Bulk copies complete before the next instruction.
    return;
  default:
    break;
  }

  // The destination's space, then the source's.
  std::vector<PTXModifier> Spaces;
  for (PTXModifier Modifier : I.Modifiers)
    if (category(Modifier) == PTXModifierCategory::StateSpace)
      Spaces.push_back(Modifier);
  auto Shared = [](PTXModifier S) {
    return S == PTXModifier::SharedCta || S == PTXModifier::SharedCluster;
  };
  bool ToShared = Spaces.size() == 2 && Shared(Spaces[0]) &&
                  (Spaces[1] == PTXModifier::Global ||
                   (Spaces[0] == PTXModifier::SharedCluster &&
                    Spaces[1] == PTXModifier::SharedCta));
  bool ToGlobal = Spaces.size() == 2 && Spaces[0] == PTXModifier::Global &&
                  Spaces[1] == PTXModifier::SharedCta;
  if (!ToShared && !ToGlobal)
    return (void)fail("'cp.async.bulk' copies global to .shared::cta or "
                      ".shared::cluster, .shared::cta to .shared::cluster, or "
                      ".shared::cta to global");
  bool Mbarrier = I.has(PTXModifier::MbarrierCompleteTxBytes);
  if (ToShared != Mbarrier || ToGlobal != I.has(PTXModifier::BulkGroup))
    return (void)fail(ToShared ? "a bulk copy to shared memory completes with "
                                 "'.mbarrier::complete_tx::bytes'"
                               : "a bulk copy to global memory completes with "
                                 "'.bulk_group'");
  bool Multicast = I.has(PTXModifier::MulticastCluster);
  if (Multicast && Spaces[1] != PTXModifier::Global)
    return (void)fail("'.multicast::cluster' copies from global memory");
  if (I.has(PTXModifier::CpMask) && !ToGlobal)
    return (void)fail("'.cp_mask' applies to copies to global memory");
  unsigned Expected = 3 + Mbarrier + Multicast +
                      I.has(PTXModifier::L2CacheHint) +
                      I.has(PTXModifier::CpMask);
  if (I.Operands.size() != Expected)
    return (void)fail("this form of 'cp.async.bulk' takes " +
                      std::to_string(Expected) + " operands");

  guarded([&] {
    Value *Dest = address(I.Operands[0], ToShared ? SharedSpace : GlobalSpace);
    Value *Src = address(I.Operands[1], Spaces[1] == PTXModifier::Global
                                            ? GlobalSpace
                                            : SharedSpace);
    Value *Size = read(2, PTXType::U32);
    if (!Dest || !Src || !Size)
      return;
    unsigned Next = 3;
    Value *Bar = nullptr, *CtaMask = nullptr, *ByteMask = nullptr;
    if (Mbarrier && !(Bar = address(I.Operands[Next++], SharedSpace)))
      return;
    if (Multicast && !(CtaMask = read(Next++, PTXType::B16)))
      return;
    if (I.has(PTXModifier::L2CacheHint) && !read(Next++, PTXType::B64))
      return;
    if (I.has(PTXModifier::CpMask) && !(ByteMask = read(Next++, PTXType::B16)))
      return;

    // A multicast copy reaches the block (rank 0 of its one-block cluster)
    // when bit 0 of ctaMask is set: otherwise it copies nothing here.
    if (CtaMask)
      Size = Builder.CreateSelect(
          Builder.CreateTrunc(CtaMask, Builder.getInt1Ty()), Size,
          Builder.getInt32(0));
    if (ByteMask) {
      Builder.CreateCall(maskedCopyHelper(M, Builder),
                         {Dest, Src, Size,
                          Builder.CreateZExt(ByteMask, intTy(32))});
    } else {
      // The PTX ISA requires 16-byte aligned addresses and sizes.
      Builder.CreateMemCpy(Dest, Align(16), Src, Align(16), Size);
    }
    if (Bar)
      mbarrierUpdate(Bar, SharedSpace, Builder.getInt32(0),
                     Builder.CreateNeg(Builder.CreateZExt(Size, intTy(64))),
                     false, true);
  });
}

} // namespace rubicon::ptxir
