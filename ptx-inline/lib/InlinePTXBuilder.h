//===- InlinePTXBuilder.h - The IR builder of one inline-PTX call -*- C++ -*-//
//
// Internal to RubiconInlinePTX. The builder's state (operand storage,
// declared registers, labels) and helpers shared by the files that emit
// each instruction family:
//   PTXIRBuilder.cpp      binding, dispatch, branch, guards
//   PTXIntegerIR.cpp      integer and bit instructions
//   PTXCompareFloatIR.cpp setp set selp slct, f32/f64 arithmetic
//   PTXConvertMoveIR.cpp  cvt cvt.pack cvta isspacep mov
//   PTXMemoryIR.cpp    ld st ldu prefetch discard, atom red, memory operands
//   PTXSyncWarpIR.cpp  barriers, fences, warp-level, control instructions
//   PTXCallIR.cpp      call of the system calls (vprintf, malloc, ...)
//   PTXHalfFloatIR.cpp f16/bf16/f16x2/bf16x2 arithmetic, conversions, setp
//   PTXVideoIR.cpp     video instructions (scalar, 2- and 4-way SIMD)
//   PTXMatrixIR.cpp    ldmatrix stmatrix movmatrix mma.sync
//   PTXWmmaIR.cpp      wmma.load wmma.mma wmma.store
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_INLINEPTXBUILDER_H
#define RUBICON_PTXINLINE_INLINEPTXBUILDER_H

#include "rubicon/PTX/PTXAST.h"
#include "rubicon/WmmaLayout.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <string>
#include <vector>

namespace rubicon::ptxir {

/// NVPTX's (and AMDGPU's) address spaces.
constexpr unsigned GenericSpace = 0, GlobalSpace = 1, SharedSpace = 3,
                   ConstSpace = 4, LocalSpace = 5;

// The names the builder's files use unqualified (using-declarations: no
// using-directive in a header).
using llvm::AllocaInst;
using llvm::APFloat;
using llvm::APInt;
using llvm::ArrayRef;
using llvm::BasicBlock;
using llvm::CallBase;
using llvm::Constant;
using llvm::ConstantFP;
using llvm::ConstantInt;
using llvm::Function;
using llvm::function_ref;
using llvm::IntegerType;
using llvm::IRBuilder;
using llvm::LLVMContext;
using llvm::Module;
using llvm::StringMap;
using llvm::StringRef;
using llvm::Twine;
using llvm::Type;
using llvm::Value;
namespace Intrinsic = llvm::Intrinsic;
namespace SyncScope = llvm::SyncScope;
using ptx::Block;
using ptx::FloatImmediate;
using ptx::Instruction;
using ptx::IntegerImmediate;
using ptx::Operand;
using ptx::PTXModifier;
using ptx::PTXSpecialRegister;
using ptx::PTXType;
using ptx::RegisterRef;
using ptx::ScalarOperand;
using ptx::SourcePosition;

using WmmaFragment = wmma::Fragment;

/// An error at a position of the asm string.
struct BuildError {
  SourcePosition Position;
  std::string Message;
};

class InlinePTXBuilder {
public:
  InlinePTXBuilder(CallBase &Call, const Block &B,
                   std::vector<AllocaInst *> &NewAllocas)
      : Call(Call), PTX(B), NewAllocas(NewAllocas), Ctx(Call.getContext()),
        Builder(&Call), F(*Call.getFunction()), M(*F.getParent()) {}

  std::optional<BuildError> build();

private:
  CallBase &Call;
  const Block &PTX;
  std::vector<AllocaInst *> &NewAllocas;
  LLVMContext &Ctx;
  IRBuilder<> Builder;
  Function &F;
  Module &M;

  std::optional<BuildError> Error;
  /// Storage of `$N`.
  std::vector<AllocaInst *> Placeholders;
  /// Storage of declared registers (unique names from the parser).
  StringMap<AllocaInst *> Registers;
  /// Register types of declared registers.
  StringMap<PTXType> RegisterTypes;
  /// CC.CF of carry chains.
  AllocaInst *CarryFlag = nullptr;
  StringMap<BasicBlock *> LabelBlocks;
  BasicBlock *Exit = nullptr;
  const Instruction *Current = nullptr;
  /// Placeholders bound to memory operands (`m`): their storage holds the
  /// operand's generic address.
  std::vector<bool> MemoryPlaceholders;
  bool InsideGuardedRegion = false;

  //===--- Errors ---------------------------------------------------------===//

  Value *fail(SourcePosition Position, std::string Message) {
    if (!Error)
      Error = BuildError{Position, std::move(Message)};
    return nullptr;
  }
  Value *fail(std::string Message) {
    return fail(Current ? Current->Position : SourcePosition{},
                std::move(Message));
  }
  std::string instructionName() const {
    std::string Name(Current->Info->Mnemonic);
    for (PTXModifier M : Current->Modifiers)
      Name += spelling(M);
    for (PTXType T : Current->Types)
      Name += spelling(T);
    return Name;
  }
  Value *unsupported(std::string_view What = {}) {
    std::string Message =
        "unsupported PTX instruction '" + instructionName() + "'";
    if (!What.empty())
      Message += ": " + std::string(What);
    return fail(std::move(Message));
  }

  //===--- Types and storage ----------------------------------------------===//

  Type *llvmType(PTXType T) {
    switch (T) {
    case PTXType::F16:
      return Builder.getHalfTy();
    case PTXType::BF16:
      return Builder.getBFloatTy();
    case PTXType::F32:
      return Builder.getFloatTy();
    case PTXType::F64:
      return Builder.getDoubleTy();
    case PTXType::Pred:
      return Builder.getInt1Ty();
    default:
      return Builder.getIntNTy(bitWidth(T));
    }
  }

  AllocaInst *createStorage(Type *Ty, const Twine &Name) {
    IRBuilder<> Entry(&F.getEntryBlock(), F.getEntryBlock().begin());
    AllocaInst *A = Entry.CreateAlloca(Ty, nullptr, Name);
    NewAllocas.push_back(A);
    return A;
  }

  /// Bits of an arbitrary first-class value as an integer.
  Value *toBits(Value *V) {
    Type *Ty = V->getType();
    if (Ty->isIntegerTy())
      return V;
    if (Ty->isPointerTy())
      return Builder.CreatePtrToInt(V, Builder.getInt64Ty());
    return Builder.CreateBitCast(
        V, Builder.getIntNTy(Ty->getPrimitiveSizeInBits().getFixedValue()));
  }
  Value *fromBits(Value *Bits, Type *Ty) {
    if (Ty->isIntegerTy())
      return Builder.CreateZExtOrTrunc(Bits, Ty);
    if (Ty->isPointerTy())
      return Builder.CreateIntToPtr(Bits, Ty);
    unsigned Width = Ty->getPrimitiveSizeInBits().getFixedValue();
    return Builder.CreateBitCast(
        Builder.CreateZExtOrTrunc(Bits, Builder.getIntNTy(Width)), Ty);
  }

  /// Adapts integer bits read from a register to the width of type T.
  Value *adaptWidth(Value *Bits, unsigned Width, bool Signed) {
    unsigned Have = Bits->getType()->getIntegerBitWidth();
    if (Have == Width)
      return Bits;
    if (Have > Width)
      return Builder.CreateTrunc(Bits, Builder.getIntNTy(Width));
    return Signed ? Builder.CreateSExt(Bits, Builder.getIntNTy(Width))
                  : Builder.CreateZExt(Bits, Builder.getIntNTy(Width));
  }

  AllocaInst *storageOf(const RegisterRef &Ref) {
    switch (Ref.RefKind) {
    case RegisterRef::Kind::Placeholder:
      if (Ref.PlaceholderIndex >= Placeholders.size() ||
          !Placeholders[Ref.PlaceholderIndex]) {
        fail("operand $" + std::to_string(Ref.PlaceholderIndex) +
             " does not exist (the asm statement has " +
             std::to_string(Placeholders.size()) + " operands)");
        return nullptr;
      }
      return Placeholders[Ref.PlaceholderIndex];
    case RegisterRef::Kind::Declared: {
      auto It = Registers.find(Ref.Name);
      if (It == Registers.end()) {
        fail("use of undeclared register '" + Ref.Name + "'");
        return nullptr;
      }
      return It->second;
    }
    default:
      return nullptr;
    }
  }

  Value *readSpecialRegister(PTXSpecialRegister R) {
    Intrinsic::ID ID = Intrinsic::not_intrinsic;
    switch (R) {
#define PTX_SPECIAL_REGISTER(Id, Spelling, BitWidth, Suffix)                   \
  case PTXSpecialRegister::Id:                                                 \
    ID = Intrinsic::nvvm_##Suffix;                                             \
    break;
#include "../PTXSpecialRegisters.def"
    }
    return Builder.CreateIntrinsic(ID, {});
  }

  /// Integer bits of a register operand (before width adaptation).
  Value *readRegisterBits(const RegisterRef &Ref) {
    if (Ref.RefKind == RegisterRef::Kind::Special)
      return readSpecialRegister(Ref.Special);
    if (Ref.RefKind == RegisterRef::Kind::Sink)
      return fail("'_' cannot be read");
    AllocaInst *Storage = storageOf(Ref);
    if (!Storage)
      return nullptr;
    Value *Bits = Builder.CreateLoad(Storage->getAllocatedType(), Storage);
    if (Ref.Negated) {
      if (!Bits->getType()->isIntegerTy(1))
        return fail("'!' applied to a register that is not a predicate");
      Bits = Builder.CreateNot(Bits);
    }
    return Bits;
  }

  /// A scalar operand read as PTX type T (LLVM type llvmType(T)).
  Value *readScalar(const ScalarOperand &Op, PTXType T) {
    Type *Ty = llvmType(T);
    unsigned Width = bitWidth(T);
    if (auto *Ref = std::get_if<RegisterRef>(&Op)) {
      Value *Bits = readRegisterBits(*Ref);
      if (!Bits)
        return nullptr;
      if (T == PTXType::Pred) {
        if (Bits->getType()->isIntegerTy(1))
          return Bits;
        return Builder.CreateICmpNE(Bits, ConstantInt::get(Bits->getType(), 0));
      }
      Bits = adaptWidth(Bits, Width, isSigned(T));
      return Ty->isIntegerTy() ? Bits : Builder.CreateBitCast(Bits, Ty);
    }
    if (auto *Imm = std::get_if<IntegerImmediate>(&Op)) {
      if (Ty->isFloatingPointTy())
        return ConstantFP::get(Ty, double(int64_t(Imm->Value)));
      if (T == PTXType::Pred)
        return Builder.getInt1(Imm->Value != 0);
      return ConstantInt::get(Ty, Imm->Value);
    }
    auto &Imm = std::get<FloatImmediate>(Op);
    if (Ty->isFloatingPointTy()) {
      APFloat Value = Imm.IsDouble
                          ? APFloat(APFloat::IEEEdouble(), APInt(64, Imm.Bits))
                          : APFloat(APFloat::IEEEsingle(), APInt(32, Imm.Bits));
      bool LosesInfo;
      Value.convert(Ty->getFltSemantics(), APFloat::rmNearestTiesToEven,
                    &LosesInfo);
      return ConstantFP::get(Ty, Value);
    }
    // A float literal in a bit-typed instruction: its bits.
    return ConstantInt::get(Ty, Imm.Bits);
  }

  Value *read(const Operand &Op, PTXType T) {
    if (auto *Ref = std::get_if<RegisterRef>(&Op.Value))
      return readScalar(*Ref, T);
    if (auto *Imm = std::get_if<IntegerImmediate>(&Op.Value))
      return readScalar(*Imm, T);
    if (auto *Imm = std::get_if<FloatImmediate>(&Op.Value))
      return readScalar(*Imm, T);
    return fail(Op.Position, "expected a register or an immediate operand");
  }
  Value *read(unsigned Index, PTXType T) {
    return read(Current->Operands[Index], T);
  }

  /// The guard predicate of the current instruction, or null (also inside
  /// a region that guarded() already made conditional).
  Value *guard() {
    if (!Current->Predicate || InsideGuardedRegion)
      return nullptr;
    return readScalar(ScalarOperand(Current->Predicate->Predicate),
                      PTXType::Pred);
  }

  void writeRegister(const RegisterRef &Ref, Value *V, bool SignExtend,
                     SourcePosition Position) {
    if (Ref.RefKind == RegisterRef::Kind::Sink)
      return;
    if (Ref.RefKind == RegisterRef::Kind::Special) {
      fail(Position, "cannot write to special register '" +
                         std::string(spelling(Ref.Special)) + "'");
      return;
    }
    if (Ref.Negated) {
      fail(Position, "'!' is not allowed on a destination");
      return;
    }
    AllocaInst *Storage = storageOf(Ref);
    if (!Storage)
      return;
    Type *StorageTy = Storage->getAllocatedType();
    Value *Bits = toBits(V);
    if (StorageTy->isIntegerTy(1) && !Bits->getType()->isIntegerTy(1))
      Bits = Builder.CreateICmpNE(Bits, ConstantInt::get(Bits->getType(), 0));
    else if (!StorageTy->isIntegerTy(1) && Bits->getType()->isIntegerTy(1))
      Bits = Builder.CreateZExt(Bits, StorageTy);
    else
      Bits = adaptWidth(Bits, StorageTy->getIntegerBitWidth(), SignExtend);
    if (Value *Pred = guard()) {
      Value *Old = Builder.CreateLoad(StorageTy, Storage);
      Bits = Builder.CreateSelect(Pred, Bits, Old);
    }
    Builder.CreateStore(Bits, Storage);
  }

  /// Writes V (of PTX type T) to operand Index.
  void write(unsigned Index, Value *V, PTXType T) {
    if (!V)
      return;
    const Operand &Op = Current->Operands[Index];
    auto *Ref = std::get_if<RegisterRef>(&Op.Value);
    if (!Ref) {
      fail(Op.Position, "the destination must be a register");
      return;
    }
    writeRegister(*Ref, V, isSigned(T), Op.Position);
  }

  //===--- Binding --------------------------------------------------------===//

  bool bindOperands();
  void createDeclaredRegisters();
  void finish(bool HasMemoryClobber);

  //===--- Instructions ---------------------------------------------------===//

  void emit(const Instruction &I);
  void emitInteger(const Instruction &I);
  void emitCarry(const Instruction &I);
  void emitBit(const Instruction &I);
  void emitFindNthSet(const Instruction &I);
  void emitCompare(const Instruction &I);
  void emitFloat(const Instruction &I);
  /// min/max with .abs, .xorsign and .NaN on two floats of one type.
  llvm::Value *floatMinMax(const Instruction &I, bool IsMin, llvm::Value *A,
                           llvm::Value *B);
  void emitConvert(const Instruction &I);
  void emitMove(const Instruction &I);
  void emitConvertPack(const Instruction &I);
  void emitBranch(const Instruction &I);
  // PTXMemoryIR.cpp
  void emitMemory(const Instruction &I);
  void emitAtomic(const Instruction &I);
  // PTXSyncWarpIR.cpp
  void emitSynchronization(const Instruction &I);
  void emitMbarrier(const Instruction &I); // PTXMbarrierIR.cpp
  /// The mbarrier's space: `.shared::cluster` is the block's shared memory.
  std::optional<unsigned> mbarrierAddressSpace(const Instruction &I);
  /// One update of the mbarrier at Bar (PTXMbarrierIR.cpp): Count arrivals
  /// (i32), the tx-count raised by Tx (signed); returns the token.
  Value *mbarrierUpdate(Value *Bar, unsigned AS, Value *Count, Value *Tx,
                        bool Drop, bool Complete);
  void emitBulkCopy(const Instruction &I); // PTXBulkCopyIR.cpp
  void emitCreatePolicy(const Instruction &I); // PTXCachePolicyIR.cpp
  void emitWarp(const Instruction &I);
  void emitControl(const Instruction &I);
  void emitCall(const Instruction &I); // PTXCallIR.cpp
  // PTXHalfFloatIR.cpp
  void emitHalfFloat(const Instruction &I);
  /// cvt from f32 to f16/bf16/f16x2/bf16x2/tf32 (with .relu, .satfinite,
  /// .rna); false when the conversion is not one of these.
  bool emitHalfConvert(const Instruction &I);
  /// setp on f16/bf16 (p) and f16x2/bf16x2 (p|q: lower and upper lanes).
  void emitHalfCompare(const Instruction &I);
  // PTXVideoIR.cpp
  void emitVideo(const Instruction &I);
  // PTXMatrixIR.cpp
  void emitMatrix(const Instruction &I);
  void emitMma(const Instruction &I);
  /// An mma's D elements as the words of its destination registers (i32,
  /// i64 for f64): f16 pairs packed low first, integer sums truncated to
  /// s32, f32/f64 as bits.
  std::vector<llvm::Value *> mmaResultWords(llvm::ArrayRef<llvm::Value *> D,
                                            PTXType DT, unsigned Registers);
  /// Calls the function `__rubicon_mma.<spelling>` of this module (created
  /// on first use, its body built by Body from the operands' register words)
  /// that performs one mma.sync, and returns the destination's words. Its
  /// attribute "rubicon-matrix-op" names the instruction, so that each
  /// target's lowering (rubicon-lower-matrix-ops) reports the path it takes
  /// and inlines it: docs/matrix-cores.md.
  std::vector<llvm::Value *> callMmaFunction(
      const Instruction &I, llvm::ArrayRef<std::vector<llvm::Value *>> Operands,
      unsigned WordBits, unsigned ResultWords,
      function_ref<std::vector<llvm::Value *>(
          llvm::ArrayRef<std::vector<llvm::Value *>>)>
          Body);
  /// The mask of the active lanes, for warp-collective matrix instructions.
  llvm::Value *activeLanes();
  /// shfl.sync.idx of the 32-bit V from SourceLane among Lanes.
  llvm::Value *shuffleFromLane(llvm::Value *Lanes, llvm::Value *V,
                               llvm::Value *SourceLane);
  void emitMmaVolta(const Instruction &I, bool RowA, bool RowB);
  // PTXWmmaIR.cpp
  void emitWmma(const Instruction &I);
  void emitWmmaMma(const Instruction &I, unsigned M, unsigned N, unsigned K);
  /// The function `__rubicon_wmma.<op>.<shape>[.<layout>].<types>...` of
  /// this module that performs one wmma operation (created on first use,
  /// its body built by Body). Its attributes name the operation, so that each
  /// target's lowering can replace the call (matrix instructions) or inline
  /// it (the generic IR built here): docs/matrix-cores.md.
  Function *wmmaFunction(StringRef Op, StringRef Shape, StringRef Layout,
                         StringRef Types, bool SatFinite, unsigned AS,
                         llvm::FunctionType *FT,
                         function_ref<void(Function &)> Body);
  void emitWmmaLoadStoreBody(Function &Fn, const WmmaFragment &F,
                             bool RowMajor, bool IsStore);
  /// A 16-bit lane (f16 or bf16 bits) widened exactly to f32.
  Value *halfBitsToFloat(Value *Bits, bool Brain);
  /// f32 -> the 16 bits of f16 or bf16, rounded to nearest even.
  Value *floatToHalfBits(Value *X, bool Brain);
  /// Sum + Error (exact, Sum = RN of it, both f64) rounded to odd into f32:
  /// rounding that to a format of at most 22 bits is a single rounding.
  Value *roundToOddFloat(Value *Sum, Value *Error);

  /// Emits Body only when the guard predicate holds (a branch around it),
  /// for instructions whose effect is more than a register write. With
  /// MayTerminate, Body may end its block (`ret`): it always gets a block of
  /// its own.
  void guarded(function_ref<void()> Body, bool MayTerminate = false);

  // Memory helpers (PTXMemoryIR.cpp).
  /// The LLVM (NVPTX) address space of the instruction's state space; 0
  /// (generic) when it names none. Fails on spaces that have no equivalent.
  std::optional<unsigned> addressSpace(const Instruction &I);
  /// The pointer an address operand `[base+offset]` designates in AS.
  Value *address(const Operand &Op, unsigned AS);
  /// The syncscope of the instruction's scope modifier (default: .gpu).
  SyncScope::ID syncScope(const Instruction &I);

  PTXType type(unsigned N = 0) const { return Current->Types[N]; }
  unsigned width(unsigned N = 0) const { return bitWidth(type(N)); }
  bool isSignedType(unsigned N = 0) const { return isSigned(type(N)); }
  IntegerType *intTy(unsigned Width) { return Builder.getIntNTy(Width); }
  Constant *intC(unsigned Width, uint64_t V) {
    return ConstantInt::get(intTy(Width), V);
  }
  Value *intrinsic(Intrinsic::ID ID, ArrayRef<Value *> Args) {
    return Builder.CreateIntrinsic(ID, {Args[0]->getType()}, Args);
  }

  /// The registers of vector operand Index, which must have Count of them
  /// (else an error and null).
  const std::vector<ScalarOperand> *vectorOperand(const Instruction &I,
                                                  unsigned Index,
                                                  unsigned Count);

  // Integer helpers.
  Value *mulPart(Value *A, Value *B, bool Signed, PTXModifier Part);
  Value *saturateSigned32(Value *Wide);
  Value *sad(Value *A, Value *B, Value *C, bool Signed);

  // Floating-point helpers.
  Value *flushDenormal(Value *X);
  Value *saturateUnit(Value *X);
  Value *nextUp(Value *X);
  Value *nextDown(Value *X) {
    return Builder.CreateFNeg(nextUp(Builder.CreateFNeg(X)));
  }
  Value *directedRound(Value *Result, Value *Below, Value *Above,
                       PTXModifier Rounding);
  Value *narrowDirected(Value *Wide, Value *Error, Type *Narrow,
                        PTXModifier Rounding);
  /// {A + B, its rounding error} (Knuth's TwoSum; exact in round-to-nearest).
  std::pair<Value *, Value *> twoSum(Value *A, Value *B);
  Value *floatArithmetic(const Instruction &I, ArrayRef<Value *> Args,
                         PTXModifier Rounding);
  Value *intToFloatDirected(Value *Int, bool Signed, Type *FloatTy,
                            PTXModifier Rounding);
  Value *compare(PTXModifier Comparison, Value *A, Value *B, PTXType T);
};

} // namespace rubicon::ptxir

#endif // RUBICON_PTXINLINE_INLINEPTXBUILDER_H
