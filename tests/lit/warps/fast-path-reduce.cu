// __reduce_*_sync with the full member mask: five butterfly steps (xor 16,
// 8, 4, 2, 1) through the fast xor moves, each combined with the operation;
// a partial mask keeps the library's member-by-member path (ds_bpermute).
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s --check-prefixes=CHECK,GFX942 < %t/fast-path-reduce.gfx942.s
// RUN: FileCheck %s --check-prefixes=CHECK,GFX1100 < %t/fast-path-reduce.gfx1100.s

// CHECK-LABEL: reduce_add:
// GFX942: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
// GFX942: row_ror:8
// GFX942: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,4)
// GFX942: quad_perm:[2,3,0,1]
// GFX942: quad_perm:[1,0,3,2]
// GFX1100: v_permlanex16_b32
// GFX1100: row_xmask:8
// GFX1100: row_xmask:4
// GFX1100: row_xmask:2
// GFX1100: row_xmask:1
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void reduce_add(unsigned *p) {
  p[threadIdx.x] = __reduce_add_sync(0xffffffff, p[threadIdx.x]);
}

// CHECK-LABEL: reduce_max:
// CHECK: v_max_i32
// CHECK-NOT: ds_bpermute
// CHECK: s_endpgm
extern "C" __global__ void reduce_max(int *p) {
  p[threadIdx.x] = __reduce_max_sync(0xffffffff, p[threadIdx.x]);
}

// CHECK-LABEL: reduce_partial:
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
extern "C" __global__ void reduce_partial(unsigned *p) {
  p[threadIdx.x] = __reduce_or_sync(0x0000ffff, p[threadIdx.x]);
}
