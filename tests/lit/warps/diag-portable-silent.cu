// Warp-size-portable code: warpSize everywhere, masks derived from it. No
// warning, and the verdict says portable. A kernel without warp-level work
// says so.
// RUN: nvcc -c %s -o %t.o -v 2>&1 | FileCheck %s --implicit-check-not=warning:

__device__ float warpSum(float v) {
  const unsigned long long full = ~0ull >> (64 - warpSize);
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(full, v, offset);
  return v;
}

__global__ void portableReduce(const float *in, float *out) {
  extern __shared__ float partial[];
  float v = warpSum(in[blockIdx.x * blockDim.x + threadIdx.x]);
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  int warps = (blockDim.x + warpSize - 1) / warpSize;
  if (warp == 0) {
    v = lane < warps ? partial[lane] : 0.0f;
    v = warpSum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

__global__ void scale(float *data, float factor) {
  data[blockIdx.x * blockDim.x + threadIdx.x] *= factor;
}

// CHECK-DAG: rubicon: warp size: kernel '_Z14portableReducePKfPf': warp-size portable
// CHECK-DAG: rubicon: warp size: kernel '_Z5scalePff': no warp-level behaviour
