// lane = threadIdx.x & 31 and warp = threadIdx.x >> 5 in a kernel that
// does warp-level work.
// RUN: nvcc -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:

__global__ void laneAnd31(unsigned *out) {
  // CHECK: diag-lane-and-31.cu:[[@LINE+1]]:31: warning: lane computed as 'threadIdx & 31' assumes 32-lane warps [-Wwarp-size-lane]
  unsigned lane = threadIdx.x & 31;
  // CHECK: diag-lane-and-31.cu:[[@LINE+1]]:31: warning: warp number computed as 'threadIdx >> 5' assumes 32-lane warps [-Wwarp-size-lane]
  unsigned warp = threadIdx.x >> 5;
  // CHECK: diag-lane-and-31.cu:[[@LINE+1]]:29: warning: lane computed as 'threadIdx % 32' assumes 32-lane warps [-Wwarp-size-lane]
  int l2 = (int)threadIdx.x % 32;
  unsigned ballot = __ballot_sync(__activemask(), lane < 4);
  out[warp * 64 + lane] = ballot + l2;
}

// The same arithmetic in a kernel with no warp-level work is not a warp
// assumption (tiles of 32 are common): no warning.
__global__ void tiles(unsigned *out) {
  out[threadIdx.x & 31] = threadIdx.x >> 5;
}
