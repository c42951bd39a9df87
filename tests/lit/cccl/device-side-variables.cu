// A variable that is __device__ only in the device pass, as libcu++ writes
// its namespace-scope variables (_CCCL_GLOBAL_VARIABLE is `__device__` when
// __CUDA_ARCH__ is defined, nothing otherwise) and as its tests of
// cuda::get_device_address and cuda::is_pointer_accessible do: nvcc
// registers what the device pass defines against the host variable of the
// same name, so the symbol API finds it. Clang registers only what the host
// pass sees as __device__ (cudaErrorInvalidSymbol, 13).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: scalar 0 42
// CHECK: const 0 43
// CHECK: array 0 1337
// CHECK: ns 0 7
// CHECK: both 0 5
// CHECK: kernel 1
// CHECK: host 44
// cudaPointerGetAttributes knows a device variable's memory as device
// memory (libcu++'s get_device_address test), which cudaFree refuses.
// CHECK: attributes 0 type 2 same 1 inside 2
// CHECK: free refused 1
#include <cstdio>

#ifdef __CUDA_ARCH__
#define DEVICE_PASS_ONLY __device__
#else
#define DEVICE_PASS_ONLY
#endif

static DEVICE_PASS_ONLY int scalar = 42;
static DEVICE_PASS_ONLY const int const_scalar = 43;
DEVICE_PASS_ONLY int array[] = {42, 1337, -1};
namespace ns {
DEVICE_PASS_ONLY int in_ns = 7;
}
// __device__ on both sides: registered once, as before.
__device__ int both = 5;
// Only host code uses it: the host keeps its own value.
static int host_only = 44;

__global__ void check(int *Out) {
  // The value written with cudaMemcpyToSymbol below.
  *Out = scalar == 100 && array[1] == 1337 && ns::in_ns == 7;
}

int main() {
  void *P = nullptr;
  int I = 0;
  cudaError_t E = cudaGetSymbolAddress(&P, scalar);
  cudaMemcpy(&I, P, sizeof I, cudaMemcpyDeviceToHost);
  printf("scalar %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&I, const_scalar, sizeof I);
  printf("const %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&I, array, sizeof I, sizeof I);
  printf("array %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&I, ns::in_ns, sizeof I);
  printf("ns %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&I, both, sizeof I);
  printf("both %d %d\n", (int)E, I);
  I = 100;
  cudaMemcpyToSymbol(scalar, &I, sizeof I);
  int *D;
  cudaMalloc(&D, sizeof I);
  check<<<1, 1>>>(D);
  cudaMemcpy(&I, D, sizeof I, cudaMemcpyDeviceToHost);
  printf("kernel %d\n", I);
  printf("host %d\n", host_only);
  cudaPointerAttributes A, Inside;
  cudaGetSymbolAddress(&P, array);
  E = cudaPointerGetAttributes(&A, P);
  cudaPointerGetAttributes(&Inside, static_cast<int *>(P) + 2);
  printf("attributes %d type %d same %d inside %d\n", (int)E, (int)A.type,
         A.devicePointer == P, (int)Inside.type);
  printf("free refused %d\n", cudaFree(P) != cudaSuccess);
  return 0;
}
