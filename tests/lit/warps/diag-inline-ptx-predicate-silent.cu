// CUB-style inline PTX: shfl.sync with its predicate output. The predicate's
// lane arithmetic is Rubicon's translation of the PTX ISA, not the user's,
// and draws no -Wwarp-size warning (the mask here is __activemask()).
// RUN: nvcc -c -O2 %s -o %t.o 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// CHECK-NOT: warning

__device__ unsigned shuffleDownAdd(unsigned x, int offset, int last,
                                   unsigned mask) {
  unsigned r;
  asm volatile("{\n"
               "  .reg .u32 r0;\n"
               "  .reg .pred p;\n"
               "  shfl.sync.down.b32 r0|p, %1, %2, %3, %4;\n"
               "  @p add.u32 r0, r0, %1;\n"
               "  mov.u32 %0, r0;\n"
               "}\n"
               : "=r"(r)
               : "r"(x), "r"(offset), "r"(last), "r"(mask));
  return r;
}

__global__ void reduce(unsigned *data) {
  unsigned v = data[threadIdx.x];
  for (int offset = 1; offset < warpSize; offset *= 2)
    v = shuffleDownAdd(v, offset, warpSize - 1, __activemask());
  data[threadIdx.x] = v;
}
