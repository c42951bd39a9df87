//===- WorkerPool.h - The host backend's worker threads ---------*- C++ -*-===//
//
// Part of Rubicon's host backend. The CPU threads that run the blocks of one
// grid at a time, each with its own BlockScheduler; the backend's device has
// as many multiprocessors as the pool has workers.
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

/// Worker threads that run the blocks of one grid at a time.
class WorkerPool {
public:
  explicit WorkerPool(unsigned Count);
  ~WorkerPool();
  unsigned size() const { return static_cast<unsigned>(Workers.size()); }

  /// Runs every block of `Launch`; returns 0 or the first fault.
  int runGrid(const GridLaunch &Launch);

private:
  void work();

  std::vector<std::thread> Workers;
  std::mutex Mutex;
  std::condition_variable Wake, Done;
  const GridLaunch *Current = nullptr;
  std::atomic<uint64_t> NextBlock{0};
  uint64_t BlockCount = 0;
  std::atomic<int> FaultSeen{0};
  int Fault = 0;
  unsigned Busy = 0;
  uint64_t Generation = 0;
  bool Stopping = false;
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
