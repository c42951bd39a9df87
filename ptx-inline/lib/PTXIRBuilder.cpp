//===- PTXIRBuilder.cpp - build LLVM IR for one inline-PTX statement ------===//
//
// Operand binding (constraints -> registers) and the semantics of each
// implemented PTX instruction, following the PTX ISA's definitions. Every
// PTX register, `$N` placeholder included, lives in an entry-block alloca
// holding its bits as an integer (i1 for predicates); the caller promotes
// them to SSA values afterwards.
//
//===----------------------------------------------------------------------===//

#include "PTXIRBuilder.h"
#include "InlinePTXBuilder.h"

#include "llvm/IR/InlineAsm.h"

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon {
namespace ptxir {

//===----------------------------------------------------------------------===//
// Binding
//===----------------------------------------------------------------------===//

bool InlinePTXBuilder::bindOperands() {
  auto *IA = cast<InlineAsm>(Call.getCalledOperand());
  InlineAsm::ConstraintInfoVector Constraints = IA->ParseConstraints();
  Type *RetTy = Call.getType();
  auto *RetStruct = dyn_cast<StructType>(RetTy);
  unsigned ResultIndex = 0, ArgIndex = 0;
  for (const InlineAsm::ConstraintInfo &CI : Constraints) {
    if (CI.Type == InlineAsm::isClobber)
      continue;
    unsigned Placeholder = Placeholders.size();
    MemoryPlaceholders.push_back(false);
    std::string Code = CI.Codes.empty() ? "" : CI.Codes.front();
    if (CI.isIndirect) {
      // A memory operand (`m`, also `=m` and `+m`): clang passes a pointer
      // argument; the PTX text uses it as an address, `[$N+8]`.
      if (Code != "m" || ArgIndex >= Call.arg_size() ||
          !Call.getArgOperand(ArgIndex)->getType()->isPointerTy()) {
        fail(SourcePosition{},
             "memory operand $" + std::to_string(Placeholder) +
                 " (constraint '" + Code + "') is not supported");
        return false;
      }
      Value *Pointer = Call.getArgOperand(ArgIndex++);
      if (Pointer->getType()->getPointerAddressSpace() != 0)
        Pointer = Builder.CreateAddrSpaceCast(Pointer, Builder.getPtrTy());
      AllocaInst *Storage =
          createStorage(Builder.getInt64Ty(), "ptx.mem" + Twine(Placeholder));
      Builder.CreateStore(Builder.CreatePtrToInt(Pointer, Builder.getInt64Ty()),
                          Storage);
      Placeholders.push_back(Storage);
      MemoryPlaceholders.back() = true;
      continue;
    }
    if (Code == "m" || Code == "o" || Code == "v") {
      fail(SourcePosition{}, "memory operand $" + std::to_string(Placeholder) +
                                 " (constraint '" + Code +
                                 "') is not supported");
      return false;
    }
    if (CI.Type == InlineAsm::isOutput) {
      Type *Ty = RetStruct ? RetStruct->getElementType(ResultIndex) : RetTy;
      ++ResultIndex;
      Type *StorageTy =
          Ty->isPointerTy() ? Builder.getInt64Ty()
          : Ty->isIntegerTy()
              ? Ty
              : Builder.getIntNTy(Ty->getPrimitiveSizeInBits().getFixedValue());
      Placeholders.push_back(
          createStorage(StorageTy, "ptx.out" + Twine(Placeholder)));
      continue;
    }
    // Input.
    if (ArgIndex >= Call.arg_size()) {
      fail(SourcePosition{}, "constraint string does not match the call");
      return false;
    }
    Value *Arg = Call.getArgOperand(ArgIndex++);
    if (!Code.empty() && isdigit(static_cast<unsigned char>(Code[0]))) {
      // Tied to an output: same register, initial value of the output.
      unsigned Tied = unsigned(std::atoi(Code.c_str()));
      if (Tied >= Placeholders.size()) {
        fail(SourcePosition{}, "tied operand refers to a missing output");
        return false;
      }
      AllocaInst *Storage = Placeholders[Tied];
      Builder.CreateStore(
          adaptWidth(toBits(Arg),
                     Storage->getAllocatedType()->getIntegerBitWidth(), false),
          Storage);
      Placeholders.push_back(Storage);
      continue;
    }
    Value *Bits = toBits(Arg);
    AllocaInst *Storage =
        createStorage(Bits->getType(), "ptx.in" + Twine(Placeholder));
    Builder.CreateStore(Bits, Storage);
    Placeholders.push_back(Storage);
  }
  return true;
}

void InlinePTXBuilder::createDeclaredRegisters() {
  for (const Statement &S : PTX.Statements) {
    if (auto *D = std::get_if<RegisterDeclaration>(&S)) {
      for (const std::string &Name : D->Names) {
        Registers[Name] = createStorage(Builder.getIntNTy(bitWidth(D->Type)),
                                        "ptx.reg." + Name);
        RegisterTypes[Name] = D->Type;
      }
    } else if (auto *L = std::get_if<Label>(&S)) {
      LabelBlocks[L->Name] = BasicBlock::Create(Ctx, "ptx.label", &F);
    }
  }
}

std::optional<BuildError> InlinePTXBuilder::build() {
  if (!bindOperands())
    return Error;
  createDeclaredRegisters();

  // With labels the statement has its own control flow: emit into fresh
  // blocks between the call's block and the rest of it.
  if (!LabelBlocks.empty()) {
    BasicBlock *Head = Call.getParent();
    Exit = Head->splitBasicBlock(&Call, "ptx.exit");
    BasicBlock *Body = BasicBlock::Create(Ctx, "ptx.body", &F, Exit);
    Head->getTerminator()->setSuccessor(0, Body);
    Builder.SetInsertPoint(Body);
  }
  for (const Statement &S : PTX.Statements) {
    if (Error)
      break;
    if (auto *I = std::get_if<Instruction>(&S)) {
      Current = I;
      emit(*I);
    } else if (auto *L = std::get_if<Label>(&S)) {
      BasicBlock *Target = LabelBlocks[L->Name];
      if (!Builder.GetInsertBlock()->getTerminator())
        Builder.CreateBr(Target);
      Builder.SetInsertPoint(Target);
    }
  }
  if (Error)
    return Error;
  if (Exit) {
    Builder.CreateBr(Exit);
    Builder.SetInsertPoint(&Call);
  }
  bool HasMemoryClobber = false;
  for (const InlineAsm::ConstraintInfo &CI :
       cast<InlineAsm>(Call.getCalledOperand())->ParseConstraints())
    if (CI.Type == InlineAsm::isClobber)
      for (const std::string &Code : CI.Codes)
        HasMemoryClobber |= Code == "{memory}";
  finish(HasMemoryClobber);
  return std::nullopt;
}

void InlinePTXBuilder::finish(bool HasMemoryClobber) {
  Type *RetTy = Call.getType();
  if (!RetTy->isVoidTy()) {
    auto *RetStruct = dyn_cast<StructType>(RetTy);
    Value *Result = PoisonValue::get(RetTy);
    unsigned NumResults = RetStruct ? RetStruct->getNumElements() : 1;
    for (unsigned R = 0; R != NumResults; ++R) {
      Type *Ty = RetStruct ? RetStruct->getElementType(R) : RetTy;
      AllocaInst *Storage = Placeholders[R];
      Value *Bits = Builder.CreateLoad(Storage->getAllocatedType(), Storage);
      Value *V = fromBits(Bits, Ty);
      Result = RetStruct ? Builder.CreateInsertValue(Result, V, R) : V;
    }
    Call.replaceAllUsesWith(Result);
  }
  // "memory" clobbers keep their meaning as a compiler barrier.
  if (HasMemoryClobber) {
    auto *Barrier =
        InlineAsm::get(FunctionType::get(Builder.getVoidTy(), false), "",
                       "~{memory}", /*hasSideEffects=*/true);
    Builder.CreateCall(Barrier);
  }
  Call.eraseFromParent();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

void InlinePTXBuilder::emit(const Instruction &I) {
  if (!I.Info->Implemented) {
    // bar.arrive: the synchronization code says why it has no equivalent.
    if (I.opcode() == PTXOpcode::BarArrive)
      return emitSynchronization(I);
    unsupported();
    return;
  }
  switch (I.Info->Family) {
  case PTXFamily::Integer:
    if (I.has(PTXModifier::CarryOut) || I.opcode() == PTXOpcode::AddCarry ||
        I.opcode() == PTXOpcode::SubCarry || I.opcode() == PTXOpcode::MadCarry)
      return emitCarry(I);
    return emitInteger(I);
  case PTXFamily::Bit:
    return emitBit(I);
  case PTXFamily::Compare:
    return emitCompare(I);
  case PTXFamily::Float:
    return emitFloat(I);
  case PTXFamily::HalfFloat:
    return emitHalfFloat(I);
  case PTXFamily::Video:
    return emitVideo(I);
  case PTXFamily::Matrix:
    return emitMatrix(I);
  case PTXFamily::Convert:
    return emitConvert(I);
  case PTXFamily::Move:
    return emitMove(I);
  case PTXFamily::Memory:
    return emitMemory(I);
  case PTXFamily::Atomic:
    return emitAtomic(I);
  case PTXFamily::Synchronization:
    return emitSynchronization(I);
  case PTXFamily::Warp:
    return emitWarp(I);
  case PTXFamily::Control:
    if (I.opcode() == PTXOpcode::Bra)
      return emitBranch(I);
    return emitControl(I);
  default:
    break;
  }
  unsupported();
}

void InlinePTXBuilder::emitBranch(const Instruction &I) {
  auto &Target = std::get<LabelRef>(I.Operands[0].Value);
  BasicBlock *Dest = LabelBlocks.lookup(Target.Name);
  if (!Dest) {
    fail("use of undefined label '" + Target.Name + "'");
    return;
  }
  BasicBlock *Next = BasicBlock::Create(Ctx, "ptx.next", &F, Exit);
  if (Value *Pred = guard())
    Builder.CreateCondBr(Pred, Dest, Next);
  else
    Builder.CreateBr(Dest);
  Builder.SetInsertPoint(Next);
}

void InlinePTXBuilder::guarded(function_ref<void()> Body, bool MayTerminate) {
  Value *Pred = guard();
  if (!Pred && !MayTerminate)
    return Body();
  if (!Pred) // Body ends its block: branch to it unconditionally.
    Pred = Builder.getTrue();
  BasicBlock *Here = Builder.GetInsertBlock();
  BasicBlock *Join;
  bool SplitCallBlock = Here->getTerminator() != nullptr;
  if (SplitCallBlock) {
    // Inserting in front of the call in its own block: the rest of that
    // block (the call included) becomes the join block.
    Join = Here->splitBasicBlock(Builder.GetInsertPoint(), "ptx.guard.end");
    Here->getTerminator()->eraseFromParent();
  } else {
    Join = BasicBlock::Create(Ctx, "ptx.guard.end", &F, Exit);
  }
  BasicBlock *Then = BasicBlock::Create(Ctx, "ptx.guard", &F, Join);
  Builder.SetInsertPoint(Here);
  Builder.CreateCondBr(Pred, Then, Join);
  Builder.SetInsertPoint(Then);
  InsideGuardedRegion = true;
  Body();
  InsideGuardedRegion = false;
  if (!Builder.GetInsertBlock()->getTerminator())
    Builder.CreateBr(Join);
  if (SplitCallBlock)
    Builder.SetInsertPoint(Join, Join->begin());
  else
    Builder.SetInsertPoint(Join);
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

/// The .lo / .hi / .wide part of A*B (A, B of equal width).
Value *InlinePTXBuilder::mulPart(Value *A, Value *B, bool Signed,
                                 PTXModifier Part) {
  unsigned Width = A->getType()->getIntegerBitWidth();
  if (Part == PTXModifier::Lo)
    return Builder.CreateMul(A, B);
  auto Extend = [&](Value *V) {
    return Signed ? Builder.CreateSExt(V, intTy(2 * Width))
                  : Builder.CreateZExt(V, intTy(2 * Width));
  };
  Value *WideA = Extend(A);
  Value *WideB = Extend(B);
  Value *Product = Builder.CreateMul(WideA, WideB);
  if (Part == PTXModifier::Wide)
    return Product;
  return Builder.CreateTrunc(Builder.CreateLShr(Product, Width), intTy(Width));
}

/// Clamps a signed value wider than 32 bits to the s32 range.
Value *InlinePTXBuilder::saturateSigned32(Value *Wide) {
  unsigned Width = Wide->getType()->getIntegerBitWidth();
  Value *Lo = ConstantInt::getSigned(intTy(Width), INT32_MIN);
  Value *Hi = ConstantInt::getSigned(intTy(Width), INT32_MAX);
  Value *Clamped =
      intrinsic(Intrinsic::smin, {intrinsic(Intrinsic::smax, {Wide, Lo}), Hi});
  return Builder.CreateTrunc(Clamped, intTy(32));
}

Value *InlinePTXBuilder::sad(Value *A, Value *B, Value *C, bool Signed) {
  Value *Less =
      Signed ? Builder.CreateICmpSLT(A, B) : Builder.CreateICmpULT(A, B);
  Value *Diff = Builder.CreateSelect(Less, Builder.CreateSub(B, A),
                                     Builder.CreateSub(A, B));
  return Builder.CreateAdd(C, Diff);
}

void InlinePTXBuilder::emitInteger(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  bool Signed = isSignedType();
  auto A = [&] { return read(1, T); };
  auto B = [&] { return read(2, T); };
  auto C = [&] { return read(3, T); };
  PTXModifier Part =
      I.find(PTXModifierCategory::Width).value_or(PTXModifier::Lo);
  switch (I.opcode()) {
  case PTXOpcode::AddInt:
  case PTXOpcode::SubInt: {
    bool IsAdd = I.opcode() == PTXOpcode::AddInt;
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (I.has(PTXModifier::Sat)) {
      if (T != PTXType::S32)
        return (void)fail("'.sat' requires type '.s32'");
      return write(
          0,
          intrinsic(IsAdd ? Intrinsic::sadd_sat : Intrinsic::ssub_sat, {X, Y}),
          T);
    }
    return write(0, IsAdd ? Builder.CreateAdd(X, Y) : Builder.CreateSub(X, Y),
                 T);
  }
  case PTXOpcode::MulInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (Part == PTXModifier::Wide && W > 32)
      return (void)fail("'.wide' requires a 16- or 32-bit type");
    Value *R = mulPart(X, Y, Signed, Part);
    if (Part == PTXModifier::Wide)
      return write(0, R, Signed ? PTXType::S64 : PTXType::U64);
    return write(0, R, T);
  }
  case PTXOpcode::MadInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    if (Part == PTXModifier::Wide) {
      if (W > 32)
        return (void)fail("'.wide' requires a 16- or 32-bit type");
      PTXType WideT = W == 16 ? (Signed ? PTXType::S32 : PTXType::U32)
                              : (Signed ? PTXType::S64 : PTXType::U64);
      Value *Z = read(3, WideT);
      if (!Z)
        return;
      return write(0, Builder.CreateAdd(mulPart(X, Y, Signed, Part), Z), WideT);
    }
    Value *Z = C();
    if (!Z)
      return;
    if (I.has(PTXModifier::Sat)) {
      // mad.hi.sat.s32: the high half plus c, saturated.
      if (T != PTXType::S32 || Part != PTXModifier::Hi)
        return (void)fail("'.sat' requires '.hi' and type '.s32'");
      Value *Hi = Builder.CreateSExt(mulPart(X, Y, true, Part), intTy(64));
      return write(0,
                   saturateSigned32(
                       Builder.CreateAdd(Hi, Builder.CreateSExt(Z, intTy(64)))),
                   T);
    }
    return write(0, Builder.CreateAdd(mulPart(X, Y, Signed, Part), Z), T);
  }
  case PTXOpcode::Mul24:
  case PTXOpcode::Mad24: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    // Operands are the low 24 bits, sign- or zero-extended; the 48-bit
    // product's bits [31:0] (.lo) or [47:16] (.hi).
    auto Low24 = [&](Value *V) {
      Value *Shifted = Builder.CreateShl(V, 8);
      Value *Back = Signed ? Builder.CreateAShr(Shifted, 8)
                           : Builder.CreateLShr(Shifted, 8);
      return Signed ? Builder.CreateSExt(Back, intTy(64))
                    : Builder.CreateZExt(Back, intTy(64));
    };
    Value *Product = Builder.CreateMul(Low24(X), Low24(Y));
    Value *R =
        Part == PTXModifier::Hi
            ? Builder.CreateTrunc(Builder.CreateLShr(Product, 16), intTy(32))
            : Builder.CreateTrunc(Product, intTy(32));
    if (I.opcode() == PTXOpcode::Mad24) {
      Value *Z = C();
      if (!Z)
        return;
      if (I.has(PTXModifier::Sat)) {
        if (T != PTXType::S32 || Part != PTXModifier::Hi)
          return (void)fail("'.sat' requires '.hi' and type '.s32'");
        return write(0,
                     saturateSigned32(
                         Builder.CreateAdd(Builder.CreateSExt(R, intTy(64)),
                                           Builder.CreateSExt(Z, intTy(64)))),
                     T);
      }
      R = Builder.CreateAdd(R, Z);
    }
    return write(0, R, T);
  }
  case PTXOpcode::Sad: {
    Value *X = A(), *Y = B(), *Z = C();
    if (!X || !Y || !Z)
      return;
    return write(0, sad(X, Y, Z, Signed), T);
  }
  case PTXOpcode::DivInt:
  case PTXOpcode::RemInt: {
    Value *X = A(), *Y = B();
    if (!X || !Y)
      return;
    // PTX leaves division by zero machine-specific; LLVM makes it undefined.
    // Rubicon defines it: x / 0 = all ones (unsigned) or -1/+1 by x's sign
    // (signed); x % 0 = x. INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
    Value *Zero = ConstantInt::get(X->getType(), 0);
    Value *One = ConstantInt::get(X->getType(), 1);
    Value *IsZero = Builder.CreateICmpEQ(Y, Zero);
    Value *SafeY = Builder.CreateSelect(IsZero, One, Y);
    bool IsDiv = I.opcode() == PTXOpcode::DivInt;
    Value *R;
    if (Signed) {
      Value *MinusOne = Constant::getAllOnesValue(X->getType());
      Value *IsMinusOne = Builder.CreateICmpEQ(SafeY, MinusOne);
      // Divide by 1 instead of -1 and negate: no overflow.
      Value *Divisor = Builder.CreateSelect(IsMinusOne, One, SafeY);
      R = IsDiv ? Builder.CreateSDiv(X, Divisor)
                : Builder.CreateSRem(X, Divisor);
      if (IsDiv)
        R = Builder.CreateSelect(IsMinusOne, Builder.CreateNeg(R), R);
      Value *ByZero = IsDiv ? Builder.CreateSelect(
                                  Builder.CreateICmpSLT(X, Zero), One, MinusOne)
                            : X;
      R = Builder.CreateSelect(IsZero, ByZero, R);
    } else {
      R = IsDiv ? Builder.CreateUDiv(X, SafeY) : Builder.CreateURem(X, SafeY);
      R = Builder.CreateSelect(
          IsZero, IsDiv ? Constant::getAllOnesValue(X->getType()) : X, R);
    }
    return write(0, R, T);
  }
  case PTXOpcode::AbsInt: {
    Value *X = A();
    if (!X)
      return;
    return write(0, intrinsic(Intrinsic::abs, {X, Builder.getFalse()}), T);
  }
  case PTXOpcode::NegInt: {
    Value *X = A();
    if (!X)
      return;
    return write(0, Builder.CreateNeg(X), T);
  }
  case PTXOpcode::MinInt:
  case PTXOpcode::MaxInt: {
    bool IsMin = I.opcode() == PTXOpcode::MinInt;
    Intrinsic::ID ID = IsMin ? (Signed ? Intrinsic::smin : Intrinsic::umin)
                             : (Signed ? Intrinsic::smax : Intrinsic::umax);
    Value *R = A();
    for (unsigned N = 2; N < I.Operands.size() && R; ++N) {
      Value *Next = read(N, T);
      if (!Next)
        return;
      R = intrinsic(ID, {R, Next});
    }
    if (!R)
      return;
    if (I.has(PTXModifier::Relu)) {
      if (T != PTXType::S32)
        return (void)fail("'.relu' requires type '.s32'");
      R = intrinsic(Intrinsic::smax, {R, ConstantInt::get(R->getType(), 0)});
    }
    return write(0, R, T);
  }
  case PTXOpcode::Dp4a:
  case PTXOpcode::Dp2a: {
    // d = c + sum(a.part[i] * b.part[i]); parts are bytes (dp4a) or, for
    // dp2a, a's 16-bit halves times b's bytes 0-1 (.lo) or 2-3 (.hi).
    bool SignedA = isSignedType(0), SignedB = isSignedType(1);
    Value *X = read(1, PTXType::B32), *Y = read(2, PTXType::B32);
    PTXType CT = SignedA || SignedB ? PTXType::S32 : PTXType::U32;
    Value *Sum = read(3, CT);
    if (!X || !Y || !Sum)
      return;
    auto Field = [&](Value *V, unsigned Offset, unsigned Bits, bool Sext) {
      Value *Shifted = Builder.CreateLShr(V, Offset);
      Value *Narrow = Builder.CreateTrunc(Shifted, intTy(Bits));
      return Sext ? Builder.CreateSExt(Narrow, intTy(32))
                  : Builder.CreateZExt(Narrow, intTy(32));
    };
    bool IsDp4a = I.opcode() == PTXOpcode::Dp4a;
    unsigned ByteBase = (!IsDp4a && I.has(PTXModifier::Hi)) ? 2 : 0;
    for (unsigned K = 0; K < (IsDp4a ? 4u : 2u); ++K) {
      Value *Ai =
          IsDp4a ? Field(X, 8 * K, 8, SignedA) : Field(X, 16 * K, 16, SignedA);
      Value *Bi = Field(Y, 8 * (ByteBase + K), 8, SignedB);
      Sum = Builder.CreateAdd(Sum, Builder.CreateMul(Ai, Bi));
    }
    return write(0, Sum, CT);
  }
  default:
    unsupported();
  }
}

/// add.cc, addc, sub.cc, subc, mad.cc, madc: CC.CF is a carry-out for
/// additions and a borrow-out for subtractions.
void InlinePTXBuilder::emitCarry(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  if (W < 32)
    return (void)fail("carry chains require a 32- or 64-bit type");
  if (!CarryFlag) {
    CarryFlag = createStorage(Builder.getInt1Ty(), "ptx.cc.cf");
    IRBuilder<> Entry(CarryFlag->getNextNode());
    Entry.CreateStore(Entry.getFalse(), CarryFlag);
  }
  bool UsesCarry = I.opcode() == PTXOpcode::AddCarry ||
                   I.opcode() == PTXOpcode::SubCarry ||
                   I.opcode() == PTXOpcode::MadCarry;
  bool SetsCarry = I.has(PTXModifier::CarryOut);
  Value *CarryIn = UsesCarry
                       ? Builder.CreateZExt(
                             Builder.CreateLoad(Builder.getInt1Ty(), CarryFlag),
                             intTy(W + 1))
                       : intC(W + 1, 0);
  Value *X = read(1, T), *Y = read(2, T);
  if (!X || !Y)
    return;
  bool IsSub =
      I.opcode() == PTXOpcode::SubInt || I.opcode() == PTXOpcode::SubCarry;
  Value *Lhs = X, *Rhs = Y;
  if (I.opcode() == PTXOpcode::MadInt || I.opcode() == PTXOpcode::MadCarry) {
    PTXModifier Part =
        I.find(PTXModifierCategory::Width).value_or(PTXModifier::Lo);
    if (Part == PTXModifier::Wide)
      return (void)fail("'.wide' cannot be combined with a carry");
    Lhs = mulPart(X, Y, isSignedType(), Part);
    Rhs = read(3, T);
    if (!Rhs)
      return;
  }
  Value *L = Builder.CreateZExt(Lhs, intTy(W + 1));
  Value *R = Builder.CreateZExt(Rhs, intTy(W + 1));
  Value *Full = IsSub ? Builder.CreateSub(Builder.CreateSub(L, R), CarryIn)
                      : Builder.CreateAdd(Builder.CreateAdd(L, R), CarryIn);
  Value *Result = Builder.CreateTrunc(Full, intTy(W));
  Value *CarryOut = Builder.CreateTrunc(Builder.CreateLShr(Full, W), intTy(1));
  write(0, Result, T);
  if (SetsCarry) {
    if (Value *Pred = guard())
      CarryOut = Builder.CreateSelect(
          Pred, CarryOut, Builder.CreateLoad(Builder.getInt1Ty(), CarryFlag));
    Builder.CreateStore(CarryOut, CarryFlag);
  }
}

//===----------------------------------------------------------------------===//
// Bit manipulation
//===----------------------------------------------------------------------===//

/// fns.b32 d, mask, base, offset: the position of the offset-th set bit of
/// mask counting from bit base (towards the MSB for offset > 0, the LSB for
/// offset < 0; offset 0: base itself if set), 0xffffffff when there is none.
void InlinePTXBuilder::emitFindNthSet(const Instruction &I) {
  Value *Mask = read(1, PTXType::B32), *Base = read(2, PTXType::U32),
        *Offset = read(3, PTXType::S32);
  if (!Mask || !Base || !Offset)
    return;
  Base = Builder.CreateAnd(Base, 31);
  Value *NotFound = intC(32, 0xffffffff);
  Value *Zero = intC(32, 0);
  Value *Upward = Builder.CreateICmpSGT(Offset, Zero);
  // The bits at or above base (upward) or at or below it, bit-reversed
  // (downward), so that the search always runs from the LSB.
  Value *Above = Builder.CreateAnd(Mask, Builder.CreateShl(NotFound, Base));
  Value *Below = Builder.CreateAnd(
      Mask,
      Builder.CreateLShr(NotFound, Builder.CreateSub(intC(32, 31), Base)));
  Value *Bits = Builder.CreateSelect(
      Upward, Above,
      Builder.CreateUnaryIntrinsic(Intrinsic::bitreverse, Below));
  Value *N = Builder.CreateSelect(Upward, Offset, Builder.CreateNeg(Offset));
  // Select the N-th set bit: binary search with population counts.
  Value *Position = Zero, *Remaining = N;
  for (unsigned Step : {16u, 8u, 4u, 2u, 1u}) {
    Value *Window = Builder.CreateAnd(Builder.CreateLShr(Bits, Position),
                                      (uint64_t(1) << Step) - 1);
    Value *Count = Builder.CreateUnaryIntrinsic(Intrinsic::ctpop, Window);
    Value *Skip = Builder.CreateICmpUGT(Remaining, Count);
    Position = Builder.CreateSelect(
        Skip, Builder.CreateAdd(Position, intC(32, Step)), Position);
    Remaining = Builder.CreateSelect(Skip, Builder.CreateSub(Remaining, Count),
                                     Remaining);
  }
  Value *Found = Builder.CreateICmpUGE(
      Builder.CreateUnaryIntrinsic(Intrinsic::ctpop, Bits), N);
  Value *Searched = Builder.CreateSelect(
      Found,
      Builder.CreateSelect(Upward, Position,
                           Builder.CreateSub(intC(32, 31), Position)),
      NotFound);
  Value *BaseSet = Builder.CreateICmpNE(
      Builder.CreateAnd(Builder.CreateLShr(Mask, Base), 1), Zero);
  Value *AtBase = Builder.CreateSelect(BaseSet, Base, NotFound);
  write(0,
        Builder.CreateSelect(Builder.CreateICmpEQ(Offset, Zero), AtBase,
                             Searched),
        PTXType::B32);
}

void InlinePTXBuilder::emitBit(const Instruction &I) {
  if (I.opcode() == PTXOpcode::Fns)
    return emitFindNthSet(I);
  PTXType T = type();
  unsigned W = width();
  auto A = [&] { return read(1, T); };
  switch (I.opcode()) {
  case PTXOpcode::And:
  case PTXOpcode::Or:
  case PTXOpcode::Xor: {
    Value *X = A(), *Y = read(2, T);
    if (!X || !Y)
      return;
    Value *R = I.opcode() == PTXOpcode::And  ? Builder.CreateAnd(X, Y)
               : I.opcode() == PTXOpcode::Or ? Builder.CreateOr(X, Y)
                                             : Builder.CreateXor(X, Y);
    return write(0, R, T);
  }
  case PTXOpcode::Not: {
    Value *X = A();
    return X ? write(0, Builder.CreateNot(X), T) : void();
  }
  case PTXOpcode::CNot: {
    Value *X = A();
    if (!X)
      return;
    return write(
        0, Builder.CreateZExt(Builder.CreateICmpEQ(X, intC(W, 0)), intTy(W)),
        T);
  }
  case PTXOpcode::Lop3: {
    Value *X = A(), *Y = read(2, T), *Z = read(3, T);
    auto *Lut = std::get_if<IntegerImmediate>(&I.Operands[4].Value);
    if (!X || !Y || !Z)
      return;
    if (!Lut || Lut->Value > 255)
      return (void)fail(I.Operands[4].Position,
                        "lop3's lookup table must be an immediate 0..255");
    // Bit i of the table is the result for (a, b, c) = (i>>2, i>>1, i) & 1.
    Value *R = intC(32, 0);
    for (unsigned Minterm = 0; Minterm < 8; ++Minterm) {
      if (!(Lut->Value >> Minterm & 1))
        continue;
      Value *Term = Builder.CreateAnd(
          Builder.CreateAnd(Minterm & 4 ? X : Builder.CreateNot(X),
                            Minterm & 2 ? Y : Builder.CreateNot(Y)),
          Minterm & 1 ? Z : Builder.CreateNot(Z));
      R = Builder.CreateOr(R, Term);
    }
    return write(0, R, T);
  }
  case PTXOpcode::Shl:
  case PTXOpcode::Shr: {
    // The shift amount is an unsigned 32-bit value; amounts >= the width
    // give 0, or copies of the sign bit for shr.sN.
    Value *X = A(), *N = read(2, PTXType::U32);
    if (!X || !N)
      return;
    Value *Wide = Builder.CreateICmpUGE(N, intC(32, W));
    Value *Amount = Builder.CreateZExtOrTrunc(
        Builder.CreateSelect(Wide, intC(32, W - 1), N), intTy(W));
    Value *R;
    if (I.opcode() == PTXOpcode::Shl) {
      R = Builder.CreateSelect(Wide, intC(W, 0), Builder.CreateShl(X, Amount));
    } else if (isSignedType()) {
      R = Builder.CreateAShr(X, Amount);
    } else {
      R = Builder.CreateSelect(Wide, intC(W, 0), Builder.CreateLShr(X, Amount));
    }
    return write(0, R, T);
  }
  case PTXOpcode::Shf: {
    // shf.l: upper 32 bits of (b:a) << n; shf.r: lower 32 bits of
    // (b:a) >> n; n = c & 31 (.wrap) or min(c, 32) (.clamp).
    Value *Lo = A(), *Hi = read(2, T), *C = read(3, PTXType::U32);
    if (!Lo || !Hi || !C)
      return;
    bool Left = I.has(PTXModifier::Left);
    if (Left == I.has(PTXModifier::Right))
      return (void)fail("shf needs exactly one of '.l' and '.r'");
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("shf needs exactly one of '.wrap' and '.clamp'");
    Value *Joined = Builder.CreateOr(
        Builder.CreateShl(Builder.CreateZExt(Hi, intTy(64)), 32),
        Builder.CreateZExt(Lo, intTy(64)));
    Value *N = I.has(PTXModifier::Wrap)
                   ? Builder.CreateAnd(C, 31)
                   : intrinsic(Intrinsic::umin, {C, intC(32, 32)});
    Value *N64 = Builder.CreateZExt(N, intTy(64));
    Value *R =
        Left ? Builder.CreateTrunc(
                   Builder.CreateLShr(Builder.CreateShl(Joined, N64), 32),
                   intTy(32))
             : Builder.CreateTrunc(Builder.CreateLShr(Joined, N64), intTy(32));
    return write(0, R, T);
  }
  case PTXOpcode::Bfe: {
    // pos = b & 0xff, len = c & 0xff; d[i] = a[pos+i] for i < len while
    // pos+i <= msb, else the field's sign (signed) or 0.
    Value *X = A(), *B = read(2, PTXType::U32), *C = read(3, PTXType::U32);
    if (!X || !B || !C)
      return;
    Value *Pos = Builder.CreateAnd(B, 0xff);
    Value *Len = Builder.CreateAnd(C, 0xff);
    Value *Msb = intC(32, W - 1);
    Value *ClampedPos = intrinsic(Intrinsic::umin, {Pos, Msb});
    Value *ClampedLen = intrinsic(Intrinsic::umin, {Len, intC(32, W)});
    Value *PosW = Builder.CreateZExtOrTrunc(ClampedPos, intTy(W));
    Value *Field;
    if (isSignedType()) {
      Field = Builder.CreateAShr(X, PosW);
    } else {
      Field = Builder.CreateSelect(Builder.CreateICmpUGT(Pos, Msb), intC(W, 0),
                                   Builder.CreateLShr(X, PosW));
    }
    // Keep the low len bits, extended: shift up by (W - len) and back.
    Value *Up = Builder.CreateZExtOrTrunc(
        Builder.CreateSub(
            intC(32, W), intrinsic(Intrinsic::umax, {ClampedLen, intC(32, 1)})),
        intTy(W));
    Value *Shifted = Builder.CreateShl(Field, Up);
    Value *R = isSignedType() ? Builder.CreateAShr(Shifted, Up)
                              : Builder.CreateLShr(Shifted, Up);
    R = Builder.CreateSelect(Builder.CreateICmpEQ(Len, intC(32, 0)), intC(W, 0),
                             R);
    return write(0, R, T);
  }
  case PTXOpcode::Bfi: {
    // Insert the low len bits of a into b at pos.
    Value *X = A(), *Base = read(2, T), *C = read(3, PTXType::U32),
          *D = read(4, PTXType::U32);
    if (!X || !Base || !C || !D)
      return;
    Value *Pos = Builder.CreateAnd(C, 0xff);
    Value *Len = Builder.CreateAnd(D, 0xff);
    Value *Skip = Builder.CreateOr(Builder.CreateICmpEQ(Len, intC(32, 0)),
                                   Builder.CreateICmpUGE(Pos, intC(32, W)));
    Value *LenW = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::umin, {Len, intC(32, W)}), intTy(W));
    Value *PosW = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::umin, {Pos, intC(32, W - 1)}), intTy(W));
    // mask = low len bits set (all ones when len == W).
    Value *LowMask = Builder.CreateLShr(
        Constant::getAllOnesValue(intTy(W)),
        Builder.CreateSub(intC(W, W),
                          intrinsic(Intrinsic::umax, {LenW, intC(W, 1)})));
    Value *Mask = Builder.CreateShl(LowMask, PosW);
    Value *R =
        Builder.CreateOr(Builder.CreateAnd(Base, Builder.CreateNot(Mask)),
                         Builder.CreateAnd(Builder.CreateShl(X, PosW), Mask));
    return write(0, Builder.CreateSelect(Skip, Base, R), T);
  }
  case PTXOpcode::Bfind: {
    // Index of the most significant non-sign bit, 0xffffffff if none;
    // .shiftamt gives the left shift that normalizes it instead.
    Value *X = A();
    if (!X)
      return;
    if (isSignedType())
      X = Builder.CreateSelect(Builder.CreateICmpSLT(X, intC(W, 0)),
                               Builder.CreateNot(X), X);
    Value *Lz = Builder.CreateZExtOrTrunc(
        intrinsic(Intrinsic::ctlz, {X, Builder.getFalse()}), intTy(32));
    Value *None = Builder.CreateICmpEQ(Lz, intC(32, W));
    Value *R = I.has(PTXModifier::ShiftAmount)
                   ? Lz
                   : Builder.CreateSub(intC(32, W - 1), Lz);
    return write(0, Builder.CreateSelect(None, intC(32, 0xffffffff), R),
                 PTXType::U32);
  }
  case PTXOpcode::Brev: {
    Value *X = A();
    return X ? write(0, intrinsic(Intrinsic::bitreverse, {X}), T) : void();
  }
  case PTXOpcode::Clz:
  case PTXOpcode::Popc: {
    Value *X = A();
    if (!X)
      return;
    Value *R = I.opcode() == PTXOpcode::Clz
                   ? intrinsic(Intrinsic::ctlz, {X, Builder.getFalse()})
                   : intrinsic(Intrinsic::ctpop, {X});
    return write(0, Builder.CreateZExtOrTrunc(R, intTy(32)), PTXType::U32);
  }
  case PTXOpcode::Prmt: {
    // Bytes 0-3 of a then 4-7 of b; each result byte is chosen by a 4-bit
    // selector (bit 3: replicate the byte's sign). Other modes map the two
    // low bits of c to four fixed selectors.
    Value *X = A(), *Y = read(2, T), *C = read(3, PTXType::B32);
    if (!X || !Y || !C)
      return;
    Value *Source = Builder.CreateOr(
        Builder.CreateShl(Builder.CreateZExt(Y, intTy(64)), 32),
        Builder.CreateZExt(X, intTy(64)));
    Value *Selectors = C;
    bool SignReplicate = true;
    if (auto Mode = I.find(PTXModifierCategory::Mode)) {
      // Selector words (d.b3..d.b0 as nibbles) for c[1:0] = 0, 1, 2, 3.
      static constexpr std::pair<PTXModifier, std::array<uint32_t, 4>>
          ModeSelectors[] = {
              {PTXModifier::F4e, {0x3210, 0x4321, 0x5432, 0x6543}},
              {PTXModifier::B4e, {0x5670, 0x6701, 0x7012, 0x0123}},
              {PTXModifier::Rc8, {0x0000, 0x1111, 0x2222, 0x3333}},
              {PTXModifier::Ecl, {0x3210, 0x3211, 0x3222, 0x3333}},
              {PTXModifier::Ecr, {0x0000, 0x1110, 0x2210, 0x3210}},
              {PTXModifier::Rc16, {0x1010, 0x3232, 0x1010, 0x3232}},
          };
      const std::array<uint32_t, 4> *Table = nullptr;
      for (auto &[Modifier, Words] : ModeSelectors)
        if (Modifier == *Mode)
          Table = &Words;
      Value *Low = Builder.CreateAnd(C, 3);
      Selectors = intC(32, (*Table)[3]);
      for (int K = 2; K >= 0; --K)
        Selectors = Builder.CreateSelect(Builder.CreateICmpEQ(Low, intC(32, K)),
                                         intC(32, (*Table)[K]), Selectors);
      SignReplicate = false;
    }
    Value *R = intC(32, 0);
    for (unsigned Byte = 0; Byte < 4; ++Byte) {
      Value *Sel =
          Builder.CreateAnd(Builder.CreateLShr(Selectors, 4 * Byte), 0xf);
      Value *Index = Builder.CreateAnd(Sel, 7);
      Value *Picked = Builder.CreateTrunc(
          Builder.CreateLShr(
              Source, Builder.CreateZExt(Builder.CreateMul(Index, intC(32, 8)),
                                         intTy(64))),
          intTy(8));
      if (SignReplicate) {
        Value *Sign = Builder.CreateSExt(
            Builder.CreateICmpSLT(Picked, ConstantInt::get(intTy(8), 0)),
            intTy(8));
        Value *Replicate =
            Builder.CreateICmpNE(Builder.CreateAnd(Sel, 8), intC(32, 0));
        Picked = Builder.CreateSelect(Replicate, Sign, Picked);
      }
      R = Builder.CreateOr(
          R,
          Builder.CreateShl(Builder.CreateZExt(Picked, intTy(32)), 8 * Byte));
    }
    return write(0, R, T);
  }
  case PTXOpcode::Bmsk: {
    // A mask of len = b ones starting at bit pos = a; .wrap takes both mod
    // 32, .clamp limits both to 32.
    Value *Pos = read(1, PTXType::U32), *Len = read(2, PTXType::U32);
    if (!Pos || !Len)
      return;
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("bmsk needs exactly one of '.wrap' and '.clamp'");
    if (I.has(PTXModifier::Wrap)) {
      Pos = Builder.CreateAnd(Pos, 31);
      Len = Builder.CreateAnd(Len, 31);
    } else {
      Pos = intrinsic(Intrinsic::umin, {Pos, intC(32, 32)});
      Len = intrinsic(Intrinsic::umin, {Len, intC(32, 32)});
    }
    Value *Ones = Builder.CreateSub(
        Builder.CreateShl(intC(64, 1), Builder.CreateZExt(Len, intTy(64))),
        intC(64, 1));
    Value *R = Builder.CreateShl(Ones, Builder.CreateZExt(Pos, intTy(64)));
    return write(0, Builder.CreateTrunc(R, intTy(32)), T);
  }
  case PTXOpcode::Szext: {
    // Sign- (.s32) or zero- (.u32) extend the low n = b bits of a.
    Value *X = A(), *N = read(2, PTXType::U32);
    if (!X || !N)
      return;
    if (I.has(PTXModifier::Wrap) == I.has(PTXModifier::Clamp))
      return (void)fail("szext needs exactly one of '.wrap' and '.clamp'");
    N = I.has(PTXModifier::Wrap)
            ? Builder.CreateAnd(N, 31)
            : intrinsic(Intrinsic::umin, {N, intC(32, 32)});
    Value *Up = Builder.CreateSub(intC(32, 32),
                                  intrinsic(Intrinsic::umax, {N, intC(32, 1)}));
    Value *Shifted = Builder.CreateShl(X, Up);
    Value *R = isSignedType() ? Builder.CreateAShr(Shifted, Up)
                              : Builder.CreateLShr(Shifted, Up);
    R = Builder.CreateSelect(Builder.CreateICmpEQ(N, intC(32, 0)), intC(32, 0),
                             R);
    return write(0, R, T);
  }
  default:
    unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Comparison and selection
//===----------------------------------------------------------------------===//

Value *InlinePTXBuilder::compare(PTXModifier Comparison, Value *A, Value *B,
                                 PTXType T) {
  if (isFloat(T)) {
    CmpInst::Predicate P;
    switch (Comparison) {
    case PTXModifier::Eq:
      P = CmpInst::FCMP_OEQ;
      break;
    case PTXModifier::Ne:
      P = CmpInst::FCMP_ONE;
      break;
    case PTXModifier::Lt:
      P = CmpInst::FCMP_OLT;
      break;
    case PTXModifier::Le:
      P = CmpInst::FCMP_OLE;
      break;
    case PTXModifier::Gt:
      P = CmpInst::FCMP_OGT;
      break;
    case PTXModifier::Ge:
      P = CmpInst::FCMP_OGE;
      break;
    case PTXModifier::Equ:
      P = CmpInst::FCMP_UEQ;
      break;
    case PTXModifier::Neu:
      P = CmpInst::FCMP_UNE;
      break;
    case PTXModifier::Ltu:
      P = CmpInst::FCMP_ULT;
      break;
    case PTXModifier::Leu:
      P = CmpInst::FCMP_ULE;
      break;
    case PTXModifier::Gtu:
      P = CmpInst::FCMP_UGT;
      break;
    case PTXModifier::Geu:
      P = CmpInst::FCMP_UGE;
      break;
    case PTXModifier::Num:
      P = CmpInst::FCMP_ORD;
      break;
    case PTXModifier::Nan:
      P = CmpInst::FCMP_UNO;
      break;
    default:
      return fail("'" + std::string(spelling(Comparison)) +
                  "' is not a floating-point comparison");
    }
    return Builder.CreateFCmp(P, A, B);
  }
  bool Signed = isSigned(T);
  bool Bits = kind(T) == PTXTypeKind::Bits;
  CmpInst::Predicate P;
  switch (Comparison) {
  case PTXModifier::Eq:
    P = CmpInst::ICMP_EQ;
    break;
  case PTXModifier::Ne:
    P = CmpInst::ICMP_NE;
    break;
  case PTXModifier::Lt:
    P = Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT;
    break;
  case PTXModifier::Le:
    P = Signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE;
    break;
  case PTXModifier::Gt:
    P = Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT;
    break;
  case PTXModifier::Ge:
    P = Signed ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE;
    break;
  case PTXModifier::Lo:
    P = CmpInst::ICMP_ULT;
    break;
  case PTXModifier::Ls:
    P = CmpInst::ICMP_ULE;
    break;
  case PTXModifier::Hi:
    P = CmpInst::ICMP_UGT;
    break;
  case PTXModifier::Hs:
    P = CmpInst::ICMP_UGE;
    break;
  default:
    return fail("'" + std::string(spelling(Comparison)) +
                "' is not an integer comparison");
  }
  if (Bits && P != CmpInst::ICMP_EQ && P != CmpInst::ICMP_NE)
    return fail("'.b' types allow only '.eq' and '.ne'");
  if ((Comparison == PTXModifier::Lo || Comparison == PTXModifier::Ls ||
       Comparison == PTXModifier::Hi || Comparison == PTXModifier::Hs) &&
      Signed)
    return fail("'" + std::string(spelling(Comparison)) +
                "' requires an unsigned type");
  return Builder.CreateICmp(P, A, B);
}

void InlinePTXBuilder::emitCompare(const Instruction &I) {
  if (I.opcode() == PTXOpcode::SetpHalf)
    return emitHalfCompare(I);
  switch (I.opcode()) {
  case PTXOpcode::Setp:
  case PTXOpcode::Set: {
    bool IsSetp = I.opcode() == PTXOpcode::Setp;
    PTXType SourceT = IsSetp ? type(0) : type(1);
    std::optional<PTXModifier> Cmp = I.find(PTXModifierCategory::Comparison);
    if (!Cmp) {
      // `.lo`/`.hi` are Width modifiers that double as comparisons.
      for (PTXModifier M : I.Modifiers)
        if (M == PTXModifier::Lo || M == PTXModifier::Hi)
          Cmp = M;
    }
    if (!Cmp)
      return (void)fail("missing comparison operator");
    Value *X = read(1, SourceT), *Y = read(2, SourceT);
    if (!X || !Y)
      return;
    if (I.has(PTXModifier::Ftz) && isFloat(SourceT)) {
      X = flushDenormal(X);
      Y = flushDenormal(Y);
    }
    Value *Result = compare(*Cmp, X, Y, SourceT);
    if (!Result)
      return;
    Value *Inverse = Builder.CreateNot(Result);
    std::optional<PTXModifier> BoolOp;
    for (PTXModifier M : I.Modifiers)
      if (M == PTXModifier::And || M == PTXModifier::Or ||
          M == PTXModifier::Xor)
        BoolOp = M;
    if (BoolOp) {
      if (I.Operands.size() != 4)
        return (void)fail("a combining operator needs a predicate operand c");
      Value *C = read(3, PTXType::Pred);
      if (!C)
        return;
      auto Combine = [&](Value *V) {
        return *BoolOp == PTXModifier::And  ? Builder.CreateAnd(V, C)
               : *BoolOp == PTXModifier::Or ? Builder.CreateOr(V, C)
                                            : Builder.CreateXor(V, C);
      };
      Result = Combine(Result);
      Inverse = Combine(Inverse);
    } else if (I.Operands.size() == 4) {
      return (void)fail("a predicate operand c needs '.and', '.or' or '.xor'");
    }
    if (IsSetp) {
      const Operand &Dest = I.Operands[0];
      if (auto *Pair = std::get_if<PredicatePair>(&Dest.Value)) {
        writeRegister(Pair->First, Result, false, Dest.Position);
        writeRegister(Pair->Second, Inverse, false, Dest.Position);
        return;
      }
      return write(0, Result, PTXType::Pred);
    }
    // set: 1.0f / 0.0f, or all ones / zero.
    PTXType DestT = type(0);
    Value *R = DestT == PTXType::F32
                   ? Builder.CreateSelect(
                         Result, ConstantFP::get(Builder.getFloatTy(), 1.0),
                         ConstantFP::get(Builder.getFloatTy(), 0.0))
                   : Builder.CreateSExt(Result, intTy(32));
    return write(0, R, DestT);
  }
  case PTXOpcode::Selp: {
    Value *X = read(1, type()), *Y = read(2, type()),
          *C = read(3, PTXType::Pred);
    if (!X || !Y || !C)
      return;
    return write(0, Builder.CreateSelect(C, X, Y), type());
  }
  case PTXOpcode::Slct: {
    Value *X = read(1, type()), *Y = read(2, type()), *C = read(3, type(1));
    if (!X || !Y || !C)
      return;
    Value *Choose;
    if (type(1) == PTXType::F32) {
      if (I.has(PTXModifier::Ftz))
        C = flushDenormal(C);
      Choose = Builder.CreateFCmpOGE(C, ConstantFP::get(C->getType(), 0.0));
    } else {
      Choose = Builder.CreateICmpSGE(C, intC(32, 0));
    }
    return write(0, Builder.CreateSelect(Choose, X, Y), type());
  }
  default:
    unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Floating point
//===----------------------------------------------------------------------===//

/// Subnormal -> zero of the same sign (the .ftz behaviour).
Value *InlinePTXBuilder::flushDenormal(Value *X) {
  Type *Ty = X->getType();
  APFloat Smallest = APFloat::getSmallestNormalized(Ty->getFltSemantics());
  Value *Tiny = Builder.CreateFCmpOLT(intrinsic(Intrinsic::fabs, {X}),
                                      ConstantFP::get(Ty, Smallest));
  Value *Zero = Builder.CreateCall(
      Intrinsic::getOrInsertDeclaration(&M, Intrinsic::copysign, {Ty}),
      {ConstantFP::get(Ty, 0.0), X});
  return Builder.CreateSelect(Tiny, Zero, X);
}

/// Clamp to [0.0, 1.0]; NaN and -0.0 become +0.0 (.sat).
Value *InlinePTXBuilder::saturateUnit(Value *X) {
  Type *Ty = X->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0), *One = ConstantFP::get(Ty, 1.0);
  Value *Upper = Builder.CreateSelect(Builder.CreateFCmpOLT(X, One), X, One);
  return Builder.CreateSelect(Builder.CreateFCmpOGT(X, Zero), Upper, Zero);
}

/// The next representable value above X (X not NaN, not +inf).
Value *InlinePTXBuilder::nextUp(Value *X) {
  Type *Ty = X->getType();
  unsigned W = Ty->getPrimitiveSizeInBits().getFixedValue();
  Value *Bits = Builder.CreateBitCast(X, intTy(W));
  Value *Up = Builder.CreateSelect(Builder.CreateICmpSLT(Bits, intC(W, 0)),
                                   Builder.CreateSub(Bits, intC(W, 1)),
                                   Builder.CreateAdd(Bits, intC(W, 1)));
  Value *IsZero = Builder.CreateFCmpOEQ(X, ConstantFP::get(Ty, 0.0));
  Up = Builder.CreateSelect(IsZero, intC(W, 1), Up);
  return Builder.CreateBitCast(Up, Ty);
}

/// Given Result (round-to-nearest) and whether the exact value lies below
/// or above it, the result in a directed rounding mode.
Value *InlinePTXBuilder::directedRound(Value *Result, Value *Below,
                                       Value *Above, PTXModifier Rounding) {
  Type *Ty = Result->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0);
  switch (Rounding) {
  case PTXModifier::Rm:
    return Builder.CreateSelect(Below, nextDown(Result), Result);
  case PTXModifier::Rp:
    return Builder.CreateSelect(Above, nextUp(Result), Result);
  case PTXModifier::Rz: {
    Value *Down = Builder.CreateAnd(Below, Builder.CreateFCmpOGT(Result, Zero));
    Value *Up = Builder.CreateAnd(Above, Builder.CreateFCmpOLT(Result, Zero));
    return Builder.CreateSelect(
        Down, nextDown(Result),
        Builder.CreateSelect(Up, nextUp(Result), Result));
  }
  default:
    return Result;
  }
}

/// Rounds Wide + Error (Error: the exact remainder, same sign convention,
/// or null when Wide is exact) to the narrower type in a directed mode.
/// Wide's format must contain every value of Narrow.
Value *InlinePTXBuilder::narrowDirected(Value *Wide, Value *Error, Type *Narrow,
                                        PTXModifier Rounding) {
  Value *Near = Builder.CreateFPTrunc(Wide, Narrow);
  if (Rounding == PTXModifier::Rn)
    return Near;
  Value *Back = Builder.CreateFPExt(Near, Wide->getType());
  Value *Below = Builder.CreateFCmpOGT(Back, Wide);
  Value *Above = Builder.CreateFCmpOLT(Back, Wide);
  if (Error) {
    Value *Zero = ConstantFP::get(Error->getType(), 0.0);
    Value *Same = Builder.CreateFCmpOEQ(Back, Wide);
    Below = Builder.CreateOr(
        Below, Builder.CreateAnd(Same, Builder.CreateFCmpOLT(Error, Zero)));
    Above = Builder.CreateOr(
        Above, Builder.CreateAnd(Same, Builder.CreateFCmpOGT(Error, Zero)));
  }
  return directedRound(Near, Below, Above, Rounding);
}

/// add/sub/mul/fma/div/sqrt/rcp with a rounding mode, on f32 or f64 values.
Value *InlinePTXBuilder::floatArithmetic(const Instruction &I,
                                         ArrayRef<Value *> Args,
                                         PTXModifier Rounding) {
  Type *Ty = Args[0]->getType();
  bool IsF32 = Ty->isFloatTy();
  PTXOpcode Op = I.opcode();
  bool Approx = I.has(PTXModifier::Approx);
  auto Native = [&]() -> Value * {
    FastMathFlags FMF;
    if (Approx)
      FMF.setApproxFunc();
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    Builder.setFastMathFlags(FMF);
    switch (Op) {
    case PTXOpcode::AddFloat:
      return Builder.CreateFAdd(Args[0], Args[1]);
    case PTXOpcode::SubFloat:
      return Builder.CreateFSub(Args[0], Args[1]);
    case PTXOpcode::MulFloat:
      return Builder.CreateFMul(Args[0], Args[1]);
    case PTXOpcode::FmaFloat:
    case PTXOpcode::MadFloat:
      return Builder.CreateIntrinsic(Intrinsic::fma, {Ty}, Args);
    case PTXOpcode::DivFloat:
      return Builder.CreateFDiv(Args[0], Args[1]);
    case PTXOpcode::Rcp:
      return Builder.CreateFDiv(ConstantFP::get(Ty, 1.0), Args[0]);
    case PTXOpcode::Sqrt:
      return Builder.CreateIntrinsic(Intrinsic::sqrt, {Ty}, Args);
    default:
      return nullptr;
    }
  };
  if (Rounding == PTXModifier::Rn || Approx)
    return Native();

  // Directed rounding. f32: compute exactly (or with an exact remainder) in
  // double and round once. f64: error-free transformations.
  Type *DoubleTy = Builder.getDoubleTy();
  Value *Zero = ConstantFP::get(DoubleTy, 0.0);
  auto TwoSum = [&](Value *A, Value *B) {
    Value *S = Builder.CreateFAdd(A, B);
    Value *BB = Builder.CreateFSub(S, A);
    Value *Err =
        Builder.CreateFAdd(Builder.CreateFSub(A, Builder.CreateFSub(S, BB)),
                           Builder.CreateFSub(B, BB));
    return std::pair{S, Err};
  };
  auto Fma = [&](Value *A, Value *B, Value *C) {
    return Builder.CreateIntrinsic(Intrinsic::fma, {A->getType()}, {A, B, C});
  };
  if (IsF32) {
    SmallVector<Value *, 3> D;
    for (Value *A : Args)
      D.push_back(Builder.CreateFPExt(A, DoubleTy));
    Value *Result = nullptr, *Error = nullptr;
    switch (Op) {
    case PTXOpcode::AddFloat:
    case PTXOpcode::SubFloat: {
      Value *B = Op == PTXOpcode::SubFloat ? Builder.CreateFNeg(D[1]) : D[1];
      std::tie(Result, Error) = TwoSum(D[0], B);
      Value *Rounded = narrowDirected(Result, Error, Ty, Rounding);
      if (Rounding == PTXModifier::Rm) {
        // An exact zero sum is -0.0 when rounding down.
        Value *NegSum = Builder.CreateFNeg(Builder.CreateFAdd(
            Builder.CreateFNeg(Args[0]),
            Op == PTXOpcode::SubFloat ? Args[1] : Builder.CreateFNeg(Args[1])));
        Rounded = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero),
                                       NegSum, Rounded);
      }
      return Rounded;
    }
    case PTXOpcode::MulFloat:
      return narrowDirected(Builder.CreateFMul(D[0], D[1]), nullptr, Ty,
                            Rounding);
    case PTXOpcode::FmaFloat:
    case PTXOpcode::MadFloat: {
      Value *Product = Builder.CreateFMul(D[0], D[1]); // exact
      std::tie(Result, Error) = TwoSum(Product, D[2]);
      Value *Rounded = narrowDirected(Result, Error, Ty, Rounding);
      if (Rounding == PTXModifier::Rm) {
        Value *NegSum = Builder.CreateFPTrunc(
            Builder.CreateFNeg(Builder.CreateFAdd(Builder.CreateFNeg(Product),
                                                  Builder.CreateFNeg(D[2]))),
            Ty);
        Rounded = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero),
                                       NegSum, Rounded);
      }
      return Rounded;
    }
    case PTXOpcode::DivFloat:
    case PTXOpcode::Rcp: {
      Value *Num = Op == PTXOpcode::Rcp ? ConstantFP::get(DoubleTy, 1.0) : D[0];
      Value *Den = Op == PTXOpcode::Rcp ? D[0] : D[1];
      Value *Q = Builder.CreateFDiv(Num, Den);
      // Num - Q*Den is exact; the exact quotient is Q + Rem/Den.
      Value *Rem = Fma(Builder.CreateFNeg(Q), Den, Num);
      Error = Builder.CreateFMul(Rem, Den); // sign of Rem/Den
      return narrowDirected(Q, Error, Ty, Rounding);
    }
    case PTXOpcode::Sqrt: {
      Value *S = Builder.CreateIntrinsic(Intrinsic::sqrt, {DoubleTy}, {D[0]});
      Error = Fma(Builder.CreateFNeg(S), S, D[0]);
      return narrowDirected(S, Error, Ty, Rounding);
    }
    default:
      return unsupported();
    }
  }

  // f64.
  Value *Result, *Error;
  switch (Op) {
  case PTXOpcode::AddFloat:
  case PTXOpcode::SubFloat: {
    Value *B =
        Op == PTXOpcode::SubFloat ? Builder.CreateFNeg(Args[1]) : Args[1];
    std::tie(Result, Error) = TwoSum(Args[0], B);
    if (Rounding == PTXModifier::Rm) {
      Value *NegSum = Builder.CreateFNeg(Builder.CreateFAdd(
          Builder.CreateFNeg(Args[0]), Builder.CreateFNeg(B)));
      Result = Builder.CreateSelect(Builder.CreateFCmpOEQ(Result, Zero), NegSum,
                                    Result);
    }
    break;
  }
  case PTXOpcode::MulFloat:
    // Exact unless the product is subnormal (documented limitation).
    Result = Builder.CreateFMul(Args[0], Args[1]);
    Error = Fma(Args[0], Args[1], Builder.CreateFNeg(Result));
    break;
  default:
    return unsupported("directed rounding of f64 " +
                       std::string(I.Info->Mnemonic) + " is not supported yet");
  }
  // Overflow to infinity from finite operands: the exact value is finite.
  Value *Inf = ConstantFP::getInfinity(DoubleTy);
  Value *FiniteArgs = Builder.getTrue();
  for (Value *A : Args)
    FiniteArgs = Builder.CreateAnd(
        FiniteArgs,
        Builder.CreateFCmpONE(intrinsic(Intrinsic::fabs, {A}), Inf));
  Value *Overflow = Builder.CreateAnd(
      FiniteArgs,
      Builder.CreateFCmpOEQ(intrinsic(Intrinsic::fabs, {Result}), Inf));
  Value *Below = Builder.CreateOr(
      Builder.CreateFCmpOLT(Error, Zero),
      Builder.CreateAnd(Overflow, Builder.CreateFCmpOGT(Result, Zero)));
  Value *Above = Builder.CreateOr(
      Builder.CreateFCmpOGT(Error, Zero),
      Builder.CreateAnd(Overflow, Builder.CreateFCmpOLT(Result, Zero)));
  // nextDown(+inf) is the largest finite value, as wanted.
  return directedRound(Result, Below, Above, Rounding);
}

Value *InlinePTXBuilder::floatMinMax(const Instruction &I, bool IsMin,
                                     Value *A, Value *B) {
  Type *Ty = A->getType();
  auto CopySign = [&](Value *Magnitude, Value *Sign) {
    return Builder.CreateBinaryIntrinsic(Intrinsic::copysign, Magnitude, Sign);
  };
  Value *Sign = nullptr;
  if (I.has(PTXModifier::XorSign))
    Sign = Builder.CreateFMul(CopySign(ConstantFP::get(Ty, 1.0), A),
                              CopySign(ConstantFP::get(Ty, 1.0), B));
  if (I.has(PTXModifier::Abs)) {
    A = intrinsic(Intrinsic::fabs, {A});
    B = intrinsic(Intrinsic::fabs, {B});
  }
  // PTX: a NaN operand is ignored (both NaN: NaN); .NaN propagates it.
  // -0.0 orders below +0.0.
  Intrinsic::ID ID =
      I.has(PTXModifier::NaN)
          ? (IsMin ? Intrinsic::minimum : Intrinsic::maximum)
          : (IsMin ? Intrinsic::minimumnum : Intrinsic::maximumnum);
  Value *R = Builder.CreateIntrinsic(ID, {Ty}, {A, B});
  return Sign ? CopySign(R, Sign) : R;
}

void InlinePTXBuilder::emitFloat(const Instruction &I) {
  PTXType T = type();
  Type *Ty = llvmType(T);
  bool Ftz = I.has(PTXModifier::Ftz);
  unsigned NumSources = I.Operands.size() - 1;
  SmallVector<Value *, 3> Args;
  for (unsigned N = 1; N <= NumSources; ++N) {
    if (I.opcode() == PTXOpcode::Testp)
      break;
    Value *V = read(N, T);
    if (!V)
      return;
    Args.push_back(Ftz ? flushDenormal(V) : V);
  }
  auto Finish = [&](Value *R) {
    if (!R)
      return;
    if (Ftz)
      R = flushDenormal(R);
    if (I.has(PTXModifier::Sat))
      R = saturateUnit(R);
    write(0, R, T);
  };
  PTXModifier Rounding =
      I.find(PTXModifierCategory::Rounding).value_or(PTXModifier::Rn);
  auto Approximate = [&](Intrinsic::ID ID) {
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    FastMathFlags FMF;
    FMF.setApproxFunc();
    Builder.setFastMathFlags(FMF);
    return Builder.CreateIntrinsic(ID, {Ty}, Args);
  };
  switch (I.opcode()) {
  case PTXOpcode::AddFloat:
  case PTXOpcode::SubFloat:
  case PTXOpcode::MulFloat:
  case PTXOpcode::FmaFloat:
  case PTXOpcode::MadFloat:
  case PTXOpcode::Sqrt:
  case PTXOpcode::Rcp:
  case PTXOpcode::DivFloat:
    if ((I.opcode() == PTXOpcode::DivFloat || I.opcode() == PTXOpcode::Rcp ||
         I.opcode() == PTXOpcode::Sqrt) &&
        !I.find(PTXModifierCategory::Rounding) && !I.has(PTXModifier::Approx) &&
        !I.has(PTXModifier::Full))
      return (void)fail("'" + std::string(I.Info->Mnemonic) +
                        "' needs '.approx', '.full' or a rounding modifier");
    return Finish(floatArithmetic(I, Args, Rounding));
  case PTXOpcode::Rsqrt: {
    IRBuilder<>::FastMathFlagGuard Guard(Builder);
    FastMathFlags FMF;
    FMF.setApproxFunc();
    Builder.setFastMathFlags(FMF);
    Value *Root = Builder.CreateIntrinsic(Intrinsic::sqrt, {Ty}, Args);
    return Finish(Builder.CreateFDiv(ConstantFP::get(Ty, 1.0), Root));
  }
  case PTXOpcode::Sin:
    return Finish(Approximate(Intrinsic::sin));
  case PTXOpcode::Cos:
    return Finish(Approximate(Intrinsic::cos));
  case PTXOpcode::Lg2:
    return Finish(Approximate(Intrinsic::log2));
  case PTXOpcode::Ex2:
    return Finish(Approximate(Intrinsic::exp2));
  case PTXOpcode::Tanh:
    return Finish(Approximate(Intrinsic::tanh));
  case PTXOpcode::MinFloat:
  case PTXOpcode::MaxFloat: {
    if (I.has(PTXModifier::XorSign) && !I.has(PTXModifier::Abs))
      return (void)fail("'.xorsign' requires '.abs'");
    return Finish(
        floatMinMax(I, I.opcode() == PTXOpcode::MinFloat, Args[0], Args[1]));
  }
  case PTXOpcode::AbsFloat:
    return Finish(intrinsic(Intrinsic::fabs, {Args[0]}));
  case PTXOpcode::NegFloat:
    return Finish(Builder.CreateFNeg(Args[0]));
  case PTXOpcode::Copysign:
    // copysign d, a, b: b's magnitude with a's sign.
    return Finish(Builder.CreateCall(
        Intrinsic::getOrInsertDeclaration(&M, Intrinsic::copysign, {Ty}),
        {Args[1], Args[0]}));
  case PTXOpcode::Testp: {
    Value *X = read(1, T);
    if (!X)
      return;
    FPClassTest Test;
    switch (I.find(PTXModifierCategory::Mode).value_or(PTXModifier::Finite)) {
    case PTXModifier::Finite:
      Test = fcFinite;
      break;
    case PTXModifier::Infinite:
      Test = fcInf;
      break;
    case PTXModifier::Number:
      Test = FPClassTest(~fcNan & fcAllFlags);
      break;
    case PTXModifier::NotANumber:
      Test = fcNan;
      break;
    case PTXModifier::Normal:
      Test = fcNormal;
      break;
    case PTXModifier::Subnormal:
      Test = fcSubnormal;
      break;
    default:
      return (void)fail("testp needs a class such as '.finite'");
    }
    return write(0, Builder.createIsFPClass(X, Test), PTXType::Pred);
  }
  default:
    unsupported();
  }
}

//===----------------------------------------------------------------------===//
// Conversion and movement
//===----------------------------------------------------------------------===//

/// Integer -> f32/f64 in a directed rounding mode, in integer arithmetic.
Value *InlinePTXBuilder::intToFloatDirected(Value *Int, bool Signed,
                                            Type *FloatTy,
                                            PTXModifier Rounding) {
  unsigned W = Int->getType()->getIntegerBitWidth();
  unsigned Precision = FloatTy->isFloatTy() ? 24 : 53;
  unsigned Bias = FloatTy->isFloatTy() ? 127 : 1023;
  unsigned FW = FloatTy->isFloatTy() ? 32 : 64;
  Value *Neg =
      Signed ? Builder.CreateICmpSLT(Int, intC(W, 0)) : Builder.getFalse();
  Value *Mag =
      Signed ? intrinsic(Intrinsic::abs, {Int, Builder.getFalse()}) : Int;
  Value *M64 = Builder.CreateZExt(Mag, intTy(64));
  Value *IsZero = Builder.CreateICmpEQ(M64, intC(64, 0));
  Value *Lz = intrinsic(Intrinsic::ctlz, {M64, Builder.getTrue()});
  Lz = Builder.CreateSelect(IsZero, intC(64, 0), Lz);
  Value *N = Builder.CreateShl(M64, Lz);
  Value *Top = Builder.CreateLShr(N, 64 - Precision);
  Value *Rest = Builder.CreateShl(N, Precision);
  Value *Exponent = Builder.CreateAdd(Builder.CreateSub(intC(64, 63), Lz),
                                      intC(64, Bias - 1));
  Value *Bits =
      Builder.CreateAdd(Builder.CreateShl(Exponent, Precision - 1), Top);
  Value *Inexact = Builder.CreateICmpNE(Rest, intC(64, 0));
  Value *RoundUp = Builder.getFalse();
  if (Rounding == PTXModifier::Rp)
    RoundUp = Builder.CreateAnd(Inexact, Builder.CreateNot(Neg));
  else if (Rounding == PTXModifier::Rm)
    RoundUp = Builder.CreateAnd(Inexact, Neg);
  Bits = Builder.CreateAdd(Bits, Builder.CreateZExt(RoundUp, intTy(64)));
  Bits = Builder.CreateTrunc(Bits, intTy(FW));
  Bits = Builder.CreateOr(
      Bits, Builder.CreateShl(Builder.CreateZExt(Neg, intTy(FW)), FW - 1));
  Bits = Builder.CreateSelect(IsZero, intC(FW, 0), Bits);
  return Builder.CreateBitCast(Bits, FloatTy);
}

void InlinePTXBuilder::emitConvert(const Instruction &I) {
  if (I.opcode() == PTXOpcode::Cvta) {
    // cvta.space: specific -> generic; cvta.to.space: generic -> specific.
    unsigned AS = 0;
    if (I.has(PTXModifier::Global))
      AS = 1;
    else if (I.has(PTXModifier::Shared) || I.has(PTXModifier::SharedCta))
      AS = 3;
    else if (I.has(PTXModifier::Const))
      AS = 4;
    else if (I.has(PTXModifier::Local))
      AS = 5;
    else
      return (void)unsupported("state space");
    Value *X = read(1, type());
    if (!X)
      return;
    unsigned From = I.has(PTXModifier::To) ? 0 : AS;
    unsigned To = I.has(PTXModifier::To) ? AS : 0;
    const DataLayout &DL = M.getDataLayout();
    Value *P = Builder.CreateIntToPtr(
        Builder.CreateZExtOrTrunc(X, intTy(DL.getPointerSizeInBits(From))),
        Builder.getPtrTy(From));
    Value *Cast = Builder.CreateAddrSpaceCast(P, Builder.getPtrTy(To));
    Value *R = Builder.CreatePtrToInt(Cast, intTy(DL.getPointerSizeInBits(To)));
    return write(0, Builder.CreateZExtOrTrunc(R, intTy(width())), type());
  }

  if (I.opcode() == PTXOpcode::Isspacep) {
    // isspacep.space p, a: the intrinsics CUDA's __isGlobal & co. use.
    Intrinsic::ID ID = Intrinsic::not_intrinsic;
    if (I.has(PTXModifier::Global))
      ID = Intrinsic::nvvm_isspacep_global;
    else if (I.has(PTXModifier::Shared) || I.has(PTXModifier::SharedCta))
      ID = Intrinsic::nvvm_isspacep_shared;
    else if (I.has(PTXModifier::Const))
      ID = Intrinsic::nvvm_isspacep_const;
    else if (I.has(PTXModifier::Local))
      ID = Intrinsic::nvvm_isspacep_local;
    else
      return (void)unsupported("state space");
    Value *X = read(1, PTXType::U64);
    if (!X)
      return;
    Value *P = Builder.CreateIntrinsic(
        ID, {}, {Builder.CreateIntToPtr(X, Builder.getPtrTy())});
    return write(0, P, PTXType::Pred);
  }

  if (I.opcode() == PTXOpcode::CvtPack)
    return emitConvertPack(I);
  if (emitHalfConvert(I))
    return;

  PTXType DestT = type(0), SrcT = type(1);
  for (PTXModifier M : {PTXModifier::Relu, PTXModifier::SatFinite,
                        PTXModifier::Rna, PTXModifier::Rs})
    if (I.has(M))
      return (void)unsupported("'" + std::string(spelling(M)) +
                               "' is not supported yet");
  for (PTXType T : {DestT, SrcT})
    if (T == PTXType::F16x2 || T == PTXType::BF16x2 || T == PTXType::TF32)
      return (void)unsupported();
  std::optional<PTXModifier> IntRound =
      I.find(PTXModifierCategory::IntegerRounding);
  PTXModifier Rounding =
      I.find(PTXModifierCategory::Rounding).value_or(PTXModifier::Rn);
  bool Ftz = I.has(PTXModifier::Ftz), Sat = I.has(PTXModifier::Sat);
  Value *X = read(1, SrcT);
  if (!X)
    return;
  Type *FloatTy = Builder.getFloatTy();
  // bf16 <-> f32 in integer arithmetic (exact widening; narrowing rounds to
  // nearest even, NaN stays NaN).
  auto BF16ToF32 = [&](Value *V) {
    Value *Bits =
        Builder.CreateZExt(Builder.CreateBitCast(V, intTy(16)), intTy(32));
    return Builder.CreateBitCast(Builder.CreateShl(Bits, 16), FloatTy);
  };
  auto F32ToBF16 = [&](Value *V) {
    Value *Bits = Builder.CreateBitCast(V, intTy(32));
    Value *Lsb = Builder.CreateAnd(Builder.CreateLShr(Bits, 16), 1);
    Value *Rounded = Builder.CreateLShr(
        Builder.CreateAdd(Bits, Builder.CreateAdd(Lsb, intC(32, 0x7fff))), 16);
    Value *Quiet = Builder.CreateOr(Builder.CreateLShr(Bits, 16), 0x40);
    Value *IsNaN = Builder.CreateFCmpUNO(V, V);
    return Builder.CreateBitCast(
        Builder.CreateTrunc(Builder.CreateSelect(IsNaN, Quiet, Rounded),
                            intTy(16)),
        Builder.getBFloatTy());
  };
  auto RoundToIntegral = [&](Value *V, PTXModifier Mode) {
    Intrinsic::ID ID = Mode == PTXModifier::Rni   ? Intrinsic::roundeven
                       : Mode == PTXModifier::Rzi ? Intrinsic::trunc
                       : Mode == PTXModifier::Rmi ? Intrinsic::floor
                                                  : Intrinsic::ceil;
    return intrinsic(ID, {V});
  };

  bool SrcFloat = isFloat(SrcT), DestFloat = isFloat(DestT);
  if (!SrcFloat && !DestFloat) {
    // Integer -> integer.
    unsigned SW = bitWidth(SrcT), DW = bitWidth(DestT);
    Value *R;
    if (Sat) {
      APInt Min = isSigned(DestT) ? APInt::getSignedMinValue(DW).sext(128)
                                  : APInt(128, 0);
      APInt Max = isSigned(DestT) ? APInt::getSignedMaxValue(DW).sext(128)
                                  : APInt::getMaxValue(DW).zext(128);
      Value *Wide = isSigned(SrcT) ? Builder.CreateSExt(X, intTy(128))
                                   : Builder.CreateZExt(X, intTy(128));
      Wide = intrinsic(Intrinsic::smax, {Wide, ConstantInt::get(Ctx, Min)});
      Wide = intrinsic(Intrinsic::smin, {Wide, ConstantInt::get(Ctx, Max)});
      R = Builder.CreateTrunc(Wide, intTy(DW));
    } else if (DW > SW) {
      R = isSigned(SrcT) ? Builder.CreateSExt(X, intTy(DW))
                         : Builder.CreateZExt(X, intTy(DW));
    } else {
      R = Builder.CreateTrunc(X, intTy(DW));
    }
    return write(0, R, DestT);
  }

  // Widen the source float to f32 where the hardware type is narrower.
  if (SrcT == PTXType::BF16)
    X = BF16ToF32(X);
  else if (SrcT == PTXType::F16)
    X = Builder.CreateFPExt(X, FloatTy);
  if (SrcFloat && Ftz && X->getType()->isFloatTy())
    X = flushDenormal(X);

  if (SrcFloat && !DestFloat) {
    // Float -> integer: round to integral, then saturate (NaN -> 0).
    if (!IntRound)
      return (void)fail("float-to-integer 'cvt' needs '.rni', '.rzi', '.rmi' "
                        "or '.rpi'");
    Value *Integral = RoundToIntegral(X, *IntRound);
    Type *DestTy = intTy(bitWidth(DestT));
    Value *R = Builder.CreateIntrinsic(
        isSigned(DestT) ? Intrinsic::fptosi_sat : Intrinsic::fptoui_sat,
        {DestTy, Integral->getType()}, {Integral});
    return write(0, R, DestT);
  }

  Value *R;
  if (!SrcFloat) {
    // Integer -> float.
    if (IntRound)
      return (void)fail("integer-to-float 'cvt' takes '.rn', '.rz', '.rm' or "
                        "'.rp'");
    if (DestT != PTXType::F32 && DestT != PTXType::F64)
      return (void)unsupported("conversion of an integer to " +
                               std::string(spelling(DestT)));
    Type *DestTy = llvmType(DestT);
    if (Rounding == PTXModifier::Rn)
      R = isSigned(SrcT) ? Builder.CreateSIToFP(X, DestTy)
                         : Builder.CreateUIToFP(X, DestTy);
    else
      R = intToFloatDirected(X, isSigned(SrcT), DestTy, Rounding);
  } else {
    // Float -> float.
    unsigned SW = X->getType()->getPrimitiveSizeInBits().getFixedValue();
    if (IntRound) {
      if (DestT != SrcT)
        return (void)fail("'" + std::string(spelling(*IntRound)) +
                          "' needs equal source and destination types");
      R = RoundToIntegral(X, *IntRound);
    } else if (DestT == PTXType::F32 || DestT == PTXType::F64) {
      Type *DestTy = llvmType(DestT);
      if (SW < DestTy->getPrimitiveSizeInBits().getFixedValue())
        R = Builder.CreateFPExt(X, DestTy);
      else if (SW == DestTy->getPrimitiveSizeInBits().getFixedValue())
        R = X;
      else
        R = narrowDirected(X, nullptr, DestTy, Rounding);
    } else if (DestT == PTXType::F16 && SW == 32) {
      R = narrowDirected(X, nullptr, Builder.getHalfTy(), Rounding);
    } else if (DestT == PTXType::BF16 && SW == 32 &&
               Rounding == PTXModifier::Rn) {
      R = F32ToBF16(X);
    } else {
      return (void)unsupported();
    }
  }
  if (R->getType()->isFloatTy() || R->getType()->isDoubleTy()) {
    if (Ftz && R->getType()->isFloatTy())
      R = flushDenormal(R);
    if (Sat)
      R = saturateUnit(R);
  } else if (Sat) {
    Type *Narrow = R->getType();
    Value *Wide = R->getType()->isBFloatTy() ? BF16ToF32(R)
                                             : Builder.CreateFPExt(R, FloatTy);
    Wide = saturateUnit(Wide);
    R = Narrow->isBFloatTy() ? F32ToBF16(Wide)
                             : Builder.CreateFPTrunc(Wide, Narrow);
  }
  write(0, R, DestT);
}

/// cvt.pack.sat.{u8,s8,u16,s16}.{s32,u32}.b32 d, a, b{, c}: a and b
/// clamped to the destination type, a's bits above b's; 8-bit results fill
/// the low 16 bits and c's low 16 bits fill the rest.
void InlinePTXBuilder::emitConvertPack(const Instruction &I) {
  if (I.Types.size() < 2)
    return (void)fail("'cvt.pack' needs a destination and a source type");
  PTXType DestT = type(0), SrcT = type(1);
  if (SrcT != PTXType::S32 && SrcT != PTXType::U32)
    return (void)fail("'cvt.pack' sources must be '.s32' or '.u32'");
  unsigned Size = bitWidth(DestT);
  bool WithC = Size == 8;
  if (I.Operands.size() != (WithC ? 4u : 3u))
    return (void)fail("'cvt.pack' to " + std::string(spelling(DestT)) +
                      " takes " + (WithC ? "4" : "3") + " operands");
  Value *A = read(1, SrcT), *B = read(2, SrcT);
  if (!A || !B)
    return;
  bool SignedSource = SrcT == PTXType::S32;
  int64_t Min = isSigned(DestT) ? -(int64_t(1) << (Size - 1)) : 0;
  int64_t Max = isSigned(DestT) ? (int64_t(1) << (Size - 1)) - 1
                                : (int64_t(1) << Size) - 1;
  auto Clamp = [&](Value *V) {
    Value *Wide = SignedSource ? Builder.CreateSExt(V, intTy(64))
                               : Builder.CreateZExt(V, intTy(64));
    Wide = intrinsic(Intrinsic::smax,
                     {Wide, ConstantInt::getSigned(intTy(64), Min)});
    Wide = intrinsic(Intrinsic::smin,
                     {Wide, ConstantInt::getSigned(intTy(64), Max)});
    return Builder.CreateAnd(Builder.CreateTrunc(Wide, intTy(32)),
                             (uint64_t(1) << Size) - 1);
  };
  Value *R = Builder.CreateOr(Builder.CreateShl(Clamp(A), Size), Clamp(B));
  if (WithC) {
    Value *C = read(3, PTXType::B32);
    if (!C)
      return;
    R = Builder.CreateOr(R, Builder.CreateShl(C, 2 * Size));
  }
  write(0, R, PTXType::B32);
}

void InlinePTXBuilder::emitMove(const Instruction &I) {
  PTXType T = type();
  unsigned W = width();
  const Operand &Dest = I.Operands[0];
  const Operand &Src = I.Operands[1];
  if (auto *Vec = std::get_if<VectorOperand>(&Src.Value)) {
    // Pack: element 0 in the low bits.
    unsigned N = Vec->Elements.size();
    if (N < 2 || W % N)
      return (void)fail(Src.Position, "cannot pack " + std::to_string(N) +
                                          " elements into " +
                                          std::string(spelling(T)));
    unsigned EW = W / N;
    PTXType ET = EW == 8    ? PTXType::B8
                 : EW == 16 ? PTXType::B16
                 : EW == 32 ? PTXType::B32
                            : PTXType::B64;
    Value *R = intC(W, 0);
    for (unsigned K = 0; K < N; ++K) {
      Value *E = readScalar(Vec->Elements[K], ET);
      if (!E)
        return;
      R = Builder.CreateOr(
          R, Builder.CreateShl(Builder.CreateZExt(E, intTy(W)), K * EW));
    }
    return write(0, R, T);
  }
  if (auto *Vec = std::get_if<VectorOperand>(&Dest.Value)) {
    // Unpack.
    unsigned N = Vec->Elements.size();
    if (N < 2 || W % N)
      return (void)fail(Dest.Position, "cannot unpack " +
                                           std::string(spelling(T)) + " into " +
                                           std::to_string(N) + " elements");
    unsigned EW = W / N;
    Value *X =
        read(1, isFloat(T) ? (W == 32 ? PTXType::B32 : PTXType::B64) : T);
    if (!X)
      return;
    X = toBits(X);
    for (unsigned K = 0; K < N; ++K) {
      auto *Ref = std::get_if<RegisterRef>(&Vec->Elements[K]);
      if (!Ref)
        return (void)fail(Dest.Position, "vector destination elements must be "
                                         "registers");
      Value *E = Builder.CreateTrunc(Builder.CreateLShr(X, K * EW), intTy(EW));
      writeRegister(*Ref, E, false, Dest.Position);
    }
    return;
  }
  Value *X = read(1, T);
  if (!X)
    return;
  write(0, X, T);
}

} // namespace ptxir

std::optional<PTXBuildFailure>
buildInlinePTX(CallBase &Call, const Block &PTX,
               std::vector<AllocaInst *> &NewAllocas) {
  ptxir::InlinePTXBuilder Builder(Call, PTX, NewAllocas);
  if (auto Error = Builder.build())
    return PTXBuildFailure{Error->Position, Error->Message};
  return std::nullopt;
}

} // namespace rubicon
