// mma.sync with integer, tf32 and f64 inputs compiles with nvcc for gfx942:
// s8 and tf32 on the matrix cores (docs/matrix-cores.md, "PTX mma.sync on
// MFMA"), f64 generic (fragment gathers with ds_bpermute, then f64 fma).
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s

// CHECK-LABEL: <_Z4int8PKjPi>:
// CHECK: ds_bpermute_b32
// CHECK: v_mfma_i32_4x4x4_16b_i8
// The .satfinite clamp: C added once, saturating.
// CHECK: v_add_i32 {{.*}} clamp
__global__ void int8(const unsigned *in, int *out) {
  unsigned a[4], b[2];
  int d[4];
  for (int i = 0; i < 4; ++i) {
    a[i] = in[threadIdx.x * 8 + i];
    d[i] = int(in[256 + threadIdx.x * 4 + i]);
  }
  b[0] = in[threadIdx.x * 8 + 4];
  b[1] = in[threadIdx.x * 8 + 5];
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// Registers loaded (the same word in every lane): no move before the MFMAs.
// CHECK-LABEL: <_Z4tf32PKjPf>:
// CHECK-NOT: ds_bpermute_b32
// CHECK: v_mfma_f32_4x4x1_16b_f32
__global__ void tf32(const unsigned *in, float *out) {
  float d[4] = {};
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(in[0]), "r"(in[1]), "r"(in[2]), "r"(in[3]), "r"(in[4]),
                 "r"(in[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// CHECK-LABEL: <_Z4dmmaPKdPd>:
// CHECK: ds_bpermute_b32
// CHECK: v_fma_f64
__global__ void dmma(const double *in, double *out) {
  double d0 = 0, d1 = 0;
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
               "{%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d0), "+d"(d1)
               : "d"(in[threadIdx.x]), "d"(in[32 + threadIdx.x]));
  out[threadIdx.x] = d0 + d1;
}
