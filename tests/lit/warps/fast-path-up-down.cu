// __shfl_up_sync / __shfl_down_sync with a constant delta and the full member
// mask: DPP row_shr / row_shl within a 16-lane row (lanes whose source is
// outside keep their own value, as shfl.sync's do); with width 32 the lanes
// crossing into the other row of their warp take permlanex16 on gfx1100;
// gfx942's DPP has no cross-row move, so there width 32 keeps ds_bpermute
// (a ds_swizzle would cost the same LDS round trip plus the lane tests).
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s --check-prefixes=CHECK,GFX942 < %t/fast-path-up-down.gfx942.s
// RUN: FileCheck %s --check-prefixes=CHECK,GFX1100 < %t/fast-path-up-down.gfx1100.s

// The classic reduction loop: offsets 16, 8, 4, 2, 1 (unrolled by -O3).
// CHECK-LABEL: down_loop:
// GFX942-COUNT-5: ds_bpermute_b32
// GFX942-NOT: _dpp
// GFX1100: v_permlanex16_b32
// GFX1100: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_shl:8
// GFX1100: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_shl:1
// GFX1100-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void down_loop(float *p) {
  float v = p[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  p[threadIdx.x] = v;
}

// An inclusive scan step: up by 1 over the whole warp.
// CHECK-LABEL: up1:
// GFX942: ds_bpermute_b32
// GFX1100-DAG: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_shr:1
// GFX1100-DAG: v_permlanex16_b32
// GFX1100-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void up1(int *p) {
  p[threadIdx.x] = __shfl_up_sync(0xffffffff, p[threadIdx.x], 1);
}

// Width 16 is a DPP row: one move, no lane test.
// CHECK-LABEL: down2_width16:
// CHECK: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_shl:2
// CHECK-NOT: v_mbcnt
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void down2_width16(int *p) {
  p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 2, 16);
}

// Width 8: the move and a test of the lane's place in its segment.
// CHECK-LABEL: up3_width8:
// CHECK: v_mbcnt_lo_u32_b32
// CHECK: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_shr:3
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void up3_width8(int *p) {
  p[threadIdx.x] = __shfl_up_sync(0xffffffff, p[threadIdx.x], 3, 8);
}

// Any delta across rows: gfx1100's permlanex16 (gfx942: ds_bpermute).
// CHECK-LABEL: down3:
// GFX942: ds_bpermute_b32
// GFX1100: v_permlanex16_b32
// GFX1100-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void down3(int *p) {
  p[threadIdx.x] = __shfl_down_sync(0xffffffff, p[threadIdx.x], 3);
}
