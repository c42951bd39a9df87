// curand_kernel.h's Sobol states: thread d, started by curand_init from
// dimension d's direction vectors (curandGetDirectionVectors32/64), draws the
// points the host API's Sobol generators give for dimension d (which are
// NVIDIA's, tests/unit/libraries/CurandSobolTest.cpp): bits, uniforms,
// doubles and normals, from an offset; scrambled states with the scramble
// constants; skipahead agrees with drawing. The header also compiles for
// gfx942 and as plain C++.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcurand -o %t && %t | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942 -c %s -o %t.gfx942.o
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -x c++ -I%rubicon_include -DPLAIN_CXX %s

// CHECK: sobol32: bits 0, uniform 0, double 0, normal 0, normal double 0 of 8000 differ
// CHECK: scrambled sobol32: bits 0, uniform 0, double 0, normal 0, normal double 0 of 8000 differ
// CHECK: sobol64: bits 0, uniform 0, double 0, normal 0, normal double 0 of 8000 differ
// CHECK: scrambled sobol64: bits 0, uniform 0, double 0, normal 0, normal double 0 of 8000 differ
// CHECK: skipahead: 0 of 40 differ
// CHECK: first points: 0 2147483648 3221225472 1073741824

#include <curand_kernel.h>

#ifndef PLAIN_CXX
#include <curand.h>
#include <math.h>
#include <stdio.h>

#include <vector>

constexpr int Dims = 40, Per = 200, Offset = 5;

__device__ void init(curandDirectionVectors32_t V, unsigned, curandStateSobol32_t *S) {
  curand_init(V, Offset, S);
}
__device__ void init(curandDirectionVectors32_t V, unsigned C,
                     curandStateScrambledSobol32_t *S) {
  curand_init(V, C, Offset, S);
}
__device__ void init(curandDirectionVectors64_t V, unsigned long long,
                     curandStateSobol64_t *S) {
  curand_init(V, Offset, S);
}
__device__ void init(curandDirectionVectors64_t V, unsigned long long C,
                     curandStateScrambledSobol64_t *S) {
  curand_init(V, C, Offset, S);
}

// Thread D draws Per points of dimension D, as each distribution.
template <typename State, typename Vectors, typename Word>
__global__ void draw(Vectors *V, const Word *Scramble, Word *Bits,
                     float *Uniform, double *Double, float *Normal,
                     double *NormalDouble) {
  int D = threadIdx.x;
  Word C = Scramble ? Scramble[D] : 0;
  State S;
  init(V[D], C, &S);
  for (int J = 0; J < Per; ++J)
    Bits[D * Per + J] = curand(&S);
  init(V[D], C, &S);
  for (int J = 0; J < Per; ++J)
    Uniform[D * Per + J] = curand_uniform(&S);
  init(V[D], C, &S);
  for (int J = 0; J < Per; ++J)
    Double[D * Per + J] = curand_uniform_double(&S);
  init(V[D], C, &S);
  for (int J = 0; J < Per; ++J)
    Normal[D * Per + J] = curand_normal(&S);
  init(V[D], C, &S);
  for (int J = 0; J < Per; ++J)
    NormalDouble[D * Per + J] = curand_normal_double(&S);
}

// Point Offset + 3 + 17 of dimension D, by skipahead and by drawing.
__global__ void skip(curandDirectionVectors32_t *V, unsigned *Skipped,
                     unsigned *Drawn) {
  int D = threadIdx.x;
  curandStateSobol32_t S;
  curand_init(V[D], Offset, &S);
  skipahead(3u, &S);
  skipahead(17u, &S);
  Skipped[D] = curand(&S);
  curand_init(V[D], Offset, &S);
  for (int J = 0; J < 20; ++J)
    curand(&S);
  Drawn[D] = curand(&S);
}

// Van der Corput's dimension in Gray code order.
__global__ void first(curandDirectionVectors32_t *V, unsigned *Out) {
  curandStateSobol32_t S;
  curand_init(V[0], 0, &S);
  for (int I = 0; I < 4; ++I)
    Out[I] = curand(&S);
}

template <typename T> T *managed(size_t N) {
  T *P = nullptr;
  cudaMallocManaged(&P, N * sizeof(T));
  return P;
}

bool close(double A, double B, double Tolerance) {
  return fabs(A - B) <= Tolerance * (1 + fabs(B));
}

template <typename State, typename Vectors, typename Word>
void compare(const char *Name, curandRngType_t Type, Vectors *Host,
             const Word *Constants) {
  const int N = Dims * Per;
  Vectors *V = managed<Vectors>(Dims);
  for (int D = 0; D < Dims; ++D)
    for (int K = 0; K < int(sizeof(Vectors) / sizeof(Word)); ++K)
      V[D][K] = Host[D][K];
  Word *C = nullptr;
  if (Constants) {
    C = managed<Word>(Dims);
    for (int D = 0; D < Dims; ++D)
      C[D] = Constants[D];
  }
  Word *Bits = managed<Word>(N);
  float *Uniform = managed<float>(N), *Normal = managed<float>(N);
  double *Double = managed<double>(N), *NormalDouble = managed<double>(N);
  draw<State, Vectors, Word><<<1, Dims>>>(V, C, Bits, Uniform, Double, Normal,
                                          NormalDouble);
  cudaDeviceSynchronize();

  // The host API, Dims dimensions from the same offset.
  auto Generator = [&] {
    curandGenerator_t G;
    curandCreateGenerator(&G, Type);
    curandSetQuasiRandomGeneratorDimensions(G, Dims);
    curandSetGeneratorOffset(G, Offset);
    return G;
  };
  std::vector<Word> WantBits(N);
  std::vector<float> WantUniform(N), WantNormal(N);
  std::vector<double> WantDouble(N), WantNormalDouble(N);
  curandGenerator_t G = Generator();
  if constexpr (sizeof(Word) == 4)
    curandGenerate(G, WantBits.data(), N);
  else
    curandGenerateLongLong(G, WantBits.data(), N);
  curandDestroyGenerator(G);
  G = Generator();
  curandGenerateUniform(G, WantUniform.data(), N);
  curandDestroyGenerator(G);
  G = Generator();
  curandGenerateUniformDouble(G, WantDouble.data(), N);
  curandDestroyGenerator(G);
  G = Generator();
  curandGenerateNormal(G, WantNormal.data(), N, 0.0f, 1.0f);
  curandDestroyGenerator(G);
  G = Generator();
  curandGenerateNormalDouble(G, WantNormalDouble.data(), N, 0.0, 1.0);
  curandDestroyGenerator(G);

  int BadBits = 0, BadUniform = 0, BadDouble = 0, BadNormal = 0,
      BadNormalDouble = 0;
  for (int I = 0; I < N; ++I) {
    BadBits += Bits[I] != WantBits[I];
    BadUniform += Uniform[I] != WantUniform[I];
    BadDouble += Double[I] != WantDouble[I];
    // The device's normcdfinvf and the library's quantile may differ in
    // the last bits.
    BadNormal += !close(Normal[I], WantNormal[I], 1e-5);
    BadNormalDouble += !close(NormalDouble[I], WantNormalDouble[I], 1e-12);
  }
  printf("%s: bits %d, uniform %d, double %d, normal %d, normal double %d of "
         "%d differ\n",
         Name, BadBits, BadUniform, BadDouble, BadNormal, BadNormalDouble, N);
}

int main() {
  curandDirectionVectors32_t *V32;
  curandDirectionVectors64_t *V64;
  unsigned *C32;
  unsigned long long *C64;
  curandGetDirectionVectors32(&V32, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  curandGetDirectionVectors64(&V64, CURAND_DIRECTION_VECTORS_64_JOEKUO6);
  curandGetScrambleConstants32(&C32);
  curandGetScrambleConstants64(&C64);
  compare<curandStateSobol32_t>("sobol32", CURAND_RNG_QUASI_SOBOL32, V32,
                                (const unsigned *)nullptr);
  compare<curandStateScrambledSobol32_t>(
      "scrambled sobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, V32, C32);
  compare<curandStateSobol64_t>("sobol64", CURAND_RNG_QUASI_SOBOL64, V64,
                                (const unsigned long long *)nullptr);
  compare<curandStateScrambledSobol64_t>(
      "scrambled sobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, V64, C64);

  curandDirectionVectors32_t *V = managed<curandDirectionVectors32_t>(Dims);
  for (int D = 0; D < Dims; ++D)
    for (int K = 0; K < 32; ++K)
      V[D][K] = V32[D][K];
  unsigned *Skipped = managed<unsigned>(Dims), *Drawn = managed<unsigned>(Dims);
  skip<<<1, Dims>>>(V, Skipped, Drawn);
  cudaDeviceSynchronize();
  int SkipBad = 0;
  for (int D = 0; D < Dims; ++D)
    SkipBad += Skipped[D] != Drawn[D];
  printf("skipahead: %d of %d differ\n", SkipBad, Dims);

  first<<<1, 1>>>(V, Skipped);
  cudaDeviceSynchronize();
  printf("first points: %u %u %u %u\n", Skipped[0], Skipped[1], Skipped[2],
         Skipped[3]);
  return 0;
}
#endif
