//===- Primitives.h - Machine primitives of the device library --*- C++ -*-===//
//
// Part of Rubicon. The device library's indexing, block-level and warp-level
// code is written once on the handful of machine primitives declared here.
// Each target provides them in one header (PrimitivesAMDGPU.h for gfx,
// host/PrimitivesHost.h for the CPU `host` target) and every other file of
// the library is target independent.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_PRIMITIVES_H
#define RUBICON_DEVICE_PRIMITIVES_H

#include "Types.h"

#define RUBICON_PRIMITIVE static inline __attribute__((always_inline))
#define RUBICON_EXPORT extern "C"

namespace rubicon::machine {

enum class Dimension : unsigned { X = 0, Y = 1, Z = 2 };

// Wavefronts: the hardware's SIMD groups.
RUBICON_PRIMITIVE unsigned waveSize();
RUBICON_PRIMITIVE unsigned laneInWave();
// Bit i set when lane i of the wavefront is active and `predicate` holds.
RUBICON_PRIMITIVE u64 waveBallot(bool predicate);
// The value `value` held by lane `sourceLane` of the wavefront.
RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value);
// The value held by the first active lane (uniform across the wavefront).
RUBICON_PRIMITIVE unsigned readFirstLane(unsigned value);
// The same operations among the lanes `members` (bit i: lane i of the
// wavefront), the mask a CUDA `_sync` operation passed; the caller takes part
// whether or not it is in it. Hardware that runs a wavefront's active lanes in
// lockstep ignores `members`; the host target's scheduler completes the
// operation when every lane of `members` that has not exited has reached it
// (host/PrimitivesHost.h).
RUBICON_PRIMITIVE u64 waveBallot(bool predicate, u64 members);
RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value,
                                       u64 members);

// Workgroups (CUDA blocks) and the grid.
RUBICON_PRIMITIVE unsigned threadInBlock(Dimension d);
RUBICON_PRIMITIVE unsigned blockInGrid(Dimension d);
RUBICON_PRIMITIVE unsigned blockSize(Dimension d);
RUBICON_PRIMITIVE unsigned gridSizeInBlocks(Dimension d);

// Synchronization and memory ordering.
RUBICON_PRIMITIVE void workgroupBarrier();            // no fences
RUBICON_PRIMITIVE void wavefrontBarrier();            // no fences
RUBICON_PRIMITIVE void wavefrontBarrier(u64 members); // no fences
RUBICON_PRIMITIVE void fenceReleaseWorkgroup();
RUBICON_PRIMITIVE void fenceAcquireWorkgroup();
RUBICON_PRIMITIVE void fenceWavefront();

// Clocks.
RUBICON_PRIMITIVE u64 cycleCounter();
RUBICON_PRIMITIVE u64 steadyClockNanoseconds();

// Stops the program (a device-side fatal error).
[[noreturn]] RUBICON_PRIMITIVE void trap();

// Where the running thread is: its compute unit (PTX %smid) and a bound
// every compute unit id is below (%nsmid).
RUBICON_PRIMITIVE unsigned computeUnitId();
RUBICON_PRIMITIVE unsigned computeUnitIdBound();

// The running block's shared memory: the kernel's static variables, and
// what the launch added after them (CUDA's dynamic shared memory).
RUBICON_PRIMITIVE unsigned staticSharedBytes();
RUBICON_PRIMITIVE unsigned dynamicSharedBytes();

// Which memory a generic address points into: the block's shared memory,
// or the thread's private memory (locals, the stack).
RUBICON_PRIMITIVE bool isSharedAddress(const void *address);
RUBICON_PRIMITIVE bool isPrivateAddress(const void *address);

} // namespace rubicon::machine

#if defined(__AMDGCN__)
#include "PrimitivesAMDGPU.h"
#elif defined(RUBICON_HOST_TARGET)
#include "host/PrimitivesHost.h"
#else
#error "Rubicon device library: no machine primitives for this target"
#endif

#endif // RUBICON_DEVICE_PRIMITIVES_H
