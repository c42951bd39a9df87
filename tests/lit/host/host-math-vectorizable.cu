// The host device library's expf/logf family is inline arithmetic
// (runtime-shim/device/host/HostMathVectorizable.cpp), not calls to the C
// library, and a guarded thread loop (`if (i < n)`) has a copy without the
// guard (rubicon-host-split-guarded-loops): so the loop over a block's
// threads is vectorized, exponential and logarithm included.
// RUN: rm -rf %t && mkdir -p %t
// At baseline x86-64 (SSE2) four threads at a time; at x86-64-v3 (AVX2)
// eight (docs/host-target.md, "CPU level").
// RUN: env RUBICON_HOST_CPU=x86-64 nvcc -c -O3 --amdgpu-arch=host %s -o %t/m.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/host-math-vectorizable.host.ll
// RUN: mkdir %t/v3 && env RUBICON_HOST_CPU=x86-64-v3 nvcc -c -O3 --amdgpu-arch=host %s -o %t/v3/m.o -keep -keep-dir %t/v3
// RUN: FileCheck %s --check-prefix=V3 < %t/v3/host-math-vectorizable.host.ll
// V3-NOT: @expf
// V3-NOT: @logf
// V3-LABEL: define void @__rubicon_host_block__Z6expLogPKfPfi(
// V3: load <8 x float>
// V3: call <8 x float> @llvm.fmuladd.v8f32(<8 x float> {{%.*}}, <8 x float> splat (float 0x3FF7154760000000), <8 x float> splat (float 0x4168000000000000))
// V3: store <8 x float>

// CHECK-NOT: @expf
// CHECK-NOT: @logf
// CHECK-NOT: @llvm.exp.
// CHECK-NOT: @llvm.log.
// CHECK-LABEL: define void @__rubicon_host_block__Z6expLogPKfPfi(
// The whole block passes the guard: the copy without it.
// CHECK: [[HOLDS:%.*]] = icmp slt i128
// CHECK: br i1 [[HOLDS]]
// expf: x log2(e) rounded to an integer with the 1.5 * 2^23 shifter, in
// float, four threads at a time.
// CHECK: [[IN:%.*]] = load <4 x float>
// CHECK-NOT: double
// CHECK: call <4 x float> @llvm.fmuladd.v4f32(<4 x float> {{%.*}}, <4 x float> splat (float 0x3FF7154760000000), <4 x float> splat (float 0x4168000000000000))
// __logf: the division of its series, vectorized too.
// CHECK-NOT: double
// CHECK: fdiv <4 x float>
// CHECK-NOT: double
// CHECK: store <4 x float>
// CHECK: ret void
__global__ void expLog(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = expf(in[i]) + __logf(in[i]);
}
