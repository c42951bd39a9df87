//===- PrimitivesHost.h - Machine primitives for the host target -*- C++
//-*-===//
//
// Part of Rubicon. The `host` implementation of Primitives.h: CUDA threads are
// fibers of the runtime's host backend (see HostABI.h). Indices come from the
// running fiber's ThreadContext; wavefront operations and barriers are
// rendezvous that the runtime's block scheduler resolves. The wavefront is 64
// lanes wide, as on gfx942, so LogicalWarp.h carries two 32-lane warps in it.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_PRIMITIVES_HOST_H
#define RUBICON_DEVICE_PRIMITIVES_HOST_H

#include "rubicon/HostABI.h"

// The C library's, and the code object's static shared memory size (the
// host shared-memory pass defines it).
extern "C" int sched_getcpu();
extern "C" int get_nprocs_conf();
extern "C" const unsigned long long __rubicon_host_shared_bytes;

namespace rubicon::machine {

namespace hostimpl {
RUBICON_PRIMITIVE host::ThreadContext *currentThread() {
  auto Frame = reinterpret_cast<unsigned long>(__builtin_frame_address(0));
  return reinterpret_cast<host::ThreadContext *>(Frame &
                                                 ~(host::FiberStackBytes - 1));
}

// Each inlined copy is its own call instruction, whose return address the
// scheduler uses as the operation's call site: the empty asm after the call
// keeps it from becoming a tail call (which would return elsewhere).
RUBICON_PRIMITIVE u64 waveOperation(host::WaveOperation Operation, u64 A, u64 B,
                                    u64 Members) {
  host::ThreadContext *Thread = currentThread();
  u64 Result = Thread->Runtime->waveOperation(
      Thread, static_cast<unsigned>(Operation), A, B, Members);
  asm volatile("");
  return Result;
}

// A `_sync` operation among the lanes of `Mask` and the caller (HostABI.h:
// the scheduler groups lanes by the mask they passed).
RUBICON_PRIMITIVE u64 maskedWaveOperation(host::WaveOperation Operation, u64 A,
                                          u64 B, u64 Mask) {
  host::ThreadContext *Thread = currentThread();
  const u64 Caller = u64(1) << Thread->LaneInWave;
  const unsigned Op =
      static_cast<unsigned>(Operation) |
      (Mask & Caller ? 0u : host::WaveOperationCallerOutsideMask);
  u64 Result =
      Thread->Runtime->waveOperation(Thread, Op, A, B, Mask | Caller);
  asm volatile("");
  return Result;
}
} // namespace hostimpl

RUBICON_PRIMITIVE unsigned waveSize() { return host::WaveLanes; }

RUBICON_PRIMITIVE unsigned laneInWave() {
  return hostimpl::currentThread()->LaneInWave;
}

// Without `members`: the lanes waiting at the same call site (HostABI.h).
RUBICON_PRIMITIVE u64 waveBallot(bool predicate) {
  return hostimpl::waveOperation(host::WaveOperation::Ballot, predicate, 0, 0);
}

RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value) {
  return static_cast<unsigned>(hostimpl::waveOperation(
      host::WaveOperation::Permute, sourceLane % host::WaveLanes, value, 0));
}

RUBICON_PRIMITIVE unsigned readFirstLane(unsigned value) {
  return static_cast<unsigned>(
      hostimpl::waveOperation(host::WaveOperation::ReadFirstLane, 0, value, 0));
}

// A `_sync` operation: completes among `members` and the caller.
RUBICON_PRIMITIVE u64 waveBallot(bool predicate, u64 members) {
  return hostimpl::maskedWaveOperation(host::WaveOperation::Ballot, predicate,
                                       0, members);
}

RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value,
                                       u64 members) {
  return static_cast<unsigned>(hostimpl::maskedWaveOperation(
      host::WaveOperation::Permute, sourceLane % host::WaveLanes, value,
      members));
}

RUBICON_PRIMITIVE unsigned threadInBlock(Dimension d) {
  return hostimpl::currentThread()->ThreadIndex[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE unsigned blockInGrid(Dimension d) {
  return hostimpl::currentThread()->BlockIndex[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE unsigned blockSize(Dimension d) {
  return hostimpl::currentThread()->BlockSize[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE unsigned gridSizeInBlocks(Dimension d) {
  return hostimpl::currentThread()->GridSize[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE void workgroupBarrier() {
  host::ThreadContext *Thread = hostimpl::currentThread();
  Thread->Runtime->workgroupBarrier(Thread);
}

RUBICON_PRIMITIVE void wavefrontBarrier() {
  hostimpl::waveOperation(host::WaveOperation::Barrier, 0, 0, 0);
}

RUBICON_PRIMITIVE void wavefrontBarrier(u64 members) {
  hostimpl::maskedWaveOperation(host::WaveOperation::Barrier, 0, 0, members);
}

// The threads of a block share one CPU thread, and barriers are calls the
// compiler cannot see through: fences only have to order against other blocks.
RUBICON_PRIMITIVE void fenceReleaseWorkgroup() {
  __atomic_thread_fence(__ATOMIC_RELEASE);
}

RUBICON_PRIMITIVE void fenceAcquireWorkgroup() {
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
}

RUBICON_PRIMITIVE void fenceWavefront() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

RUBICON_PRIMITIVE u64 cycleCounter() { return __builtin_readcyclecounter(); }

RUBICON_PRIMITIVE u64 steadyClockNanoseconds() {
  return hostimpl::currentThread()->Runtime->nanoseconds();
}

[[noreturn]] RUBICON_PRIMITIVE void trap() {
  host::ThreadContext *Thread = hostimpl::currentThread();
  Thread->Runtime->trap(
      Thread, static_cast<int>(host::KernelFault::IllegalInstruction));
  __builtin_unreachable();
}

RUBICON_PRIMITIVE unsigned computeUnitId() {
  int cpu = sched_getcpu(); // the CPU running the block's worker thread
  return cpu < 0 ? 0u : static_cast<unsigned>(cpu);
}

RUBICON_PRIMITIVE unsigned computeUnitIdBound() {
  int cpus = get_nprocs_conf();
  return cpus < 1 ? 1u : static_cast<unsigned>(cpus);
}

RUBICON_PRIMITIVE unsigned staticSharedBytes() {
  return static_cast<unsigned>(__rubicon_host_shared_bytes);
}

RUBICON_PRIMITIVE unsigned dynamicSharedBytes() {
  return static_cast<unsigned>(hostimpl::currentThread()->SharedBytes) -
         staticSharedBytes();
}

RUBICON_PRIMITIVE bool isSharedAddress(const void *address) {
  host::ThreadContext *Thread = hostimpl::currentThread();
  auto *Byte = static_cast<const unsigned char *>(address);
  // The block's whole shared window (HostABI.h), as a GPU's aperture.
  unsigned long long Window = Thread->SharedBytes > host::SharedWindowBytes
                                  ? Thread->SharedBytes
                                  : host::SharedWindowBytes;
  return Byte >= Thread->SharedMemory && Byte < Thread->SharedMemory + Window;
}

RUBICON_PRIMITIVE bool isPrivateAddress(const void *address) {
  // On the running fiber's stack (the context sits at its base).
  return (reinterpret_cast<unsigned long>(address) &
          ~(host::FiberStackBytes - 1)) ==
         reinterpret_cast<unsigned long>(hostimpl::currentThread());
}

} // namespace rubicon::machine

#endif // RUBICON_DEVICE_PRIMITIVES_HOST_H
