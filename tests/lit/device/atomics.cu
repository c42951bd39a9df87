// Atomics: device scope is a plain (unscoped, relaxed) LLVM atomic; the
// _block and _system variants use NVVM's CTA- and system-scope intrinsics.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z6devicePiPjPyPfPdPt(
// CHECK: atomicrmw add ptr %{{.*}}, i32 1 monotonic
// CHECK: atomicrmw add ptr %{{.*}}, i32 -2 monotonic
// CHECK: atomicrmw add ptr %{{.*}}, i64 3 monotonic
// CHECK: atomicrmw fadd ptr %{{.*}}, float 1.500000e+00 monotonic
// CHECK: atomicrmw fadd ptr %{{.*}}, double 2.500000e+00 monotonic
// CHECK: atomicrmw xchg ptr %{{.*}}, i32 4 monotonic
// CHECK: atomicrmw xchg ptr %{{.*}}, i32 1065353216 monotonic
// CHECK: atomicrmw min ptr %{{.*}}, i32 5 monotonic
// CHECK: atomicrmw umax ptr %{{.*}}, i32 6 monotonic
// CHECK: atomicrmw umin ptr %{{.*}}, i64 7 monotonic
// CHECK: atomicrmw uinc_wrap ptr %{{.*}}, i32 8 monotonic
// CHECK: atomicrmw udec_wrap ptr %{{.*}}, i32 9 monotonic
// CHECK: atomicrmw and ptr %{{.*}}, i32 10 monotonic
// CHECK: atomicrmw or ptr %{{.*}}, i64 11 monotonic
// CHECK: atomicrmw xor ptr %{{.*}}, i32 12 monotonic
// CHECK: cmpxchg ptr %{{.*}}, i32 13, i32 14 monotonic monotonic
// CHECK: cmpxchg ptr %{{.*}}, i64 15, i64 16 monotonic monotonic
// CHECK: cmpxchg ptr %{{.*}}, i16 17, i16 18 monotonic monotonic
__global__ void device(int *i, unsigned *u, unsigned long long *ull, float *f,
                       double *d, unsigned short *us) {
  atomicAdd(i, 1);
  atomicSub(u, 2u);
  atomicAdd(ull, 3ull);
  atomicAdd(f, 1.5f);
  atomicAdd(d, 2.5);
  atomicExch(i, 4);
  atomicExch(f, 1.0f);
  atomicMin(i, 5);
  atomicMax(u, 6u);
  atomicMin(ull, 7ull);
  atomicInc(u, 8u);
  atomicDec(u, 9u);
  atomicAnd(i, 10);
  atomicOr(ull, 11ull);
  atomicXor(u, 12u);
  atomicCAS(i, 13, 14);
  atomicCAS(ull, 15ull, 16ull);
  atomicCAS(us, (unsigned short)17, (unsigned short)18);
}

// CHECK-LABEL: define {{.*}}@_Z6scopedPiPfPj(
// CHECK: call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %{{.*}}, i32 1)
// CHECK: call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %{{.*}}, i32 2)
// CHECK: call {{.*}}float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %{{.*}}, float 3.000000e+00)
// CHECK: call {{.*}}i32 @llvm.nvvm.atomic.inc.gen.i.sys.i32.p0(ptr %{{.*}}, i32 4)
// CHECK: call {{.*}}i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr %{{.*}}, i32 5, i32 6)
// CHECK: call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %{{.*}}, i32 -7)
__global__ void scoped(int *i, float *f, unsigned *u) {
  atomicAdd_block(i, 1);
  atomicAdd_system(i, 2);
  atomicAdd_block(f, 3.0f);
  atomicInc_system(u, 4u);
  atomicCAS_block(i, 5, 6);
  atomicSub_block(i, 7);
}
