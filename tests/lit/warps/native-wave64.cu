// --rubicon-native-wave64: warpSize is 64 and masks are 64-bit; lanes
// 0-63 of the wavefront form one warp. Wave32 targets are refused.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/n.o --rubicon-native-wave64 -keep -keep-dir %t -v 2>&1 | FileCheck %s --check-prefix=VERDICT --implicit-check-not=warning:
// RUN: FileCheck %s < %t/native-wave64.gfx942.s
// RUN: not nvcc -c %s -o %t/n2.o --rubicon-native-wave64 --amdgpu-arch=gfx1100 2>&1 | FileCheck %s --check-prefix=WAVE32

static_assert(sizeof(__ballot_sync(0, 1)) == 8, "64-bit lane masks");

// The warp size and a full ballot over 64 lanes reach memory as constants
// and a 64-bit ballot.
// CHECK-LABEL: _Z7wave64iPiPy:
// CHECK-DAG: v_mov_b32_e32 v{{[0-9]+}}, 64
// CHECK-DAG: global_store_dwordx2
// CHECK: s_endpgm
__global__ void wave64i(int *size, unsigned long long *ballots) {
  const unsigned long long full = ~0ull >> (64 - warpSize);
  size[threadIdx.x] = warpSize;
  ballots[threadIdx.x] = __ballot_sync(full, threadIdx.x % warpSize < 40);
}
// VERDICT: rubicon: warp size: kernel '_Z7wave64iPiPy': warp-size portable
// WAVE32: nvcc fatal   : --rubicon-native-wave64 needs wave64 targets (gfx90a, gfx942, gfx950); 'gfx1100' runs 32-lane wavefronts
