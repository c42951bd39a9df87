/*===- cuda_awbarrier_primitives.h - Arrive/wait barrier primitives ------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "Memory Barrier Primitives
 * Interface": a C-like arrive/wait barrier with CUDA's phase semantics, in
 * portable device code (64-bit atomics on a word in shared memory), so it
 * behaves the same on every target.
 *
 * The 64-bit state, as inline PTX's mbarrier has it (ptx-inline's
 * PTXMbarrierIR.cpp), so both can share a barrier: bits 0-20 the pending
 * count of the current phase, bits 21-41 the pending transaction count of
 * sm_90's bulk copies (two's complement), bits 42-62 the expected count (the
 * pending count each new phase starts with), bit 63 the phase's parity. A
 * phase completes when both pending counts are zero. An arrival token is the
 * state just before the arrival; a phase is complete once the parity differs
 * from the token's.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_AWBARRIER_PRIMITIVES_H
#define RUBICON_CUDA_AWBARRIER_PRIMITIVES_H

#include "cuda_runtime.h"

typedef unsigned long long __mbarrier_t;
typedef unsigned long long __mbarrier_token_t;

#if defined(__CUDACC__)

#define __RUBICON_MBAR_COUNT_MASK__ 0x1fffffull
#define __RUBICON_MBAR_TX_SHIFT__ 21
#define __RUBICON_MBAR_EXPECTED_SHIFT__ 42
#define __RUBICON_MBAR_PHASE__ (1ull << 63)

__device__ __inline__ unsigned int __mbarrier_maximum_count() {
  return (1u << 20) - 1; /* as the PTX ISA's mbarrier */
}

__device__ __inline__ void __mbarrier_init(__mbarrier_t *bar,
                                           unsigned int expected_count) {
  unsigned long long count = expected_count & __RUBICON_MBAR_COUNT_MASK__;
  *(volatile __mbarrier_t *)bar = count | (count << __RUBICON_MBAR_EXPECTED_SHIFT__);
}

__device__ __inline__ void __mbarrier_inval(__mbarrier_t *bar) {
  *(volatile __mbarrier_t *)bar = 0;
}

/* One arrival; drop: the expected count of later phases decreases too. */
__device__ __inline__ __mbarrier_token_t __rubicon_mbarrier_arrive(__mbarrier_t *bar,
                                                                 bool drop) {
  __threadfence_block(); /* release: what this thread did before arriving */
  unsigned long long old = *(volatile __mbarrier_t *)bar, seen;
  do {
    seen = old;
    unsigned long long pending = (old - 1) & __RUBICON_MBAR_COUNT_MASK__;
    unsigned long long tx =
        (old >> __RUBICON_MBAR_TX_SHIFT__) & __RUBICON_MBAR_COUNT_MASK__;
    unsigned long long expected =
        (old >> __RUBICON_MBAR_EXPECTED_SHIFT__) & __RUBICON_MBAR_COUNT_MASK__;
    unsigned long long phase = old & __RUBICON_MBAR_PHASE__;
    if (drop)
      expected = (expected - 1) & __RUBICON_MBAR_COUNT_MASK__;
    unsigned long long next =
        pending == 0 && tx == 0
            ? (expected | (expected << __RUBICON_MBAR_EXPECTED_SHIFT__) |
               (phase ^ __RUBICON_MBAR_PHASE__))
            : (pending | (tx << __RUBICON_MBAR_TX_SHIFT__) |
               (expected << __RUBICON_MBAR_EXPECTED_SHIFT__) | phase);
    old = atomicCAS(bar, seen, next);
  } while (old != seen);
  return seen;
}

__device__ __inline__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *bar) {
  return __rubicon_mbarrier_arrive(bar, false);
}

__device__ __inline__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *bar) {
  return __rubicon_mbarrier_arrive(bar, true);
}

/* Whether the phase the token arrived in has completed. */
__device__ __inline__ bool __mbarrier_test_wait(__mbarrier_t *bar,
                                                __mbarrier_token_t token) {
  unsigned long long now = *(volatile __mbarrier_t *)bar;
  bool done = ((now ^ token) & __RUBICON_MBAR_PHASE__) != 0;
  if (done)
    __threadfence_block(); /* acquire: what the others did before arriving */
  return done;
}

/* Waits up to about max_sleep_nanosec (a hint) for the token's phase. */
__device__ __inline__ bool __mbarrier_try_wait(__mbarrier_t *bar,
                                               __mbarrier_token_t token,
                                               unsigned int max_sleep_nanosec) {
  if (__mbarrier_test_wait(bar, token))
    return true;
  __nanosleep(max_sleep_nanosec < 1000 ? max_sleep_nanosec : 1000);
  return __mbarrier_test_wait(bar, token);
}

/* The pending count when the token was made (before its own arrival). */
__device__ __inline__ unsigned int __mbarrier_token_pending_count(__mbarrier_token_t token) {
  return (unsigned int)(token & __RUBICON_MBAR_COUNT_MASK__);
}

/* Spins until the token's phase completes; the sleep lets the other threads
 * of the block run where they share a processor (the host target's fibers). */
__device__ __inline__ void __rubicon_mbarrier_wait(__mbarrier_t *bar,
                                                   __mbarrier_token_t token) {
  while (!__mbarrier_test_wait(bar, token))
    __nanosleep(32);
}

#endif /* __CUDACC__ */
#endif /* RUBICON_CUDA_AWBARRIER_PRIMITIVES_H */
