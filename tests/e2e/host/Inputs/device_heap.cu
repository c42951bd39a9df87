// Device malloc against the device heap (cudaLimitMallocHeapSize) on the
// host target: an allocation past the heap's size is null, a larger heap
// takes it, freed memory is available again.
#include <cstdio>

__global__ void allocate(size_t bytes, int *ok) {
  char *p = static_cast<char *>(malloc(bytes));
  ok[threadIdx.x] = p != nullptr;
  if (p) {
    p[0] = 1;
    p[bytes - 1] = 2;
    ok[threadIdx.x] = p[0] + p[bytes - 1] == 3;
  }
  __syncthreads();
  free(p);
}

// Allocates and frees Rounds times: only what is live counts.
__global__ void churn(size_t bytes, int rounds, int *ok) {
  int good = 0;
  for (int i = 0; i < rounds; ++i) {
    void *p = malloc(bytes);
    good += p != nullptr;
    free(p);
  }
  *ok = good;
}

static int run(size_t bytes, int threads) {
  int *ok = nullptr;
  cudaMallocManaged(&ok, threads * sizeof(int));
  allocate<<<1, threads>>>(bytes, ok);
  cudaDeviceSynchronize();
  int good = 0;
  for (int i = 0; i < threads; ++i)
    good += ok[i];
  cudaFree(ok);
  return good;
}

int main() {
  size_t limit = 0;
  cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
  printf("default heap: %zu MiB\n", limit >> 20);
  printf("16 MiB in the default heap: %d\n", run(16 << 20, 1));
  printf("set 64 MiB: %d\n",
         cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
  cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
  printf("heap: %zu MiB\n", limit >> 20);
  printf("16 MiB in 64 MiB: %d\n", run(16 << 20, 1));
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  printf("64 threads x 64 KiB in 1 MiB: at most 16: %s\n",
         run(64 << 10, 64) <= 16 ? "yes" : "no");
  int *ok = nullptr;
  cudaMallocManaged(&ok, sizeof(int));
  churn<<<1, 1>>>(512 << 10, 100, ok);
  cudaDeviceSynchronize();
  printf("100 x (512 KiB, free) in 1 MiB: %d\n", *ok);
  return 0;
}
