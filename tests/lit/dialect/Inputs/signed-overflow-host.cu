#include <cstdio>

__global__ void square(int *Array, int Count) {
  int I = threadIdx.x + blockIdx.x * blockDim.x;
  if (I < Count)
    Array[I] *= Array[I];
}

// The check of simpleOccupancy: i * i overflows int from i = 46341 on, and
// the kernel's product wraps the same way.
static int check(const int Count = 100000) {
  int *Array = new int[Count];
  int *Device;
  for (int I = 0; I < Count; ++I)
    Array[I] = I;
  cudaMalloc(&Device, Count * sizeof(int));
  cudaMemcpy(Device, Array, Count * sizeof(int), cudaMemcpyHostToDevice);
  square<<<(Count + 255) / 256, 256>>>(Device, Count);
  cudaMemcpy(Array, Device, Count * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(Device);
  for (int I = 0; I < Count; ++I)
    if (Array[I] != I * I) {
      printf("element %d expected %d actual %d\n", I, I * I, Array[I]);
      return 1;
    }
  delete[] Array;
  return 0;
}

int main() {
  int Failed = check();
  printf("%s\n", Failed ? "failed" : "passed");
  return Failed;
}
