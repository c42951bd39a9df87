// rubicon-lower-matrix-ops on PTX mma.sync (docs/matrix-cores.md, "PTX
// mma.sync on MFMA"): on gfx942 an m16n8k16 f16 product is four
// v_mfma_f32_4x4x4_16b_f16, B lent to each 16-lane group by block a
// (cbsz:2 abid:a); fragments computed in registers move with 14
// ds_bpermute (2 for B, 8 for A, 4 for D) and DPP, and no fma is left.
// Fragments loaded at addresses computed from the lane are loaded in the
// block layout instead (rubicon-mma-fragment-layout, "Fragments loaded in
// the block layout"): no DPP, one ds_bpermute per source lane pattern for
// the work-item id (4 for A, 1 for B) and 4 for D. tf32 m16n8k8 is eight
// v_mfma_f32_4x4x1_16b_f32 after clearing the low 13 bits of A and B; s8
// m16n8k32 with .satfinite is eight v_mfma_i32_4x4x4_16b_i8 and a clamping
// add of C. u8 x s8 m16n8k32 (CDNA's integer MFMA is signed) is eight
// v_mfma_f32_4x4x4_16b_f16 on bytes widened to f16 (v_perm_b32 under the
// exponent of 1024, the s8 side's sign bits flipped first), its sums
// converted to s32 before C is added. `-v` names each site's path; the host
// target keeps the generic path.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 -v %s -o k.o 2>&1 | FileCheck --check-prefix=NOTES %s
// RUN: cuobjdump -xelf all k.o
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck %s
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck --check-prefix=BPERMUTE %s
// RUN: llvm-objdump -d --no-show-raw-insn k.1.gfx942.elf | FileCheck --check-prefix=TF32MASK %s
// RUN: nvcc -c -O2 -v --amdgpu-arch=host %s -o khost.o 2>&1 | FileCheck --check-prefix=HOST %s

// NOTES-DAG: rubicon: gfx942: kernel 'f16(unsigned int const*, float*)': mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: matrix cores (4 x v_mfma_f32_4x4x4_16b_f16)
// NOTES-DAG: rubicon: gfx942: kernel 'tf32(unsigned int const*, float*)': mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32: matrix cores (8 x v_mfma_f32_4x4x1_16b_f32)
// NOTES-DAG: rubicon: gfx942: kernel 's8(unsigned int const*, int*)': mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32: matrix cores (8 x v_mfma_i32_4x4x4_16b_i8)
// HOST-DAG: rubicon: host: kernel 'f16(unsigned int const*, float*)': mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: generic
// HOST-DAG: rubicon: host: kernel 's8(unsigned int const*, int*)': mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32: generic
// NOTES-DAG: rubicon: gfx942: kernel 'u8s8(unsigned int const*, int*)': mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32: matrix cores (8 x v_mfma_f32_4x4x4_16b_f16)
// HOST-DAG: rubicon: host: kernel 'u8s8(unsigned int const*, int*)': mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32: generic

// CHECK-LABEL: <_Z3f16PKjPf>:
// CHECK-NOT: v_fma
// CHECK-NOT: quad_perm
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:3
// CHECK-DAG: row_ror:8
// CHECK-NOT: v_fma
// CHECK-NOT: quad_perm
// CHECK: s_endpgm
// BPERMUTE-LABEL: <_Z3f16PKjPf>:
// BPERMUTE-COUNT-9: ds_bpermute_b32
// BPERMUTE-NOT: {{ds_|v_mfma}}
// BPERMUTE: s_endpgm
__global__ void f16(const unsigned *in, float *out) {
  const unsigned *w = in + threadIdx.x * 8;
  float d[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(w[4]),
                 "r"(w[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// CHECK-LABEL: <_Z8f16movedPKjPf>:
// CHECK-NOT: v_fma
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2{{ *//}}
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:1
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:2
// CHECK-DAG: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2 abid:3
// CHECK-DAG: quad_perm:[0,0,2,2]
// CHECK-DAG: quad_perm:[1,1,3,3]
// CHECK-DAG: row_ror:8
// CHECK-NOT: v_fma
// CHECK: s_endpgm
// BPERMUTE-LABEL: <_Z8f16movedPKjPf>:
// BPERMUTE-COUNT-14: ds_bpermute_b32
// BPERMUTE-NOT: {{ds_|v_mfma}}
// BPERMUTE: s_endpgm
__global__ void f16moved(const unsigned *in, float *out) {
  const unsigned *w = in + threadIdx.x * 8;
  unsigned r[6];
  for (int i = 0; i < 6; ++i)
    r[i] = w[i] ^ 0x80008000u; // computed: not a load
  float d[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]),
                 "r"(r[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// tf32's registers are loaded in the block layout: each of the 8 A and 2
// B block words keeps its upper 19 bits.
// TF32MASK-LABEL: <_Z4tf32PKjPf>:
// TF32MASK-COUNT-10: v_and_b32_e32 {{.*}}, 0xffffe000, v
// TF32MASK-NOT: 0xffffe000
// TF32MASK: s_endpgm
// CHECK-LABEL: <_Z4tf32PKjPf>:
// CHECK-NOT: v_fma
// CHECK-COUNT-8: v_mfma_f32_4x4x1_16b_f32 {{.*}} cbsz:2
// CHECK-NOT: v_fma
// CHECK: s_endpgm
__global__ void tf32(const unsigned *in, float *out) {
  const unsigned *w = in + threadIdx.x * 8;
  float d[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(w[4]),
                 "r"(w[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// CHECK-LABEL: <_Z2s8PKjPi>:
// CHECK-COUNT-8: v_mfma_i32_4x4x4_16b_i8 {{.*}} cbsz:2
// CHECK: v_add_i32 {{.*}} clamp
// CHECK: s_endpgm
__global__ void s8(const unsigned *in, int *out) {
  const unsigned *w = in + threadIdx.x * 8;
  int d[4] = {int(w[6]), int(w[7]), 0, 0};
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
               : "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(w[4]),
                 "r"(w[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}

// CHECK-LABEL: <_Z4u8s8PKjPi>:
// CHECK-NOT: v_dot
// CHECK-DAG: v_xor_b32_e32 {{.*}}, 0x80808080, v
// CHECK-DAG: v_perm_b32
// CHECK-DAG: v_pk_add_f16
// CHECK-COUNT-8: v_mfma_f32_4x4x4_16b_f16 {{.*}} cbsz:2
// CHECK-DAG: v_cvt_i32_f32
// CHECK-NOT: v_dot
// CHECK: s_endpgm
__global__ void u8s8(const unsigned *in, int *out) {
  const unsigned *w = in + threadIdx.x * 8;
  int d[4] = {int(w[6]), int(w[7]), 0, 0};
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
               : "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "r"(w[4]),
                 "r"(w[5]));
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = d[i];
}
