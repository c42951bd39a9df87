// --resource-usage and -Xptxas -v print each kernel's resources, ptxas-style,
// read from the AMD code object.
// RUN: nvcc -c --resource-usage %s -o %t.o 2>&1 | FileCheck %s
// RUN: nvcc -c -Xptxas -v %s -o %t.o 2>&1 | FileCheck %s
// RUN: nvcc -c %s -o %t.o 2>&1 | count 0

// CHECK: ptxas info    : Compiling entry function '_Z6stagedPf' for 'gfx942'
// CHECK: ptxas info    : Used {{[0-9]+}} registers (VGPRs; 0 AGPRs), {{[0-9]+}} SGPRs, 1024 bytes smem
__global__ void staged(float *p) {
  __shared__ float tile[256];
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[255 - threadIdx.x];
}
