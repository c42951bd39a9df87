// The toolkit headers CUDA programs include by name exist and are valid C
// (and C++ for the host compiler).
// RUN: clang -std=c99 -fsyntax-only -Wall -Werror -I%rubicon_include %s
// RUN: clang++ -x c++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include %s

#include <builtin_types.h>
#include <channel_descriptor.h>
#include <common_functions.h>
#include <cuComplex.h>
#include <cudaProfiler.h>
#include <cuda_profiler_api.h>
#include <cuda_stdint.h>
#include <device_double_functions.h>
#include <device_types.h>
#include <driver_functions.h>
#include <host_config.h>
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCuda.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <sm_20_intrinsics.h>
#include <sm_35_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <surface_indirect_functions.h>
#include <texture_indirect_functions.h>

int main(void) {
  struct cudaExtent E = make_cudaExtent(1, 2, 3);
  struct cudaPitchedPtr P = make_cudaPitchedPtr(0, 256, 100, 5);
  cuFloatComplex Z = cuCmulf(make_cuFloatComplex(1, 2), make_cuComplex(3, 4));
  enum cudaRoundMode Mode = cudaRoundZero;
  nvtxRangePushA("range");
  nvtxRangePop();
  (void)E;
  (void)P;
  (void)Mode;
  return cuCrealf(Z) == -5.0f && cudaProfilerStart() == cudaSuccess ? 0 : 1;
}
