// What the toolkit headers provide, as programs use it.
#include <builtin_types.h>
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <cstdio>

__global__ void divide(cuFloatComplex *Out, cuFloatComplex A,
                       cuFloatComplex B) {
  *Out = cuCdivf(A, B);
}

int main() {
  // Mixed-type host min/max as CUDA's headers declare them.
  float Ratio = 0.5f;
  printf("max: %g %g %u\n", max(Ratio * 2.0f, 1.5f), min(2.0, Ratio),
         max(3u, 7));
  // Division and magnitude without overflow of the intermediates.
  cuFloatComplex Big = make_cuFloatComplex(3e30f, 4e30f);
  printf("abs: %g\n", cuCabsf(Big));
  cuFloatComplex Q = cuCdivf(Big, make_cuFloatComplex(3e30f, 4e30f));
  printf("div: %.4f %.4f\n", cuCrealf(Q), fabsf(cuCimagf(Q)));
  cuDoubleComplex D = cuCfma(make_cuDoubleComplex(1, 2),
                             make_cuDoubleComplex(3, 4),
                             make_cuDoubleComplex(10, 20));
  printf("fma: %g %g\n", cuCreal(D), cuCimag(D));
  cuFloatComplex *Out = nullptr;
  cudaMallocManaged(&Out, sizeof(cuFloatComplex));
  divide<<<1, 1>>>(Out, make_cuFloatComplex(-5, 10),
                   make_cuFloatComplex(1, 2));
  cudaDeviceSynchronize();
  printf("device div: %g %g\n", cuCrealf(*Out), cuCimagf(*Out));
  // No NVTX tool is attached: pushes and pops are not tracked.
  printf("nvtx: %d %d\n", nvtxRangePushA("work"), nvtxRangePop());
  // The C++ template overloads of cuda_runtime.h.
  float *Pitched = nullptr;
  size_t Pitch = 0;
  float *Mapped = nullptr, *Alias = nullptr;
  printf("templates: %d %d %d\n",
         (int)cudaMallocPitch(&Pitched, &Pitch, 10 * sizeof(float), 4),
         (int)cudaHostAlloc(&Mapped, 64, cudaHostAllocMapped),
         (int)cudaHostGetDevicePointer(&Alias, Mapped, 0));
  return 0;
}
