// make_* in device code; __ldg is an invariant load from the global space.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z4makeP6float4(
// CHECK: store float 1.000000e+00, ptr %0, align 16
// CHECK: store float 2.000000e+00
// CHECK: store float 3.000000e+00
// CHECK: store float 4.000000e+00
__global__ void make(float4 *out) { out[0] = make_float4(1, 2, 3, 4); }

// CHECK-LABEL: define {{.*}}@_Z7loadingPKiPKfPK7double2Pd(
// CHECK-DAG: load i32, ptr addrspace(1) %{{.*}}, !invariant.load
// CHECK-DAG: load float, ptr addrspace(1) %{{.*}}, !invariant.load
// CHECK-DAG: load double, ptr addrspace(1) %{{.*}}, align 8, !invariant.load
// CHECK-DAG: load double, ptr addrspace(1) %{{.*}}, align 8, !invariant.load
// CHECK: ret void
__global__ void loading(const int *i, const float *f, const double2 *d,
                        double *out) {
  double2 pair = __ldg(d);
  out[0] = __ldg(i) + __ldg(f) + pair.x + pair.y;
}
