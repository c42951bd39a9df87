// sm_90's transaction counts on a PTX mbarrier and the bulk copies that
// complete them (libcu++'s cuda::memcpy_async with a block-scope barrier, and
// cuda::device::memcpy_async_tx): a phase completes when its arrivals AND its
// tx-count are both done, whichever comes last; a copy that completes before
// the expect_tx announcing it leaves the count below zero until then; the
// copied bytes are there once the phase completes. Then a block of threads
// each copying a chunk through the barrier, phase after phase, and bulk copies
// to global memory (bulk groups, a byte mask).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host -arch=sm_90 %s -o %t && %t | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942-emulated -arch=sm_90 %s -o %t.gfx && %t.gfx | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942 -arch=sm_90 -c %s -o %t.o
// CHECK: expect then complete: 0 0 1
// CHECK: complete then expect: 0 1
// CHECK: arrive.expect_tx then copy: 1 copied 1
// CHECK: pending count 1 then 3
// CHECK: multicast to rank 1 only: 0 copied 0
// CHECK: to global: 1 masked 1
// CHECK: block: phases 6 wrong 0
#include <cstdio>

typedef unsigned long long u64;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ void init(u64 *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(bar)),
               "r"(count)
               : "memory");
}
__device__ u64 arrive(u64 *bar) {
  u64 token;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];"
               : "=l"(token)
               : "r"(smem(bar))
               : "memory");
  return token;
}
__device__ u64 arriveExpectTx(u64 *bar, unsigned tx) {
  u64 token;
  asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %0, [%1], %2;"
               : "=l"(token)
               : "r"(smem(bar)), "r"(tx)
               : "memory");
  return token;
}
__device__ void expectTx(u64 *bar, unsigned tx) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(
                   smem(bar)),
               "r"(tx)
               : "memory");
}
__device__ void completeTx(u64 *bar, unsigned tx) {
  asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(
                   smem(bar)),
               "r"(tx)
               : "memory");
}
__device__ int testWait(u64 *bar, u64 token) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.test_wait.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(smem(bar)), "l"(token)
               : "memory");
  return done;
}
__device__ int tryWaitParity(u64 *bar, unsigned parity) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(smem(bar)), "r"(parity)
               : "memory");
  return done;
}
__device__ unsigned pendingCount(u64 token) {
  unsigned n;
  asm("mbarrier.pending_count.b64 %0, %1;" : "=r"(n) : "l"(token));
  return n;
}
__device__ void bulkToShared(void *dst, const void *src, unsigned size,
                             u64 *bar) {
  asm volatile("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes "
               "[%0], [%1], %2, [%3];" ::"r"(smem(dst)),
               "l"(src), "r"(size), "r"(smem(bar))
               : "memory");
}
__device__ void bulkMulticast(void *dst, const void *src, unsigned size,
                              u64 *bar, unsigned short mask) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
               "bytes.multicast::cluster [%0], [%1], %2, [%3], %4;" ::"r"(
                   smem(dst)),
               "l"(src), "r"(size), "r"(smem(bar)), "h"(mask)
               : "memory");
}

struct Results {
  int expectThenComplete[3];
  int completeThenExpect[2];
  int arriveExpectThenCopy, copied;
  unsigned pending[2];
  int multicastWait, multicastCopied;
  int toGlobal, masked;
};

__global__ void sequence(const int *src, int *out, Results *r) {
  __shared__ alignas(16) int data[64];
  __shared__ u64 bar, three;
  for (int i = 0; i < 64; ++i)
    data[i] = -1;
  init(&bar, 1);
  // Phase 0: 64 bytes expected, then completed in two halves.
  expectTx(&bar, 64);
  u64 token = arrive(&bar);
  r->expectThenComplete[0] = testWait(&bar, token);
  completeTx(&bar, 32);
  r->expectThenComplete[1] = testWait(&bar, token);
  completeTx(&bar, 32);
  r->expectThenComplete[2] = testWait(&bar, token);
  // Phase 1: the copy completes first (tx-count -16), the arrival cannot
  // complete the phase, the expect_tx does.
  bulkToShared(data, src, 16, &bar);
  token = arrive(&bar);
  r->completeThenExpect[0] = testWait(&bar, token);
  expectTx(&bar, 16);
  r->completeThenExpect[1] = testWait(&bar, token);
  // Phase 2: arrive.expect_tx, then the copy completes the phase.
  token = arriveExpectTx(&bar, 176);
  int before = testWait(&bar, token);
  bulkToShared(data + 4, src + 4, 176, &bar);
  r->arriveExpectThenCopy = !before && tryWaitParity(&bar, 0);
  int ok = 1;
  for (int i = 0; i < 48; ++i)
    ok &= data[i] == src[i];
  r->copied = ok && data[48] == -1;
  // A pending count of 3 in a token.
  init(&three, 3);
  r->pending[0] = pendingCount(arrive(&bar) /* phase 3: pending 1 */);
  r->pending[1] = pendingCount(arrive(&three));
  // Phase 4: a multicast to rank 1 of the cluster does not reach this block
  // (rank 0): neither the copy nor its complete-tx.
  expectTx(&bar, 16);
  token = arrive(&bar);
  bulkMulticast(data + 48, src + 48, 16, &bar, 2);
  r->multicastWait = testWait(&bar, token);
  r->multicastCopied = data[48] != -1;
  // Shared to global in a bulk group, then with a byte mask (bytes 0-3 of
  // each 16: the first int of every four).
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], 64;\n\t"
               "cp.async.bulk.commit_group;\n\t"
               "cp.async.bulk.wait_group.read 0;" ::"l"(out),
               "r"(smem(data))
               : "memory");
  ok = 1;
  for (int i = 0; i < 16; ++i)
    ok &= out[i] == src[i];
  r->toGlobal = ok;
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%0], "
               "[%1], 64, %2;\n\t"
               "cp.async.bulk.commit_group;\n\t"
               "cp.async.bulk.wait_group 0;" ::"l"(out + 16),
               "r"(smem(data)), "h"((unsigned short)0x000f)
               : "memory");
  ok = 1;
  for (int i = 0; i < 16; ++i)
    ok &= out[16 + i] == (i % 4 == 0 ? src[i] : 0);
  r->masked = ok;
}

// Every thread copies its 16 bytes of the phase's slice through the barrier
// (complete_tx) and announces them (arrive.expect_tx); after the phase, every
// thread reads the whole slice. In odd phases thread 0 announces the odd
// threads' copies, which they issue after their arrival.
constexpr int Threads = 128, Phases = 6;
__global__ void block(const int4 *src, int *wrong, int *phases) {
  __shared__ int4 slice[Threads];
  __shared__ u64 bar;
  int t = threadIdx.x;
  if (t == 0)
    init(&bar, Threads);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  __syncthreads();
  int bad = 0, done = 0;
  for (int phase = 0; phase < Phases; ++phase) {
    const int4 *from = src + phase * Threads;
    if (phase % 2 == 0) {
      bulkToShared(&slice[t], &from[t], 16, &bar);
      arriveExpectTx(&bar, 16);
    } else {
      // Odd phases: even threads store their chunk and arrive; thread 0
      // also expects every odd thread's bytes, which the odd threads copy
      // after arriving.
      if (t % 2 == 0)
        slice[t] = from[t];
      if (t == 0)
        arriveExpectTx(&bar, 16 * (Threads / 2));
      else
        arrive(&bar);
      if (t % 2)
        bulkToShared(&slice[t], &from[t], 16, &bar);
    }
    while (!tryWaitParity(&bar, phase & 1)) {
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    for (int i = 0; i < Threads; ++i)
      bad += slice[i].x != from[i].x || slice[i].w != from[i].w;
    ++done;
    __syncthreads(); // nobody overwrites the slice while others read it
  }
  atomicAdd(wrong, bad);
  if (t == 0)
    *phases = done;
}

int main() {
  int *src, *out;
  Results *r;
  cudaMallocManaged(&src, 64 * sizeof(int));
  cudaMallocManaged(&out, 32 * sizeof(int));
  cudaMallocManaged(&r, sizeof(Results));
  for (int i = 0; i < 64; ++i)
    src[i] = 1000 + i;
  for (int i = 0; i < 32; ++i)
    out[i] = 0;
  sequence<<<1, 1>>>(src, out, r);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return printf("launch failed\n"), 1;
  printf("expect then complete: %d %d %d\n", r->expectThenComplete[0],
         r->expectThenComplete[1], r->expectThenComplete[2]);
  printf("complete then expect: %d %d\n", r->completeThenExpect[0],
         r->completeThenExpect[1]);
  printf("arrive.expect_tx then copy: %d copied %d\n", r->arriveExpectThenCopy,
         r->copied);
  printf("pending count %u then %u\n", r->pending[0], r->pending[1]);
  printf("multicast to rank 1 only: %d copied %d\n", r->multicastWait,
         r->multicastCopied);
  printf("to global: %d masked %d\n", r->toGlobal, r->masked);

  int4 *chunks;
  int *wrong, *phases;
  cudaMallocManaged(&chunks, Phases * Threads * sizeof(int4));
  cudaMallocManaged(&wrong, sizeof(int));
  cudaMallocManaged(&phases, sizeof(int));
  for (int i = 0; i < Phases * Threads; ++i)
    chunks[i] = make_int4(i, -i, 7 * i, i ^ 0x5a5a);
  *wrong = 0;
  block<<<2, Threads>>>(chunks, wrong, phases);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return printf("launch failed\n"), 1;
  printf("block: phases %d wrong %d\n", *phases, *wrong);
  return 0;
}
