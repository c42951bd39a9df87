// `nvcc -v` names the path each PTX mma.sync site takes: the inline-PTX
// translation makes every mma.sync a call of a `__rubicon_mma.*` function
// naming the instruction, which rubicon-lower-matrix-ops replaces by
// matrix-core code where MatrixOps.def has it (m16n8k16 f16 on gfx942:
// docs/matrix-cores.md, "PTX mma.sync on MFMA"; f64 m8n8k4 on gfx942: one
// v_mfma_f64_16x16x4_f64 when the whole wavefront runs it, a ballot
// choosing between it and the generic path, "f64 on MFMA") and inlines
// elsewhere (the Volta shape on gfx942, everything on the host: the code
// gathers with ds_bpermute and multiplies with fma), and reports.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v --amdgpu-arch=gfx942 %s -o k.o 2>&1 | FileCheck %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck --check-prefix=ASM %s
// RUN: nvcc -c -O2 -v --amdgpu-arch=host %s -o khost.o 2>&1 | FileCheck --check-prefix=HOST %s

// CHECK-DAG: rubicon: gfx942: kernel 'f16(unsigned int const*, float*)': mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: matrix cores (4 x v_mfma_f32_4x4x4_16b_f16)
// CHECK-DAG: rubicon: gfx942: kernel 'f64(double const*, double*)': mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: matrix cores (1 x v_mfma_f64_16x16x4_f64)
// CHECK-DAG: rubicon: gfx942: kernel 'volta(unsigned int const*, float*)': mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32: generic
// HOST-DAG: rubicon: host: kernel 'f16(unsigned int const*, float*)': mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: generic
// HOST-DAG: rubicon: host: kernel 'f64(double const*, double*)': mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: generic

// ASM-LABEL: <_Z3f16PKjPf>:
// ASM-NOT: v_fma
// ASM: v_mfma_f32_4x4x4_16b_f16
// ASM-NOT: v_fma
// ASM: s_endpgm
// ASM-LABEL: <_Z3f64PKdPd>:
// ASM: s_cmp_lg_u64 {{.*}}, -1
// ASM-DAG: v_mfma_f64_16x16x4_f64
// ASM-DAG: v_fma{{c?}}_f64
// ASM: s_endpgm
__global__ void f16(const unsigned *in, float *out) {
  unsigned a[4], b[2];
  float d[4];
  for (int i = 0; i < 4; ++i) {
    a[i] = in[threadIdx.x * 8 + i];
    d[i] = float(in[256 + threadIdx.x * 4 + i]);
  }
  b[0] = in[threadIdx.x * 8 + 4];
  b[1] = in[threadIdx.x * 8 + 5];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

__global__ void f64(const double *in, double *out) {
  double a = in[threadIdx.x], b = in[32 + threadIdx.x];
  double d0 = in[64 + threadIdx.x], d1 = in[96 + threadIdx.x];
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
               "{%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d0), "+d"(d1)
               : "d"(a), "d"(b));
  out[threadIdx.x * 2] = d0;
  out[threadIdx.x * 2 + 1] = d1;
}

__global__ void volta(const unsigned *in, float *out) {
  unsigned a[2] = {in[threadIdx.x], in[32 + threadIdx.x]};
  unsigned b[2] = {in[64 + threadIdx.x], in[96 + threadIdx.x]};
  float d[8];
  for (int i = 0; i < 8; ++i)
    d[i] = 0;
  asm volatile("mma.sync.aligned.m8n8k4.row.row.f32.f16.f16.f32 "
               "{%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, "
               "{%0, %1, %2, %3, %4, %5, %6, %7};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
                 "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
               : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 8; ++i)
    out[threadIdx.x * 8 + i] = d[i];
}
