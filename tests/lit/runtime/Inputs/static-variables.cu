// Device code of static-variables-by-name.c: global-namespace statics the
// host reads and writes through cuModuleGetGlobal by their identifiers.
static __constant__ float Scale[4];
static __device__ int Calls;
namespace inner {
static __device__ int Hidden;
}

extern "C" __global__ void apply(float *Out) {
  Out[threadIdx.x] = Scale[threadIdx.x] * 2.0f;
  if (threadIdx.x == 0)
    Calls += 1 + inner::Hidden;
}
