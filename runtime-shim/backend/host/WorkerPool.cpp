//===- WorkerPool.cpp - The host backend's worker threads -----------------===//
//
// Part of Rubicon's host backend. See WorkerPool.h.
//
//===----------------------------------------------------------------------===//
#include "WorkerPool.h"

#include <algorithm>
#include <cstdlib>

namespace rubicon::cudart::host {

WorkerPool::WorkerPool(unsigned Count) {
  for (unsigned I = 1; I < Count; ++I)
    Helpers.emplace_back([this] { help(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Wake.notify_all();
  for (std::thread &T : Helpers)
    T.join();
}

/// A worker's blocks: it takes Chunk consecutive blocks at a time, so that
/// the workers do not contend for the counter once per block.
struct WorkerPool::Claim {
  WorkerPool &Pool;
  uint64_t Next = 0, End = 0;
};

uint64_t WorkerPool::nextBlock(void *Context) {
  Claim &C = *static_cast<Claim *>(Context);
  WorkerPool &Pool = C.Pool;
  if (Pool.FaultSeen.load(std::memory_order_relaxed))
    return BlockScheduler::NoBlock;
  if (C.Next == C.End) {
    uint64_t First =
        Pool.NextBlock.fetch_add(Pool.Chunk, std::memory_order_relaxed);
    if (First >= Pool.BlockCount)
      return BlockScheduler::NoBlock;
    C.Next = First;
    C.End = std::min(First + Pool.Chunk, Pool.BlockCount);
  }
  return C.Next++;
}

void WorkerPool::runBlocks(BlockScheduler &Scheduler,
                           const GridLaunch &Launch) {
  Claim C{*this};
  uint64_t First = nextBlock(&C);
  if (First == BlockScheduler::NoBlock)
    return;
  if (int F = Scheduler.runBlocks(Launch, First, nextBlock, &C)) {
    int Expected = 0;
    FaultSeen.compare_exchange_strong(Expected, F);
  }
}

int WorkerPool::runGrid(const GridLaunch &Launch) {
  uint64_t Blocks = uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2];
  // No helper is inside runBlocks here (the last grid waited for them), so
  // the counters can be reset; a helper joins only while Current is set.
  NextBlock.store(0, std::memory_order_relaxed);
  BlockCount = Blocks;
  FaultSeen.store(0, std::memory_order_relaxed);
  uint64_t Workers = Launch.MaxWorkers ? Launch.MaxWorkers : size();
  // Sixteen chunks per worker or more keep the workers' shares even when
  // blocks differ in cost; at most 64 blocks a chunk.
  Chunk = std::clamp<uint64_t>(Blocks / (std::max<uint64_t>(Workers, 1) * 16),
                               1, 64);
  uint64_t Wanted = std::min<uint64_t>(
      {Blocks - 1, Helpers.size(), std::max<uint64_t>(Workers, 1) - 1});
  if (Wanted) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Current = &Launch;
      ++Generation;
    }
    if (Wanted == Helpers.size())
      Wake.notify_all();
    else
      for (uint64_t I = 0; I < Wanted; ++I)
        Wake.notify_one();
  }
  runBlocks(CallerScheduler, Launch);
  if (Wanted) {
    // Helpers still waking up find Current cleared and sleep on.
    std::unique_lock<std::mutex> Lock(Mutex);
    Current = nullptr;
    Done.wait(Lock, [this] { return Running == 0; });
  }
  return FaultSeen.load();
}

void WorkerPool::help() {
  BlockScheduler Scheduler;
  uint64_t Seen = 0;
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Wake.wait(Lock,
              [&] { return Stopping || (Current && Generation != Seen); });
    if (Stopping)
      return;
    Seen = Generation;
    const GridLaunch &Launch = *Current;
    ++Running;
    Lock.unlock();
    runBlocks(Scheduler, Launch);
    Lock.lock();
    if (--Running == 0)
      Done.notify_all();
  }
}

int runCooperativeGrid(const GridLaunch &Launch) {
  uint64_t Blocks = uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2];
  std::atomic<int> Fault{0};
  std::vector<std::thread> Threads;
  Threads.reserve(Blocks);
  for (uint64_t Block = 0; Block < Blocks; ++Block)
    Threads.emplace_back([&Launch, &Fault, Block] {
      BlockScheduler Scheduler;
      if (int F = Scheduler.runBlock(Launch, Block)) {
        int Expected = 0;
        Fault.compare_exchange_strong(Expected, F);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  return Fault.load();
}

unsigned workerCount() {
  if (const char *Text = std::getenv("RUBICON_HOST_WORKERS"))
    if (int N = std::atoi(Text); N > 0)
      return static_cast<unsigned>(std::min(N, 256));
  unsigned N = std::thread::hardware_concurrency();
  return N ? N : 1;
}

} // namespace rubicon::cudart::host
