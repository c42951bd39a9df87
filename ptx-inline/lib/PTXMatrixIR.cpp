//===- PTXMatrixIR.cpp - IR for ldmatrix, stmatrix, movmatrix -------------===//
//
// The 8x8 b16 matrix fragments of the PTX ISA: lane t of a warp holds, of
// matrix m, row t/4 and columns 2*(t%4), 2*(t%4)+1 (low, high half of one
// 32-bit register). Lanes 8m..8m+7 supply the row addresses of matrix m.
// Each lane fetches the row addresses it needs with shfl.sync.idx (the
// intrinsic the CUDA headers use) and loads or stores its own elements:
//   ldmatrix        d[m] = 32 bits at row(8m + t/4) + 4*(t%4)
//   ldmatrix .trans d[m] = {row(8m + 2*(t%4))[t/4], row(8m + 2*(t%4)+1)[t/4]}
//   stmatrix        the same addresses, stored
//   movmatrix.trans d = the transposed fragment, gathered with shuffles
// These are warp-collective: a guard predicate on them is an error.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {
constexpr unsigned SharedSpaceNumber = 3; // NVPTX's shared address space
} // namespace

void InlinePTXBuilder::emitMatrix(const Instruction &I) {
  PTXOpcode Op = I.opcode();
  if (Op != PTXOpcode::Ldmatrix && Op != PTXOpcode::Stmatrix &&
      Op != PTXOpcode::Movmatrix)
    return (void)unsupported();
  if (I.Predicate)
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' is warp-collective: a guard predicate is not "
                      "supported");
  bool Trans = I.has(PTXModifier::Trans);
  Value *FullMask = intC(32, 0xffffffff);
  auto Shuffle = [&](Value *V, Value *SourceLane) {
    return Builder.CreateIntrinsic(Intrinsic::nvvm_shfl_sync_idx_i32, {},
                                   {FullMask, V, SourceLane, intC(32, 31)});
  };
  Value *Lane = Builder.CreateAnd(
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}), 31);
  Value *Group = Builder.CreateLShr(Lane, 2);  // t / 4
  Value *InGroup = Builder.CreateAnd(Lane, 3); // t % 4

  if (Op == PTXOpcode::Movmatrix) {
    if (!Trans)
      return (void)fail("'movmatrix' needs '.trans'");
    Value *A = read(1, PTXType::B32);
    if (!A)
      return;
    // Element (r, c) lives in lane 4r + c/2, half c%2. Lane t wants
    // (2*(t%4) + j, t/4) for j = 0, 1.
    Value *Half = Builder.CreateAnd(Group, 1);
    Value *Result = intC(32, 0);
    for (unsigned J = 0; J < 2; ++J) {
      Value *Source = Builder.CreateAdd(
          Builder.CreateAdd(Builder.CreateShl(InGroup, 3), intC(32, 4 * J)),
          Builder.CreateLShr(Lane, 3));
      Value *Word = Shuffle(A, Source);
      Value *Element = Builder.CreateAnd(
          Builder.CreateLShr(Word, Builder.CreateShl(Half, 4)), 0xffff);
      Result = Builder.CreateOr(Result, Builder.CreateShl(Element, 16 * J));
    }
    return write(0, Result, PTXType::B32);
  }

  unsigned Count = I.has(PTXModifier::X4) ? 4 : I.has(PTXModifier::X2) ? 2 : 1;
  std::optional<unsigned> AS = addressSpace(I);
  if (!AS)
    return;
  bool IsLoad = Op == PTXOpcode::Ldmatrix;
  const Operand &AddressOp = I.Operands[IsLoad ? 1 : 0];
  const Operand &DataOp = I.Operands[IsLoad ? 0 : 1];
  std::vector<ScalarOperand> Registers;
  if (auto *Vec = std::get_if<VectorOperand>(&DataOp.Value))
    Registers = Vec->Elements;
  else if (auto *Ref = std::get_if<RegisterRef>(&DataOp.Value))
    Registers.push_back(*Ref);
  if (Registers.size() != Count)
    return (void)fail(DataOp.Position,
                      "expected " + std::to_string(Count) + " registers");

  // This lane's row address as integer words to shuffle.
  Value *Pointer = address(AddressOp, *AS);
  if (!Pointer)
    return;
  const DataLayout &DL = M.getDataLayout();
  unsigned AddressBits = DL.getPointerSizeInBits(*AS);
  Value *Address = Builder.CreatePtrToInt(Pointer, intTy(AddressBits));
  auto RowAddress = [&](Value *SourceLane, unsigned ByteOffsetScale,
                        Value *Index) {
    Value *Row;
    // Shared-memory addresses fit in 32 bits: one shuffle.
    if (AddressBits <= 32 || *AS == SharedSpaceNumber) {
      Row = Shuffle(Builder.CreateZExtOrTrunc(Address, intTy(32)), SourceLane);
      Row = Builder.CreateZExtOrTrunc(Row, intTy(AddressBits));
    } else {
      Value *Low = Shuffle(Builder.CreateTrunc(Address, intTy(32)), SourceLane);
      Value *High = Shuffle(
          Builder.CreateTrunc(Builder.CreateLShr(Address, 32), intTy(32)),
          SourceLane);
      Row = Builder.CreateOr(
          Builder.CreateShl(Builder.CreateZExt(High, intTy(AddressBits)), 32),
          Builder.CreateZExt(Low, intTy(AddressBits)));
    }
    Value *Offset = Builder.CreateZExtOrTrunc(
        Builder.CreateMul(Index, intC(32, ByteOffsetScale)),
        intTy(AddressBits));
    return Builder.CreateIntToPtr(Builder.CreateAdd(Row, Offset),
                                  Builder.getPtrTy(*AS));
  };

  for (unsigned K = 0; K < Count; ++K) {
    Value *Base = intC(32, 8 * K);
    if (!Trans) {
      Value *Element = RowAddress(Builder.CreateAdd(Base, Group), 4, InGroup);
      if (IsLoad) {
        auto *Ref = std::get_if<RegisterRef>(&Registers[K]);
        if (!Ref)
          return (void)fail(DataOp.Position, "destinations must be registers");
        writeRegister(*Ref,
                      Builder.CreateAlignedLoad(intTy(32), Element, Align(4)),
                      false, DataOp.Position);
      } else {
        Value *V = readScalar(Registers[K], PTXType::B32);
        if (!V)
          return;
        Builder.CreateAlignedStore(V, Element, Align(4));
      }
      continue;
    }
    // .trans: rows 2*(t%4) and 2*(t%4)+1, column t/4.
    Value *FirstRow = Builder.CreateAdd(Base, Builder.CreateShl(InGroup, 1));
    Value *Low = RowAddress(FirstRow, 2, Group);
    Value *High =
        RowAddress(Builder.CreateAdd(FirstRow, intC(32, 1)), 2, Group);
    if (IsLoad) {
      auto *Ref = std::get_if<RegisterRef>(&Registers[K]);
      if (!Ref)
        return (void)fail(DataOp.Position, "destinations must be registers");
      Value *L = Builder.CreateZExt(
          Builder.CreateAlignedLoad(intTy(16), Low, Align(2)), intTy(32));
      Value *H = Builder.CreateZExt(
          Builder.CreateAlignedLoad(intTy(16), High, Align(2)), intTy(32));
      writeRegister(*Ref, Builder.CreateOr(L, Builder.CreateShl(H, 16)), false,
                    DataOp.Position);
    } else {
      Value *V = readScalar(Registers[K], PTXType::B32);
      if (!V)
        return;
      Builder.CreateAlignedStore(Builder.CreateTrunc(V, intTy(16)), Low,
                                 Align(2));
      Builder.CreateAlignedStore(
          Builder.CreateTrunc(Builder.CreateLShr(V, 16), intTy(16)), High,
          Align(2));
    }
  }
}

} // namespace rubicon::ptxir
