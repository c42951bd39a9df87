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
//   mma.sync.m16n8k{8,16}.row.col with f16/bf16 inputs and f32/f16
//                   accumulators: each lane gathers the rows of A and the
//                   columns of B its four results need (groupID = t/4,
//                   threadID_in_group = t%4 as in the PTX ISA's fragment
//                   tables) and accumulates in f32 with fma, k ascending
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
  if (Op == PTXOpcode::MmaSync)
    return emitMma(I);
  if (Op != PTXOpcode::Ldmatrix && Op != PTXOpcode::Stmatrix &&
      Op != PTXOpcode::Movmatrix)
    return (void)unsupported();
  if (I.Predicate)
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' is warp-collective: a guard predicate is not "
                      "supported");
  bool Trans = I.has(PTXModifier::Trans);
  // Every lane takes part: the active mask says so without naming a warp
  // width (a literal 0xffffffff would assume 32-lane warps).
  Value *FullMask = Builder.CreateIntrinsic(Intrinsic::nvvm_activemask, {});
  auto Shuffle = [&](Value *V, Value *SourceLane) {
    return Builder.CreateIntrinsic(Intrinsic::nvvm_shfl_sync_idx_i32, {},
                                   {FullMask, V, SourceLane, intC(32, 31)});
  };
  // %laneid is below 32 in a PTX warp (no `& 31`: the warp-size analysis
  // would read that as code assuming 32-lane hardware warps).
  Value *Lane =
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
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

void InlinePTXBuilder::emitMma(const Instruction &I) {
  if (I.Predicate)
    return (void)fail("'mma.sync' is warp-collective: a guard predicate is "
                      "not supported");
  unsigned K = I.has(PTXModifier::M16N8K16)  ? 16
               : I.has(PTXModifier::M16N8K8) ? 8
                                             : 0;
  if (K == 0 || I.Types.size() != 4 || !I.has(PTXModifier::Row) ||
      !I.has(PTXModifier::Col))
    return (void)unsupported("only .m16n8k8 and .m16n8k16 with .row.col and "
                             "four types are supported");
  PTXType DT = type(0), AT = type(1), BT = type(2), CT = type(3);
  bool Brain = AT == PTXType::BF16;
  if ((AT != PTXType::F16 && AT != PTXType::BF16) || BT != AT ||
      (DT != PTXType::F32 && DT != PTXType::F16) ||
      (CT != PTXType::F32 && CT != PTXType::F16) ||
      (Brain && (DT != PTXType::F32 || CT != PTXType::F32)))
    return (void)unsupported("these operand types are not supported yet");
  auto Registers = [&](unsigned Index,
                       unsigned Count) -> const std::vector<ScalarOperand> * {
    auto *Vec = std::get_if<VectorOperand>(&I.Operands[Index].Value);
    if (!Vec || Vec->Elements.size() != Count) {
      fail(I.Operands[Index].Position,
           "expected a vector of " + std::to_string(Count) + " registers");
      return nullptr;
    }
    return &Vec->Elements;
  };
  unsigned AccumulatorRegisters = DT == PTXType::F32 ? 4 : 2;
  const auto *DRegs = Registers(0, AccumulatorRegisters);
  const auto *ARegs = Registers(1, K / 4);
  const auto *BRegs = Registers(2, K / 8);
  const auto *CRegs = Registers(3, CT == PTXType::F32 ? 4 : 2);
  if (!DRegs || !ARegs || !BRegs || !CRegs)
    return;

  std::vector<Value *> A, B;
  for (const ScalarOperand &R : *ARegs)
    if (Value *V = readScalar(R, PTXType::B32))
      A.push_back(V);
  for (const ScalarOperand &R : *BRegs)
    if (Value *V = readScalar(R, PTXType::B32))
      B.push_back(V);
  // The four accumulator values c0..c3 as f32.
  std::vector<Value *> C;
  for (const ScalarOperand &R : *CRegs) {
    Value *V = readScalar(R, PTXType::B32);
    if (!V)
      return;
    if (CT == PTXType::F32) {
      C.push_back(Builder.CreateBitCast(V, Builder.getFloatTy()));
      continue;
    }
    for (unsigned Half = 0; Half < 2; ++Half)
      C.push_back(halfBitsToFloat(
          Builder.CreateTrunc(Builder.CreateLShr(V, 16 * Half), intTy(16)),
          false));
  }
  if (A.size() != K / 4 || B.size() != K / 8)
    return;

  // Every lane takes part: the active mask says so without naming a warp
  // width (a literal 0xffffffff would assume 32-lane warps).
  Value *FullMask = Builder.CreateIntrinsic(Intrinsic::nvvm_activemask, {});
  auto Shuffle = [&](Value *V, Value *SourceLane) {
    return Builder.CreateIntrinsic(Intrinsic::nvvm_shfl_sync_idx_i32, {},
                                   {FullMask, V, SourceLane, intC(32, 31)});
  };
  auto Element = [&](Value *Pair, unsigned Half) {
    return halfBitsToFloat(
        Builder.CreateTrunc(Builder.CreateLShr(Pair, 16 * Half), intTy(16)),
        Brain);
  };
  // %laneid is below 32 in a PTX warp (no `& 31`: the warp-size analysis
  // would read that as code assuming 32-lane hardware warps).
  Value *Lane =
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  Value *Group = Builder.CreateLShr(Lane, 2);
  Value *InGroup = Builder.CreateAnd(Lane, 3);

  // Rows groupID and groupID+8 of A: row r, column 2t'+h (+8) is in lane
  // 4*groupID + t', register (r >= 8) + 2*(column >= 8), half h.
  Value *RowA[2][16];
  for (unsigned Source = 0; Source < 4; ++Source) {
    Value *SourceLane =
        Builder.CreateAdd(Builder.CreateShl(Group, 2), intC(32, Source));
    for (unsigned Reg = 0; Reg < K / 4; ++Reg) {
      Value *Pair = Shuffle(A[Reg], SourceLane);
      unsigned Row = Reg & 1, Column = 2 * Source + 8 * (Reg >> 1);
      for (unsigned H = 0; H < 2; ++H)
        RowA[Row][Column + H] = Element(Pair, H);
    }
  }
  // Columns 2t and 2t+1 of B: row k = 2t'+h (+8), column n is in lane
  // 4n + t', register (k >= 8), half h.
  Value *ColumnB[2][16];
  for (unsigned N = 0; N < 2; ++N)
    for (unsigned Source = 0; Source < 4; ++Source) {
      Value *Column =
          Builder.CreateAdd(Builder.CreateShl(InGroup, 1), intC(32, N));
      Value *SourceLane =
          Builder.CreateAdd(Builder.CreateShl(Column, 2), intC(32, Source));
      for (unsigned Reg = 0; Reg < K / 8; ++Reg) {
        Value *Pair = Shuffle(B[Reg], SourceLane);
        for (unsigned H = 0; H < 2; ++H)
          ColumnB[N][2 * Source + 8 * Reg + H] = Element(Pair, H);
      }
    }
  // d_i: row groupID (+8 for i >= 2), column 2t + (i & 1).
  Value *D[4];
  for (unsigned Index = 0; Index < 4; ++Index) {
    Value *Sum = C[Index];
    for (unsigned KK = 0; KK < K; ++KK)
      Sum = Builder.CreateIntrinsic(
          Intrinsic::fma, {Builder.getFloatTy()},
          {RowA[Index >> 1][KK], ColumnB[Index & 1][KK], Sum});
    D[Index] = Sum;
  }
  const Operand &Dest = I.Operands[0];
  for (unsigned R = 0; R < AccumulatorRegisters; ++R) {
    auto *Ref = std::get_if<RegisterRef>(&(*DRegs)[R]);
    if (!Ref)
      return (void)fail(Dest.Position, "destinations must be registers");
    Value *Bits;
    if (DT == PTXType::F32) {
      Bits = Builder.CreateBitCast(D[R], intTy(32));
    } else {
      Value *Low =
          Builder.CreateZExt(floatToHalfBits(D[2 * R], false), intTy(32));
      Value *High =
          Builder.CreateZExt(floatToHalfBits(D[2 * R + 1], false), intTy(32));
      Bits = Builder.CreateOr(Low, Builder.CreateShl(High, 16));
    }
    writeRegister(*Ref, Bits, false, Dest.Position);
  }
}

} // namespace rubicon::ptxir
