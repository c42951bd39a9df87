// Execution- and memory-space qualifiers, launch bounds, alignment.
// RUN: %cuda_device_ir %s | FileCheck %s --check-prefix=DEVICE
// RUN: %cuda_host_ir %s | FileCheck %s --check-prefix=HOST

// DEVICE-DAG: @counter = {{.*}}addrspace(1) externally_initialized global i32
// DEVICE-DAG: @table = {{.*}}addrspace(4) externally_initialized constant [4 x float]
// DEVICE-DAG: @global_value = {{.*}}addrspace(1) externally_initialized global i32
// DEVICE-DAG: @_ZZ7boundedPiiE4tile = internal {{.*}}addrspace(3) global [64 x float] undef, align 16
// __managed__ variables are marked for the driver and the runtime.
// DEVICE-DAG: @[[MANAGED:[.a-z0-9]+]] = {{.*}}c"rubicon.managed\00"
// DEVICE-DAG: @llvm.global.annotations = {{.*}} @counter to ptr), ptr @[[MANAGED]],
// HOST-DAG: @llvm.global.annotations = {{.*}}@counter
__managed__ int counter;
__constant__ float table[4];
__device__ int global_value;

// DEVICE-DAG: define {{.*}}i32 @_Z6helperi({{.*}}) {{.*}}#[[NOINLINE:[0-9]+]]
__device__ __noinline__ int helper(int x) { return x * 3; }
__device__ __forceinline__ int inlined(int x) { return x + 1; }

// DEVICE-DAG: define {{.*}}ptx_kernel void @_Z7boundedPii({{.*}}"nvvm.grid_constant"{{.*}}) {{.*}}#[[KERNEL:[0-9]+]]
// DEVICE-DAG: attributes #[[NOINLINE]] = {{.*}}noinline
// DEVICE-DAG: attributes #[[KERNEL]] = {{.*}}"nvvm.maxntid"="256" "nvvm.minctasm"="2"
// HOST-DAG: define {{.*}}@_Z22__device_stub__boundedPii(
__global__ void __launch_bounds__(256, 2)
    bounded(int *__restrict__ out, __grid_constant__ const int n) {
  __shared__ __align__(16) float tile[64];
  tile[threadIdx.x] = table[0];
  __syncthreads();
  out[0] = helper(n) + inlined(counter) + global_value + (int)tile[1];
}
