/*===- __rubicon/synchronization.h - Barriers, fences and clocks ---------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide: "Synchronization Functions",
 * "Memory Fence Functions", "Time Function". __syncthreads() itself is a
 * clang builtin in CUDA mode (llvm.nvvm.barrier.cta.sync.aligned.all).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_SYNCHRONIZATION_H
#define RUBICON_INTERNAL_SYNCHRONIZATION_H

#include "config.h"

__RUBICON_DEVICE__ int __syncthreads_count(int predicate) {
  return __nvvm_bar0_popc(predicate);
}
__RUBICON_DEVICE__ int __syncthreads_and(int predicate) {
  return __nvvm_bar0_and(predicate);
}
__RUBICON_DEVICE__ int __syncthreads_or(int predicate) {
  return __nvvm_bar0_or(predicate);
}

/* Named barriers (bar.sync id{, count}): an AMD work-group has one barrier,
 * so every id names it; a count other than the block's size traps in the
 * device library instead of deadlocking (__rubicon_barrier_cta_sync_*). */
__RUBICON_DEVICE__ void __barrier_sync(unsigned int id) { __nvvm_barrier_sync(id); }
__RUBICON_DEVICE__ void __barrier_sync_count(unsigned int id, unsigned int count) {
  __nvvm_barrier_sync_cnt(id, count);
}

__RUBICON_DEVICE__ void __threadfence_block() { __nvvm_membar_cta(); }
__RUBICON_DEVICE__ void __threadfence() { __nvvm_membar_gl(); }
__RUBICON_DEVICE__ void __threadfence_system() { __nvvm_membar_sys(); }

/* clock() overloads the host's clock() from <time.h> (clock_t is long). */
__RUBICON_DEVICE__ long clock() {
  return static_cast<long>(__nvvm_read_ptx_sreg_clock());
}
__RUBICON_DEVICE__ long long clock64() {
  return static_cast<long long>(__nvvm_read_ptx_sreg_clock64());
}

__RUBICON_DEVICE__ void __nanosleep(unsigned int nanoseconds) {
  __nvvm_nanosleep(nanoseconds);
}

/* __brkpt(): a breakpoint for an attached debugger; without one the kernel
 * stops with an error, as a trap (AMD's debugger stops at s_trap too). */
__RUBICON_DEVICE__ void __brkpt() { __builtin_trap(); }

/* __prof_trigger(counter): increments one of the profiler's per-multiprocessor
 * counters; AMD GPUs have no such counters to write, so it does nothing. */
__RUBICON_DEVICE__ void __prof_trigger(int) {}

/* __trap(): ends the kernel with an error (PTX `trap`, llvm.trap). */
__RUBICON_DEVICE__ void __trap() { __builtin_trap(); }

#endif /* RUBICON_INTERNAL_SYNCHRONIZATION_H */
