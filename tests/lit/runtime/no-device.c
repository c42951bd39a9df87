// A program linked with the toolkit's libcudart.so, forced onto the HIP
// backend on a machine without an AMD GPU: every call says so, in CUDA's
// terms, and nothing is printed on stderr. With RUBICON_HIP_LIBRARY naming a
// missing file: no HIP runtime. (Without RUBICON_BACKEND=hip such a program
// runs on the host backend: kernel-less-host-fallback.c.)
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcudart -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env RUBICON_BACKEND=hip -u RUBICON_HIP_LIBRARY -u RUBICON_LOG %t 2> %t.stderr | FileCheck %s --check-prefix=DEFAULT
// The static runtime is self-contained (plus libdl, libpthread and C++):
// RUN: clang -I%rubicon_include %s %toolkit/lib64/libcudart_static.a -ldl -lpthread -lstdc++ -o %t.static
// RUN: env RUBICON_BACKEND=hip RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t.static | FileCheck %s --check-prefix=NOHIP
// RUN: count 0 < %t.stderr
// RUN: env RUBICON_BACKEND=hip RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t 2> %t.nohip.stderr | FileCheck %s --check-prefix=NOHIP
// RUN: count 0 < %t.nohip.stderr
// RUN: env RUBICON_BACKEND=hip RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so RUBICON_LOG=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=LOG
// UNSUPPORTED: amdgpu-present

#include <cuda_runtime_api.h>
#include <stdio.h>

int main(void) {
  int Count = -1;
  cudaError_t Status = cudaGetDeviceCount(&Count);
  printf("count: %s %d\n", cudaGetErrorName(Status), Count);
  printf("meaning: %s\n", cudaGetErrorString(Status));
  void *Ptr = 0;
  printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&Ptr, 16)));
  printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("cleared: %s\n", cudaGetErrorName(cudaGetLastError()));
  int Version = -1;
  cudaDriverGetVersion(&Version);
  printf("driver: %d\n", Version);
  return 0;
}

// DEFAULT: count: [[ERR:cudaErrorNoDevice|cudaErrorInsufficientDriver]] 0
// DEFAULT-NEXT: meaning: no AMD {{GPU|HIP runtime}}
// DEFAULT-NEXT: malloc: [[ERR]]
// DEFAULT-NEXT: last: [[ERR]]
// DEFAULT-NEXT: cleared: cudaSuccess

// NOHIP: count: cudaErrorInsufficientDriver 0
// NOHIP-NEXT: meaning: no AMD HIP runtime (libamdhip64) was found: install ROCm, or set RUBICON_HIP_LIBRARY
// NOHIP-NEXT: malloc: cudaErrorInsufficientDriver
// NOHIP-NEXT: last: cudaErrorInsufficientDriver
// NOHIP-NEXT: cleared: cudaSuccess
// NOHIP-NEXT: driver: 0

// LOG: rubicon: RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so cannot be loaded
