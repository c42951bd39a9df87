// Rodinia hybridsort's thread-tag histogram: store a tagged count to shared
// memory and re-read until the tag is one's own. Lanes of the two logical
// warps of a wavefront write the same tags at once.
// RUN: nvcc -c %s -o %t.o -v 2>&1 | FileCheck %s --implicit-check-not=warning:

#define TAG_SHIFT 27
__global__ void histogram(const unsigned *keys, unsigned *counts, int n) {
  __shared__ volatile unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  const unsigned tag = threadIdx.x << TAG_SHIFT;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    unsigned bin = keys[i] & 255;
    unsigned count;
    do {
      count = bins[bin] & 0x07FFFFFFu;
      count = tag | (count + 1);
      bins[bin] = count;
      // CHECK: diag-lockstep-histogram.cu:[[@LINE+1]]:{{[0-9]+}}: warning: loop stores to shared memory and re-reads it until it sees its own value: {{.*}} [-Wwarp-size-lockstep]
    } while (bins[bin] != count);
  }
  __syncthreads();
  atomicAdd(&counts[threadIdx.x], bins[threadIdx.x] & 0x07FFFFFFu);
}
// CHECK: note: to make it portable, use atomicAdd
// CHECK: rubicon: warp size: kernel '_Z9histogramPKjPji': assumes 32-lane warps
