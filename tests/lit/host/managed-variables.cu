// A __managed__ variable is one object for host and device code: host code
// reaches it through a pointer the runtime sets when it loads the code
// object (frontend/ManagedVariables.cpp). Host code read and wrote clang's
// host shadow of the variable before: it printed "0 50" and type 0
// (libcu++'s is_pointer_accessible test asks cudaPointerGetAttributes).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: before launch 1 2
// CHECK: after launch 11 50 7
// CHECK: struct 3 4
// CHECK: symbol 0 same 1 size 16
// CHECK: copy 0 11 from 0 99
// CHECK: kernel sees 99
// CHECK: attributes 0 type 3 inside 3
// CHECK: free refused 1
#include <cstdio>

__managed__ int counts[4] = {1, 2, 3, 4};
static __managed__ int total = 7;
struct Pair {
  int A, B;
};
__managed__ Pair pair = {3, 4};

__global__ void add(int *Seen) {
  counts[0] += 10;
  *Seen = counts[2];
}

int main() {
  // Read before any runtime call: the first access loads the code object.
  printf("before launch %d %d\n", counts[0], counts[1]);
  counts[1] = 50;
  int *Seen;
  cudaMallocManaged(&Seen, sizeof(int));
  add<<<1, 1>>>(Seen);
  cudaDeviceSynchronize();
  printf("after launch %d %d %d\n", counts[0], counts[1], total);
  int *PairB = &pair.B;
  printf("struct %d %d\n", pair.A, *PairB);

  void *Address = nullptr;
  size_t Size = 0;
  cudaError_t E = cudaGetSymbolAddress(&Address, counts);
  cudaGetSymbolSize(&Size, counts);
  printf("symbol %d same %d size %zu\n", (int)E, Address == (void *)counts, Size);
  int Value = 0;
  E = cudaMemcpyFromSymbol(&Value, counts, sizeof Value);
  int NewValue = 99;
  cudaError_t F = cudaMemcpyToSymbol(counts, &NewValue, sizeof NewValue, 2 * sizeof(int));
  printf("copy %d %d from %d %d\n", (int)E, Value, (int)F, counts[2]);
  add<<<1, 1>>>(Seen);
  cudaDeviceSynchronize();
  printf("kernel sees %d\n", *Seen);

  cudaPointerAttributes A, Inside;
  E = cudaPointerGetAttributes(&A, counts);
  cudaPointerGetAttributes(&Inside, &counts[3]);
  printf("attributes %d type %d inside %d\n", (int)E, (int)A.type, (int)Inside.type);
  printf("free refused %d\n", cudaFree(counts) != cudaSuccess);
  return 0;
}
