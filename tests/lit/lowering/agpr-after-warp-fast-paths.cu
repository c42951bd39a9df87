// A kernel that calls a warp shuffle and uses MFMA keeps its accumulators
// in VGPRs: runWarpFastPaths runs the AMDGPU attributor again once the
// shuffle entry points (opaque calls through -O<n>) are inlined, so the
// kernel gets "amdgpu-agpr-alloc"="0" and the "amdgpu-no-*" attributes the
// kernel without the shuffle has (lowering/WarpFastPaths.h).
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -w -keep --amdgpu-arch=gfx942 %s -o k.o
// RUN: FileCheck --check-prefix=ASM %s < agpr-after-warp-fast-paths.gfx942.s
// RUN: FileCheck --check-prefix=IR %s < agpr-after-warp-fast-paths.gfx942.ll

#include <mma.h>
using namespace nvcuda;

// ASM-LABEL: _Z8shuffledPK6__halfS1_Pfi:
// ASM-NOT: v_accvgpr
// ASM: v_mfma_f32_4x4x4_16b_f16 v[{{[0-9]+:[0-9]+}}]
// ASM-NOT: v_accvgpr
// ASM: s_endpgm
// ASM: .agpr_count: 0{{$}}
// ASM: .name: _Z8shuffledPK6__halfS1_Pfi
// IR: define {{.*}} @_Z8shuffledPK6__halfS1_Pfi({{.*}}) {{.*}}[[ATTR:#[0-9]+]] {
// IR: attributes [[ATTR]] = { {{.*}}"amdgpu-agpr-alloc"="0"{{.*}}"amdgpu-no-dispatch-ptr"
__global__ void shuffled(const half *a, const half *b, float *c, int unused) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  // Element-wise work on the result in VALU, with a shuffle.
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] = fc.x[i] * 2.0f + __shfl_xor_sync(0xffffffff, fc.x[i], 1);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
