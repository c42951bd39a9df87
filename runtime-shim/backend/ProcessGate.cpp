//===- ProcessGate.cpp - A process's checkpoint state ---------------------===//
//
// Part of Rubicon. ProcessGate.h.
//
//===----------------------------------------------------------------------===//

#include "ProcessGate.h"

#include "Backend.h"

#include <sys/syscall.h>
#include <unistd.h>

using namespace rubicon::cudart;

ProcessGate::ProcessGate() : Creator(static_cast<int>(syscall(SYS_gettid))) {}

void ProcessGate::pass() {
  if (Current.load(std::memory_order_acquire) == Running)
    return;
  std::unique_lock<std::mutex> Lock(Mutex);
  Changed.wait(Lock, [&] {
    int S = Current.load();
    return S == Running || S == Failed ||
           Locker == std::this_thread::get_id();
  });
}

bool ProcessGate::move(State From, State To) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Current.load() != From)
    return false;
  if (From == Running)
    Locker = std::this_thread::get_id();
  if (To == Running)
    Locker = std::thread::id();
  Current.store(To, std::memory_order_release);
  Changed.notify_all();
  return true;
}

// One gate per process: the backend creator's code, as memoryRecords().
ProcessGate &Backend::processGate() {
  static auto *Gate = new ProcessGate();
  return *Gate;
}
