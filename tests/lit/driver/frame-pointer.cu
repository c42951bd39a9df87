// Kernels keep no frame pointer unless -G asks for device debugging: clang's
// NVPTX default ("all") would cost every kernel s33 and its setup on AMDGPU.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -O2 -c %s -o fp.o -keep
// RUN: FileCheck %s --check-prefix=OPT < frame-pointer.gfx942.ll
// RUN: FileCheck %s --check-prefix=ASM < frame-pointer.gfx942.s
// RUN: mkdir debug && nvcc -G -c %s -o fp-debug.o -keep -keep-dir %t/debug
// RUN: FileCheck %s --check-prefix=DEBUG < debug/frame-pointer.gfx942.ll
// OPT-NOT: "frame-pointer"="all"
// OPT: define {{.*}}amdgpu_kernel void @_Z3addPfPKfS1_
// OPT-NOT: "frame-pointer"="all"
// ASM-LABEL: _Z3addPfPKfS1_:
// ASM-NOT: s33
// ASM: s_endpgm
// ASM: .amdhsa_next_free_sgpr {{([0-9]|[12][0-9])$}}
// DEBUG: "frame-pointer"="all"
__global__ void add(float *out, const float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i] + b[i];
}

// A -keep-dir that does not exist is nvcc's error, not a crash.
// RUN: not nvcc -c %s -o fp.o -keep -keep-dir %t/missing 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: nvcc fatal   : Could not open keep directory '{{.*}}missing': no such directory
