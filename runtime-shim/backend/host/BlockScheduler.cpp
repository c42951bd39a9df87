//===- BlockScheduler.cpp - CUDA blocks as fibers on one CPU thread -------===//
//
// Part of Rubicon's host backend. See BlockScheduler.h.
//
//===----------------------------------------------------------------------===//
#include "BlockScheduler.h"
#include "DeviceLaunches.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <mutex>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

// Fiber switching: ucontext's swapcontext makes a system call per switch
// (the signal mask), which dominated barrier-heavy kernels. This switch saves
// only what the x86-64 System V ABI makes callee-saved: rbx, rbp, r12-r15,
// the MXCSR and the x87 control word.
//   void rubicon_host_switch_fiber(void **SaveStack, void *NextStack)
// A new fiber's stack is prepared to "return" into rubicon_host_fiber_entry,
// which calls rubicon_host_fiber_start(r12).
extern "C" void rubicon_host_switch_fiber(void **SaveStack, void *NextStack);
extern "C" void rubicon_host_fiber_entry();
asm(R"(
  .text
  .p2align 4
  .globl rubicon_host_switch_fiber
  .hidden rubicon_host_switch_fiber
  .type rubicon_host_switch_fiber,@function
rubicon_host_switch_fiber:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  retq
  .size rubicon_host_switch_fiber, .-rubicon_host_switch_fiber

  .p2align 4
  .globl rubicon_host_fiber_entry
  .hidden rubicon_host_fiber_entry
  .type rubicon_host_fiber_entry,@function
rubicon_host_fiber_entry:
  movq %r12, %rdi
  callq rubicon_host_fiber_start
  ud2
  .size rubicon_host_fiber_entry, .-rubicon_host_fiber_entry
)");

namespace rubicon::cudart::host {

using rubicon::host::FiberStackBytes;
using rubicon::host::ThreadContext;
using rubicon::host::WaveLanes;
using rubicon::host::WaveOperation;
using rubicon::host::WaveOperationCallerOutsideMask;

namespace {
constexpr int ErrorMemoryAllocation = 2; // cudaErrorMemoryAllocation
constexpr int ErrorIllegalAddress = 700; // cudaErrorIllegalAddress
constexpr int ErrorIllegalInstruction = 715;
constexpr int ErrorLaunchFailure = 719; // cudaErrorLaunchFailure
/// The page after each fiber's ThreadContext is inaccessible: a fiber that
/// overflows its stack faults there instead of overwriting its context.
constexpr size_t GuardPageOffset = 4096;
constexpr size_t GuardPageBytes = 4096;
static_assert(sizeof(ThreadContext) <= rubicon::host::LaneStateOffset &&
                  rubicon::host::LaneStateOffset +
                          rubicon::host::LaneStateBytes <=
                      GuardPageOffset,
              "the code object's lane state lies between the ThreadContext "
              "and the guard page (HostABI.h)");
/// Each guard page splits a mapping in two; the process-wide number of guard
/// pages is kept well below Linux's default map count limit (65530) so that
/// the program's own mappings never run out. Stacks past it go unguarded.
constexpr size_t MaxGuardPages = 16384;
std::atomic<size_t> GuardPagesInUse{0};
constexpr size_t AltStackBytes = 64 * 1024;
constexpr uint64_t AltStackMagic = 0x52554249434f4e46ull; // "RUBICONF"
enum class FiberState { Ready, Yielded, AtBarrier, AtWaveOperation, Done };
// MXCSR 0x1f80 (all exceptions masked, round to nearest) and x87 control
// word 0x037f, the ABI's initial values.
constexpr uint64_t DefaultControlWords = 0x1f80ull | (0x037full << 32);
} // namespace

struct BlockScheduler::SchedulerContext {
  void *Stack = nullptr;
  /// Where a fault in a fiber returns to (runBlock), and whether a fiber is
  /// running (only then is a fault the kernel's).
  sigjmp_buf FaultReturn;
  volatile sig_atomic_t InFiber = 0;
  /// The signal stack of the CPU thread running this scheduler.
  struct AltStackHeader {
    uint64_t Magic;
    BlockScheduler *Owner;
  } *AltStack = nullptr;
  bool AltStackInstalled = false;
  pthread_t Thread{};
  stack_t PreviousAltStack{};
};

namespace {
// Faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL) raised by kernel code on a thread
// that runs a BlockScheduler: they are delivered on that thread's signal stack,
// whose header names the scheduler; the handler records the CUDA error and
// jumps back to runBlock, which abandons the block. Any other fault goes to
// the handler that was there before.
constexpr int FaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction PreviousActions[sizeof(FaultSignals) / sizeof(int)];

void forwardFault(int Signal, siginfo_t *Info, void *Context) {
  for (size_t I = 0; I < std::size(FaultSignals); ++I) {
    if (FaultSignals[I] != Signal)
      continue;
    const struct sigaction &Previous = PreviousActions[I];
    if (Previous.sa_flags & SA_SIGINFO) {
      if (Previous.sa_sigaction) {
        Previous.sa_sigaction(Signal, Info, Context);
        return;
      }
    } else if (Previous.sa_handler != SIG_DFL &&
               Previous.sa_handler != SIG_IGN) {
      Previous.sa_handler(Signal);
      return;
    }
  }
  // The default action: the faulting instruction runs again and kills the
  // process as it would have without Rubicon.
  signal(Signal, SIG_DFL);
}
} // namespace

/// The fault handler (a friend of BlockScheduler).
struct FaultHandler {
  static void onFault(int Signal, siginfo_t *Info, void *Context) {
    stack_t Current;
    if (sigaltstack(nullptr, &Current) == 0 &&
        (Current.ss_flags & SS_ONSTACK)) {
      auto *Header =
          static_cast<BlockScheduler::SchedulerContext::AltStackHeader *>(
              Current.ss_sp);
      if (Header->Magic == AltStackMagic && Header->Owner) {
        BlockScheduler &Owner = *Header->Owner;
        if (Owner.Scheduler->InFiber) {
          Owner.Scheduler->InFiber = 0;
          if (!Owner.Fault)
            Owner.Fault = Signal == SIGILL   ? ErrorIllegalInstruction
                          : Signal == SIGFPE ? ErrorLaunchFailure
                                             : ErrorIllegalAddress;
          Owner.FaultSignal = Signal;
          siglongjmp(Owner.Scheduler->FaultReturn, 1);
        }
      }
    }
    forwardFault(Signal, Info, Context);
  }

  static void install() {
    static std::once_flag Once;
    std::call_once(Once, [] {
      struct sigaction Action;
      std::memset(&Action, 0, sizeof(Action));
      Action.sa_sigaction = onFault;
      Action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&Action.sa_mask);
      for (size_t I = 0; I < std::size(FaultSignals); ++I)
        sigaction(FaultSignals[I], &Action, &PreviousActions[I]);
    });
  }

  /// Gives the calling thread a signal stack that names `Owner`.
  static void prepareThread(BlockScheduler &Owner) {
    BlockScheduler::SchedulerContext &S = *Owner.Scheduler;
    if (S.AltStackInstalled && pthread_equal(S.Thread, pthread_self()))
      return;
    if (!S.AltStack) {
      void *Memory = mmap(nullptr, AltStackBytes, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (Memory == MAP_FAILED)
        return; // faults then end the process, as before
      S.AltStack =
          static_cast<BlockScheduler::SchedulerContext::AltStackHeader *>(
              Memory);
      S.AltStack->Magic = AltStackMagic;
      S.AltStack->Owner = &Owner;
    }
    stack_t Stack;
    Stack.ss_sp = S.AltStack;
    Stack.ss_size = AltStackBytes;
    Stack.ss_flags = 0;
    if (sigaltstack(&Stack, &S.PreviousAltStack) != 0)
      return;
    S.AltStackInstalled = true;
    S.Thread = pthread_self();
    install();
  }

  static void releaseThread(BlockScheduler &Owner) {
    BlockScheduler::SchedulerContext &S = *Owner.Scheduler;
    if (S.AltStackInstalled && pthread_equal(S.Thread, pthread_self())) {
      stack_t Current;
      if (sigaltstack(nullptr, &Current) == 0 && Current.ss_sp == S.AltStack) {
        if (S.PreviousAltStack.ss_flags & SS_DISABLE)
          S.PreviousAltStack.ss_flags = SS_DISABLE;
        sigaltstack(&S.PreviousAltStack, nullptr);
      }
    }
    S.AltStackInstalled = false;
    if (S.AltStack)
      munmap(S.AltStack, AltStackBytes);
    S.AltStack = nullptr;
  }
};

struct BlockScheduler::Fiber {
  void *Stack = nullptr; // saved stack pointer while suspended
  FiberState State = FiberState::Done;
  unsigned Operation = 0;
  unsigned long long A = 0, B = 0, Result = 0;
  unsigned long long Members = 0; // wavefront lanes; 0: unmasked
  unsigned long long Mask = 0;    // the mask passed: Members less a caller
                                  // outside it (HostABI.h)
  const void *Site = nullptr;     // the operation's call site
  ThreadContext *Thread = nullptr;
  BlockScheduler *Owner = nullptr;
};

/// The RuntimeServices the device library calls, on the running fiber.
struct FiberServices {
  static BlockScheduler::Fiber &fiberOf(ThreadContext *Thread) {
    return *static_cast<BlockScheduler::Fiber *>(Thread->Fiber);
  }
  static void suspend(BlockScheduler::Fiber &F) {
    rubicon_host_switch_fiber(&F.Stack, F.Owner->Scheduler->Stack);
  }
  static void workgroupBarrier(ThreadContext *Thread) {
    BlockScheduler::Fiber &F = fiberOf(Thread);
    F.State = FiberState::AtBarrier;
    suspend(F);
  }
  __attribute__((noinline)) static unsigned long long
  waveOperation(ThreadContext *Thread, unsigned Operation, unsigned long long A,
                unsigned long long B, unsigned long long Members) {
    BlockScheduler::Fiber &F = fiberOf(Thread);
    F.State = FiberState::AtWaveOperation;
    F.Operation = Operation & ~WaveOperationCallerOutsideMask;
    F.A = A;
    F.B = B;
    F.Members = Members;
    F.Mask = Operation & WaveOperationCallerOutsideMask
                 ? Members & ~(uint64_t(1) << Thread->LaneInWave)
                 : Members;
    F.Site = __builtin_return_address(0);
    suspend(F);
    return F.Result;
  }
  static void trap(ThreadContext *Thread, int Fault) {
    BlockScheduler::Fiber &F = fiberOf(Thread);
    if (!F.Owner->Fault)
      F.Owner->Fault = Fault;
    F.State = FiberState::Done;
    suspend(F); // never resumed: the scheduler abandons the block
    __builtin_unreachable();
  }
  static void yield(ThreadContext *Thread) {
    BlockScheduler::Fiber &F = fiberOf(Thread);
    F.State = FiberState::Yielded;
    suspend(F);
  }
  static unsigned long long nanoseconds() {
    return static_cast<unsigned long long>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::steady_clock::now().time_since_epoch())
            .count());
  }
  static unsigned *gridBarrier(ThreadContext *Thread) {
    return fiberOf(Thread).Owner->Launch->GridBarrier;
  }
  static int device(ThreadContext *Thread) {
    return fiberOf(Thread).Owner->Launch->Device;
  }
  static void start(BlockScheduler::Fiber *F) {
    BlockScheduler &Owner = *F->Owner;
    const GridLaunch &Launch = *Owner.Launch;
    if (!Launch.BlockEntry) {
      Launch.Entry(Launch.Args);
    } else {
      // The block's threads run on this fiber: the blocks after it start
      // here too, without a switch or a new fiber each.
      for (;;) {
        Launch.BlockEntry(Launch.Args);
        uint64_t Next = Owner.MoreBlocks ? Owner.MoreBlocks(Owner.MoreContext)
                                         : BlockScheduler::NoBlock;
        if (Next == BlockScheduler::NoBlock)
          break;
        ThreadContext &Thread = *F->Thread;
        Thread.BlockIndex[0] = static_cast<unsigned>(Next % Launch.Grid[0]);
        Thread.BlockIndex[1] =
            static_cast<unsigned>(Next / Launch.Grid[0] % Launch.Grid[1]);
        Thread.BlockIndex[2] =
            static_cast<unsigned>(Next / Launch.Grid[0] / Launch.Grid[1]);
        Thread.DeviceRuntimeError = 0;
      }
    }
    F->State = FiberState::Done;
    suspend(*F);
    __builtin_unreachable();
  }
};

extern "C" __attribute__((used, visibility("hidden"))) void
rubicon_host_fiber_start(BlockScheduler::Fiber *F) {
  FiberServices::start(F);
}

namespace {
const rubicon::host::RuntimeServices Services = {
    FiberServices::workgroupBarrier, FiberServices::waveOperation,
    FiberServices::trap,          FiberServices::nanoseconds,
    FiberServices::yield,         deviceParameterBuffer,
    deviceLaunch,                 deviceMemoryOperation,
    FiberServices::gridBarrier,   FiberServices::device};
} // namespace

const GridLaunch *BlockScheduler::launchOf(ThreadContext *Thread) {
  return FiberServices::fiberOf(Thread).Owner->Launch;
}

BlockScheduler::BlockScheduler()
    : Scheduler(std::make_unique<SchedulerContext>()) {}

BlockScheduler::~BlockScheduler() {
  FaultHandler::releaseThread(*this);
  if (StackArea)
    munmap(StackArea, StackAreaBytes);
  GuardPagesInUse -= GuardPages;
}

unsigned char *BlockScheduler::firstStack() const {
  return reinterpret_cast<unsigned char *>(
      (reinterpret_cast<uintptr_t>(StackArea) + FiberStackBytes - 1) &
      ~(uintptr_t(FiberStackBytes) - 1));
}

bool BlockScheduler::reserveStacks(size_t Count) {
  if (Count <= StackCount)
    return true;
  if (StackArea)
    munmap(StackArea, StackAreaBytes);
  GuardPagesInUse -= GuardPages;
  GuardPages = 0;
  StackArea = nullptr;
  StackCount = 0;
  // Over-allocate by one stack to align the first to FiberStackBytes.
  size_t Bytes = (Count + 1) * FiberStackBytes;
  void *Area = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Area == MAP_FAILED)
    return false;
  StackArea = static_cast<unsigned char *>(Area);
  StackAreaBytes = Bytes;
  StackCount = Count;
  Fibers.assign(Count, Fiber());
  if (GuardPagesInUse.fetch_add(Count) + Count <= MaxGuardPages) {
    GuardPages = Count;
    for (size_t I = 0; I < Count; ++I)
      mprotect(firstStack() + I * FiberStackBytes + GuardPageOffset,
               GuardPageBytes, PROT_NONE);
  } else {
    GuardPagesInUse -= Count;
  }
  return true;
}

void BlockScheduler::resolveGroup(size_t First, uint64_t Group) {
  auto Operation = static_cast<WaveOperation>(
      Fibers[First + __builtin_ctzll(Group)].Operation);
  uint64_t BallotMask = 0;
  // The ballot of the group; each lane keeps the bits of its own mask
  // (WarpLevel.cpp).
  if (Operation == WaveOperation::Ballot)
    for (uint64_t Rest = Group; Rest; Rest &= Rest - 1) {
      unsigned Lane = __builtin_ctzll(Rest);
      if (Fibers[First + Lane].A)
        BallotMask |= uint64_t(1) << Lane;
    }
  const Fiber &FirstLane = Fibers[First + __builtin_ctzll(Group)];
  for (uint64_t Rest = Group; Rest; Rest &= Rest - 1) {
    Fiber &F = Fibers[First + __builtin_ctzll(Rest)];
    switch (Operation) {
    case WaveOperation::Ballot:
      F.Result = BallotMask;
      break;
    case WaveOperation::Permute: {
      // A lane outside the group (not in the mask, inactive or exited) has
      // no value to give: the reader gets 0, as NVIDIA GPUs give in practice
      // and AMD's ds_bpermute gives for a disabled lane (CUDA leaves it
      // undefined; docs/warps.md). A lane reading itself is always there.
      unsigned Source = static_cast<unsigned>(F.A % WaveLanes);
      F.Result = Group >> Source & 1 ? Fibers[First + Source].B : 0;
      break;
    }
    case WaveOperation::ReadFirstLane:
      F.Result = FirstLane.B;
      break;
    case WaveOperation::Barrier:
      F.Result = 0;
      break;
    }
  }
  for (uint64_t Rest = Group; Rest; Rest &= Rest - 1)
    Fibers[First + __builtin_ctzll(Rest)].State = FiberState::Ready;
}

// Groups the lanes waiting in wavefront operations, wavefront by wavefront,
// and resolves the groups `Rule` allows:
//  - Complete: `_sync` operations whose members that have not exited all wait
//    at the same call site with the same mask and operation;
//  - AcrossSites: the same, the call site aside (CUDA 7.0+ lets a warp's
//    threads meet in `__syncwarp` or a `_sync` operation from different
//    places in the code);
//  - Unmasked: `__activemask()` and block-level ballots, among the lanes
//    waiting at the same call site;
//  - Forced: what is left (a mask names a lane that waits elsewhere, which
//    CUDA leaves undefined): among the lanes that are there.
bool BlockScheduler::resolveWaveOperations(size_t ThreadCount,
                                           ResolveRule Rule) {
  bool Resolved = false;
  for (size_t First = 0; First < ThreadCount; First += WaveLanes) {
    size_t End = std::min(First + WaveLanes, ThreadCount);
    uint64_t Live = 0, Waiting = 0;
    for (size_t I = First; I < End; ++I) {
      FiberState State = Fibers[I].State;
      if (State != FiberState::Done)
        Live |= uint64_t(1) << (I - First);
      if (State == FiberState::AtWaveOperation)
        Waiting |= uint64_t(1) << (I - First);
    }
    for (uint64_t Unassigned = Waiting; Unassigned;) {
      const unsigned LeadLane = __builtin_ctzll(Unassigned);
      const Fiber &Lead = Fibers[First + LeadLane];
      const bool Masked = Lead.Members != 0;
      const bool AnySite = Masked && Rule == ResolveRule::AcrossSites;
      // Lanes meet when they passed the same mask: a `_sync` operation's
      // members are its mask plus the calling lane (a lane outside its own
      // mask still takes part), so a caller left out of the mask its warp
      // passes meets the warp there, while a lane whose own mask differs
      // only by its bit (masks that grow in a loop: that lane is in the
      // next iteration) does not join the previous iteration's group.
      uint64_t Group = 0, Named = 0;
      for (uint64_t Rest = Unassigned; Rest; Rest &= Rest - 1) {
        unsigned Lane = __builtin_ctzll(Rest);
        const Fiber &F = Fibers[First + Lane];
        if (F.Operation == Lead.Operation && F.Mask == Lead.Mask &&
            (F.Members != 0) == Masked && (AnySite || F.Site == Lead.Site)) {
          Group |= uint64_t(1) << Lane;
          Named |= F.Members;
        }
      }
      Unassigned &= ~Group;
      bool Resolve = false;
      switch (Rule) {
      case ResolveRule::Complete:
      case ResolveRule::AcrossSites:
        Resolve = Masked && (Named & Live & ~Group) == 0;
        break;
      case ResolveRule::Unmasked:
        Resolve = !Masked;
        break;
      case ResolveRule::Forced:
        Resolve = true;
        break;
      }
      if (Resolve) {
        resolveGroup(First, Group);
        Resolved = true;
      }
    }
  }
  return Resolved;
}

int BlockScheduler::runBlocks(const GridLaunch &L, uint64_t First,
                              BlockSource Next, void *Context) {
  for (uint64_t Block = First; Block != NoBlock; Block = Next(Context)) {
    if (L.BlockEntry) {
      MoreBlocks = Next;
      MoreContext = Context;
    }
    int F = runBlock(L, Block);
    MoreBlocks = nullptr;
    MoreContext = nullptr;
    if (F || L.BlockEntry) // a block entry's fiber ran them all
      return F;
  }
  return 0;
}

int BlockScheduler::runBlock(const GridLaunch &L, uint64_t BlockLinearIndex) {
  // A block function runs every thread of the block on the first fiber.
  size_t ThreadCount =
      L.BlockEntry ? 1 : size_t(L.Block[0]) * L.Block[1] * L.Block[2];
  if (!reserveStacks(ThreadCount))
    return ErrorMemoryAllocation;
  Launch = &L;
  Fault = 0;
  // The whole shared window (HostABI.h), whatever the launch asked for, and
  // the matrix exchange past it, whose parity bytes start each block at 0.
  size_t Exchange = rubicon::host::matrixExchangeOffset(L.SharedBytes);
  if (SharedMemory.size() < Exchange + rubicon::host::MatrixExchangeBytes)
    SharedMemory.resize(Exchange + rubicon::host::MatrixExchangeBytes);
  std::memset(SharedMemory.data() + Exchange, 0,
              rubicon::host::MatrixExchangeParityBytes);
  unsigned BlockIndex[3] = {
      static_cast<unsigned>(BlockLinearIndex % L.Grid[0]),
      static_cast<unsigned>(BlockLinearIndex / L.Grid[0] % L.Grid[1]),
      static_cast<unsigned>(BlockLinearIndex / L.Grid[0] / L.Grid[1])};
  unsigned char *FirstStack = firstStack();

  for (size_t I = 0; I < ThreadCount; ++I) {
    unsigned char *Base = FirstStack + I * FiberStackBytes;
    auto *Thread = new (Base) ThreadContext();
    Thread->ThreadIndex[0] = static_cast<unsigned>(I % L.Block[0]);
    Thread->ThreadIndex[1] = static_cast<unsigned>(I / L.Block[0] % L.Block[1]);
    Thread->ThreadIndex[2] = static_cast<unsigned>(I / L.Block[0] / L.Block[1]);
    for (int D = 0; D < 3; ++D) {
      Thread->BlockSize[D] = L.Block[D];
      Thread->BlockIndex[D] = BlockIndex[D];
      Thread->GridSize[D] = L.Grid[D];
    }
    Thread->LaneInWave = static_cast<unsigned>(I % WaveLanes);
    Thread->FlatThreadIndex = static_cast<unsigned>(I);
    Thread->SharedMemory = SharedMemory.data();
    Thread->SharedBytes = L.SharedBytes;
    Thread->Runtime = &Services;
    Fiber &F = Fibers[I];
    Thread->Fiber = &F;
    F.Thread = Thread;
    F.Owner = this;
    F.State = FiberState::Ready;
    // The frame rubicon_host_switch_fiber pops: MXCSR and x87 control word,
    // r15, r14, r13, r12 (= the fiber), rbx, rbp, then the return address.
    // The return slot is 8 mod 16 so that the entry's call is aligned.
    auto *Top = reinterpret_cast<uint64_t *>(
        (reinterpret_cast<uintptr_t>(Base + FiberStackBytes) - 64) &
        ~uintptr_t(15));
    uint64_t *Frame = Top - 10; // Frame[7] is 8 mod 16
    Frame[0] = DefaultControlWords;
    Frame[1] = 0;                              // r15
    Frame[2] = 0;                              // r14
    Frame[3] = 0;                              // r13
    Frame[4] = reinterpret_cast<uint64_t>(&F); // r12
    Frame[5] = 0;                              // rbx
    Frame[6] = 0;                              // rbp
    Frame[7] = reinterpret_cast<uint64_t>(&rubicon_host_fiber_entry);
    F.Stack = Frame;
  }

  FaultHandler::prepareThread(*this);
  FaultSignal = 0;
  if (sigsetjmp(Scheduler->FaultReturn, /*savemask=*/0)) {
    // A fault in kernel code: its signal is still blocked on this thread.
    sigset_t Signals;
    sigemptyset(&Signals);
    sigaddset(&Signals, FaultSignal);
    pthread_sigmask(SIG_UNBLOCK, &Signals, nullptr);
    return Fault; // the block is abandoned; its stacks are reused
  }

  // Makes every fiber waiting in `State` ready; false if there was none.
  auto readyAll = [&](FiberState State) {
    bool Any = false;
    for (size_t I = 0; I < ThreadCount; ++I)
      if (Fibers[I].State == State) {
        Fibers[I].State = FiberState::Ready;
        Any = true;
      }
    return Any;
  };
  for (;;) {
    bool RanAny = false;
    for (size_t I = 0; I < ThreadCount; ++I) {
      Fiber &F = Fibers[I];
      if (F.State != FiberState::Ready)
        continue;
      RanAny = true;
      Scheduler->InFiber = 1;
      rubicon_host_switch_fiber(&Scheduler->Stack, F.Stack);
      Scheduler->InFiber = 0;
      if (Fault)
        return Fault; // the block is abandoned; its stacks are reused
    }
    if (RanAny)
      continue;
    if (resolveWaveOperations(ThreadCount, ResolveRule::Complete))
      continue;
    // Sleepers (__nanosleep in a spin-wait) run again once everyone else has
    // run as far as they can; before operations are resolved with lanes
    // missing, since a sleeper may still join them.
    if (readyAll(FiberState::Yielded))
      continue;
    if (resolveWaveOperations(ThreadCount, ResolveRule::AcrossSites) ||
        resolveWaveOperations(ThreadCount, ResolveRule::Unmasked) ||
        resolveWaveOperations(ThreadCount, ResolveRule::Forced))
      continue;
    // Everyone that has not finished waits at the barrier: release it.
    if (!readyAll(FiberState::AtBarrier))
      return 0;
  }
}

} // namespace rubicon::cudart::host
