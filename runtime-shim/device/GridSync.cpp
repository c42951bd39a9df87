//===- GridSync.cpp - cooperative_groups::grid_group::sync ----------------===//
//
// Part of Rubicon. The grid-wide barrier of a cooperative launch
// (cudaLaunchCooperativeKernel), on every target: a sense-reversing barrier
// in global memory. On AMD GPUs each code object has one barrier (the hidden
// variable below, zero when the code object is loaded); on the host target,
// whose devices all run one copy of the code object, each grid has its own
// (HostABI.h's RuntimeServices::gridBarrier). The first thread of each block
// arrives for its block after a block barrier; the last block to arrive
// resets the count and advances the generation, which the others wait for;
// then a block barrier releases the block's threads. The count is back at
// zero after every barrier, so the next launch finds it ready.
//
// Correct when every block of the grid is resident at once, which is what
// a cooperative launch guarantees (the runtime refuses a larger grid with
// cudaErrorCooperativeLaunchTooLarge), and when cooperative launches of one
// code object do not overlap on a GPU (HIP runs cooperative launches one at a
// time).
//
//===----------------------------------------------------------------------===//
#include "Block.h"
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

#if defined(RUBICON_HOST_TARGET)
extern "C" int sched_yield(void);
#endif

struct RubiconGridBarrier {
  u32 Arrived;
  u32 Generation;
};

#if !defined(RUBICON_HOST_TARGET)
#if defined(__AMDGCN__)
__attribute__((address_space(1)))
#endif
static RubiconGridBarrier __rubicon_grid_barrier_state;
#endif

#if defined(__AMDGCN__)
extern "C" int __ockl_grid_is_valid(void);
#endif

static inline void pause() {
#if defined(__AMDGCN__)
  __builtin_amdgcn_s_sleep(1);
#elif defined(RUBICON_HOST_TARGET)
  // Blocks of the grid are separate CPU threads: let them run.
  sched_yield();
#endif
}

// The block's arrival at the grid barrier, made by one thread of it: the
// last block to arrive starts the next generation, the others wait for it.
static void arriveAndWait() {
  u32 Blocks = gridSizeInBlocks(Dimension::X) * gridSizeInBlocks(Dimension::Y) *
               gridSizeInBlocks(Dimension::Z);
#if defined(RUBICON_HOST_TARGET)
  host::ThreadContext *Thread = hostimpl::currentThread();
  auto *State = reinterpret_cast<RubiconGridBarrier *>(
      Thread->Runtime->gridBarrier(Thread));
#else
  auto *State = &__rubicon_grid_barrier_state;
#endif
  u32 Generation = __atomic_load_n(&State->Generation, __ATOMIC_ACQUIRE);
  if (__atomic_add_fetch(&State->Arrived, 1, __ATOMIC_ACQ_REL) == Blocks) {
    __atomic_store_n(&State->Arrived, 0, __ATOMIC_RELAXED);
    __atomic_fetch_add(&State->Generation, 1, __ATOMIC_RELEASE);
  } else {
    while (__atomic_load_n(&State->Generation, __ATOMIC_ACQUIRE) == Generation)
      pause();
  }
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

RUBICON_EXPORT void __rubicon_grid_sync() {
  block::synchronize();
  if (threadInBlock(Dimension::X) == 0 && threadInBlock(Dimension::Y) == 0 &&
      threadInBlock(Dimension::Z) == 0)
    arriveAndWait();
  block::synchronize();
}

#if defined(RUBICON_HOST_TARGET)
// A thread loop's grid barrier (lowering/host/HostThreadLoops.cpp): the
// block function splits the kernel at __rubicon_grid_sync as at a block
// barrier and, when it releases the block's threads there, calls this once
// for the block: the threads' two block barriers are the split itself.
RUBICON_EXPORT void __rubicon_host_grid_arrive() { arriveAndWait(); }
#endif

// grid_group::is_valid(): on AMD GPUs, whether HIP launched the kernel as a
// cooperative kernel (ockl reads the multigrid synchronization argument HIP
// sets for hipLaunchCooperativeKernel). The host target does not tell
// launches apart: always true there.
RUBICON_EXPORT bool __rubicon_grid_is_valid() {
#if defined(__AMDGCN__)
  return __ockl_grid_is_valid() != 0;
#else
  return true;
#endif
}
