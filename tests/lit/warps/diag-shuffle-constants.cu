// Constant shuffle offsets and lanes that spell the warp size, and a scan
// loop bounded by 32.
// RUN: nvcc -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:

__global__ void constants(float *o) {
  float v = o[threadIdx.x];
  // CHECK: diag-shuffle-constants.cu:[[@LINE+1]]:8: warning: shuffle offset 16 starts a reduction over 32 lanes: it assumes 32-lane warps [-Wwarp-size-shuffle]
  v += __shfl_xor_sync(__activemask(), v, 16);
  // CHECK: diag-shuffle-constants.cu:[[@LINE+1]]:8: warning: reading lane 31 as the warp's last lane assumes 32-lane warps [-Wwarp-size-shuffle]
  v += __shfl_sync(__activemask(), v, 31);
  // Offsets below 16 say nothing about the warp size.
  v += __shfl_down_sync(__activemask(), v, 8);
  o[threadIdx.x] = v;
}

__global__ void scan(int *o) {
  int v = o[threadIdx.x];
  for (int d = 1; d < 32; d *= 2) {
    // CHECK: diag-shuffle-constants.cu:[[@LINE+1]]:13: warning: shuffle loop bounded by 32 assumes 32-lane warps [-Wwarp-size-shuffle]
    int t = __shfl_up_sync(__activemask(), v, d);
    if (threadIdx.x % warpSize >= d)
      v += t;
  }
  o[threadIdx.x] = v;
}
