//===- CusolverNoRocmTest.cpp - cuSOLVER's dense functions on AMD ---------===//
//
// Part of Rubicon. rocSOLVER is not forwarded to yet: on the AMD target the
// dense functions answer CUSOLVER_STATUS_NOT_SUPPORTED, never a crash, while
// handles, streams and buffer sizes work. cusolverRf forwards to rocSOLVER:
// without it, cusolverRfCreate answers NOT_INITIALIZED and says so.
//
//===----------------------------------------------------------------------===//
#include "cusolverDn.h"
#include "cusolverRf.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

const int ForceHip = setenv("RUBICON_BACKEND", "hip", 1);

TEST(CusolverNoRocm, DenseFunctionsAreNotSupported) {
  ASSERT_EQ(ForceHip, 0);
  cusolverDnHandle_t Handle;
  ASSERT_EQ(cusolverDnCreate(&Handle), CUSOLVER_STATUS_SUCCESS);
  std::vector<double> A(16, 1.0), B(4, 1.0);
  std::vector<int> Ipiv(4);
  int Lwork = 0, Info = 0;
  EXPECT_EQ(cusolverDnDgetrf_bufferSize(Handle, 4, 4, A.data(), 4, &Lwork),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnDgetrf(Handle, 4, 4, A.data(), 4, nullptr, Ipiv.data(), &Info),
            CUSOLVER_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(cusolverDnDpotrs(Handle, CUBLAS_FILL_MODE_LOWER, 4, 1, A.data(), 4,
                             B.data(), 4, &Info),
            CUSOLVER_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(cusolverDnDestroy(Handle), CUSOLVER_STATUS_SUCCESS);
}

TEST(CusolverNoRocm, RefactorizationNeedsRocsolver) {
  ASSERT_EQ(ForceHip, 0);
  // cusolverRf forwards to rocSOLVER: without it the handle is not made,
  // and stderr names what is missing.
  cusolverRfHandle_t Handle = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(cusolverRfCreate(&Handle), CUSOLVER_STATUS_NOT_INITIALIZED);
  std::string Said = testing::internal::GetCapturedStderr();
  EXPECT_NE(Said.find("cuSOLVER: the AMD backend needs rocSOLVER"),
            std::string::npos)
      << Said;
  EXPECT_EQ(Handle, nullptr);
  EXPECT_EQ(cusolverRfRefactor(Handle), CUSOLVER_STATUS_NOT_INITIALIZED);
}

} // namespace
