__device__ int counter = 21;
__device__ int twice(int x) { return 2 * x; }
__global__ void bump() { atomicAdd(&counter, 1); }
int launch(int *) { bump<<<1, 1>>>(); return cudaGetLastError(); }
