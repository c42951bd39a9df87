// The main file: a kernel of its own, then one from two_files_other.cu.
#include <cstdio>
__global__ void ka(int *p) { p[threadIdx.x] = threadIdx.x; }
void runB(int *p);
int main() { int *p; cudaMallocManaged(&p, 64*4); ka<<<1,64>>>(p); runB(p); cudaDeviceSynchronize(); printf("%d %d\n", p[5], p[63]); }
