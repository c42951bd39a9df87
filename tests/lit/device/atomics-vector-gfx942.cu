// atomicAdd(float4 *) is four hardware float atomics on gfx942 (atomic per
// component, as CUDA documents); the 16-byte atomicCAS takes a spin lock
// (an atomic swap) and releases it, with no call left.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c -O2 %s -o %t/f.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/atomics-vector-gfx942.gfx942.s

// CHECK-LABEL: _Z4add4P6float4:
// CHECK: global_atomic_add_f32 {{.*}}{{$}}
// CHECK: global_atomic_add_f32 {{.*}} offset:4
// CHECK: global_atomic_add_f32 {{.*}} offset:8
// CHECK: global_atomic_add_f32 {{.*}} offset:12
__global__ void add4(float4 *f) { atomicAdd(f, make_float4(1, 2, 3, 4)); }

struct alignas(16) Pair {
  long long a, b;
};
// CHECK-LABEL: _Z5cas16P4Pair:
// CHECK: atomic_swap
// CHECK-NOT: s_swappc
// CHECK: s_endpgm
__global__ void cas16(Pair *p) {
  atomicCAS(p, Pair{0, 0}, Pair{(long long)threadIdx.x, 1});
}
