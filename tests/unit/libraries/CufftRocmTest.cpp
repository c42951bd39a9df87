//===- CufftRocmTest.cpp - cuFFT plans on hipFFT --------------------------===//
//
// Part of Rubicon. No AMD GPU here: libcufft's AMD backend is checked up to
// a stand-in hipFFT (FakeHipfft.cpp): plans made with hipfftMakePlanMany,
// the stream, each execution with its direction, results coming back; and,
// in CufftNoRocmTest.cpp, no hipFFT at all.
//
//===----------------------------------------------------------------------===//
#include "cufft.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>

namespace {

const int ForceRocm = setenv("RUBICON_BACKEND", "hip", 1) +
                      setenv("RUBICON_HIPFFT_LIBRARY", RUBICON_FAKE_HIPFFT, 1);

std::string takeLog() {
  void *Fake = dlopen(RUBICON_FAKE_HIPFFT, RTLD_NOW | RTLD_NOLOAD);
  if (!Fake)
    return "<stand-in not loaded>";
  std::string Text = reinterpret_cast<const char *(*)()>(dlsym(Fake, "fake_hipfft_log"))();
  reinterpret_cast<void (*)()>(dlsym(Fake, "fake_hipfft_clear"))();
  dlclose(Fake);
  return Text;
}

TEST(CufftRocm, ForwardsToHipfft) {
  cufftHandle Plan;
  ASSERT_EQ(cufftPlan1d(&Plan, 256, CUFFT_C2C, 4), CUFFT_SUCCESS);
  ASSERT_EQ(cufftSetStream(Plan, reinterpret_cast<cudaStream_t>(0x42)), CUFFT_SUCCESS);
  cufftComplex Data[4];
  ASSERT_EQ(cufftExecC2C(Plan, Data, Data, CUFFT_INVERSE), CUFFT_SUCCESS);
  EXPECT_EQ(takeLog(), "create\nmake_plan_many rank=1 n0=256 inembed=null 1/0 "
                       "onembed=null 1/0 type=0x29 batch=4\nset_stream (nil)\n"
                       "set_stream 0x42\nexec_c2c ours direction=1\n");
  ASSERT_EQ(cufftDestroy(Plan), CUFFT_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy\n");

  int N[] = {8}, In[] = {8}, Out[] = {5};
  ASSERT_EQ(cufftPlanMany(&Plan, 1, N, In, 2, 16, Out, 1, 5, CUFFT_D2Z, 3), CUFFT_SUCCESS);
  double Real[48];
  cufftDoubleComplex Spectrum[15];
  EXPECT_EQ(cufftExecD2Z(Plan, Real, Spectrum), CUFFT_EXEC_FAILED);
  EXPECT_EQ(takeLog(), "create\nmake_plan_many rank=1 n0=8 inembed=given 2/16 "
                       "onembed=given 1/5 type=0x6a batch=3\nset_stream (nil)\n"
                       "exec_d2z\n");
  // The wrong execution for the plan's type: cuFFT's error, before hipFFT.
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(cufftExecZ2D(Plan, Spectrum, Real), CUFFT_INVALID_TYPE);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  cufftDestroy(Plan);
}

} // namespace
