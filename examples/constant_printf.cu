// __constant__ memory filled from the host, a __device__ counter, and device printf.
#include <cassert>
#include <cmath>
#include <cstdio>

__constant__ float coefficients[4];
__device__ unsigned launches;

__global__ void polynomial(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    atomicAdd(&launches, 1u);
    printf("polynomial: block %d of %d, %d threads, c0=%f\n", blockIdx.x, gridDim.x,
           blockDim.x, coefficients[0]);
  }
  if (i < n) {
    float v = x[i];
    y[i] = coefficients[0] + v * (coefficients[1] + v * (coefficients[2] + v * coefficients[3]));
    assert(y[i] == y[i]);
  }
}

int main() {
  const int n = 1024;
  const float c[4] = {1.0f, 0.5f, 0.25f, 0.125f};
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i)
    hx[i] = float(i) / n;
  cudaError_t err = cudaMemcpyToSymbol(coefficients, c, sizeof(c));
  if (err != cudaSuccess) {
    std::printf("cudaMemcpyToSymbol: %s (%s)\n", cudaGetErrorName(err), cudaGetErrorString(err));
    return 2;
  }
  float *x, *y;
  cudaMalloc(&x, sizeof(hx));
  cudaMalloc(&y, sizeof(hy));
  cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
  polynomial<<<n / 128, 128>>>(x, y, n);
  cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost);
  unsigned count = 0;
  cudaMemcpyFromSymbol(&count, launches, sizeof(count));
  for (int i = 0; i < n; ++i) {
    float v = hx[i];
    float expect = c[0] + v * (c[1] + v * (c[2] + v * c[3]));
    // Device code fuses multiply-adds (nvcc's -fmad=true, as a GPU does);
    // the host compiler may not: the last bit can differ.
    if (std::fabs(hy[i] - expect) > 1e-6f * std::fabs(expect)) {
      std::printf("FAILED at %d\n", i);
      return 1;
    }
  }
  std::printf("constant_printf: %u launch(es), PASSED\n", count);
  return 0;
}
