//===- CusolverDnRocmTest.cpp - cuSOLVER's dense functions on rocSOLVER ---===//
//
// Part of Rubicon. No AMD GPU here: cuSOLVER's dense functions are checked
// up to the library boundary with a stand-in rocSOLVER (and rocBLAS,
// FakeRocsolverDense.cpp) that logs what it receives, over the stand-in
// HIP: the handle and its stream, rocBLAS's numbering of the enumerations,
// the arguments in order, the workspaces rocSOLVER needs, rocblas_status
// turned back into cuSOLVER's. CusolverNoRocmTest: no rocSOLVER.
//
//===----------------------------------------------------------------------===//
#include "cusolverDn.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

const int ForceRocm =
    setenv("RUBICON_BACKEND", "hip", 1) +
    setenv("RUBICON_HIP_LIBRARY", RUBICON_FAKE_HIP, 1) +
    setenv("RUBICON_ROCBLAS_LIBRARY", RUBICON_FAKE_ROCSOLVER, 1) +
    setenv("RUBICON_ROCSOLVER_LIBRARY", RUBICON_FAKE_ROCSOLVER, 1);

std::string takeLog() {
  void *Fake = dlopen(RUBICON_FAKE_ROCSOLVER, RTLD_NOW | RTLD_NOLOAD);
  if (!Fake)
    return "<stand-in not loaded>";
  auto *Log = reinterpret_cast<const char *(*)()>(dlsym(Fake, "fake_rocsolver_log"));
  auto *Clear = reinterpret_cast<void (*)()>(dlsym(Fake, "fake_rocsolver_clear"));
  std::string Text = Log();
  Clear();
  dlclose(Fake);
  return Text;
}

TEST(CusolverDnRocm, ForwardsToRocsolver) {
  ASSERT_EQ(ForceRocm, 0);
  cusolverDnHandle_t H = nullptr;
  ASSERT_EQ(cusolverDnCreate(&H), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_handle\n");
  // The legacy default stream is HIP's null stream.
  ASSERT_EQ(cusolverDnSetStream(H, cudaStreamLegacy), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "set_stream (nil)\n");

  std::vector<double> A(64), B(64), Tau(8), W(8);
  std::vector<float> AF(64), S(8), U(64), VT(64);
  std::vector<cuComplex> AC(64), BC(64);
  std::vector<cuDoubleComplex> AZ(64), TauZ(8);
  int Ipiv[8], Info = 7;

  EXPECT_EQ(cusolverDnDgetrf(H, 6, 5, A.data(), 7, nullptr, Ipiv, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnDgetrf(H, 4, 4, A.data(), 4, nullptr, nullptr, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnDgetrs(H, CUBLAS_OP_T, 4, 2, A.data(), 4, Ipiv, B.data(),
                             5, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "dgetrf m=6 n=5 lda=7 ipiv=yes\n"
                       "dgetrf_npvt m=4 n=4 lda=4\n"
                       "dgetrs trans=112 n=4 nrhs=2 lda=4 ldb=5\n");
  // rocSOLVER's getrs needs pivots.
  EXPECT_EQ(cusolverDnDgetrs(H, CUBLAS_OP_N, 4, 1, A.data(), 4, nullptr,
                             B.data(), 4, &Info),
            CUSOLVER_STATUS_NOT_SUPPORTED);

  EXPECT_EQ(cusolverDnSpotrf(H, CUBLAS_FILL_MODE_UPPER, 3, AF.data(), 4,
                             nullptr, 0, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnCpotrs(H, CUBLAS_FILL_MODE_LOWER, 3, 2, AC.data(), 3,
                             BC.data(), 4, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "spotrf uplo=121 n=3 lda=4\n"
                       "cpotrs uplo=122 n=3 nrhs=2 lda=3 ldb=4\n");

  // rocblas_status_memory_error is cuSOLVER's allocation failure.
  EXPECT_EQ(cusolverDnZgeqrf(H, 5, 3, AZ.data(), 5, TauZ.data(), nullptr, 0,
                             &Info),
            CUSOLVER_STATUS_ALLOC_FAILED);
  EXPECT_EQ(cusolverDnDormqr(H, CUBLAS_SIDE_RIGHT, CUBLAS_OP_T, 4, 5, 3,
                             A.data(), 5, Tau.data(), B.data(), 4, nullptr, 0,
                             &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnCunmqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_C, 4, 2, 3,
                             AC.data(), 4, AC.data(), BC.data(), 4, nullptr, 0,
                             &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "zgeqrf m=5 n=3 lda=5\n"
                       "dormqr side=142 trans=112 m=4 n=5 k=3 lda=5 ldc=4\n"
                       "cunmqr side=141 trans=113 m=4 n=2 k=3 lda=4 ldc=4\n");

  EXPECT_EQ(cusolverDnSgesvd(H, 'A', 'N', 6, 4, AF.data(), 6, S.data(),
                             U.data(), 6, VT.data(), 1, nullptr, 0, nullptr,
                             &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnDsyevd(H, CUSOLVER_EIG_MODE_VECTOR,
                             CUBLAS_FILL_MODE_LOWER, 4, A.data(), 4, W.data(),
                             nullptr, 0, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverDnZheevd(H, CUSOLVER_EIG_MODE_NOVECTOR,
                             CUBLAS_FILL_MODE_UPPER, 4, AZ.data(), 4, W.data(),
                             nullptr, 0, &Info),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(),
            "sgesvd left=191 right=194 m=6 n=4 lda=6 ldu=6 ldv=1 E=yes "
            "fast_alg=201\n"
            "dsyevd evect=211 uplo=122 n=4 lda=4 E=yes\n"
            "zheevd evect=213 uplo=121 n=4 lda=4 E=yes\n");

  // Checked before rocSOLVER is reached.
  EXPECT_EQ(cusolverDnDgetrf(H, 4, 4, A.data(), 2, nullptr, Ipiv, &Info),
            CUSOLVER_STATUS_INVALID_VALUE);
  EXPECT_EQ(takeLog(), "");
  ASSERT_EQ(cusolverDnDestroy(H), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy_handle\n");
}

} // namespace
