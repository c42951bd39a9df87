// Kernels loaded at run time by driver_api_modules.c (cuModuleLoad*).
extern "C" __global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

// Parameters of mixed sizes and alignments, for the `extra` buffer form.
extern "C" __global__ void axpy_mixed(char tag, double a, const double *x,
                                      double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i] + tag;
}

__device__ int counter;
extern "C" __global__ void bump(int by) { atomicAdd(&counter, by); }

__constant__ float coeffs[4];
extern "C" __global__ void poly(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = i;
  if (i < n)
    out[i] = coeffs[0] + x * (coeffs[1] + x * (coeffs[2] + x * coeffs[3]));
}

// Reverses 256 ints through static shared memory.
extern "C" __global__ void reverse256(int *data) {
  __shared__ int tile[256];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = tile[255 - threadIdx.x];
}

// A C++ kernel: found by its mangled name.
__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v + i;
}
