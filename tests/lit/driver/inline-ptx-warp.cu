// Warp-level inline PTX (match, redux) reaches the same device-library
// functions as __match_any_sync and __reduce_add_sync: one lowering for both.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c %s -o warp.o
// RUN: cuobjdump -xelf all warp.o
// RUN: llvm-objdump -d warp.1.gfx942.elf | FileCheck %s
// CHECK-LABEL: <_Z8matchRedPjj>:
// (redux.sync with the full mask: the warp fast path's butterfly.)
// CHECK: ds_swizzle_b32 {{.*}}offset:swizzle(SWAP,16)
__global__ void matchRed(unsigned *out, unsigned value) {
  unsigned peers, sum;
  asm volatile("match.any.sync.b32 %0, %1, 0xffffffff;" : "=r"(peers) : "r"(value));
  asm volatile("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(sum) : "r"(value));
  out[threadIdx.x] = peers + sum;
}
