// Video instructions with operand selectors, the scalar merge form and SIMD
// masks, and the Volta mma.sync.m8n8k4 (f16), compile with nvcc for gfx942.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s

// The merge form: a byte extracted from a, the clamped sum inserted into
// byte 1 of c (bit-field operations, no call left).
// CHECK-LABEL: <_Z5mergePKjPj>:
// CHECK: v_bfe_u32
// CHECK: global_store_dword
__global__ void merge(const unsigned *in, unsigned *out) {
  unsigned a = in[threadIdx.x], b = in[threadIdx.x + 64],
           c = in[threadIdx.x + 128], d;
  asm("vadd.u32.u32.u32.sat %0.b1, %1.b2, %2, %3;"
      : "=r"(d)
      : "r"(a), "r"(b), "r"(c));
  out[threadIdx.x] = d;
}

// SIMD with lanes picked from {b, a} and a destination mask.
// CHECK-LABEL: <_Z4simdPKjPj>:
// CHECK: v_max
// CHECK: global_store_dword
__global__ void simd(const unsigned *in, unsigned *out) {
  unsigned a = in[threadIdx.x], b = in[threadIdx.x + 64],
           c = in[threadIdx.x + 128], d;
  asm("vmax4.u32.u32.u32 %0.b31, %1.b7430, %2.b0000, %3;"
      : "=r"(d)
      : "r"(a), "r"(b), "r"(c));
  out[threadIdx.x] = d;
}

// m8n8k4: the quad pair's fragments gathered with ds_bpermute, f32 fma.
// CHECK-LABEL: <_Z5voltaPKjPf>:
// CHECK: ds_bpermute_b32
// CHECK: v_fma
// CHECK: global_store_dword
__global__ void volta(const unsigned *in, float *out) {
  unsigned a0 = in[threadIdx.x * 4], a1 = in[threadIdx.x * 4 + 1],
           b0 = in[threadIdx.x * 4 + 2], b1 = in[threadIdx.x * 4 + 3];
  float d[8];
  for (int i = 0; i < 8; ++i)
    d[i] = float(i);
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, "
               "{%0, %1, %2, %3, %4, %5, %6, %7};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
                 "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
               : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
  for (int i = 0; i < 8; ++i)
    out[threadIdx.x * 8 + i] = d[i];
}
