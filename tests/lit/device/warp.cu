// Warp shuffles and votes compile to NVVM's sync intrinsics with shfl.sync's
// c operand ((32 - width) << 8 | clamp).
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z8shufflesPiPf(
// CHECK: call {{.*}}i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %{{.*}}, i32 3, i32 31)
// CHECK: call {{.*}}i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %{{.*}}, i32 1, i32 0)
// CHECK: call {{.*}}i32 @llvm.nvvm.shfl.sync.down.i32(i32 65535, i32 %{{.*}}, i32 2, i32 4127)
// CHECK: call {{.*}}float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %{{.*}}, i32 4, i32 31)
__global__ void shuffles(int *i, float *f) {
  i[0] = __shfl_sync(0xffffffffu, i[0], 3);
  i[1] = __shfl_up_sync(0xffffffffu, i[1], 1);
  i[2] = __shfl_down_sync(0xffffu, i[2], 2, 16);
  f[0] = __shfl_xor_sync(0xffffffffu, f[0], 4);
}

// 64-bit values shuffle as two 32-bit halves.
// CHECK-LABEL: define {{.*}}@_Z7doublesPd(
// CHECK-COUNT-2: call {{.*}}i32 @llvm.nvvm.shfl.sync.idx.i32(
__global__ void doubles(double *d) { d[0] = __shfl_sync(0xffffffffu, d[0], 5); }

// CHECK-LABEL: define {{.*}}@_Z5votesPj(
// CHECK: call {{.*}}i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1
// CHECK: call {{.*}}i1 @llvm.nvvm.vote.all.sync(i32 -1, i1
// CHECK: call {{.*}}i1 @llvm.nvvm.vote.any.sync(i32 -1, i1
// CHECK: call {{.*}}i32 @llvm.nvvm.activemask()
// CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
__global__ void votes(unsigned *v) {
  v[0] = __ballot_sync(0xffffffffu, v[0] > 3);
  v[1] = __all_sync(0xffffffffu, v[1]);
  v[2] = __any_sync(0xffffffffu, v[2]);
  v[3] = __activemask();
  __syncwarp();
}
