//===- WorkQueue.cpp - The host backend's in-order stream queue -----------===//
//
// Part of Rubicon's host backend. See WorkQueue.h.
//
//===----------------------------------------------------------------------===//
#include "WorkQueue.h"

namespace rubicon::cudart::host {

WorkQueue::WorkQueue() : Executor([this] { serve(); }) {}

WorkQueue::~WorkQueue() {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stopping = true;
  }
  Changed.notify_all();
  Executor.join();
}

uint64_t WorkQueue::push(std::function<void()> Work) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Pending.push_back({++LastQueued, std::move(Work)});
  Changed.notify_all();
  return LastQueued;
}

void WorkQueue::waitFor(uint64_t Sequence) {
  std::unique_lock<std::mutex> Lock(Mutex);
  Changed.wait(Lock, [&] { return Completed >= Sequence; });
}

bool WorkQueue::isDone(uint64_t Sequence) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Completed >= Sequence;
}

uint64_t WorkQueue::lastQueued() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return LastQueued;
}

void WorkQueue::serve() {
  std::unique_lock<std::mutex> Lock(Mutex);
  for (;;) {
    Changed.wait(Lock, [&] { return Stopping || !Pending.empty(); });
    if (Pending.empty())
      return;
    auto [Sequence, Work] = std::move(Pending.front());
    Pending.pop_front();
    Lock.unlock();
    Work();
    Lock.lock();
    Completed = Sequence;
    Changed.notify_all();
  }
}

} // namespace rubicon::cudart::host
