// A CUDA translation unit compiled host-side only by clang, which embeds the
// fat binary given with -fcuda-include-gpubinary in .nv_fatbin and registers it.
// No CUDA headers: the few declarations clang's codegen needs are here.
#define __global__ __attribute__((global))
struct dim3 {
  unsigned x, y, z;
};
typedef struct CUstream_st *cudaStream_t;
extern "C" int cudaLaunchKernel(const void *, dim3, dim3, void **,
                                unsigned long, cudaStream_t);

#ifdef SECOND
__global__ void second_kernel(float *a) {}
#else
__global__ void first_kernel(float *a) {}
int main() { return 0; }
#endif
