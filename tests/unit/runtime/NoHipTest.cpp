//===- NoHipTest.cpp - RUBICON_HIP_LIBRARY naming a missing library -------===//
//
// Part of Rubicon. Its own binary: the HIP library is chosen once, at the
// first runtime call, so the environment is set before any.
//
//===----------------------------------------------------------------------===//

#include "StderrCapture.h"

#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

using rubicon::cudart::testing::StderrCapture;

namespace {

TEST(NoHip, MissingHipRuntimeIsInsufficientDriver) {
  // Forced: a program without kernels otherwise runs on the host backend.
  ASSERT_EQ(setenv("RUBICON_BACKEND", "hip", 1), 0);
  ASSERT_EQ(setenv("RUBICON_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1), 0);
  unsetenv("RUBICON_LOG");
  StderrCapture Capture;
  int Count = -1;
  cudaError_t CountStatus = cudaGetDeviceCount(&Count);
  void *Ptr = nullptr;
  cudaError_t MallocStatus = cudaMalloc(&Ptr, 64);
  cudaStream_t Stream = nullptr;
  cudaError_t StreamStatus = cudaStreamCreate(&Stream);
  int DriverVersion = -1;
  cudaDriverGetVersion(&DriverVersion);
  std::string Printed = Capture.finish();

  EXPECT_EQ(CountStatus, cudaErrorInsufficientDriver);
  EXPECT_EQ(Count, 0);
  EXPECT_EQ(MallocStatus, cudaErrorInsufficientDriver);
  EXPECT_EQ(StreamStatus, cudaErrorInsufficientDriver);
  EXPECT_EQ(DriverVersion, 0);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInsufficientDriver);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_NE(std::string(cudaGetErrorString(CountStatus)).find("libamdhip64"),
            std::string::npos);
  EXPECT_EQ(Printed, "");
}

} // namespace
