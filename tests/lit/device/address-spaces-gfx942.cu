// PTX's %smid/%nsmid read the hardware id registers (gfx942: the compute
// unit in HW_ID, the accelerator die in XCC_ID); %dynamic_smem_size reads
// the hidden kernel argument the code object declares for it; __isShared and
// __isLocal test the address against the shared and private apertures.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s
// RUN: llvm-readelf --notes kernels.1.gfx942.elf | FileCheck %s --check-prefix=META

// CHECK-LABEL: <_Z5wherePj>:
// CHECK-DAG: s_getreg_b32 [[CU:s[0-9]+]], hwreg(HW_REG_HW_ID, 8, 8)
// CHECK-DAG: s_getreg_b32 [[XCC:s[0-9]+]], hwreg(HW_REG_XCC_ID, 0, 4)
// CHECK-DAG: s_load_dword {{s[0-9]+}}, s[0:1], 0x80
// CHECK: s_endpgm
// META: .offset: 128
// META-NEXT: .size: 4
// META-NEXT: .value_kind: hidden_dynamic_lds_size
// META: .name: _Z5wherePj
__global__ void where(unsigned *out) {
  unsigned smid, nsmid, dynamicBytes;
  asm("mov.u32 %0, %%smid;" : "=r"(smid));
  asm("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dynamicBytes));
  out[0] = smid;
  out[1] = nsmid;
  out[2] = dynamicBytes;
}

// A pointer's space is known at compile time where it comes from a kernel
// argument; a function of its own must test it.
// CHECK-LABEL: <_Z8classifyPKi>:
// CHECK-DAG: src_shared_base
// CHECK-DAG: src_private_base
// CHECK: s_setpc_b64
__device__ __noinline__ unsigned classify(const int *p) {
  return __isShared(p) | __isLocal(p) << 1 | __isGlobal(p) << 2;
}

__global__ void spaces(unsigned *out, const int *global) {
  __shared__ int shared[64];
  int local[4] = {1, 2, 3, int(threadIdx.x)};
  shared[threadIdx.x] = threadIdx.x;
  out[0] = classify(shared);
  out[1] = classify(&local[threadIdx.x % 4]);
  out[2] = classify(global);
}
