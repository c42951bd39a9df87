// Packed half atomics, match.sync.all, redux.sync.f32, nanosleep and named
// barriers in inline PTX compile with nvcc for gfx942.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o 2>&1 | FileCheck --check-prefix=WARN --allow-empty %s
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s

// The lowering of redux.sync reads no constant lane (no -Wwarp-size-shuffle).
// WARN-NOT: warning

// CHECK-LABEL: <_Z6packedPjjPt>:
// CHECK-DAG: global_atomic_pk_add_f16 {{.*}} sc0
// CHECK-DAG: global_atomic_pk_add_bf16 {{.*}} offset:4
__global__ void packed(unsigned *p, unsigned v, unsigned short *h) {
  unsigned old;
  asm volatile("atom.global.add.noftz.f16x2 %0, [%1], %2;"
               : "=r"(old)
               : "l"(p), "r"(v));
  asm volatile("red.global.add.noftz.bf16x2 [%0], %1;" ::"l"(p + 1), "r"(old));
  unsigned short o;
  asm volatile("atom.global.add.noftz.f16 %0, [%1], %2;"
               : "=h"(o)
               : "l"(h), "h"((unsigned short)v));
  p[2 + threadIdx.x] = o;
}

// CHECK-LABEL: <_Z8warpSyncPjPfjj>:
// CHECK: ds_bpermute_b32
// CHECK: s_sleep 1
// CHECK-DAG: s_barrier
// CHECK-DAG: s_trap 2
__global__ void warpSync(unsigned *out, float *f, unsigned n, unsigned mask) {
  unsigned m;
  int pred;
  asm volatile("{ .reg .pred p; match.sync.all.b32 %0|p, %2, %3;\n"
               "  selp.s32 %1, 1, 0, p; }"
               : "=r"(m), "=r"(pred)
               : "r"(out[threadIdx.x]), "r"(mask));
  float r;
  asm volatile("redux.sync.max.NaN.f32 %0, %1, %2;"
               : "=f"(r)
               : "f"(f[threadIdx.x]), "r"(mask));
  asm volatile("nanosleep.u32 %0;" ::"r"(n));
  // Named barrier 1 with the block's thread count: the block barrier.
  asm volatile("bar.sync 1, %0;" ::"r"(n));
  unsigned c;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0;\n"
               "  bar.red.popc.u32 %0, 2, p; }"
               : "=r"(c)
               : "r"(m));
  out[threadIdx.x] = m + pred + c;
  f[threadIdx.x] = r;
}
