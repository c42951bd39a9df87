// A shared-space address as an integer is an offset in the block's shared
// memory, as on a GPU, where it is 32 bits wide: __cvta_generic_to_shared
// gives it, inline PTX's ld.shared/st.shared take it in a 32-bit register
// (CUTLASS-, CUB- and cp.async-style code), and __cvta_shared_to_generic
// turns it back into the pointer. On the host target a shared pointer is a
// 64-bit host address: truncating it to 32 bits faulted ("an illegal
// memory address") before rubicon-host-shared-memory rebased the integers.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: launch: no error
// CHECK-NEXT: mirrored: 0 of 64 wrong
// CHECK-NEXT: offsets below 64 KiB: yes, element 5 at 20 bytes after element 0
// CHECK-NEXT: round trip: yes
#include <cstdio>

__global__ void mirror(int *out, unsigned *offsets, int *roundTrip) {
  __shared__ int buf[64];
  unsigned mine = (unsigned)__cvta_generic_to_shared(&buf[threadIdx.x]);
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(mine), "r"(threadIdx.x * 3));
  __syncthreads();
  unsigned theirs = (unsigned)__cvta_generic_to_shared(&buf[63 - threadIdx.x]);
  int v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(theirs));
  out[threadIdx.x] = v;
  offsets[threadIdx.x] = mine;
  if (threadIdx.x == 0)
    *roundTrip = __cvta_shared_to_generic(mine) == (void *)&buf[0];
}

int main() {
  int *out, *roundTrip;
  unsigned *offsets;
  cudaMallocManaged(&out, 64 * sizeof(int));
  cudaMallocManaged(&offsets, 64 * sizeof(unsigned));
  cudaMallocManaged(&roundTrip, sizeof(int));
  mirror<<<1, 64>>>(out, offsets, roundTrip);
  cudaError_t err = cudaDeviceSynchronize();
  printf("launch: %s\n", err ? cudaGetErrorString(err) : "no error");
  int wrong = 0;
  for (int i = 0; i < 64; ++i)
    wrong += out[i] != (63 - i) * 3;
  printf("mirrored: %d of 64 wrong\n", wrong);
  printf("offsets below 64 KiB: %s, element 5 at %u bytes after element 0\n",
         offsets[63] < 65536 ? "yes" : "no", offsets[5] - offsets[0]);
  printf("round trip: %s\n", *roundTrip ? "yes" : "no");
  return 0;
}
