// A __host__ __device__ function referring to a __host__ function (Thrust's
// reduce_n: `if (__THRUST_HAS_CUDART__) return reduce_n_impl(...)`, a branch
// the device side never takes). nvcc warns, and says nothing after
// `#pragma nv_exec_check_disable` / `#pragma hd_warning_disable`; clang
// makes it an error once the function is emitted for the device. Rubicon
// does as nvcc; a reference that reaches the code object is an error there.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: not nvcc --amdgpu-arch=host -DLIVE %s -o %t.live 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: not nvcc --amdgpu-arch=host -Werror all-warnings %s -o %t.werror 2>&1 | FileCheck %s --check-prefix=WERROR

// Only the function without a pragma is warned about (below).
// OUT: 7 7 7
// LIVE: error: undefined device function '_Z8hostOnlyv' (a host function called from device code
// WERROR: error: reference to __host__ function 'hostOnly' in __host__ __device__ function
#include <cstdio>

constexpr bool OnDevice = false;

int hostOnly() { return 7; }

#pragma nv_exec_check_disable
template <class T> __host__ __device__ int pragmaOne(T x) {
  if (OnDevice)
    return hostOnly();
  return x;
}

#pragma hd_warning_disable
template <class T> __host__ __device__ int pragmaTwo(T x) {
  if (OnDevice)
    return hostOnly();
  return x;
}

template <class T> __host__ __device__ int noPragma(T x) {
  if (OnDevice)
    // BUILD: exec-check-disable.cu:[[@LINE+1]]:5: warning: reference to __host__ function 'hostOnly' in __host__ __device__ function
    hostOnly();
#ifdef LIVE
  return hostOnly();
#endif
  return x;
}

__global__ void kernel(int *out) {
  out[0] = pragmaOne(7);
  out[1] = pragmaTwo(7);
  out[2] = noPragma(7);
}

int main() {
  int *d, h[3] = {};
  cudaMalloc(&d, sizeof h);
  kernel<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%d %d %d\n", h[0], h[1], h[2]);
  return 0;
}
