// curand_kernel.h: the device API gives, thread by thread, cuRAND's
// sequences. XORWOW and Philox4_32_10 are compared with the host API's
// generators (whose sequences are NVIDIA's: the host API's legacy ordering
// interleaves the subsequences curand_init starts), MRG32k3a with values
// recorded from NVIDIA's cuRAND 10 (seed 1234, subsequences 0-3, host
// generator). Skip-ahead must agree with drawing, Poisson and log-normal
// with their distributions. The header also compiles for gfx942 and as
// plain C++.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcurand -o %t && %t | FileCheck %s
// RUN: nvcc --amdgpu-arch=gfx942 -c %s -o %t.gfx942.o
// RUN: c++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -x c++ -I%rubicon_include -DPLAIN_CXX %s
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Wextra -Werror -x c++ -I%rubicon_include -DPLAIN_CXX %s

// CHECK: xorwow: bits 0, uniform 0, double 0, normal 0, normal double 0 of 16384 differ
// CHECK: philox: bits 0, uniform 0, double 0, normal 0, normal double 0 of 262144 differ
// CHECK: mrg32k3a: bits 0, uniform 0, double 0, normal 0, normal double 0 of 8 differ
// CHECK: nvidia mrg32k3a: {{0 of 655360 differ|not installed}}
// CHECK: skip-ahead: 0 of 9 differ
// CHECK: poisson 4: mean ok, variance ok
// CHECK: poisson 300: mean ok, variance ok
// CHECK: log-normal: 0 of 4096 differ

#include <curand_kernel.h>

#ifndef PLAIN_CXX
#include <curand.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

constexpr unsigned long long Seed = 1234;

// Thread t draws Per values of subsequence t of each distribution.
template <typename State>
__global__ void draw(unsigned *Bits, float *Uniform, double *Double,
                     float *Normal, double *NormalDouble, int Per) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  State S;
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per; ++J)
    Bits[J * N + T] = curand(&S);
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per; ++J)
    Uniform[J * N + T] = curand_uniform(&S);
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per / 2; ++J)
    Double[J * N + T] = curand_uniform_double(&S);
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per; ++J)
    Normal[J * N + T] = curand_normal(&S);
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per / 2; ++J)
    NormalDouble[J * N + T] = curand_normal_double(&S);
}

struct Draws {
  std::vector<unsigned> Bits;
  std::vector<float> Uniform, Normal;
  std::vector<double> Double, NormalDouble;
};

template <typename State> Draws run(unsigned Threads, int Per) {
  size_t N = size_t(Threads) * Per;
  unsigned *B;
  float *U, *G;
  double *D, *H;
  cudaMallocManaged(&B, N * 4);
  cudaMallocManaged(&U, N * 4);
  cudaMallocManaged(&G, N * 4);
  cudaMallocManaged(&D, N * 8);
  cudaMallocManaged(&H, N * 8);
  draw<State><<<Threads / 256, 256>>>(B, U, D, G, H, Per);
  cudaDeviceSynchronize();
  Draws R{{B, B + N}, {U, U + N}, {G, G + N}, {D, D + N / 2}, {H, H + N / 2}};
  cudaFree(B);
  cudaFree(U);
  cudaFree(G);
  cudaFree(D);
  cudaFree(H);
  return R;
}

template <typename T> bool same(T A, T B) { return memcmp(&A, &B, sizeof A) == 0; }

// Within two units in the last place (the CPU's sinf/logf may round the last
// bit differently from the host API's).
bool close(float A, float B) { return fabsf(A - B) <= 2 * fabsf(B) * 1.2e-7f + 1e-30f; }
bool close(double A, double B) { return fabs(A - B) <= 2 * fabs(B) * 2.3e-16 + 1e-300; }

// Device thread t, draw j -> the host API's index for each generator
// (docs/cuda-libraries.md, "cuRAND's sequences").
struct Layout {
  unsigned Threads;
  bool Philox; // blocks of four: block b is block b / Threads of b % Threads
  size_t bits(unsigned T, size_t J) const {
    return Philox ? (J / 4 * Threads + T) * 4 + J % 4 : J * Threads + T;
  }
  size_t doubles(unsigned T, size_t J) const { return bits(T, J); }
  // Normal pairs come from one subsequence.
  size_t normals(unsigned T, size_t J) const {
    return Philox ? bits(T, J) : J / 2 * 2 * Threads + 2 * T + J % 2;
  }
};

void compare(const char *Name, const Draws &Dev, const Draws &Host,
             Layout L, int Per) {
  int Bad[5] = {};
  for (unsigned T = 0; T < L.Threads; ++T) {
    for (int J = 0; J < Per; ++J) {
      size_t D = size_t(J) * L.Threads + T;
      Bad[0] += Dev.Bits[D] != Host.Bits[L.bits(T, J)];
      Bad[1] += !same(Dev.Uniform[D], Host.Uniform[L.bits(T, J)]);
      Bad[3] += !close(Dev.Normal[D], Host.Normal[L.normals(T, J)]);
    }
    for (int J = 0; J < Per / 2; ++J) {
      size_t D = size_t(J) * L.Threads + T;
      Bad[2] += !same(Dev.Double[D], Host.Double[L.doubles(T, J)]);
      Bad[4] += !close(Dev.NormalDouble[D], Host.NormalDouble[L.normals(T, J)]);
    }
  }
  printf("%s: bits %d, uniform %d, double %d, normal %d, normal double %d of %zu "
         "differ\n",
         Name, Bad[0], Bad[1], Bad[2], Bad[3], Bad[4], Dev.Bits.size());
}

Draws hostApi(curandRngType_t Type, size_t N) {
  // As many doubles as values: Philox's come four per subsequence.
  Draws R{std::vector<unsigned>(N), std::vector<float>(N), std::vector<float>(N),
          std::vector<double>(N), std::vector<double>(N)};
  curandGenerator_t G;
  auto Fresh = [&] {
    curandCreateGeneratorHost(&G, Type);
    curandSetPseudoRandomGeneratorSeed(G, Seed);
  };
  Fresh();
  curandGenerate(G, R.Bits.data(), N);
  curandDestroyGenerator(G);
  Fresh();
  curandGenerateUniform(G, R.Uniform.data(), N);
  curandDestroyGenerator(G);
  Fresh();
  curandGenerateUniformDouble(G, R.Double.data(), N);
  curandDestroyGenerator(G);
  Fresh();
  curandGenerateNormal(G, R.Normal.data(), N, 0.0f, 1.0f);
  curandDestroyGenerator(G);
  Fresh();
  curandGenerateNormalDouble(G, R.NormalDouble.data(), N, 0.0, 1.0);
  curandDestroyGenerator(G);
  return R;
}

// Recorded from NVIDIA's cuRAND 10 (MRG32k3a host generator, seed 1234):
// subsequence t, values 0 and 1, for t = 0..3.
const unsigned MrgBits[8] = {3379073520u, 2521876100u, 653317650u,
                             2890950871u, 4012281984u, 820119008u,
                             4237272334u, 680301374u};
const float MrgUniform[8] = {0.786751866f, 0.587170064f, 0.152112365f,
                             0.673101962f, 0.934182227f, 0.190948844f,
                             0.986566842f, 0.158395007f};
const double MrgDouble[8] = {0.78675186271572939, 0.58717003574560811,
                             0.15211236914421553, 0.67310195222457592,
                             0.93418219691237425, 0.19094883671689475,
                             0.9865668449067676,  0.15839500681137583};
const double MrgNormalDouble[8] = {
    -0.36065364611174472, -0.59128140374174409, -1.718536061653114,
    -0.90161262521673557, 0.34389955344820322,  0.13379339823547715,
    0.13796577796368156,  0.089520033604550048};
const float MrgNormal[8] = {-0.360653788f, -0.591281295f, -1.7185365f,
                            -0.901611984f, 0.343899459f,  0.133793339f,
                            0.137965798f,  0.0895200446f};

__global__ void mrg(unsigned *Bits, float *Uniform, double *Double,
                    float *Normal, double *NormalDouble) {
  unsigned T = threadIdx.x;
  curandStateMRG32k3a_t S;
  curand_init(Seed, T, 0, &S);
  Bits[2 * T] = curand(&S);
  Bits[2 * T + 1] = curand(&S);
  curand_init(Seed, T, 0, &S);
  Uniform[2 * T] = curand_uniform(&S);
  Uniform[2 * T + 1] = curand_uniform(&S);
  curand_init(Seed, T, 0, &S);
  Double[2 * T] = curand_uniform_double(&S);
  Double[2 * T + 1] = curand_uniform_double(&S);
  curand_init(Seed, T, 0, &S);
  Normal[2 * T] = curand_normal(&S);
  Normal[2 * T + 1] = curand_normal(&S);
  curand_init(Seed, T, 0, &S);
  NormalDouble[2 * T] = curand_normal_double(&S);
  NormalDouble[2 * T + 1] = curand_normal_double(&S);
}

// Where NVIDIA's cuRAND is installed, its MRG32k3a host generator (opened
// as a black box, never linked) against the device API: its legacy ordering
// interleaves 81920 subsequences.
__global__ void mrgBits(unsigned *Bits, int Per) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  curandStateMRG32k3a_t S;
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per; ++J)
    Bits[J * N + T] = curand(&S);
}

void compareWithNvidia() {
  void *Library =
      dlopen("/usr/local/cuda/lib64/libcurand.so.10", RTLD_NOW | RTLD_LOCAL);
  if (!Library) {
    printf("nvidia mrg32k3a: not installed\n");
    return;
  }
  using Create = int (*)(void **, int);
  using SetSeed = int (*)(void *, unsigned long long);
  using Generate = int (*)(void *, unsigned *, size_t);
  auto Make = (Create)dlsym(Library, "curandCreateGeneratorHost");
  auto Seeded = (SetSeed)dlsym(Library, "curandSetPseudoRandomGeneratorSeed");
  auto Bits = (Generate)dlsym(Library, "curandGenerate");
  const unsigned Threads = 81920;
  const int Per = 8;
  std::vector<unsigned> Theirs(Threads * Per);
  void *G;
  Make(&G, CURAND_RNG_PSEUDO_MRG32K3A);
  Seeded(G, Seed);
  Bits(G, Theirs.data(), Theirs.size());
  unsigned *Ours;
  cudaMallocManaged(&Ours, Theirs.size() * sizeof(unsigned));
  mrgBits<<<Threads / 256, 256>>>(Ours, Per);
  cudaDeviceSynchronize();
  int Bad = 0;
  for (size_t I = 0; I < Theirs.size(); ++I)
    Bad += Ours[I] != Theirs[I];
  printf("nvidia mrg32k3a: %d of %zu differ\n", Bad, Theirs.size());
  cudaFree(Ours);
}

// Each check: a state reached by skipping must equal one reached by drawing.
template <typename State> __device__ bool sameNext(State A, State B) {
  for (int I = 0; I < 8; ++I)
    if (curand(&A) != curand(&B))
      return false;
  return true;
}

__global__ void skips(int *Bad) {
  int N = 0;
  {
    curandStateXORWOW_t A, B;
    curand_init(Seed, 5, 100, &A); // offset 100: the matrices
    curand_init(Seed, 5, 0, &B);
    for (int I = 0; I < 100; ++I)
      curand(&B);
    N += !sameNext(A, B);
    curand_init(Seed, 0, 0, &A);
    skipahead_sequence(5, &A);
    skipahead(7, &A); // a few steps
    curand_init(Seed, 5, 7, &B);
    N += !sameNext(A, B);
    curand_init(Seed, 3, 0, &A);
    skipahead_sequence(4, &A);
    curand_init(Seed, 7, 0, &B);
    N += !sameNext(A, B);
  }
  {
    curandStatePhilox4_32_10_t A, B;
    curand_init(Seed, 9, 4099, &A);
    curand_init(Seed, 9, 0, &B);
    for (int I = 0; I < 4099; ++I)
      curand(&B);
    N += !sameNext(A, B);
    curand_init(Seed, 9, 3, &A);
    skipahead(6, &A); // crosses a block
    curand_init(Seed, 9, 9, &B);
    N += !sameNext(A, B);
    curand_init(Seed, 0, 0, &A);
    skipahead_sequence(9, &A);
    curand_init(Seed, 9, 0, &B);
    N += !sameNext(A, B);
  }
  {
    curandStateMRG32k3a_t A, B;
    curand_init(Seed, 2, 1000, &A);
    curand_init(Seed, 2, 0, &B);
    for (int I = 0; I < 1000; ++I)
      curand(&B);
    N += !sameNext(A, B);
    curand_init(Seed, 0, 0, &A);
    skipahead_subsequence(2, &A);
    curand_init(Seed, 2, 0, &B);
    N += !sameNext(A, B);
    // A sequence is 2^51 subsequences (2^127 = 2^76 2^51).
    curand_init(Seed, 1ull << 51, 0, &A);
    curand_init(Seed, 0, 0, &B);
    skipahead_sequence(1, &B);
    N += !sameNext(A, B);
  }
  *Bad = N;
}

__global__ void poisson(unsigned *Out, double Lambda, int Per) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t S;
  curand_init(Seed, T, 0, &S);
  for (int J = 0; J < Per; ++J)
    Out[T * Per + J] = curand_poisson(&S, Lambda);
}

__global__ void logNormal(float *LogNormal, float *Normal) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  curandState S;
  curand_init(Seed, T, 0, &S);
  curandState Copy = S;
  LogNormal[T] = curand_log_normal(&S, 0.5f, 0.25f);
  Normal[T] = curand_normal(&Copy);
}

int main() {
  // XORWOW: 4096 subsequences, Philox 65536 (the host API's interleaving).
  compare("xorwow", run<curandStateXORWOW_t>(4096, 4),
          hostApi(CURAND_RNG_PSEUDO_XORWOW, 4096 * 4), {4096, false}, 4);
  compare("philox", run<curandStatePhilox4_32_10_t>(65536, 4),
          hostApi(CURAND_RNG_PSEUDO_PHILOX4_32_10, 65536 * 4), {65536, true},
          4);

  unsigned *B;
  float *U, *G;
  double *D, *H;
  cudaMallocManaged(&B, 32);
  cudaMallocManaged(&U, 32);
  cudaMallocManaged(&G, 32);
  cudaMallocManaged(&D, 64);
  cudaMallocManaged(&H, 64);
  mrg<<<1, 4>>>(B, U, D, G, H);
  cudaDeviceSynchronize();
  int Bad[5] = {};
  for (int I = 0; I < 8; ++I) {
    Bad[0] += B[I] != MrgBits[I];
    Bad[1] += !same(U[I], MrgUniform[I]);
    Bad[2] += !same(D[I], MrgDouble[I]);
    Bad[3] += !close(G[I], MrgNormal[I]);
    Bad[4] += !close(H[I], MrgNormalDouble[I]);
  }
  printf("mrg32k3a: bits %d, uniform %d, double %d, normal %d, normal double %d "
         "of 8 differ\n",
         Bad[0], Bad[1], Bad[2], Bad[3], Bad[4]);

  compareWithNvidia();

  int *SkipBad;
  cudaMallocManaged(&SkipBad, sizeof(int));
  skips<<<1, 1>>>(SkipBad);
  cudaDeviceSynchronize();
  printf("skip-ahead: %d of 9 differ\n", *SkipBad);

  const int Threads = 4096, Per = 64;
  unsigned *P;
  cudaMallocManaged(&P, Threads * Per * sizeof(unsigned));
  for (double Lambda : {4.0, 300.0}) {
    poisson<<<Threads / 256, 256>>>(P, Lambda, Per);
    cudaDeviceSynchronize();
    double Sum = 0, Sq = 0, N = double(Threads) * Per;
    for (int I = 0; I < Threads * Per; ++I) {
      Sum += P[I];
      Sq += double(P[I]) * P[I];
    }
    double Mean = Sum / N, Var = Sq / N - Mean * Mean;
    // Five standard errors of the mean; 3% of the variance.
    bool MeanOk = fabs(Mean - Lambda) < 5 * sqrt(Lambda / N);
    bool VarOk = fabs(Var - Lambda) < 0.03 * Lambda;
    printf("poisson %g: mean %s, variance %s\n", Lambda, MeanOk ? "ok" : "wrong",
           VarOk ? "ok" : "wrong");
    if (!MeanOk || !VarOk)
      printf("  mean %g variance %g\n", Mean, Var);
  }

  float *L, *Z;
  cudaMallocManaged(&L, 4096 * 4);
  cudaMallocManaged(&Z, 4096 * 4);
  logNormal<<<16, 256>>>(L, Z);
  cudaDeviceSynchronize();
  int LogBad = 0;
  for (int I = 0; I < 4096; ++I)
    LogBad += !close(L[I], expf(0.5f + 0.25f * Z[I]));
  printf("log-normal: %d of 4096 differ\n", LogBad);
  return 0;
}
#endif
