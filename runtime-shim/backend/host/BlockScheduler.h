//===- BlockScheduler.h - CUDA blocks as fibers on one CPU thread -*- C++
//-*-===//
//
// Part of Rubicon's host backend. A BlockScheduler runs whole CUDA blocks of a
// host code object's kernel on the calling CPU thread: every CUDA thread is a
// fiber (ucontext) on its own FiberStackBytes-aligned stack, with its
// ThreadContext at the stack's base (abi/include/rubicon/HostABI.h).
// Fibers run round-robin until they block at __syncthreads, at a wavefront
// operation, or end; when none can run, the waiting wavefront operations are
// grouped (by mask, operation and call site: HostABI.h) and the complete
// groups resolved; when none are left the block barrier releases.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_HOST_BLOCKSCHEDULER_H
#define RUBICON_BACKEND_HOST_BLOCKSCHEDULER_H

#include "rubicon/HostABI.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rubicon::cudart::host {

using KernelEntry = void (*)(void **Args);

struct DeviceWork;

/// What every block of one launch shares.
struct GridLaunch {
  KernelEntry Entry = nullptr;
  /// If set: runs all of a block's threads, on one fiber (HostABI.h).
  KernelEntry BlockEntry = nullptr;
  void **Args = nullptr;
  unsigned Grid[3] = {1, 1, 1};
  unsigned Block[3] = {1, 1, 1};
  size_t SharedBytes = 0; // static + dynamic
  /// Worker threads the grid may use at once (0: the whole pool).
  unsigned MaxWorkers = 0;
  /// The device the grid runs on (its pool; cudaGetDevice in device code).
  int Device = 0;
  /// Where launches from the grid's device code go (DeviceLaunches.h).
  DeviceWork *Children = nullptr;
  /// grid_group::sync's barrier (RuntimeServices::gridBarrier).
  mutable unsigned GridBarrier[2] = {0, 0};
};

class BlockScheduler {
public:
  BlockScheduler();
  ~BlockScheduler();
  BlockScheduler(const BlockScheduler &) = delete;
  BlockScheduler &operator=(const BlockScheduler &) = delete;

  /// Runs block `BlockLinearIndex` (x fastest) of `Launch` to its end.
  /// Returns 0, or the cudaError_t a thread ended the kernel with (assert,
  /// trap; a memory fault or stack overflow: cudaErrorIllegalAddress; an
  /// integer division by zero: cudaErrorLaunchFailure), or
  /// cudaErrorMemoryAllocation when the fiber stacks cannot be had.
  int runBlock(const GridLaunch &Launch, uint64_t BlockLinearIndex);

  /// Hands out the next block of a grid to run, or NoBlock.
  using BlockSource = uint64_t (*)(void *Context);
  static constexpr uint64_t NoBlock = ~uint64_t(0);
  /// Runs block `First`, then every block `Next` hands out, to their ends;
  /// returns as runBlock, at the first fault. A launch with a block entry
  /// (HostABI.h) runs them one after the other on one fiber, without
  /// leaving it between blocks.
  int runBlocks(const GridLaunch &Launch, uint64_t First, BlockSource Next,
                void *Context);

  /// The launch the thread of `Thread` belongs to.
  static const GridLaunch *launchOf(rubicon::host::ThreadContext *Thread);

  struct Fiber;

private:
  bool reserveStacks(size_t Count);
  unsigned char *firstStack() const;
  enum class ResolveRule { Complete, AcrossSites, Unmasked, Forced };
  bool resolveWaveOperations(size_t ThreadCount, ResolveRule Rule);
  void resolveGroup(size_t First, uint64_t Group);

  std::vector<Fiber> Fibers;
  unsigned char *StackArea = nullptr;
  size_t StackAreaBytes = 0;
  size_t StackCount = 0;
  size_t GuardPages = 0; // stacks with a guard page (all or none)
  std::vector<unsigned char> SharedMemory;
  struct SchedulerContext;
  std::unique_ptr<SchedulerContext> Scheduler;
  int Fault = 0;
  int FaultSignal = 0;
  const GridLaunch *Launch = nullptr;
  /// Where a block entry's fiber takes its next block from (runBlocks).
  BlockSource MoreBlocks = nullptr;
  void *MoreContext = nullptr;

  friend struct FiberServices;
  friend struct FaultHandler;
};

} // namespace rubicon::cudart::host

#endif // RUBICON_BACKEND_HOST_BLOCKSCHEDULER_H
