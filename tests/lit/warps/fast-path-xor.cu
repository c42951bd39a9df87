// __shfl_xor_sync with a constant lane mask and the full member mask takes
// no LDS round trip: on gfx942 (two 32-lane warps per wavefront) DPP
// quad_perm / row_ror / row_half_mirror / row_mirror where they equal the
// xor, else ds_swizzle's bitmask mode (xor within 32-lane groups); on
// gfx1100 DPP row_xmask and permlanex16. The lane mappings are proven equal
// to shfl.sync's in tests/unit/warpsize/WarpFastPathLanesTest.cpp.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s --check-prefixes=CHECK,GFX942 < %t/fast-path-xor.gfx942.s
// RUN: FileCheck %s --check-prefixes=CHECK,GFX1100 < %t/fast-path-xor.gfx1100.s

#define XOR_KERNEL(K)                                                          \
  extern "C" __global__ void xor##K(int *p) {                                  \
    p[threadIdx.x] = __shfl_xor_sync(0xffffffff, p[threadIdx.x], K);           \
  }

// CHECK-LABEL: xor1:
// GFX942: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
// GFX1100: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_xmask:1 row_mask:0xf bank_mask:0xf
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(1)
// CHECK-LABEL: xor2:
// GFX942: quad_perm:[2,3,0,1]
// GFX1100: row_xmask:2
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(2)
// CHECK-LABEL: xor4:
// GFX942: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// GFX1100: row_xmask:4
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(4)
// CHECK-LABEL: xor7:
// GFX942: row_half_mirror
// GFX1100: row_xmask:7
// CHECK: s_endpgm
XOR_KERNEL(7)
// CHECK-LABEL: xor8:
// GFX942: v_mov_b32_dpp {{v[0-9]+}}, {{v[0-9]+}} row_ror:8
// GFX1100: row_xmask:8
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(8)
// CHECK-LABEL: xor15:
// GFX942: row_mirror
// GFX1100: row_xmask:15
// CHECK: s_endpgm
XOR_KERNEL(15)
// CHECK-LABEL: xor16:
// GFX942: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// GFX1100: v_permlanex16_b32 {{v[0-9]+}}, {{v[0-9]+}}, {{s[0-9]+}}, 0xfedcba98
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(16)
// A xor that is not a swap of aligned blocks: still one swizzle (BITMASK_PERM).
// CHECK-LABEL: xor21:
// GFX942: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(BITMASK_PERM,"
// GFX1100: v_permlanex16_b32
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
XOR_KERNEL(21)

// float and a partial width (xor 2 within 4-lane segments).
// CHECK-LABEL: xor_float_width4:
// GFX942: quad_perm:[2,3,0,1]
// GFX1100: row_xmask:2
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void xor_float_width4(float *p) {
  p[threadIdx.x] = __shfl_xor_sync(0xffffffff, p[threadIdx.x], 2, 4);
}

// A xor reaching outside its segment (8 with width 8) reads other segments
// for some lanes only: ds_bpermute.
// CHECK-LABEL: xor_outside_segment:
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ void xor_outside_segment(int *p) {
  p[threadIdx.x] = __shfl_xor_sync(0xffffffff, p[threadIdx.x], 8, 8);
}
