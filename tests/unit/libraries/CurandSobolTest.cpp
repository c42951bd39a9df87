//===- CurandSobolTest.cpp - cuRAND's Sobol generators on the CPU ---------===//
//
// Part of Rubicon. The quasirandom generators and their tables: the first
// points in closed form (van der Corput's dimension, Gray code order), Joe
// and Kuo's published initial numbers behind the direction vectors, a
// published point of a high dimension, the output layout (dimension after
// dimension), offsets and successive calls, the conversions; where NVIDIA's
// libcurand is installed, a direct comparison over all 20000 dimensions.
// Plus the errors cuRAND gives.
//
//===----------------------------------------------------------------------===//
#include "curand.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <dlfcn.h>
#include <vector>

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

struct Quasi {
  curandGenerator_t G = nullptr;
  Quasi(curandRngType_t Type, unsigned Dims, unsigned long long Offset = 0) {
    EXPECT_EQ(curandCreateGeneratorHost(&G, Type), CURAND_STATUS_SUCCESS);
    EXPECT_EQ(curandSetQuasiRandomGeneratorDimensions(G, Dims), CURAND_STATUS_SUCCESS);
    if (Offset)
      EXPECT_EQ(curandSetGeneratorOffset(G, Offset), CURAND_STATUS_SUCCESS);
  }
  ~Quasi() { curandDestroyGenerator(G); }
  std::vector<unsigned> bits(size_t N) {
    std::vector<unsigned> Out(N);
    EXPECT_EQ(curandGenerate(G, Out.data(), N), CURAND_STATUS_SUCCESS);
    return Out;
  }
  std::vector<unsigned long long> bits64(size_t N) {
    std::vector<unsigned long long> Out(N);
    EXPECT_EQ(curandGenerateLongLong(G, Out.data(), N), CURAND_STATUS_SUCCESS);
    return Out;
  }
};

constexpr unsigned H = 1u << 31;

TEST(CurandSobol, FirstPointsInClosedForm) {
  // Dimension 0 is van der Corput's sequence in Gray code order: 0, 1/2,
  // 3/4, 1/4, 3/8, 7/8, 5/8, 1/8. Dimension 1 (polynomial x + 1) steps by
  // v_j = v_{j-1} ^ (v_{j-1} >> 1): 0, 1/2, 1/4, 3/4, 3/8, 7/8, 1/8, 5/8.
  // Two dimensions of 8 points: 8 values of dimension 0, then 8 of 1.
  EXPECT_EQ(Quasi(CURAND_RNG_QUASI_SOBOL32, 2).bits(16),
            (std::vector<unsigned>{0, H, 3 * (H / 2), H / 2, 3 * (H / 4), 7 * (H / 4),
                                   5 * (H / 4), H / 4,
                                   0, H, H / 2, 3 * (H / 2), 3 * (H / 4), 7 * (H / 4),
                                   H / 4, 5 * (H / 4)}));
  // 64 bits: the same points, in the upper bits.
  std::vector<unsigned long long> Wide = Quasi(CURAND_RNG_QUASI_SOBOL64, 1).bits64(4);
  EXPECT_EQ(Wide, (std::vector<unsigned long long>{0, 1ull << 63, 3ull << 62, 1ull << 62}));
  // The default quasirandom generator is Sobol32; one dimension by default.
  curandGenerator_t G;
  ASSERT_EQ(curandCreateGeneratorHost(&G, CURAND_RNG_QUASI_DEFAULT), CURAND_STATUS_SUCCESS);
  std::vector<float> U(4);
  ASSERT_EQ(curandGenerateUniform(G, U.data(), 4), CURAND_STATUS_SUCCESS);
  // Floats are x 2^-32 plus half a step.
  EXPECT_EQ(U, (std::vector<float>{0x1p-33f, 0.5f, 0.75f, 0.25f}));
  curandDestroyGenerator(G);
}

TEST(CurandSobol, JoeKuoDirectionNumbers) {
  curandDirectionVectors32_t *V = nullptr;
  ASSERT_EQ(curandGetDirectionVectors32(&V, CURAND_DIRECTION_VECTORS_32_JOEKUO6),
            CURAND_STATUS_SUCCESS);
  // Lines d = 2 .. 7 of new-joe-kuo-6.21201 ("d s a m_1 .. m_s"):
  //   2 1 0 1 / 3 2 1 1 3 / 4 3 1 1 3 1 / 5 3 2 1 1 1 / 6 4 1 1 1 3 3 /
  //   7 4 4 1 3 5 13. Dimension d - 1 starts with v_j = m_{j+1} 2^(31-j).
  const std::vector<std::vector<unsigned>> Published = {
      {1}, {1, 3}, {1, 3, 1}, {1, 1, 1}, {1, 1, 3, 3}, {1, 3, 5, 13}};
  for (unsigned D = 0; D < Published.size(); ++D)
    for (unsigned J = 0; J < Published[D].size(); ++J)
      EXPECT_EQ(V[D + 1][J] >> (31 - J), Published[D][J]) << "line " << D + 2;
  // Beyond the initial numbers, Joe and Kuo's recurrence: line 7's
  // polynomial is x^4 + x^3 + 1 (a = 4: a_1 = 1), so
  // m_5 = 2 a_1 m_4 ^ 2^4 m_1 ^ m_1 = 26 ^ 16 ^ 1 = 11.
  EXPECT_EQ(V[6][4] >> 27, 11u);
  // A published point deep in the set: point 113 of dimension 8491 (1-based)
  // is 0.7578125 (the test suite of Joe and Kuo's numbers in
  // sobol_sequence.hpp), in 32 and 64 bits.
  unsigned Gray = 113 ^ (113 >> 1), X = 0;
  curandDirectionVectors64_t *W = nullptr;
  ASSERT_EQ(curandGetDirectionVectors64(&W, CURAND_DIRECTION_VECTORS_64_JOEKUO6),
            CURAND_STATUS_SUCCESS);
  unsigned long long Y = 0;
  for (int K = 0; K < 8; ++K)
    if (Gray >> K & 1) {
      X ^= V[8490][K];
      Y ^= W[8490][K];
    }
  EXPECT_EQ(X, unsigned(0.7578125 * 4294967296.0));
  EXPECT_EQ(Y, (unsigned long long)X << 32);
  // The generator gives the same point.
  Quasi Deep(CURAND_RNG_QUASI_SOBOL32, 20000, 113);
  EXPECT_EQ(Deep.bits(20000)[8490], X);
  // Every 64-bit vector extends the 32-bit one.
  for (int D = 0; D < 20000; D += 97)
    for (int J = 0; J < 32; ++J)
      ASSERT_EQ(W[D][J] >> 32, V[D][J]) << D << " " << J;
}

TEST(CurandSobol, OffsetsCallsAndScrambling) {
  // An offset skips points of every dimension; a second call continues.
  std::vector<unsigned> Whole = Quasi(CURAND_RNG_QUASI_SOBOL32, 3).bits(3 * 40);
  Quasi Split(CURAND_RNG_QUASI_SOBOL32, 3, 10);
  std::vector<unsigned> A = Split.bits(3 * 10), B = Split.bits(3 * 20);
  for (int D = 0; D < 3; ++D)
    for (int I = 0; I < 30; ++I)
      ASSERT_EQ(I < 10 ? A[D * 10 + I] : B[D * 20 + I - 10], Whole[D * 40 + 10 + I])
          << D << " " << I;
  // Scrambled: every point xored with its dimension's constant.
  unsigned *C32 = nullptr;
  unsigned long long *C64 = nullptr;
  ASSERT_EQ(curandGetScrambleConstants32(&C32), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGetScrambleConstants64(&C64), CURAND_STATUS_SUCCESS);
  std::vector<unsigned> S = Quasi(CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, 3).bits(3 * 40);
  for (int D = 0; D < 3; ++D)
    for (int I = 0; I < 40; ++I)
      ASSERT_EQ(S[D * 40 + I], Whole[D * 40 + I] ^ C32[D]);
  std::vector<unsigned long long> P = Quasi(CURAND_RNG_QUASI_SOBOL64, 2).bits64(8);
  std::vector<unsigned long long> Q = Quasi(CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, 2).bits64(8);
  for (int I = 0; I < 8; ++I)
    EXPECT_EQ(Q[I], P[I] ^ C64[I / 4]);
  EXPECT_NE(C32[0], C32[1]);
}

TEST(CurandSobol, Distributions) {
  // Doubles: Sobol32 x 2^-32 + 2^-32; Sobol64 the upper 53 bits + 2^-54.
  // Normals: the normal quantile of the uniform (0.5 gives the mean).
  Quasi G32(CURAND_RNG_QUASI_SOBOL32, 1), G64(CURAND_RNG_QUASI_SOBOL64, 1);
  std::vector<double> D(4);
  ASSERT_EQ(curandGenerateUniformDouble(G32.G, D.data(), 4), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(D, (std::vector<double>{0x1p-32, 0.5 + 0x1p-32, 0.75 + 0x1p-32, 0.25 + 0x1p-32}));
  ASSERT_EQ(curandGenerateUniformDouble(G64.G, D.data(), 4), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(D, (std::vector<double>{0x1p-54, 0.5 + 0x1p-54, 0.75 + 0x1p-54, 0.25 + 0x1p-54}));
  Quasi N32(CURAND_RNG_QUASI_SOBOL32, 1);
  std::vector<double> Normal(1 << 16);
  ASSERT_EQ(curandGenerateNormalDouble(N32.G, Normal.data(), Normal.size(), 3.0, 2.0),
            CURAND_STATUS_SUCCESS);
  // Point 1 is 1/2 (+2^-33): the mean. Point 2 is 3/4 + 2^-33: the 75%
  // quantile 0.6744897501960817 plus 2^-33 over the density there.
  EXPECT_NEAR(Normal[1], 3.0, 1e-8);
  EXPECT_NEAR(Normal[2], 3.0 + 2.0 * (0.6744897501960817 + 0x1p-33 / 0.31777657), 1e-12);
  double Sum = 0, Squares = 0;
  for (double X : Normal) {
    Sum += X;
    Squares += X * X;
  }
  double Mean = Sum / Normal.size();
  EXPECT_NEAR(Mean, 3.0, 1e-3);
  EXPECT_NEAR(std::sqrt(Squares / Normal.size() - Mean * Mean), 2.0, 1e-2);
  std::vector<float> Log(8), Plain(8);
  Quasi L(CURAND_RNG_QUASI_SOBOL32, 2), M(CURAND_RNG_QUASI_SOBOL32, 2);
  ASSERT_EQ(curandGenerateLogNormal(L.G, Log.data(), 8, 0.5f, 0.25f), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGenerateNormal(M.G, Plain.data(), 8, 0.5f, 0.25f), CURAND_STATUS_SUCCESS);
  for (int I = 0; I < 8; ++I)
    EXPECT_FLOAT_EQ(Log[I], std::exp(Plain[I]));
}

TEST(CurandSobol, Errors) {
  Quasi G(CURAND_RNG_QUASI_SOBOL32, 3);
  std::vector<unsigned> V(8);
  std::vector<unsigned long long> W(8);
  EXPECT_EQ(curandGenerate(G.G, V.data(), 8), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT_EQ(curandGenerateLongLong(G.G, W.data(), 6), CURAND_STATUS_TYPE_ERROR);
  EXPECT_EQ(curandSetPseudoRandomGeneratorSeed(G.G, 1), CURAND_STATUS_TYPE_ERROR);
  EXPECT_EQ(curandSetQuasiRandomGeneratorDimensions(G.G, 0), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(curandSetQuasiRandomGeneratorDimensions(G.G, 20001), CURAND_STATUS_OUT_OF_RANGE);
  Quasi Wide(CURAND_RNG_QUASI_SOBOL64, 1);
  EXPECT_EQ(curandGenerate(Wide.G, V.data(), 8), CURAND_STATUS_TYPE_ERROR);
  curandGenerator_t P;
  ASSERT_EQ(curandCreateGeneratorHost(&P, CURAND_RNG_PSEUDO_XORWOW), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(curandSetQuasiRandomGeneratorDimensions(P, 2), CURAND_STATUS_TYPE_ERROR);
  EXPECT_EQ(curandGenerateLongLong(P, W.data(), 8), CURAND_STATUS_TYPE_ERROR);
  curandDestroyGenerator(P);
  curandDirectionVectors32_t *V32;
  EXPECT_EQ(curandGetDirectionVectors32(&V32, CURAND_DIRECTION_VECTORS_64_JOEKUO6),
            CURAND_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(curandGetDirectionVectors32(nullptr, CURAND_DIRECTION_VECTORS_32_JOEKUO6),
            CURAND_STATUS_OUT_OF_RANGE);
}

// NVIDIA's own library, where installed, as a black box (never linked).
TEST(CurandSobol, SameAsNvidiasLibrary) {
  void *Library = dlopen("/usr/local/cuda/lib64/libcurand.so.10", RTLD_NOW | RTLD_LOCAL);
  if (!Library)
    GTEST_SKIP() << "NVIDIA's libcurand is not installed";
  auto Get = [&](const char *Name) { return dlsym(Library, Name); };
  auto *Create = reinterpret_cast<int (*)(void **, int)>(Get("curandCreateGeneratorHost"));
  auto *Dims = reinterpret_cast<int (*)(void *, unsigned)>(Get("curandSetQuasiRandomGeneratorDimensions"));
  auto *Offset = reinterpret_cast<int (*)(void *, unsigned long long)>(Get("curandSetGeneratorOffset"));
  auto *Bits = reinterpret_cast<int (*)(void *, unsigned *, size_t)>(Get("curandGenerate"));
  auto *Bits64 = reinterpret_cast<int (*)(void *, unsigned long long *, size_t)>(Get("curandGenerateLongLong"));
  auto *Uniform = reinterpret_cast<int (*)(void *, float *, size_t)>(Get("curandGenerateUniform"));
  auto *UniformD = reinterpret_cast<int (*)(void *, double *, size_t)>(Get("curandGenerateUniformDouble"));
  auto *NormalD = reinterpret_cast<int (*)(void *, double *, size_t, double, double)>(Get("curandGenerateNormalDouble"));
  auto *Destroy = reinterpret_cast<int (*)(void *)>(Get("curandDestroyGenerator"));
  struct Case { unsigned Dims; unsigned long long Offset; size_t N; };
  for (Case C : {Case{1, 0, 5000}, Case{3, 7, 3000}, Case{20000, 1000, 40000}, Case{20000, 0, 20000 * 33}})
    for (curandRngType_t Type : {CURAND_RNG_QUASI_SOBOL32, CURAND_RNG_QUASI_SOBOL64}) {
      void *Theirs = nullptr;
      ASSERT_EQ(Create(&Theirs, Type), 0);
      Dims(Theirs, C.Dims);
      Offset(Theirs, C.Offset);
      Quasi Ours(Type, C.Dims, C.Offset);
      for (int Call = 0; Call < 2; ++Call) { // a second call continues
        if (Type == CURAND_RNG_QUASI_SOBOL32) {
          std::vector<unsigned> Want(C.N);
          Bits(Theirs, Want.data(), C.N);
          ASSERT_EQ(Ours.bits(C.N), Want) << C.Dims << " dims, offset " << C.Offset;
        } else {
          std::vector<unsigned long long> Want(C.N);
          Bits64(Theirs, Want.data(), C.N);
          ASSERT_EQ(Ours.bits64(C.N), Want) << C.Dims << " dims, offset " << C.Offset;
        }
      }
      Destroy(Theirs);
      if (C.N > 10000)
        continue;
      ASSERT_EQ(Create(&Theirs, Type), 0);
      Dims(Theirs, C.Dims);
      Quasi Conv(Type, C.Dims);
      std::vector<float> WantF(C.N), GotF(C.N);
      Uniform(Theirs, WantF.data(), C.N);
      ASSERT_EQ(curandGenerateUniform(Conv.G, GotF.data(), C.N), CURAND_STATUS_SUCCESS);
      EXPECT_EQ(GotF, WantF) << Type;
      std::vector<double> WantD(C.N), GotD(C.N);
      UniformD(Theirs, WantD.data(), C.N);
      ASSERT_EQ(curandGenerateUniformDouble(Conv.G, GotD.data(), C.N), CURAND_STATUS_SUCCESS);
      EXPECT_EQ(GotD, WantD) << Type;
      NormalD(Theirs, WantD.data(), C.N, 1.0, 2.0);
      ASSERT_EQ(curandGenerateNormalDouble(Conv.G, GotD.data(), C.N, 1.0, 2.0), CURAND_STATUS_SUCCESS);
      for (size_t I = 0; I < C.N; ++I)
        ASSERT_NEAR(GotD[I], WantD[I], 1e-12 * (1 + std::fabs(WantD[I]))) << Type << " normal " << I;
      Destroy(Theirs);
    }
}

} // namespace
