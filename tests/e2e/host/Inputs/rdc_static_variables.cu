// static __constant__/__device__ variables used by a kernel before host code
// refers to them (binomialOptions' d_OptionData and d_CallValue).
#include <cstdio>

static __constant__ float Scale[4];
static __device__ float Result[4];

__global__ void scale() { Result[threadIdx.x] = Scale[threadIdx.x] * 2; }

int main() {
  float In[4] = {1, 2, 3, 4}, Out[4] = {};
  cudaMemcpyToSymbol(Scale, In, sizeof(In));
  scale<<<1, 4>>>();
  cudaError_t Status = cudaMemcpyFromSymbol(Out, Result, sizeof(Out));
  printf("%s: %g %g %g %g\n", cudaGetErrorName(Status), Out[0], Out[1], Out[2],
         Out[3]);
  return Status != cudaSuccess;
}
