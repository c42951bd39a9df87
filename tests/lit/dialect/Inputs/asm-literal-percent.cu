// nvcc's inline asm takes a `%` followed by a letter literally: special
// registers need no `%%` (cuda-samples' cudaGraphsPerfScaling reads
// `%globaltimer` this way).
#include <cstdio>

#define READ_CLOCK(Register, Out) asm volatile("mov.u64 %0, " Register ";" : "=l"(Out))

__global__ void timers(unsigned long long *Out) {
  unsigned long long T0, T1, C0, C1;
  unsigned Lane;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(T0));
  READ_CLOCK("%clock64", C0);
  for (volatile int I = 0; I < 20000; ++I) {
  }
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T1)); // the escape still works
  asm volatile("mov.u64 %0, %clock64; // %cx" : "=l"(C1));
  asm("mov.u32 %0, %laneid;" : "=r"(Lane));
  if (threadIdx.x != 2)
    return;
  Out[0] = T1 > T0;
  Out[1] = C1 > C0;
  Out[2] = Lane;
}

int main() {
  unsigned long long *Device, Host[3] = {7, 7, 7};
  cudaMalloc(&Device, sizeof(Host));
  timers<<<1, 4>>>(Device);
  cudaMemcpy(Host, Device, sizeof(Host), cudaMemcpyDeviceToHost);
  printf("timer advanced %llu, clock advanced %llu, lane %llu\n", Host[0], Host[1], Host[2]);
  return 0;
}
