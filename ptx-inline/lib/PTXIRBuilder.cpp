//===- PTXIRBuilder.cpp - build LLVM IR for one inline-PTX statement ------===//
//
// Operand binding (constraints -> registers), the dispatch of each
// instruction to its family's emitter (PTXIntegerIR.cpp, PTXCompareFloatIR.cpp,
// PTXConvertMoveIR.cpp, PTXMemoryIR.cpp, ...), branches and guards. Every
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

const std::vector<ScalarOperand> *
InlinePTXBuilder::vectorOperand(const Instruction &I, unsigned Index,
                                unsigned Count) {
  auto *Vec = std::get_if<VectorOperand>(&I.Operands[Index].Value);
  if (!Vec || Vec->Elements.size() != Count) {
    fail(I.Operands[Index].Position,
         "expected a vector of " + std::to_string(Count) + " registers");
    return nullptr;
  }
  return &Vec->Elements;
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
    if (I.opcode() == PTXOpcode::BarArrive ||
        I.opcode() == PTXOpcode::BarrierArrive)
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
    if (I.opcode() == PTXOpcode::Call)
      return emitCall(I);
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
