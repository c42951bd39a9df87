// The runtime headers compile in host-only C++ (a .cpp file of a CUDA
// program built by the host compiler), with clang and with the system's c++.
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I%rubicon_include %s
// RUN: c++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -I%rubicon_include %s
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include -DUSE_DRIVER_API %s
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include -DCUDA_API_PER_THREAD_DEFAULT_STREAM %s

#include <cuda_runtime.h>
#ifdef USE_DRIVER_API
#include <cuda.h>
#include <library_types.h>
static_assert(CUDA_VERSION == CUDART_VERSION, "driver and runtime versions");
static_assert(sizeof(CUstream) == sizeof(cudaStream_t), "shared handles");
#endif

static_assert(CUDART_VERSION == 13000, "CUDA 13.0");
static_assert(cudaErrorNoDevice == 100 && cudaErrorInsufficientDriver == 35,
              "documented error values");
static_assert(cudaDevAttrComputeCapabilityMajor == 75, "attribute numbers");

__device__ int Counter;
__constant__ float Table[8];

int useTemplates() {
  float *Device = nullptr;
  double *Pinned = nullptr;
  if (cudaMalloc(&Device, 8 * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMallocHost(&Pinned, 64);
  // The templates take any T**, const included, as CUDA's do (HSOpticalFlow
  // allocates into `const float *` pointers).
  const float *ReadOnly = nullptr;
  const int *ReadOnlyManaged = nullptr;
  cudaMalloc(&ReadOnly, 4);
  cudaMallocManaged(&ReadOnlyManaged, 4);
  float Host[8] = {};
  cudaMemcpyToSymbol(Table, Host, sizeof(Host));
  cudaMemcpyFromSymbol(Host, Table, sizeof(Host), 0, cudaMemcpyDeviceToHost);
  void *Address = nullptr;
  cudaGetSymbolAddress(&Address, Counter);
  size_t Size = 0;
  cudaGetSymbolSize(&Size, Counter);
  cudaEvent_t Event;
  cudaEventCreate(&Event, cudaEventDisableTiming);
  cudaStream_t Stream;
  cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking);
  cudaMemcpyAsync(Device, Host, sizeof(Host), cudaMemcpyHostToDevice, Stream);
  cudaStreamSynchronize(cudaStreamPerThread);
  cudaDeviceProp Prop;
  cudaGetDeviceProperties(&Prop, 0);
  int Old = Prop.clockRate + Prop.deviceOverlap + Prop.computeMode +
            Prop.memoryClockRate + Prop.kernelExecTimeoutEnabled;
  cudaThreadSynchronize();
  dim3 Grid(2, 2), Block(64);
  (void)Grid;
  (void)Block;
  float4 Vector = make_float4(1, 2, 3, 4); // vector_functions.h comes along
  Old += static_cast<int>(Vector.w);
  return Old + static_cast<int>(Size) + (cudaGetLastError() != cudaSuccess);
}
