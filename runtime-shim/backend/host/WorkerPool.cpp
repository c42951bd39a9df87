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
  for (unsigned I = 0; I < Count; ++I)
    Workers.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Wake.notify_all();
  for (std::thread &T : Workers)
    T.join();
}

int WorkerPool::runGrid(const GridLaunch &Launch) {
  uint64_t Blocks = uint64_t(Launch.Grid[0]) * Launch.Grid[1] * Launch.Grid[2];
  std::unique_lock<std::mutex> Lock(Mutex);
  Current = &Launch;
  NextBlock = 0;
  BlockCount = Blocks;
  Fault = 0;
  Busy = static_cast<unsigned>(Workers.size());
  ++Generation;
  Wake.notify_all();
  Done.wait(Lock, [this] { return Busy == 0; });
  Current = nullptr;
  return Fault;
}

void WorkerPool::work() {
  BlockScheduler Scheduler;
  uint64_t Seen = 0;
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Wake.wait(Lock, [&] { return Stopping || Generation != Seen; });
    if (Stopping)
      return;
    Seen = Generation;
    const GridLaunch &Launch = *Current;
    Lock.unlock();
    for (;;) {
      uint64_t Block = NextBlock.fetch_add(1);
      if (Block >= BlockCount || FaultSeen.load())
        break;
      if (int F = Scheduler.runBlock(Launch, Block)) {
        int Expected = 0;
        FaultSeen.compare_exchange_strong(Expected, F);
      }
    }
    Lock.lock();
    if (int F = FaultSeen.exchange(0); F && !Fault)
      Fault = F;
    if (--Busy == 0)
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
