//===- HostThreadLoops.cpp - Blocks as loops over their threads -----------===//
//
// rubicon-host-thread-loops: on fibers (docs/host-target.md) every CUDA
// thread costs a stack, a context and two switches. A kernel whose threads
// never wait for one another (no __syncthreads, no warp operation, no
// spin-wait: nothing in the code it can reach calls into the scheduler) gives
// the same results when a block's threads run one after the other, to the
// end, as the fiber scheduler runs them. For such a kernel K this pass adds
//   void __rubicon_host_block_K(void **Args)      (HostABI.h)
// which runs every thread of one block as a loop nest (z, y, x; x fastest, the
// fibers' order) around a copy of K in which %tid is the loop's index and
// %ntid, %ctaid and %nctaid are read once, before the loop; LLVM's optimizer
// then sees an ordinary loop it can vectorize. The runtime calls it on one
// fiber per block, so everything else the device library reads from the
// running fiber's ThreadContext (shared memory, the block index) holds.
//
// Runs after rubicon-host-lower-nvvm-intrinsics and rubicon-host-kernel-entry,
// before the device library is linked: every call it cannot see into is then
// a named device-library or C-library function, and HostThreadLoops.def lists
// the ones a thread loop may call. Functions of the module that read %tid are
// inlined into the copy; recursion, indirect calls, inline assembly and any
// function the table does not name keep the kernel on fibers. The kernel gets
// the function attribute "rubicon-host-form" ("thread-loop", or "fibers: "
// and the reason), which `nvcc -v` prints.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

using namespace llvm;

namespace rubicon {
namespace {

struct ThreadIndexRow {
  StringLiteral Name;
  unsigned Dimension;
};
constexpr ThreadIndexRow ThreadIndexRows[] = {
#define RUBICON_HOST_THREAD_INDEX(Name, Dimension) {Name, Dimension},
#include "HostThreadLoops.def"
};
constexpr StringLiteral BlockUniformNames[] = {
#define RUBICON_HOST_BLOCK_UNIFORM(Name) Name,
#include "HostThreadLoops.def"
};
constexpr StringLiteral ThreadIndependentNames[] = {
#define RUBICON_HOST_THREAD_INDEPENDENT(Name) Name,
#include "HostThreadLoops.def"
};
constexpr StringLiteral ThreadIndependentPrefixes[] = {
#define RUBICON_HOST_THREAD_INDEPENDENT_PREFIX(Prefix) Prefix,
#include "HostThreadLoops.def"
};

constexpr unsigned ThreadIndexCount = std::size(ThreadIndexRows);
constexpr unsigned UniformCount = std::size(BlockUniformNames);

std::optional<unsigned> threadIndexDimension(StringRef Name) {
  for (const ThreadIndexRow &Row : ThreadIndexRows)
    if (Row.Name == Name)
      return Row.Dimension;
  return std::nullopt;
}

std::optional<unsigned> blockUniformIndex(StringRef Name) {
  for (unsigned I = 0; I < UniformCount; ++I)
    if (BlockUniformNames[I] == Name)
      return I;
  return std::nullopt;
}

bool isThreadIndependent(StringRef Name) {
  for (StringRef Known : ThreadIndependentNames)
    if (Known == Name)
      return true;
  for (StringRef Prefix : ThreadIndependentPrefixes)
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// What a function of the module does, as far as thread loops care.
struct Verdict {
  bool Loopable = false;
  /// Reads %tid or a BlockUniformNames register, itself or through a callee:
  /// inlined into the loop's copy of the kernel.
  bool ReadsRegister = false;
  std::string Reason;            // why not Loopable
};

class LoopAnalysis {
public:
  explicit LoopAnalysis(LLVMContext &Ctx)
      : RegisterType(FunctionType::get(Type::getInt32Ty(Ctx), false)) {}

  Verdict of(Function &F) {
    if (auto It = Verdicts.find(&F); It != Verdicts.end())
      return It->second;
    Verdicts[&F] = {false, false, "'" + F.getName().str() + "' is recursive"};
    Verdict Result{true, false, ""};
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (Call->isInlineAsm()) {
        Result = {false, false, "inline assembly in '" + F.getName().str() + "'"};
        break;
      }
      Function *Callee = Call->getCalledFunction();
      if (!Callee) {
        Result = {false, false,
                  "an indirect call in '" + F.getName().str() + "'"};
        break;
      }
      if (Callee->isIntrinsic())
        continue;
      StringRef Name = Callee->getName();
      if (Callee->isDeclaration()) {
        bool Register = threadIndexDimension(Name) || blockUniformIndex(Name);
        if (Register && Callee->getFunctionType() != RegisterType) {
          Result = {false, false,
                    "'" + Name.str() + "' has an unexpected type"};
          break;
        }
        if (Register) {
          Result.ReadsRegister = true;
          continue;
        }
        if (isThreadIndependent(Name))
          continue;
        Result = {false, false, "calls '" + Name.str() + "'"};
        break;
      }
      Verdict Inner = of(*Callee);
      if (!Inner.Loopable) {
        Result = {false, false, Inner.Reason};
        break;
      }
      Result.ReadsRegister |= Inner.ReadsRegister;
    }
    return Verdicts[&F] = Result;
  }

private:
  FunctionType *RegisterType; // i32 (): %tid, %ntid, %ctaid, %nctaid
  DenseMap<Function *, Verdict> Verdicts;
};

/// A copy of `Kernel` taking, after its own parameters, the thread index
/// (x, y, z) and the BlockUniformNames values; functions that read the
/// thread index are inlined into it, and the reads replaced by parameters.
Function *cloneForThreadLoop(Function &Kernel, LoopAnalysis &Analysis) {
  Module &M = *Kernel.getParent();
  Type *I32 = Type::getInt32Ty(M.getContext());
  SmallVector<Type *> Params(Kernel.getFunctionType()->params());
  Params.append(ThreadIndexCount + UniformCount, I32);
  auto *Type = FunctionType::get(Kernel.getReturnType(), Params, false);
  Function *Thread =
      Function::Create(Type, GlobalValue::InternalLinkage,
                       Kernel.getName() + ".thread", M);
  ValueToValueMapTy VMap;
  for (Argument &A : Kernel.args()) {
    Thread->getArg(A.getArgNo())->setName(A.getName());
    VMap[&A] = Thread->getArg(A.getArgNo());
  }
  unsigned First = Kernel.arg_size();
  for (unsigned D = 0; D < ThreadIndexCount; ++D)
    Thread->getArg(First + D)->setName(std::string("tid.") + "xyz"[D]);
  for (unsigned U = 0; U < UniformCount; ++U)
    Thread->getArg(First + ThreadIndexCount + U)
        ->setName(BlockUniformNames[U].rsplit("sreg_").second);
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(Thread, &Kernel, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  Thread->removeFnAttr(HostKernelAttribute);
  Thread->removeFnAttr(Attribute::NoInline);
  Thread->removeFnAttr(Attribute::OptimizeNone);
  // One thread's code: nothing in it waits for other threads.
  Thread->removeFnAttr(Attribute::Convergent);
  Thread->addFnAttr(Attribute::AlwaysInline);

  // Inline what reads the registers until only the reads are left.
  for (bool Changed = true; Changed;) {
    Changed = false;
    SmallVector<CallBase *> Inline;
    for (Instruction &I : instructions(*Thread))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration() &&
            Analysis.of(*Callee).ReadsRegister)
          Inline.push_back(Call);
    for (CallBase *Call : Inline) {
      InlineFunctionInfo Info;
      if (InlineFunction(*Call, Info).isSuccess())
        Changed = true;
    }
    if (!Changed && !Inline.empty())
      return nullptr; // cannot inline: stay on fibers
  }

  for (Instruction &I : instructions(*Thread))
    if (auto *Call = dyn_cast<CallBase>(&I))
      Call->removeFnAttr(Attribute::Convergent);

  SmallVector<CallInst *> Reads;
  for (Instruction &I : instructions(*Thread))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Function *Callee = Call->getCalledFunction())
        if (Callee->isDeclaration())
          Reads.push_back(Call);
  for (CallInst *Call : Reads) {
    StringRef Name = Call->getCalledFunction()->getName();
    Value *Replacement = nullptr;
    if (auto D = threadIndexDimension(Name))
      Replacement = Thread->getArg(First + *D);
    else if (auto U = blockUniformIndex(Name))
      Replacement = Thread->getArg(First + ThreadIndexCount + *U);
    if (!Replacement)
      continue;
    Call->replaceAllUsesWith(Replacement);
    Call->eraseFromParent();
  }
  return Thread;
}

/// `__rubicon_host_block_<K>`: a copy of K's entry whose call to K becomes a
/// loop nest over the block's threads calling `Thread`.
Function *buildBlockFunction(Function &Entry, Function &Kernel,
                             Function &Thread, StringRef KernelName) {
  Module &M = *Entry.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  ValueToValueMapTy VMap;
  Function *Block = CloneFunction(&Entry, VMap);
  Block->setName(host::BlockEntryPrefix + KernelName.str());
  Block->setLinkage(GlobalValue::ExternalLinkage);
  Block->setVisibility(GlobalValue::DefaultVisibility);

  CallInst *KernelCall = nullptr;
  for (Instruction &I : instructions(*Block))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Call->getCalledFunction() == &Kernel)
        KernelCall = Call;
  if (!KernelCall) {
    Block->eraseFromParent();
    return nullptr;
  }

  BasicBlock *Head = KernelCall->getParent();
  BasicBlock *Exit = Head->splitBasicBlock(KernelCall, "threads.exit");
  Head->getTerminator()->eraseFromParent();
  IRBuilder<> B(Head);
  SmallVector<Value *> Uniforms;
  for (StringRef Name : BlockUniformNames)
    Uniforms.push_back(B.CreateCall(M.getOrInsertFunction(Name, I32), {},
                                    Name.rsplit("sreg_").second));
  // ntid.x, .y, .z are the first three uniforms.
  Value *Bounds[3] = {Uniforms[0], Uniforms[1], Uniforms[2]};

  // Do-while loops: a block has at least one thread in each dimension.
  BasicBlock *Preheader = Head;
  PHINode *Index[3];
  BasicBlock *Headers[3];
  for (int D = 2; D >= 0; --D) {
    static constexpr const char *Names[] = {"x", "y", "z"};
    Headers[D] =
        BasicBlock::Create(Ctx, std::string("thread.") + Names[D], Block, Exit);
    BranchInst::Create(Headers[D], Preheader);
    B.SetInsertPoint(Headers[D]);
    Index[D] = B.CreatePHI(I32, 2, std::string("tid.") + Names[D]);
    Index[D]->addIncoming(B.getInt32(0), Preheader);
    Preheader = Headers[D];
  }
  // The innermost header is the body.
  SmallVector<Value *> Args(KernelCall->args());
  Args.append({Index[0], Index[1], Index[2]});
  Args.append(Uniforms.begin(), Uniforms.end());
  B.SetInsertPoint(Headers[0]);
  CallInst *Body = B.CreateCall(&Thread, Args);
  Body->setAttributes(KernelCall->getAttributes());
  KernelCall->eraseFromParent();

  // Latches, innermost first: x's latch is the body block itself.
  BasicBlock *Latch = Headers[0];
  for (int D = 0; D < 3; ++D) {
    static constexpr const char *Names[] = {"x", "y", "z"};
    B.SetInsertPoint(Latch);
    Value *Next = B.CreateAdd(Index[D], B.getInt32(1), "", /*HasNUW=*/true,
                              /*HasNSW=*/true);
    Index[D]->addIncoming(Next, Latch);
    BasicBlock *After =
        D == 2 ? Exit
               : BasicBlock::Create(Ctx, std::string("thread.") + Names[D] +
                                             ".done",
                                    Block, Exit);
    B.CreateCondBr(B.CreateICmpULT(Next, Bounds[D]), Headers[D], After);
    Latch = After;
  }
  return Block;
}

} // namespace

PreservedAnalyses HostThreadLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (F.hasFnAttribute(HostKernelAttribute) && !F.isDeclaration())
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  LoopAnalysis Analysis(M.getContext());
  for (Function *Kernel : Kernels) {
    std::string Name = Kernel->getName().str();
    Function *Entry = M.getFunction(host::EntryPrefix + Name);
    Verdict V = Analysis.of(*Kernel);
    std::string Form = "thread-loop";
    if (!Entry)
      Form = "fibers: no entry point";
    else if (!V.Loopable)
      Form = "fibers: " + V.Reason;
    else if (Function *Thread = cloneForThreadLoop(*Kernel, Analysis)) {
      if (!buildBlockFunction(*Entry, *Kernel, *Thread, Name)) {
        Thread->eraseFromParent();
        Form = "fibers: the entry does not call the kernel";
      }
    } else {
      Form = "fibers: a function reading threadIdx cannot be inlined";
    }
    Kernel->addFnAttr(HostFormAttribute, Form);
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
