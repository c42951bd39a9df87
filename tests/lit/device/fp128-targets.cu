// <crt/device_fp128_functions.h>: the declarations compile for every target
// (CCCL includes the header at sm_100 and above); device code computing on
// __float128 compiles for the host target and is an error at its use, naming
// the target, when an AMD GPU is among the targets (never a back-end failure).
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -arch=sm_100 --amdgpu-arch=gfx942 %s -o declarations.o
// RUN: nvcc -c -arch=sm_100 --amdgpu-arch=host -DUSE_FP128 %s -o host.o
// RUN: not nvcc -c -arch=sm_100 --amdgpu-arch=gfx942 -DUSE_FP128 %s -o gfx.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX
// RUN: not nvcc -c -arch=sm_100 --amdgpu-arch=host,gfx942 -DUSE_FP128 %s -o both.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GFX
// RUN: not ls gfx.o both.o
// With -rdc, code compiled for host alone and device-linked for gfx942: the
// lowering's error, not a back-end failure.
// RUN: nvcc -dc -arch=sm_100 --amdgpu-arch=host -DUSE_FP128 %s -o rdc.o
// RUN: not nvcc -dlink --amdgpu-arch=gfx942 rdc.o -o rdc_link.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RDC
// RDC: __float128 arithmetic in function '{{.*}}quad{{.*}}' cannot be compiled for gfx942: AMD GPUs have no 128-bit floating point

#include <crt/device_fp128_functions.h>

__global__ void unrelated(float *out) { out[threadIdx.x] = 1.0f; }

#ifdef USE_FP128
__global__ void quad(__float128 *out) {
  // GFX: fp128-targets.cu:[[@LINE+2]]:12: error: '__nv_fp128_sqrt' requires 128 bit size '__float128' type support
  // GFX: note: __float128 in device code is computed only for the 'host' target; 'gfx942' has no 128-bit floating point
  out[0] = __nv_fp128_sqrt(out[1]);
}
#endif
