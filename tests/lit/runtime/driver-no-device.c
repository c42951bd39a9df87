// The driver API (libcuda.so) forced onto the HIP backend without an AMD GPU
// or without HIP.
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcuda -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env RUBICON_BACKEND=hip -u RUBICON_HIP_LIBRARY %t 2> %t.stderr | FileCheck %s --check-prefix=DEFAULT
// RUN: count 0 < %t.stderr
// RUN: env RUBICON_BACKEND=hip RUBICON_HIP_LIBRARY=/nonexistent/libamdhip64.so %t | FileCheck %s --check-prefix=NOHIP
// UNSUPPORTED: amdgpu-present

#include <cuda.h>
#include <stdio.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(void) {
  int Count = -1;
  printf("before init: %s\n", nameOf(cuDeviceGetCount(&Count)));
  CUresult Status = cuInit(0);
  printf("init: %s\n", nameOf(Status));
  const char *Meaning = "";
  cuGetErrorString(Status, &Meaning);
  printf("meaning: %s\n", Meaning);
  printf("count: %s %d\n", nameOf(cuDeviceGetCount(&Count)), Count);
  int Version = 0;
  cuDriverGetVersion(&Version);
  printf("version: %d\n", Version);
  return 0;
}

// DEFAULT: before init: CUDA_ERROR_NOT_INITIALIZED
// DEFAULT-NEXT: init: [[ERR:CUDA_ERROR_NO_DEVICE|CUDA_ERROR_STUB_LIBRARY]]
// DEFAULT-NEXT: meaning: no AMD {{GPU|HIP runtime}}
// DEFAULT-NEXT: count: [[ERR]] 0
// DEFAULT-NEXT: version: 13000

// NOHIP: init: CUDA_ERROR_STUB_LIBRARY
// NOHIP-NEXT: meaning: no AMD HIP runtime (libamdhip64) was found
