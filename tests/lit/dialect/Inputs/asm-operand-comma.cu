#include <cstdio>

// Operands with no comma between them, as nvcc accepts
// (conjugateGradientMultiDeviceCG's store_arrived).
__device__ void storeArrived(unsigned char *Arrived, unsigned char Value) {
  unsigned int Reg = Value;
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(Reg) "l"(Arrived) : "memory");
}

__device__ void twoOutputs(unsigned In, unsigned *Low, unsigned *High) {
  unsigned A, B;
  asm("mov.b32 %0, %2;\n\tadd.u32 %1, %2, 1;" : "=r"(A) "=r"(B) : "r"(In));
  *Low = A;
  *High = B;
}

__global__ void kernel(unsigned char *Flags, unsigned *Out) {
  storeArrived(Flags + threadIdx.x, 7 + threadIdx.x);
  twoOutputs(40, &Out[0], &Out[1]);
}

int main() {
  unsigned char *Flags;
  unsigned *Out;
  cudaMallocManaged(&Flags, 4);
  cudaMallocManaged(&Out, 2 * sizeof(unsigned));
  kernel<<<1, 4>>>(Flags, Out);
  cudaDeviceSynchronize();
  printf("flags %d %d %d %d, outputs %u %u\n", Flags[0], Flags[1], Flags[2],
         Flags[3], Out[0], Out[1]);
  return 0;
}
