// A block's threads meeting at a PTX mbarrier in shared memory, phase after
// phase (libcu++'s cuda::barrier<thread_scope_block> from sm_80 on): every
// thread sees what the others wrote before they arrived; a token's wait and
// a parity wait; an arrival that drops out of later phases.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942 -c %s -o %t.o
// CHECK: phases 8 wrong 0 done 1
#include <cstdio>

__device__ unsigned shared(void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void init(unsigned long long *bar, unsigned count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(shared(bar)),
               "r"(count)
               : "memory");
}

__device__ unsigned long long arrive(unsigned long long *bar) {
  unsigned long long token;
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 %0, [%1];"
               : "=l"(token)
               : "r"(shared(bar))
               : "memory");
  return token;
}

__device__ void arriveAndDrop(unsigned long long *bar) {
  asm volatile("mbarrier.arrive_drop.shared.b64 _, [%0];" ::"r"(shared(bar))
               : "memory");
}

__device__ bool tryWait(unsigned long long *bar, unsigned long long token) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(shared(bar)), "l"(token)
               : "memory");
  return done;
}

__device__ bool tryWaitParity(unsigned long long *bar, unsigned parity) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(shared(bar)), "r"(parity)
               : "memory");
  return done;
}

__device__ bool testWait(unsigned long long *bar, unsigned long long token) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.test_wait.shared.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(shared(bar)), "l"(token)
               : "memory");
  return done;
}

__global__ void phases(int *wrong, int *done) {
  __shared__ unsigned long long bar;
  __shared__ int data[64];
  int tid = threadIdx.x, n = blockDim.x;
  if (tid == 0)
    init(&bar, n);
  __syncthreads();
  unsigned parity = 0;
  for (int phase = 0; phase < 8; phase += 2) {
    data[tid] = phase * 100 + tid;
    unsigned long long token = arrive(&bar);
    while (!tryWait(&bar, token)) {
    }
    if (!testWait(&bar, token))
      atomicAdd(wrong, 1);
    int next = (tid + 1) % n;
    if (data[next] != phase * 100 + next)
      atomicAdd(wrong, 1);
    parity ^= 1;
    // Nobody writes data again before everyone has read it.
    arrive(&bar);
    while (!tryWaitParity(&bar, parity)) {
    }
    parity ^= 1;
  }
  // The last warp leaves; the others meet once more without it.
  if (tid >= n - 32) {
    arriveAndDrop(&bar);
    return;
  }
  unsigned long long token = arrive(&bar);
  while (!tryWait(&bar, token)) {
  }
  if (tid == 0)
    *done = 1;
}

int main() {
  int *d, h[2];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  phases<<<2, 64>>>(d, d + 1);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("phases 8 wrong %d done %d\n", h[0], h[1]);
  return 0;
}
