// A host function whose lambda captures its variables by reference (CUB's
// dispatch_reduce: `const int grid = [&] { return even_share.grid_size; }();`)
// is reached from a kernel only through a wrong-side reference (Thrust's
// reduce_n calls it in a branch the device never takes, as in Thrust's
// cuda/async_reduce example). nvcc never compiles the host function for the
// device and accepts it; clang made the capture an error ("capture host
// variable ... by reference in device or host device lambda function"). A
// lambda that device code really calls with such captures stays an error,
// with its call stack.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD --implicit-check-not=error:
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: not nvcc --amdgpu-arch=host -DDEVICE_CALLS_IT %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD

// OUT: 7
// BUILD: warning: reference to __host__ function 'hostDispatch<int>' in __host__ __device__ function
#include <cstdio>

constexpr bool OnDevice = false;

template <class F> __host__ __device__ int callIt(F f) { return f(); }

template <class F> __global__ void kernelCalling(F f) { callIt(f); }

template <class T> int hostDispatch(T x) {
  T Local = x;
  // Called here, by this host function.
  const int Doubled = [&] { return int(Local) * 2; }();
#ifdef DEVICE_CALLS_IT
  // BAD: wrong-side-lambda-capture.cu:[[@LINE+4]]:30: error: capture host variable 'Local' by reference in device or host device lambda function
  // BAD: note: called by 'callIt<(lambda at
  // BAD: note: called by 'kernelCalling<(lambda at
  // BAD: note: called by 'hostDispatch<int>'
  auto Lambda = [&] { return Local; };
  kernelCalling<<<1, 1>>>(Lambda);
#endif
  return Doubled / 2;
}

template <class T> __host__ __device__ int dispatch(T x) {
  if (OnDevice)
    return hostDispatch(x);
  return x;
}

__global__ void kernel(int *out) { *out = dispatch(7); }

int main() {
  int *d, h = 0;
  cudaMalloc(&d, sizeof h);
  kernel<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%d\n", h);
  return 0;
}
