// The "q" asm constraint: a 128-bit integer in a .b128 register, split into
// and built from two .b64 halves.
#include <cstdio>

__device__ unsigned __int128 swapHalves(unsigned __int128 v) {
  unsigned __int128 r;
  asm("{\n\t.reg .b64 lo, hi;\n\t"
      "mov.b128 {lo, hi}, %1;\n\t"
      "mov.b128 %0, {hi, lo};\n\t}"
      : "=q"(r)
      : "q"(v));
  return r;
}

__global__ void kernel(unsigned __int128 *values) {
  values[threadIdx.x] = swapHalves(values[threadIdx.x]);
}

int main() {
  unsigned __int128 host[2] = {
      ((unsigned __int128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL,
      (unsigned __int128)42};
  unsigned __int128 *device;
  cudaMalloc(&device, sizeof host);
  cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  kernel<<<1, 2>>>(device);
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  for (unsigned __int128 v : host)
    printf("hi %016llx lo %016llx\n", (unsigned long long)(v >> 64),
           (unsigned long long)v);
  return cudaGetLastError() != cudaSuccess;
}
