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
// __syncthreads at the top level of a kernel (reached once by every thread:
// not in a loop, not under a condition, after inlining) splits the copy into
// regions, entered by a region number; the block function runs one loop nest
// per region, one region after the other (the POCL / CuPBoP technique). A
// value computed before a barrier and used after it is stored per thread in a
// state buffer the block function passes (on the fiber's stack up to 32 KiB
// for the block, else from malloc); locals are made SSA values first (SROA),
// and a local array used on both sides of a barrier keeps fibers.
//
// Runs after rubicon-host-lower-nvvm-intrinsics and rubicon-host-kernel-entry,
// before the device library is linked: every call it cannot see into is then
// a named device-library or C-library function, and HostThreadLoops.def lists
// the ones a thread loop may call. Functions of the module that read %tid or
// reach a barrier are inlined into the copy; recursion, indirect calls,
// inline assembly, barriers in loops or under conditions, and any
// function the table does not name keep the kernel on fibers. The kernel gets
// the function attribute "rubicon-host-form" ("thread-loop", or "fibers: "
// and the reason), which `nvcc -v` prints.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/SROA.h"
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
constexpr StringLiteral BlockBarrierNames[] = {
#define RUBICON_HOST_BLOCK_BARRIER(Name) Name,
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
/// Per-thread state of a block's threads kept on the fiber's stack; more
/// is allocated with malloc.
constexpr uint64_t StackStateBytes = 32 * 1024;

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

bool isBlockBarrier(const Function &F) {
  return llvm::is_contained(BlockBarrierNames, F.getName());
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
  /// Reads %tid or a BlockUniformNames register, or reaches a barrier,
  /// itself or through a callee: inlined into the loop's copy of the kernel.
  bool Inline = false;
  std::string Reason; // why not Loopable
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
    auto Fail = [&](std::string Why) { Result = {false, false, Why}; };
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (Call->isInlineAsm()) {
        Fail("inline assembly in '" + F.getName().str() + "'");
        break;
      }
      Function *Callee = Call->getCalledFunction();
      if (!Callee) {
        Fail("an indirect call in '" + F.getName().str() + "'");
        break;
      }
      if (Callee->isIntrinsic())
        continue;
      StringRef Name = Callee->getName();
      if (Callee->isDeclaration()) {
        bool Register = threadIndexDimension(Name) || blockUniformIndex(Name);
        if (Register && Callee->getFunctionType() != RegisterType) {
          Fail("'" + Name.str() + "' has an unexpected type");
          break;
        }
        if (isBlockBarrier(*Callee)) {
          auto *Id = Call->arg_size() == 1
                         ? dyn_cast<ConstantInt>(Call->getArgOperand(0))
                         : nullptr;
          if (!isa<CallInst>(Call) || Call->arg_size() > 1 ||
              (Call->arg_size() == 1 && (!Id || !Id->isZero()))) {
            Fail("a named barrier");
            break;
          }
          Result.Inline = true;
          continue;
        }
        if (Register) {
          Result.Inline = true;
          continue;
        }
        if (isThreadIndependent(Name))
          continue;
        Fail("calls '" + Name.str() + "'");
        break;
      }
      Verdict Inner = of(*Callee);
      if (!Inner.Loopable) {
        Fail(Inner.Reason);
        break;
      }
      Result.Inline |= Inner.Inline;
    }
    return Verdicts[&F] = Result;
  }

private:
  FunctionType *RegisterType; // i32 (): %tid, %ntid, %ctaid, %nctaid
  DenseMap<Function *, Verdict> Verdicts;
};

/// The parameters the thread copy takes after the kernel's own.
enum ThreadParam : unsigned {
  FirstThreadIndex = 0,
  FirstUniform = ThreadIndexCount,
  RegionParam = ThreadIndexCount + UniformCount,
  StateParam,
  ThreadParamCount
};

/// The values of `I` in the block where each use of it is.
BasicBlock *useBlock(const Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U);
  return User->getParent();
}

/// Splits `Thread` at its barriers (`Barriers`) into regions that run one
/// after the other for all threads of the block: region r is entered with
/// the region parameter r, and returns where barrier r + 1 was. A value
/// computed in one region and used in a later one is stored, per thread, at
/// an offset of the state parameter. Returns the number of regions and sets
/// `StateBytes` (per thread), or returns 0 and sets `WhyNot`.
unsigned splitAtBarriers(Function &Thread,
                         SmallVectorImpl<CallInst *> &Barriers,
                         uint64_t &StateBytes, std::string &WhyNot) {
  StateBytes = 0;
  if (Barriers.empty())
    return 1;
  if (!Thread.getReturnType()->isVoidTy()) {
    WhyNot = "the kernel returns a value";
    return 0;
  }
  // Locals become SSA values (the front end keeps them in allocas).
  {
    PassBuilder PB;
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::PreserveCFG));
    FPM.run(Thread, FAM);
  }
  // Lifetime markers would span regions, which run for all threads in turn.
  for (Instruction &I : make_early_inc_range(instructions(Thread)))
    if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
        Intrinsic && Intrinsic->isLifetimeStartOrEnd())
      Intrinsic->eraseFromParent();
  DominatorTree DT(Thread);
  PostDominatorTree PDT(Thread);
  LoopInfo LI(DT);
  BasicBlock &Entry = Thread.getEntryBlock();
  for (CallInst *Barrier : Barriers) {
    BasicBlock *BB = Barrier->getParent();
    if (LI.getLoopFor(BB)) {
      WhyNot = "__syncthreads inside a loop";
      return 0;
    }
    if (!PDT.dominates(BB, &Entry)) {
      WhyNot = "__syncthreads under a condition";
      return 0;
    }
  }
  // Every thread meets the barriers in the same order: sort them by it.
  llvm::sort(Barriers, [&](CallInst *A, CallInst *B) {
    return A != B && DT.dominates(A, B);
  });

  LLVMContext &Ctx = Thread.getContext();
  const DataLayout &DL = Thread.getParent()->getDataLayout();
  unsigned First = Thread.arg_size() - ThreadParamCount;
  Argument *Region = Thread.getArg(First + RegionParam);
  Argument *State = Thread.getArg(First + StateParam);

  // A new entry block holds the allocas and picks the region to run.
  SmallVector<AllocaInst *> Allocas;
  for (Instruction &I : Entry)
    if (auto *Alloca = dyn_cast<AllocaInst>(&I);
        Alloca && Alloca->isStaticAlloca())
      Allocas.push_back(Alloca);
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "regions", &Thread, &Entry);
  for (AllocaInst *Alloca : Allocas)
    Alloca->moveBefore(*Dispatch, Dispatch->end());
  SmallVector<BasicBlock *> Starts{&Entry};
  for (CallInst *Barrier : Barriers) {
    BasicBlock *Before = Barrier->getParent();
    BasicBlock *After =
        Before->splitBasicBlock(Barrier, "region." + Twine(Starts.size()));
    Barrier->eraseFromParent();
    Before->getTerminator()->eraseFromParent();
    ReturnInst::Create(Ctx, Before);
    Starts.push_back(After);
  }
  SwitchInst *Switch =
      SwitchInst::Create(Region, Starts.back(), Starts.size() - 1, Dispatch);
  for (unsigned R = 0; R + 1 < Starts.size(); ++R)
    Switch->addCase(ConstantInt::get(cast<IntegerType>(Region->getType()), R),
                    Starts[R]);

  // Which region each block is in: what its start reaches.
  DenseMap<BasicBlock *, unsigned> RegionOf;
  RegionOf[Dispatch] = ~0u;
  for (unsigned R = 0; R < Starts.size(); ++R) {
    SmallVector<BasicBlock *> Work{Starts[R]};
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (!RegionOf.try_emplace(BB, R).second)
        continue;
      for (BasicBlock *Next : successors(BB))
        Work.push_back(Next);
    }
  }

  // Memory of one thread (what SROA left in allocas: arrays indexed at run
  // time) is one buffer for all threads; it may not outlive a region.
  for (Instruction &I : *Dispatch) {
    auto *Alloca = dyn_cast<AllocaInst>(&I);
    if (!Alloca)
      continue;
    std::optional<unsigned> Used;
    SmallVector<Value *> Work{Alloca};
    SmallPtrSet<Value *, 16> Seen;
    while (!Work.empty()) {
      Value *V = Work.pop_back_val();
      if (!Seen.insert(V).second)
        continue;
      for (Use &U : V->uses()) {
        auto *User = cast<Instruction>(U.getUser());
        if (auto *Store = dyn_cast<StoreInst>(User);
            Store && Store->getValueOperand() == V) {
          WhyNot = "the address of a local variable is stored";
          return 0;
        }
        auto It = RegionOf.find(useBlock(U));
        unsigned R = It == RegionOf.end() ? ~0u : It->second;
        if (R != ~0u) {
          if (Used && *Used != R) {
            WhyNot = "a local array is used on both sides of __syncthreads";
            return 0;
          }
          Used = R;
        }
        if (isa<GetElementPtrInst, CastInst, PHINode, SelectInst>(User))
          Work.push_back(User);
      }
    }
  }

  // Values used in a later region than their own: stored after they are
  // computed, loaded at the start of each region that uses them.
  struct Crossing {
    Instruction *Def;
    uint64_t Offset;
  };
  SmallVector<Crossing> Crossings;
  for (BasicBlock &BB : Thread) {
    auto It = RegionOf.find(&BB);
    if (It == RegionOf.end() || It->second == ~0u)
      continue;
    for (Instruction &I : BB) {
      bool Crosses = llvm::any_of(I.uses(), [&](const Use &U) {
        auto UseIt = RegionOf.find(useBlock(U));
        return UseIt != RegionOf.end() && UseIt->second != It->second;
      });
      if (!Crosses)
        continue;
      Type *Ty = I.getType();
      if (!Ty->isFirstClassType() || Ty->isTokenTy() || !Ty->isSized()) {
        WhyNot = "a value of an unsupported type lives across __syncthreads";
        return 0;
      }
      uint64_t Offset = alignTo(StateBytes, DL.getABITypeAlign(Ty));
      StateBytes = Offset + DL.getTypeAllocSize(Ty);
      Crossings.push_back({&I, Offset});
    }
  }
  StateBytes = alignTo(StateBytes, 16);
  for (const Crossing &C : Crossings) {
    unsigned Home = RegionOf[C.Def->getParent()];
    IRBuilder<> B(C.Def->getParent(),
                  isa<PHINode>(C.Def)
                      ? C.Def->getParent()->getFirstInsertionPt()
                      : std::next(C.Def->getIterator()));
    Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), State, C.Offset);
    B.CreateStore(C.Def, Slot);
    DenseMap<unsigned, Value *> Reloaded;
    for (Use &U : make_early_inc_range(C.Def->uses())) {
      auto It = RegionOf.find(useBlock(U));
      if (It == RegionOf.end() || It->second == Home || It->second == ~0u)
        continue; // unreachable code keeps the value
      unsigned R = It->second;
      Value *&Load = Reloaded[R];
      if (!Load) {
        IRBuilder<> L(Starts[R], Starts[R]->getFirstInsertionPt());
        Load = L.CreateLoad(
            C.Def->getType(),
            L.CreateConstInBoundsGEP1_64(L.getInt8Ty(), State, C.Offset),
            C.Def->getName() + ".r" + Twine(R));
      }
      U.set(Load);
    }
  }
  return Starts.size();
}

/// A copy of `Kernel` taking, after its own parameters, the ThreadParams:
/// the thread index (x, y, z), the BlockUniformNames values, the region to
/// run and the thread's state (splitAtBarriers). Functions that read them or
/// reach a barrier are inlined into it, and the reads replaced by
/// parameters. Returns the number of regions, or 0 and sets `WhyNot`.
unsigned cloneForThreadLoop(Function &Kernel, LoopAnalysis &Analysis,
                            Function *&Thread, uint64_t &StateBytes,
                            std::string &WhyNot) {
  Module &M = *Kernel.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  SmallVector<Type *> Params(Kernel.getFunctionType()->params());
  Params.append(ThreadIndexCount + UniformCount + 1, I32);
  Params.push_back(PointerType::get(Ctx, 0));
  auto *Type = FunctionType::get(Kernel.getReturnType(), Params, false);
  Thread = Function::Create(Type, GlobalValue::InternalLinkage,
                            Kernel.getName() + ".thread", M);
  ValueToValueMapTy VMap;
  for (Argument &A : Kernel.args()) {
    Thread->getArg(A.getArgNo())->setName(A.getName());
    VMap[&A] = Thread->getArg(A.getArgNo());
  }
  unsigned First = Kernel.arg_size();
  for (unsigned D = 0; D < ThreadIndexCount; ++D)
    Thread->getArg(First + FirstThreadIndex + D)
        ->setName(std::string("tid.") + "xyz"[D]);
  for (unsigned U = 0; U < UniformCount; ++U)
    Thread->getArg(First + FirstUniform + U)
        ->setName(BlockUniformNames[U].rsplit("sreg_").second);
  Thread->getArg(First + RegionParam)->setName("region");
  Thread->getArg(First + StateParam)->setName("state");
  SmallVector<ReturnInst *> Returns;
  CloneFunctionInto(Thread, &Kernel, VMap,
                    CloneFunctionChangeType::LocalChangesOnly, Returns);
  Thread->removeFnAttr(HostKernelAttribute);
  Thread->removeFnAttr(HostFormAttribute);
  Thread->removeFnAttr(Attribute::NoInline);
  Thread->removeFnAttr(Attribute::OptimizeNone);
  // One thread's code: nothing in it waits for other threads.
  Thread->removeFnAttr(Attribute::Convergent);
  Thread->addFnAttr(Attribute::AlwaysInline);

  // Inline what reads the registers or reaches a barrier.
  for (bool Changed = true; Changed;) {
    Changed = false;
    SmallVector<CallBase *> Inline;
    for (Instruction &I : instructions(*Thread))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && !Callee->isDeclaration() && Analysis.of(*Callee).Inline)
          Inline.push_back(Call);
    for (CallBase *Call : Inline) {
      InlineFunctionInfo Info;
      if (InlineFunction(*Call, Info).isSuccess())
        Changed = true;
    }
    if (!Changed && !Inline.empty()) {
      WhyNot = "a function reading threadIdx cannot be inlined";
      return 0;
    }
  }

  SmallVector<CallInst *> Reads, Barriers;
  for (Instruction &I : instructions(*Thread))
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      Call->removeFnAttr(Attribute::Convergent);
      if (Function *Callee = Call->getCalledFunction();
          Callee && Callee->isDeclaration() && isa<CallInst>(Call))
        (isBlockBarrier(*Callee) ? Barriers : Reads)
            .push_back(cast<CallInst>(Call));
    }
  for (CallInst *Call : Reads) {
    StringRef Name = Call->getCalledFunction()->getName();
    Value *Replacement = nullptr;
    if (auto D = threadIndexDimension(Name))
      Replacement = Thread->getArg(First + FirstThreadIndex + *D);
    else if (auto U = blockUniformIndex(Name))
      Replacement = Thread->getArg(First + FirstUniform + *U);
    if (!Replacement)
      continue;
    Call->replaceAllUsesWith(Replacement);
    Call->eraseFromParent();
  }
  return splitAtBarriers(*Thread, Barriers, StateBytes, WhyNot);
}

/// Appends to `Pre` (no terminator yet) the loop nest (z, y, x) that runs
/// `Region` of `Thread` for every thread of the block; returns the block
/// after it (no terminator yet).
BasicBlock *emitThreadLoop(BasicBlock *Pre, Function &Thread, unsigned Region,
                           ArrayRef<Value *> KernelArgs,
                           ArrayRef<Value *> Uniforms, Value *StateBase,
                           uint64_t StateBytes) {
  Function *Block = Pre->getParent();
  LLVMContext &Ctx = Block->getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  // ntid.x, .y, .z are the first three uniforms.
  Value *Bounds[3] = {Uniforms[0], Uniforms[1], Uniforms[2]};
  std::string Suffix = Region ? "." + std::to_string(Region) : "";
  static constexpr const char *Names[] = {"x", "y", "z"};

  // Do-while loops: a block has at least one thread in each dimension.
  IRBuilder<> B(Ctx);
  PHINode *Index[3];
  BasicBlock *Headers[3];
  for (int D = 2; D >= 0; --D) {
    Headers[D] = BasicBlock::Create(
        Ctx, std::string("thread.") + Names[D] + Suffix, Block);
    BranchInst::Create(Headers[D], Pre);
    B.SetInsertPoint(Headers[D]);
    Index[D] = B.CreatePHI(I32, 2, std::string("tid.") + Names[D] + Suffix);
    Index[D]->addIncoming(B.getInt32(0), Pre);
    Pre = Headers[D];
  }
  // The innermost header is the body.
  B.SetInsertPoint(Headers[0]);
  SmallVector<Value *> Args(KernelArgs);
  Args.append({Index[0], Index[1], Index[2]});
  Args.append(Uniforms.begin(), Uniforms.end());
  Args.push_back(B.getInt32(Region));
  if (StateBytes) {
    // The thread's linear index in the block, x fastest.
    Value *Linear = B.CreateAdd(
        B.CreateMul(B.CreateAdd(B.CreateMul(Index[2], Bounds[1]), Index[1]),
                    Bounds[0]),
        Index[0]);
    Args.push_back(B.CreateInBoundsGEP(
        B.getInt8Ty(), StateBase,
        B.CreateMul(B.CreateZExt(Linear, I64), B.getInt64(StateBytes))));
  } else {
    Args.push_back(ConstantPointerNull::get(PointerType::get(Ctx, 0)));
  }
  B.CreateCall(&Thread, Args);

  // Latches, innermost first: x's latch is the body block itself.
  BasicBlock *Latch = Headers[0];
  for (int D = 0; D < 3; ++D) {
    B.SetInsertPoint(Latch);
    Value *Next = B.CreateAdd(Index[D], B.getInt32(1), "", /*HasNUW=*/true,
                              /*HasNSW=*/true);
    Index[D]->addIncoming(Next, Latch);
    BasicBlock *After = BasicBlock::Create(
        Ctx, std::string("thread.") + Names[D] + ".done" + Suffix, Block);
    B.CreateCondBr(B.CreateICmpULT(Next, Bounds[D]), Headers[D], After);
    Latch = After;
  }
  return Latch;
}

/// `__rubicon_host_block_<K>`: a copy of K's entry whose call to K becomes
/// one loop nest over the block's threads per region of `Thread`.
Function *buildBlockFunction(Function &Entry, Function &Kernel,
                             Function &Thread, StringRef KernelName,
                             unsigned Regions, uint64_t StateBytes) {
  Module &M = *Entry.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::get(Ctx, 0);
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
  SmallVector<Value *> KernelArgs(KernelCall->args());
  KernelCall->eraseFromParent();
  IRBuilder<> B(Head);
  SmallVector<Value *> Uniforms;
  for (StringRef Name : BlockUniformNames)
    Uniforms.push_back(B.CreateCall(M.getOrInsertFunction(Name, I32), {},
                                    Name.rsplit("sreg_").second));

  // The threads' state: on the stack when it fits, else from malloc.
  Value *StateBase = nullptr, *Heap = nullptr;
  if (StateBytes) {
    IRBuilder<> A(&Block->getEntryBlock(),
                  Block->getEntryBlock().getFirstInsertionPt());
    AllocaInst *Stack = A.CreateAlloca(
        ArrayType::get(B.getInt8Ty(), StackStateBytes), nullptr, "state");
    Stack->setAlignment(Align(16));
    Value *Threads = B.CreateMul(B.CreateMul(B.CreateZExt(Uniforms[0], I64),
                                             B.CreateZExt(Uniforms[1], I64)),
                                 B.CreateZExt(Uniforms[2], I64));
    Value *Bytes = B.CreateMul(Threads, B.getInt64(StateBytes));
    Value *Big = B.CreateICmpUGT(Bytes, B.getInt64(StackStateBytes));
    BasicBlock *Alloc = BasicBlock::Create(Ctx, "state.malloc", Block, Exit);
    BasicBlock *Ready = BasicBlock::Create(Ctx, "state.ready", Block, Exit);
    B.CreateCondBr(Big, Alloc, Ready);
    B.SetInsertPoint(Alloc);
    Value *Allocated = B.CreateCall(M.getOrInsertFunction("malloc", Ptr, I64),
                                    {Bytes}, "state.heap");
    B.CreateBr(Ready);
    B.SetInsertPoint(Ready);
    PHINode *Base = B.CreatePHI(Ptr, 2, "state.base");
    Base->addIncoming(Stack, Head);
    Base->addIncoming(Allocated, Alloc);
    PHINode *HeapPhi = B.CreatePHI(Ptr, 2, "state.free");
    HeapPhi->addIncoming(ConstantPointerNull::get(Ptr), Head);
    HeapPhi->addIncoming(Allocated, Alloc);
    StateBase = Base;
    Heap = HeapPhi;
    Head = Ready;
  }

  BasicBlock *Current = Head;
  for (unsigned R = 0; R < Regions; ++R)
    Current = emitThreadLoop(Current, Thread, R, KernelArgs, Uniforms,
                             StateBase, StateBytes);
  B.SetInsertPoint(Current);
  if (Heap) // free(NULL) does nothing
    B.CreateCall(M.getOrInsertFunction("free", Type::getVoidTy(Ctx), Ptr),
                 {Heap});
  B.CreateBr(Exit);
  Exit->moveAfter(Current);
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
    std::string Form;
    Function *Thread = nullptr;
    uint64_t StateBytes = 0;
    std::string WhyNot;
    unsigned Regions = 0;
    if (!Entry)
      Form = "fibers: no entry point";
    else if (!V.Loopable)
      Form = "fibers: " + V.Reason;
    else if (!(Regions = cloneForThreadLoop(*Kernel, Analysis, Thread,
                                            StateBytes, WhyNot)))
      Form = "fibers: " + WhyNot;
    else if (!buildBlockFunction(*Entry, *Kernel, *Thread, Name, Regions,
                                 StateBytes))
      Form = "fibers: the entry does not call the kernel";
    else if (Regions == 1)
      Form = "thread-loop";
    else
      Form = "thread-loop, " + std::to_string(Regions) +
             " regions between barriers" +
             (StateBytes
                  ? ", " + std::to_string(StateBytes) + " bytes kept per thread"
                  : "");
    if (Form.starts_with("fibers") && Thread)
      Thread->eraseFromParent();
    Kernel->addFnAttr(HostFormAttribute, Form);
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
