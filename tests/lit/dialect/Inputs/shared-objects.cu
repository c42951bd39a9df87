// Function-scope __shared__ objects whose constructor and destructor do
// something: nvcc runs neither (storage the block's threads set up).
#include <cstdio>
#ifdef SUPPRESS
#pragma nv_diag_suppress static_var_with_dynamic_init
#endif

__device__ int ctors, dtors;

struct Counted {
  int x;
  __device__ Counted() {
    atomicAdd(&ctors, 1);
    x = -1;
  }
  __device__ ~Counted() { atomicAdd(&dtors, 1); }
};

// A defaulted constructor that runs a default member initializer: nvcc
// accepts it without a warning and does not run it either.
struct Member {
  int z = 3;
};

template <class T> __device__ int fromTemplate(int tid) {
  __shared__ T t[2];
  if (tid == 0)
    t[1].x = 7;
  __syncthreads();
  return t[1].x;
}

template <int N> __global__ void templated(int *out) {
  __shared__ Counted c;
  if (threadIdx.x == 0)
    c.x = N;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      c.x + fromTemplate<Counted>(threadIdx.x);
}

__global__ void plain(int *out) {
  __shared__ Counted c;
  __shared__ Member m;
  if (threadIdx.x == 0) {
    c.x = 40;
    m.z = blockIdx.x;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = c.x + m.z;
}

int main() {
  int *out, h[64], wrong = 0;
  cudaMalloc(&out, sizeof h);
  plain<<<2, 32>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    wrong += h[i] != 40 + i / 32;
  templated<2><<<2, 32>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; ++i)
    wrong += h[i] != 9;
  int c = -1, d = -1;
  cudaMemcpyFromSymbol(&c, ctors, sizeof c);
  cudaMemcpyFromSymbol(&d, dtors, sizeof d);
  printf("wrong=%d constructed=%d destroyed=%d\n", wrong, c, d);
  return wrong != 0;
}
