//===- CusolverRfRocmTest.cpp - cusolverRf forwarded to rocSOLVER ---------===//
//
// Part of Rubicon. No AMD GPU here: cusolverRf's AMD backend is checked up
// to the library boundary with a stand-in rocSOLVER (FakeRocsolverRf.cpp,
// which also stands in for rocBLAS's handles) that logs its calls and
// computes what rocSOLVER documents, over a stand-in HIP whose device
// memory is host memory. The flow is cuSOLVER's: csrlu on the CPU, Setup
// from device memory, Analyze, new values, Refactor, Solve; the new
// matrix's solution is checked by its residual, so T = (L - I) + U, the
// permutations and A's arrays must reach rocSOLVER as it defines them; a
// zero pivot; the batched forms; Destroy. CusolverNoRocmTest: no rocSOLVER.
//
//===----------------------------------------------------------------------===//
#include "cusolverRf.h"
#include "cusolverSp.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
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

/// A G x G grid's nonsymmetric 5-point operator in CSR (base 0) whose small
/// diagonal makes csrlu exchange rows; Seed varies the values.
struct Grid {
  int N;
  std::vector<int> RowPtr{0}, Cols;
  std::vector<double> Values;
  Grid(int G, int Seed) : N(G * G) {
    for (int X = 0; X < G; ++X)
      for (int Y = 0; Y < G; ++Y) {
        int I = X * G + Y;
        double W = 0.1 * std::sin(I * 0.7 + Seed);
        auto Add = [&](int J, double V) {
          Cols.push_back(J);
          Values.push_back(V);
        };
        if (X > 0) Add(I - G, -1.3 + W);
        if (Y > 0) Add(I - 1, -0.7 - W);
        Add(I, 0.2 + W);
        if (Y < G - 1) Add(I + 1, -1.1 + 0.5 * W);
        if (X < G - 1) Add(I + G, -0.9);
        RowPtr.push_back(int(Cols.size()));
      }
  }
  int nnz() const { return int(Cols.size()); }
  double residual(const std::vector<double> &X,
                  const std::vector<double> &B) const {
    double Worst = 0;
    for (int I = 0; I < N; ++I) {
      double Sum = -B[I];
      for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K)
        Sum += Values[K] * X[Cols[K]];
      Worst = std::max(Worst, std::fabs(Sum));
    }
    return Worst;
  }
};

template <class T> T *onDevice(const std::vector<T> &From) {
  void *P = nullptr;
  EXPECT_EQ(cudaMalloc(&P, sizeof(T) * std::max<size_t>(From.size(), 1)),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpy(P, From.data(), sizeof(T) * From.size(),
                       cudaMemcpyHostToDevice),
            cudaSuccess);
  return static_cast<T *>(P);
}

TEST(CusolverRfRocm, RefactorsAndSolvesThroughRocsolver) {
  ASSERT_EQ(ForceRocm, 0);
  Grid A0(5, 1), A1(5, 2);
  int N = A0.N;

  // The first matrix's P*A*Q^T = L*U on the CPU (csrlu...Host, no reorder).
  cusolverSpHandle_t Sp;
  cusparseMatDescr_t Descr;
  csrluInfoHost_t Info;
  ASSERT_EQ(cusolverSpCreate(&Sp), CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusparseCreateMatDescr(&Descr), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusolverSpCreateCsrluInfoHost(&Info), CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverSpXcsrluAnalysisHost(Sp, N, A0.nnz(), Descr,
                                         A0.RowPtr.data(), A0.Cols.data(), Info),
            CUSOLVER_STATUS_SUCCESS);
  size_t Internal = 0, Workspace = 0;
  ASSERT_EQ(cusolverSpDcsrluBufferInfoHost(Sp, N, A0.nnz(), Descr,
                                           A0.Values.data(), A0.RowPtr.data(),
                                           A0.Cols.data(), Info, &Internal,
                                           &Workspace),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<char> Buffer(Workspace + 1);
  ASSERT_EQ(cusolverSpDcsrluFactorHost(Sp, N, A0.nnz(), Descr,
                                       A0.Values.data(), A0.RowPtr.data(),
                                       A0.Cols.data(), Info, 1.0, Buffer.data()),
            CUSOLVER_STATUS_SUCCESS);
  int NnzL = 0, NnzU = 0;
  ASSERT_EQ(cusolverSpXcsrluNnzHost(Sp, &NnzL, &NnzU, Info),
            CUSOLVER_STATUS_SUCCESS);
  std::vector<int> P(N), Q(N), LRowPtr(N + 1), URowPtr(N + 1), LCols(NnzL),
      UCols(NnzU);
  std::vector<double> LValues(NnzL), UValues(NnzU);
  ASSERT_EQ(cusolverSpDcsrluExtractHost(
                Sp, P.data(), Q.data(), Descr, LValues.data(), LRowPtr.data(),
                LCols.data(), Descr, UValues.data(), URowPtr.data(),
                UCols.data(), Info, Buffer.data()),
            CUSOLVER_STATUS_SUCCESS);
  bool Exchanged = false;
  for (int I = 0; I < N; ++I)
    Exchanged |= P[I] != I;
  EXPECT_TRUE(Exchanged) << "the test wants row exchanges";

  cusolverRfHandle_t Rf = nullptr;
  ASSERT_EQ(cusolverRfCreate(&Rf), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "create_handle\ncreate_rfinfo ours\n");
  ASSERT_EQ(cusolverRfSetMatrixFormat(Rf, CUSOLVERRF_MATRIX_FORMAT_CSR,
                                      CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L),
            CUSOLVER_STATUS_SUCCESS);
  // Setup from device memory (read back to build T on the CPU).
  int *DRowPtr = onDevice(A0.RowPtr), *DCols = onDevice(A0.Cols);
  int *DP = onDevice(P), *DQ = onDevice(Q);
  double *DValues = onDevice(A0.Values);
  ASSERT_EQ(cusolverRfSetupDevice(N, A0.nnz(), DRowPtr, DCols, DValues, NnzL,
                                  onDevice(LRowPtr), onDevice(LCols),
                                  onDevice(LValues), NnzU, onDevice(URowPtr),
                                  onDevice(UCols), onDevice(UValues), DP, DQ,
                                  Rf),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_NOT_INITIALIZED);
  ASSERT_EQ(cusolverRfAnalyze(Rf), CUSOLVER_STATUS_SUCCESS);
  int NnzT = NnzL + NnzU; // L without its diagonal, U with it
  EXPECT_EQ(takeLog(), "analysis n=25 nrhs=0 nnzM=" + std::to_string(A0.nnz()) +
                           " nnzT=" + std::to_string(NnzT) + " ldb=25\n");

  // New values of the same pattern, refactored and solved by rocSOLVER.
  ASSERT_EQ(cudaMemcpy(DValues, A1.Values.data(), sizeof(double) * A1.nnz(),
                       cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cusolverRfResetValues(N, A1.nnz(), DRowPtr, DCols, DValues, DP, DQ,
                                  Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "refactlu n=25 nnzA=" + std::to_string(A1.nnz()) +
                           " nnzT=" + std::to_string(NnzT) + "\n");
  std::vector<double> B(N);
  for (int I = 0; I < N; ++I)
    B[I] = 1.0 + std::cos(0.3 * I);
  double *DX = onDevice(B), *DT = onDevice(std::vector<double>(N));
  ASSERT_EQ(cusolverRfSolve(Rf, DP, DQ, 1, DT, N, DX, N),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "solve n=25 nrhs=1 nnzT=" + std::to_string(NnzT) +
                           " ldb=25\n");
  std::vector<double> X(N);
  ASSERT_EQ(cudaMemcpy(X.data(), DX, sizeof(double) * N, cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_LT(A1.residual(X, B), 1e-12);

  // The bundled factors are rocSOLVER's T, in device memory.
  int NnzM = 0, *Mp = nullptr, *Mi = nullptr;
  double *Mx = nullptr;
  ASSERT_EQ(cusolverRfAccessBundledFactorsDevice(Rf, &NnzM, &Mp, &Mi, &Mx),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(NnzM, NnzT);
  int *HostMp = nullptr, *HostMi = nullptr, HostNnzM = 0;
  double *HostMx = nullptr;
  ASSERT_EQ(cusolverRfExtractBundledFactorsHost(Rf, &HostNnzM, &HostMp,
                                                &HostMi, &HostMx),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(HostNnzM, NnzT);
  std::vector<double> DeviceMx(NnzT);
  ASSERT_EQ(cudaMemcpy(DeviceMx.data(), Mx, sizeof(double) * NnzT,
                       cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(std::vector<double>(HostMx, HostMx + NnzT), DeviceMx);
  std::free(HostMp);
  std::free(HostMi);
  std::free(HostMx);

  // A zero pivot (rocSOLVER reports none) is found on U's diagonal.
  Grid Singular = A1;
  for (int K = Singular.RowPtr[0]; K < Singular.RowPtr[1]; ++K)
    Singular.Values[K] = 0; // row 0 of A is zero
  ASSERT_EQ(cudaMemcpy(DValues, Singular.Values.data(),
                       sizeof(double) * Singular.nnz(), cudaMemcpyHostToDevice),
            cudaSuccess);
  ASSERT_EQ(cusolverRfResetValues(N, A1.nnz(), DRowPtr, DCols, DValues, DP, DQ,
                                  Rf),
            CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(cusolverRfRefactor(Rf), CUSOLVER_STATUS_ZERO_PIVOT);
  takeLog();

  // The batched forms: one analysis, one refactlu and one solve per matrix.
  std::vector<double> NewValues = A1.Values;
  double *Batch[] = {A0.Values.data(), NewValues.data()};
  ASSERT_EQ(cusolverRfBatchSetupHost(2, N, A0.nnz(), A0.RowPtr.data(),
                                     A0.Cols.data(), Batch, NnzL,
                                     LRowPtr.data(), LCols.data(),
                                     LValues.data(), NnzU, URowPtr.data(),
                                     UCols.data(), UValues.data(), P.data(),
                                     Q.data(), Rf),
            CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchAnalyze(Rf), CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverRfBatchRefactor(Rf), CUSOLVER_STATUS_SUCCESS);
  double *DX0 = onDevice(B), *DX1 = onDevice(B), *Solutions[] = {DX0, DX1};
  ASSERT_EQ(cusolverRfBatchSolve(Rf, DP, DQ, 1, DT, N, Solutions, N),
            CUSOLVER_STATUS_SUCCESS);
  std::string Nnz = std::to_string(NnzT);
  EXPECT_EQ(takeLog(), "analysis n=25 nrhs=0 nnzM=105 nnzT=" + Nnz +
                           " ldb=25\nrefactlu n=25 nnzA=105 nnzT=" + Nnz +
                           "\nrefactlu n=25 nnzA=105 nnzT=" + Nnz +
                           "\nsolve n=25 nrhs=1 nnzT=" + Nnz +
                           " ldb=25\nsolve n=25 nrhs=1 nnzT=" + Nnz +
                           " ldb=25\n");
  for (auto [Matrix, Solution] : {std::pair(&A0, DX0), std::pair(&A1, DX1)}) {
    ASSERT_EQ(cudaMemcpy(X.data(), Solution, sizeof(double) * N,
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    EXPECT_LT(Matrix->residual(X, B), 1e-12);
  }
  int Pivots[2] = {7, 7};
  EXPECT_EQ(cusolverRfBatchZeroPivot(Rf, Pivots), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Pivots[0], -1);
  EXPECT_EQ(Pivots[1], -1);

  ASSERT_EQ(cusolverRfDestroy(Rf), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(takeLog(), "destroy_rfinfo ours\ndestroy_handle ours\n");
  cusolverSpDestroyCsrluInfoHost(Info);
  cusparseDestroyMatDescr(Descr);
  cusolverSpDestroy(Sp);
}

} // namespace
