//===- CusolverNoRocmTest.cpp - cuSOLVER's dense functions on AMD ---------===//
//
// Part of Rubicon. rocSOLVER is not forwarded to yet: on the AMD target the
// dense functions answer CUSOLVER_STATUS_NOT_SUPPORTED, never a crash, while
// handles, streams and buffer sizes work; so does cusolverRf's setup (its
// handle and settings work).
//
//===----------------------------------------------------------------------===//
#include "cusolverDn.h"
#include "cusolverRf.h"

#include <gtest/gtest.h>

#include <cstdlib>
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

TEST(CusolverNoRocm, RefactorizationIsNotSupported) {
  ASSERT_EQ(ForceHip, 0);
  cusolverRfHandle_t Handle;
  ASSERT_EQ(cusolverRfCreate(&Handle), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfSetMatrixFormat(Handle, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L),
            CUSOLVER_STATUS_SUCCESS);
  // The 1 x 1 matrix (2) = 1 * (2).
  int RowPtr[] = {0, 1}, Cols[] = {0}, Empty[] = {0, 0}, P[] = {0};
  double A[] = {2.0};
  EXPECT_EQ(cusolverRfSetupHost(1, 1, RowPtr, Cols, A, 0, Empty, nullptr,
                                nullptr, 1, RowPtr, Cols, A, P, P, Handle),
            CUSOLVER_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(cusolverRfRefactor(Handle), CUSOLVER_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(cusolverRfDestroy(Handle), CUSOLVER_STATUS_SUCCESS);
}

} // namespace
