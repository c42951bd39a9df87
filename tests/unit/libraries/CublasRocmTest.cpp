//===- CublasRocmTest.cpp - cuBLAS forwarded to rocBLAS -------------------===//
//
// Part of Rubicon. No AMD GPU here: libcublas's ROCm backend is checked up
// to the library boundary with a stand-in rocBLAS (FakeRocblas.cpp) that
// logs what it receives: the handle and stream, rocBLAS's numbering of the
// enumerations (CBLAS's), the arguments in order, and rocblas_status turned
// back into cuBLAS's statuses.
//
//===----------------------------------------------------------------------===//
#include "cublas_v2.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstdlib>
#include <dlfcn.h>
#include <string>

namespace {

const int ForceRocm =
    setenv("RUBICON_BACKEND", "hip", 1) +
    setenv("RUBICON_ROCBLAS_LIBRARY", RUBICON_FAKE_ROCBLAS, 1) +
    setenv("RUBICON_ROCSOLVER_LIBRARY", RUBICON_FAKE_ROCBLAS, 1);

std::string takeLog() {
  void *Fake = dlopen(RUBICON_FAKE_ROCBLAS, RTLD_NOW | RTLD_NOLOAD);
  if (!Fake)
    return "<stand-in not loaded>";
  auto *Log = reinterpret_cast<const char *(*)()>(dlsym(Fake, "fake_rocblas_log"));
  auto *Clear = reinterpret_cast<void (*)()>(dlsym(Fake, "fake_rocblas_clear"));
  std::string Text = Log();
  Clear();
  dlclose(Fake);
  return Text;
}

TEST(CublasRocm, ForwardsToRocblas) {
  cublasHandle_t H = nullptr;
  ASSERT_EQ(cublasCreate(&H), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_handle\nset_stream (nil)\n");

  auto *Stream = reinterpret_cast<cudaStream_t>(0x1234);
  ASSERT_EQ(cublasSetStream(H, Stream), CUBLAS_STATUS_SUCCESS);
  // The legacy default stream is HIP's null stream.
  ASSERT_EQ(cublasSetStream(H, cudaStreamLegacy), CUBLAS_STATUS_SUCCESS);
  ASSERT_EQ(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_DEVICE), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "set_stream 0x1234\nset_stream (nil)\nset_pointer_mode 1\n");
  ASSERT_EQ(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST), CUBLAS_STATUS_SUCCESS);
  takeLog();

  float Alpha = 2, Beta = 3, A[64], B[64], C[64];
  ASSERT_EQ(cublasSgemm(H, CUBLAS_OP_T, CUBLAS_OP_C, 4, 5, 6, &Alpha, A, 6, B,
                        5, &Beta, C, 4),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "sgemm handle=ours trans=112,113 m=4 n=5 k=6 alpha=2 "
                       "lda=6 ldb=5 beta=3 ldc=4\n");
  // rocblas_status_memory_error comes back as cuBLAS's allocation failure.
  EXPECT_EQ(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 999, 1, 1, &Alpha, A, 999,
                        B, 1, &Beta, C, 999),
            CUBLAS_STATUS_ALLOC_FAILED);
  takeLog();
  // Checked before rocBLAS is reached.
  EXPECT_EQ(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &Alpha, A, 2, B,
                        4, &Beta, C, 4),
            CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_EQ(takeLog(), "");

  ASSERT_EQ(cublasStrsm(H, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_UPPER,
                        CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 3, 2, &Alpha, A, 2, B, 3),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "strsm side=142 fill=121 trans=111 diag=132 m=3 n=2 "
                       "alpha=2 lda=2 ldb=3\n");

  cuDoubleComplex ZAlpha = make_cuDoubleComplex(1.5, -2), ZBeta = {};
  cuDoubleComplex Z[8];
  ASSERT_EQ(cublasZgemmStridedBatched(H, CUBLAS_OP_N, CUBLAS_OP_T, 2, 3, 4,
                                      &ZAlpha, Z, 2, 8, Z, 3, 12, &ZBeta, Z, 2,
                                      6, 5),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "zgemm_strided_batched trans=111,112 m=2 n=3 k=4 "
                       "alpha=(1.5,-2) lda=2/8 ldb=3/12 ldc=2/6 count=5\n");

  double X[4], Dot = 0;
  ASSERT_EQ(cublasDdot(H, 4, X, 1, X, -1, &Dot), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Dot, 42.0);
  int Index = 0;
  ASSERT_EQ(cublasIsamax(H, 4, A, 2, &Index), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(Index, 7);
  EXPECT_EQ(takeLog(), "ddot n=4 incx=1 incy=-1\nisamax n=4 incx=2\n");

  ASSERT_EQ(cublasGemmEx(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &Alpha, A,
                         CUDA_R_16F, 4, B, CUDA_R_16BF, 4, &Beta, C, CUDA_R_32F,
                         4, CUBLAS_COMPUTE_32F_FAST_16F, CUBLAS_GEMM_DEFAULT),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "gemm_ex trans=111,111 m=4 n=4 k=4 types=150,168,151,151 "
                       "lda=4 ldb=4 ldc=4 ldd=4 d_is_c=1 compute=151 algo=0 "
                       "solution=0 flags=0\n");

  // A function the stand-in lacks: not supported, and said once on stderr.
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(cublasSaxpy(H, 4, &Alpha, A, 1, B, 1), CUBLAS_STATUS_NOT_SUPPORTED);
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("rocBLAS has no function rocblas_saxpy"), std::string::npos) << Err;

  ASSERT_EQ(cublasDestroy(H), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy_handle ours\n");
}

// The batched LU family is rocSOLVER's, on the same rocblas_handle, with
// the pivots' stride n; a NULL pivot array picks the _npvt forms.
TEST(CublasRocm, BatchedLuForwardsToRocsolver) {
  cublasHandle_t H = nullptr;
  ASSERT_EQ(cublasCreate(&H), CUBLAS_STATUS_SUCCESS);
  takeLog();
  double *A[2] = {};
  int Piv[8], Info[2];
  ASSERT_EQ(cublasDgetrfBatched(H, 4, A, 5, Piv, Info, 2),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "rocsolver_dgetrf_batched handle=ours m=4 n=4 lda=5 "
                       "strideP=4 count=2\n");
  float *S[1] = {};
  ASSERT_EQ(cublasSgetrfBatched(H, 3, S, 3, nullptr, Info, 1),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "rocsolver_sgetrf_npvt_batched m=3 n=3 lda=3 count=1\n");
  const cuDoubleComplex *Z[1] = {};
  cuDoubleComplex *ZB[1] = {};
  int SolveInfo = -1;
  ASSERT_EQ(cublasZgetrsBatched(H, CUBLAS_OP_C, 6, 2, Z, 6, Piv, ZB, 7,
                                &SolveInfo, 1),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(SolveInfo, 0);
  EXPECT_EQ(takeLog(), "rocsolver_zgetrs_batched trans=113 n=6 nrhs=2 lda=6 "
                       "strideP=6 ldb=7 count=1\n");
  const double *Ac[1] = {};
  ASSERT_EQ(cublasDgetriBatched(H, 5, Ac, 5, Piv, A, 6, Info, 1),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "rocsolver_dgetri_outofplace_batched n=5 lda=5 "
                       "strideP=5 ldc=6 count=1\n");
  // rocblas_status_invalid_size comes back as cuBLAS's INVALID_VALUE.
  EXPECT_EQ(cublasDgetrfBatched(H, 999, A, 999, Piv, Info, 1),
            CUBLAS_STATUS_INVALID_VALUE);
  takeLog();
  // A function the rocSOLVER library lacks: cuBLAS's NOT_SUPPORTED, and a
  // message naming it.
  ::testing::internal::CaptureStderr();
  const cuComplex *C[1] = {};
  cuComplex *CC[1] = {};
  EXPECT_EQ(cublasCgetriBatched(H, 2, C, 2, Piv, CC, 2, Info, 1),
            CUBLAS_STATUS_NOT_SUPPORTED);
  std::string Err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("rocsolver_cgetri_outofplace_batched"), std::string::npos)
      << Err;
  EXPECT_EQ(cublasDestroy(H), CUBLAS_STATUS_SUCCESS);
}

} // namespace
