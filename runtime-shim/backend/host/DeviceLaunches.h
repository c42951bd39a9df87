//===- DeviceLaunches.h - Grids launched from device code -------*- C++ -*-===//
//
// Part of Rubicon's host backend. Dynamic parallelism (CUDA Programming
// Guide, "CUDA Dynamic Parallelism"): a thread of a running grid launches a
// child grid, or queues a copy or a fill, on a device-side stream. The work
// is kept with the grid (its DeviceWork) and run by the executor thread once
// every block of the grid has ended, in launch order, each child grid with
// its own descendants; launches into cudaStreamTailLaunch run last. Only
// then is the grid complete, as CUDA requires (a grid completes when its
// children do). CUDA 12's device runtime has no way for a parent to wait for
// a child, so running children after their parent is one of the schedules
// CUDA allows; a parent that spins until a child has run never ends here.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_HOST_DEVICELAUNCHES_H
#define RUBICON_BACKEND_HOST_DEVICELAUNCHES_H

#include "BlockScheduler.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace rubicon::cudart::host {

struct HostKernel;
struct PreparedLaunch;

/// What the device runtime needs of the backend.
class DeviceLauncher {
public:
  virtual ~DeviceLauncher() = default;
  /// The kernel whose __rubicon_host_entry_ function is at `Entry` (device
  /// code names kernels by it: HostKernelEntry.cpp).
  virtual bool kernelOfEntry(const void *Entry, HostKernel &Kernel) = 0;
  /// Counts one more launch waiting to start; false when as many wait as
  /// cudaLimitDevRuntimePendingLaunchCount allows.
  virtual bool reservePendingLaunch() = 0;
  /// A counted launch has started (or will never run).
  virtual void releasePendingLaunch() = 0;
};

/// A child grid, or a copy (Value < 0) or fill of Height rows of Width bytes.
struct PendingWork {
  std::unique_ptr<PreparedLaunch> Grid;
  unsigned char *Dst = nullptr;
  const unsigned char *Src = nullptr;
  size_t DstPitch = 0, SrcPitch = 0, Width = 0, Height = 0;
  int Value = -1;
};

/// The work a grid's threads queued.
struct DeviceWork {
  DeviceLauncher *Launcher = nullptr;
  /// 0 for a grid launched by the host; CUDA's nesting limit is 24.
  unsigned Depth = 0;
  std::mutex Mutex;
  std::vector<PendingWork> Items, TailItems;
};

/// A launch ready to run: its own copy of the arguments, its grid, and the
/// work its threads queue.
struct PreparedLaunch {
  std::vector<unsigned char> Bytes;
  std::vector<void *> Pointers;
  GridLaunch Launch;
  DeviceWork Children;
  bool Cooperative = false;
  /// Copies the arguments (Args[i]: the i-th, of `Sizes[i]` bytes).
  void setArguments(const std::vector<unsigned long long> &Sizes,
                    void *const *Args);
};

/// The deepest nesting of launches from device code (CUDA's limit).
inline constexpr unsigned MaxLaunchDepth = 24;

/// RuntimeServices' device-runtime functions (HostABI.h).
void *deviceParameterBuffer(rubicon::host::ThreadContext *Thread,
                            unsigned long long Alignment,
                            unsigned long long Size, void *Function,
                            const unsigned *Grid, const unsigned *Block,
                            unsigned SharedBytes);
int deviceLaunch(rubicon::host::ThreadContext *Thread, void *Function,
                 void *ParameterBuffer, const unsigned *Grid,
                 const unsigned *Block, unsigned SharedBytes, void *Stream);
int deviceMemoryOperation(rubicon::host::ThreadContext *Thread, void *Dst,
                          unsigned long long DstPitch, const void *Src,
                          unsigned long long SrcPitch, unsigned long long Width,
                          unsigned long long Height, int Value, void *Stream);

/// Runs a copy or fill queued by device code.
void runMemoryOperation(const PendingWork &Work);

} // namespace rubicon::cudart::host

#endif // RUBICON_BACKEND_HOST_DEVICELAUNCHES_H
