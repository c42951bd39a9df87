// What Rodinia calls that CUDA 12 removed or renamed, and how it launches:
// cudaThreadSynchronize/cudaThreadExit (15 programs), the cudaDeviceProp
// fields clockRate, deviceOverlap and computeMode, cudaMemcpyToSymbol with
// the symbol named by a string (kmeans), launches spelled `<< < >> >`
// (particlefilter), built with -arch sm_13 and -G by the test.
#include <cstdio>

__constant__ float c_clusters[4];
__device__ int d_total;

__global__ void weigh(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = c_clusters[i % 4] * i;
    atomicAdd(&d_total, i);
  }
}

int main() {
  cudaDeviceProp prop;
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    printf("no device: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
  }
  printf("clockRate>0 %d deviceOverlap %d computeMode %d warpSize %d\n",
         prop.clockRate > 0, prop.deviceOverlap, prop.computeMode,
         prop.warpSize);

  const int n = 100;
  float clusters[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  if (cudaMemcpyToSymbol("c_clusters", clusters, sizeof(clusters)) !=
      cudaSuccess) {
    printf("string-named symbol: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int zero = 0;
  cudaMemcpyToSymbol(d_total, &zero, sizeof(zero));
  float *out = nullptr;
  cudaMalloc((void **)&out, n * sizeof(float));
  weigh<< <(n + 31) / 32, 32>> >(out, n);
  cudaError_t status = cudaThreadSynchronize();
  float host[n];
  int total = -1;
  cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&total, "d_total", sizeof(total));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += host[i] != clusters[i % 4] * i;
  printf("sync %s, %d wrong, total %d (expected %d)\n",
         cudaGetErrorName(status), bad, total, n * (n - 1) / 2);
  cudaFree(out);
  printf("exit %s\n", cudaGetErrorName(cudaThreadExit()));
  return bad != 0;
}
