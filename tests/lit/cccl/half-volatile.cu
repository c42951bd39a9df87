// __half and __nv_bfloat16 read from and written to volatile objects, as
// libcu++'s complex<__half>::real() const volatile and Thrust's reductions
// through volatile memory do: CUDA's types convert through their raw
// structs (operator __half_raw() const volatile, volatile assignments).
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc --amdgpu-arch=host -c %s -o %t-host.o
#include <cuda_bf16.h>
#include <cuda_fp16.h>

template <typename T, typename T2> struct Pair {
  T2 repr;
  __host__ __device__ T real() const volatile { return repr.x; }
  __host__ __device__ void set(T v) volatile { repr.y = v; }
};

__global__ void kernel(__half *h, __nv_bfloat16 *b) {
  __shared__ volatile __half vh[2];
  __shared__ volatile __nv_bfloat16 vb[2];
  vh[threadIdx.x] = __half_raw{0x3c00};
  vb[threadIdx.x] = __nv_bfloat16_raw{0x3f80};
  __half_raw raw = vh[threadIdx.x ^ 1];
  h[threadIdx.x] = __half(raw);
  b[threadIdx.x] = vb[threadIdx.x ^ 1];
  volatile Pair<__half, __half2> p{};
  p.set(h[0]);
  h[1] = p.real();
}
