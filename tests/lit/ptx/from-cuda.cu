// The NVVM IR clang emits for CUDA inline asm lowers completely.
// RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version -O1 -S -emit-llvm %s -o %t.ll
// RUN: rubicon-inline-ptx %t.ll | FileCheck %s
// CHECK-NOT: call {{.*}} asm "
// CHECK: call {{.*}}@llvm.nvvm.read.ptx.sreg.tid.x

#define __device__ __attribute__((device))

__device__ unsigned lane_sum(unsigned a, unsigned b, unsigned long long w,
                             float x) {
  unsigned r, t, lo, hi;
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(t));
  asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(w));
  asm("{\n\t.reg .pred p;\n\tsetp.lt.u32 p, %1, 5;\n\t@p bra DONE%=;\n\t"
      "add.u32 %0, %0, 1;\nDONE%=:\n\t}"
      : "+r"(r)
      : "r"(a));
  asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(t) : "f"(x));
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(lo), "r"(hi), "n"(7));
  return r + t;
}
