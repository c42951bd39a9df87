//===- BlockLevel.cpp - Block barriers and barrier reductions -------------===//
//
// Part of Rubicon. __syncthreads() and __syncthreads_count/and/or(): the
// lowering calls these in place of llvm.nvvm.barrier.cta.sync.* and
// llvm.nvvm.barrier.cta.red.{popc,and,or}.* (clang 22's intrinsics for
// __syncthreads and __nvvm_bar0_popc/and/or) and of the older
// llvm.nvvm.barrier0{,.popc,.and,.or} that inline PTX may produce.
//
// AMD GPUs have one barrier per workgroup: the PTX barrier id is ignored.
//
//===----------------------------------------------------------------------===//
#include "Block.h"

using namespace rubicon;
using namespace rubicon::machine;

// One counter per block in LDS, shared by every barrier reduction.
[[clang::loader_uninitialized]] static __attribute__((address_space(3)))
u32 BlockReductionCounter;

// How many threads of the block pass `predicate`; a barrier for the block.
static u32 countInBlock(bool predicate) {
  const u32 waveCount = __builtin_popcountll(waveBallot(predicate));
  const u64 activeLanes = waveBallot(true);
  const bool isWaveLeader = laneInWave() == __builtin_ctzll(activeLanes);

  // Readers of the previous reduction's result are done: reset the counter.
  block::synchronize();
  if (block::flatThreadIndex() == 0)
    BlockReductionCounter = 0;
  block::synchronize();
  if (isWaveLeader)
    __scoped_atomic_fetch_add(&BlockReductionCounter, waveCount,
                              __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  block::synchronize();
  return BlockReductionCounter;
}

RUBICON_EXPORT void __rubicon_barrier0() { block::synchronize(); }

RUBICON_EXPORT void __rubicon_barrier_cta_sync_aligned_all(u32 /*barrierId*/) {
  block::synchronize();
}

RUBICON_EXPORT void __rubicon_barrier_cta_sync_all(u32 /*barrierId*/) {
  block::synchronize();
}

// bar.sync a, b / barrier.sync a, b (__nvvm_barrier_sync_cnt): the one
// work-group barrier, exact when b is the block's size. A smaller count (a
// subset of warps meeting at a named barrier) has no equivalent: it traps
// instead of deadlocking or racing, as the inline-PTX translation does.
static void synchronizeCount(u32 count) {
  if (count != blockSize(Dimension::X) * blockSize(Dimension::Y) *
                   blockSize(Dimension::Z))
    trap();
  block::synchronize();
}

RUBICON_EXPORT void __rubicon_barrier_cta_sync_aligned_count(u32 /*barrierId*/,
                                                             u32 count) {
  synchronizeCount(count);
}

RUBICON_EXPORT void __rubicon_barrier_cta_sync_count(u32 /*barrierId*/,
                                                     u32 count) {
  synchronizeCount(count);
}

RUBICON_EXPORT u32 __rubicon_barrier_cta_red_popc_aligned_all(u32 /*barrierId*/,
                                                              bool predicate) {
  return countInBlock(predicate);
}

RUBICON_EXPORT bool __rubicon_barrier_cta_red_and_aligned_all(u32 /*barrierId*/,
                                                              bool predicate) {
  return countInBlock(!predicate) == 0;
}

RUBICON_EXPORT bool __rubicon_barrier_cta_red_or_aligned_all(u32 /*barrierId*/,
                                                             bool predicate) {
  return countInBlock(predicate) != 0;
}

RUBICON_EXPORT u32 __rubicon_barrier_cta_red_popc_all(u32 /*barrierId*/,
                                                      bool predicate) {
  return countInBlock(predicate);
}

RUBICON_EXPORT bool __rubicon_barrier_cta_red_and_all(u32 /*barrierId*/,
                                                      bool predicate) {
  return countInBlock(!predicate) == 0;
}

RUBICON_EXPORT bool __rubicon_barrier_cta_red_or_all(u32 /*barrierId*/,
                                                     bool predicate) {
  return countInBlock(predicate) != 0;
}

RUBICON_EXPORT int __rubicon_barrier0_popc(int predicate) {
  return static_cast<int>(countInBlock(predicate != 0));
}

RUBICON_EXPORT int __rubicon_barrier0_and(int predicate) {
  return countInBlock(predicate == 0) == 0;
}

RUBICON_EXPORT int __rubicon_barrier0_or(int predicate) {
  return countInBlock(predicate != 0) != 0;
}
