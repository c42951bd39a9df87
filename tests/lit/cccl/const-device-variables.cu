// A namespace-scope const __device__ (or __constant__) variable that only
// host code refers to, as libcu++'s cuda::get_device_address test does:
// nvcc emits it, so cudaGetSymbolAddress and cudaMemcpyFromSymbol find it.
// Clang 22 takes it for a variable of both sides and, unless device code
// uses it, never emitted it (cudaErrorInvalidSymbol, 13).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && nvcc -c %s -o x.o -keep
// RUN: FileCheck %s --check-prefix=IR < %t.d/const-device-variables.nvvm.ll
// IR-DAG: @_ZL6scalar = {{.*}}constant i32 42
// IR-DAG: @_ZL5array = {{.*}}constant [3 x i32] [i32 42, i32 1337, i32 -1]
// IR-DAG: @_ZL6in_cst = {{.*}}constant float 2.5
// IR-DAG: @_ZL6viaref = {{.*}}constant i32 7
// IR-NOT: @_ZL6unused
// CHECK: scalar 0 42
// CHECK: array 0 1337
// CHECK: in_cst 0 2.5
// CHECK: viaref 0 7
#include <cstdio>

__device__ const int scalar = 42;
const __device__ int array[] = {42, 1337, -1};
__constant__ const float in_cst = 2.5f;
__device__ const int viaref = 7;
__device__ const int unused = 5;

template <class T> cudaError_t address(void **P, T &Object) {
  return cudaGetSymbolAddress(P, Object);
}

int main() {
  void *P = nullptr;
  int I = 0;
  float F = 0;
  cudaError_t E = cudaGetSymbolAddress(&P, scalar);
  cudaMemcpy(&I, P, sizeof I, cudaMemcpyDeviceToHost);
  printf("scalar %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&I, array, sizeof I, sizeof I);
  printf("array %d %d\n", (int)E, I);
  E = cudaMemcpyFromSymbol(&F, in_cst, sizeof F);
  printf("in_cst %d %g\n", (int)E, F);
  E = address(&P, viaref);
  cudaMemcpy(&I, P, sizeof I, cudaMemcpyDeviceToHost);
  printf("viaref %d %d\n", (int)E, I);
  return 0;
}
