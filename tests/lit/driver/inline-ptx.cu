// nvcc translates inline PTX into IR before lowering; what it cannot
// translate is an error at the asm statement, naming the instruction.
// RUN: nvcc -c %s -o %t.o
// RUN: not nvcc -c -DBAD %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=BAD

__global__ void addLane(int *out, int a, int b) {
  int r;
  asm("add.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = r + lane;
}

#ifdef BAD
__global__ void bad(int *out, int a) {
  int r;
  // BAD: inline-ptx.cu:[[@LINE+1]]:16: error: inline PTX: unknown instruction 'frobnicate'
  asm volatile("frobnicate.s32 %0, %1;" : "=r"(r) : "r"(a));
  out[0] = r;
}
#endif
