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
// __syncthreads splits the copy into regions, entered by a region number:
// region 0 starts the kernel, region r > 0 starts after the r-th barrier, and
// each returns the region after the barrier the thread stopped at (or that
// it ended). Barriers may be in loops and under conditions. The block
// function runs the block in rounds, each taking every thread to its next
// barrier: while all threads stopped at the same barrier (CUDA requires a
// barrier to be reached by the whole block: the usual case), the next round
// is one loop nest over the threads running that one region, in which LLVM
// sees only that region's code; when they disagree (some threads ended,
// which CUDA allows, or stopped elsewhere) each thread resumes where it
// stopped, which is what the fiber scheduler does (the POCL / CuPBoP
// technique, with their divergent case kept correct). A grid barrier
// (grid_group::sync, a cooperative launch's) splits the copy as __syncthreads
// does; when the block function releases the threads stopped there, it makes
// the block's one arrival at the grid's barrier first (GridBit, the device
// library's __rubicon_host_grid_arrive). A value computed before
// a barrier and used after it is recomputed when it depends only on the
// thread's parameters, else stored per thread in a state buffer the block
// function passes (on the fiber's stack up to 32 KiB for the block, else
// from malloc), one array per value so that neighbouring threads' values are
// neighbours; locals are made SSA values first (SROA), and local arrays that
// remain live in the state. A kept value that is the same in every thread of
// the block (markBlockUniform: computed from parameters, block-wide
// registers and constants under control flow that does not depend on the
// thread) is kept once for the block: the threads store it in the block's
// slot and read the copy the block function makes before each round, so the
// next round's loop loads it once and what is computed from it leaves the
// loop over the threads.
//
// Warp points: the 32-lane warp operations of HostThreadLoops.def (shuffles,
// votes, reductions, matches, __syncwarp, and rubicon-host-warp-lockstep's
// points around volatile shared-memory stores) split the block's work as a
// barrier does. Before the split each lane publishes its operand in the state's
// exchange arrays, with a tag naming the round and the kind of operation; in
// the next round each lane computes the result from the operands of the lanes
// of its warp that published one in that round and are in the mask
// (WarpLevel.cpp's semantics: a lane outside them reads its own operand). Two
// sets of arrays, by round parity, so that a lane publishing its next operand
// does not overwrite one a later lane has yet to read. The tags matter only
// when threads disagree: in a round in which every thread resumes after the
// same warp point, every thread of the block stopped there in the round before
// (none ended: an ended thread makes the round divergent), so every lane
// published its operand, and the exchange reads no tag (ConvergedParam). A
// region that starts after a warp point has WarpPointBit in its number: when
// threads disagree, those stopped at a warp point go on first and the block
// barrier waits, as the fiber scheduler orders them. Converged code thus runs
// statement by statement across the lanes between warp points: the lockstep
// warp-synchronous code assumes.
//
// Runs after rubicon-host-lower-nvvm-intrinsics and rubicon-host-kernel-entry,
// before the device library is linked: every call it cannot see into is then
// a named device-library or C-library function, and HostThreadLoops.def lists
// the ones a thread loop may call. Functions of the module that read %tid or
// reach a barrier are inlined into the copy; recursion, indirect calls,
// inline assembly, and any function the table does not name keep the kernel
// on fibers. The kernel gets
// the function attribute "rubicon-host-form" ("thread-loop", or "fibers: "
// and the reason), which `nvcc -v` prints.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "rubicon/HostABI.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
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
enum class LaneKind { Lane, Warp, MaskEq, MaskLt, MaskLe, MaskGt, MaskGe };
struct LaneRegisterRow {
  StringLiteral Name;
  LaneKind Kind;
};
constexpr LaneRegisterRow LaneRegisterRows[] = {
#define RUBICON_HOST_LANE_REGISTER(Name, Kind) {Name, LaneKind::Kind},
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
constexpr StringLiteral GridBarrierNames[] = {
#define RUBICON_HOST_GRID_BARRIER(Name) Name,
#include "HostThreadLoops.def"
};
enum class ReductionKind { Count, And, Or };
struct BlockReductionRow {
  StringLiteral Name;
  ReductionKind Kind;
  bool Numbered; // (barrier id, i1 predicate), else (i32 predicate)
};
constexpr BlockReductionRow BlockReductionRows[] = {
#define RUBICON_HOST_BLOCK_REDUCTION(Name, Kind, Numbered)                     \
  {Name, ReductionKind::Kind, Numbered},
#include "HostThreadLoops.def"
};
constexpr StringLiteral ClockNames[] = {
#define RUBICON_HOST_CLOCK(Name) Name,
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

enum class WarpKind {
  ShuffleIndex,
  ShuffleUp,
  ShuffleDown,
  ShuffleButterfly,
  Ballot,
  All,
  Any,
  Uni,
  ActiveMask,
  ReduceAdd,
  ReduceUMin,
  ReduceUMax,
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  MatchAny,
  MatchAll,
  SyncWarp,
  Lockstep
};
struct WarpPointRow {
  StringLiteral Name;
  WarpKind Kind;
};
constexpr WarpPointRow WarpPointRows[] = {
#define RUBICON_HOST_WARP_POINT(Name, Kind) {Name, WarpKind::Kind},
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

std::optional<LaneKind> laneRegisterKind(StringRef Name) {
  for (const LaneRegisterRow &Row : LaneRegisterRows)
    if (Row.Name == Name)
      return Row.Kind;
  return std::nullopt;
}

std::optional<unsigned> blockUniformIndex(StringRef Name) {
  for (unsigned I = 0; I < UniformCount; ++I)
    if (BlockUniformNames[I] == Name)
      return I;
  return std::nullopt;
}

std::optional<WarpKind> warpPointKind(StringRef Name) {
  for (const WarpPointRow &Row : WarpPointRows)
    if (Row.Name == Name)
      return Row.Kind;
  return std::nullopt;
}

bool isShuffle(WarpKind Kind) { return Kind <= WarpKind::ShuffleButterfly; }
bool isVote(WarpKind Kind) {
  return Kind >= WarpKind::Ballot && Kind <= WarpKind::ActiveMask;
}
bool isReduce(WarpKind Kind) {
  return Kind >= WarpKind::ReduceAdd && Kind <= WarpKind::ReduceXor;
}
bool isMatch(WarpKind Kind) {
  return Kind == WarpKind::MatchAny || Kind == WarpKind::MatchAll;
}
/// A warp point whose lanes exchange operands: all but __syncwarp and the
/// lockstep points.
bool exchanges(WarpKind Kind) { return Kind < WarpKind::SyncWarp; }
/// The tag's kind of operation (a tag is round * 8 + this): lanes of
/// different kinds in the same round do not read one another's operands.
unsigned tagKind(WarpKind Kind) {
  return isShuffle(Kind) ? 1 : isVote(Kind) ? 2 : isReduce(Kind) ? 3 : 4;
}
/// The member mask of an exchanging warp point, and its operand:
/// __reduce_*_sync's device-library functions take (value, mask), the
/// others (mask, value ...).
unsigned maskOperand(WarpKind Kind) { return isReduce(Kind) ? 1 : 0; }
unsigned valueOperand(WarpKind Kind) { return isReduce(Kind) ? 0 : 1; }

/// The operands and result the table's kind promises.
bool hasWarpPointType(WarpKind Kind, const CallBase &Call) {
  Type *I32 = Type::getInt32Ty(Call.getContext());
  Type *I1 = Type::getInt1Ty(Call.getContext());
  unsigned Args = Call.arg_size();
  if (Kind == WarpKind::Lockstep)
    return Args == 0;
  if (Kind == WarpKind::ActiveMask)
    return Args == 0 && Call.getType() == I32;
  if (Args < 1 || Call.getArgOperand(0)->getType() != I32)
    return false;
  if (isShuffle(Kind)) {
    Type *Value = Call.getType();
    return Args == 4 && (Value == I32 || Value->isFloatTy()) &&
           Call.getArgOperand(1)->getType() == Value &&
           Call.getArgOperand(2)->getType() == I32 &&
           Call.getArgOperand(3)->getType() == I32;
  }
  if (isVote(Kind))
    return Args == 2 && Call.getArgOperand(1)->getType() == I1 &&
           Call.getType() == (Kind == WarpKind::Ballot ? I32 : I1);
  if (isReduce(Kind) || isMatch(Kind)) // 32-bit operands only
    return Args == 2 && Call.getArgOperand(1)->getType() == I32 &&
           Call.getType() == I32;
  return Args == 1; // SyncWarp
}

bool isBlockBarrier(const Function &F) {
  return llvm::is_contained(BlockBarrierNames, F.getName());
}

bool isGridBarrier(const Function &F) {
  return llvm::is_contained(GridBarrierNames, F.getName());
}

const BlockReductionRow *blockReduction(StringRef Name) {
  for (const BlockReductionRow &Row : BlockReductionRows)
    if (Row.Name == Name)
      return &Row;
  return nullptr;
}

/// __syncthreads_count/_and/_or of barrier 0 with the operands and result
/// the table's row promises: (i32 0, i1) -> i32 or i1, or (i32) -> i32.
bool isBlockReductionCall(const BlockReductionRow &Row, const CallBase &Call) {
  Type *I32 = Type::getInt32Ty(Call.getContext());
  Type *I1 = Type::getInt1Ty(Call.getContext());
  if (!isa<CallInst>(Call))
    return false;
  if (!Row.Numbered)
    return Call.arg_size() == 1 && Call.getArgOperand(0)->getType() == I32 &&
           Call.getType() == I32;
  auto *Id = dyn_cast<ConstantInt>(Call.getArgOperand(0));
  return Call.arg_size() == 2 && Id && Id->isZero() &&
         Call.getArgOperand(1)->getType() == I1 &&
         Call.getType() == (Row.Kind == ReductionKind::Count ? I32 : I1);
}

bool isClock(StringRef Name) { return llvm::is_contained(ClockNames, Name); }

bool isThreadIndependent(StringRef Name) {
  if (isClock(Name))
    return true;
  for (StringRef Known : ThreadIndependentNames)
    if (Known == Name)
      return true;
  for (StringRef Prefix : ThreadIndependentPrefixes)
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// An empty inline assembly statement (`asm volatile("" ::: "memory")`, as
/// the inline-PTX translation leaves for a "memory" clobber): it orders one
/// thread's memory accesses against the compiler, which a thread's code run
/// in order already does; it does not make the thread wait.
bool isCompilerBarrier(const CallBase &Call) {
  auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand());
  return Asm && StringRef(Asm->getAsmString()).trim().empty() &&
         Call.getType()->isVoidTy() && Call.arg_size() == 0;
}

/// A function of the module of one basic block, at most 16 instructions and
/// no calls but to intrinsics: inlined into a thread loop's copy of the
/// kernel before it is split (cloneForThreadLoop).
bool isSmallLeaf(const Function &F) {
  if (F.isDeclaration() || F.size() != 1 || F.isVarArg() ||
      F.getEntryBlock().size() > 16)
    return false;
  return llvm::none_of(F.getEntryBlock(), [](const Instruction &I) {
    return isa<CallBase>(I) && !isa<IntrinsicInst>(I);
  });
}

/// What a function of the module does, as far as thread loops care.
struct Verdict {
  bool Loopable = false;
  /// Reads %tid, a BlockUniformNames register or a clock, or reaches a
  /// barrier, itself or through a callee: inlined into the loop's copy of
  /// the kernel.
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
      if (isCompilerBarrier(*Call))
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
        bool Register = threadIndexDimension(Name) || laneRegisterKind(Name) ||
                        blockUniformIndex(Name);
        if (Register && Callee->getFunctionType() != RegisterType) {
          Fail("'" + Name.str() + "' has an unexpected type");
          break;
        }
        if (const BlockReductionRow *Row = blockReduction(Name)) {
          if (!isBlockReductionCall(*Row, *Call)) {
            Fail("a named barrier");
            break;
          }
          Result.Inline = true;
          continue;
        }
        if (isGridBarrier(*Callee)) {
          if (!isa<CallInst>(Call) || Call->arg_size() != 0 ||
              !Call->getType()->isVoidTy()) {
            Fail("'" + Name.str() + "' has an unexpected type");
            break;
          }
          Result.Inline = true;
          continue;
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
        if (std::optional<WarpKind> Kind = warpPointKind(Name)) {
          if (!isa<CallInst>(Call) || !hasWarpPointType(*Kind, *Call)) {
            Fail("'" + Name.str() + "' has an unexpected type");
            break;
          }
          Result.Inline = true;
          continue;
        }
        if (isClock(Name)) {
          // Inlined, so that a loop waiting on the clock is seen as one.
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
  RoundParam,
  /// Nonzero in a round in which every thread of the block resumes at the
  /// same place (the block function's uniform rounds): after a warp point,
  /// every lane of the block then published its operand in the round before
  /// (splitAtBarriers), so the exchange reads no tags.
  ConvergedParam,
  StateParam,
  /// The block's slots of values kept across a split that are the same in
  /// every thread (markBlockUniform): the threads store them here...
  UniformOutParam,
  /// ...and load them from here, a copy the block function makes before
  /// each round, so that a thread storing the next round's value does not
  /// change the one later threads of the round read.
  UniformInParam,
  ThreadParamCount
};

/// What a thread's region returns when the thread has run to the end of the
/// kernel; any other value is the region after the barrier it stopped at.
constexpr uint32_t ExitRegion = ~0u;
/// Per-thread state bytes the block function keeps for itself: the region
/// each thread runs next (an i32 array at the start of the state).
constexpr uint64_t NextRegionBytes = 4;
/// The state holds one array per kept value (structure of arrays), so that
/// consecutive threads' slots are consecutive; these alignments are met.
constexpr uint64_t StateAlign = 16;
/// Per-thread state bytes of the exchange of warp operations, after the
/// next-region array: for each round parity, the lane's operand and a tag
/// (i32 arrays).
constexpr uint64_t ExchangeBytes = 16;
/// Set in the number of a region that starts after a warp point: threads
/// stopped there are resumed before threads stopped at a block barrier.
constexpr uint32_t WarpPointBit = 0x40000000u;
/// Per-thread state bytes of __syncthreads_count/_and/_or, after the
/// exchange (or the next-region array): two i32 arrays, the thread's
/// predicate (0 or 1), which the block function replaces, when it releases
/// the barrier, with the number of waiting threads that hold theirs, and the
/// number of waiting threads.
constexpr uint64_t ReductionBytes = 8;
/// Set in the number of a region that starts after __syncthreads_count,
/// _and or _or: the block function combines the predicates of the threads
/// stopped there before it releases them.
constexpr uint32_t ReductionBit = 0x20000000u;
/// Set in the number of a region that starts after a grid barrier: when the
/// block function releases threads stopped there, it first waits, once for
/// the block, for the grid's other blocks.
constexpr uint32_t GridBit = 0x10000000u;
/// Where the reduction arrays start, per thread of the block.
uint64_t reductionOffset(bool Exchanges) {
  return NextRegionBytes + (Exchanges ? ExchangeBytes : 0);
}

/// Which loops of a kernel without barriers run one iteration of every
/// thread per round (splitAtBarriers).
enum class LockstepLoop { None, GridStride, ClockWait };

/// Where a thread's work is split: a __syncthreads, a warp operation, or
/// the latch of a grid-stride loop (`Iteration`: at its branch back).
struct SplitPoint {
  Instruction *Call;
  std::optional<WarpKind> Warp;
  bool Iteration = false;
  /// __syncthreads_count/_and/_or: a block barrier whose result the block
  /// function combines from every waiting thread's predicate.
  const BlockReductionRow *Reduction = nullptr;
  /// grid_group::sync: a block barrier at whose release the block function
  /// arrives at the grid's barrier for the block.
  bool Grid = false;
};

/// `V` is the thread's x index plus a value that does not depend on the
/// thread: the start of a grid-stride loop (`for (i = blockIdx.x *
/// blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)`).
bool isThreadOffset(Value *V, Value *ThreadX, unsigned Depth = 0) {
  while (auto *Cast = dyn_cast<CastInst>(V))
    V = Cast->getOperand(0);
  if (V == ThreadX)
    return true;
  auto *Add = dyn_cast<BinaryOperator>(V);
  if (!Add || Add->getOpcode() != Instruction::Add || Depth > 2)
    return false;
  return isThreadOffset(Add->getOperand(0), ThreadX, Depth + 1) ||
         isThreadOffset(Add->getOperand(1), ThreadX, Depth + 1);
}

/// Where each use of a value is: for a phi, the end of the incoming block.
Instruction *usePoint(const Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U)->getTerminator();
  return User;
}

/// A value computed only from the thread's parameters and constants, cheaply
/// and without touching memory: recomputed where it is used after a barrier
/// instead of being kept in the state.
bool isRecomputable(Value *V, unsigned &Budget) {
  if (isa<Argument, Constant>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !Budget || isa<PHINode, CallBase, AllocaInst>(I) ||
      I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I))
    return false;
  --Budget;
  return llvm::all_of(I->operands(),
                      [&](Value *Op) { return isRecomputable(Op, Budget); });
}

Value *recompute(Value *V, Instruction *Where,
                 DenseMap<Value *, Value *> &Copies) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V;
  Value *&Copy = Copies[I];
  if (!Copy) {
    Instruction *Clone = I->clone();
    for (Use &Op : Clone->operands())
      Op.set(recompute(Op.get(), Where, Copies));
    Clone->insertBefore(Where->getIterator());
    Clone->setName(I->getName() + ".again");
    Copy = Clone;
  }
  return Copy;
}

/// Whether the lanes of a warp that meet in a warp operation reach it in the
/// same round. The exchange of a warp point completes in the round after the
/// lanes publish their operands, among the lanes that published in that
/// round: CUDA's answer when the lanes that take part arrive together. Between
/// two releases of the block barrier (every thread that has not ended is
/// released at once) a thread publishes its k-th warp operand in the k-th
/// round, as threads stopped at warp points go on first. So the lanes stay
/// together unless a branch on a value that may differ between threads (one
/// computed from the thread's index, or loaded from memory) has warp points
/// between it and its post-dominator (the lanes on its two sides pass
/// different numbers of them) and a warp point can be reached from that
/// post-dominator without passing a block barrier. A divergent branch around
/// the last warp operations of the kernel (`if (threadIdx.x < 8) { shuffles
/// }`, a loop of shuffles whose trip count differs per lane, an early
/// return) is thus fine: the lanes that reach a warp point reach it together
/// and the others do not take part, as on fibers. The rest keeps fibers.
bool reachesWarpPointsTogether(Function &Thread, ArrayRef<SplitPoint> Points,
                               ArrayRef<Value *> ThreadIndices) {
  SmallPtrSet<BasicBlock *, 8> WarpBlocks;
  for (const SplitPoint &Point : Points)
    if (Point.Warp)
      WarpBlocks.insert(Point.Call->getParent());
  if (WarpBlocks.empty())
    return true;
  SmallPtrSet<Value *, 32> Divergent(ThreadIndices.begin(),
                                     ThreadIndices.end());
  SmallVector<Value *> Work(ThreadIndices.begin(), ThreadIndices.end());
  for (Instruction &I : instructions(Thread))
    if (isa<LoadInst, AtomicRMWInst, AtomicCmpXchgInst>(I) ||
        (isa<CallBase>(I) && !I.getType()->isVoidTy() &&
         !isa<IntrinsicInst>(I) &&
         llvm::any_of(Points,
                      [&](const SplitPoint &P) { return P.Call == &I; })))
      if (Divergent.insert(&I).second)
        Work.push_back(&I);
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users())
      if (auto *I = dyn_cast<Instruction>(U);
          I && !I->getType()->isVoidTy() && Divergent.insert(I).second)
        Work.push_back(I);
  }
  // Whether a warp point can be reached from the start of `From` without
  // passing a block barrier.
  auto WarpPointAfter = [&](BasicBlock *From) {
    SmallVector<BasicBlock *> Blocks{From};
    SmallPtrSet<BasicBlock *, 16> Seen;
    while (!Blocks.empty()) {
      BasicBlock *Next = Blocks.pop_back_val();
      if (!Seen.insert(Next).second)
        continue;
      bool Barrier = false;
      for (Instruction &I : *Next) {
        auto Point = llvm::find_if(
            Points, [&](const SplitPoint &P) { return P.Call == &I; });
        if (Point == Points.end() || Point->Iteration)
          continue;
        if (Point->Warp)
          return true;
        Barrier = true;
        break;
      }
      if (!Barrier)
        llvm::append_range(Blocks, successors(Next));
    }
    return false;
  };
  PostDominatorTree PDT(Thread);
  for (BasicBlock &BB : Thread) {
    Instruction *Term = BB.getTerminator();
    Value *Condition = nullptr;
    if (auto *Branch = dyn_cast<BranchInst>(Term);
        Branch && Branch->isConditional())
      Condition = Branch->getCondition();
    else if (auto *Switch = dyn_cast<SwitchInst>(Term))
      Condition = Switch->getCondition();
    if (!Condition || !Divergent.count(Condition))
      continue;
    DomTreeNode *Node = PDT.getNode(&BB);
    BasicBlock *Join =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    SmallVector<BasicBlock *> Blocks(successors(&BB));
    SmallPtrSet<BasicBlock *, 16> Seen;
    while (!Blocks.empty()) {
      BasicBlock *Next = Blocks.pop_back_val();
      if (Next == Join || !Seen.insert(Next).second)
        continue;
      if (WarpBlocks.count(Next)) {
        if (Join && WarpPointAfter(Join))
          return false;
        break;
      }
      llvm::append_range(Blocks, successors(Next));
    }
  }
  return true;
}

/// Metadata on the instructions of a thread copy whose value is the same in
/// every thread of the block that computes it (markBlockUniform).
constexpr StringLiteral BlockUniformMetadata = "rubicon.block-uniform";

/// Whether a call's result depends only on its operands: LLVM's intrinsics
/// that do not touch memory, the device library's math, and functions of
/// the module that read no memory but their own locals and call only such
/// functions (the device headers' `__powf`, `__log2f`: the front end keeps
/// their parameters in allocas).
bool isPureCall(const CallBase &Call,
                SmallPtrSetImpl<const Function *> &Visiting);

bool isPureFunction(const Function &F,
                    SmallPtrSetImpl<const Function *> &Visiting) {
  if (F.isDeclaration() || !Visiting.insert(&F).second)
    return false;
  for (const Instruction &I : instructions(F)) {
    if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
        Intrinsic && Intrinsic->isLifetimeStartOrEnd())
      continue;
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (!isPureCall(*Call, Visiting))
        return false;
      continue;
    }
    if (!I.mayReadFromMemory())
      continue;
    auto *Load = dyn_cast<LoadInst>(&I);
    if (!Load || !Load->isSimple() ||
        !isa<AllocaInst>(getUnderlyingObject(Load->getPointerOperand())))
      return false;
  }
  Visiting.erase(&F); // only a call back into it is recursion
  return true;
}

bool isPureCall(const CallBase &Call,
                SmallPtrSetImpl<const Function *> &Visiting) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee || Call.isInlineAsm())
    return false;
  if (Callee->doesNotAccessMemory())
    return true;
  StringRef Name = Callee->getName();
  if (Callee->isIntrinsic())
    return false;
  if (Name.starts_with("__ocml_") || Name.starts_with("__rubicon_math_"))
    return true;
  return isPureFunction(*Callee, Visiting);
}

bool isPureCall(const CallBase &Call) {
  SmallPtrSet<const Function *, 8> Visiting;
  return isPureCall(Call, Visiting);
}

/// Marks (BlockUniformMetadata) the instructions of `Thread`, not yet split,
/// whose value is the same in every thread of the block that computes it:
/// computed from the kernel's parameters, the block-wide registers and
/// constants, under control flow that does not depend on the thread (a
/// SIMT uniformity analysis, as GPU compilers run). The sources of
/// divergence are the thread's index, memory (loads, atomics, calls that
/// may read it) and local variables' addresses; a value becomes divergent
/// when an operand is, a phi when it joins the two sides of a branch on a
/// divergent condition (the blocks between the branch and its
/// post-dominator, and that one), and a value of a loop that such a branch
/// can leave when it is used outside the loop (threads leave it in
/// different iterations). Such values are kept once per block across a
/// split instead of once per thread.
void markBlockUniform(Function &Thread, unsigned First) {
  SmallPtrSet<const Value *, 32> Divergent;
  for (unsigned D = 0; D < ThreadIndexCount; ++D)
    Divergent.insert(Thread.getArg(First + FirstThreadIndex + D));
  for (unsigned P = RegionParam; P < ThreadParamCount; ++P)
    Divergent.insert(Thread.getArg(First + P));
  auto IsSource = [](const Instruction &I) {
    if (auto *Load = dyn_cast<LoadInst>(&I))
      return !Load->hasMetadata(LLVMContext::MD_invariant_load);
    if (auto *Call = dyn_cast<CallBase>(&I))
      return !isPureCall(*Call);
    return isa<AllocaInst>(I) || I.mayReadOrWriteMemory();
  };
  DominatorTree DT(Thread);
  PostDominatorTree PDT(Thread);
  LoopInfo LI(DT);
  SmallPtrSet<const BasicBlock *, 16> Branches; // divergent ones, handled
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : instructions(Thread)) {
      if (Divergent.contains(&I) ||
          (I.getType()->isVoidTy() && !I.isTerminator()))
        continue;
      if (IsSource(I) || llvm::any_of(I.operands(), [&](const Value *Op) {
            return Divergent.contains(Op);
          })) {
        Divergent.insert(&I);
        Changed = true;
      }
    }
    for (BasicBlock &BB : Thread) {
      Instruction *Branch = BB.getTerminator();
      if (Branch->getNumSuccessors() < 2 || !Divergent.contains(Branch) ||
          !Branches.insert(&BB).second)
        continue;
      Changed = true;
      DomTreeNode *Node = PDT.getNode(&BB);
      BasicBlock *Join =
          Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
      SmallPtrSet<BasicBlock *, 16> Region;
      SmallVector<BasicBlock *> Work(successors(&BB));
      while (!Work.empty()) {
        BasicBlock *Next = Work.pop_back_val();
        if (Next == Join || !Region.insert(Next).second)
          continue;
        llvm::append_range(Work, successors(Next));
      }
      if (Join)
        Region.insert(Join);
      for (BasicBlock *Joined : Region)
        for (PHINode &Phi : Joined->phis())
          Divergent.insert(&Phi);
      for (Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop()) {
        if (llvm::all_of(Region, [&](BasicBlock *R) { return L->contains(R); }))
          break;
        for (BasicBlock *Inside : L->blocks())
          for (Instruction &I : *Inside)
            if (llvm::any_of(I.users(), [&](const User *U) {
                  return !L->contains(cast<Instruction>(U)->getParent());
                }))
              Divergent.insert(&I);
      }
    }
  }
  LLVMContext &Ctx = Thread.getContext();
  for (Instruction &I : instructions(Thread))
    if (!Divergent.contains(&I) && !I.getType()->isVoidTy())
      I.setMetadata(BlockUniformMetadata, MDNode::get(Ctx, {}));
}

/// Splits `Thread` at its barriers (`Barriers`) into regions: the thread
/// function is entered with a region number (0: the kernel's start, r > 0:
/// just after barrier r - 1) and returns the number of the region that
/// follows the barrier it stopped at, or ExitRegion. Barriers may be anywhere
/// (in loops, under conditions): the block function runs every thread of the
/// block to its next barrier and then resumes each where it stopped, as the
/// fiber scheduler does. A value computed before a barrier and used after it
/// is recomputed from the parameters when that is cheap, else stored per
/// thread in the state after it is computed and loaded before each use that
/// it no longer dominates; local arrays that SROA leaves live in the state.
/// The state is a structure of arrays: the value kept at offset O with size
/// S is at State + O * BlockThreads + LinearThreadIndex * S. Returns the
/// number of regions and sets `StateBytes` (per thread, NextRegionBytes
/// included), or returns 0 and sets `WhyNot`.
unsigned splitAtBarriers(Function &Thread, ArrayRef<SplitPoint> Given,
                         SmallVectorImpl<uint32_t> &RegionIds, bool &Exchanges,
                         bool &Reduces, LockstepLoop &Strided,
                         uint64_t &StateBytes, uint64_t &UniformBytes,
                         std::string &WhyNot) {
  SmallVector<SplitPoint> Points(Given.begin(), Given.end());
  LLVMContext &Ctx = Thread.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  StateBytes = 0;
  UniformBytes = 0;
  // Running to the end of the kernel: ExitRegion.
  for (BasicBlock &BB : Thread)
    if (auto *Return = dyn_cast<ReturnInst>(BB.getTerminator())) {
      ReturnInst::Create(Ctx, ConstantInt::get(I32, ExitRegion),
                         Return->getIterator());
      Return->eraseFromParent();
    }
  RegionIds.assign(1, 0);
  Exchanges = false;
  Reduces = false;
  Strided = LockstepLoop::None;
  unsigned First = Thread.arg_size() - ThreadParamCount;
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
  if (Points.empty()) {
    // A grid-stride loop runs one iteration of every thread per round, as
    // a GPU's threads go through it together: neighbouring threads' accesses
    // are neighbours (one thread running through the whole loop touches one
    // element per stride).
    DominatorTree DT(Thread);
    LoopInfo LI(DT);
    Value *ThreadX = Thread.getArg(First + FirstThreadIndex);
    for (Loop *L : LI) {
      BasicBlock *Latch = L->getLoopLatch();
      BasicBlock *Preheader = L->getLoopPreheader();
      if (!Latch || !Preheader || L->getNumBackEdges() != 1 ||
          !isa<BranchInst>(Latch->getTerminator()))
        continue;
      auto Calls = [&](function_ref<bool(StringRef)> Named) {
        return llvm::any_of(L->blocks(), [&](BasicBlock *BB) {
          return llvm::any_of(*BB, [&](Instruction &I) {
            auto *Call = dyn_cast<CallBase>(&I);
            Function *Callee = Call ? Call->getCalledFunction() : nullptr;
            return Callee && Named(Callee->getName());
          });
        });
      };
      // printf keeps the fibers' order: each thread's lines together.
      if (Calls([](StringRef Name) { return Name == "vprintf"; }))
        continue;
      // A loop that reads a clock waits for time to pass (cuda-samples'
      // clockBlock spins until clock() has advanced by a given count): the
      // threads of a GPU's block wait together, not one after the other.
      bool Waits = Calls(isClock);
      if (Waits)
        Strided = LockstepLoop::ClockWait;
      if (Waits || llvm::any_of(L->getHeader()->phis(), [&](PHINode &Phi) {
            return isThreadOffset(Phi.getIncomingValueForBlock(Preheader),
                                  ThreadX);
          }))
        Points.push_back({Latch->getTerminator(), std::nullopt, true});
    }
    if (Points.empty())
      return 1;
    if (Strided == LockstepLoop::None)
      Strided = LockstepLoop::GridStride;
  }
  // Lifetime markers would span regions, which run for all threads in turn.
  for (Instruction &I : make_early_inc_range(instructions(Thread)))
    if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I);
        Intrinsic && Intrinsic->isLifetimeStartOrEnd())
      Intrinsic->eraseFromParent();
  markBlockUniform(Thread, First);
  {
    SmallVector<Value *> ThreadIndices;
    for (unsigned D = 0; D < ThreadIndexCount; ++D)
      ThreadIndices.push_back(Thread.getArg(First + FirstThreadIndex + D));
    if (!reachesWarpPointsTogether(Thread, Points, ThreadIndices)) {
      WhyNot = "a warp operation under a condition that depends on the thread";
      return 0;
    }
  }

  const DataLayout &DL = Thread.getParent()->getDataLayout();
  BasicBlock &Entry = Thread.getEntryBlock();
  // What SROA left in allocas (arrays indexed at run time) lives in the
  // state: a thread's array outlives the region that writes it.
  SmallVector<AllocaInst *> Allocas;
  for (Instruction &I : instructions(Thread)) {
    auto *Alloca = dyn_cast<AllocaInst>(&I);
    if (!Alloca)
      continue;
    if (!Alloca->isStaticAlloca() || Alloca->getParent() != &Entry) {
      WhyNot = "a local array of run-time size";
      return 0;
    }
    if (Alloca->getAlign().value() > StateAlign) {
      WhyNot = "a local variable aligned to more than 16 bytes";
      return 0;
    }
    SmallVector<Value *> Work{Alloca};
    SmallPtrSet<Value *, 16> Seen;
    while (!Work.empty()) {
      Value *V = Work.pop_back_val();
      if (!Seen.insert(V).second)
        continue;
      for (User *U : V->users()) {
        if ((isa<StoreInst>(U) &&
             cast<StoreInst>(U)->getValueOperand() == V) ||
            isa<PtrToIntInst>(U)) {
          WhyNot = "the address of a local variable is stored";
          return 0;
        }
        if (isa<GetElementPtrInst, CastInst, PHINode, SelectInst>(U))
          Work.push_back(U);
      }
    }
    Allocas.push_back(Alloca);
  }

  Argument *Region = Thread.getArg(First + RegionParam);
  Argument *State = Thread.getArg(First + StateParam);
  Argument *UniformOut = Thread.getArg(First + UniformOutParam);
  Argument *UniformIn = Thread.getArg(First + UniformInParam);

  // A new entry block picks the region to run and finds the thread's place
  // in the state's arrays.
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "regions", &Thread, &Entry);
  IRBuilder<> B(Dispatch);
  Value *Index[3], *Size[3];
  for (unsigned D = 0; D < 3; ++D) {
    Index[D] = B.CreateZExt(Thread.getArg(First + FirstThreadIndex + D), I64);
    Size[D] = B.CreateZExt(Thread.getArg(First + FirstUniform + D), I64);
  }
  Value *Threads = B.CreateMul(B.CreateMul(Size[0], Size[1]), Size[2],
                               "block.threads");
  Value *Linear = B.CreateAdd(
      B.CreateMul(B.CreateAdd(B.CreateMul(Index[2], Size[1]), Index[1]),
                  Size[0]),
      Index[0], "thread.linear");
  Argument *Round = Thread.getArg(First + RoundParam);
  Argument *Converged = Thread.getArg(First + ConvergedParam);
  Exchanges = llvm::any_of(Points, [](const SplitPoint &P) {
    return P.Warp && exchanges(*P.Warp);
  });
  // Element `I` of the exchange arrays of round parity `Parity`: Which 0,
  // the lane's operand; 1, the tag saying which round and kind of
  // operation wrote it.
  auto Exchange = [&](IRBuilder<> &B, Value *Parity, unsigned Which,
                      Value *I) {
    Value *Offset = B.CreateAdd(
        B.getInt64(NextRegionBytes + 4 * Which),
        B.CreateMul(B.CreateZExt(Parity, I64), B.getInt64(8)));
    Value *Array =
        B.CreateInBoundsGEP(B.getInt8Ty(), State, B.CreateMul(Offset, Threads));
    return B.CreateInBoundsGEP(I32, Array, I);
  };
  // Element `I` of the reduction arrays: Which 0, the predicate (then the
  // count); 1, the number of threads that took part.
  Reduces = llvm::any_of(Points,
                         [](const SplitPoint &P) { return P.Reduction; });
  auto ReductionSlot = [&](IRBuilder<> &B, unsigned Which, Value *I) {
    Value *Array = B.CreateInBoundsGEP(
        B.getInt8Ty(), State,
        B.CreateMul(B.getInt64(reductionOffset(Exchanges) + 4 * Which),
                    Threads));
    return B.CreateInBoundsGEP(I32, Array, I);
  };
  auto TagOf = [&](IRBuilder<> &B, Value *RoundNumber, WarpKind Kind) {
    return B.CreateAdd(B.CreateMul(RoundNumber, B.getInt32(8)),
                       B.getInt32(tagKind(Kind)));
  };

  // Each split point ends its region; a warp point's operand is published
  // before it, and its result computed from the lanes' operands after it.
  SmallVector<BasicBlock *> Starts{&Entry};
  RegionIds.assign(1, 0);
  for (const SplitPoint &Point : Points) {
    Instruction *At = Point.Call;
    BasicBlock *Before = At->getParent();
    auto *Call = dyn_cast<CallInst>(At);
    if (Point.Warp && exchanges(*Point.Warp)) {
      IRBuilder<> P(Call);
      // __activemask: a ballot of `true` by every lane of the warp.
      Value *Operand = *Point.Warp == WarpKind::ActiveMask
                           ? P.getInt32(1)
                           : Call->getArgOperand(valueOperand(*Point.Warp));
      if (Operand->getType()->isFloatTy())
        Operand = P.CreateBitCast(Operand, I32);
      else if (Operand->getType() != I32)
        Operand = P.CreateZExt(Operand, I32);
      Value *Parity = P.CreateAnd(Round, 1);
      P.CreateStore(Operand, Exchange(P, Parity, 0, Linear));
      Value *Tag = TagOf(P, Round, *Point.Warp);
      P.CreateStore(Tag, Exchange(P, Parity, 1, Linear));
    }
    if (Point.Reduction) { // the thread's predicate, 0 or 1
      IRBuilder<> P(Call);
      Value *Predicate = Call->getArgOperand(Point.Reduction->Numbered ? 1 : 0);
      Predicate = P.CreateZExt(
          P.CreateICmpNE(Predicate, Constant::getNullValue(Predicate->getType())),
          I32);
      P.CreateStore(Predicate, ReductionSlot(P, 0, Linear));
    }
    BasicBlock *After =
        Before->splitBasicBlock(At, "region." + Twine(Starts.size()));
    uint32_t Id = Starts.size() | (Point.Warp ? WarpPointBit : 0) |
                  (Point.Reduction ? ReductionBit : 0) |
                  (Point.Grid ? GridBit : 0);
    Before->getTerminator()->eraseFromParent();
    ReturnInst::Create(Ctx, ConstantInt::get(I32, Id), Before);
    Starts.push_back(After);
    RegionIds.push_back(Id);
    if (Point.Iteration)
      continue; // the latch's branch starts the next region
    if (Point.Reduction) {
      // What the block function left in the thread's slots when it
      // released the barrier: the count, and how many threads took part.
      IRBuilder<> R(Call);
      Value *Count = R.CreateLoad(I32, ReductionSlot(R, 0, Linear), "count");
      Value *Took = R.CreateLoad(I32, ReductionSlot(R, 1, Linear), "took");
      Value *Result = Count;
      if (Point.Reduction->Kind == ReductionKind::And)
        Result = R.CreateICmpEQ(Count, Took);
      else if (Point.Reduction->Kind == ReductionKind::Or)
        Result = R.CreateICmpNE(Count, R.getInt32(0));
      if (Result->getType() != Call->getType())
        Result = R.CreateZExt(Result, Call->getType());
      Result->takeName(Call);
      Call->replaceAllUsesWith(Result);
      Call->eraseFromParent();
      continue;
    }
    if (!Point.Warp || !exchanges(*Point.Warp)) {
      At->eraseFromParent();
      continue;
    }

    // The other lanes' operands, written in the round before this one.
    WarpKind Kind = *Point.Warp;
    IRBuilder<> R(Call);
    Value *Previous = R.CreateSub(Round, R.getInt32(1));
    Value *Parity = R.CreateAnd(Previous, 1);
    Value *Expected = TagOf(R, Previous, Kind);
    Value *Lane64 = R.CreateAnd(Linear, 31);
    Value *Lane = R.CreateTrunc(Lane64, I32, "lane");
    Value *WarpBase = R.CreateSub(Linear, Lane64);
    Value *Mask =
        Kind == WarpKind::ActiveMask ? R.getInt32(~0u)
                                     : Call->getArgOperand(maskOperand(Kind));
    Value *Result;
    if (isShuffle(Kind)) {
      // WarpLevel.cpp's shuffle: the source lane, or the lane itself.
      Value *Offset = R.CreateAnd(Call->getArgOperand(2), 31);
      Value *C = Call->getArgOperand(3);
      Value *Clamp = R.CreateAnd(C, 31);
      Value *Segment = R.CreateAnd(R.CreateLShr(C, 8), 31);
      Value *Low = R.CreateAnd(Lane, Segment);
      Value *MaxLane =
          R.CreateOr(Low, R.CreateAnd(Clamp, R.CreateNot(Segment)));
      Value *MinLane = R.CreateAnd(Lane, Segment);
      Value *Source, *InRange;
      switch (Kind) {
      case WarpKind::ShuffleUp:
        Source = R.CreateSub(Lane, Offset);
        InRange = R.CreateICmpSGE(Source, MaxLane);
        break;
      case WarpKind::ShuffleDown:
        Source = R.CreateAdd(Lane, Offset);
        InRange = R.CreateICmpULE(Source, MaxLane);
        break;
      case WarpKind::ShuffleButterfly:
        Source = R.CreateXor(Lane, Offset);
        InRange = R.CreateICmpULE(Source, MaxLane);
        break;
      default:
        Source = R.CreateOr(MinLane, R.CreateAnd(Offset, R.CreateNot(Segment)));
        InRange = R.CreateICmpULE(Source, MaxLane);
        break;
      }
      Source = R.CreateSelect(InRange, Source, Lane, "source");
      Value *SourceLinear = R.CreateAdd(WarpBase, R.CreateZExt(Source, I64));
      // A lane that exists, took part (wrote this round's tag) and is in the
      // mask; else 0 (as on fibers: BlockScheduler.cpp), or the lane's own
      // operand where the source is out of range.
      Value *Exists = R.CreateICmpULT(SourceLinear, Threads);
      Value *Safe = R.CreateSelect(Exists, SourceLinear, Linear);
      Value *Arrived = R.CreateSelect(
          R.CreateICmpNE(Converged, R.getInt32(0)), R.getTrue(),
          R.CreateICmpEQ(R.CreateLoad(I32, Exchange(R, Parity, 1, Safe)),
                         Expected),
          "arrived");
      Value *Member = R.CreateTrunc(R.CreateLShr(Mask, Source), R.getInt1Ty());
      Value *Take = R.CreateAnd(R.CreateAnd(Exists, Arrived), Member);
      Value *Bits = R.CreateLoad(
          I32, Exchange(R, Parity, 0, R.CreateSelect(Take, Safe, Linear)));
      Bits = R.CreateSelect(R.CreateOr(Take, R.CreateNot(InRange)), Bits,
                            R.getInt32(0));
      Result = Call->getType()->isFloatTy() ? R.CreateBitCast(Bits, Call->getType())
                                            : Bits;
    } else {
      // Votes, reductions and matches: which lanes took part, which of them
      // hold the predicate, and (reductions, matches) what their operands
      // give: the combined value, the lanes whose operand equals this lane's.
      BasicBlock *Head = Call->getParent();
      BasicBlock *Done = Head->splitBasicBlock(Call, "warp.vote.done");
      Head->getTerminator()->eraseFromParent();
      BasicBlock *Loop =
          BasicBlock::Create(Ctx, "warp.vote.lanes", &Thread, Done);
      BranchInst::Create(Loop, Head);
      IRBuilder<> L(Loop);
      PHINode *J = L.CreatePHI(I32, 2, "lane.j");
      PHINode *Took = L.CreatePHI(I32, 2, "took");
      PHINode *Holds = L.CreatePHI(I32, 2, "holds");
      PHINode *Acc = L.CreatePHI(I32, 2, "combined");
      J->addIncoming(L.getInt32(0), Head);
      Took->addIncoming(L.getInt32(0), Head);
      Holds->addIncoming(L.getInt32(0), Head);
      uint32_t Identity = 0;
      if (Kind == WarpKind::ReduceAnd || Kind == WarpKind::ReduceUMin)
        Identity = ~0u;
      else if (Kind == WarpKind::ReduceMin)
        Identity = 0x7fffffffu;
      else if (Kind == WarpKind::ReduceMax)
        Identity = 0x80000000u;
      Acc->addIncoming(L.getInt32(Identity), Head);
      Value *Own = nullptr;
      if (isReduce(Kind) || isMatch(Kind)) {
        IRBuilder<> H(Head->getTerminator());
        Own = H.CreateLoad(I32, Exchange(H, Parity, 0, Linear), "own");
      }
      Value *Other = L.CreateAdd(WarpBase, L.CreateZExt(J, I64));
      Value *Exists = L.CreateICmpULT(Other, Threads);
      Value *Safe = L.CreateSelect(Exists, Other, Linear);
      Value *Arrived = L.CreateAnd(
          Exists,
          L.CreateSelect(
              L.CreateICmpNE(Converged, L.getInt32(0)), L.getTrue(),
              L.CreateICmpEQ(L.CreateLoad(I32, Exchange(L, Parity, 1, Safe)),
                             Expected)),
          "arrived");
      Value *Operand = L.CreateLoad(I32, Exchange(L, Parity, 0, Safe));
      Value *Holding =
          L.CreateAnd(Arrived, L.CreateICmpNE(Operand, L.getInt32(0)));
      Value *Bit = L.CreateShl(L.getInt32(1), J);
      // WarpLevel.cpp's reductions and matches: among the lanes of the mask
      // that took part.
      Value *Counted = L.CreateAnd(
          Arrived, L.CreateTrunc(L.CreateLShr(Mask, J), L.getInt1Ty()));
      Value *Combined = Acc;
      switch (Kind) {
      case WarpKind::ReduceAdd:
        Combined = L.CreateAdd(Acc, Operand);
        break;
      case WarpKind::ReduceUMin:
        Combined = L.CreateBinaryIntrinsic(Intrinsic::umin, Acc, Operand);
        break;
      case WarpKind::ReduceUMax:
        Combined = L.CreateBinaryIntrinsic(Intrinsic::umax, Acc, Operand);
        break;
      case WarpKind::ReduceMin:
        Combined = L.CreateBinaryIntrinsic(Intrinsic::smin, Acc, Operand);
        break;
      case WarpKind::ReduceMax:
        Combined = L.CreateBinaryIntrinsic(Intrinsic::smax, Acc, Operand);
        break;
      case WarpKind::ReduceAnd:
        Combined = L.CreateAnd(Acc, Operand);
        break;
      case WarpKind::ReduceOr:
        Combined = L.CreateOr(Acc, Operand);
        break;
      case WarpKind::ReduceXor:
        Combined = L.CreateXor(Acc, Operand);
        break;
      case WarpKind::MatchAny: // the lanes holding this lane's operand
        Combined = L.CreateOr(
            Acc, L.CreateSelect(L.CreateICmpEQ(Operand, Own), Bit,
                                L.getInt32(0)));
        break;
      case WarpKind::MatchAll: // the lanes holding another operand
        Combined = L.CreateOr(
            Acc, L.CreateSelect(L.CreateICmpNE(Operand, Own), Bit,
                                L.getInt32(0)));
        break;
      default:
        break;
      }
      Value *AccNext = L.CreateSelect(Counted, Combined, Acc);
      Value *TookNext =
          L.CreateOr(Took, L.CreateSelect(Arrived, Bit, L.getInt32(0)));
      Value *HoldsNext =
          L.CreateOr(Holds, L.CreateSelect(Holding, Bit, L.getInt32(0)));
      Value *JNext = L.CreateAdd(J, L.getInt32(1));
      J->addIncoming(JNext, Loop);
      Took->addIncoming(TookNext, Loop);
      Holds->addIncoming(HoldsNext, Loop);
      Acc->addIncoming(AccNext, Loop);
      L.CreateCondBr(L.CreateICmpULT(JNext, L.getInt32(32)), Loop, Done);
      // WarpLevel.cpp's votes among the mask's lanes (and the lane itself).
      IRBuilder<> V(Call);
      Value *Members = V.CreateOr(Mask, V.CreateShl(V.getInt32(1), Lane));
      Value *Present = V.CreateAnd(TookNext, Members);
      Value *Ballot = V.CreateAnd(V.CreateAnd(HoldsNext, Members), Mask);
      switch (Kind) {
      case WarpKind::Ballot:
      case WarpKind::ActiveMask:
        Result = Ballot;
        break;
      case WarpKind::All:
        Result = V.CreateICmpEQ(
            V.CreateAnd(V.CreateAnd(Present, V.CreateNot(HoldsNext)), Mask),
            V.getInt32(0));
        break;
      case WarpKind::Any:
        Result = V.CreateICmpNE(Ballot, V.getInt32(0));
        break;
      case WarpKind::Uni: {
        Value *Active = V.CreateAnd(Mask, Present);
        Value *Holding = V.CreateAnd(HoldsNext, Active);
        Value *None = V.CreateICmpEQ(Holding, V.getInt32(0));
        Result = V.CreateOr(None, V.CreateICmpEQ(Holding, Active));
        break;
      }
      case WarpKind::MatchAny: // 0 for a lane outside the mask
        Result = V.CreateSelect(
            V.CreateTrunc(V.CreateLShr(Mask, Lane), V.getInt1Ty()), AccNext,
            V.getInt32(0));
        break;
      case WarpKind::MatchAll: { // the mask if every lane there agrees
        Value *None = V.CreateICmpEQ(V.CreateAnd(TookNext, Mask), V.getInt32(0));
        Value *Agree = V.CreateICmpEQ(AccNext, V.getInt32(0));
        Result = V.CreateSelect(V.CreateAnd(V.CreateNot(None), Agree), Mask,
                                V.getInt32(0));
        break;
      }
      default: // reductions
        Result = AccNext;
        break;
      }
    }
    Result->takeName(Call);
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  BasicBlock *Invalid = BasicBlock::Create(Ctx, "regions.invalid", &Thread);
  new UnreachableInst(Ctx, Invalid);
  SwitchInst *Switch =
      SwitchInst::Create(Region, Invalid, Starts.size(), Dispatch);
  for (unsigned R = 0; R < Starts.size(); ++R)
    Switch->addCase(ConstantInt::get(cast<IntegerType>(I32), RegionIds[R]),
                    Starts[R]);
  B.SetInsertPoint(Switch);

  uint64_t Bytes = reductionOffset(Exchanges) + (Reduces ? ReductionBytes : 0);
  auto Slot = [&](uint64_t ElementBytes, Align Alignment, const Twine &Name) {
    uint64_t Offset = alignTo(Bytes, Alignment);
    Bytes = Offset + ElementBytes;
    Value *Array = B.CreateInBoundsGEP(B.getInt8Ty(), State,
                                       B.CreateMul(Threads, B.getInt64(Offset)));
    return B.CreateInBoundsGEP(B.getInt8Ty(), Array,
                               B.CreateMul(Linear, B.getInt64(ElementBytes)),
                               Name);
  };
  for (AllocaInst *Alloca : Allocas) {
    uint64_t ElementBytes = Alloca->getAllocationSize(DL)->getFixedValue();
    Value *Address = Slot(alignTo(ElementBytes, Alloca->getAlign()),
                          Alloca->getAlign(), Alloca->getName() + ".state");
    Alloca->replaceAllUsesWith(
        B.CreatePointerBitCastOrAddrSpaceCast(Address, Alloca->getType()));
    Alloca->eraseFromParent();
  }

  // Values whose uses their definition no longer dominates.
  DominatorTree DT(Thread);
  for (BasicBlock &BB : Thread) {
    if (&BB == Dispatch)
      continue;
    for (Instruction &I : make_early_inc_range(BB)) {
      SmallVector<Use *> Far;
      for (Use &U : I.uses())
        if (!DT.dominates(&I, U))
          Far.push_back(&U);
      if (Far.empty())
        continue;
      unsigned Budget = 8;
      if (isRecomputable(&I, Budget)) {
        DenseMap<Instruction *, DenseMap<Value *, Value *>> Copies;
        for (Use *U : Far) {
          Instruction *Where = usePoint(*U);
          U->set(recompute(&I, Where, Copies[Where]));
        }
        continue;
      }
      Type *Ty = I.getType();
      if (!Ty->isFirstClassType() || Ty->isTokenTy() || !Ty->isSized() ||
          I.isTerminator()) {
        WhyNot = "a value of an unsupported type lives across __syncthreads";
        return 0;
      }
      // A wider vector (a wmma fragment's registers, 32 bytes) is kept at
      // the state's alignment, and moved with unaligned loads and stores.
      Align Alignment = std::min(DL.getABITypeAlign(Ty), Align(StateAlign));
      // A value the same in every thread is kept once for the block when
      // every use that reads it runs in a later round than the thread's
      // last store of it (no use can be reached from the definition
      // without a split between): the use then reads the copy of the
      // block's slot made before the round.
      bool Uniform =
          I.hasMetadata(BlockUniformMetadata) &&
          llvm::none_of(Far, [&](Use *U) {
            return isPotentiallyReachable(&I, usePoint(*U), nullptr, &DT);
          });
      Value *Address, *ReadAddress;
      if (Uniform) {
        uint64_t Offset = alignTo(UniformBytes, Alignment);
        UniformBytes = Offset + DL.getTypeAllocSize(Ty);
        Address = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), UniformOut,
                                               Offset, I.getName() + ".block");
        ReadAddress = B.CreateConstInBoundsGEP1_64(
            B.getInt8Ty(), UniformIn, Offset, I.getName() + ".round");
      } else {
        Address = ReadAddress =
            Slot(DL.getTypeAllocSize(Ty), Alignment, I.getName() + ".state");
      }
      new StoreInst(&I, Address, /*isVolatile=*/false, Alignment,
                    isa<PHINode>(I) ? BB.getFirstInsertionPt()
                                    : std::next(I.getIterator()));
      DenseMap<Instruction *, Value *> Loads;
      for (Use *U : Far) {
        Instruction *Where = usePoint(*U);
        Value *&Load = Loads[Where];
        if (!Load)
          Load = new LoadInst(Ty, ReadAddress, I.getName() + ".kept",
                              /*isVolatile=*/false, Alignment,
                              Where->getIterator());
        U->set(Load);
      }
    }
  }
  StateBytes = alignTo(Bytes, StateAlign);
  UniformBytes = alignTo(UniformBytes, StateAlign);
  for (Instruction &I : instructions(Thread))
    I.setMetadata(BlockUniformMetadata, nullptr);
  return Starts.size();
}

/// The value of a lane register (HostThreadLoops.def) at `Call`, from the
/// thread copy's index and block-size parameters: the thread's linear index
/// in the block, x fastest, split into 32-lane warps as SpecialRegisters.def
/// does.
Value *emitLaneRegister(CallInst &Call, LaneKind Kind, Function &Thread,
                        unsigned First) {
  IRBuilder<> B(&Call);
  auto Arg = [&](unsigned I) { return Thread.getArg(First + I); };
  Value *Linear =
      B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(Arg(FirstThreadIndex + 2),
                                                      Arg(FirstUniform + 1)),
                                          Arg(FirstThreadIndex + 1)),
                              Arg(FirstUniform + 0)),
                  Arg(FirstThreadIndex + 0), "thread.linear");
  if (Kind == LaneKind::Warp)
    return B.CreateLShr(Linear, 5, "warpid");
  Value *Lane = B.CreateAnd(Linear, 31, "laneid");
  if (Kind == LaneKind::Lane)
    return Lane;
  Value *Equal = B.CreateShl(B.getInt32(1), Lane);
  Value *Less = B.CreateSub(Equal, B.getInt32(1));
  switch (Kind) {
  case LaneKind::MaskEq:
    return Equal;
  case LaneKind::MaskLt:
    return Less;
  case LaneKind::MaskLe:
    return B.CreateOr(Less, Equal);
  case LaneKind::MaskGt:
    return B.CreateNot(B.CreateOr(Less, Equal));
  default: // MaskGe
    return B.CreateNot(Less);
  }
}

/// A copy of `Kernel` taking, after its own parameters, the ThreadParams:
/// the thread index (x, y, z), the BlockUniformNames values, the region to
/// run and the thread's state (splitAtBarriers). Functions that read them or
/// reach a barrier are inlined into it, and the reads replaced by
/// parameters. Returns the number of regions, or 0 and sets `WhyNot`.
/// A block-wide barrier: __syncthreads, its reductions, grid.sync().
bool isBlockWideBarrierCall(const Instruction &I) {
  auto *Call = dyn_cast<CallInst>(&I);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->isDeclaration() &&
         (isBlockBarrier(*Callee) || isGridBarrier(*Callee) ||
          blockReduction(Callee->getName()));
}

bool isLockstepPointCall(const Instruction &I) {
  auto *Call = dyn_cast<CallInst>(&I);
  Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->isDeclaration() &&
         warpPointKind(Callee->getName()) == WarpKind::Lockstep;
}

/// Whether `I` may reach memory another thread reaches: anything but the
/// thread's own locals (allocas, which SROA makes values later).
bool touchesSharedState(const Instruction &I) {
  if (!I.mayReadOrWriteMemory())
    return false;
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isVolatile() ||
           !isa<AllocaInst>(getUnderlyingObject(Load->getPointerOperand()));
  if (auto *Store = dyn_cast<StoreInst>(&I))
    return Store->isVolatile() ||
           !isa<AllocaInst>(getUnderlyingObject(Store->getPointerOperand()));
  if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I))
    return !Intrinsic->isLifetimeStartOrEnd() &&
           !isa<DbgInfoIntrinsic>(Intrinsic);
  return true;
}

/// A lockstep point (rubicon-host-warp-lockstep) with a block-wide barrier
/// next to it in its basic block, and no access to memory another thread
/// reaches between them, orders nothing that the barrier does not: every
/// thread of the block meets there, the warp's lanes among them. It would
/// only add a round of the thread loop (cuda-samples' scan: the volatile
/// store after each scan step's second barrier), so the thread-loop copy
/// drops it; the fiber entry keeps it, where it costs a switch, not a round.
void dropLockstepPointsAtBarriers(Function &Thread) {
  auto BarrierBeside = [](Instruction *From, bool Forward) {
    for (Instruction *I = Forward ? From->getNextNode() : From->getPrevNode();
         I; I = Forward ? I->getNextNode() : I->getPrevNode()) {
      if (isBlockWideBarrierCall(*I))
        return true;
      if (isLockstepPointCall(*I))
        continue;
      if (touchesSharedState(*I))
        return false;
    }
    return false;
  };
  SmallVector<Instruction *> Redundant;
  for (Instruction &I : instructions(Thread))
    if (isLockstepPointCall(I) &&
        (BarrierBeside(&I, false) || BarrierBeside(&I, true)))
      Redundant.push_back(&I);
  for (Instruction *I : Redundant)
    I->eraseFromParent();
}

unsigned cloneForThreadLoop(Function &Kernel, LoopAnalysis &Analysis,
                            Function *&Thread,
                            SmallVectorImpl<uint32_t> &RegionIds,
                            unsigned &WarpPoints, bool &Exchanges,
                            bool &Reduces, LockstepLoop &Strided,
                            uint64_t &StateBytes, uint64_t &UniformBytes,
                            std::string &WhyNot) {
  Module &M = *Kernel.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  SmallVector<Type *> Params(Kernel.getFunctionType()->params());
  Params.append(ThreadIndexCount + UniformCount + 3, I32);
  Params.append(3, PointerType::get(Ctx, 0)); // state, uniform out and in
  if (!Kernel.getReturnType()->isVoidTy()) {
    WhyNot = "the kernel returns a value";
    return 0;
  }
  // It returns the region to run next (splitAtBarriers).
  auto *Type = FunctionType::get(I32, Params, false);
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
  Thread->getArg(First + RoundParam)->setName("round");
  Thread->getArg(First + ConvergedParam)->setName("converged");
  Thread->getArg(First + StateParam)->setName("state");
  Thread->getArg(First + UniformOutParam)->setName("uniform.out");
  Thread->getArg(First + UniformInParam)->setName("uniform.in");
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
  // Nothing but the thread's own code reaches its slots of the state.
  Thread->addParamAttr(First + StateParam, Attribute::NoAlias);
  Thread->addParamAttr(First + UniformOutParam, Attribute::NoAlias);
  Thread->addParamAttr(First + UniformInParam, Attribute::NoAlias);

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

  // Small leaf helpers (the device headers' __rubicon_shfl_c computing a
  // shuffle's width operand): inlined too, so that a value they compute from
  // constants or parameters is recomputed after a split instead of being
  // kept per thread (a call is never recomputed).
  {
    SmallVector<CallBase *> Leaves;
    for (Instruction &I : instructions(*Thread))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && isSmallLeaf(*Callee))
          Leaves.push_back(Call);
    for (CallBase *Call : Leaves) {
      InlineFunctionInfo Info;
      (void)InlineFunction(*Call, Info);
    }
  }

  // Compiler barriers would only keep LLVM from optimizing the loop.
  SmallVector<CallBase *> Fences;
  for (Instruction &I : instructions(*Thread))
    if (auto *Call = dyn_cast<CallBase>(&I); Call && isCompilerBarrier(*Call))
      Fences.push_back(Call);
  for (CallBase *Call : Fences)
    Call->eraseFromParent();

  dropLockstepPointsAtBarriers(*Thread);

  SmallVector<CallInst *> Reads;
  SmallVector<SplitPoint> Points;
  WarpPoints = 0;
  for (Instruction &I : instructions(*Thread))
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      Call->removeFnAttr(Attribute::Convergent);
      Function *Callee = Call->getCalledFunction();
      if (!Callee || !Callee->isDeclaration() || !isa<CallInst>(Call))
        continue;
      if (isBlockBarrier(*Callee))
        Points.push_back({cast<CallInst>(Call), std::nullopt});
      else if (isGridBarrier(*Callee))
        Points.push_back(
            {cast<CallInst>(Call), std::nullopt, false, nullptr, true});
      else if (const BlockReductionRow *Row = blockReduction(Callee->getName()))
        Points.push_back({cast<CallInst>(Call), std::nullopt, false, Row});
      else if (auto Kind = warpPointKind(Callee->getName())) {
        Points.push_back({cast<CallInst>(Call), Kind});
        ++WarpPoints;
      } else
        Reads.push_back(cast<CallInst>(Call));
    }
  for (CallInst *Call : Reads) {
    StringRef Name = Call->getCalledFunction()->getName();
    Value *Replacement = nullptr;
    if (auto D = threadIndexDimension(Name))
      Replacement = Thread->getArg(First + FirstThreadIndex + *D);
    else if (auto U = blockUniformIndex(Name))
      Replacement = Thread->getArg(First + FirstUniform + *U);
    else if (auto Kind = laneRegisterKind(Name))
      Replacement = emitLaneRegister(*Call, *Kind, *Thread, First);
    if (!Replacement)
      continue;
    Call->replaceAllUsesWith(Replacement);
    Call->eraseFromParent();
  }
  return splitAtBarriers(*Thread, Points, RegionIds, Exchanges, Reduces,
                         Strided, StateBytes, UniformBytes, WhyNot);
}

/// Appends to `Pre` (no terminator yet) the loop nest (z, y, x) over the
/// threads of the block, whose sizes are `Bounds`; `Body` emits one thread's
/// work at the builder, given the thread's index, and may leave the builder
/// in another block. Returns the block after the loop
/// nest (no terminator yet).
BasicBlock *
emitThreadLoop(BasicBlock *Pre, ArrayRef<Value *> Bounds, StringRef Suffix,
               function_ref<void(IRBuilder<> &, ArrayRef<Value *>)> Body) {
  Function *Block = Pre->getParent();
  LLVMContext &Ctx = Block->getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  static constexpr const char *Names[] = {"x", "y", "z"};

  // Do-while loops: a block has at least one thread in each dimension.
  IRBuilder<> B(Ctx);
  PHINode *Index[3];
  BasicBlock *Headers[3];
  for (int D = 2; D >= 0; --D) {
    Headers[D] = BasicBlock::Create(
        Ctx, std::string("thread.") + Names[D] + Suffix.str(), Block);
    BranchInst::Create(Headers[D], Pre);
    B.SetInsertPoint(Headers[D]);
    Index[D] =
        B.CreatePHI(I32, 2, std::string("tid.") + Names[D] + Suffix.str());
    Index[D]->addIncoming(B.getInt32(0), Pre);
    Pre = Headers[D];
  }
  // The innermost header is the body.
  B.SetInsertPoint(Headers[0]);
  Body(B, {Index[0], Index[1], Index[2]});

  // Latches, innermost first: x's latch is where the body ended.
  BasicBlock *Latch = B.GetInsertBlock();
  for (int D = 0; D < 3; ++D) {
    B.SetInsertPoint(Latch);
    Value *Next = B.CreateAdd(Index[D], B.getInt32(1), "", /*HasNUW=*/true,
                              /*HasNSW=*/true);
    Index[D]->addIncoming(Next, Latch);
    BasicBlock *After = BasicBlock::Create(
        Ctx, std::string("thread.") + Names[D] + ".done" + Suffix.str(),
        Block);
    B.CreateCondBr(B.CreateICmpULT(Next, Bounds[D]), Headers[D], After);
    Latch = After;
  }
  return Latch;
}

/// `__rubicon_host_block_<K>`: a copy of K's entry whose call to K becomes
/// loop nests over the block's threads. With one region, one loop nest.
/// With barriers, the block runs in rounds, each taking every thread to its
/// next barrier (or its end):
///  - while all threads stopped at the same barrier, the next round runs the
///    region after it for every thread, a loop nest with the region number a
///    constant, so that the region's code is inlined into it alone;
///  - otherwise (threads that stopped at different barriers or ended, which
///    CUDA leaves undefined for all but exited threads) each thread resumes
///    the region it stopped before, or sits the round out once it ended,
///    until they agree again: the fiber scheduler's rule (a block barrier
///    releases when every thread that has not exited waits at one).
Function *buildBlockFunction(Function &Entry, Function &Kernel,
                             Function &Thread, StringRef KernelName,
                             ArrayRef<uint32_t> RegionIds, bool Exchanges,
                             bool Reduces, uint64_t StateBytes,
                             uint64_t UniformBytes) {
  unsigned Regions = RegionIds.size();
  Module &M = *Entry.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *I1Ty = Type::getInt1Ty(Ctx);
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
  // ntid.x, .y, .z are the first three uniforms.
  Value *Bounds[3] = {Uniforms[0], Uniforms[1], Uniforms[2]};
  // The thread's index in the block, x fastest.
  auto LinearIndex = [&](IRBuilder<> &B, ArrayRef<Value *> Index) {
    return B.CreateAdd(
        B.CreateMul(B.CreateAdd(B.CreateMul(B.CreateZExt(Index[2], I64),
                                            B.CreateZExt(Bounds[1], I64)),
                                B.CreateZExt(Index[1], I64)),
                    B.CreateZExt(Bounds[0], I64)),
        B.CreateZExt(Index[0], I64), "thread");
  };
  // The values kept once for the block (splitAtBarriers): the threads'
  // stores, then the copy they read, made before each round.
  Value *UniformOut = ConstantPointerNull::get(Ptr);
  Value *UniformIn = UniformOut;
  if (UniformBytes) {
    BasicBlock &Start = Block->getEntryBlock();
    IRBuilder<> A(&Start, Start.getFirstInsertionPt());
    AllocaInst *Kept = A.CreateAlloca(
        ArrayType::get(B.getInt8Ty(), 2 * UniformBytes), nullptr, "uniform");
    Kept->setAlignment(Align(StateAlign));
    UniformOut = Kept;
    UniformIn = A.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Kept, UniformBytes,
                                             "uniform.in");
  }
  auto CallThread = [&](IRBuilder<> &B, ArrayRef<Value *> Index,
                        Value *Region, Value *Round, bool Converged,
                        Value *State) {
    SmallVector<Value *> Args(KernelArgs);
    Args.append(Index.begin(), Index.end());
    Args.append(Uniforms.begin(), Uniforms.end());
    Args.push_back(Region);
    Args.push_back(Round);
    Args.push_back(B.getInt32(Converged));
    Args.push_back(State);
    Args.push_back(UniformOut);
    Args.push_back(UniformIn);
    return B.CreateCall(&Thread, Args);
  };

  if (Regions == 1) {
    BasicBlock *Done = emitThreadLoop(
        Head, Bounds, "", [&](IRBuilder<> &B, ArrayRef<Value *> Index) {
          CallThread(B, Index, B.getInt32(0), B.getInt32(0),
                     /*Converged=*/true, ConstantPointerNull::get(Ptr));
        });
    B.SetInsertPoint(Done);
    B.CreateBr(Exit);
    Exit->moveAfter(Done);
    return Block;
  }

  // The threads' state: on the stack when it fits, else from malloc.
  BasicBlock &Start = Block->getEntryBlock();
  IRBuilder<> A(&Start, Start.getFirstInsertionPt());
  AllocaInst *Stack = A.CreateAlloca(
      ArrayType::get(B.getInt8Ty(), StackStateBytes), nullptr, "state");
  Stack->setAlignment(Align(StateAlign));
  AllocaInst *LowSlot = A.CreateAlloca(I32, nullptr, "next.low");
  AllocaInst *HighSlot = A.CreateAlloca(I32, nullptr, "next.high");
  // The round's number (it tells the exchanges of warp operations of
  // successive rounds apart), and whether threads wait at a warp point.
  AllocaInst *RoundSlot = A.CreateAlloca(I32, nullptr, "round");
  AllocaInst *WarpNowSlot = A.CreateAlloca(I1Ty, nullptr, "warp.now");
  AllocaInst *WarpSlot = A.CreateAlloca(I1Ty, nullptr, "warp.waiting");
  // Whether threads wait at a grid barrier (GridBit), in kernels with one.
  bool GridBarriers = llvm::any_of(RegionIds, [](uint32_t Id) {
    return Id != ExitRegion && (Id & GridBit);
  });
  AllocaInst *GridNowSlot =
      GridBarriers ? A.CreateAlloca(I1Ty, nullptr, "grid.now") : nullptr;
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
  PHINode *State = B.CreatePHI(Ptr, 2, "state.base");
  State->addIncoming(Stack, Head);
  State->addIncoming(Allocated, Alloc);
  PHINode *Heap = B.CreatePHI(Ptr, 2, "state.free");
  Heap->addIncoming(ConstantPointerNull::get(Ptr), Head);
  Heap->addIncoming(Allocated, Alloc);
  B.CreateStore(B.getInt32(0), RoundSlot);
  B.CreateStore(B.getFalse(), WarpSlot);
  if (Exchanges) { // no lane has published an operand yet: no tag matches
    Value *Start = B.CreateInBoundsGEP(
        B.getInt8Ty(), State, B.CreateMul(Threads, B.getInt64(NextRegionBytes)));
    Value *Length = B.CreateMul(Threads, B.getInt64(ExchangeBytes));
    B.CreateMemSet(Start, B.getInt8(0xff), Length, MaybeAlign(4));
  }

  // Rounds: `Next` is the region every thread runs next.
  BasicBlock *Rounds = BasicBlock::Create(Ctx, "rounds", Block, Exit);
  BasicBlock *Finish = BasicBlock::Create(Ctx, "rounds.done", Block, Exit);
  BasicBlock *Divergent = BasicBlock::Create(Ctx, "rounds.divergent", Block);
  B.CreateBr(Rounds);
  B.SetInsertPoint(Rounds);
  PHINode *Next = B.CreatePHI(I32, Regions + 1, "next");
  Next->addIncoming(B.getInt32(0), Ready);
  SwitchInst *Switch = B.CreateSwitch(Next, Finish, Regions);

  // Where each thread stopped (the state's first array), and the lowest
  // and highest such region of the round.
  auto Record = [&](IRBuilder<> &B, Value *Linear, Value *Stopped,
                    bool Store) {
    if (Store)
      B.CreateStore(Stopped, B.CreateInBoundsGEP(I32, State, Linear));
    B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umin,
                                          B.CreateLoad(I32, LowSlot), Stopped),
                  LowSlot);
    B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax,
                                          B.CreateLoad(I32, HighSlot), Stopped),
                  HighSlot);
    Value *Live = B.CreateICmpNE(Stopped, B.getInt32(ExitRegion));
    Value *AtWarpPoint = B.CreateAnd(
        Live,
        B.CreateICmpNE(B.CreateAnd(Stopped, WarpPointBit), B.getInt32(0)));
    B.CreateStore(B.CreateOr(B.CreateLoad(I1Ty, WarpNowSlot), AtWarpPoint),
                  WarpNowSlot);
    if (GridBarriers) {
      Value *AtGrid = B.CreateAnd(
          Live, B.CreateICmpNE(B.CreateAnd(Stopped, GridBit), B.getInt32(0)));
      B.CreateStore(B.CreateOr(B.CreateLoad(I1Ty, GridNowSlot), AtGrid),
                    GridNowSlot);
    }
  };
  // grid_group::sync: when no thread waits at a warp point, the next round
  // releases the threads waiting at a barrier; if some wait at a grid
  // barrier, the block arrives at the grid's barrier first, once, and waits
  // for the other blocks (GridSync.cpp). Returns the block after.
  auto arriveAtGrid = [&](IRBuilder<> &B) {
    Value *Waits = B.CreateAnd(B.CreateNot(B.CreateLoad(I1Ty, WarpNowSlot)),
                               B.CreateLoad(I1Ty, GridNowSlot), "grid.release");
    BasicBlock *Arrive = BasicBlock::Create(Ctx, "grid.arrive", Block, Exit);
    BasicBlock *Arrived = BasicBlock::Create(Ctx, "grid.done", Block, Exit);
    B.CreateCondBr(Waits, Arrive, Arrived);
    B.SetInsertPoint(Arrive);
    B.CreateCall(M.getOrInsertFunction("__rubicon_host_grid_arrive",
                                       B.getVoidTy()));
    B.CreateBr(Arrived);
    B.SetInsertPoint(Arrived);
    return Arrived;
  };
  // __syncthreads_count/_and/_or: when no thread waits at a warp point, the
  // next round releases the threads waiting at a barrier; those waiting at
  // a reducing one (ReductionBit) get, in their slots, the number of them
  // holding their predicate and the number of them. Returns the block
  // after (the builder is at its end).
  auto combineReductions = [&](IRBuilder<> &B, BasicBlock *At) {
    Value *Waits = B.CreateLoad(I1Ty, WarpNowSlot, "warp.pending");
    BasicBlock *Count = BasicBlock::Create(Ctx, "reduce.count", Block, Exit);
    BasicBlock *Give = BasicBlock::Create(Ctx, "reduce.give", Block, Exit);
    BasicBlock *Given = BasicBlock::Create(Ctx, "reduce.done", Block, Exit);
    B.CreateCondBr(Waits, Given, Count);
    Value *Slots[2];
    auto Waiting = [&](IRBuilder<> &B, Value *T) {
      Value *Stopped = B.CreateLoad(I32, B.CreateInBoundsGEP(I32, State, T));
      return B.CreateAnd(
          B.CreateICmpNE(Stopped, B.getInt32(ExitRegion)),
          B.CreateICmpNE(B.CreateAnd(Stopped, ReductionBit), B.getInt32(0)));
    };
    B.SetInsertPoint(Count);
    PHINode *T = B.CreatePHI(I64, 2, "reduce.thread");
    PHINode *Holding = B.CreatePHI(I32, 2, "reduce.holding");
    PHINode *Took = B.CreatePHI(I32, 2, "reduce.took");
    T->addIncoming(B.getInt64(0), At);
    Holding->addIncoming(B.getInt32(0), At);
    Took->addIncoming(B.getInt32(0), At);
    for (unsigned Which = 0; Which < 2; ++Which)
      Slots[Which] = B.CreateInBoundsGEP(
          B.getInt8Ty(), State,
          B.CreateMul(B.getInt64(reductionOffset(Exchanges) + 4 * Which),
                      Threads));
    Value *Takes = Waiting(B, T);
    Value *Predicate =
        B.CreateLoad(I32, B.CreateInBoundsGEP(I32, Slots[0], T));
    Value *HoldingNext = B.CreateAdd(
        Holding, B.CreateSelect(Takes, Predicate, B.getInt32(0)));
    Value *TookNext = B.CreateAdd(Took, B.CreateZExt(Takes, I32));
    Value *TNext = B.CreateAdd(T, B.getInt64(1));
    T->addIncoming(TNext, Count);
    Holding->addIncoming(HoldingNext, Count);
    Took->addIncoming(TookNext, Count);
    B.CreateCondBr(B.CreateICmpULT(TNext, Threads), Count, Give);
    B.SetInsertPoint(Give);
    PHINode *U = B.CreatePHI(I64, 2, "reduce.thread");
    U->addIncoming(B.getInt64(0), Count);
    BasicBlock *Store = BasicBlock::Create(Ctx, "reduce.store", Block, Exit);
    BasicBlock *Stored = BasicBlock::Create(Ctx, "reduce.next", Block, Exit);
    B.CreateCondBr(Waiting(B, U), Store, Stored);
    B.SetInsertPoint(Store);
    B.CreateStore(HoldingNext, B.CreateInBoundsGEP(I32, Slots[0], U));
    B.CreateStore(TookNext, B.CreateInBoundsGEP(I32, Slots[1], U));
    B.CreateBr(Stored);
    B.SetInsertPoint(Stored);
    Value *UNext = B.CreateAdd(U, B.getInt64(1));
    U->addIncoming(UNext, Stored);
    B.CreateCondBr(B.CreateICmpULT(UNext, Threads), Give, Given);
    B.SetInsertPoint(Given);
    return Given;
  };
  // After a round: all agree (the next uniform round, or the end) or not.
  auto EndRound = [&](BasicBlock *Done) {
    B.SetInsertPoint(Done);
    if (Reduces)
      Done = combineReductions(B, Done);
    if (GridBarriers)
      Done = arriveAtGrid(B);
    Value *Low = B.CreateLoad(I32, LowSlot, "low");
    Value *High = B.CreateLoad(I32, HighSlot, "high");
    B.CreateStore(B.CreateAdd(B.CreateLoad(I32, RoundSlot), B.getInt32(1)),
                  RoundSlot);
    B.CreateStore(B.CreateLoad(I1Ty, WarpNowSlot), WarpSlot);
    B.CreateCondBr(B.CreateICmpEQ(Low, High), Rounds, Divergent);
    Next->addIncoming(Low, Done);
  };
  auto StartRound = [&](BasicBlock *At) {
    B.SetInsertPoint(At);
    B.CreateStore(B.getInt32(ExitRegion), LowSlot);
    B.CreateStore(B.getInt32(0), HighSlot);
    B.CreateStore(B.getFalse(), WarpNowSlot);
    if (GridBarriers)
      B.CreateStore(B.getFalse(), GridNowSlot);
    if (UniformBytes)
      B.CreateMemCpy(UniformIn, Align(StateAlign), UniformOut,
                     Align(StateAlign), UniformBytes);
  };

  for (unsigned R = 0; R < Regions; ++R) {
    std::string Suffix = "." + std::to_string(R);
    BasicBlock *Run = BasicBlock::Create(Ctx, "region" + Suffix, Block, Exit);
    Switch->addCase(B.getInt32(RegionIds[R]), Run);
    StartRound(Run);
    Value *Round = B.CreateLoad(I32, RoundSlot, "round" + Suffix);
    EndRound(emitThreadLoop(
        Run, Bounds, Suffix,
        [&](IRBuilder<> &B, ArrayRef<Value *> Index) {
          Value *Linear = LinearIndex(B, Index);
          Value *Stopped =
              CallThread(B, Index, B.getInt32(RegionIds[R]), Round,
                         /*Converged=*/true, State);
          Record(B, Linear, Stopped, /*Store=*/true);
        }));
  }

  // Threads waiting at a warp point go on first: a block barrier releases
  // once no thread waits in a warp operation, as on fibers.
  StartRound(Divergent);
  Value *Round = B.CreateLoad(I32, RoundSlot, "round.divergent");
  Value *WarpFirst = B.CreateLoad(I1Ty, WarpSlot, "warp.first");
  EndRound(emitThreadLoop(
      Divergent, Bounds, ".divergent",
      [&](IRBuilder<> &B, ArrayRef<Value *> Index) {
        Value *Linear = LinearIndex(B, Index);
        Value *Slot = B.CreateInBoundsGEP(I32, State, Linear);
        Value *Waiting = B.CreateLoad(I32, Slot, "waiting");
        BasicBlock *Here = B.GetInsertBlock();
        BasicBlock *Resume = BasicBlock::Create(Ctx, "resume", Block);
        BasicBlock *Resumed = BasicBlock::Create(Ctx, "resumed", Block);
        Value *Live = B.CreateICmpNE(Waiting, B.getInt32(ExitRegion));
        Value *AtWarpPoint = B.CreateICmpNE(
            B.CreateAnd(Waiting, WarpPointBit), B.getInt32(0));
        Value *Goes =
            B.CreateAnd(Live, B.CreateOr(B.CreateNot(WarpFirst), AtWarpPoint));
        B.CreateCondBr(Goes, Resume, Resumed);
        B.SetInsertPoint(Resume);
        Value *Stopped =
            CallThread(B, Index, Waiting, Round, /*Converged=*/false, State);
        B.CreateStore(Stopped, Slot);
        B.CreateBr(Resumed);
        B.SetInsertPoint(Resumed);
        PHINode *Now = B.CreatePHI(I32, 2, "stopped");
        Now->addIncoming(Waiting, Here);
        Now->addIncoming(Stopped, Resume);
        Record(B, Linear, Now, /*Store=*/false);
      }));

  B.SetInsertPoint(Finish);
  // free(NULL) does nothing.
  B.CreateCall(M.getOrInsertFunction("free", Type::getVoidTy(Ctx), Ptr),
               {Heap});
  B.CreateBr(Exit);
  Exit->moveAfter(Divergent);
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
    uint64_t StateBytes = 0, UniformBytes = 0;
    std::string WhyNot;
    unsigned Regions = 0, WarpPoints = 0;
    bool Exchanges = false, Reduces = false;
    LockstepLoop Strided = LockstepLoop::None;
    SmallVector<uint32_t> RegionIds;
    if (!Entry)
      Form = "fibers: no entry point";
    else if (!V.Loopable)
      Form = "fibers: " + V.Reason;
    else if (!(Regions = cloneForThreadLoop(
                   *Kernel, Analysis, Thread, RegionIds, WarpPoints, Exchanges,
                   Reduces, Strided, StateBytes, UniformBytes, WhyNot)))
      Form = "fibers: " + WhyNot;
    else if (!buildBlockFunction(*Entry, *Kernel, *Thread, Name, RegionIds,
                                 Exchanges, Reduces, StateBytes, UniformBytes))
      Form = "fibers: the entry does not call the kernel";
    else if (Regions == 1)
      Form = "thread-loop";
    else if (Strided != LockstepLoop::None)
      Form = std::string("thread-loop, ") +
             (Strided == LockstepLoop::ClockWait ? "clock wait"
                                                 : "grid-stride loop") +
             " in lockstep, " +
             std::to_string(StateBytes) + " bytes kept per thread";
    else
      Form = "thread-loop, " + std::to_string(Regions) +
             " regions between barriers" +
             (WarpPoints ? " and warp operations" : "") +
             (StateBytes
                  ? ", " + std::to_string(StateBytes) + " bytes kept per thread"
                  : "") +
             (UniformBytes ? ", " + std::to_string(UniformBytes) +
                                 " bytes kept per block"
                           : "");
    if (Form.starts_with("fibers") && Thread)
      Thread->eraseFromParent();
    Kernel->addFnAttr(HostFormAttribute, Form);
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
