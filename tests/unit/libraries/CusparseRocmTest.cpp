//===- CusparseRocmTest.cpp - cuSPARSE's generic API on rocSPARSE ---------===//
//
// Part of Rubicon. No AMD GPU here: cuSPARSE's AMD backend is checked up to
// the library boundary with a stand-in rocSPARSE (FakeRocsparse.cpp) that
// logs what it receives and computes what rocSPARSE documents: the handle,
// its stream and pointer mode, each format's descriptor in rocSPARSE's
// numbering, the stages and buffers, and the results of SpMV, SpSV, SpGEMM
// and the conversions (over the stand-in HIP where SpGEMM copies C's
// offsets). CusparseNoRocmTest: no rocSPARSE.
//
//===----------------------------------------------------------------------===//
#include "cusparse.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

const int ForceRocm = setenv("RUBICON_BACKEND", "hip", 1) +
                      setenv("RUBICON_HIP_LIBRARY", RUBICON_FAKE_HIP, 1) +
                      setenv("RUBICON_ROCSPARSE_LIBRARY", RUBICON_FAKE_ROCSPARSE, 1);

std::string takeLog() {
  void *Fake = dlopen(RUBICON_FAKE_ROCSPARSE, RTLD_NOW | RTLD_NOLOAD);
  if (!Fake)
    return "<stand-in not loaded>";
  auto *Log = reinterpret_cast<const char *(*)()>(dlsym(Fake, "fake_rocsparse_log"));
  auto *Clear = reinterpret_cast<void (*)()>(dlsym(Fake, "fake_rocsparse_clear"));
  std::string Text = Log();
  Clear();
  dlclose(Fake);
  return Text;
}

// A = [[4 0 1] [2 5 0] [0 3 6]] in CSR (32-bit, base 0).
int RowPtr[] = {0, 2, 4, 6}, ColInd[] = {0, 2, 0, 1, 1, 2};
double Val[] = {4, 1, 2, 5, 3, 6};

TEST(CusparseRocm, HandleStreamPointerMode) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H = nullptr;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_handle\n");
  // The legacy default stream is HIP's null stream; others are passed on.
  ASSERT_EQ(cusparseSetStream(H, cudaStreamLegacy), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSetStream(H, reinterpret_cast<cudaStream_t>(0x1234)),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "set_stream (nil)\nset_stream 0x1234\nset_pointer_mode 1\n");
  cudaStream_t S;
  ASSERT_EQ(cusparseGetStream(H, &S), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(S, reinterpret_cast<cudaStream_t>(0x1234));
  ASSERT_EQ(cusparseDestroy(H), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy_handle\n");
}

TEST(CusparseRocm, SpMVStagesAndResult) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t X, Y;
  double XV[] = {1, 2, 3}, YV[] = {1, 1, 1}, Alpha = 2, Beta = -1;
  ASSERT_EQ(cusparseCreateCsr(&A, 3, 3, 6, RowPtr, ColInd, Val, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&X, 3, XV, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&Y, 3, YV, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(cusparseSpMV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X,
                                    &Beta, Y, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT,
                                    &Size),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size, 128u); // rocSPARSE's
  const char *Desc = "A=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,diag=0) "
                     "x=3/152 y=3/152";
  EXPECT_EQ(takeLog(), std::string("spmv stage=1 op=111 compute=152 alg=0 ") + Desc +
                           " buffer=no\n");
  char Buffer[128];
  ASSERT_EQ(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, &Beta, Y,
                         CUDA_R_64F, CUSPARSE_SPMV_CSR_ALG2, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(),
            std::string("spmv stage=1 op=111 compute=152 alg=0 ") + Desc + " buffer=no\n" +
                "spmv stage=2 op=111 compute=152 alg=0 " + Desc + " buffer=yes\n" +
                "spmv stage=3 op=111 compute=152 alg=0 " + Desc + " buffer=yes\n");
  // y = 2 A x - y: A x = (7, 12, 24).
  EXPECT_EQ(YV[0], 13);
  EXPECT_EQ(YV[1], 23);
  EXPECT_EQ(YV[2], 47);
  // The transpose, with pointers changed since the descriptor was made.
  double Val2[] = {1, 1, 1, 1, 1, 1};
  ASSERT_EQ(cusparseCsrSetPointers(A, RowPtr, ColInd, Val2), CUSPARSE_STATUS_SUCCESS);
  Beta = 0;
  ASSERT_EQ(cusparseSpMV(H, CUSPARSE_OPERATION_TRANSPOSE, &Alpha, A, X, &Beta, Y,
                         CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_NE(takeLog().find("spmv stage=3 op=112"), std::string::npos);
  EXPECT_EQ(YV[0], 6); // 2 * (1 + 2)
  EXPECT_EQ(YV[1], 10);
  EXPECT_EQ(YV[2], 8);
  // Checked before rocSPARSE is reached.
  EXPECT_EQ(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, &Beta, Y,
                         CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(takeLog(), "");
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(X);
  cusparseDestroyDnVec(Y);
  cusparseDestroy(H);
}

TEST(CusparseRocm, FormatsAndSpMM) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  // CSC with 64-bit indices, base 1; COO; BSR with 2x2 column-major blocks.
  int64_t Ptr64[] = {1, 2, 3}, Ind64[] = {1, 2};
  float ValF[] = {1, 2, 3, 4, 5, 6, 7, 8};
  int Rows[] = {0, 1}, Cols[] = {1, 0}, BsrPtr[] = {0, 1, 2}, BsrInd[] = {0, 1};
  cusparseSpMatDescr_t Csc, Coo, Bsr, Rect;
  ASSERT_EQ(cusparseCreateCsc(&Csc, 2, 2, 2, Ptr64, Ind64, ValF, CUSPARSE_INDEX_64I,
                              CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ONE, CUDA_R_32F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateCoo(&Coo, 2, 2, 2, Rows, Cols, ValF, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateBsr(&Bsr, 2, 2, 2, 2, 2, BsrPtr, BsrInd, ValF,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateBsr(&Rect, 1, 1, 1, 2, 4, BsrPtr, BsrInd, ValF,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F, CUSPARSE_ORDER_ROW),
            CUSPARSE_STATUS_SUCCESS);
  cusparseFillMode_t Upper = CUSPARSE_FILL_MODE_UPPER;
  ASSERT_EQ(cusparseSpMatSetAttribute(Coo, CUSPARSE_SPMAT_FILL_MODE, &Upper, sizeof Upper),
            CUSPARSE_STATUS_SUCCESS);
  float B[16] = {}, C[16] = {}, Alpha = 1, Beta = 0;
  cusparseDnMatDescr_t DB2, DC2, DB4, DC4;
  ASSERT_EQ(cusparseCreateDnMat(&DB2, 2, 3, 3, B, CUDA_R_32F, CUSPARSE_ORDER_ROW),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnMat(&DC2, 2, 3, 2, C, CUDA_R_32F, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnMat(&DB4, 4, 2, 4, B, CUDA_R_32F, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnMat(&DC4, 4, 2, 4, C, CUDA_R_32F, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(cusparseSpMM_bufferSize(H, CUSPARSE_OPERATION_TRANSPOSE,
                                    CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, Csc, DB2,
                                    &Beta, DC2, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                                    &Size),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size, 256u);
  EXPECT_EQ(takeLog(), "spmm stage=1 opA=112 opB=111 compute=151 alg=0 "
                       "A=csc(2x2,nnz=2,idx=3/3,base=1,type=151,fill=0,diag=0) "
                       "B=2x3/ld=3/order=0 C=2x3/ld=2/order=1 buffer=no\n");
  char Buffer[256];
  ASSERT_EQ(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
                         CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, Coo, DB2, &Beta, DC2,
                         CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  std::string Log = takeLog();
  EXPECT_NE(Log.find("spmm stage=2 opA=111 opB=111 compute=151 alg=0 "
                     "A=coo(2x2,nnz=2,idx=2/2,base=0,type=151,fill=1,diag=0)"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("spmm stage=3"), std::string::npos) << Log;
  // BSR: block rows and columns, the block order as rocSPARSE's direction.
  ASSERT_EQ(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE,
                         CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, Bsr, DB4, &Beta, DC4,
                         CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  Log = takeLog();
  EXPECT_NE(Log.find("A=bsr(2x2,nnz=2,idx=2/2,base=0,type=151,dir=1,block=2,fill=0,diag=0)"),
            std::string::npos)
      << Log;
  // rocSPARSE's blocks are square.
  int64_t M, N, Nnz;
  ASSERT_EQ(cusparseSpMatGetSize(Rect, &M, &N, &Nnz), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(M, 2);
  EXPECT_EQ(N, 4);
  cusparseDnVecDescr_t X4, Y2;
  ASSERT_EQ(cusparseCreateDnVec(&X4, 4, B, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&Y2, 2, C, CUDA_R_32F), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, Rect, X4, &Beta, Y2,
                         CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_NOT_SUPPORTED);
  EXPECT_EQ(takeLog(), "");
  for (auto *D : {Csc, Coo, Bsr, Rect})
    cusparseDestroySpMat(D);
  for (auto *D : {DB2, DC2, DB4, DC4})
    cusparseDestroyDnMat(D);
  cusparseDestroyDnVec(X4);
  cusparseDestroyDnVec(Y2);
  cusparseDestroy(H);
}

TEST(CusparseRocm, SpSVKeepsItsAnalysis) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t X, Y;
  double XV[] = {8, 9, 33}, YV[3] = {}, Alpha = 1;
  ASSERT_EQ(cusparseCreateCsr(&A, 3, 3, 6, RowPtr, ColInd, Val, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  cusparseDiagType_t Unit = CUSPARSE_DIAG_TYPE_UNIT;
  ASSERT_EQ(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &Unit, sizeof Unit),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&X, 3, XV, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&Y, 3, YV, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  cusparseSpSVDescr_t D;
  ASSERT_EQ(cusparseSpSV_createDescr(&D), CUSPARSE_STATUS_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(cusparseSpSV_bufferSize(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, Y,
                                    CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, D, &Size),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size, 512u);
  char Buffer[512];
  ASSERT_EQ(cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, Y,
                                  CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, D, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  const char *Desc = "A=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,diag=1)";
  EXPECT_EQ(takeLog(), std::string("spsv stage=1 op=111 compute=152 alg=0 ") + Desc +
                           " buffer=no\n" + "spsv stage=1 op=111 compute=152 alg=0 " +
                           Desc + " buffer=no\n" +
                           "spsv stage=2 op=111 compute=152 alg=0 " + Desc +
                           " buffer=yes\n");
  ASSERT_EQ(cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, Y,
                               CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, D),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_NE(takeLog().find(std::string("spsv stage=3 op=111 compute=152 alg=0 ") + Desc +
                           " buffer=yes\n"),
            std::string::npos);
  // Unit lower triangle of A: y0 = 8, y1 = 9 - 2 y0 = -7, y2 = 33 - 3 y1 = 54.
  EXPECT_EQ(YV[0], 8);
  EXPECT_EQ(YV[1], -7);
  EXPECT_EQ(YV[2], 54);
  // A solve without analysis on this backend is refused.
  cusparseSpSVDescr_t Fresh;
  ASSERT_EQ(cusparseSpSV_createDescr(&Fresh), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, Y,
                               CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, Fresh),
            CUSPARSE_STATUS_NOT_INITIALIZED);
  cusparseSpSV_destroyDescr(Fresh);
  cusparseSpSV_destroyDescr(D);
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(X);
  cusparseDestroyDnVec(Y);
  cusparseDestroy(H);
}

TEST(CusparseRocm, Conversions) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  cusparseSpMatDescr_t A;
  ASSERT_EQ(cusparseCreateCsr(&A, 3, 3, 6, RowPtr, ColInd, Val, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  double Dense[9] = {};
  cusparseDnMatDescr_t D;
  ASSERT_EQ(cusparseCreateDnMat(&D, 3, 3, 3, Dense, CUDA_R_64F, CUSPARSE_ORDER_COL),
            CUSPARSE_STATUS_SUCCESS);
  size_t Size = 0;
  ASSERT_EQ(cusparseSparseToDense_bufferSize(H, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT,
                                             &Size),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size, 32u);
  char Buffer[64];
  ASSERT_EQ(cusparseSparseToDense(H, A, D, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, Buffer),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "sparse_to_dense A=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,"
                       "diag=0) B=3x3/ld=3/order=1 alg=0 buffer=no\n"
                       "sparse_to_dense A=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,"
                       "diag=0) B=3x3/ld=3/order=1 alg=0 buffer=yes\n");
  EXPECT_EQ(Dense[0 + 3 * 2], 1); // A(0, 2), column-major
  EXPECT_EQ(Dense[2 + 3 * 1], 3); // A(2, 1)

  // Back to CSR, base 1: analysis counts (and writes the offsets), then the
  // program gives the arrays and converts.
  int Offsets[4] = {}, Cols[6] = {};
  double Values[6] = {};
  cusparseSpMatDescr_t B;
  ASSERT_EQ(cusparseCreateCsr(&B, 3, 3, 0, Offsets, nullptr, nullptr, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseDenseToSparse_bufferSize(H, D, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
                                             &Size),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size, 48u);
  ASSERT_EQ(cusparseDenseToSparse_analysis(H, D, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
                                           Buffer),
            CUSPARSE_STATUS_SUCCESS);
  int64_t M, N, Nnz;
  ASSERT_EQ(cusparseSpMatGetSize(B, &M, &N, &Nnz), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Nnz, 6);
  EXPECT_EQ(Offsets[3], 7);
  ASSERT_EQ(cusparseCsrSetPointers(B, Offsets, Cols, Values), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseDenseToSparse_convert(H, D, B, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT,
                                          Buffer),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(),
            "dense_to_sparse A=3x3/ld=3/order=1 B=csr(3x3,nnz=0,idx=2/2,base=1,type=152,"
            "fill=0,diag=0) cols=no alg=0 buffer=no\n"
            "dense_to_sparse A=3x3/ld=3/order=1 B=csr(3x3,nnz=0,idx=2/2,base=1,type=152,"
            "fill=0,diag=0) cols=no alg=0 buffer=yes\n"
            "dense_to_sparse A=3x3/ld=3/order=1 B=csr(3x3,nnz=6,idx=2/2,base=1,type=152,"
            "fill=0,diag=0) cols=yes alg=0 buffer=yes\n");
  for (int K = 0; K < 6; ++K) {
    EXPECT_EQ(Cols[K], ColInd[K] + 1) << K;
    EXPECT_EQ(Values[K], Val[K]) << K;
  }
  cusparseDestroySpMat(A);
  cusparseDestroySpMat(B);
  cusparseDestroyDnMat(D);
  cusparseDestroy(H);
}

TEST(CusparseRocm, SpGEMMStages) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  // C = 2 A A with A above; C in base 1 with 32-bit indices.
  cusparseSpMatDescr_t A, C;
  ASSERT_EQ(cusparseCreateCsr(&A, 3, 3, 6, RowPtr, ColInd, Val, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateCsr(&C, 3, 3, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                              CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  cusparseSpGEMMDescr_t D;
  ASSERT_EQ(cusparseSpGEMM_createDescr(&D), CUSPARSE_STATUS_SUCCESS);
  double Alpha = 2, Beta = 0;
  auto N = CUSPARSE_OPERATION_NON_TRANSPOSE;
  size_t Size1 = 0, Size2 = 0;
  ASSERT_EQ(cusparseSpGEMM_workEstimation(H, N, N, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                          CUSPARSE_SPGEMM_DEFAULT, D, &Size1, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size1, 64u); // rocSPARSE's buffer
  std::vector<char> Buffer1(Size1);
  ASSERT_EQ(cusparseSpGEMM_workEstimation(H, N, N, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                          CUSPARSE_SPGEMM_DEFAULT, D, &Size1,
                                          Buffer1.data()),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSpGEMM_compute(H, N, N, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                   CUSPARSE_SPGEMM_DEFAULT, D, &Size2, nullptr),
            CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Size2, 4u * 4); // C's row offsets
  std::vector<char> Buffer2(Size2);
  ASSERT_EQ(cusparseSpGEMM_compute(H, N, N, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                   CUSPARSE_SPGEMM_DEFAULT, D, &Size2, Buffer2.data()),
            CUSPARSE_STATUS_SUCCESS);
  std::string Log = takeLog();
  EXPECT_NE(Log.find("spgemm stage=1 opA=111 opB=111 compute=152 alg=0 "
                     "A=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,diag=0) "
                     "B=csr(3x3,nnz=6,idx=2/2,base=0,type=152,fill=0,diag=0) "
                     "D=csr(3x3,nnz=0,idx=2/2,base=1,type=152,fill=0,diag=0) "
                     "C=csr(3x3,nnz=0,idx=2/2,base=1,type=152,fill=0,diag=0) ptr=no "
                     "cols=no buffer=no"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("spgemm stage=2 opA=111 opB=111 compute=152 alg=0"), std::string::npos)
      << Log;
  EXPECT_NE(Log.find("ptr=yes cols=no buffer=yes"), std::string::npos) << Log;
  int64_t Rows, Cols, Nnz;
  ASSERT_EQ(cusparseSpMatGetSize(C, &Rows, &Cols, &Nnz), CUSPARSE_STATUS_SUCCESS);
  // A A = [[16 3 10] [18 25 2] [6 33 36]]: full.
  EXPECT_EQ(Nnz, 9);
  std::vector<int> COffsets(4), CCols(Nnz);
  std::vector<double> CValues(Nnz);
  ASSERT_EQ(cusparseCsrSetPointers(C, COffsets.data(), CCols.data(), CValues.data()),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSpGEMM_copy(H, N, N, &Alpha, A, A, &Beta, C, CUDA_R_64F,
                                CUSPARSE_SPGEMM_DEFAULT, D),
            CUSPARSE_STATUS_SUCCESS);
  Log = takeLog();
  EXPECT_NE(Log.find("spgemm stage=3 opA=111 opB=111 compute=152 alg=0"), std::string::npos)
      << Log;
  EXPECT_NE(Log.find("C=csr(3x3,nnz=9,idx=2/2,base=1,type=152,fill=0,diag=0) ptr=yes "
                     "cols=yes buffer=yes"),
            std::string::npos)
      << Log;
  double Want[] = {16, 3, 10, 18, 25, 2, 6, 33, 36};
  EXPECT_EQ(COffsets[0], 1);
  EXPECT_EQ(COffsets[3], 10);
  for (int K = 0; K < 9; ++K) {
    EXPECT_EQ(CCols[K], K % 3 + 1) << K;
    EXPECT_EQ(CValues[K], 2 * Want[K]) << K;
  }
  // Only non-transposed CSR products, as cuSPARSE.
  EXPECT_EQ(cusparseSpGEMM_compute(H, CUSPARSE_OPERATION_TRANSPOSE, N, &Alpha, A, A,
                                   &Beta, C, CUDA_R_64F, CUSPARSE_SPGEMM_DEFAULT, D,
                                   &Size2, Buffer2.data()),
            CUSPARSE_STATUS_NOT_SUPPORTED);
  cusparseSpGEMM_destroyDescr(D);
  cusparseDestroySpMat(A);
  cusparseDestroySpMat(C);
  cusparseDestroy(H);
}

TEST(CusparseRocm, ScatterAndGather) {
  ASSERT_EQ(ForceRocm, 0);
  cusparseHandle_t H;
  ASSERT_EQ(cusparseCreate(&H), CUSPARSE_STATUS_SUCCESS);
  takeLog();
  int64_t Indices[] = {2, 5, 7}; // base 1
  double Values[] = {10, 20, 30}, Dense[8] = {}, Back[3] = {};
  cusparseSpVecDescr_t X, G;
  cusparseDnVecDescr_t Y;
  ASSERT_EQ(cusparseCreateSpVec(&X, 8, 3, Indices, Values, CUSPARSE_INDEX_64I,
                                CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateSpVec(&G, 8, 3, Indices, Back, CUSPARSE_INDEX_64I,
                                CUSPARSE_INDEX_BASE_ONE, CUDA_R_64F),
            CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateDnVec(&Y, 8, Dense, CUDA_R_64F), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseScatter(H, X, Y), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Dense[1], 10);
  EXPECT_EQ(Dense[4], 20);
  EXPECT_EQ(Dense[6], 30);
  Dense[4] = 25;
  ASSERT_EQ(cusparseGather(H, Y, G), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Back[1], 25);
  EXPECT_EQ(takeLog(), "scatter x=8/nnz=3/idx=3/base=1/type=152 y=8/152\n"
                       "gather y=8/152 x=8/nnz=3/idx=3/base=1/type=152\n");
  cusparseDestroySpVec(X);
  cusparseDestroySpVec(G);
  cusparseDestroyDnVec(Y);
  cusparseDestroy(H);
}

} // namespace
