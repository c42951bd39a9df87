//===- BlockScheduler.cpp - CUDA blocks as fibers on one CPU thread -------===//
//
// Part of Rubicon's host backend. See BlockScheduler.h.
//
//===----------------------------------------------------------------------===//
#include "BlockScheduler.h"

#include <chrono>
#include <cstring>
#include <sys/mman.h>

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

namespace {
constexpr int ErrorMemoryAllocation = 2; // cudaErrorMemoryAllocation
enum class FiberState { Ready, AtBarrier, AtWaveOperation, Done };
// MXCSR 0x1f80 (all exceptions masked, round to nearest) and x87 control
// word 0x037f, the ABI's initial values.
constexpr uint64_t DefaultControlWords = 0x1f80ull | (0x037full << 32);
} // namespace

struct BlockScheduler::SchedulerContext {
  void *Stack = nullptr;
};

struct BlockScheduler::Fiber {
  void *Stack = nullptr; // saved stack pointer while suspended
  FiberState State = FiberState::Done;
  unsigned Operation = 0;
  unsigned long long A = 0, B = 0, Result = 0;
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
  static unsigned long long waveOperation(ThreadContext *Thread,
                                          unsigned Operation,
                                          unsigned long long A,
                                          unsigned long long B) {
    BlockScheduler::Fiber &F = fiberOf(Thread);
    F.State = FiberState::AtWaveOperation;
    F.Operation = Operation;
    F.A = A;
    F.B = B;
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
  static unsigned long long nanoseconds() {
    return static_cast<unsigned long long>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::steady_clock::now().time_since_epoch())
            .count());
  }
  static void start(BlockScheduler::Fiber *F) {
    F->Owner->Launch->Entry(F->Owner->Launch->Args);
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
    FiberServices::trap, FiberServices::nanoseconds};
} // namespace

BlockScheduler::BlockScheduler()
    : Scheduler(std::make_unique<SchedulerContext>()) {}

BlockScheduler::~BlockScheduler() {
  if (StackArea)
    munmap(StackArea, StackAreaBytes);
}

bool BlockScheduler::reserveStacks(size_t Count) {
  if (Count <= StackCount)
    return true;
  if (StackArea)
    munmap(StackArea, StackAreaBytes);
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
  return true;
}

bool BlockScheduler::resolveWaveOperations(size_t ThreadCount) {
  bool Resolved = false;
  for (size_t First = 0; First < ThreadCount; First += WaveLanes) {
    size_t End = std::min(First + WaveLanes, ThreadCount);
    unsigned long long BallotMask = 0;
    long FirstReader = -1;
    bool Waiting = false;
    for (size_t I = First; I < End; ++I) {
      Fiber &F = Fibers[I];
      if (F.State != FiberState::AtWaveOperation)
        continue;
      Waiting = true;
      auto Operation = static_cast<WaveOperation>(F.Operation);
      if (Operation == WaveOperation::Ballot && F.A)
        BallotMask |= 1ull << (I - First);
      if (Operation == WaveOperation::ReadFirstLane && FirstReader < 0)
        FirstReader = static_cast<long>(I);
    }
    if (!Waiting)
      continue;
    Resolved = true;
    for (size_t I = First; I < End; ++I) {
      Fiber &F = Fibers[I];
      if (F.State != FiberState::AtWaveOperation)
        continue;
      switch (static_cast<WaveOperation>(F.Operation)) {
      case WaveOperation::Ballot:
        F.Result = BallotMask;
        break;
      case WaveOperation::Permute: {
        // A lane that is not in the same operation has no value to give:
        // the reader keeps its own (undefined in CUDA).
        size_t Source = First + (F.A % WaveLanes);
        const Fiber *S = Source < End ? &Fibers[Source] : nullptr;
        bool Active =
            S && S->State == FiberState::AtWaveOperation &&
            static_cast<WaveOperation>(S->Operation) == WaveOperation::Permute;
        F.Result = Active ? S->B : F.B;
        break;
      }
      case WaveOperation::ReadFirstLane:
        F.Result = Fibers[FirstReader].B;
        break;
      case WaveOperation::Barrier:
        F.Result = 0;
        break;
      }
    }
    for (size_t I = First; I < End; ++I)
      if (Fibers[I].State == FiberState::AtWaveOperation)
        Fibers[I].State = FiberState::Ready;
  }
  return Resolved;
}

int BlockScheduler::runBlock(const GridLaunch &L, uint64_t BlockLinearIndex) {
  size_t ThreadCount = size_t(L.Block[0]) * L.Block[1] * L.Block[2];
  if (!reserveStacks(ThreadCount))
    return ErrorMemoryAllocation;
  Launch = &L;
  Fault = 0;
  if (SharedMemory.size() < L.SharedBytes)
    SharedMemory.resize(L.SharedBytes);
  unsigned BlockIndex[3] = {
      static_cast<unsigned>(BlockLinearIndex % L.Grid[0]),
      static_cast<unsigned>(BlockLinearIndex / L.Grid[0] % L.Grid[1]),
      static_cast<unsigned>(BlockLinearIndex / L.Grid[0] / L.Grid[1])};
  unsigned char *FirstStack = reinterpret_cast<unsigned char *>(
      (reinterpret_cast<uintptr_t>(StackArea) + FiberStackBytes - 1) &
      ~(uintptr_t(FiberStackBytes) - 1));

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

  for (;;) {
    bool RanAny = false;
    for (size_t I = 0; I < ThreadCount; ++I) {
      Fiber &F = Fibers[I];
      if (F.State != FiberState::Ready)
        continue;
      RanAny = true;
      rubicon_host_switch_fiber(&Scheduler->Stack, F.Stack);
      if (Fault)
        return Fault; // the block is abandoned; its stacks are reused
    }
    if (RanAny)
      continue;
    if (resolveWaveOperations(ThreadCount))
      continue;
    bool Released = false;
    for (size_t I = 0; I < ThreadCount; ++I)
      if (Fibers[I].State == FiberState::AtBarrier) {
        Fibers[I].State = FiberState::Ready;
        Released = true;
      }
    if (!Released)
      return 0;
  }
}

} // namespace rubicon::cudart::host
