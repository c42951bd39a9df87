// curand_kernel.h's MTGP32 states: curandMakeMTGP32Constants and
// curandMakeMTGP32KernelState set up one state per block over the published
// parameter sets (curand_mtgp32dc_p_11213.h), and a block's threads draw
// together: value v of block b is value v of the host API's MTGP32
// generator b (whose sequence is NVIDIA's, CurandHostTest.cpp), whatever
// the block size. Uniforms and normals convert as the host API's; the float
// tempering table gives curand_mtgp32_single's floats in [0, 1).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcurand -o %t && %t | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942 -c %s -o %t.gfx942.o

// CHECK: 256 threads: bits 0, uniform 0, normal 0 of 65536 differ
// CHECK: 96 threads: bits 0 of 24576 differ
// CHECK: specific: 0 of 64 differ
// CHECK: single: 8192 in [0, 1), mean ok

#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>

#include <math.h>
#include <stdio.h>

#include <vector>

constexpr int Blocks = 64, Per = 4;

__global__ void draw(curandStateMtgp32_t *States, unsigned *Bits,
                     float *Uniform, float *Normal) {
  curandStateMtgp32_t *S = &States[blockIdx.x];
  int T = threadIdx.x, D = blockDim.x;
  for (int J = 0; J < Per; ++J)
    Bits[(blockIdx.x * Per + J) * D + T] = curand(S);
  for (int J = 0; J < Per; ++J)
    Uniform[(blockIdx.x * Per + J) * D + T] = curand_uniform(S);
  for (int J = 0; J < Per; ++J)
    Normal[(blockIdx.x * Per + J) * D + T] = curand_normal(S);
}

// Eight threads take values 7 - t of each 8.
__global__ void specific(curandStateMtgp32_t *States, unsigned *Out) {
  curandStateMtgp32_t *S = &States[blockIdx.x];
  for (int J = 0; J < 8; ++J)
    Out[J * 8 + threadIdx.x] =
        curand_mtgp32_specific(S, (unsigned char)(7 - threadIdx.x), 8);
}

__global__ void single(curandStateMtgp32_t *States, float *Out) {
  curandStateMtgp32_t *S = &States[blockIdx.x];
  for (int J = 0; J < 32; ++J)
    Out[J * blockDim.x + threadIdx.x] = curand_mtgp32_single(S);
}

template <typename T> T *managed(size_t N) {
  T *P = nullptr;
  cudaMallocManaged(&P, N * sizeof(T));
  return P;
}

// Value V of generator B of the host API's sequence (seed 1234).
struct HostSequence {
  std::vector<unsigned> Bits;
  std::vector<float> Uniform, Normal;
  explicit HostSequence(size_t N) : Bits(N), Uniform(N), Normal(N) {
    curandGenerator_t G;
    curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_MTGP32);
    curandSetPseudoRandomGeneratorSeed(G, 1234);
    curandGenerate(G, Bits.data(), N);
    curandDestroyGenerator(G);
    curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_MTGP32);
    curandSetPseudoRandomGeneratorSeed(G, 1234);
    curandGenerateUniform(G, Uniform.data(), N);
    curandDestroyGenerator(G);
    curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_MTGP32);
    curandSetPseudoRandomGeneratorSeed(G, 1234);
    curandGenerateNormal(G, Normal.data(), N, 0.0f, 1.0f);
    curandDestroyGenerator(G);
  }
  static size_t index(int B, int V) {
    return size_t(V / 256) * 49152 + B * 256 + V % 256;
  }
};

curandStateMtgp32_t *states(mtgp32_kernel_params_t *Params) {
  curandStateMtgp32_t *States = nullptr;
  cudaMalloc(&States, Blocks * sizeof(curandStateMtgp32_t));
  curandMakeMTGP32KernelState(States, mtgp32dc_params_fast_11213, Params,
                              Blocks, 1234);
  return States;
}

int main() {
  mtgp32_kernel_params_t *Params = nullptr;
  cudaMalloc(&Params, sizeof(mtgp32_kernel_params_t));
  if (curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, Params) !=
      CURAND_STATUS_SUCCESS)
    printf("constants failed\n");
  HostSequence Host(12 * 49152);

  for (int Threads : {256, 96}) {
    int N = Blocks * Per * Threads;
    unsigned *Bits = managed<unsigned>(N);
    float *Uniform = managed<float>(N), *Normal = managed<float>(N);
    draw<<<Blocks, Threads>>>(states(Params), Bits, Uniform, Normal);
    cudaDeviceSynchronize();
    int BadBits = 0, BadUniform = 0, BadNormal = 0;
    for (int B = 0; B < Blocks; ++B)
      for (int V = 0; V < Per * Threads; ++V) {
        size_t I = HostSequence::index(B, V);
        size_t J = size_t(B) * Per * Threads + V;
        BadBits += Bits[J] != Host.Bits[I];
        // uniforms and normals continue the block's sequence
        size_t K = HostSequence::index(B, V + Per * Threads);
        BadUniform += Uniform[J] != Host.Uniform[K];
        size_t L = HostSequence::index(B, V + 2 * Per * Threads);
        BadNormal += fabsf(Normal[J] - Host.Normal[L]) > 1e-5f * (1 + fabsf(Host.Normal[L]));
      }
    if (Threads == 256)
      printf("256 threads: bits %d, uniform %d, normal %d of %d differ\n",
             BadBits, BadUniform, BadNormal, N);
    else
      printf("96 threads: bits %d of %d differ\n", BadBits, N);
  }

  unsigned *Out = managed<unsigned>(64);
  specific<<<1, 8>>>(states(Params), Out);
  cudaDeviceSynchronize();
  int SpecificBad = 0;
  for (int J = 0; J < 8; ++J)
    for (int T = 0; T < 8; ++T)
      SpecificBad += Out[J * 8 + T] != Host.Bits[HostSequence::index(0, J * 8 + 7 - T)];
  printf("specific: %d of 64 differ\n", SpecificBad);

  float *Single = managed<float>(8192);
  single<<<1, 256>>>(states(Params), Single);
  cudaDeviceSynchronize();
  int InRange = 0;
  double Sum = 0;
  for (int I = 0; I < 8192; ++I) {
    InRange += Single[I] >= 0.0f && Single[I] < 1.0f;
    Sum += Single[I];
  }
  printf("single: %d in [0, 1), mean %s\n", InRange,
         fabs(Sum / 8192 - 0.5) < 0.01 ? "ok" : "wrong");
  return 0;
}
