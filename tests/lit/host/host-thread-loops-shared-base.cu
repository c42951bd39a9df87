// The address of the block's shared memory is read from the running fiber's
// ThreadContext (rubicon-host-shared-memory) with !invariant.load: the
// runtime never changes it while kernel code runs. Without it LLVM cannot
// tell the context (an address made from an integer) from the memory the
// threads store to, so a thread loop reloads it for every thread, and a
// loop whose stores might change it is not vectorized. With it the load
// leaves the loop over the threads: once per region, and both regions of
// this kernel are vectorized.
// RUN: rm -rf %t && mkdir -p %t
// At baseline x86-64, four floats a vector (docs/host-target.md, "CPU level").
// RUN: env RUBICON_HOST_CPU=x86-64 nvcc -c -O3 --amdgpu-arch=host %s -o %t/m.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/host-thread-loops-shared-base.host.ll

// CHECK-LABEL: define void @__rubicon_host_block__Z9scaleTilePKfPf(
// CHECK: switch i32
// CHECK: load ptr, ptr %{{.*}}, !invariant.load
// CHECK: load ptr, ptr %{{.*}}, !invariant.load
// CHECK-NOT: !invariant.load
// Region 0: tile[threadIdx.x] = in[i], four threads at a time.
// CHECK: load <4 x float>
// CHECK: store <4 x float>
// Region 1: out[i] = tile[threadIdx.x] * tile[blockDim.x - 1 - threadIdx.x].
// CHECK: fmul contract <4 x float>
// CHECK: store <4 x float>
__global__ void scaleTile(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[threadIdx.x] * tile[blockDim.x - 1 - threadIdx.x];
}
