__global__ void __launch_bounds__(1024) blockSum(float *out, const float *in) {
  __shared__ float tile[1024];
  tile[threadIdx.x] = in[blockIdx.x * 1024 + threadIdx.x];
  __syncthreads();
  for (int s = 512; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = tile[0];
}
