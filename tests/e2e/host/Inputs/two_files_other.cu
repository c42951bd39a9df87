// A second translation unit with its own kernel and shared memory.
__global__ void kb(int *p) { __shared__ int s[64]; s[63-threadIdx.x] = p[threadIdx.x]; __syncthreads(); p[threadIdx.x] = s[threadIdx.x] * 2; }
void runB(int *p) { kb<<<1,64>>>(p); }
