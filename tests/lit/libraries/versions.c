// The libraries carry the sonames of CUDA 13.0's toolkit (what programs
// linked against NVIDIA's record as NEEDED, and what a program built here
// looks for at run time) and report that toolkit's versions.
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcublas -lcublasLt -lcufft -lcurand -lcusparse -lcusolver -lnvrtc -lcudart -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: %t | FileCheck %s
// RUN: readelf -d %t | FileCheck %s --check-prefix=NEEDED
// NEEDED-DAG: NEEDED{{.*}}[libcublas.so.13]
// NEEDED-DAG: NEEDED{{.*}}[libcublasLt.so.13]
// NEEDED-DAG: NEEDED{{.*}}[libcufft.so.12]
// NEEDED-DAG: NEEDED{{.*}}[libcurand.so.10]
// NEEDED-DAG: NEEDED{{.*}}[libcusparse.so.12]
// NEEDED-DAG: NEEDED{{.*}}[libcusolver.so.12]
// NEEDED-DAG: NEEDED{{.*}}[libnvrtc.so.13]

// CHECK: cublas 130100 (13.1.0), cublasLt 130100
// CHECK: cufft 12000 (12.0.0)
// CHECK: curand 10400 (10.4.0)
// CHECK: cusparse 12603 (12.6.3)
// CHECK: cusolver 12004 (12.0.4)
// CHECK: nvrtc 13.0
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>
#include <nvrtc.h>
#include <stdio.h>

int main(void) {
  int V = 0, Major = 0, Minor = 0, Patch = 0;
  cublasHandle_t Blas;
  cublasCreate(&Blas);
  cublasGetVersion(Blas, &V);
  cublasGetProperty(MAJOR_VERSION, &Major);
  cublasGetProperty(MINOR_VERSION, &Minor);
  cublasGetProperty(PATCH_LEVEL, &Patch);
  printf("cublas %d (%d.%d.%d), cublasLt %zu\n", V, Major, Minor, Patch,
         cublasLtGetVersion());
  cublasDestroy(Blas);

  cufftGetVersion(&V);
  cufftGetProperty(MAJOR_VERSION, &Major);
  cufftGetProperty(MINOR_VERSION, &Minor);
  cufftGetProperty(PATCH_LEVEL, &Patch);
  printf("cufft %d (%d.%d.%d)\n", V, Major, Minor, Patch);

  curandGetVersion(&V);
  curandGetProperty(MAJOR_VERSION, &Major);
  curandGetProperty(MINOR_VERSION, &Minor);
  curandGetProperty(PATCH_LEVEL, &Patch);
  printf("curand %d (%d.%d.%d)\n", V, Major, Minor, Patch);

  cusparseHandle_t Sparse;
  cusparseCreate(&Sparse);
  cusparseGetVersion(Sparse, &V);
  cusparseGetProperty(MAJOR_VERSION, &Major);
  cusparseGetProperty(MINOR_VERSION, &Minor);
  cusparseGetProperty(PATCH_LEVEL, &Patch);
  printf("cusparse %d (%d.%d.%d)\n", V, Major, Minor, Patch);
  cusparseDestroy(Sparse);

  cusolverGetVersion(&V);
  cusolverGetProperty(MAJOR_VERSION, &Major);
  cusolverGetProperty(MINOR_VERSION, &Minor);
  cusolverGetProperty(PATCH_LEVEL, &Patch);
  printf("cusolver %d (%d.%d.%d)\n", V, Major, Minor, Patch);

  nvrtcVersion(&Major, &Minor);
  printf("nvrtc %d.%d\n", Major, Minor);
  return 0;
}
