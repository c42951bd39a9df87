// __cluster_dims__ needs sm_90 (thread block clusters), as with nvcc: an
// older -arch is an error at the attribute in the device compilation, a
// guarded use (#if __CUDA_ARCH__ >= 900) compiles for every -arch.
// RUN: not nvcc -arch=sm_75 --amdgpu-arch=host -c %s -o %t.o 2>&1 | FileCheck --check-prefix=OLD %s
// RUN: not nvcc -arch=sm_80 --amdgpu-arch=gfx942 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=OLD %s
// RUN: nvcc -arch=sm_90 --amdgpu-arch=host -c %s -o %t.o
// RUN: nvcc -arch=sm_75 --amdgpu-arch=host -DGUARDED -c %s -o %t.o

#if !defined(GUARDED) || (defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900)
// OLD: cluster-dims-arch.cu:[[@LINE+1]]:17: error: __cluster_dims__ is not supported for this GPU architecture
__global__ void __cluster_dims__(2, 1, 1) pairs(int *p) { p[blockIdx.x] = 1; }
#endif
