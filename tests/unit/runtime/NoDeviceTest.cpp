//===- NoDeviceTest.cpp - The real HIP backend on a machine without GPU ---===//
//
// Part of Rubicon. Runs the real HIP backend. On a machine with a HIP runtime
// and no AMD GPU (the CI machines) every device call must fail with
// cudaErrorNoDevice, quietly; with no HIP runtime, cudaErrorInsufficientDriver.
// Where a GPU is present the test checks the success path instead.
//
//===----------------------------------------------------------------------===//

#include "StderrCapture.h"

#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <dlfcn.h>

using rubicon::cudart::testing::StderrCapture;

namespace {

TEST(NoDevice, EveryCallReportsTheMissingDeviceQuietly) {
  // Forced: a program without kernels otherwise runs on the host backend.
  ASSERT_EQ(setenv("RUBICON_BACKEND", "hip", 1), 0);
  StderrCapture Capture;
  int Count = -1;
  cudaError_t CountStatus = cudaGetDeviceCount(&Count);
  void *Ptr = nullptr;
  cudaError_t MallocStatus = cudaMalloc(&Ptr, 256);
  cudaError_t SyncStatus = cudaDeviceSynchronize();
  cudaError_t Last = cudaGetLastError();
  cudaError_t LastAgain = cudaGetLastError();
  int DriverVersion = -1;
  cudaError_t DriverStatus = cudaDriverGetVersion(&DriverVersion);
  std::string Printed = Capture.finish();

  EXPECT_EQ(Printed, "") << "the runtime must not print";
  if (CountStatus == cudaSuccess) {
    // A machine with an AMD GPU.
    EXPECT_GT(Count, 0);
    EXPECT_EQ(MallocStatus, cudaSuccess);
    cudaFree(Ptr);
    GTEST_SKIP() << "an AMD GPU is present";
  }
  // With HIP but no GPU: cudaErrorNoDevice. Without HIP at all (machines
  // where ROCm is not installed): cudaErrorInsufficientDriver.
  ASSERT_TRUE(CountStatus == cudaErrorNoDevice ||
              CountStatus == cudaErrorInsufficientDriver)
      << cudaGetErrorName(CountStatus);
  bool HipPresent = dlopen("libamdhip64.so.5", RTLD_LAZY | RTLD_NOLOAD) ||
                    dlopen("libamdhip64.so.6", RTLD_LAZY | RTLD_NOLOAD) ||
                    dlopen("libamdhip64.so.7", RTLD_LAZY | RTLD_NOLOAD) ||
                    dlopen("libamdhip64.so", RTLD_LAZY | RTLD_NOLOAD);
  EXPECT_EQ(CountStatus,
            HipPresent ? cudaErrorNoDevice : cudaErrorInsufficientDriver);
  EXPECT_EQ(Count, 0);
  EXPECT_EQ(MallocStatus, CountStatus);
  EXPECT_EQ(SyncStatus, CountStatus);
  EXPECT_EQ(Last, CountStatus);
  EXPECT_EQ(LastAgain, cudaSuccess);
  EXPECT_EQ(DriverStatus, cudaSuccess);
  EXPECT_EQ(DriverVersion, HipPresent ? CUDART_VERSION : 0);
}

} // namespace
