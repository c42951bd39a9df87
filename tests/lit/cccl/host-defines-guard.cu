// Code that must undo its own __host__/__device__ before the runtime headers
// tests CUDA's include guard of host_defines.h (Thrust's
// guarded_cuda_runtime_api.h): defined, the qualifiers survive.
// RUN: nvcc -c %s -o %t.o
#include <cuda_runtime.h>
#if !defined(__HOST_DEFINES_H__)
#undef __host__
#undef __device__
#endif
#include <cuda_runtime_api.h>
__host__ __device__ int twice(int x) { return 2 * x; }
__global__ void kernel(int *p) { *p = twice(*p); }
