//===- WorkerPool.h - The host backend's worker threads ---------*- C++ -*-===//
//
// Part of Rubicon's host backend. The CPU threads that run the blocks of one
// grid at a time, each with its own BlockScheduler; each device has its own
// pool, with as many multiprocessors as the pool has workers.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_HOST_WORKERPOOL_H
#define RUBICON_BACKEND_HOST_WORKERPOOL_H

#include "BlockScheduler.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace rubicon::cudart::host {

/// The CPU threads that run the blocks of one grid at a time: the thread that
/// calls runGrid (the stream queue's executor) and Count - 1 helpers. Blocks
/// are handed out one at a time from a shared counter. A one-block grid runs
/// on the caller alone; a larger one wakes as many helpers as it has blocks
/// beyond the first, and the caller starts on the blocks at once. Nothing is
/// allocated and no thread is created per grid.
class WorkerPool {
public:
  explicit WorkerPool(unsigned Count);
  ~WorkerPool();
  unsigned size() const { return static_cast<unsigned>(Helpers.size()) + 1; }

  /// Runs every block of `Launch`; returns 0 or the first fault. Called by
  /// one thread at a time.
  int runGrid(const GridLaunch &Launch);

private:
  void help();
  void runBlocks(BlockScheduler &Scheduler, const GridLaunch &Launch);
  struct Claim;
  static uint64_t nextBlock(void *Claim);

  std::vector<std::thread> Helpers;
  BlockScheduler CallerScheduler; // runGrid's caller's
  std::mutex Mutex;
  std::condition_variable Wake, Done;
  const GridLaunch *Current = nullptr; // the grid being run, under Mutex
  uint64_t Generation = 0;             // grids started, under Mutex
  unsigned Running = 0;                // helpers inside runBlocks, under Mutex
  bool Stopping = false;
  std::atomic<uint64_t> NextBlock{0};
  uint64_t BlockCount = 0;
  uint64_t Chunk = 1; // blocks a worker takes at once
  std::atomic<int> FaultSeen{0};
};

/// Runs every block of a cooperative launch at once, each on its own CPU
/// thread with its own scheduler, so blocks waiting in the grid barrier
/// (runtime-shim/device/GridSync.cpp) never keep the others from running.
/// Returns 0 or the first fault.
int runCooperativeGrid(const GridLaunch &Launch);

/// The pool's size: RUBICON_HOST_WORKERS (1 to 256) if set, else the CPUs the
/// process may use.
unsigned workerCount();

} // namespace rubicon::cudart::host

#endif // RUBICON_BACKEND_HOST_WORKERPOOL_H
