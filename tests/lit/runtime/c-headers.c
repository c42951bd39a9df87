// The C-level headers are valid C.
// RUN: clang -std=c99 -fsyntax-only -Wall -Werror -I%rubicon_include %s

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <crt/host_defines.h>
#include <library_types.h>

int main(void) {
  int Count = 0;
  enum cudaMemcpyKind Kind = cudaMemcpyDefault;
  cudaDataType Type = CUDA_R_32F;
  CUresult Status = cuInit(0);
  (void)Kind;
  (void)Type;
  (void)Status;
  return cudaGetDeviceCount(&Count) == cudaSuccess ? 0 : 1;
}
