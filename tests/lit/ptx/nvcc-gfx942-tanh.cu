// tanh.approx (f32 and f16x2) and __builtin_tanhf/__builtin_sinh compile for
// gfx942: the lowering replaces llvm.tanh/llvm.sinh, which the back end has
// no instruction or libcall for, with ocml's functions from the device
// library.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c -O2 %s -o %t/f.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/nvcc-gfx942-tanh.gfx942.s

// CHECK-LABEL: _Z6approxPKfPf:
// CHECK: v_exp_f32
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
__global__ void approx(const float *in, float *out) {
  float r;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(in[threadIdx.x]));
  out[threadIdx.x] = r;
}
// CHECK-LABEL: _Z4halfPKjPj:
// CHECK: v_exp_f32
// CHECK: s_endpgm
__global__ void half(const unsigned *in, unsigned *out) {
  unsigned r;
  asm("tanh.approx.f16x2 %0, %1;" : "=r"(r) : "r"(in[threadIdx.x]));
  out[threadIdx.x] = r;
}
// CHECK-LABEL: _Z7builtinPKdPd:
// CHECK: v_exp_f32
// CHECK: s_endpgm
__global__ void builtin(const double *in, double *out) {
  out[threadIdx.x] = __builtin_tanhf((float)in[threadIdx.x]) +
                     __builtin_sinh(in[threadIdx.x]);
}
