//===- CufftNoRocmTest.cpp - cuFFT on AMD without hipFFT ------------------===//
//
// Part of Rubicon. Its own binary: with the AMD backend chosen and no
// hipFFT, making a plan answers CUFFT_SETUP_FAILED and stderr names what is
// missing; nothing crashes.
//
//===----------------------------------------------------------------------===//
#include "cufft.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

const int ForceRocm =
    setenv("RUBICON_BACKEND", "hip", 1) +
    setenv("RUBICON_HIPFFT_LIBRARY", "/nonexistent/libhipfft.so.0", 1);

TEST(CufftNoRocm, MissingHipfftFailsSetup) {
  ::testing::internal::CaptureStderr();
  cufftHandle Plan = -1;
  EXPECT_EQ(cufftPlan1d(&Plan, 64, CUFFT_C2C, 1), CUFFT_SETUP_FAILED);
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("rubicon: cuFFT: RUBICON_HIPFFT_LIBRARY="
                     "/nonexistent/libhipfft.so.0 cannot be loaded"),
            std::string::npos)
      << Err;
  EXPECT_EQ(cufftExecC2C(Plan, nullptr, nullptr, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
}

} // namespace
