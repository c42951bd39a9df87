//===- CurandNoRocmTest.cpp - cuRAND on AMD without rocRAND ---------------===//
//
// Part of Rubicon. Its own binary: with the AMD backend chosen and no
// rocRAND, a device generator cannot be created
// (CURAND_STATUS_INITIALIZATION_FAILED, and stderr names what is missing);
// host generators still work.
//
//===----------------------------------------------------------------------===//
#include "curand.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

const int ForceRocm =
    setenv("RUBICON_BACKEND", "hip", 1) +
    setenv("RUBICON_ROCRAND_LIBRARY", "/nonexistent/librocrand.so.1", 1);

TEST(CurandNoRocm, MissingRocrandFailsInitialization) {
  ::testing::internal::CaptureStderr();
  curandGenerator_t G = nullptr;
  EXPECT_EQ(curandCreateGenerator(&G, CURAND_RNG_PSEUDO_DEFAULT),
            CURAND_STATUS_INITIALIZATION_FAILED);
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("rubicon: cuRAND: RUBICON_ROCRAND_LIBRARY="
                     "/nonexistent/librocrand.so.1 cannot be loaded"),
            std::string::npos)
      << Err;
  ASSERT_EQ(curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_DEFAULT), CURAND_STATUS_SUCCESS);
  unsigned X = 0;
  EXPECT_EQ(curandGenerate(G, &X, 1), CURAND_STATUS_SUCCESS);
  EXPECT_EQ(curandDestroyGenerator(G), CURAND_STATUS_SUCCESS);
}

} // namespace
