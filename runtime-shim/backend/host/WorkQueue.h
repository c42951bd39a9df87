//===- WorkQueue.h - The host backend's in-order stream queue ---*- C++ -*-===//
//
// Part of Rubicon's host backend. The in-order queue every stream of one
// device feeds, served by one executor thread (HostBackend.h says why one
// queue per device keeps CUDA's ordering rules).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_HOST_WORKQUEUE_H
#define RUBICON_BACKEND_HOST_WORKQUEUE_H

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace rubicon::cudart::host {

class WorkQueue {
public:
  WorkQueue();
  ~WorkQueue();
  /// Queues `Work`; returns its sequence number.
  uint64_t push(std::function<void()> Work);
  /// Returns once the work numbered `Sequence` (and all before it) has run.
  void waitFor(uint64_t Sequence);
  void waitForAll() { waitFor(lastQueued()); }
  bool isDone(uint64_t Sequence);
  uint64_t lastQueued();

private:
  void serve();

  std::mutex Mutex;
  std::condition_variable Changed;
  std::deque<std::pair<uint64_t, std::function<void()>>> Pending;
  uint64_t LastQueued = 0, Completed = 0;
  bool Stopping = false;
  std::thread Executor;
};

} // namespace rubicon::cudart::host

#endif // RUBICON_BACKEND_HOST_WORKQUEUE_H
