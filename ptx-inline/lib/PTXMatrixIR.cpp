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
//   mma.sync.row.col: f16/bf16 m16n8k{8,16} (f32/f16 accumulators), tf32
//                   m16n8k{4,8}, f64 m8n8k4 and m16n8k{4,8,16}, s8/u8
//                   m8n8k16, m16n8k16, m16n8k32 (s32, .satfinite): each
//                   lane gathers the rows of A and the columns of B its
//                   results need (groupID = t/4, threadID_in_group = t%4 as
//                   in the PTX ISA's fragment tables) and accumulates with
//                   fma in f32 (f64 for f64), k ascending, or exactly in i64;
//                   f16 m8n8k4 (Volta, any .row/.col): emitMmaVolta
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

std::vector<Value *> InlinePTXBuilder::mmaResultWords(ArrayRef<Value *> D,
                                                     PTXType DT,
                                                     unsigned Registers) {
  std::vector<Value *> Words;
  for (unsigned R = 0; R < Registers; ++R) {
    Value *Bits;
    if (DT == PTXType::F16) {
      Value *Low =
          Builder.CreateZExt(floatToHalfBits(D[2 * R], false), intTy(32));
      Value *High =
          Builder.CreateZExt(floatToHalfBits(D[2 * R + 1], false), intTy(32));
      Bits = Builder.CreateOr(Low, Builder.CreateShl(High, 16));
    } else if (D[R]->getType()->isIntegerTy()) {
      Bits = Builder.CreateTrunc(D[R], intTy(32)); // s32 from the exact sum
    } else {
      Bits = Builder.CreateBitCast(
          D[R], intTy(D[R]->getType()->getPrimitiveSizeInBits()));
    }
    Words.push_back(Bits);
  }
  return Words;
}

/// The PTX ISA's spelling of an mma.sync, whatever order its modifiers were
/// written in: mma.sync.aligned, the shape, the layouts of A and B (in
/// written order: they are positional), the other modifiers (.satfinite,
/// rounding) in alphabetical order, then the types d, a, b, c. Two
/// spellings of one instruction give one `__rubicon_mma` function.
static std::string canonicalMmaName(const Instruction &I) {
  std::string Name = "mma.sync.aligned", Layouts;
  std::vector<std::string> Others;
  for (PTXModifier M : I.Modifiers) {
    if (M == PTXModifier::Sync || M == PTXModifier::Aligned)
      continue;
    if (category(M) == PTXModifierCategory::Shape)
      Name += spelling(M);
    else if (category(M) == PTXModifierCategory::Layout)
      Layouts += spelling(M);
    else
      Others.emplace_back(spelling(M));
  }
  llvm::sort(Others);
  Name += Layouts;
  for (const std::string &M : Others)
    Name += M;
  for (PTXType T : I.Types)
    Name += spelling(T);
  return Name;
}

std::vector<Value *> InlinePTXBuilder::callMmaFunction(
    const Instruction &I, ArrayRef<std::vector<Value *>> Operands,
    unsigned WordBits, unsigned ResultWords,
    function_ref<std::vector<Value *>(ArrayRef<std::vector<Value *>>)> Body) {
  auto VectorOf = [&](unsigned Count) {
    return FixedVectorType::get(intTy(WordBits), Count);
  };
  auto Pack = [&](ArrayRef<Value *> Words) {
    Value *V = PoisonValue::get(VectorOf(Words.size()));
    for (unsigned W = 0; W < Words.size(); ++W)
      V = Builder.CreateInsertElement(V, Words[W], W);
    return V;
  };
  std::string Op = canonicalMmaName(I);
  std::string Name = "__rubicon_mma." + Op.substr(Op.find('.') + 1);
  Function *Fn = M.getFunction(Name);
  if (!Fn) {
    std::vector<Type *> Params;
    for (const std::vector<Value *> &Words : Operands)
      Params.push_back(VectorOf(Words.size()));
    Fn = Function::Create(
        FunctionType::get(VectorOf(ResultWords), Params, false),
        GlobalValue::InternalLinkage, Name, M);
    Fn->addFnAttr("rubicon-matrix-op", Op);
    Fn->addFnAttr(Attribute::Convergent);
    Fn->addFnAttr(Attribute::AlwaysInline);
    Fn->addFnAttr(Attribute::NoUnwind);
    IRBuilderBase::InsertPointGuard Guard(Builder);
    Builder.SetInsertPoint(BasicBlock::Create(Ctx, "", Fn));
    std::vector<std::vector<Value *>> Args;
    for (unsigned A = 0; A < Operands.size(); ++A) {
      Args.emplace_back();
      for (unsigned W = 0; W < Operands[A].size(); ++W)
        Args.back().push_back(Builder.CreateExtractElement(Fn->getArg(A), W));
    }
    Builder.CreateRet(Pack(Body(Args)));
  }
  std::vector<Value *> Packed;
  for (const std::vector<Value *> &Words : Operands)
    Packed.push_back(Pack(Words));
  Value *Result = Builder.CreateCall(Fn, Packed);
  std::vector<Value *> Words;
  for (unsigned W = 0; W < ResultWords; ++W)
    Words.push_back(Builder.CreateExtractElement(Result, W));
  return Words;
}

Value *InlinePTXBuilder::activeLanes() {
  // Every lane takes part: the active mask says so without naming a warp
  // width (a literal 0xffffffff would assume 32-lane warps).
  return Builder.CreateIntrinsic(Intrinsic::nvvm_activemask, {});
}

Value *InlinePTXBuilder::shuffleFromLane(Value *Lanes, Value *V,
                                         Value *SourceLane) {
  return Builder.CreateIntrinsic(Intrinsic::nvvm_shfl_sync_idx_i32, {},
                                 {Lanes, V, SourceLane, intC(32, 31)});
}

void InlinePTXBuilder::emitMatrix(const Instruction &I) {
  PTXOpcode Op = I.opcode();
  if (Op == PTXOpcode::MmaSync)
    return emitMma(I);
  if (Op == PTXOpcode::WmmaLoadA || Op == PTXOpcode::WmmaLoadB ||
      Op == PTXOpcode::WmmaLoadC || Op == PTXOpcode::WmmaStoreD ||
      Op == PTXOpcode::WmmaMma)
    return emitWmma(I);
  if (Op != PTXOpcode::Ldmatrix && Op != PTXOpcode::Stmatrix &&
      Op != PTXOpcode::Movmatrix)
    return (void)unsupported();
  if (I.Predicate)
    return (void)fail("'" + std::string(I.Info->Mnemonic) +
                      "' is warp-collective: a guard predicate is not "
                      "supported");
  bool Trans = I.has(PTXModifier::Trans);
  Value *FullMask = activeLanes();
  auto Shuffle = [&](Value *V, Value *SourceLane) {
    return shuffleFromLane(FullMask, V, SourceLane);
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
  struct ShapeInfo {
    PTXModifier Modifier;
    unsigned M, K;
  };
  constexpr ShapeInfo Shapes[] = {
      {PTXModifier::M8N8K4, 8, 4},     {PTXModifier::M8N8K16, 8, 16},
      {PTXModifier::M16N8K4, 16, 4},   {PTXModifier::M16N8K8, 16, 8},
      {PTXModifier::M16N8K16, 16, 16}, {PTXModifier::M16N8K32, 16, 32}};
  const ShapeInfo *Shape = nullptr;
  for (const ShapeInfo &S : Shapes)
    if (I.has(S.Modifier))
      Shape = &S;
  // The layouts of A and B, in written order.
  std::vector<PTXModifier> Layouts;
  for (PTXModifier Mod : I.Modifiers)
    if (category(Mod) == PTXModifierCategory::Layout)
      Layouts.push_back(Mod);
  if (!Shape || I.Types.size() != 4 || Layouts.size() != 2)
    return (void)unsupported("'mma.sync' needs a shape, the layouts of A and "
                             "B ('.row.col') and four types (d, a, b, c)");
  const unsigned M = Shape->M, K = Shape->K;
  PTXType DT = type(0), AT = type(1), BT = type(2), CT = type(3);
  if (Shape->Modifier == PTXModifier::M8N8K4 && AT == PTXType::F16 &&
      BT == PTXType::F16)
    return emitMmaVolta(I, Layouts[0] == PTXModifier::Row,
                        Layouts[1] == PTXModifier::Row);
  if (Layouts[0] != PTXModifier::Row || Layouts[1] != PTXModifier::Col)
    return (void)unsupported("this shape takes '.row.col' (A row-major, B "
                             "column-major)");
  auto IsInt8 = [](PTXType T) { return T == PTXType::S8 || T == PTXType::U8; };
  bool Integer = IsInt8(AT) && IsInt8(BT);
  bool Half = (AT == PTXType::F16 || AT == PTXType::BF16) && BT == AT;
  bool Brain = AT == PTXType::BF16;
  bool TF32 = AT == PTXType::TF32 && BT == AT;
  bool Double = AT == PTXType::F64 && BT == AT;
  // The combinations of the PTX ISA's mma table that this implements.
  bool Valid = false;
  if (Integer)
    Valid = DT == PTXType::S32 && CT == PTXType::S32 &&
            (Shape->Modifier == PTXModifier::M8N8K16 ||
             Shape->Modifier == PTXModifier::M16N8K16 ||
             Shape->Modifier == PTXModifier::M16N8K32);
  else if (Half)
    Valid = M == 16 && (K == 8 || K == 16) &&
            (DT == PTXType::F32 || (!Brain && DT == PTXType::F16)) &&
            (CT == PTXType::F32 || (!Brain && CT == PTXType::F16));
  else if (TF32)
    Valid = M == 16 && (K == 4 || K == 8) && DT == PTXType::F32 &&
            CT == PTXType::F32;
  else if (Double)
    Valid = DT == PTXType::F64 && CT == PTXType::F64 &&
            ((M == 8 && K == 4) || (M == 16 && K <= 16));
  if (!Valid)
    return (void)unsupported("this shape and these types are not an 'mma' "
                             "the PTX ISA defines (or not supported yet)");
  if (I.has(PTXModifier::SatFinite) && !Integer)
    return (void)fail("'.satfinite' needs integer ('.s8'/'.u8') inputs");

  // Elements per register of A and B; registers are 64-bit for f64.
  unsigned ElementBits = Integer ? 8 : Half ? 16 : Double ? 64 : 32;
  unsigned PerRegister = ElementBits >= 32 ? 1 : 32 / ElementBits;
  PTXType RegisterType = Double ? PTXType::B64 : PTXType::B32;
  unsigned ARegisters = M * K / (32 * PerRegister);
  unsigned BRegisters = K / (4 * PerRegister);
  unsigned Accumulators = M / 4; // c0..c3 (m16) or c0, c1 (m8) per lane
  auto AccumulatorRegisters = [&](PTXType T) {
    return T == PTXType::F16 ? Accumulators / 2 : Accumulators;
  };

  auto Registers = [&](unsigned Index, unsigned Count) {
    return vectorOperand(I, Index, Count);
  };
  const auto *DRegs = Registers(0, AccumulatorRegisters(DT));
  const auto *ARegs = Registers(1, ARegisters);
  const auto *BRegs = Registers(2, BRegisters);
  const auto *CRegs = Registers(3, AccumulatorRegisters(CT));
  if (!DRegs || !ARegs || !BRegs || !CRegs)
    return;
  std::vector<Value *> A, B;
  for (const ScalarOperand &R : *ARegs)
    if (Value *V = readScalar(R, RegisterType))
      A.push_back(V);
  for (const ScalarOperand &R : *BRegs)
    if (Value *V = readScalar(R, RegisterType))
      B.push_back(V);
  if (A.size() != ARegisters || B.size() != BRegisters)
    return;
  std::vector<Value *> CWords;
  for (const ScalarOperand &R : *CRegs) {
    Value *V = readScalar(R, Double ? PTXType::B64 : PTXType::B32);
    if (!V)
      return;
    CWords.push_back(V);
  }

  // The product is a call of its function (see callMmaFunction), whose body
  // is built here from the register words.
  auto Body = [&](ArrayRef<std::vector<Value *>> Args) {
  std::vector<Value *> A = Args[0], B = Args[1];
  // Arithmetic: f32 (f16, bf16, tf32 inputs), f64, or i64 (s8/u8, exact).
  Type *SumTy = Integer  ? static_cast<Type *>(intTy(64))
                : Double ? Builder.getDoubleTy()
                         : Builder.getFloatTy();
  // The accumulator values c0..c(Accumulators-1).
  std::vector<Value *> C;
  for (Value *V : Args[2]) {
    if (CT == PTXType::F16) {
      for (unsigned H = 0; H < 2; ++H)
        C.push_back(halfBitsToFloat(
            Builder.CreateTrunc(Builder.CreateLShr(V, 16 * H), intTy(16)),
            false));
    } else if (Integer) {
      C.push_back(Builder.CreateSExt(V, intTy(64)));
    } else {
      C.push_back(Builder.CreateBitCast(V, SumTy));
    }
  }

  Value *FullMask = activeLanes();
  auto Shuffle = [&](Value *V, Value *SourceLane) -> Value * {
    auto Shfl32 = [&](Value *Word) {
      return shuffleFromLane(FullMask, Word, SourceLane);
    };
    if (!Double)
      return Shfl32(V);
    Value *Low = Shfl32(Builder.CreateTrunc(V, intTy(32)));
    Value *High =
        Shfl32(Builder.CreateTrunc(Builder.CreateLShr(V, 32), intTy(32)));
    return Builder.CreateOr(
        Builder.CreateShl(Builder.CreateZExt(High, intTy(64)), 32),
        Builder.CreateZExt(Low, intTy(64)));
  };
  // Element E of a register of A (Signed: A's type) or B, as SumTy.
  auto Element = [&](Value *Register, unsigned E, PTXType T) -> Value * {
    if (Double)
      return Builder.CreateBitCast(Register, SumTy);
    if (TF32) // tf32: the upper 19 bits of an f32 (the rest is ignored)
      return Builder.CreateBitCast(Builder.CreateAnd(Register, 0xffffe000u),
                                   SumTy);
    Value *Bits = Builder.CreateTrunc(
        Builder.CreateLShr(Register, ElementBits * E), intTy(ElementBits));
    if (Integer)
      return T == PTXType::S8 ? Builder.CreateSExt(Bits, SumTy)
                              : Builder.CreateZExt(Bits, SumTy);
    return halfBitsToFloat(Bits, Brain);
  };
  // %laneid is below 32 in a PTX warp (no `& 31`: the warp-size analysis
  // would read that as code assuming 32-lane hardware warps).
  Value *Lane =
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  Value *Group = Builder.CreateLShr(Lane, 2);
  Value *InGroup = Builder.CreateAnd(Lane, 3);

  // The PTX ISA's fragments, with E = PerRegister elements per register:
  //   A register r, element e of lane 4g+t: row g (+8 when M = 16 and r is
  //     odd), column t*E + e + 4E*(r/2) (M = 16) or t*E + e + 4E*r (M = 8)
  //   B register r, element e of lane 4n+t: row t*E + e + 4E*r, column n
  //   C/D c_j of lane 4g+t: row g + 8*(j/2), column 2t + j%2
  // Lane 4g+t needs rows g and g+8 of A (from lanes 4g..4g+3) and columns
  // 2t and 2t+1 of B (from lanes 8t..8t+3 and 8t+4..8t+7).
  std::vector<std::vector<Value *>> RowA(M / 8, std::vector<Value *>(K));
  for (unsigned Source = 0; Source < 4; ++Source) {
    Value *SourceLane =
        Builder.CreateAdd(Builder.CreateShl(Group, 2), intC(32, Source));
    for (unsigned R = 0; R < ARegisters; ++R) {
      Value *Word = Shuffle(A[R], SourceLane);
      unsigned Row = M == 16 ? R & 1 : 0;
      unsigned Block = M == 16 ? R >> 1 : R;
      for (unsigned E = 0; E < PerRegister; ++E)
        RowA[Row][Source * PerRegister + E + 4 * PerRegister * Block] =
            Element(Word, E, AT);
    }
  }
  std::vector<std::vector<Value *>> ColumnB(2, std::vector<Value *>(K));
  for (unsigned N = 0; N < 2; ++N)
    for (unsigned Source = 0; Source < 4; ++Source) {
      Value *Column =
          Builder.CreateAdd(Builder.CreateShl(InGroup, 1), intC(32, N));
      Value *SourceLane =
          Builder.CreateAdd(Builder.CreateShl(Column, 2), intC(32, Source));
      for (unsigned R = 0; R < BRegisters; ++R) {
        Value *Word = Shuffle(B[R], SourceLane);
        for (unsigned E = 0; E < PerRegister; ++E)
          ColumnB[N][Source * PerRegister + E + 4 * PerRegister * R] =
              Element(Word, E, BT);
      }
    }
  // d_j = c_j + sum over k, k ascending (fma for floating point; exact in
  // i64 for integers, then wrapped or, with .satfinite, clamped to s32).
  std::vector<Value *> D(Accumulators);
  for (unsigned J = 0; J < Accumulators; ++J) {
    Value *Sum = C[J];
    for (unsigned KK = 0; KK < K; ++KK) {
      Value *X = RowA[J >> 1][KK], *Y = ColumnB[J & 1][KK];
      Sum = Integer
                ? Builder.CreateAdd(Sum, Builder.CreateMul(X, Y))
                : Builder.CreateIntrinsic(Intrinsic::fma, {SumTy}, {X, Y, Sum});
    }
    if (Integer && I.has(PTXModifier::SatFinite)) {
      Sum = Builder.CreateBinaryIntrinsic(Intrinsic::smax, Sum,
                                          intC(64, uint64_t(INT32_MIN)));
      Sum = Builder.CreateBinaryIntrinsic(Intrinsic::smin, Sum,
                                          intC(64, uint64_t(INT32_MAX)));
    }
    D[J] = Sum;
  }
  return mmaResultWords(D, DT, DRegs->size());
  };
  std::vector<Value *> Words = callMmaFunction(
      I, {A, B, CWords}, Double ? 64 : 32, DRegs->size(), Body);
  for (unsigned R = 0; R < DRegs->size(); ++R) {
    auto *Ref = std::get_if<RegisterRef>(&(*DRegs)[R]);
    if (!Ref)
      return (void)fail(I.Operands[0].Position,
                        "destinations must be registers");
    writeRegister(*Ref, Words[R], false, I.Operands[0].Position);
  }
}

// mma.sync.aligned.m8n8k4 with f16 inputs (the Volta shape): the warp
// computes four independent 8x8x4 products, one per quad pair: product q
// belongs to lanes 4q..4q+3 (rows/columns 0-3) and 4q+16..4q+19 (4-7).
// With t = %laneid % 4 and h = %laneid >= 16, the PTX ISA's fragments are
//   A .row: a_i = A[t + 4h][i]        A .col: a_i = A[i + 4h][t]
//   B .row: b_i = B[t][i + 4h]        B .col: b_i = B[i][t + 4h]
//   C/D .f16: c_i = C[t + 4h][i]
//   C/D .f32: c_i = C[X + 4h][(i & 4) + (t & 2) + (i & 1)],
//             X = (t & 1) + (i & 2)
// Each lane gathers the A and B registers of its quad pair (8 lanes x 4
// registers with shfl.sync.idx), picks its rows and columns, fetches C's
// element from the lane that holds it when C and D differ in type (their
// layouts differ), and accumulates with fma in f32, k ascending.
void InlinePTXBuilder::emitMmaVolta(const Instruction &I, bool RowA,
                                    bool RowB) {
  PTXType DT = type(0), CT = type(3);
  if ((DT != PTXType::F16 && DT != PTXType::F32) ||
      (CT != PTXType::F16 && CT != PTXType::F32) ||
      I.has(PTXModifier::SatFinite))
    return (void)unsupported("'mma.m8n8k4' with '.f16' inputs takes '.f16' "
                             "or '.f32' accumulators");
  auto Registers = [&](unsigned Index, unsigned Count) {
    return vectorOperand(I, Index, Count);
  };
  auto AccumulatorRegisters = [](PTXType T) {
    return T == PTXType::F16 ? 4u : 8u;
  };
  const auto *DRegs = Registers(0, AccumulatorRegisters(DT));
  const auto *ARegs = Registers(1, 2);
  const auto *BRegs = Registers(2, 2);
  const auto *CRegs = Registers(3, AccumulatorRegisters(CT));
  if (!DRegs || !ARegs || !BRegs || !CRegs)
    return;
  auto ReadAll = [&](const std::vector<ScalarOperand> &Regs) {
    std::vector<Value *> Values;
    for (const ScalarOperand &R : Regs)
      if (Value *V = readScalar(R, PTXType::B32))
        Values.push_back(V);
    return Values;
  };
  std::vector<Value *> AWords = ReadAll(*ARegs), BWords = ReadAll(*BRegs),
                       CWords = ReadAll(*CRegs);
  if (AWords.size() != 2 || BWords.size() != 2 ||
      CWords.size() != CRegs->size())
    return;

  // The product is a call of its function (see callMmaFunction).
  auto Body = [&](ArrayRef<std::vector<Value *>> Args) {
  const std::vector<Value *> &A = Args[0], &B = Args[1], &C = Args[2];
  Value *FullMask = activeLanes();
  auto Shuffle = [&](Value *V, Value *SourceLane) {
    return shuffleFromLane(FullMask, V, SourceLane);
  };
  // %laneid is below 32 (no `& 31`, see emitMma).
  Value *Lane =
      Builder.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  Value *PairBase = Builder.CreateAnd(Lane, 12); // 4q
  Value *T = Builder.CreateAnd(Lane, 3);
  Value *H4 = Builder.CreateShl(Builder.CreateLShr(Lane, 4), 2); // 4h
  // Lane (4q + 16*High + InQuad) of this lane's quad pair.
  auto PairLane = [&](Value *High, Value *InQuad) {
    return Builder.CreateAdd(
        Builder.CreateAdd(PairBase, Builder.CreateShl(High, 4)), InQuad);
  };
  auto Half = [&](Value *Word, unsigned E) {
    return halfBitsToFloat(
        Builder.CreateTrunc(Builder.CreateLShr(Word, 16 * E), intTy(16)),
        false);
  };

  // Every A and B register of the quad pair: GA[h][t][r], GB[h][t][r].
  Value *GA[2][4][2], *GB[2][4][2];
  for (unsigned HH = 0; HH < 2; ++HH)
    for (unsigned TT = 0; TT < 4; ++TT) {
      Value *Source = PairLane(intC(32, HH), intC(32, TT));
      for (unsigned R = 0; R < 2; ++R) {
        GA[HH][TT][R] = Shuffle(A[R], Source);
        GB[HH][TT][R] = Shuffle(B[R], Source);
      }
    }
  // The matrices of this quad pair, element by element, as f32.
  Value *AM[8][4], *BM[4][8];
  for (unsigned Row = 0; Row < 8; ++Row)
    for (unsigned K = 0; K < 4; ++K) {
      unsigned HH = Row / 4, Other = Row % 4;
      AM[Row][K] = RowA ? Half(GA[HH][Other][K / 2], K % 2)
                        : Half(GA[HH][K][Other / 2], Other % 2);
    }
  for (unsigned K = 0; K < 4; ++K)
    for (unsigned Column = 0; Column < 8; ++Column) {
      unsigned HH = Column / 4, Other = Column % 4;
      BM[K][Column] = RowB ? Half(GB[HH][K][Other / 2], Other % 2)
                           : Half(GB[HH][Other][K / 2], K % 2);
    }
  // Candidates[Index] for a run-time Index.
  auto Pick = [&](Value *Index, ArrayRef<Value *> Candidates) -> Value * {
    if (auto *Constant = dyn_cast<ConstantInt>(Index))
      return Candidates[Constant->getZExtValue()];
    Value *V = Candidates[0];
    for (unsigned X = 1; X < Candidates.size(); ++X)
      V = Builder.CreateSelect(Builder.CreateICmpEQ(Index, intC(32, X)),
                               Candidates[X], V);
    return V;
  };
  // The position of this lane's element i in the f16 or f32 layout.
  auto Position = [&](PTXType Layout,
                      unsigned E) -> std::pair<Value *, Value *> {
    if (Layout == PTXType::F16)
      return {Builder.CreateAdd(T, H4), intC(32, E)};
    Value *Row = Builder.CreateAdd(
        Builder.CreateAdd(Builder.CreateAnd(T, 1), intC(32, E & 2)), H4);
    Value *Column =
        Builder.CreateAdd(Builder.CreateAnd(T, 2), intC(32, (E & 4) + (E & 1)));
    return {Row, Column};
  };
  // C's element (Row, Column), from the lane whose fragment holds it.
  auto CAt = [&](Value *Row, Value *Column) -> Value * {
    Value *High = Builder.CreateLShr(Row, 2), *Source, *Index;
    if (CT == PTXType::F16) { // lane t = row % 4, element = column
      Source = PairLane(High, Builder.CreateAnd(Row, 3));
      Index = Column;
    } else { // lane t = (row & 1) + (column & 2), i = (row & 2) | ...
      Source = PairLane(High, Builder.CreateAdd(Builder.CreateAnd(Row, 1),
                                                Builder.CreateAnd(Column, 2)));
      Index = Builder.CreateOr(Builder.CreateAnd(Row, 2),
                               Builder.CreateAnd(Column, 5));
    }
    std::vector<Value *> Elements;
    for (Value *Register : C) {
      Value *Word = Shuffle(Register, Source);
      if (CT == PTXType::F16) {
        Elements.push_back(Half(Word, 0));
        Elements.push_back(Half(Word, 1));
      } else {
        Elements.push_back(Builder.CreateBitCast(Word, Builder.getFloatTy()));
      }
    }
    return Pick(Index, Elements);
  };

  Type *F32 = Builder.getFloatTy();
  std::vector<Value *> D(8);
  for (unsigned E = 0; E < 8; ++E) {
    auto [Row, Column] = Position(DT, E);
    Value *Sum;
    if (CT == DT)
      Sum = CT == PTXType::F16 ? Half(C[E / 2], E % 2)
                               : Builder.CreateBitCast(C[E], F32);
    else
      Sum = CAt(Row, Column);
    for (unsigned K = 0; K < 4; ++K) {
      Value *ColumnA[8];
      for (unsigned R = 0; R < 8; ++R)
        ColumnA[R] = AM[R][K];
      Value *X = Pick(Row, ColumnA), *Y = Pick(Column, BM[K]);
      Sum = Builder.CreateIntrinsic(Intrinsic::fma, {F32}, {X, Y, Sum});
    }
    D[E] = Sum;
  }
  return mmaResultWords(D, DT, DRegs->size());
  };
  std::vector<Value *> Words =
      callMmaFunction(I, {AWords, BWords, CWords}, 32, DRegs->size(), Body);
  for (unsigned R = 0; R < DRegs->size(); ++R) {
    auto *Ref = std::get_if<RegisterRef>(&(*DRegs)[R]);
    if (!Ref)
      return (void)fail(I.Operands[0].Position,
                        "destinations must be registers");
    writeRegister(*Ref, Words[R], false, I.Operands[0].Position);
  }
}

} // namespace rubicon::ptxir
