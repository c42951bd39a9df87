//===- CusparseNoRocmTest.cpp - cuSPARSE on AMD without rocSPARSE ---------===//
//
// Part of Rubicon. On the AMD target cuSPARSE forwards to rocSPARSE: without
// it, cusparseCreate answers CUSPARSE_STATUS_NOT_INITIALIZED, stderr names
// the missing library, and nothing crashes; descriptors still work.
//
//===----------------------------------------------------------------------===//
#include "cusparse.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

const int ForceHip = setenv("RUBICON_BACKEND", "hip", 1) +
                     unsetenv("RUBICON_ROCSPARSE_LIBRARY");

TEST(CusparseNoRocm, HandleNeedsRocsparse) {
  ASSERT_EQ(ForceHip, 0);
  cusparseHandle_t Handle = nullptr;
  testing::internal::CaptureStderr();
  EXPECT_EQ(cusparseCreate(&Handle), CUSPARSE_STATUS_NOT_INITIALIZED);
  std::string Said = testing::internal::GetCapturedStderr();
  EXPECT_NE(Said.find("cuSPARSE: the AMD backend needs rocSPARSE"),
            std::string::npos)
      << Said;
  EXPECT_EQ(Handle, nullptr);

  int Offsets[] = {0, 1}, Cols[] = {0};
  float Values[] = {2}, X[] = {1}, Y[] = {0}, One = 1, Zero = 0;
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t VX, VY;
  ASSERT_EQ(cusparseCreateCsr(&A, 1, 1, 1, Offsets, Cols, Values, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&VX, 1, X, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&VY, 1, Y, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseSpMV(Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &One, A, VX, &Zero,
                         VY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr),
            CUSPARSE_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(Y[0], 0.0f);
  cusparseDestroyDnVec(VX);
  cusparseDestroyDnVec(VY);
  cusparseDestroySpMat(A);
}

} // namespace
