// threadIdx, blockIdx, blockDim, gridDim read the PTX special registers;
// warpSize is Rubicon's logical warp size.
// RUN: %cuda_device_ir %s | FileCheck %s

// CHECK-LABEL: define {{.*}}@_Z7indicesPj(
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.y()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.z()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
// CHECK-DAG: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
// CHECK: ret void
__global__ void indices(unsigned *out) {
  out[0] = threadIdx.x;
  out[1] = threadIdx.y;
  out[2] = threadIdx.z;
  out[3] = blockIdx.x;
  out[4] = blockIdx.y;
  out[5] = blockIdx.z;
  out[6] = blockDim.x;
  out[7] = blockDim.y;
  out[8] = blockDim.z;
  out[9] = gridDim.x;
  out[10] = gridDim.y;
  out[11] = gridDim.z;
}

// Conversions to uint3 and dim3 read all three registers.
// CHECK-LABEL: define {{.*}}@_Z11conversionsPj(
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.z()
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
__global__ void conversions(unsigned *out) {
  uint3 thread = threadIdx;
  dim3 block = blockDim;
  out[0] = thread.z + block.y;
}

// blockDim and gridDim are dim3 in CUDA, so they convert to uint3 as well
// (one conversion: libcu++'s hierarchy tests pass gridDim for a uint3), and
// dim3 is still chosen where both fit.
// CHECK-LABEL: define {{.*}}@_Z11dim3ToUint3Pj(
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
// CHECK: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
__device__ unsigned takesUint3(const uint3 v) { return v.z; }
__device__ unsigned takesDim3(const dim3 v) { return v.x; }
__global__ void dim3ToUint3(unsigned *out) {
  out[0] = takesUint3(gridDim);
  out[1] = takesDim3(blockDim);
  dim3 copy(gridDim), list{blockDim};
  uint3 u = blockDim;
  out[2] = copy.y + list.z + u.x;
}

// CHECK-LABEL: define {{.*}}@_Z9warpSizeIPi(
// CHECK: store i32 32,
__global__ void warpSizeI(int *out) { out[0] = warpSize; }
