// The macros nvcc defines, on the host side (-E shows the host side).
// RUN: nvcc -E %s | FileCheck %s
// RUN: nvcc -E -arch=sm_75 %s | FileCheck %s

// CHECK: NVCC=1 CUDACC=1 VERSION=13 . 0 RUBICON=1 CUDART=13000
#ifndef EXPECTED_ARCH
NVCC=__NVCC__ CUDACC=__CUDACC__ VERSION=__CUDACC_VER_MAJOR__.__CUDACC_VER_MINOR__ RUBICON=__RUBICON__ CUDART=CUDART_VERSION
// CHECK-NOT: host-pass-sees-cuda-arch
#ifdef __CUDA_ARCH__
host-pass-sees-cuda-arch
#endif
#endif

// The device pass sees __CUDA_ARCH__ from -arch: a wrong value fails to compile.
// RUN: nvcc -c -arch=sm_75 -DEXPECTED_ARCH=750 %s -o %t.o
// RUN: not nvcc -c -arch=sm_75 -DEXPECTED_ARCH=800 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: error: __CUDA_ARCH__ is not EXPECTED_ARCH
#if defined(EXPECTED_ARCH) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ != EXPECTED_ARCH
#error __CUDA_ARCH__ is not EXPECTED_ARCH
#endif
__global__ void empty() {}

