//===- PTXCallIR.cpp - call of the CUDA system calls ----------------------===//
//
// Part of Rubicon. PTX that nvcc writes calls a few functions the device
// runtime provides and the module only declares (`.extern .func`): printf's
// vprintf, malloc, free and assert's __assertfail (PTX ISA, "System
// Calls"). Their calls come as nvcc's call sequences,
//
//   { .param .b64 param0; st.param.b64 [param0], %rd1; ...
//     .param .b32 retval0;
//     call.uni (retval0), vprintf, (param0, param1);
//     ld.param.b32 %r2, [retval0]; }
//
// which a PTX module hands to ptx-inline with `(...)` written as vectors
// and each `.param` variable a `$N` operand holding its slot's address
// (ptx-module/lib/PTXModuleParser.cpp):
//
//   call.uni {$3}, vprintf, {$1, $2};
//
// Each becomes a call of the function of that name, with the arguments
// loaded from their slots and the result stored into its slot, as clang
// calls them for a .cu file; the lowering then maps them to each target's
// printf, heap and trap. Other callees are errors naming them.
//
//===----------------------------------------------------------------------===//

#include "InlinePTXBuilder.h"

#include <cstring>

using namespace llvm;
using namespace rubicon::ptx;

namespace rubicon::ptxir {

namespace {
/// A system call's signature: result and parameter types, in the IR of a
/// .cu file's calls ('p': ptr, 'i': i32, 'l': i64, 'v': void).
struct SystemCall {
  const char *Name;
  char Result;
  const char *Params;
};
constexpr SystemCall SystemCalls[] = {
    {"vprintf", 'i', "pp"},
    {"malloc", 'p', "l"},
    {"free", 'v', "p"},
    {"__assertfail", 'v', "ppipl"},
};

Type *typeOf(LLVMContext &Ctx, char Code) {
  switch (Code) {
  case 'p':
    return PointerType::get(Ctx, GenericSpace);
  case 'i':
    return Type::getInt32Ty(Ctx);
  case 'l':
    return Type::getInt64Ty(Ctx);
  default:
    return Type::getVoidTy(Ctx);
  }
}
} // namespace

void InlinePTXBuilder::emitCall(const Instruction &I) {
  // `call{.uni} [{ret},] name, {args}`.
  const std::vector<Operand> &Ops = I.Operands;
  size_t NameAt = Ops.size() > 0 && std::holds_alternative<LabelRef>(Ops[0].Value)
                      ? 0
                      : 1;
  if (NameAt >= Ops.size() ||
      !std::holds_alternative<LabelRef>(Ops[NameAt].Value))
    return (void)fail(I.Position, "expected 'call [(result),] function, "
                                  "(arguments)'");
  const std::string &Name = std::get<LabelRef>(Ops[NameAt].Value).Name;
  const SystemCall *Callee = nullptr;
  for (const SystemCall &S : SystemCalls)
    if (Name == S.Name)
      Callee = &S;
  if (!Callee)
    return (void)fail(Ops[NameAt].Position,
                      "call of '" + Name +
                          "': unresolved external symbol (no PTX input of the "
                          "link defines it; only the system calls vprintf, "
                          "malloc, free and __assertfail may stay undefined)");
  auto slots = [&](size_t At) -> std::vector<ScalarOperand> {
    if (At >= Ops.size())
      return {};
    if (auto *V = std::get_if<VectorOperand>(&Ops[At].Value))
      return V->Elements;
    return {};
  };
  std::vector<ScalarOperand> Results =
                                 NameAt ? slots(0) : std::vector<ScalarOperand>{},
                             Args = slots(NameAt + 1);
  size_t Params = std::strlen(Callee->Params);
  bool HasResult = Callee->Result != 'v';
  if (Args.size() != Params || Results.size() != (HasResult ? 1u : 0u) ||
      (NameAt + 2 < Ops.size()))
    return (void)fail(I.Position,
                      "call of '" + Name + "' with " +
                          std::to_string(Args.size()) + " arguments and " +
                          std::to_string(Results.size()) + " results; it takes " +
                          std::to_string(Params) + " and " +
                          std::to_string(HasResult ? 1 : 0));

  // The slots' addresses, then the call.
  Type *Ptr = PointerType::get(Ctx, GenericSpace);
  auto slot = [&](const ScalarOperand &Op) -> Value * {
    Value *Address = readScalar(Op, PTXType::U64);
    return Address ? Builder.CreateIntToPtr(Address, Ptr) : nullptr;
  };
  std::vector<Value *> ArgSlots;
  for (const ScalarOperand &Op : Args)
    if (Value *S = slot(Op))
      ArgSlots.push_back(S);
    else
      return;
  Value *ResultSlot = HasResult ? slot(Results[0]) : nullptr;
  if (HasResult && !ResultSlot)
    return;
  std::vector<Type *> ParamTypes;
  for (const char *P = Callee->Params; *P; ++P)
    ParamTypes.push_back(typeOf(Ctx, *P));
  FunctionCallee Function = M.getOrInsertFunction(
      Name, FunctionType::get(typeOf(Ctx, Callee->Result), ParamTypes, false));
  guarded([&] {
    std::vector<Value *> Values;
    for (size_t A = 0; A < ArgSlots.size(); ++A)
      Values.push_back(Builder.CreateLoad(ParamTypes[A], ArgSlots[A]));
    CallInst *Result = Builder.CreateCall(Function, Values);
    if (MDNode *SrcLoc = Call.getMetadata("srcloc"))
      Result->setMetadata("srcloc", SrcLoc);
    if (ResultSlot)
      Builder.CreateStore(Result, ResultSlot);
  });
}

} // namespace rubicon::ptxir
