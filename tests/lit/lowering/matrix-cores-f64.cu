// f64 m8n8k4 on CDNA2 and later (docs/matrix-cores.md, "f64 on MFMA"): a
// wmma product with double fragments and a PTX mma.sync m8n8k4 f64 are one
// v_mfma_f64_16x16x4_f64 for both logical warps of a wavefront when the
// whole wavefront runs the product (the ballot becomes a compare of EXEC
// with -1; LLVM may place either block after s_endpgm), with two
// ds_bpermute per 64-bit operand move (A, B, two for C, two for D: 12) and
// DPP row_ror:8 for the C and D registers 2, 3; the generic path (fma, 24
// ds_bpermute) stays for the other case. The same on
// gfx950 and gfx90a (where it is spelt v_mfma_f64_16x16x4f64); gfx908 has
// no f64 MFMA. `-v` names the path.
// REQUIRES: target-gfx942, target-gfx950, target-gfx90a
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck %s
// RUN: nvcc -c -O2 --amdgpu-arch=gfx950 %s -o k950.o
// RUN: cuobjdump -xelf all k950.o
// RUN: llvm-objdump -d --no-show-raw-insn k950.1.gfx950.elf | FileCheck %s
// RUN: nvcc -c -O2 --amdgpu-arch=gfx90a %s -o k90a.o
// RUN: cuobjdump -xelf all k90a.o
// RUN: llvm-objdump -d --no-show-raw-insn k90a.1.gfx90a.elf | FileCheck %s

// NOTES-DAG: rubicon: gfx942: kernel 'wmma_f64(double const*, double*)': wmma.mma.m8n8k4.f64.f64.f64.f64: matrix cores (1 x v_mfma_f64_16x16x4_f64)
// NOTES-DAG: rubicon: gfx942: kernel 'mma_f64(double const*, double*)': mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: matrix cores (1 x v_mfma_f64_16x16x4_f64)

#include <mma.h>
using namespace nvcuda;

// CHECK-LABEL: <_Z8wmma_f64PKdPd>:
// CHECK: s_cmp_lg_u64 exec, -1
// CHECK-DAG: v_mfma_f64_16x16x4{{_?}}f64
// CHECK-DAG: row_ror:8
// CHECK-DAG: v_fma{{c?}}_f64
__global__ void wmma_f64(const double *in, double *out) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
  wmma::load_matrix_sync(a, in, 4);
  wmma::load_matrix_sync(b, in + 32, 4);
  wmma::load_matrix_sync(c, in + 64, 8, wmma::mem_row_major);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(out, c, 8, wmma::mem_row_major);
}

// CHECK-LABEL: <_Z7mma_f64PKdPd>:
// CHECK: s_cmp_lg_u64 exec, -1
// CHECK-DAG: v_mfma_f64_16x16x4{{_?}}f64
// CHECK-DAG: row_ror:8
// CHECK-DAG: v_fma{{c?}}_f64
__global__ void mma_f64(const double *in, double *out) {
  double a = in[threadIdx.x], b = in[64 + threadIdx.x];
  double d0 = in[128 + threadIdx.x], d1 = in[192 + threadIdx.x];
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
               "{%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d0), "+d"(d1)
               : "d"(a), "d"(b));
  out[threadIdx.x * 2] = d0;
  out[threadIdx.x * 2 + 1] = d1;
}
