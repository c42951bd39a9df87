// The host device library's math wrappers are compiled without errno and
// without -ffreestanding (runtime-shim/device/CMakeLists.txt), so once they
// are inlined into a kernel LLVM knows the libm functions they call: calls
// on constants fold, a call every thread makes on the same value is made once
// per block before the loop over its threads, and that loop is vectorized.
// RUN: rm -rf %t && mkdir -p %t
// At baseline x86-64, four floats a vector (docs/host-target.md, "CPU level").
// RUN: env RUBICON_HOST_CPU=x86-64 nvcc -c -O3 --amdgpu-arch=host %s -o %t/m.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/host-math-builtins.host.ll
// RUN: FileCheck %s --check-prefix=FOLDED < %t/host-math-builtins.host.ll

// Rodinia backprop's reduction steps: log2f(16) and __powf(2, i) fold.
// FOLDED-NOT: @log2f
// FOLDED-NOT: @exp2f
// FOLDED-NOT: @llvm.ldexp
__global__ void levels(float *data) {
  for (int i = 1; i <= __log2f(16); i++) {
    int step = __powf(2, i);
    if (threadIdx.x % step == 0)
      data[threadIdx.x] += 1.0f;
  }
}

// CHECK-LABEL: define void @__rubicon_host_block__Z6scaledPff(
// CHECK: [[SIN:%.*]] = tail call {{.*}}float @llvm.sin.f32(float
// CHECK-NOT: @llvm.sin.f32
// CHECK: insertelement <4 x float> poison, float [[SIN]]
// CHECK-NOT: @llvm.sin.f32
// CHECK: load <4 x float>
// CHECK-NOT: @llvm.sin.f32
// CHECK: fmul contract <4 x float>
// CHECK-NOT: @llvm.sin.f32
// CHECK: ret void
__global__ void scaled(float *data, float angle) {
  data[threadIdx.x] *= sinf(angle);
}
