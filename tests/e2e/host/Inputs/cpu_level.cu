// A thread loop of fused multiply-adds: on x86-64-v3 the host target's code
// is 8 floats wide with FMA; on baseline x86-64, SSE2 without either.
#include <cstdio>
#include <cmath>

__global__ void axpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fmaf(a, x[i], y[i]);
}

int main() {
  const int n = 1 << 16;
  float *x, *y;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&y, n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0f + i * 0x1p-20f;
    y[i] = 3.0f - i * 0x1p-19f;
  }
  axpy<<<n / 256, 256>>>(n, 1.0f / 3.0f, x, y);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float want = fmaf(1.0f / 3.0f, 1.0f + i * 0x1p-20f, 3.0f - i * 0x1p-19f);
    if (y[i] != want && bad++ < 4)
      printf("FAIL y[%d] = %a, want %a\n", i, y[i], want);
  }
  printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
