//===- CublasNoRocmTest.cpp - cuBLAS on AMD without rocBLAS ---------------===//
//
// Part of Rubicon. Its own binary (the backend and rocBLAS are found once per
// process): with the AMD backend chosen and no rocBLAS, cublasCreate answers
// cuBLAS's own CUBLAS_STATUS_NOT_INITIALIZED and says on stderr what is
// missing; nothing crashes.
//
//===----------------------------------------------------------------------===//
#include "cublas_v2.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

const int ForceRocm =
    setenv("RUBICON_BACKEND", "hip", 1) +
    setenv("RUBICON_ROCBLAS_LIBRARY", "/nonexistent/librocblas.so.4", 1);

TEST(CublasNoRocm, MissingRocblasIsNotInitialized) {
  ::testing::internal::CaptureStderr();
  cublasHandle_t H = nullptr;
  EXPECT_EQ(cublasCreate(&H), CUBLAS_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(H, nullptr);
  // Again: the same status, the message only once.
  EXPECT_EQ(cublasCreate(&H), CUBLAS_STATUS_NOT_INITIALIZED);
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("rubicon: cuBLAS: RUBICON_ROCBLAS_LIBRARY="
                     "/nonexistent/librocblas.so.4 cannot be loaded"),
            std::string::npos)
      << Err;
  EXPECT_EQ(Err.find("cannot be loaded"), Err.rfind("cannot be loaded")) << Err;
  float X = 0;
  EXPECT_EQ(cublasSasum(nullptr, 1, &X, 1, &X), CUBLAS_STATUS_NOT_INITIALIZED);
}

} // namespace
