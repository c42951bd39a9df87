// nvcc's "C" asm operand: the contents of a constant char array are pasted
// into the asm text, so one template gives different gfx942 instructions.
// An operand that is not such an array is an error at the asm statement.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s
// RUN: not nvcc -c -O2 -DBAD_OPERAND %s -o bad.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

template <bool Max> struct Pick;
template <> struct Pick<false> { static constexpr const char op[] = "min"; };
template <> struct Pick<true> { static constexpr const char op[] = "max"; };

template <bool Max> __device__ unsigned pick(unsigned a, unsigned b) {
  unsigned d;
  asm("%1.u32 %0, %2, %3;" : "=r"(d) : "C"(Pick<Max>::op), "r"(a), "r"(b));
  return d;
}

// CHECK-LABEL: <_Z5minOfPjPKj>:
// CHECK: v_min_u32
// CHECK-NOT: v_max_u32
// CHECK: s_endpgm
__global__ void minOf(unsigned *out, const unsigned *in) {
  out[threadIdx.x] = pick<false>(in[threadIdx.x], in[threadIdx.x + 64]);
}

// CHECK-LABEL: <_Z5maxOfPjPKj>:
// CHECK: v_max_u32
// CHECK-NOT: v_min_u32
// CHECK: s_endpgm
__global__ void maxOf(unsigned *out, const unsigned *in) {
  out[threadIdx.x] = pick<true>(in[threadIdx.x], in[threadIdx.x + 64]);
}

#ifdef BAD_OPERAND
__device__ const char *chosenAtRunTime;
__global__ void badOperand(unsigned *out) {
  unsigned d;
  // BAD: string-constraint.cu:[[@LINE+1]]:7: error: inline PTX: operand $1 (constraint 'C') must be the address of a constant char array
  asm("mov.u32%1 %0, 1;" : "=r"(d) : "C"(chosenAtRunTime));
  out[0] = d;
}
#endif
