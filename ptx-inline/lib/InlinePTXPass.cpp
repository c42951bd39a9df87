//===- InlinePTXPass.cpp - the rubicon-lower-inline-ptx pass --------------===//
//
// Finds inline-asm calls, parses their PTX, builds IR for them (first on a
// scratch copy, so a failure leaves the module untouched), promotes the
// registers to SSA values and reports what could not be translated.
//
//===----------------------------------------------------------------------===//

#include "rubicon/InlinePTX.h"

#include "PTXIRBuilder.h"
#include "rubicon/PTX/PTXParser.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <map>

using namespace llvm;

namespace rubicon {

char InlinePTXError::ID = 0;

void InlinePTXError::log(raw_ostream &OS) const {
  OS << "inline PTX";
  if (!SrcLocCookies.empty())
    OS << " (srcloc " << SrcLocCookies.front() << ", asm " << AsmLine << ":"
       << AsmColumn << ")";
  else
    OS << " (asm " << AsmLine << ":" << AsmColumn << ")";
  if (!FunctionName.empty())
    OS << " in function '" << FunctionName << "'";
  OS << ": " << Message;
}

std::error_code InlinePTXError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

namespace {

std::vector<uint64_t> srcLocCookies(const CallBase &Call) {
  std::vector<uint64_t> Cookies;
  if (MDNode *SrcLoc = Call.getMetadata("srcloc"))
    for (const MDOperand &Op : SrcLoc->operands())
      if (auto *C = mdconst::dyn_extract<ConstantInt>(Op))
        Cookies.push_back(C->getZExtValue());
  return Cookies;
}

Error makeError(const CallBase &Call, ptx::SourcePosition Position,
                std::string Message) {
  return make_error<InlinePTXError>(
      srcLocCookies(Call), Call.getFunction()->getName().str(), Position.Line,
      Position.Column, std::move(Message));
}

/// Runs the builder on a copy of Call in a throw-away function.
std::optional<PTXBuildFailure> tryOnScratchCopy(CallBase &Call,
                                                const ptx::Block &PTX) {
  Module &M = *Call.getModule();
  SmallVector<Type *, 8> ArgTypes;
  for (Value *Arg : Call.args())
    ArgTypes.push_back(Arg->getType());
  Function *Scratch = Function::Create(
      FunctionType::get(Call.getType(), ArgTypes, false),
      GlobalValue::InternalLinkage, "rubicon.inline.ptx.scratch", M);
  // Instructions that depend on the function's kind (exit) see the same.
  Scratch->setCallingConv(Call.getFunction()->getCallingConv());
  IRBuilder<> Builder(BasicBlock::Create(M.getContext(), "", Scratch));
  SmallVector<Value *, 8> Args;
  for (Argument &A : Scratch->args())
    Args.push_back(&A);
  CallInst *Copy =
      Builder.CreateCall(Call.getFunctionType(), Call.getCalledOperand(), Args);
  if (Call.getType()->isVoidTy())
    Builder.CreateRetVoid();
  else
    Builder.CreateRet(Copy);
  std::vector<AllocaInst *> Allocas;
  auto Failure = buildInlinePTX(*Copy, PTX, Allocas);
  Scratch->eraseFromParent();
  return Failure;
}

bool isInlineAsmCall(const Instruction &I) {
  auto *Call = dyn_cast<CallBase>(&I);
  return Call && Call->isInlineAsm();
}

/// True when the asm has no instructions at all (`asm volatile("" :::
/// "memory")`): such a call is valid on every target and stays.
bool isEmptyAsm(const CallBase &Call, const ptx::Block &PTX) {
  return PTX.Statements.empty() && Call.getType()->isVoidTy();
}

/// The text of nvcc's `"C"` operand Arg (clang's `"X"`, see the frontend's
/// NvccDialect.h): the contents, up to the first NUL, of the constant char
/// array whose address it is.
std::optional<std::string> stringOperandText(const Value *Arg) {
  const auto *Array = dyn_cast<GlobalVariable>(Arg->stripPointerCasts());
  if (!Array || !Array->isConstant() || !Array->hasInitializer())
    return std::nullopt;
  const Constant *Init = Array->getInitializer();
  if (const auto *Data = dyn_cast<ConstantDataArray>(Init);
      Data && Data->getElementType()->isIntegerTy(8))
    return Data->getRawDataValues().split('\0').first.str();
  if (isa<ConstantAggregateZero>(Init) &&
      Init->getType()->isArrayTy() &&
      Init->getType()->getArrayElementType()->isIntegerTy(8))
    return std::string();
  return std::nullopt;
}

/// The PTX text of the asm: each `"C"` operand's `$N` (or `${N}`) replaced
/// by its string and each `"n"` operand's by its value, the way nvcc pastes
/// compile-time operands into the template, and `$$` by `$`.
Expected<std::string> pasteConstantOperands(const CallBase &Call) {
  auto *IA = cast<InlineAsm>(Call.getCalledOperand());
  std::map<unsigned, std::string> Pasted;
  unsigned Placeholder = 0, ArgIndex = 0;
  for (const InlineAsm::ConstraintInfo &CI : IA->ParseConstraints()) {
    if (CI.Type == InlineAsm::isClobber)
      continue;
    unsigned Number = Placeholder++;
    if (CI.Type == InlineAsm::isOutput && !CI.isIndirect)
      continue;
    if (ArgIndex >= Call.arg_size())
      break; // bindOperands reports the mismatch
    const Value *Arg = Call.getArgOperand(ArgIndex++);
    StringRef Code = CI.Codes.empty() ? "" : StringRef(CI.Codes.front());
    if (Code == "n" || Code == "i") {
      // An immediate: nvcc writes its value into the PTX text, where the
      // instruction may require an immediate (lop3's table, cp.async's
      // size, bfe's positions).
      if (const auto *Value = dyn_cast<ConstantInt>(Arg))
        Pasted[Number] = std::to_string(Value->getSExtValue());
      continue;
    }
    if (Code != "X")
      continue;
    std::optional<std::string> Text = stringOperandText(Arg);
    if (!Text)
      return makeError(Call, ptx::SourcePosition{},
                       "operand $" + std::to_string(Number) +
                           " (constraint 'C') must be the address of a "
                           "constant char array, such as a static constexpr "
                           "const char[] (nvcc's rule)");
    Pasted[Number] = std::move(*Text);
  }
  // clang writes the source's `$` (PTX labels such as `$Lloop`) as `$$`.
  StringRef Asm = IA->getAsmString();
  std::string Out;
  for (size_t I = 0; I < Asm.size();) {
    if (Asm[I] != '$' || I + 1 == Asm.size()) {
      Out += Asm[I++];
      continue;
    }
    if (Asm[I + 1] == '$') {
      Out += '$';
      I += 2;
      continue;
    }
    bool Braced = Asm[I + 1] == '{';
    size_t Digits = I + 1 + Braced, End = Digits;
    while (End < Asm.size() && isdigit(static_cast<unsigned char>(Asm[End])))
      ++End;
    unsigned Number = 0;
    bool IsNumber = End != Digits &&
                    !Asm.slice(Digits, End).getAsInteger(10, Number) &&
                    (!Braced || (End < Asm.size() && Asm[End] == '}'));
    auto It = IsNumber ? Pasted.find(Number) : Pasted.end();
    if (It == Pasted.end()) {
      Out += Asm[I++];
      continue;
    }
    Out += It->second;
    I = End + Braced;
  }
  return Out;
}

} // namespace

Error lowerInlinePTXCall(CallBase &Call,
                         std::vector<AllocaInst *> &NewAllocas) {
  Expected<std::string> Text = pasteConstantOperands(Call);
  if (!Text)
    return Text.takeError();
  ptx::ParseResult Parsed = ptx::parsePTX(*Text);
  if (!Parsed)
    return makeError(Call, Parsed.error().Position, Parsed.error().Message);
  if (isEmptyAsm(Call, Parsed.block()))
    return Error::success();
  if (auto Failure = tryOnScratchCopy(Call, Parsed.block()))
    return makeError(Call, Failure->Position, Failure->Message);
  if (auto Failure = buildInlinePTX(Call, Parsed.block(), NewAllocas))
    return makeError(Call, Failure->Position, Failure->Message);
  return Error::success();
}

Error lowerInlinePTX(Module &M) {
  Error Errors = Error::success();
  for (Function &F : M) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(F))
      if (isInlineAsmCall(I))
        Calls.push_back(cast<CallBase>(&I));
    if (Calls.empty())
      continue;
    std::vector<AllocaInst *> Allocas;
    for (CallBase *Call : Calls)
      Errors =
          joinErrors(std::move(Errors), lowerInlinePTXCall(*Call, Allocas));
    if (!Allocas.empty()) {
      DominatorTree DT(F);
      PromoteMemToReg(Allocas, DT);
    }
  }
  if (Errors)
    return Errors;
  return resolveThreadExits(M);
}

PreservedAnalyses LowerInlinePTXPass::run(Module &M, ModuleAnalysisManager &) {
  Error Errors = lowerInlinePTX(M);
  bool Changed = true;
  handleAllErrors(std::move(Errors), [&](const InlinePTXError &E) {
    std::string Text;
    raw_string_ostream OS(Text);
    E.log(OS);
    uint64_t Cookie = E.SrcLocCookies.empty() ? 0 : E.SrcLocCookies.front();
    M.getContext().diagnose(DiagnosticInfoInlineAsm(Cookie, Text));
  });
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

void registerInlinePTXPasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "rubicon-lower-inline-ptx")
          return false;
        MPM.addPass(LowerInlinePTXPass());
        return true;
      });
}

} // namespace rubicon
