// What CUDA's headers bring along, which programs rely on without including
// it themselves: <limits.h> from the runtime (volumeFiltering uses UINT_MAX,
// conjugateGradientMultiDeviceCG INT_MAX), and the whole C++ runtime from
// curand.h (randomFog includes only curand.h, and the samples' helper_cuda.h
// defines findCudaDevice only when __CUDA_RUNTIME_H__ is defined).
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include -DRUNTIME %s
// RUN: c++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include -DRUNTIME %s
// RUN: c++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include -DCURAND %s
// RUN: clang -x c -std=c99 -fsyntax-only -Wall -Werror -I%rubicon_include -DCURAND %s

#ifdef RUNTIME
#include <cuda_runtime_api.h>
unsigned Largest = UINT_MAX;
int LargestSigned = INT_MAX;
#endif

#ifdef CURAND
#include <curand.h>
#ifndef __CUDA_RUNTIME_H__
#error "curand.h does not bring cuda_runtime.h"
#endif
#ifdef __cplusplus
// The runtime's C++ templates come along.
int allocate() {
  float *P = nullptr;
  return cudaMalloc(&P, 16) + static_cast<int>(INT_MAX - INT_MAX);
}
#endif
#endif
