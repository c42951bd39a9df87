// rubicon-host-warp-lockstep puts a lockstep point before and after every
// volatile store to shared memory; in a thread loop each is a round over the
// block's threads. A point with a block-wide barrier beside it, and no access
// to memory other threads reach between them, orders nothing the barrier
// does not, so the thread-loop copy drops it (cuda-samples' scan: the store
// after each step's second barrier). Points with such an access between them
// and the barrier stay.
// (tests/e2e/host/thread-loops-lockstep-barriers.test runs such a scan.)
// RUN: nvcc -c -O2 --amdgpu-arch=host %s -o %t.o -v 2>&1 | FileCheck %s

// Three barriers, and the point between the load of in[] and the first
// store: four splits. The other three points sit beside a barrier.
// CHECK: rubicon: host: kernel '_Z5stepsPKjPj': thread-loop, 5 regions between barriers and warp operations
__global__ void steps(const unsigned *in, unsigned *out) {
  volatile __shared__ unsigned s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  unsigned t = s[tid] + s[tid ^ 1];
  __syncthreads();
  s[tid] = t;
  __syncthreads();
  out[tid] = s[tid ^ 2];
}

// Without barriers every point stays: warp-synchronous code between them.
// CHECK: rubicon: host: kernel '_Z4warpPj': thread-loop, 5 regions between barriers and warp operations
__global__ void warp(unsigned *out) {
  volatile __shared__ unsigned s[64];
  unsigned tid = threadIdx.x;
  s[tid] = tid;
  s[tid] += s[tid ^ 1];
  out[tid] = s[tid ^ 2];
}
