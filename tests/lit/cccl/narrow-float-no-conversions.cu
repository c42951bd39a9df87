// libcu++'s tests turn off the implicit conversions of the narrow float
// types (test/support/disable_nvfp_conversions_and_operators.h defines
// __CUDA_NO_HALF_CONVERSIONS__, __CUDA_NO_BFLOAT16_CONVERSIONS__, the FP8,
// FP6 and FP4 ones and the operators' switches) before every CUDA header, so
// that libcu++ converts only through the named functions. The headers must
// compile so and convert among themselves with those functions: E8M0's
// `operator __half` used `__half(float)`, which is gone then ("no matching
// conversion for functional-style cast from 'float' to '__half'").
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: e8m0 2^3 as half: 8
// CHECK: e8m0 2^3 as half in a kernel: 8
#define __CUDA_NO_FP4_CONVERSIONS__ 1
#define __CUDA_NO_FP4_CONVERSION_OPERATORS__ 1
#define __CUDA_NO_FP6_CONVERSIONS__ 1
#define __CUDA_NO_FP6_CONVERSION_OPERATORS__ 1
#define __CUDA_NO_FP8_CONVERSIONS__ 1
#define __CUDA_NO_FP8_CONVERSION_OPERATORS__ 1
#define __CUDA_NO_HALF_CONVERSIONS__ 1
#define __CUDA_NO_HALF_OPERATORS__ 1
#define __CUDA_NO_HALF2_OPERATORS__ 1
#define __CUDA_NO_BFLOAT16_CONVERSIONS__ 1
#define __CUDA_NO_BFLOAT16_OPERATORS__ 1
#define __CUDA_NO_BFLOAT162_OPERATORS__ 1
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

__host__ __device__ float eight() {
  __nv_fp8_e8m0 e;
  e.__x = 127 + 3;
  return __half2float(static_cast<__half>(e));
}

__global__ void kernel(float *out) { *out = eight(); }

int main() {
  printf("e8m0 2^3 as half: %g\n", eight());
  float *out;
  cudaMallocManaged(&out, sizeof *out);
  kernel<<<1, 1>>>(out);
  cudaDeviceSynchronize();
  printf("e8m0 2^3 as half in a kernel: %g\n", *out);
  return 0;
}
