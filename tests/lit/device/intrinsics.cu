// Fast-math, IEEE round-to-nearest, cast and integer intrinsics, min/max.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z4fastPf(
// CHECK-DAG: call {{.*}}float @__ocml_native_exp_f32(
// CHECK-DAG: call {{.*}}float @__ocml_native_log_f32(
// CHECK-DAG: call {{.*}}float @__ocml_native_sin_f32(
// CHECK-DAG: call {{.*}}float @__ocml_native_cos_f32(
// CHECK: ret void
__global__ void fast(float *x) {
  x[0] = __expf(x[0]);
  x[1] = __logf(x[1]);
  x[2] = __sinf(x[2]);
  x[3] = __cosf(x[3]);
}

// __fmul_rn and __fadd_rn must never be fused into an fma, even though the
// CUDA default contracts a * b + c.
// CHECK-LABEL: define {{.*}}@_Z7roundedPf(
// CHECK: %[[PRODUCT:.*]] = fmul float
// CHECK-NOT: contract
// CHECK: fadd float %[[PRODUCT]]
// CHECK: ret void
__global__ void rounded(float *x) { x[0] = __fadd_rn(__fmul_rn(x[0], x[1]), x[2]); }

// CHECK-LABEL: define {{.*}}@_Z10saturatingPf(
// CHECK: fcmp
// CHECK: ret void
__global__ void saturating(float *x) { x[0] = __saturatef(x[0]); }

// CHECK-LABEL: define {{.*}}@_Z7integerPiPj(
// CHECK-DAG: call {{.*}}i32 @llvm.ctlz.i32(
// CHECK-DAG: call {{.*}}i32 @llvm.ctpop.i32(
// CHECK-DAG: call {{.*}}i32 @llvm.bitreverse.i32(
// CHECK-DAG: call {{.*}}i32 @llvm.cttz.i32(
// CHECK-DAG: mul nuw i64
// CHECK-DAG: call {{.*}}i32 @llvm.smin.i32(
// CHECK-DAG: call {{.*}}i32 @llvm.umax.i32(
// CHECK: ret void
__global__ void integer(int *i, unsigned *u) {
  i[0] = __clz(i[0]);
  i[1] = __popc(u[1]);
  u[2] = __brev(u[2]);
  i[3] = __ffs(i[3]);
  u[4] = __umulhi(u[4], u[5]);
  i[5] = min(i[5], i[6]);
  u[6] = max(u[6], 7u);
}

// __clz(0) is 32 and __ffs(0) is 0 (folded by clang).
// CHECK-LABEL: define {{.*}}@_Z5edgesPi(
// CHECK: store i32 32,
// CHECK: store i32 0,
__global__ void edges(int *i) {
  i[0] = __clz(0);
  i[1] = __ffs(0);
}

// CHECK-LABEL: define {{.*}}@_Z5castsPiPf(
// CHECK: bitcast float {{.*}} to i32
// CHECK: bitcast i32 {{.*}} to float
__global__ void casts(int *i, float *f) {
  i[0] = __float_as_int(f[0] + 1.0f) + 1;
  f[1] = __int_as_float(i[1] + 1) + 1.0f;
}
