// Patterns that break when two logical warps share a 64-lane wavefront:
// spin-waits on shared memory and __syncthreads() under thread-dependent
// control flow. Early returns before a barrier are fine.
// RUN: nvcc -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:

__global__ void producerConsumer(int *out) {
  __shared__ volatile int ready;
  __shared__ int value;
  if (threadIdx.x == 0)
    ready = 0;
  __syncthreads();
  if (threadIdx.x == 32) {
    value = 42;
    __threadfence_block();
    ready = 1;
  }
  // CHECK: diag-hazards.cu:[[@LINE+1]]:10: warning: spin-wait on memory written by another thread: {{.*}} [-Wwarp-size-spin-wait]
  while (ready == 0) {
  }
  out[threadIdx.x] = value;
}

__global__ void barrierPerWarp(int *out) {
  __shared__ int data[64];
  data[threadIdx.x] = threadIdx.x;
  if ((threadIdx.x / warpSize) % 2 == 0) {
    // CHECK: diag-hazards.cu:[[@LINE+1]]:5: warning: __syncthreads() under control flow that depends on the thread index: {{.*}} [-Wwarp-size-divergent-barrier]
    __syncthreads();
    out[threadIdx.x] = data[63 - threadIdx.x];
  } else {
    // CHECK: diag-hazards.cu:[[@LINE+1]]:5: warning: __syncthreads() under control flow {{.*}} [-Wwarp-size-divergent-barrier]
    __syncthreads();
    out[threadIdx.x] = -data[63 - threadIdx.x];
  }
  out[threadIdx.x] += 1;
}

__global__ void earlyReturn(const float *in, float *out, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[blockDim.x - 1 - threadIdx.x];
}

// Compare-and-swap as inline PTX (atom.cas is a cmpxchg the analysis sees).
// A lock taken with a swap from a constant waits for its holder.
__global__ void lock(int *out) {
  __shared__ int held;
  if (threadIdx.x == 0)
    held = 0;
  __syncthreads();
  unsigned at = (unsigned)__cvta_generic_to_shared(&held);
  int old;
  do {
    // CHECK: diag-hazards.cu:[[@LINE+1]]:5: warning: spin-wait on memory written by another thread: {{.*}} [-Wwarp-size-spin-wait]
    asm volatile("atom.shared.cas.b32 %0, [%1], 0, 1;"
                 : "=r"(old)
                 : "r"(at)
                 : "memory");
  } while (old != 0);
  out[threadIdx.x] = threadIdx.x;
  atomicExch(&held, 0);
}

// A compare-and-swap update loop retries only after another thread's update
// succeeded: it waits for nobody (no warning).
__global__ void update(int *out) {
  __shared__ int word;
  if (threadIdx.x == 0)
    word = 1;
  __syncthreads();
  unsigned at = (unsigned)__cvta_generic_to_shared(&word);
  int old = word, seen;
  do {
    seen = old;
    asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;"
                 : "=r"(old)
                 : "r"(at), "r"(seen), "r"(seen * 3 + 1)
                 : "memory");
  } while (old != seen);
  __syncthreads();
  out[threadIdx.x] = word;
}
