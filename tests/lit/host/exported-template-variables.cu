// A device variable with linkonce_odr linkage in a comdat (a class
// template's static constexpr table whose address device code takes, as
// libcu++'s philox_engine::multipliers) is exported by the host code object,
// a shared object, like every device variable: it is reached through the
// GOT. A direct PC-relative reference to the preemptible symbol failed to
// link ("relocation R_X86_64_PC32 cannot be used against symbol").
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s
// CHECK: multipliers[1] = 5, offsets[0] = 7
#include <cstdio>

template <class T> struct Engine {
  static constexpr unsigned long multipliers[2] = {3, 5};
  static constexpr int offsets[1] = {7};
};

__device__ __noinline__ unsigned long pick(const unsigned long *table, int i) {
  return table[i];
}

__global__ void kernel(unsigned long *out, int i) {
  out[0] = pick(Engine<int>::multipliers, i);
  out[1] = *(volatile const int *)&Engine<long>::offsets[0];
}

int main() {
  unsigned long *out;
  cudaMallocManaged(&out, 2 * sizeof *out);
  kernel<<<1, 1>>>(out, 1);
  cudaDeviceSynchronize();
  printf("multipliers[1] = %lu, offsets[0] = %lu\n", out[0], out[1]);
  return 0;
}
