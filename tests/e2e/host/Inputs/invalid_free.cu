// cudaFree, cudaFreeHost and cuMemFree of pointers they did not allocate:
// cudaErrorInvalidValue (CUDA_ERROR_INVALID_VALUE), not the
// cudaErrorInvalidDevicePointer CUDA 10.1 deprecated; the error is not
// sticky and the memory stays usable.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

__device__ int Symbol[4];

__global__ void touch(int *P) { P[threadIdx.x] = threadIdx.x + 1; }

static void report(const char *What, cudaError_t Status) {
  std::printf("%s: %d %s\n", What, (int)Status, cudaGetErrorName(Status));
}

int main() {
  int *P = nullptr;
  if (cudaMalloc(&P, 4 * sizeof(int)) != cudaSuccess)
    return 1;
  void *SymbolAddress = nullptr;
  cudaGetSymbolAddress(&SymbolAddress, Symbol);
  report("free symbol", cudaFree(SymbolAddress));
  report("free interior", cudaFree(P + 1));
  int Local = 0;
  report("free host stack", cudaFree(&Local));
  report("free host of device", cudaFreeHost(P));
  report("last error", cudaGetLastError());
  touch<<<1, 4>>>(P);
  int Back[4] = {};
  report("copy", cudaMemcpy(Back, P, sizeof(Back), cudaMemcpyDeviceToHost));
  std::printf("values: %d %d %d %d\n", Back[0], Back[1], Back[2], Back[3]);
  report("free", cudaFree(P));
  report("free again", cudaFree(P));
  std::printf("driver free again: %d\n",
              (int)cuMemFree(reinterpret_cast<CUdeviceptr>(P)));
  return 0;
}
