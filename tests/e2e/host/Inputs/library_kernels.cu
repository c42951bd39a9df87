// Kernels of a library loaded at run time by libraries.cu
// (cudaLibraryLoadFromFile, cuLibraryLoadData, cuLinkAddFile).
extern "C" __global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

// A struct whose size (16) suggests a larger alignment than its own (8):
// CUDA's parameter buffer puts it at 24, after the int at 16.
struct Pair {
  double d;
  int i;
};

// Parameters of every alignment: offsets 0, 8, 16, 24, 48, 64.
extern "C" __global__ void mixed(char c, double d, int i, Pair p, float4 v,
                                 double *out) {
  out[0] = c;
  out[1] = d;
  out[2] = i;
  out[3] = p.d;
  out[4] = p.i;
  out[5] = v.x + v.y + v.z + v.w;
}

__device__ int counter;
extern "C" __global__ void bump(int by) { atomicAdd(&counter, by); }
