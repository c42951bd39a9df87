// Every warp-level function compiles for gfx942 (two 32-lane logical warps
// per 64-lane wavefront) and gfx1100 (wave32, native), and reaches the
// hardware's lane permute, ballot and lane count.
// REQUIRES: target-gfx942, target-gfx1100
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c %s -o %t/f.o --amdgpu-arch=gfx942,gfx1100 -keep -keep-dir %t -Wno-warp-size
// RUN: FileCheck %s --check-prefixes=CHECK,GFX942 < %t/functions-gfx942-gfx1100.gfx942.s
// RUN: FileCheck %s --check-prefixes=CHECK,GFX1100 < %t/functions-gfx942-gfx1100.gfx1100.s

// (A source lane that is not a constant: ds_bpermute; the constant
// operands below take the fast paths of fast-path-*.cu.)
template <typename T> __device__ T shuffleAll(T v, unsigned mask) {
  v = __shfl_sync(mask, v, (int)threadIdx.y);
  v = __shfl_up_sync(mask, v, 1);
  v = __shfl_down_sync(mask, v, 2, 16);
  return __shfl_xor_sync(mask, v, 4);
}

// CHECK-LABEL: _Z8shufflesPiPjPlPyPfPd:
// GFX942: v_mbcnt_lo_u32_b32
// GFX942: v_mbcnt_hi_u32_b32
// GFX1100: v_mbcnt_lo_u32_b32
// GFX1100-NOT: v_mbcnt_hi
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
__global__ void shuffles(int *i, unsigned *u, long *l, unsigned long long *ull,
                         float *f, double *d) {
  unsigned mask = __activemask();
  i[threadIdx.x] = shuffleAll(i[threadIdx.x], mask);
  u[threadIdx.x] = shuffleAll(u[threadIdx.x], mask);
  l[threadIdx.x] = shuffleAll(l[threadIdx.x], mask);
  ull[threadIdx.x] = shuffleAll(ull[threadIdx.x], mask);
  f[threadIdx.x] = shuffleAll(f[threadIdx.x], mask);
  d[threadIdx.x] = shuffleAll(d[threadIdx.x], mask);
}

// CHECK-LABEL: _Z5votesPj:
// GFX942: v_cmp_{{.*}}_e64 s[{{[0-9]+:[0-9]+}}]
// GFX1100: v_cmp_{{.*}}_e64 s{{[0-9]+}},
// CHECK: s_endpgm
__global__ void votes(unsigned *v) {
  unsigned mask = __activemask();
  unsigned x = v[threadIdx.x];
  v[threadIdx.x] = __ballot_sync(mask, x > 3) + __all_sync(mask, x) +
                   __any_sync(mask, x) + __uni_sync(mask, x & 1);
  __syncwarp(mask);
}

// CHECK-LABEL: _Z12matchReducesPjPy:
// CHECK: ds_bpermute_b32
// CHECK: s_endpgm
__global__ void matchReduces(unsigned *u, unsigned long long *ull) {
  unsigned mask = __activemask();
  int pred;
  unsigned x = u[threadIdx.x];
  u[threadIdx.x] = __match_any_sync(mask, x) + __match_all_sync(mask, x, &pred) +
                   __match_any_sync(mask, ull[threadIdx.x]) +
                   __reduce_add_sync(mask, x) + __reduce_min_sync(mask, x) +
                   __reduce_max_sync(mask, (int)x) + __reduce_and_sync(mask, x) +
                   __reduce_or_sync(mask, x) + __reduce_xor_sync(mask, x) + pred;
}
