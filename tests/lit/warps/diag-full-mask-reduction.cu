// A warp reduction written for 32-lane warps: 0xffffffff, offsets from 16, a
// per-warp shared array of 32. Each hard-coded spelling is one warning at
// its source line, with the fix as a note; the kernel's verdict says it.
// RUN: nvcc -c %s -o %t.o -v 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: nvcc -c %s -o %t.o -Wno-warp-size 2>&1 | count 0
// RUN: nvcc -c %s -o %t.o -w 2>&1 | count 0
// RUN: nvcc -c %s -o %t.o -Wno-warp-size-mask -Wno-warp-size-shuffle \
// RUN:   -Xcompiler -Wno-warp-size-lane 2>&1 | FileCheck %s --check-prefix=SOME
// RUN: nvcc -c %s -o %t.o -Wno-warp-size-bogus 2>&1 | FileCheck %s --check-prefix=BOGUS

__global__ void warpReduce(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    // CHECK: diag-full-mask-reduction.cu:[[@LINE+4]]:10: warning: full warp mask 0xffffffff names 32 lanes: it assumes 32-lane warps (under --rubicon-native-wave64 it leaves out lanes 32-63) [-Wwarp-size-mask]
    // CHECK: note: to make it portable, derive the mask from warpSize
    // CHECK: diag-full-mask-reduction.cu:[[@LINE+2]]:10: warning: shuffle offset 16 starts a reduction over 32 lanes: it assumes 32-lane warps [-Wwarp-size-shuffle]
    // CHECK: note: to make it portable, start butterfly and shift loops at warpSize / 2
    v += __shfl_down_sync(0xffffffff, v, offset);
  // CHECK: diag-full-mask-reduction.cu:[[@LINE+1]]:26: warning: warp number computed as 'threadIdx / 32' assumes 32-lane warps [-Wwarp-size-lane]
  int warp = threadIdx.x / 32;
  __shared__ float partial[32];
  if (__activemask() & 1)
    // CHECK: diag-full-mask-reduction.cu:[[@LINE+2]]:5: warning: shared array 'warpReduce(float const*, float*)::partial' has 32 elements indexed by warp or lane number: it assumes 32-lane warps [-Wwarp-size-shared-array]
    // SOME: diag-full-mask-reduction.cu:[[@LINE+1]]:5: warning: {{.*}}[-Wwarp-size-shared-array]
    partial[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}
// CHECK: rubicon: warp size: kernel '_Z10warpReducePKfPf': assumes 32-lane warps
// SOME-NOT: warning:
// BOGUS: nvcc warning : unknown warning option '-Wno-warp-size-bogus'
