// __nvvm_barrier_sync_cnt (llvm.nvvm.barrier.cta.sync.count, bar.sync a, b)
// reaches the device library's __rubicon_barrier_cta_sync_count: the block
// barrier when the count is the block's size, a trap otherwise (a subset of
// warps meeting at a named barrier has no AMD equivalent), like the
// inline-PTX `bar.sync a, b`.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s --check-prefix=GFX942
// RUN: nvcc -O2 --amdgpu-arch=host %s -o host
// RUN: ./host | FileCheck %s --check-prefix=HOST

// The count is compared with ntid.x * ntid.y * ntid.z, then the barrier; the
// trap is out of line.
// GFX942-LABEL: <_Z8exchangePij>:
// GFX942: s_mul_i32
// GFX942: s_mul_i32
// GFX942: s_cmp_eq_u32
// GFX942: s_barrier
// GFX942: s_endpgm
// GFX942: s_trap 2

// 715 is cudaErrorIllegalInstruction: the trap.
// HOST: block-size count: ok
// HOST: count 32 of 64 threads: error 715
#include <cstdio>

__global__ void exchange(int *out, unsigned count) {
  out[threadIdx.x] = threadIdx.x;
  __nvvm_barrier_sync_cnt(1, count);
  out[64 + threadIdx.x] = out[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  int *out;
  cudaMallocManaged(&out, 128 * sizeof(int));
  exchange<<<1, 64>>>(out, 64);
  cudaError_t e = cudaDeviceSynchronize();
  bool ok = e == cudaSuccess;
  for (int t = 0; t < 64 && ok; ++t)
    ok = out[64 + t] == (t + 1) % 64;
  std::printf("block-size count: %s\n", ok ? "ok" : "FAILED");
  exchange<<<1, 64>>>(out, 32);
  e = cudaDeviceSynchronize();
  std::printf("count 32 of 64 threads: error %d\n", int(e));
  return 0;
}
