//===- CurandHostTest.cpp - cuRAND's sequences on the CPU -----------------===//
//
// Part of Rubicon. libcurand's generators give NVIDIA's sequences: values
// recorded from NVIDIA's cuRAND 10 host generator (seed 1234) for XORWOW,
// Philox4x32-10, MRG32k3a (also against L'Ecuyer's reference seeds) and
// MTGP32 (also against Saito and Matsumoto's reference code), bits and every distribution, at offset 0 and past the
// first round of subsequences; where NVIDIA's libcurand is installed, a
// direct comparison over many sizes, offsets and successive calls. Plus the
// device API of the host target (device memory, streams) and the errors.
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

struct Generator {
  curandGenerator_t G = nullptr;
  Generator(curandRngType_t Type, unsigned long long Seed,
            unsigned long long Offset = 0, bool Host = true) {
    EXPECT_EQ(Host ? curandCreateGeneratorHost(&G, Type)
                   : curandCreateGenerator(&G, Type),
              CURAND_STATUS_SUCCESS);
    EXPECT_EQ(curandSetPseudoRandomGeneratorSeed(G, Seed), CURAND_STATUS_SUCCESS);
    if (Offset)
      EXPECT_EQ(curandSetGeneratorOffset(G, Offset), CURAND_STATUS_SUCCESS);
  }
  ~Generator() { curandDestroyGenerator(G); }
  std::vector<unsigned> bits(size_t N) {
    std::vector<unsigned> Out(N);
    EXPECT_EQ(curandGenerate(G, Out.data(), N), CURAND_STATUS_SUCCESS);
    return Out;
  }
};

TEST(CurandHost, XorwowMatchesNvidia) {
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_XORWOW, 1234).bits(8),
            (std::vector<unsigned>{624778773u, 3522650202u, 2363946744u,
                                   1266286439u, 3928747533u, 3732235839u,
                                   1382638835u, 3362343509u}));
  // Offset 131072: the 33rd value of each of the 4096 subsequences.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_XORWOW, 1234, 131072).bits(4),
            (std::vector<unsigned>{3774487541u, 442017126u, 3097836703u,
                                   3214937616u}));
  // Index 4096 is the second value of subsequence 0.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_DEFAULT, 1234).bits(4098)[4096],
            1867875844u);
}

TEST(CurandHost, Mrg32k3aMatchesNvidiaAndLEcuyer) {
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MRG32K3A, 1234).bits(4),
            (std::vector<unsigned>{3379073520u, 653317650u, 4012281984u, 4237272334u}));
  // 81920 subsequences: index 81920 is the second value of subsequence 0.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MRG32K3A, 1234).bits(81922)[81920], 2521876100u);
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MRG32K3A, 1234, 81921).bits(1)[0],
            Generator(CURAND_RNG_PSEUDO_MRG32K3A, 1234).bits(81922)[81921]);
  // Seed 0 starts from 12345 in all six words, L'Ecuyer's reference seeds:
  // the recurrences give 545508589, 1368065410, 1327943761 over m1
  // (0.12701112207614923, ...) in subsequence 0.
  Generator Ref(CURAND_RNG_PSEUDO_MRG32K3A, 0);
  std::vector<double> U(81920 * 2 + 1);
  ASSERT_EQ(curandGenerateUniformDouble(Ref.G, U.data(), U.size()), CURAND_STATUS_SUCCESS);
  const double M1Inverse = 1.0 / 4294967087.0;
  EXPECT_EQ(U[0], 545508589 * M1Inverse);
  EXPECT_EQ(U[81920], 1368065410 * M1Inverse);
  EXPECT_EQ(U[2 * 81920], 1327943761 * M1Inverse);
}

TEST(CurandHost, Mtgp32MatchesNvidiaAndTheReference) {
  // Recorded from NVIDIA's cuRAND 10 host generator, seed 1234.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MTGP32, 1234).bits(4),
            (std::vector<unsigned>{2501053709u, 1991185121u, 2644103708u, 4279383218u}));
  // Output n is value (n / 49152) * 256 + n % 256 of generator
  // (n % 49152) / 256, generator b being MTGP32 with parameter set b and
  // seed s + b + 1. Values of Saito and Matsumoto's reference code
  // (mtgp32-fast.c, mtgp32_init and mtgp32_genrand_uint32): set 0 and
  // seed 1: 360948779, 1200908298; set 1 and seed 1236: 3018620328,
  // 4048421588; set 0 and seed 1235, value 256: 809145794; set 191 and seed
  // 1426: 1850711398.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MTGP32, 0).bits(2),
            (std::vector<unsigned>{360948779u, 1200908298u}));
  // The seed's halves are xored: 2^32 + 1 seeds as 0.
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_MTGP32, (1ull << 32) + 1).bits(2),
            (std::vector<unsigned>{360948779u, 1200908298u}));
  std::vector<unsigned> Long = Generator(CURAND_RNG_PSEUDO_MTGP32, 1234).bits(49153);
  EXPECT_EQ(Long[256], 3018620328u);
  EXPECT_EQ(Long[257], 4048421588u);
  EXPECT_EQ(Long[191 * 256], 1850711398u);
  EXPECT_EQ(Long[49152], 809145794u);
  // No offsets, as NVIDIA's.
  Generator G(CURAND_RNG_PSEUDO_MTGP32, 1);
  EXPECT_EQ(curandSetGeneratorOffset(G.G, 5), CURAND_STATUS_TYPE_ERROR);
  // Normals are the normal quantile of one uniform each: 2501053709
  // 2^-32 + 2^-33 = 0.5823219...: z = 0.2078371...
  std::vector<float> Normal(2);
  Generator N(CURAND_RNG_PSEUDO_MTGP32, 1234);
  ASSERT_EQ(curandGenerateNormal(N.G, Normal.data(), 2, 0.0f, 1.0f), CURAND_STATUS_SUCCESS);
  EXPECT_NEAR(Normal[0], 0.20783715f, 1e-6f);
  EXPECT_NEAR(Normal[1], -0.0913457796f, 1e-6f);
  // NVIDIA's library, where installed, as a black box (never linked).
  void *Library = dlopen("/usr/local/cuda/lib64/libcurand.so.10", RTLD_NOW | RTLD_LOCAL);
  if (!Library)
    return;
  auto *Create = reinterpret_cast<int (*)(void **, int)>(dlsym(Library, "curandCreateGeneratorHost"));
  auto *Seed = reinterpret_cast<int (*)(void *, unsigned long long)>(dlsym(Library, "curandSetPseudoRandomGeneratorSeed"));
  auto *Bits = reinterpret_cast<int (*)(void *, unsigned *, size_t)>(dlsym(Library, "curandGenerate"));
  auto *Uniform = reinterpret_cast<int (*)(void *, float *, size_t)>(dlsym(Library, "curandGenerateUniform"));
  auto *UniformD = reinterpret_cast<int (*)(void *, double *, size_t)>(dlsym(Library, "curandGenerateUniformDouble"));
  auto *Destroy = reinterpret_cast<int (*)(void *)>(dlsym(Library, "curandDestroyGenerator"));
  void *Theirs = nullptr;
  ASSERT_EQ(Create(&Theirs, CURAND_RNG_PSEUDO_MTGP32), 0);
  Seed(Theirs, 77);
  Generator Ours(CURAND_RNG_PSEUDO_MTGP32, 77);
  for (size_t N : {size_t(100000), size_t(333)}) { // successive calls continue
    std::vector<unsigned> Want(N);
    Bits(Theirs, Want.data(), N);
    EXPECT_EQ(Ours.bits(N), Want) << N;
  }
  std::vector<float> WantF(5000), GotF(5000);
  Uniform(Theirs, WantF.data(), 5000);
  ASSERT_EQ(curandGenerateUniform(Ours.G, GotF.data(), 5000), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(GotF, WantF);
  std::vector<double> WantD(5000), GotD(5000);
  UniformD(Theirs, WantD.data(), 5000);
  ASSERT_EQ(curandGenerateUniformDouble(Ours.G, GotD.data(), 5000), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(GotD, WantD);
  Destroy(Theirs);
}

TEST(CurandHost, PhiloxMatchesNvidia) {
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234).bits(8),
            (std::vector<unsigned>{546353992u, 3665621163u, 1140953199u,
                                   3419031310u, 3507855656u, 1392278645u,
                                   3354607383u, 253049307u}));
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234, 131072).bits(4),
            (std::vector<unsigned>{1357850657u, 1433296408u, 1956368360u,
                                   575237494u}));
  EXPECT_EQ(Generator(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234).bits(262145)[262144],
            2666454581u);
}

TEST(CurandHost, DistributionsMatchNvidia) {
  Generator X(CURAND_RNG_PSEUDO_XORWOW, 1234);
  std::vector<float> F(4);
  ASSERT_EQ(curandGenerateUniform(X.G, F.data(), 4), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(F, (std::vector<float>{0.145467639f, 0.820180893f, 0.550399244f,
                                   0.294830292f}));
  Generator XD(CURAND_RNG_PSEUDO_XORWOW, 1234);
  std::vector<double> D(2);
  ASSERT_EQ(curandGenerateUniformDouble(XD.G, D.data(), 2), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(D, (std::vector<double>{0.43489880438841294, 0.92641692020243771}));
  Generator XN(CURAND_RNG_PSEUDO_XORWOW, 1234);
  ASSERT_EQ(curandGenerateNormal(XN.G, F.data(), 4, 0.0f, 1.0f), CURAND_STATUS_SUCCESS);
  const float WantNormal[] = {0.780973554f, -1.80157816f, -0.280848563f, 0.563546598f};
  for (int I = 0; I < 4; ++I)
    EXPECT_NEAR(F[I], WantNormal[I], 2e-6f) << I;
  Generator XND(CURAND_RNG_PSEUDO_XORWOW, 1234);
  ASSERT_EQ(curandGenerateNormalDouble(XND.G, D.data(), 2, 0.0, 1.0), CURAND_STATUS_SUCCESS);
  EXPECT_NEAR(D[0], 0.35873979852445503, 1e-15);
  EXPECT_NEAR(D[1], -1.239592503223552, 1e-15);

  Generator P(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234);
  ASSERT_EQ(curandGenerateNormal(P.G, F.data(), 4, 0.0f, 1.0f), CURAND_STATUS_SUCCESS);
  const float WantPhilox[] = {-1.61649048f, 1.22915542f, -1.56054044f, 0.464621365f};
  for (int I = 0; I < 4; ++I)
    EXPECT_NEAR(F[I], WantPhilox[I], 2e-6f) << I;
  Generator PD(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234);
  std::vector<double> D4(4);
  ASSERT_EQ(curandGenerateNormalDouble(PD.G, D4.data(), 4, 0.0, 1.0), CURAND_STATUS_SUCCESS);
  const double WantPhiloxD[] = {-0.53952669590731883, 0.16063334644202293,
                                1.0081967077372695, 1.8322492478152392};
  for (int I = 0; I < 4; ++I)
    EXPECT_NEAR(D4[I], WantPhiloxD[I], 1e-15) << I;
  Generator PU(CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234);
  ASSERT_EQ(curandGenerateUniformDouble(PU.G, D.data(), 2), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(D, (std::vector<double>{0.85346899543001431, 0.79605514883270523}));
}

TEST(CurandHost, SuccessiveCallsContinueTheSequence) {
  for (curandRngType_t Type : {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10}) {
    std::vector<unsigned> Whole = Generator(Type, 99).bits(10007);
    Generator Parts(Type, 99);
    std::vector<unsigned> A = Parts.bits(5), B = Parts.bits(10002);
    A.insert(A.end(), B.begin(), B.end());
    EXPECT_EQ(A, Whole) << Type;
    // An offset is a position in that sequence.
    std::vector<unsigned> Skipped = Generator(Type, 99, 4099).bits(100);
    EXPECT_TRUE(std::equal(Skipped.begin(), Skipped.end(), Whole.begin() + 4099)) << Type;
  }
}

TEST(CurandHost, StatisticsAndLogNormal) {
  Generator G(CURAND_RNG_PSEUDO_XORWOW, 7);
  const size_t N = 1 << 20;
  std::vector<float> V(N);
  ASSERT_EQ(curandGenerateNormal(G.G, V.data(), N, 3.0f, 2.0f), CURAND_STATUS_SUCCESS);
  double Sum = 0, Squares = 0;
  for (float X : V) {
    Sum += X;
    Squares += double(X) * X;
  }
  double Mean = Sum / N, Var = Squares / N - Mean * Mean;
  EXPECT_NEAR(Mean, 3.0, 0.01);
  EXPECT_NEAR(std::sqrt(Var), 2.0, 0.01);
  ASSERT_EQ(curandGenerateUniform(G.G, V.data(), N), CURAND_STATUS_SUCCESS);
  for (float X : V)
    ASSERT_TRUE(X > 0.0f && X <= 1.0f) << X;
  // exp of the normal sequence the same seed gives.
  Generator A(CURAND_RNG_PSEUDO_PHILOX4_32_10, 5), B(CURAND_RNG_PSEUDO_PHILOX4_32_10, 5);
  std::vector<double> Normal(64), Log(64);
  ASSERT_EQ(curandGenerateNormalDouble(A.G, Normal.data(), 64, 0.5, 0.25), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGenerateLogNormalDouble(B.G, Log.data(), 64, 0.5, 0.25), CURAND_STATUS_SUCCESS);
  for (int I = 0; I < 64; ++I)
    EXPECT_DOUBLE_EQ(Log[I], std::exp(Normal[I]));
}

TEST(CurandHost, DeviceGeneratorOnTheHostTarget) {
  // Device memory, a stream: the same sequence as the host generator.
  unsigned *Device = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void **>(&Device), 1000 * sizeof(unsigned)), cudaSuccess);
  cudaStream_t Stream;
  ASSERT_EQ(cudaStreamCreate(&Stream), cudaSuccess);
  Generator G(CURAND_RNG_PSEUDO_DEFAULT, 1234, 0, /*Host=*/false);
  ASSERT_EQ(curandSetStream(G.G, Stream), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGenerate(G.G, Device, 1000), CURAND_STATUS_SUCCESS);
  std::vector<unsigned> Back(1000);
  ASSERT_EQ(cudaMemcpyAsync(Back.data(), Device, 1000 * sizeof(unsigned),
                            cudaMemcpyDeviceToHost, Stream), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(Stream), cudaSuccess);
  EXPECT_EQ(Back, Generator(CURAND_RNG_PSEUDO_XORWOW, 1234).bits(1000));
  cudaStreamDestroy(Stream);
  cudaFree(Device);
}

TEST(CurandHost, Errors) {
  Generator G(CURAND_RNG_PSEUDO_XORWOW, 1);
  std::vector<float> V(3);
  EXPECT_EQ(curandGenerateNormal(G.G, V.data(), 3, 0, 1), CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT_EQ(curandGenerate(nullptr, nullptr, 1), CURAND_STATUS_NOT_INITIALIZED);
  curandGenerator_t Bad;
  EXPECT_EQ(curandCreateGeneratorHost(&Bad, curandRngType_t(77)), CURAND_STATUS_TYPE_ERROR);
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(curandCreateGeneratorHost(&Bad, CURAND_RNG_PSEUDO_MT19937), CURAND_STATUS_TYPE_ERROR);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("not implemented"), std::string::npos);
  int Version = 0;
  ASSERT_EQ(curandGetVersion(&Version), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(Version, CURAND_VERSION);
}

// NVIDIA's own library, where installed, as a black box (never linked).
struct NvidiaCurand {
  void *Library = dlopen("/usr/local/cuda/lib64/libcurand.so.10", RTLD_NOW | RTLD_LOCAL);
  template <class Fn> Fn *get(const char *Name) {
    return reinterpret_cast<Fn *>(dlsym(Library, Name));
  }
};

TEST(CurandHost, SameAsNvidiasLibrary) {
  NvidiaCurand Nv;
  if (!Nv.Library)
    GTEST_SKIP() << "NVIDIA's libcurand is not installed";
  auto *Create = Nv.get<int(void **, int)>("curandCreateGeneratorHost");
  auto *Seed = Nv.get<int(void *, unsigned long long)>("curandSetPseudoRandomGeneratorSeed");
  auto *Offset = Nv.get<int(void *, unsigned long long)>("curandSetGeneratorOffset");
  auto *Bits = Nv.get<int(void *, unsigned *, size_t)>("curandGenerate");
  auto *UniformD = Nv.get<int(void *, double *, size_t)>("curandGenerateUniformDouble");
  auto *NormalD = Nv.get<int(void *, double *, size_t, double, double)>("curandGenerateNormalDouble");
  auto *Destroy = Nv.get<int(void *)>("curandDestroyGenerator");
  auto *Uniform = Nv.get<int(void *, float *, size_t)>("curandGenerateUniform");
  auto *Normal = Nv.get<int(void *, float *, size_t, float, float)>("curandGenerateNormal");
  for (curandRngType_t Type : {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10,
                               CURAND_RNG_PSEUDO_MRG32K3A})
    for (unsigned long long Off : {0ull, 1ull, 4097ull, 300000ull})
      for (size_t N : {size_t(1), size_t(1000), size_t(70000)}) {
        // NVIDIA's MRG32k3a host generator takes seconds to start: two cases.
        if (Type == CURAND_RNG_PSEUDO_MRG32K3A &&
            !((Off == 0 && N == 70000) || (Off == 300000 && N == 1000)))
          continue;
        void *Theirs = nullptr;
        ASSERT_EQ(Create(&Theirs, Type), 0);
        Seed(Theirs, 42 + Off);
        Offset(Theirs, Off);
        std::vector<unsigned> Want(N), Want2(N);
        Bits(Theirs, Want.data(), N);
        Bits(Theirs, Want2.data(), N); // a second call continues
        Generator Ours(Type, 42 + Off, Off);
        EXPECT_EQ(Ours.bits(N), Want) << Type << " offset " << Off << " n " << N;
        EXPECT_EQ(Ours.bits(N), Want2) << Type << " offset " << Off << " n " << N;
        Destroy(Theirs);
        if (Off == 0 && N % 2 == 0) {
          std::vector<double> WantD(N), GotD(N);
          ASSERT_EQ(Create(&Theirs, Type), 0);
          Seed(Theirs, 42);
          UniformD(Theirs, WantD.data(), N);
          Generator OursD(Type, 42);
          ASSERT_EQ(curandGenerateUniformDouble(OursD.G, GotD.data(), N), CURAND_STATUS_SUCCESS);
          EXPECT_EQ(GotD, WantD) << Type << " uniform double n " << N;
          NormalD(Theirs, WantD.data(), N, 1.0, 2.0);
          ASSERT_EQ(curandGenerateNormalDouble(OursD.G, GotD.data(), N, 1.0, 2.0), CURAND_STATUS_SUCCESS);
          for (size_t I = 0; I < N; ++I)
            ASSERT_NEAR(GotD[I], WantD[I], 1e-12) << Type << " normal double " << I;
          Destroy(Theirs);
          // Floats from fresh generators.
          ASSERT_EQ(Create(&Theirs, Type), 0);
          Seed(Theirs, 42);
          Generator OursF(Type, 42);
          std::vector<float> WantF(N), GotF(N);
          Uniform(Theirs, WantF.data(), N);
          ASSERT_EQ(curandGenerateUniform(OursF.G, GotF.data(), N), CURAND_STATUS_SUCCESS);
          EXPECT_EQ(GotF, WantF) << Type << " uniform n " << N;
          Normal(Theirs, WantF.data(), N, 1.0f, 2.0f);
          ASSERT_EQ(curandGenerateNormal(OursF.G, GotF.data(), N, 1.0f, 2.0f), CURAND_STATUS_SUCCESS);
          for (size_t I = 0; I < N; ++I)
            ASSERT_NEAR(GotF[I], WantF[I], 1e-5f * (1 + std::fabs(WantF[I]))) << Type << " normal " << I;
          Destroy(Theirs);
        }
      }
}

} // namespace
