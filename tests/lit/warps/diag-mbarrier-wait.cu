// A loop on an mbarrier's wait (what cuda::barrier's wait compiles to from
// sm_80 on) is a barrier's wait, not a spin-wait on memory: when every
// thread arrives before it waits, the phase completes whichever path a
// 64-lane wavefront runs first, so nothing is reported. A wait that only
// some threads take, on a path that depends on the thread index, while the
// others arrive on another path (one warp produces, the other consumes) is
// reported: the wavefront may run the waiting path first and never the
// arriving one.
// RUN: nvcc --amdgpu-arch=gfx942 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:

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
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];"
               : "=l"(token)
               : "r"(shared(bar))
               : "memory");
  return token;
}

__device__ bool tryWait(unsigned long long *bar, unsigned long long token) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.try_wait.shared.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(shared(bar)), "l"(token)
               : "memory");
  return done;
}

__device__ bool testWaitParity(unsigned long long *bar, unsigned parity) {
  unsigned done;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "mbarrier.test_wait.parity.shared.b64 p, [%1], %2;\n\t"
               "selp.b32 %0, 1, 0, p;\n\t}"
               : "=r"(done)
               : "r"(shared(bar)), "r"(parity)
               : "memory");
  return done;
}

// Every thread arrives, then waits: silent.
__global__ void allArriveThenWait(int *out) {
  __shared__ unsigned long long bar;
  __shared__ int data[64];
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  data[threadIdx.x] = threadIdx.x;
  unsigned long long token = arrive(&bar);
  while (!tryWait(&bar, token)) {
  }
  data[63 - threadIdx.x] += 1;
  arrive(&bar);
  while (!testWaitParity(&bar, 1)) {
  }
  out[threadIdx.x] = data[threadIdx.x];
}

// The first warp waits for what the second writes.
__global__ void producerConsumer(int *out) {
  __shared__ unsigned long long bar;
  __shared__ int value;
  if (threadIdx.x == 0)
    init(&bar, 32);
  __syncthreads();
  if (threadIdx.x >= 32) {
    value = 42;
    arrive(&bar);
  } else {
    // CHECK: diag-mbarrier-wait.cu:{{[0-9]+}}:3: warning: mbarrier wait (cuda::barrier) under control flow that depends on the thread index: {{.*}} [-Wwarp-size-divergent-barrier]
    while (!testWaitParity(&bar, 0)) {
    }
    out[threadIdx.x] = value;
  }
}
