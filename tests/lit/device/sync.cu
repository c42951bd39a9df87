// Barriers, fences, clocks.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z8barriersPi(
// CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
// CHECK: call {{.*}}i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1
// CHECK: call {{.*}}i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1
// CHECK: call {{.*}}i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1
__global__ void barriers(int *p) {
  __syncthreads();
  p[0] = __syncthreads_count(p[1]);
  p[1] = __syncthreads_and(p[2]);
  p[2] = __syncthreads_or(p[3]);
}

// CHECK-LABEL: define {{.*}}@_Z6fencesv(
// CHECK: call void @llvm.nvvm.membar.cta()
// CHECK: call void @llvm.nvvm.membar.gl()
// CHECK: call void @llvm.nvvm.membar.sys()
__global__ void fences() {
  __threadfence_block();
  __threadfence();
  __threadfence_system();
}

// CHECK-LABEL: define {{.*}}@_Z6clocksPx(
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.clock()
// CHECK: call {{.*}}i64 @llvm.nvvm.read.ptx.sreg.clock64()
__global__ void clocks(long long *t) {
  t[0] = clock();
  t[1] = clock64();
}
