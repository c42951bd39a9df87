// Stands in for a HIP port's program in the Rodinia harness test: the same
// kernels as examples/reduction.cu, one with a changed parameter list (as
// HIP ports that added hipLaunchParm have), plus one the CUDA side lacks.
__global__ void blockSum(const int *in, unsigned long long *total, int n,
                         int unused) {
  __shared__ unsigned long long partial[256];
  partial[threadIdx.x] = threadIdx.x < n ? in[threadIdx.x] : 0;
  __syncthreads();
  if (threadIdx.x == 0)
    for (int i = 1; i < 256; ++i)
      partial[0] += partial[i];
  if (threadIdx.x == 0)
    atomicAdd(total, partial[0] + unused);
}
__global__ void histogram(const int *in, unsigned *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i] & 15], 1u);
}
__global__ void onlyInThePort(int *p) { p[threadIdx.x] = 0; }
int main() { return 0; }
