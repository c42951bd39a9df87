//===- CusparseNoRocmTest.cpp - cuSPARSE's operations on AMD --------------===//
//
// Part of Rubicon. rocSPARSE is not forwarded to yet: on the AMD target the
// operations answer CUSPARSE_STATUS_NOT_SUPPORTED, never a crash, while
// handles and descriptors work.
//
//===----------------------------------------------------------------------===//
#include "cusparse.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

const int ForceHip = setenv("RUBICON_BACKEND", "hip", 1);

TEST(CusparseNoRocm, OperationsAreNotSupported) {
  ASSERT_EQ(ForceHip, 0);
  cusparseHandle_t Handle;
  ASSERT_EQ(cusparseCreate(&Handle), CUSPARSE_STATUS_SUCCESS);
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
            CUSPARSE_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(Y[0], 0.0f);
  cusparseDestroyDnVec(VX);
  cusparseDestroyDnVec(VY);
  cusparseDestroySpMat(A);
  EXPECT_EQ(cusparseDestroy(Handle), CUSPARSE_STATUS_SUCCESS);
}

} // namespace
