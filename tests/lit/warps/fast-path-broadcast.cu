// __shfl_sync from a constant lane (any member mask): one
// ds_swizzle in bitmask mode (and = ~(width-1), or = lane), which reads
// within each 32-lane group, i.e. within each logical warp on gfx942.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s < %t/fast-path-broadcast.gfx942.s
// RUN: FileCheck %s < %t/fast-path-broadcast.gfx1100.s

// and 0, or 5: every lane reads lane 5 of its warp (the assembler prints
// this bitmask as a broadcast within groups of 32).
// CHECK-LABEL: broadcast5:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(BROADCAST,32,5)
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void broadcast5(int *p) {
  p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], 5);
}

// Width 8, lane 3 of each 8-lane segment: and 0b11000, or 0b00011; a
// double is two 32-bit shuffles.
// CHECK-LABEL: broadcast3_width8:
// CHECK-COUNT-2: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(BROADCAST,8,3)
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void broadcast3_width8(double *p) {
  p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], 3, 8);
}

// A lane that is not a constant: ds_bpermute.
// CHECK-LABEL: variable_lane:
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ void variable_lane(int *p, int lane) {
  p[threadIdx.x] = __shfl_sync(0xffffffff, p[threadIdx.x], lane);
}
// A mask that is not constant: the same move, and 0 where lane 5 is not
// in the mask (docs/warps.md), a test of one bit.
// CHECK-LABEL: partial_mask:
// CHECK: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(BROADCAST,32,5)
// CHECK-NOT: ds_bpermute
// CHECK: v_cndmask_b32
// CHECK: s_endpgm
extern "C" __global__ void partial_mask(int *p) {
  p[threadIdx.x] = __shfl_sync(__activemask(), p[threadIdx.x], 5);
}
