//===- ProcessGate.h - A process's checkpoint state -------------*- C++ -*-===//
//
// Part of Rubicon. The state machine of CUDA's process checkpointing
// (cuCheckpointProcess*): RUNNING -lock-> LOCKED -checkpoint-> CHECKPOINTED
// -restore-> LOCKED -unlock-> RUNNING. While the process is not running,
// API calls wait at the gate (both libraries pass it when they acquire the
// backend), except those of the thread that locked it. One gate per backend,
// so the runtime and the driver share it (SharedBackend.h);
// docs/driver-process-controls.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_PROCESSGATE_H
#define RUBICON_BACKEND_PROCESSGATE_H

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace rubicon::cudart {

class ProcessGate {
public:
  /// CUprocessState's values.
  enum State : int { Running = 0, Locked = 1, Checkpointed = 2, Failed = 3 };

  ProcessGate();
  State state() const { return static_cast<State>(Current.load()); }
  /// Waits while the process is locked or checkpointed, unless the calling
  /// thread is the one that locked it.
  void pass();
  /// One transition of the machine: false (and no change) when the process
  /// is not in From.
  bool move(State From, State To);
  /// The thread the backend was created on (Linux thread id).
  int creatorThread() const { return Creator; }

private:
  std::atomic<int> Current{Running};
  std::mutex Mutex;
  std::condition_variable Changed;
  std::thread::id Locker;
  int Creator = 0;
};

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_PROCESSGATE_H
