// libnvrtc needs nothing from libcudart: NVRTC programs often use only the
// driver API (cuda-samples' *_nvrtc), and must link without -lcudart.
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lnvrtc -lcuda -Wl,--no-undefined -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: %t | FileCheck %s
// CHECK: nvrtc {{[0-9]+}}.{{[0-9]+}}, program created 1
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>

int main(void) {
  int Major = 0, Minor = 0;
  nvrtcVersion(&Major, &Minor);
  nvrtcProgram Program;
  nvrtcResult Created = nvrtcCreateProgram(
      &Program, "__global__ void k() {}", "k.cu", 0, NULL, NULL);
  printf("nvrtc %d.%d, program created %d\n", Major, Minor,
         Created == NVRTC_SUCCESS);
  if (Created == NVRTC_SUCCESS)
    nvrtcDestroyProgram(&Program);
  return 0;
}
