//===- CurandRocmTest.cpp - cuRAND device generators on rocRAND -----------===//
//
// Part of Rubicon. No AMD GPU here: the AMD backend of libcurand is checked
// up to a stand-in rocRAND (FakeRocrand.cpp): generator types in rocRAND's
// numbering, seed, offset, stream, each generation with its arguments, and
// rocRAND's statuses coming back. A host generator never reaches rocRAND.
//
//===----------------------------------------------------------------------===//
#include "curand.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

const int ForceRocm = setenv("RUBICON_BACKEND", "hip", 1) +
                      setenv("RUBICON_ROCRAND_LIBRARY", RUBICON_FAKE_ROCRAND, 1);

std::string takeLog() {
  void *Fake = dlopen(RUBICON_FAKE_ROCRAND, RTLD_NOW | RTLD_NOLOAD);
  if (!Fake)
    return "<stand-in not loaded>";
  std::string Text = reinterpret_cast<const char *(*)()>(dlsym(Fake, "fake_rocrand_log"))();
  reinterpret_cast<void (*)()>(dlsym(Fake, "fake_rocrand_clear"))();
  dlclose(Fake);
  return Text;
}

TEST(CurandRocm, ForwardsToRocrand) {
  curandGenerator_t G;
  ASSERT_EQ(curandCreateGenerator(&G, CURAND_RNG_PSEUDO_PHILOX4_32_10), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandSetPseudoRandomGeneratorSeed(G, 1234), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandSetGeneratorOffset(G, 77), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandSetStream(G, reinterpret_cast<cudaStream_t>(0x5678)), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_generator 404\nset_stream (nil)\nset_seed 1234\n"
                       "set_offset 77\nset_stream 0x5678\n");
  std::vector<unsigned> Out(4);
  ASSERT_EQ(curandGenerate(G, Out.data(), 4), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(Out, (std::vector<unsigned>{0, 3, 6, 9}));
  float F[2];
  ASSERT_EQ(curandGenerateNormal(G, F, 2, 1.5f, 0.5f), CURAND_STATUS_SUCCESS);
  double D[2];
  EXPECT_EQ(curandGenerateLogNormalDouble(G, D, 2, 0.0, 1.0), CURAND_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(takeLog(), "generate 4\ngenerate_normal 2 1.5 0.5\n"
                       "generate_log_normal_double 2 0 1\n");
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(curandGenerateUniform(G, F, 2), CURAND_STATUS_NOT_INITIALIZED);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find(
                "rocRAND has no function rocrand_generate_uniform"),
            std::string::npos);
  ASSERT_EQ(curandDestroyGenerator(G), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy_generator ours\n");

  // The default generator is XORWOW; a host generator stays on the CPU.
  ASSERT_EQ(curandCreateGenerator(&G, CURAND_RNG_PSEUDO_DEFAULT), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_generator 401\nset_stream (nil)\n");
  curandDestroyGenerator(G);
  takeLog();
  ASSERT_EQ(curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_XORWOW), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandSetPseudoRandomGeneratorSeed(G, 1234), CURAND_STATUS_SUCCESS);
  ASSERT_EQ(curandGenerate(G, Out.data(), 1), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(Out[0], 624778773u);
  curandDestroyGenerator(G);
  EXPECT_EQ(takeLog(), "");
}

} // namespace
