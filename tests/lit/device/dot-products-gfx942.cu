// __dp4a is gfx942's dot4 instruction (signed and unsigned); the directed
// rounding intrinsics compile to straight-line code that leaves the mode
// register alone; std::scalbln(float, long) links (scalblnf, device library).
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c -O2 %s -o %t/f.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/dot-products-gfx942.gfx942.s
#include <cmath>

// CHECK-LABEL: _Z4dp4aPKiPi:
// CHECK: v_dot4{{c?}}_i32_i8
__global__ void dp4a(const int *in, int *out) {
  out[threadIdx.x] =
      __dp4a(in[threadIdx.x], in[threadIdx.x + 64], in[threadIdx.x + 128]);
}
// CHECK-LABEL: _Z5udp4aPKjPj:
// CHECK: v_dot4_u32_u8
__global__ void udp4a(const unsigned *in, unsigned *out) {
  out[threadIdx.x] =
      __dp4a(in[threadIdx.x], in[threadIdx.x + 64], in[threadIdx.x + 128]);
}
// CHECK-LABEL: _Z8directedPKdPd:
// CHECK-NOT: s_setreg
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
__global__ void directed(const double *in, double *out) {
  double a = in[threadIdx.x], b = in[threadIdx.x + 64];
  out[threadIdx.x] = __dadd_rd(a, b) + __dmul_ru(a, b) + __ddiv_rz(a, b) +
                     __fma_rd(a, b, a) + __fadd_ru(a, b) + __dsqrt_rd(a);
}
// CHECK-LABEL: _Z7scalblnPf:
// CHECK: v_ldexp_f32
__global__ void scalbln(float *f) {
  f[threadIdx.x] = std::scalbln(f[threadIdx.x], (long)threadIdx.x);
}
