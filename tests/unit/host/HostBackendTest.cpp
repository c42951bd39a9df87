//===- HostBackendTest.cpp - The host target's runtime backend ------------===//
//
// Part of Rubicon. Kernels here are plain C++ functions that find their
// ThreadContext exactly as the host device library does (HostABI.h), so the
// scheduler is tested without the compiler.
//
//===----------------------------------------------------------------------===//
#include "BackendSelection.h"
#include "host/BlockScheduler.h"

#include "rubicon/HostABI.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

using namespace rubicon::cudart;
using rubicon::host::ThreadContext;
using rubicon::host::WaveOperation;

namespace {

__attribute__((noinline)) ThreadContext *currentThread() {
  auto Frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  return reinterpret_cast<ThreadContext *>(
      Frame & ~(rubicon::host::FiberStackBytes - 1));
}

// Inlined as the device library's primitives are, so that every use is its
// own call site (the scheduler tells operations apart by it).
__attribute__((always_inline)) inline unsigned long long
waveOp(WaveOperation Op, unsigned long long A, unsigned long long B,
       unsigned long long Members = 0) {
  ThreadContext *T = currentThread();
  unsigned long long R =
      T->Runtime->waveOperation(T, static_cast<unsigned>(Op), A, B, Members);
  asm volatile("");
  return R;
}

constexpr unsigned long long OddLanes = 0xaaaaaaaaaaaaaaaaull;

// A divergent wavefront: odd lanes ballot and permute among themselves
// while even lanes go on to a permute of the whole wavefront, which must wait
// for the odd lanes instead of reading what they hold in their own
// operations.
void divergentKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<unsigned long long **>(Args[0]);
  unsigned L = T->LaneInWave, I = T->FlatThreadIndex;
  if (L % 2) {
    unsigned long long B =
        waveOp(WaveOperation::Ballot, L % 4 == 1, 0, OddLanes);
    unsigned long long V =
        waveOp(WaveOperation::Permute, L ^ 2, 200 + L, OddLanes);
    Out[2 * I + 1] = B + waveOp(WaveOperation::Permute, 1, V, OddLanes);
  }
  Out[2 * I] = waveOp(WaveOperation::Permute, L ^ 1, 300 + L, ~0ull);
}

// Unmasked operations (__activemask) in two branches: each sees its branch.
void unmaskedBranchesKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<unsigned long long **>(Args[0]);
  if (T->LaneInWave < 20)
    Out[T->FlatThreadIndex] = waveOp(WaveOperation::Ballot, 1, 0);
  else
    Out[T->FlatThreadIndex] = waveOp(WaveOperation::Ballot, 1, 0) << 1;
}

// Lanes 40 and up exit; the rest ballot with the full mask: exited lanes
// do not take part. Lane 0 then ballots with a mask naming lane 1, which
// waits at the block barrier (undefined in CUDA): it must not hang.
void exitedLanesKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<unsigned long long **>(Args[0]);
  unsigned L = T->LaneInWave;
  if (L >= 40)
    return;
  Out[T->FlatThreadIndex] = waveOp(WaveOperation::Ballot, 1, 0, ~0ull);
  if (L == 0)
    Out[40] = waveOp(WaveOperation::Ballot, 1, 0, 3);
  T->Runtime->workgroupBarrier(T);
}

// Each thread writes its index to shared memory; after the barrier it reads
// the mirrored one.
void reverseKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<int **>(Args[0]);
  auto *Shared = reinterpret_cast<int *>(T->SharedMemory);
  unsigned Size = T->BlockSize[0];
  Shared[T->FlatThreadIndex] = static_cast<int>(T->FlatThreadIndex);
  T->Runtime->workgroupBarrier(T);
  Out[T->BlockIndex[0] * Size + T->FlatThreadIndex] =
      Shared[Size - 1 - T->FlatThreadIndex];
}

// Ballot of "lane is even", the permuted value of lane 3 and the first
// active lane's value, per thread.
void waveKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<unsigned long long **>(Args[0]);
  unsigned I = T->FlatThreadIndex;
  Out[3 * I] = waveOp(WaveOperation::Ballot, T->LaneInWave % 2 == 0, 0);
  Out[3 * I + 1] = waveOp(WaveOperation::Permute, 3, 100 + I);
  Out[3 * I + 2] = waveOp(WaveOperation::ReadFirstLane, 0, 1000 + I);
}

// Thread 5 of the block traps; the others would write 1.
void trappingKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<int **>(Args[0]);
  if (T->FlatThreadIndex == 5)
    T->Runtime->trap(T, 710);
  T->Runtime->workgroupBarrier(T);
  Out[T->FlatThreadIndex] = 1;
}

TEST(BlockScheduler, BarrierAndSharedMemoryIn96ThreadBlocks) {
  std::vector<int> Out(2 * 96, -1);
  int *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = reverseKernel;
  Launch.Args = Args;
  Launch.Grid[0] = 2;
  Launch.Block[0] = 96;
  Launch.SharedBytes = 96 * sizeof(int);
  host::BlockScheduler Scheduler;
  for (uint64_t Block = 0; Block < 2; ++Block)
    EXPECT_EQ(Scheduler.runBlock(Launch, Block), 0);
  for (int I = 0; I < 2 * 96; ++I)
    EXPECT_EQ(Out[I], 95 - I % 96) << I;
}

TEST(BlockScheduler, WaveOperationsOnAPartialWavefront) {
  // 48 threads: one wavefront with lanes 0-47 active.
  std::vector<unsigned long long> Out(3 * 48);
  unsigned long long *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = waveKernel;
  Launch.Args = Args;
  Launch.Block[0] = 48;
  host::BlockScheduler Scheduler;
  ASSERT_EQ(Scheduler.runBlock(Launch, 0), 0);
  unsigned long long EvenLanes = 0;
  for (unsigned L = 0; L < 48; L += 2)
    EvenLanes |= 1ull << L;
  for (unsigned I = 0; I < 48; ++I) {
    EXPECT_EQ(Out[3 * I], EvenLanes) << I;
    EXPECT_EQ(Out[3 * I + 1], 103u) << I;
    EXPECT_EQ(Out[3 * I + 2], 1000u) << I;
  }
}

// Thread 3 of the block writes to an unmapped address.
volatile int *volatile UnmappedAddress = reinterpret_cast<volatile int *>(16);
void faultingKernel(void **Args) {
  ThreadContext *T = currentThread();
  auto *Out = *static_cast<int **>(Args[0]);
  if (T->FlatThreadIndex == 3)
    *UnmappedAddress = 1;
  T->Runtime->workgroupBarrier(T);
  Out[T->FlatThreadIndex] = 1;
}

TEST(BlockScheduler, MemoryFaultsEndTheBlockWithIllegalAddress) {
  std::vector<int> Out(32, 0);
  int *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = faultingKernel;
  Launch.Args = Args;
  Launch.Block[0] = 32;
  host::BlockScheduler Scheduler;
  EXPECT_EQ(Scheduler.runBlock(Launch, 0), 700); // cudaErrorIllegalAddress
  for (int V : Out)
    EXPECT_EQ(V, 0);
  // Again: the signal is not left blocked, and the scheduler is reusable.
  EXPECT_EQ(Scheduler.runBlock(Launch, 0), 700);
  Launch.Entry = reverseKernel;
  Launch.SharedBytes = 32 * sizeof(int);
  EXPECT_EQ(Scheduler.runBlock(Launch, 0), 0);
  EXPECT_EQ(Out[0], 31);
}

TEST(BlockScheduler, DivergentOperationsCompleteAmongTheirMasks) {
  std::vector<unsigned long long> Out(2 * 64);
  unsigned long long *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = divergentKernel;
  Launch.Args = Args;
  Launch.Block[0] = 64;
  host::BlockScheduler Scheduler;
  ASSERT_EQ(Scheduler.runBlock(Launch, 0), 0);
  unsigned long long Ballot = 0;
  for (unsigned L = 1; L < 64; L += 4)
    Ballot |= 1ull << L;
  for (unsigned L = 0; L < 64; ++L) {
    EXPECT_EQ(Out[2 * L], 300u + (L ^ 1)) << L;
    if (L % 2)
      EXPECT_EQ(Out[2 * L + 1], Ballot + 200u + (1 ^ 2)) << L;
  }
}

TEST(BlockScheduler, UnmaskedOperationsInTwoBranchesAreToldApart) {
  std::vector<unsigned long long> Out(64);
  unsigned long long *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = unmaskedBranchesKernel;
  Launch.Args = Args;
  Launch.Block[0] = 64;
  host::BlockScheduler Scheduler;
  ASSERT_EQ(Scheduler.runBlock(Launch, 0), 0);
  for (unsigned L = 0; L < 64; ++L)
    EXPECT_EQ(Out[L], L < 20 ? 0xfffffull : ~0xfffffull << 1) << L;
}

TEST(BlockScheduler, ExitedLanesDoNotTakePartAndAbsentOnesDoNotHang) {
  std::vector<unsigned long long> Out(41, 0);
  unsigned long long *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = exitedLanesKernel;
  Launch.Args = Args;
  Launch.Block[0] = 64;
  host::BlockScheduler Scheduler;
  ASSERT_EQ(Scheduler.runBlock(Launch, 0), 0);
  for (unsigned L = 0; L < 40; ++L)
    EXPECT_EQ(Out[L], (1ull << 40) - 1) << L;
  EXPECT_EQ(Out[40], 1u); // lane 1 was at the barrier
}

TEST(BlockScheduler, TrapEndsTheBlockWithItsError) {
  std::vector<int> Out(32, 0);
  int *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  host::GridLaunch Launch;
  Launch.Entry = trappingKernel;
  Launch.Args = Args;
  Launch.Block[0] = 32;
  host::BlockScheduler Scheduler;
  EXPECT_EQ(Scheduler.runBlock(Launch, 0), 710);
  for (int V : Out)
    EXPECT_EQ(V, 0); // nobody got past the barrier
  // The scheduler is reusable after a fault.
  Launch.Entry = reverseKernel;
  Launch.SharedBytes = 32 * sizeof(int);
  EXPECT_EQ(Scheduler.runBlock(Launch, 0), 0);
  EXPECT_EQ(Out[0], 31);
}

class HostBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    B = createHostBackend();
    ASSERT_EQ(B->initialize(), cudaSuccess);
  }
  std::unique_ptr<Backend> B;
};

TEST_F(HostBackendTest, MemoryAndCopies) {
  void *P = nullptr;
  ASSERT_EQ(B->malloc(&P, 1000), cudaSuccess);
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(P) % 256, 0u);
  std::vector<unsigned char> Host(1000, 7), Back(1000);
  EXPECT_EQ(B->memcpy(P, Host.data(), 1000, cudaMemcpyHostToDevice),
            cudaSuccess);
  EXPECT_EQ(B->memset(static_cast<char *>(P) + 500, 9, 500), cudaSuccess);
  EXPECT_EQ(B->memcpy(Back.data(), P, 1000, cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(Back[0], 7);
  EXPECT_EQ(Back[999], 9);
  EXPECT_EQ(B->memcpy(Back.data(), P, 4, static_cast<cudaMemcpyKind>(9)),
            cudaErrorInvalidMemcpyDirection);
  cudaPointerAttributes Attributes;
  EXPECT_EQ(B->pointerGetAttributes(Attributes, static_cast<char *>(P) + 10),
            cudaSuccess);
  EXPECT_EQ(Attributes.type, cudaMemoryTypeDevice);
  EXPECT_EQ(B->pointerGetAttributes(Attributes, Host.data()), cudaSuccess);
  EXPECT_EQ(Attributes.type, cudaMemoryTypeUnregistered);
  EXPECT_EQ(B->free(P), cudaSuccess);
  // A second free is cudaErrorInvalidValue (CUDA 10.1 deprecated
  // cudaErrorInvalidDevicePointer for it).
  EXPECT_EQ(B->free(P), cudaErrorInvalidValue);
}

TEST_F(HostBackendTest, StreamsAndEvents) {
  cudaStream_t S;
  ASSERT_EQ(B->streamCreate(S, cudaStreamNonBlocking, 0), cudaSuccess);
  unsigned Flags = 0;
  EXPECT_EQ(B->streamGetFlags(S, Flags), cudaSuccess);
  EXPECT_EQ(Flags, unsigned(cudaStreamNonBlocking));
  cudaEvent_t Start, Stop;
  ASSERT_EQ(B->eventCreate(Start, 0), cudaSuccess);
  ASSERT_EQ(B->eventCreate(Stop, 0), cudaSuccess);
  float Ms = 0;
  EXPECT_EQ(B->eventElapsedTime(Ms, Start, Stop),
            cudaErrorInvalidResourceHandle); // never recorded
  EXPECT_EQ(B->eventRecord(Start, S), cudaSuccess);
  EXPECT_EQ(B->eventRecord(Stop, S), cudaSuccess);
  EXPECT_EQ(B->eventSynchronize(Stop), cudaSuccess);
  EXPECT_EQ(B->eventQuery(Stop), cudaSuccess);
  EXPECT_EQ(B->eventElapsedTime(Ms, Start, Stop), cudaSuccess);
  EXPECT_GE(Ms, 0.0f);
  EXPECT_EQ(B->streamQuery(S), cudaSuccess);
  EXPECT_EQ(B->streamDestroy(S), cudaSuccess);
  EXPECT_EQ(B->streamSynchronize(S), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(B->streamSynchronize(nullptr), cudaSuccess);
  EXPECT_EQ(B->eventDestroy(Start), cudaSuccess);
  EXPECT_EQ(B->eventQuery(Start), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(B->eventDestroy(Stop), cudaSuccess);
}

TEST_F(HostBackendTest, UnknownKernelsAndDevices) {
  int Stub;
  EXPECT_EQ(B->launchKernel(&Stub, {1, 1, 1}, {1, 1, 1}, nullptr, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(B->setDevice(1), cudaErrorInvalidDevice);
  cudaDeviceProp Prop;
  EXPECT_EQ(B->getDeviceProperties(Prop, 0), cudaSuccess);
  EXPECT_EQ(Prop.warpSize, 32);
  EXPECT_GE(Prop.multiProcessorCount, 1);
}

TEST(BackendSelection, FollowsTheFatBinariesAndTheEnvironment) {
  unsetenv("RUBICON_BACKEND");
  FatBinaryRecord HostOnly, AmdOnly;
  HostOnly.Archs = {HostArchName};
  AmdOnly.Archs = {"gfx942"};
  EXPECT_STREQ(createAutomaticBackend({&HostOnly})->name(), "host");
  EXPECT_STREQ(createAutomaticBackend({&AmdOnly})->name(), "hip");
  // No code objects, or both kinds: HIP only when it initializes with a
  // device; here it cannot be loaded, so the host backend.
  setenv("RUBICON_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
  EXPECT_STREQ(createAutomaticBackend({})->name(), "host");
  EXPECT_STREQ(createAutomaticBackend({&HostOnly, &AmdOnly})->name(), "host");
  EXPECT_STREQ(createAutomaticBackend({&AmdOnly})->name(), "hip");
  unsetenv("RUBICON_HIP_LIBRARY");
  setenv("RUBICON_BACKEND", "hip", 1);
  EXPECT_STREQ(createAutomaticBackend({&HostOnly})->name(), "hip");
  setenv("RUBICON_BACKEND", "host", 1);
  EXPECT_STREQ(createAutomaticBackend({&AmdOnly})->name(), "host");
  unsetenv("RUBICON_BACKEND");
}

} // namespace
