//===- PTXMemoryIR.cpp - IR for PTX memory and atomic instructions --------===//
//
// ld st ldu (state spaces, vectors, cache hints accepted and ignored,
// .relaxed/.acquire/.release with a scope as atomic loads and stores),
// prefetch prefetchu discard (no-ops), cp.async (performed synchronously, so
// commit_group and wait_group have nothing left to wait for), atom and red
// (atomicrmw / cmpxchg with the scope's syncscope).
//
// Scopes: .cta -> "workgroup", .cluster and .gpu -> "agent", .sys -> the
// system scope. Address spaces are NVPTX's (the module is still NVVM IR):
// generic 0, global 1, shared 3, const 4, local 5.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {

unsigned vectorLength(const Instruction &I) {
  if (I.has(PTXModifier::V2))
    return 2;
  if (I.has(PTXModifier::V4))
    return 4;
  if (I.has(PTXModifier::V8))
    return 8;
  return 1;
}

AtomicOrdering ordering(const Instruction &I, AtomicOrdering Default) {
  switch (
      I.find(PTXModifierCategory::MemoryOrder).value_or(PTXModifier::Weak)) {
  case PTXModifier::Relaxed:
    return AtomicOrdering::Monotonic;
  case PTXModifier::Acquire:
    return AtomicOrdering::Acquire;
  case PTXModifier::Release:
    return AtomicOrdering::Release;
  case PTXModifier::AcqRel:
    return AtomicOrdering::AcquireRelease;
  case PTXModifier::SeqCst:
    return AtomicOrdering::SequentiallyConsistent;
  default:
    return Default;
  }
}

} // namespace

std::optional<unsigned> InlinePTXBuilder::addressSpace(const Instruction &I) {
  std::optional<PTXModifier> Space = I.find(PTXModifierCategory::StateSpace);
  if (!Space)
    return GenericSpace;
  switch (*Space) {
  case PTXModifier::Global:
    return GlobalSpace;
  case PTXModifier::Shared:
  case PTXModifier::SharedCta:
    return SharedSpace;
  case PTXModifier::Const:
    return ConstSpace;
  case PTXModifier::Local:
    return LocalSpace;
  default:
    unsupported("state space '" + std::string(spelling(*Space)) +
                "' has no equivalent on AMD GPUs");
    return std::nullopt;
  }
}

Value *InlinePTXBuilder::address(const Operand &Op, unsigned AS) {
  auto *Addr = std::get_if<AddressOperand>(&Op.Value);
  if (!Addr)
    return fail(Op.Position, "expected an address operand '[...]'");
  const DataLayout &DL = M.getDataLayout();
  IntegerType *AddressTy = intTy(DL.getPointerSizeInBits(AS));
  Value *Pointer;
  if (!Addr->Base) {
    Pointer = Builder.CreateIntToPtr(
        ConstantInt::get(AddressTy, uint64_t(Addr->Offset)),
        Builder.getPtrTy(AS));
    return Pointer;
  }
  Value *Bits = readRegisterBits(*Addr->Base);
  if (!Bits)
    return nullptr;
  if (Bits->getType()->isIntegerTy(1))
    return fail(Op.Position, "a predicate cannot be an address");
  const RegisterRef &Base = *Addr->Base;
  bool HoldsGeneric = Base.RefKind == RegisterRef::Kind::Placeholder &&
                      Base.PlaceholderIndex < MemoryPlaceholders.size() &&
                      MemoryPlaceholders[Base.PlaceholderIndex];
  if (HoldsGeneric && AS != GenericSpace) {
    // A memory operand is a generic address: convert it like cvta.to.
    Value *Generic = Builder.CreateIntToPtr(
        Builder.CreateZExtOrTrunc(Bits, intTy(DL.getPointerSizeInBits(0))),
        Builder.getPtrTy());
    Pointer = Builder.CreateAddrSpaceCast(Generic, Builder.getPtrTy(AS));
  } else {
    Pointer = Builder.CreateIntToPtr(Builder.CreateZExtOrTrunc(Bits, AddressTy),
                                     Builder.getPtrTy(AS));
  }
  if (Addr->Offset)
    Pointer = Builder.CreateGEP(Builder.getInt8Ty(), Pointer,
                                Builder.getInt64(Addr->Offset));
  return Pointer;
}

SyncScope::ID InlinePTXBuilder::syncScope(const Instruction &I) {
  switch (I.find(PTXModifierCategory::Scope).value_or(PTXModifier::Gpu)) {
  case PTXModifier::Cta:
    return Ctx.getOrInsertSyncScopeID("workgroup");
  case PTXModifier::Sys:
    return SyncScope::System;
  default: // .gpu, .cluster (a cluster is within one device)
    return Ctx.getOrInsertSyncScopeID("agent");
  }
}

//===----------------------------------------------------------------------===//
// ld st ldu prefetch discard cp.async
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emitMemory(const Instruction &I) {
  switch (I.opcode()) {
  case PTXOpcode::CpAsyncBulk:
  case PTXOpcode::CpAsyncBulkPrefetch:
  case PTXOpcode::CpAsyncBulkCommitGroup:
  case PTXOpcode::CpAsyncBulkWaitGroup:
    return emitBulkCopy(I);
  case PTXOpcode::Createpolicy:
    return emitCreatePolicy(I);
  case PTXOpcode::Prefetch:
  case PTXOpcode::Prefetchu:
  case PTXOpcode::Discard:
    // Hints: the memory's contents do not change (discard leaves the
    // line's contents unspecified, keeping them is one valid outcome).
    return;
  case PTXOpcode::CpAsyncCommitGroup:
  case PTXOpcode::CpAsyncWaitGroup:
  case PTXOpcode::CpAsyncWaitAll:
    // cp.async copies complete before the next instruction.
    return;
  default:
    break;
  }
  std::optional<unsigned> AS = addressSpace(I);
  if (!AS)
    return;

  if (I.opcode() == PTXOpcode::CpAsync) {
    // cp.async.ca.shared.global [dst], [src], cp-size{, src-size}
    // {, cache-policy}: copy src-size bytes (default cp-size) and fill the
    // rest of the cp-size bytes with zeros.
    if (I.Operands.size() < 3)
      return (void)fail("'cp.async' needs a destination, a source and a size");
    auto *CopySize = std::get_if<IntegerImmediate>(&I.Operands[2].Value);
    if (!CopySize ||
        (CopySize->Value != 4 && CopySize->Value != 8 && CopySize->Value != 16))
      return (void)fail(I.Operands[2].Position,
                        "the copy size must be 4, 8 or 16");
    guarded([&] {
      Value *Dest = address(I.Operands[0], SharedSpace);
      Value *Src = address(I.Operands[1], GlobalSpace);
      if (!Dest || !Src)
        return;
      uint64_t Size = CopySize->Value;
      size_t Sizes = I.Operands.size() - (I.has(PTXModifier::L2CacheHint));
      bool HasSourceSize = Sizes >= 4;
      if (!HasSourceSize) {
        Builder.CreateMemCpy(Dest, Align(Size), Src, Align(Size), Size);
        return;
      }
      Value *SourceSize = read(3, PTXType::U32);
      if (!SourceSize)
        return;
      SourceSize = intrinsic(Intrinsic::umin, {SourceSize, intC(32, Size)});
      Builder.CreateMemCpy(Dest, Align(1), Src, Align(1), SourceSize);
      Value *Tail = Builder.CreateGEP(Builder.getInt8Ty(), Dest, SourceSize);
      Builder.CreateMemSet(Tail, Builder.getInt8(0),
                           Builder.CreateSub(intC(32, Size), SourceSize),
                           MaybeAlign(1));
    });
    return;
  }

  bool IsLoad = I.opcode() == PTXOpcode::Ld || I.opcode() == PTXOpcode::Ldu;
  if (I.opcode() != PTXOpcode::St && !IsLoad)
    return (void)unsupported();
  if (I.opcode() == PTXOpcode::Ldu && *AS == GenericSpace)
    AS = GlobalSpace; // ldu without a space addresses global memory.
  PTXType T = type();
  unsigned ElementWidth = std::max(width(), 8u);
  unsigned N = vectorLength(I);
  AtomicOrdering Order = ordering(I, AtomicOrdering::NotAtomic);
  bool Volatile = I.has(PTXModifier::Volatile);
  const Operand &AddressOp = I.Operands[IsLoad ? 1 : 0];
  const Operand &DataOp = I.Operands[IsLoad ? 0 : 1];
  Type *ElementTy = intTy(ElementWidth);
  Type *AccessTy = N == 1 ? ElementTy : FixedVectorType::get(ElementTy, N);
  Align Alignment(uint64_t(N) * ElementWidth / 8);

  // The registers of the data operand: one, or a vector `{a, b, ...}`.
  std::vector<ScalarOperand> Elements;
  if (auto *Vec = std::get_if<VectorOperand>(&DataOp.Value)) {
    Elements = Vec->Elements;
  } else if (auto *Ref = std::get_if<RegisterRef>(&DataOp.Value)) {
    Elements.push_back(*Ref);
  } else if (auto *Imm = std::get_if<IntegerImmediate>(&DataOp.Value);
             Imm && !IsLoad) {
    Elements.push_back(*Imm);
  } else if (auto *Imm = std::get_if<FloatImmediate>(&DataOp.Value);
             Imm && !IsLoad) {
    Elements.push_back(*Imm);
  } else {
    return (void)fail(DataOp.Position, IsLoad
                                           ? "the destination must be a "
                                             "register or a vector of them"
                                           : "expected a register, an "
                                             "immediate or a vector of them");
  }
  if (Elements.size() != N)
    return (void)fail(DataOp.Position, "expected " + std::to_string(N) +
                                           " element" + (N == 1 ? "" : "s") +
                                           " for this access");

  guarded([&] {
    Value *Pointer = address(AddressOp, *AS);
    if (!Pointer)
      return;
    // A vector access with a memory order (CUB's decoupled look-back stores
    // a tile's status and value together, st.relaxed.gpu.v2.u32): up to 64
    // bits, one atomic access of the whole vector as an integer; wider, one
    // vector access (a single 128-bit access on AMD GPUs and x86-64) that
    // is volatile, so it is neither split nor dropped, with the ordering
    // given by a fence (before a .release store, after an .acquire load).
    unsigned Bits = N * ElementWidth;
    bool WholeAtomic = Order != AtomicOrdering::NotAtomic && N != 1 && Bits <= 64;
    bool Fenced = Order != AtomicOrdering::NotAtomic && N != 1 && Bits > 64;
    AtomicOrdering Fence =
        Order == AtomicOrdering::Monotonic ? AtomicOrdering::NotAtomic : Order;
    if (IsLoad) {
      Value *Loaded;
      if (WholeAtomic) {
        LoadInst *Whole =
            Builder.CreateAlignedLoad(intTy(Bits), Pointer, Alignment, Volatile);
        Whole->setAtomic(Order, syncScope(I));
        Loaded = Builder.CreateBitCast(Whole, AccessTy);
      } else {
        LoadInst *Load = Builder.CreateAlignedLoad(AccessTy, Pointer, Alignment,
                                                   Volatile || Fenced);
        if (Order != AtomicOrdering::NotAtomic && !Fenced)
          Load->setAtomic(Order, syncScope(I));
        Loaded = Load;
      }
      if (Fenced && Fence != AtomicOrdering::NotAtomic)
        Builder.CreateFence(Fence, syncScope(I));
      Value *Load = Loaded;
      for (unsigned K = 0; K < N; ++K) {
        auto *Ref = std::get_if<RegisterRef>(&Elements[K]);
        if (!Ref)
          return (void)fail(DataOp.Position,
                            "vector destination elements must be registers");
        Value *E = N == 1 ? Load : Builder.CreateExtractElement(Load, K);
        writeRegister(*Ref, adaptWidth(E, width(), false), isSigned(T),
                      DataOp.Position);
      }
      return;
    }
    Value *Data = PoisonValue::get(AccessTy);
    for (unsigned K = 0; K < N; ++K) {
      Value *E = readScalar(Elements[K], T);
      if (!E)
        return;
      E = Builder.CreateZExt(toBits(E), ElementTy);
      Data = N == 1 ? E : Builder.CreateInsertElement(Data, E, K);
    }
    if (WholeAtomic) {
      StoreInst *Store = Builder.CreateAlignedStore(
          Builder.CreateBitCast(Data, intTy(Bits)), Pointer, Alignment,
          Volatile);
      Store->setAtomic(Order, syncScope(I));
      return;
    }
    if (Fenced && Fence != AtomicOrdering::NotAtomic)
      Builder.CreateFence(Fence, syncScope(I));
    StoreInst *Store = Builder.CreateAlignedStore(Data, Pointer, Alignment,
                                                  Volatile || Fenced);
    if (Order != AtomicOrdering::NotAtomic && !Fenced)
      Store->setAtomic(Order, syncScope(I));
  });
}

//===----------------------------------------------------------------------===//
// atom red
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emitAtomic(const Instruction &I) {
  bool IsReduction = I.opcode() == PTXOpcode::Red;
  std::optional<unsigned> AS = addressSpace(I);
  if (!AS)
    return;
  PTXType T = type();
  // f16x2/bf16x2: one 32-bit atomic on a <2 x half>/<2 x bfloat> (the
  // AMDGPU backend has packed f16/bf16 atomic adds).
  bool Packed = T == PTXType::F16x2 || T == PTXType::BF16x2;
  auto ReadValue = [&](unsigned Index) -> Value * {
    if (!Packed)
      return read(Index, T);
    Value *Bits = read(Index, PTXType::B32);
    if (!Bits)
      return nullptr;
    Type *Element =
        T == PTXType::F16x2 ? Builder.getHalfTy() : Builder.getBFloatTy();
    return Builder.CreateBitCast(Bits, FixedVectorType::get(Element, 2));
  };
  std::optional<PTXModifier> Op = I.find(PTXModifierCategory::Operation);
  if (!Op)
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' needs an operation (.add, .cas, ...)");
  bool Float = isFloat(T) || Packed;
  bool Signed = isSigned(T);
  AtomicRMWInst::BinOp RMW = AtomicRMWInst::BAD_BINOP;
  switch (*Op) {
  case PTXModifier::And:
    RMW = AtomicRMWInst::And;
    break;
  case PTXModifier::Or:
    RMW = AtomicRMWInst::Or;
    break;
  case PTXModifier::Xor:
    RMW = AtomicRMWInst::Xor;
    break;
  case PTXModifier::AddOp:
    RMW = Float ? AtomicRMWInst::FAdd : AtomicRMWInst::Add;
    break;
  case PTXModifier::MinOp:
    RMW = Float    ? AtomicRMWInst::FMin
          : Signed ? AtomicRMWInst::Min
                   : AtomicRMWInst::UMin;
    break;
  case PTXModifier::MaxOp:
    RMW = Float    ? AtomicRMWInst::FMax
          : Signed ? AtomicRMWInst::Max
                   : AtomicRMWInst::UMax;
    break;
  case PTXModifier::IncOp: // (old >= b) ? 0 : old + 1
    RMW = AtomicRMWInst::UIncWrap;
    break;
  case PTXModifier::DecOp: // (old == 0 || old > b) ? b : old - 1
    RMW = AtomicRMWInst::UDecWrap;
    break;
  case PTXModifier::Exch:
    RMW = AtomicRMWInst::Xchg;
    break;
  case PTXModifier::Cas:
    break;
  default:
    return (void)unsupported();
  }
  bool Bitwise = *Op == PTXModifier::And || *Op == PTXModifier::Or ||
                 *Op == PTXModifier::Xor || *Op == PTXModifier::Exch ||
                 *Op == PTXModifier::Cas;
  if (Float &&
      (Bitwise || *Op == PTXModifier::IncOp || *Op == PTXModifier::DecOp))
    return (void)fail("'" + std::string(spelling(*Op)) +
                      "' needs an integer or bit type");
  if ((*Op == PTXModifier::IncOp || *Op == PTXModifier::DecOp) &&
      T != PTXType::U32)
    return (void)fail("'" + std::string(spelling(*Op)) + "' needs type '.u32'");
  unsigned ValueOperand = IsReduction ? 1 : 2;
  bool IsCas = *Op == PTXModifier::Cas;
  if (IsReduction && IsCas)
    return (void)unsupported();
  if (I.Operands.size() < ValueOperand + (IsCas ? 2 : 1))
    return (void)fail("missing operand");
  SyncScope::ID Scope = syncScope(I);
  AtomicOrdering Order = ordering(I, AtomicOrdering::Monotonic);
  guarded([&] {
    Value *Pointer = address(I.Operands[ValueOperand - 1], *AS);
    Value *B = ReadValue(ValueOperand);
    if (!Pointer || !B)
      return;
    Align Alignment(bitWidth(T) / 8);
    Value *Old;
    if (IsCas) {
      Value *C = ReadValue(ValueOperand + 1);
      if (!C)
        return;
      AtomicOrdering Failure =
          AtomicCmpXchgInst::getStrongestFailureOrdering(Order);
      Value *Pair = Builder.CreateAtomicCmpXchg(Pointer, B, C, Alignment, Order,
                                                Failure, Scope);
      Old = Builder.CreateExtractValue(Pair, 0);
    } else {
      Old = Builder.CreateAtomicRMW(RMW, Pointer, B, Alignment, Order, Scope);
    }
    if (!IsReduction)
      write(0, Packed ? Builder.CreateBitCast(Old, intTy(32)) : Old, T);
  });
}

} // namespace rubicon::ptxir
