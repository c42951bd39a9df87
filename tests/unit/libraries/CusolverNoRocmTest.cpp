//===- CusolverNoRocmTest.cpp - cuSOLVER's dense functions on AMD ---------===//
//
// Part of Rubicon. On the AMD target the dense functions and cusolverRf
// forward to rocSOLVER: without it, cusolverDnCreate and cusolverRfCreate
// answer CUSOLVER_STATUS_NOT_INITIALIZED, stderr says which library is
// missing, and nothing crashes.
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

TEST(CusolverNoRocm, DenseHandleNeedsRocsolver) {
  ASSERT_EQ(ForceHip, 0);
  // The dense functions forward to rocSOLVER: without it no handle is made,
  // and stderr names what is missing (once per process).
  cusolverDnHandle_t Handle = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(cusolverDnCreate(&Handle), CUSOLVER_STATUS_NOT_INITIALIZED);
  std::string Said = testing::internal::GetCapturedStderr();
  EXPECT_NE(Said.find("cuSOLVER: the AMD backend needs rocSOLVER"),
            std::string::npos)
      << Said;
  EXPECT_EQ(Handle, nullptr);
  std::vector<double> A(16, 1.0);
  std::vector<int> Ipiv(4);
  int Info = 0;
  EXPECT_EQ(cusolverDnDgetrf(Handle, 4, 4, A.data(), 4, nullptr, Ipiv.data(),
                             &Info),
            CUSOLVER_STATUS_NOT_INITIALIZED);
}

TEST(CusolverNoRocm, RefactorizationNeedsRocsolver) {
  ASSERT_EQ(ForceHip, 0);
  // cusolverRf forwards to rocSOLVER: without it the handle is not made,
  // and stderr names what is missing.
  cusolverRfHandle_t Handle = nullptr;
  EXPECT_EQ(cusolverRfCreate(&Handle), CUSOLVER_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(Handle, nullptr);
  EXPECT_EQ(cusolverRfRefactor(Handle), CUSOLVER_STATUS_NOT_INITIALIZED);
}

} // namespace
