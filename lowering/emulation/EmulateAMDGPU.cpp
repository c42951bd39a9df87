//===- EmulateAMDGPU.cpp - rubicon-emulate-amdgpu -------------------------===//
//
// Part of Rubicon. See EmulationPasses.h and docs/amdgpu-emulation.md.
//
//===----------------------------------------------------------------------===//
#include "EmulationPasses.h"
#include "../host/HostPasses.h"
#include "LoweringPasses.h"
#include "rubicon/HostABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/AMDGPUAddrSpace.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace rubicon {

using llvm::AMDGPUAS::CONSTANT_ADDRESS;
using llvm::AMDGPUAS::GLOBAL_ADDRESS;
using llvm::AMDGPUAS::LOCAL_ADDRESS;
using llvm::AMDGPUAS::PRIVATE_ADDRESS;

std::string emulatedDataLayout() {
  auto TM = createHostTargetMachine(0);
  std::string Layout =
      TM ? (*TM)->createDataLayout().getStringRepresentation()
         : (consumeError(TM.takeError()),
            std::string("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-"
                        "i128:128-f80:128-n8:16:32:64-S128"));
  return Layout + "-p3:32:32-p5:32:32";
}

namespace {

bool isLocalAS(unsigned AS) { return AS == LOCAL_ADDRESS || AS == PRIVATE_ADDRESS; }
bool isLocalPointer(const Value *V) {
  auto *P = dyn_cast<PointerType>(V->getType());
  return P && isLocalAS(P->getAddressSpace());
}

std::string describe(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// Aggregates whose layout the x86-64 data layout would change (a 32-bit
/// pointer field, an over-aligned vector): an error each.
bool diagnoseLayoutChanges(Module &M, const DataLayout &To) {
  const DataLayout &From = M.getDataLayout();
  SmallPtrSet<Type *, 16> Seen;
  bool Failed = false;
  std::function<void(Type *)> Check = [&](Type *T) {
    if (!T->isAggregateType() || !T->isSized() || !Seen.insert(T).second)
      return;
    bool Same = From.getTypeAllocSize(T) == To.getTypeAllocSize(T) &&
                From.getABITypeAlign(T) == To.getABITypeAlign(T);
    if (auto *S = dyn_cast<StructType>(T)) {
      const StructLayout *A = From.getStructLayout(S), *B = To.getStructLayout(S);
      for (unsigned I = 0; Same && I < S->getNumElements(); ++I)
        Same = A->getElementOffset(I) == B->getElementOffset(I);
      for (Type *E : S->elements())
        Check(E);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      Check(AT->getElementType());
    }
    if (!Same) {
      reportLoweringError(M.getContext(),
                          "AMDGPU emulation: the layout of " + describe(T) +
                              " differs between the AMDGPU and x86-64 data "
                              "layouts");
      Failed = true;
    }
  };
  for (GlobalVariable &G : M.globals())
    Check(G.getValueType());
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (auto *A = dyn_cast<AllocaInst>(&I))
        Check(A->getAllocatedType());
      else if (auto *G = dyn_cast<GetElementPtrInst>(&I))
        Check(G->getSourceElementType());
      else if (auto *L = dyn_cast<LoadInst>(&I))
        Check(L->getType());
      else if (auto *S = dyn_cast<StoreInst>(&I))
        Check(S->getValueOperand()->getType());
    }
  return Failed;
}

/// LDS variables laid out from address 0, as the GPU's LDS; the dynamic
/// array (external, zero-sized) after them. Returns the static size, a
/// multiple of host::SharedMemoryAlignment; `Static` receives the size of
/// the variables alone (llvm.amdgcn.groupstaticsize).
uint64_t layOutLds(Module &M, uint64_t &StaticBytes) {
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  SmallVector<GlobalVariable *> Static, Dynamic;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == LOCAL_ADDRESS)
      (G.isDeclaration() || DL.getTypeAllocSize(G.getValueType()) == 0
           ? Dynamic
           : Static)
          .push_back(&G);
  // Used lists name LDS variables only to keep them: drop those entries.
  for (const char *Name : {"llvm.used", "llvm.compiler.used"})
    if (GlobalVariable *Used = M.getNamedGlobal(Name)) {
      auto *Init = dyn_cast<ConstantArray>(Used->getInitializer());
      if (!Init)
        continue;
      SmallVector<Constant *> Keep;
      for (Use &U : Init->operands())
        if (auto *C = cast<Constant>(U.get());
            !isa<GlobalVariable>(C->stripPointerCasts()) ||
            cast<GlobalVariable>(C->stripPointerCasts())->getAddressSpace() !=
                LOCAL_ADDRESS)
          Keep.push_back(C);
      Type *ElementType = Init->getType()->getElementType();
      Used->eraseFromParent();
      if (!Keep.empty()) {
        auto *T = ArrayType::get(ElementType, Keep.size());
        auto *NewUsed = new GlobalVariable(M, T, false,
                                           GlobalValue::AppendingLinkage,
                                           ConstantArray::get(T, Keep), Name);
        NewUsed->setSection("llvm.metadata");
      }
    }
  uint64_t Offset = 0;
  auto Place = [&](GlobalVariable *G, uint64_t At) {
    SmallVector<Constant *> Users{G};
    convertUsersOfConstantsToInstructions(Users);
    Constant *Address = ConstantExpr::getIntToPtr(
        ConstantInt::get(Type::getInt32Ty(Ctx), At), G->getType());
    G->replaceAllUsesWith(Address);
    G->eraseFromParent();
  };
  for (GlobalVariable *G : Static) {
    Offset = alignTo(Offset, DL.getValueOrABITypeAlignment(G->getAlign(),
                                                           G->getValueType()));
    uint64_t At = Offset;
    Offset += DL.getTypeAllocSize(G->getValueType());
    Place(G, At);
  }
  StaticBytes = Offset;
  Offset = alignTo(Offset, host::SharedMemoryAlignment);
  for (GlobalVariable *G : Dynamic)
    Place(G, Offset);
  return Offset;
}

class FunctionRewriter {
  Function &F;
  Module &M;
  LLVMContext &Ctx;
  Value *Bases[6] = {};
  bool Failed = false;

  Value *base(unsigned AS) {
    if (!Bases[AS]) {
      IRBuilder<> B(&*F.getEntryBlock().begin());
      FunctionCallee Get = M.getOrInsertFunction(
          AS == LOCAL_ADDRESS ? "__rubicon_amdgcn_lds_base"
                         : "__rubicon_amdgcn_private_base",
          PointerType::get(Ctx, 0));
      Bases[AS] = B.CreateCall(Get, {}, AS == LOCAL_ADDRESS ? "lds" : "scratch");
    }
    return Bases[AS];
  }
  /// The flat (host) address of a 32-bit LDS or scratch address.
  Value *toFlat(Value *P, IRBuilderBase &B) {
    unsigned AS = P->getType()->getPointerAddressSpace();
    Value *Offset = B.CreateZExt(B.CreatePtrToInt(P, B.getInt32Ty()),
                                 B.getInt64Ty());
    return B.CreateGEP(B.getInt8Ty(), base(AS), Offset);
  }
  /// The 32-bit LDS or scratch address of a flat one.
  Value *fromFlat(Value *P, unsigned AS, IRBuilderBase &B) {
    Value *Offset = B.CreateSub(B.CreatePtrToInt(P, B.getInt64Ty()),
                                B.CreatePtrToInt(base(AS), B.getInt64Ty()));
    return B.CreateIntToPtr(B.CreateTrunc(Offset, B.getInt32Ty()),
                            PointerType::get(Ctx, AS));
  }
  void error(Instruction &I, const Twine &What) {
    reportLoweringError(Ctx,
                        "AMDGPU emulation: " + What + " in '" + F.getName() +
                            "'",
                        &I);
    Failed = true;
  }

  void rewriteAllocas() {
    SmallVector<AllocaInst *> Allocas;
    for (Instruction &I : instructions(F))
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->getAddressSpace() != 0)
        Allocas.push_back(A);
    for (AllocaInst *A : Allocas) {
      for (User *U : make_early_inc_range(A->users()))
        if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
          II->eraseFromParent();
      auto *Flat = new AllocaInst(A->getAllocatedType(), 0, A->getArraySize(),
                                  A->getAlign(), A->getName(), A->getIterator());
      IRBuilder<> B(Flat->getNextNode());
      Value *Private = fromFlat(Flat, A->getAddressSpace(), B);
      A->replaceAllUsesWith(Private);
      A->eraseFromParent();
    }
  }

  /// AMDGPU inline assembly that is only comments (';' to the end of a
  /// line) keeps its effect on the optimizer: x86-64 assembly that is empty,
  /// with the same operands (AMDGPU register classes become x86-64 ones).
  /// Other AMDGPU instructions cannot run here: an error.
  void rewriteInlineAsm(CallInst &Call) {
    auto *Asm = cast<InlineAsm>(Call.getCalledOperand());
    bool Empty = true;
    for (StringRef Line : split(Asm->getAsmString(), '\n')) {
      Line = Line.split(';').first.trim();
      Empty &= Line.empty();
    }
    if (!Empty) {
      error(Call, "cannot emulate AMDGPU inline assembly '" +
                      Asm->getAsmString() + "'");
      return;
    }
    std::string Constraints;
    for (StringRef Piece : split(Asm->getConstraintString(), ',')) {
      if (!Constraints.empty())
        Constraints += ',';
      std::string Mapped = Piece.str();
      for (char &C : Mapped)
        if (C == 'v' || C == 's' || C == 'a')
          C = 'r';
      Constraints += Mapped;
    }
    if (Error E = InlineAsm::verify(Asm->getFunctionType(), Constraints)) {
      consumeError(std::move(E));
      error(Call, "cannot emulate AMDGPU inline assembly constraints '" +
                      Asm->getConstraintString() + "'");
      return;
    }
    Call.setCalledOperand(InlineAsm::get(Asm->getFunctionType(), "",
                                         Constraints, Asm->hasSideEffects(),
                                         Asm->isAlignStack()));
  }

  void rewriteIntrinsicCall(CallInst &Call, Function &Callee) {
    StringRef Name = Callee.getName();
    // The generic counters, as the AMDGPU back end selects them:
    // readsteadycounter is s_memrealtime (the constant 100 MHz clock),
    // readcyclecounter s_memtime. (x86-64 would read 0 for the first.)
    if (Callee.getIntrinsicID() == Intrinsic::readsteadycounter ||
        Callee.getIntrinsicID() == Intrinsic::readcyclecounter) {
      std::string Library =
          EmulatedIntrinsicPrefix +
          std::string(Callee.getIntrinsicID() == Intrinsic::readsteadycounter
                          ? "s_memrealtime"
                          : "s_memtime");
      Call.replaceAllUsesWith(CallInst::Create(
          M.getOrInsertFunction(Library, Call.getType()), "",
          Call.getIterator()));
      Call.eraseFromParent();
      return;
    }
    if (StringRef Exec = execRegisterRead(Call); !Exec.empty()) {
      // EXEC as the lane tracks it; a 32-bit read of "exec" (wave32) is
      // its low half.
      if (Exec == "exec" && Call.getType()->isIntegerTy(32))
        Exec = "exec_lo";
      std::string Library = EmulatedIntrinsicPrefix + std::string("read_") + Exec.str();
      Call.replaceAllUsesWith(CallInst::Create(
          M.getOrInsertFunction(Library, Call.getFunctionType()->getReturnType()),
          "", Call.getIterator()));
      Call.eraseFromParent();
      return;
    }
    if (Name.consume_front("llvm.amdgcn.")) {
      std::string Library = EmulatedIntrinsicPrefix + Name.str();
      std::replace(Library.begin(), Library.end(), '.', '_');
      FunctionCallee Semantics =
          M.getOrInsertFunction(Library, Call.getFunctionType());
      Call.setCalledFunction(Semantics);
      Call.setAttributes(AttributeList());
      return;
    }
    IRBuilder<> B(&Call);
    if (auto *Mem = dyn_cast<MemIntrinsic>(&Call)) {
      if (!any_of(Call.args(), [](const Use &U) { return isLocalPointer(U.get()); }))
        return;
      Value *Dest = Mem->getRawDest();
      if (isLocalPointer(Dest))
        Dest = toFlat(Dest, B);
      CallInst *New;
      if (auto *Set = dyn_cast<MemSetInst>(Mem)) {
        New = B.CreateMemSet(Dest, Set->getValue(), Set->getLength(),
                             Set->getDestAlign(), Set->isVolatile());
      } else {
        auto *Transfer = cast<MemTransferInst>(Mem);
        Value *Source = Transfer->getRawSource();
        if (isLocalPointer(Source))
          Source = toFlat(Source, B);
        New = isa<MemMoveInst>(Transfer)
                  ? B.CreateMemMove(Dest, Transfer->getDestAlign(), Source,
                                    Transfer->getSourceAlign(),
                                    Transfer->getLength(),
                                    Transfer->isVolatile())
                  : B.CreateMemCpy(Dest, Transfer->getDestAlign(), Source,
                                   Transfer->getSourceAlign(),
                                   Transfer->getLength(),
                                   Transfer->isVolatile());
      }
      (void)New;
      Call.eraseFromParent();
      return;
    }
    if (auto *II = dyn_cast<IntrinsicInst>(&Call);
        II && II->isLifetimeStartOrEnd()) {
      if (isLocalPointer(II->getArgOperand(0)))
        II->eraseFromParent();
      return;
    }
    for (const Use &U : Call.args())
      if (isLocalPointer(U.get())) {
        error(Call, "cannot emulate '" + Callee.getName() +
                        "' on an LDS or scratch pointer");
        return;
      }
  }

public:
  FunctionRewriter(Function &F) : F(F), M(*F.getParent()), Ctx(F.getContext()) {}

  bool run() {
    rewriteAllocas();
    SmallVector<Instruction *> Work;
    for (Instruction &I : instructions(F))
      Work.push_back(&I);
    for (Instruction *I : Work) {
      IRBuilder<> B(I);
      auto Rewrite = [&](unsigned OperandNo) {
        if (isLocalPointer(I->getOperand(OperandNo)))
          I->setOperand(OperandNo, toFlat(I->getOperand(OperandNo), B));
      };
      if (isa<LoadInst>(I)) {
        Rewrite(LoadInst::getPointerOperandIndex());
      } else if (isa<StoreInst>(I)) {
        Rewrite(StoreInst::getPointerOperandIndex());
      } else if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
        Rewrite(AtomicRMWInst::getPointerOperandIndex());
        RMW->setSyncScopeID(SyncScope::System);
      } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
        Rewrite(AtomicCmpXchgInst::getPointerOperandIndex());
        CX->setSyncScopeID(SyncScope::System);
      } else if (auto *Fence = dyn_cast<FenceInst>(I)) {
        Fence->setSyncScopeID(SyncScope::System);
      } else if (auto *Cast = dyn_cast<AddrSpaceCastInst>(I)) {
        unsigned From = Cast->getSrcAddressSpace(), To = Cast->getDestAddressSpace();
        Value *New = nullptr;
        if (isLocalAS(From) && isLocalAS(To))
          error(*I, "address space cast between LDS and scratch");
        else if (isLocalAS(From))
          New = B.CreateAddrSpaceCast(toFlat(Cast->getOperand(0), B),
                                      Cast->getType());
        else if (isLocalAS(To))
          New = fromFlat(B.CreateAddrSpaceCast(Cast->getOperand(0),
                                               PointerType::get(Ctx, 0)),
                         To, B);
        if (New) {
          Cast->replaceAllUsesWith(New);
          Cast->eraseFromParent();
        }
      } else if (auto *Call = dyn_cast<CallInst>(I)) {
        if (Function *Callee = Call->getCalledFunction();
            Callee && Callee->isIntrinsic())
          rewriteIntrinsicCall(*Call, *Callee);
        else if (Call->isInlineAsm())
          rewriteInlineAsm(*Call);
      } else if (isa<VAArgInst>(I) && isLocalPointer(I->getOperand(0))) {
        error(*I, "va_arg on a scratch pointer");
      }
    }
    // Address-space casts folded into constants (flat views of LDS).
    for (Instruction &I : instructions(F))
      for (Use &U : I.operands())
        if (auto *CE = dyn_cast<ConstantExpr>(U.get());
            CE && CE->getOpcode() == Instruction::AddrSpaceCast &&
            (isLocalPointer(CE->getOperand(0)) || isLocalPointer(CE)))
          error(I, "constant address space cast of an LDS or scratch address");
    return !Failed;
  }
};

/// host::EntryPrefix + K for each kernel K (HostABI.h): reads CUDA's
/// argument array; byref (aggregate) parameters are passed by address.
void addKernelEntries(Module &M) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::get(Ctx, 0);
  auto *Version = new GlobalVariable(
      M, I64, true, GlobalValue::ExternalLinkage,
      ConstantInt::get(I64, host::AbiVersion), host::AbiVersionSymbol, nullptr,
      GlobalValue::NotThreadLocal, 0);
  Version->setVisibility(GlobalValue::DefaultVisibility);
  FunctionType *EntryType = FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false);
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::AMDGPU_KERNEL && !F.isDeclaration())
      Kernels.push_back(&F);
  for (Function *Kernel : Kernels) {
    std::string Name = Kernel->getName().str();
    Kernel->setCallingConv(CallingConv::C);
    Kernel->setLinkage(GlobalValue::InternalLinkage);
    Function *Entry = Function::Create(EntryType, GlobalValue::ExternalLinkage,
                                       host::EntryPrefix + Name, M);
    Entry->setVisibility(GlobalValue::DefaultVisibility);
    Entry->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Entry));
    B.CreateCall(M.getOrInsertFunction(EmulatedLaneBeginFunction,
                                       Type::getVoidTy(Ctx)));
    SmallVector<Value *> Args;
    SmallVector<Constant *> Sizes{ConstantInt::get(I64, Kernel->arg_size())};
    for (Argument &Param : Kernel->args()) {
      Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, Entry->getArg(0),
                                                 Param.getArgNo());
      Value *Address = B.CreateLoad(Ptr, Slot);
      if (Type *ByRef = Param.getParamByRefType()) {
        Sizes.push_back(ConstantInt::get(I64, DL.getTypeAllocSize(ByRef)));
        Args.push_back(B.CreateAddrSpaceCast(Address, Param.getType()));
      } else {
        Sizes.push_back(
            ConstantInt::get(I64, DL.getTypeAllocSize(Param.getType())));
        Args.push_back(B.CreateLoad(Param.getType(), Address));
      }
    }
    B.CreateCall(Kernel, Args);
    B.CreateRetVoid();
    auto *Table = ArrayType::get(I64, Sizes.size());
    auto *Params = new GlobalVariable(M, Table, true,
                                      GlobalValue::ExternalLinkage,
                                      ConstantArray::get(Table, Sizes),
                                      host::ParamsPrefix + Name, nullptr,
                                      GlobalValue::NotThreadLocal, 0);
    Params->setVisibility(GlobalValue::DefaultVisibility);
  }
}

void dropAMDGPUAttributes(Function &F) {
  AttributeList Attrs = F.getAttributes();
  AttributeMask Remove;
  for (Attribute A : Attrs.getFnAttrs())
    if (A.isStringAttribute() &&
        (A.getKindAsString().starts_with("amdgpu-") ||
         A.getKindAsString() == "target-cpu" ||
         A.getKindAsString() == "target-features" ||
         A.getKindAsString() == "uniform-work-group-size"))
      Remove.addAttribute(A.getKindAsString());
  F.removeFnAttrs(Remove);
  if (F.getCallingConv() != CallingConv::AMDGPU_KERNEL)
    F.setCallingConv(CallingConv::C);
}

} // namespace

PreservedAnalyses EmulateAMDGPUPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  if (!M.getTargetTriple().isAMDGCN()) {
    reportLoweringError(Ctx, "AMDGPU emulation: the module is not AMDGPU IR "
                             "(triple '" +
                                 M.getTargetTriple().str() + "')");
    return PreservedAnalyses::all();
  }
  const std::string Gpu = resolveLoweringArch(Arch);
  DataLayout NewDL(emulatedDataLayout());
  if (diagnoseLayoutChanges(M, NewDL))
    return PreservedAnalyses::all();

  uint64_t StaticLdsBytes = 0;
  uint64_t SharedBytes = layOutLds(M, StaticLdsBytes);
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  auto *Shared = new GlobalVariable(M, I64, true, GlobalValue::ExternalLinkage,
                                    ConstantInt::get(I64, SharedBytes),
                                    host::SharedBytesSymbol, nullptr,
                                    GlobalValue::NotThreadLocal, 0);
  Shared->setVisibility(GlobalValue::DefaultVisibility);
  new GlobalVariable(M, I32, true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(I32, defaultWavefrontSize(Gpu)),
                     EmulatedWaveSizeSymbol, nullptr,
                     GlobalValue::NotThreadLocal, 0);
  new GlobalVariable(M, I32, true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(I32, StaticLdsBytes),
                     EmulatedStaticLdsSymbol, nullptr,
                     GlobalValue::NotThreadLocal, 0);

  // CUDA's assert() calls __assertfail, which prints the message and traps
  // (s_trap 2, as __trap() does). CUDA reports a failed assertion as
  // cudaErrorAssert, so the trap in __assertfail ends the kernel with it.
  if (Function *Assert = M.getFunction("__assertfail");
      Assert && !Assert->isDeclaration()) {
    FunctionCallee Failed = M.getOrInsertFunction(
        EmulatedAssertFailedFunction, Type::getVoidTy(Ctx));
    for (Instruction &I : make_early_inc_range(instructions(*Assert)))
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && II->getIntrinsicID() == Intrinsic::trap) {
        CallInst *Call = CallInst::Create(Failed, "", II->getIterator());
        Call->setDoesNotReturn();
        II->eraseFromParent();
      }
  }

  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    dropAMDGPUAttributes(F);
    FunctionRewriter(F).run();
  }
  for (Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic())
      F.setCallingConv(CallingConv::C);
  addKernelEntries(M);

  // Module flags the AMDGPU back end reads.
  if (NamedMDNode *Flags = M.getModuleFlagsMetadata()) {
    SmallVector<MDNode *> Keep;
    for (MDNode *Flag : Flags->operands())
      if (auto *Key = dyn_cast<MDString>(Flag->getOperand(1));
          !Key || !(Key->getString().starts_with("amdhsa") ||
                    Key->getString().starts_with("amdgpu")))
        Keep.push_back(Flag);
    Flags->clearOperands();
    for (MDNode *Flag : Keep)
      Flags->addOperand(Flag);
  }
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == GLOBAL_ADDRESS || G.getAddressSpace() == CONSTANT_ADDRESS)
      if (!G.hasLocalLinkage()) {
        // The runtime writes __constant__ variables (cudaMemcpyToSymbol).
        G.setVisibility(GlobalValue::DefaultVisibility);
        G.setConstant(false);
      }
  M.setTargetTriple(Triple(HostTriple));
  M.setDataLayout(NewDL);
  return PreservedAnalyses::none();
}

} // namespace rubicon
