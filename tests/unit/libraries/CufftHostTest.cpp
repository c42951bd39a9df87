//===- CufftHostTest.cpp - cuFFT on the host target, numerically ----------===//
//
// Part of Rubicon. libcufft on FFTW against a direct DFT in double
// precision: 1D/2D/3D, batches, C2C both ways, R2C/C2R and D2Z/Z2D in and
// out of place (cuFFT's padded in-place layout), the advanced layout with
// strides and distances, and the errors.
//
//===----------------------------------------------------------------------===//
#include "cufft.h"
#include "cufftXt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);
using Cd = std::complex<double>;

/// The multidimensional DFT of a row-major array of shape N, sign -1 or +1.
std::vector<Cd> dft(const std::vector<Cd> &X, const std::vector<int> &N,
                    int Sign) {
  std::vector<Cd> Y = X;
  int Total = 1;
  for (int D : N)
    Total *= D;
  // One dimension at a time.
  int Inner = Total;
  for (size_t Dim = 0; Dim < N.size(); ++Dim) {
    int Len = N[Dim];
    Inner /= Len;
    int Outer = Total / (Len * Inner);
    std::vector<Cd> Next(Total);
    for (int O = 0; O < Outer; ++O)
      for (int I = 0; I < Inner; ++I)
        for (int K = 0; K < Len; ++K) {
          Cd Sum = 0;
          for (int J = 0; J < Len; ++J)
            Sum += Y[(size_t(O) * Len + J) * Inner + I] *
                   std::polar(1.0, Sign * 2 * M_PI * double(J) * K / Len);
          Next[(size_t(O) * Len + K) * Inner + I] = Sum;
        }
    Y = Next;
  }
  return Y;
}

std::vector<Cd> randomComplex(size_t N, unsigned Seed, bool Real = false) {
  std::mt19937 Gen(Seed);
  std::uniform_real_distribution<double> D(-1, 1);
  std::vector<Cd> V(N);
  for (Cd &X : V)
    X = Cd(D(Gen), Real ? 0.0 : D(Gen));
  return V;
}

template <class T> T *deviceCopy(const std::vector<T> &Host, size_t Extra = 0) {
  T *P = nullptr;
  EXPECT_EQ(cudaMalloc(reinterpret_cast<void **>(&P), (Host.size() + Extra) * sizeof(T)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(P, Host.data(), Host.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return P;
}
template <class T> std::vector<T> readBack(const T *P, size_t N) {
  std::vector<T> Out(N);
  EXPECT_EQ(cudaMemcpy(Out.data(), P, N * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return Out;
}

TEST(CufftHost, C2CAllRanksBothDirections) {
  struct Case {
    std::vector<int> N;
    int Batch;
  } Cases[] = {{{17}, 3}, {{64}, 1}, {{100}, 2}, {{6, 10}, 1}, {{4, 3, 5}, 1}};
  for (const Case &C : Cases) {
    int Total = 1;
    for (int D : C.N)
      Total *= D;
    auto X = randomComplex(size_t(Total) * C.Batch, Total);
    std::vector<cufftComplex> Host(X.size());
    for (size_t I = 0; I < X.size(); ++I)
      Host[I] = make_cuComplex(float(X[I].real()), float(X[I].imag()));
    for (int Dir : {CUFFT_FORWARD, CUFFT_INVERSE}) {
      cufftHandle Plan;
      cufftResult R = C.N.size() == 1 ? cufftPlan1d(&Plan, C.N[0], CUFFT_C2C, C.Batch)
                      : C.N.size() == 2 ? cufftPlan2d(&Plan, C.N[0], C.N[1], CUFFT_C2C)
                                        : cufftPlan3d(&Plan, C.N[0], C.N[1], C.N[2], CUFFT_C2C);
      ASSERT_EQ(R, CUFFT_SUCCESS);
      cufftComplex *In = deviceCopy(Host), *Out = deviceCopy(Host);
      ASSERT_EQ(cufftExecC2C(Plan, In, Out, Dir), CUFFT_SUCCESS);
      std::vector<cufftComplex> Got = readBack(Out, Host.size());
      for (int B = 0; B < C.Batch; ++B) {
        std::vector<Cd> One(X.begin() + B * Total, X.begin() + (B + 1) * Total);
        std::vector<Cd> Want = dft(One, C.N, Dir);
        for (int I = 0; I < Total; ++I)
          ASSERT_LT(std::abs(Cd(Got[B * Total + I].x, Got[B * Total + I].y) - Want[I]), 1e-4 * Total)
              << "rank " << C.N.size() << " n0 " << C.N[0] << " dir " << Dir << " at " << I;
      }
      cudaFree(In);
      cudaFree(Out);
      EXPECT_EQ(cufftDestroy(Plan), CUFFT_SUCCESS);
    }
  }
}

TEST(CufftHost, DoubleRealRoundTripOutOfPlace) {
  const int N = 30, Batch = 4;
  auto X = randomComplex(N * Batch, 5, /*Real=*/true);
  std::vector<double> Real(N * Batch);
  for (int I = 0; I < N * Batch; ++I)
    Real[I] = X[I].real();
  cufftHandle Forward, Backward;
  ASSERT_EQ(cufftPlan1d(&Forward, N, CUFFT_D2Z, Batch), CUFFT_SUCCESS);
  ASSERT_EQ(cufftPlan1d(&Backward, N, CUFFT_Z2D, Batch), CUFFT_SUCCESS);
  double *In = deviceCopy(Real);
  cufftDoubleComplex *Spectrum = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&Spectrum), (N / 2 + 1) * Batch * sizeof(cufftDoubleComplex)), cudaSuccess);
  ASSERT_EQ(cufftExecD2Z(Forward, In, Spectrum), CUFFT_SUCCESS);
  std::vector<cufftDoubleComplex> S = readBack(Spectrum, (N / 2 + 1) * Batch);
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cd> Want = dft(std::vector<Cd>(X.begin() + B * N, X.begin() + (B + 1) * N), {N}, -1);
    for (int K = 0; K <= N / 2; ++K)
      EXPECT_LT(std::abs(Cd(S[B * (N / 2 + 1) + K].x, S[B * (N / 2 + 1) + K].y) - Want[K]), 1e-12);
  }
  ASSERT_EQ(cufftExecZ2D(Backward, Spectrum, In), CUFFT_SUCCESS);
  std::vector<double> Back = readBack(In, N * Batch);
  for (int I = 0; I < N * Batch; ++I)
    EXPECT_NEAR(Back[I], N * Real[I], 1e-11); // unnormalized, as cuFFT
  cufftDestroy(Forward);
  cufftDestroy(Backward);
  cudaFree(In);
  cudaFree(Spectrum);
}

TEST(CufftHost, RealToComplex2DInPlacePadded) {
  // In place, cuFFT's basic layout pads each row of reals to 2 (n/2 + 1).
  const int NX = 6, NY = 9, Half = NY / 2 + 1;
  auto X = randomComplex(NX * NY, 9, true);
  std::vector<float> Padded(NX * 2 * Half, -99.0f);
  for (int I = 0; I < NX; ++I)
    for (int J = 0; J < NY; ++J)
      Padded[I * 2 * Half + J] = float(X[I * NY + J].real());
  float *Data = deviceCopy(Padded);
  cufftHandle Plan;
  ASSERT_EQ(cufftPlan2d(&Plan, NX, NY, CUFFT_R2C), CUFFT_SUCCESS);
  ASSERT_EQ(cufftExecR2C(Plan, Data, reinterpret_cast<cufftComplex *>(Data)), CUFFT_SUCCESS);
  std::vector<float> Got = readBack(Data, Padded.size());
  std::vector<Cd> Want = dft(X, {NX, NY}, -1);
  for (int I = 0; I < NX; ++I)
    for (int K = 0; K < Half; ++K) {
      Cd G(Got[(I * Half + K) * 2], Got[(I * Half + K) * 2 + 1]);
      EXPECT_LT(std::abs(G - Want[I * NY + K]), 1e-4) << I << "," << K;
    }
  // And back: C2R in place gives NX * NY times the input.
  cufftHandle Inverse;
  ASSERT_EQ(cufftPlan2d(&Inverse, NX, NY, CUFFT_C2R), CUFFT_SUCCESS);
  ASSERT_EQ(cufftExecC2R(Inverse, reinterpret_cast<cufftComplex *>(Data), Data), CUFFT_SUCCESS);
  std::vector<float> Back = readBack(Data, Padded.size());
  for (int I = 0; I < NX; ++I)
    for (int J = 0; J < NY; ++J)
      EXPECT_NEAR(Back[I * 2 * Half + J], NX * NY * X[I * NY + J].real(), 1e-3);
  cufftDestroy(Plan);
  cufftDestroy(Inverse);
  cudaFree(Data);
}

TEST(CufftHost, PlanManyAdvancedLayout) {
  // Three interleaved transforms of 16: element i of transform b at
  // b + 3 i (stride 3, distance 1); the output contiguous.
  const int N = 16, Batch = 3;
  auto X = randomComplex(N * Batch, 11);
  std::vector<cufftDoubleComplex> Host(N * Batch);
  for (int I = 0; I < N * Batch; ++I)
    Host[I] = make_cuDoubleComplex(X[I].real(), X[I].imag());
  int Dims[] = {N}, InEmbed[] = {N}, OutEmbed[] = {N};
  cufftHandle Plan;
  ASSERT_EQ(cufftPlanMany(&Plan, 1, Dims, InEmbed, Batch, 1, OutEmbed, 1, N, CUFFT_Z2Z, Batch), CUFFT_SUCCESS);
  cufftDoubleComplex *In = deviceCopy(Host), *Out = deviceCopy(Host);
  ASSERT_EQ(cufftExecZ2Z(Plan, In, Out, CUFFT_FORWARD), CUFFT_SUCCESS);
  std::vector<cufftDoubleComplex> Got = readBack(Out, N * Batch);
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cd> One(N);
    for (int I = 0; I < N; ++I)
      One[I] = X[B + Batch * I];
    std::vector<Cd> Want = dft(One, {N}, -1);
    for (int K = 0; K < N; ++K)
      EXPECT_LT(std::abs(Cd(Got[B * N + K].x, Got[B * N + K].y) - Want[K]), 1e-12);
  }
  cufftDestroy(Plan);
  cudaFree(In);
  cudaFree(Out);
}

TEST(CufftHost, CreateMakeStreamsAndErrors) {
  cufftHandle Plan;
  ASSERT_EQ(cufftCreate(&Plan), CUFFT_SUCCESS);
  size_t Work = 123;
  ASSERT_EQ(cufftMakePlan1d(Plan, 8, CUFFT_C2C, 1, &Work), CUFFT_SUCCESS);
  EXPECT_EQ(Work, 0u);
  cudaStream_t Stream;
  ASSERT_EQ(cudaStreamCreate(&Stream), cudaSuccess);
  ASSERT_EQ(cufftSetStream(Plan, Stream), CUFFT_SUCCESS);
  // An asynchronous copy on the stream lands before the transform reads it.
  std::vector<cufftComplex> Impulse(8, make_cuComplex(0, 0));
  Impulse[0] = make_cuComplex(1, 0);
  cufftComplex *Data = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&Data), sizeof(cufftComplex) * 8), cudaSuccess);
  ASSERT_EQ(cudaMemsetAsync(Data, 0, sizeof(cufftComplex) * 8, Stream), cudaSuccess);
  ASSERT_EQ(cudaMemcpyAsync(Data, Impulse.data(), sizeof(cufftComplex) * 8, cudaMemcpyHostToDevice, Stream), cudaSuccess);
  ASSERT_EQ(cufftExecC2C(Plan, Data, Data, CUFFT_FORWARD), CUFFT_SUCCESS);
  for (cufftComplex C : readBack(Data, 8)) {
    EXPECT_FLOAT_EQ(C.x, 1.0f);
    EXPECT_FLOAT_EQ(C.y, 0.0f);
  }
  float *Real = reinterpret_cast<float *>(Data);
  EXPECT_EQ(cufftExecR2C(Plan, Real, Data), CUFFT_INVALID_TYPE);
  EXPECT_EQ(cufftExecC2C(Plan, Data, Data, 7), CUFFT_INVALID_VALUE);
  EXPECT_EQ(cufftDestroy(Plan), CUFFT_SUCCESS);
  EXPECT_EQ(cufftExecC2C(Plan, Data, Data, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
  EXPECT_EQ(cufftDestroy(Plan), CUFFT_INVALID_PLAN);
  EXPECT_EQ(cufftPlan1d(&Plan, 0, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
  EXPECT_EQ(cufftPlan1d(&Plan, 8, cufftType(0x77), 1), CUFFT_INVALID_TYPE);
  int Version = 0;
  ASSERT_EQ(cufftGetVersion(&Version), CUFFT_SUCCESS);
  EXPECT_EQ(Version, CUFFT_VERSION);
  cudaStreamDestroy(Stream);
  cudaFree(Data);
}

} // namespace

namespace {

TEST(CufftHost, XtPlansWithDataTypes) {
  // cufftXtMakePlanMany with 64-bit sizes and cudaDataType: a C2C plan.
  const int N = 12;
  auto X = randomComplex(N, 21);
  std::vector<cufftComplex> Host(N);
  for (int I = 0; I < N; ++I)
    Host[I] = make_cuComplex(float(X[I].real()), float(X[I].imag()));
  cufftHandle Plan;
  ASSERT_EQ(cufftCreate(&Plan), CUFFT_SUCCESS);
  long long Size = N;
  size_t Work = 1;
  ASSERT_EQ(cufftXtMakePlanMany(Plan, 1, &Size, nullptr, 1, 1, CUDA_C_32F, nullptr, 1, 1,
                                CUDA_C_32F, 1, &Work, CUDA_C_32F),
            CUFFT_SUCCESS);
  EXPECT_EQ(Work, 0u);
  cufftComplex *Data = deviceCopy(Host);
  ASSERT_EQ(cufftXtExec(Plan, Data, Data, CUFFT_FORWARD), CUFFT_SUCCESS);
  std::vector<cufftComplex> Got = readBack(Data, N);
  std::vector<Cd> Want = dft(X, {N}, -1);
  for (int K = 0; K < N; ++K)
    EXPECT_LT(std::abs(Cd(Got[K].x, Got[K].y) - Want[K]), 1e-4);
  cufftDestroy(Plan);
  ASSERT_EQ(cufftCreate(&Plan), CUFFT_SUCCESS);
  EXPECT_EQ(cufftXtMakePlanMany(Plan, 1, &Size, nullptr, 1, 1, CUDA_C_16F, nullptr, 1, 1,
                                CUDA_C_16F, 1, &Work, CUDA_C_16F),
            CUFFT_NOT_SUPPORTED);
  cufftDestroy(Plan);
  cudaFree(Data);
}

} // namespace
