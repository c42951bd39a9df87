// Vector add: the smallest complete CUDA program.
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  std::printf("%s: %s (%s)\n", what, cudaGetErrorName(err), cudaGetErrorString(err));
  return 1;
}

int main() {
  const int n = 1 << 20;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
  }
  float *da, *db, *dc;
  if (check(cudaMalloc(&da, n * sizeof(float)), "cudaMalloc"))
    return 2;
  cudaMalloc(&db, n * sizeof(float));
  cudaMalloc(&dc, n * sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  vectorAdd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  if (check(cudaGetLastError(), "launch") || check(cudaDeviceSynchronize(), "sync"))
    return 1;
  cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (c[i] != 3.0f * float(i)) {
      std::printf("FAILED at %d: %f\n", i, c[i]);
      return 1;
    }
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  std::printf("vector_add: PASSED\n");
  return 0;
}
