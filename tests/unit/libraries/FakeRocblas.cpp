//===- FakeRocblas.cpp - A stand-in librocblas for the cuBLAS tests -------===//
//
// Part of Rubicon's unit tests. Loaded by libcublas through
// RUBICON_ROCBLAS_LIBRARY (CublasRocmTest.cpp): each function appends what
// it received to a log the test reads with fake_rocblas_log(). It also
// stands in for librocsolver (RUBICON_ROCSOLVER_LIBRARY): the batched LU
// functions cuBLAS forwards there. rocBLAS's
// status values: 0 success, 4 invalid_size, 5 memory_error.
//
//===----------------------------------------------------------------------===//
#include <complex>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {
std::string Log;
int HandleObject;

template <class... Ts> void record(const char *Format, Ts... Args) {
  char Line[512];
  std::snprintf(Line, sizeof(Line), Format, Args...);
  Log += Line;
  Log += '\n';
}
} // namespace

extern "C" {

const char *fake_rocblas_log() { return Log.c_str(); }
void fake_rocblas_clear() { Log.clear(); }

int rocblas_create_handle(void **Handle) {
  *Handle = &HandleObject;
  record("create_handle");
  return 0;
}
int rocblas_destroy_handle(void *Handle) {
  record("destroy_handle %s", Handle == &HandleObject ? "ours" : "other");
  return 0;
}
int rocblas_set_stream(void *, void *Stream) {
  record("set_stream %p", Stream);
  return 0;
}
int rocblas_set_pointer_mode(void *, int Mode) {
  record("set_pointer_mode %d", Mode);
  return 0;
}
int rocblas_sgemm(void *Handle, int TransA, int TransB, int M, int N, int K,
                  const float *Alpha, const float *, int Lda, const float *,
                  int Ldb, const float *Beta, float *, int Ldc) {
  record("sgemm handle=%s trans=%d,%d m=%d n=%d k=%d alpha=%g lda=%d ldb=%d "
         "beta=%g ldc=%d",
         Handle == &HandleObject ? "ours" : "other", TransA, TransB, M, N, K,
         *Alpha, Lda, Ldb, *Beta, Ldc);
  return M == 999 ? 5 : 0;
}
int rocblas_zgemm_strided_batched(void *, int TransA, int TransB, int M, int N,
                                  int K, const std::complex<double> *Alpha,
                                  const void *, int Lda, int64_t StrideA,
                                  const void *, int Ldb, int64_t StrideB,
                                  const std::complex<double> *, void *, int Ldc,
                                  int64_t StrideC, int Count) {
  record("zgemm_strided_batched trans=%d,%d m=%d n=%d k=%d alpha=(%g,%g) "
         "lda=%d/%lld ldb=%d/%lld ldc=%d/%lld count=%d",
         TransA, TransB, M, N, K, Alpha->real(), Alpha->imag(), Lda,
         (long long)StrideA, Ldb, (long long)StrideB, Ldc, (long long)StrideC,
         Count);
  return 0;
}
int rocblas_strsm(void *, int Side, int Fill, int Trans, int Diag, int M,
                  int N, const float *Alpha, const float *, int Lda, float *,
                  int Ldb) {
  record("strsm side=%d fill=%d trans=%d diag=%d m=%d n=%d alpha=%g lda=%d "
         "ldb=%d",
         Side, Fill, Trans, Diag, M, N, *Alpha, Lda, Ldb);
  return 0;
}
int rocblas_ddot(void *, int N, const double *, int IncX, const double *,
                 int IncY, double *Result) {
  record("ddot n=%d incx=%d incy=%d", N, IncX, IncY);
  *Result = 42.0;
  return 0;
}
int rocblas_isamax(void *, int N, const float *, int IncX, int *Result) {
  record("isamax n=%d incx=%d", N, IncX);
  *Result = 7;
  return 0;
}
int rocblas_gemm_ex(void *, int TransA, int TransB, int M, int N, int K,
                    const void *, const void *, int AType, int Lda,
                    const void *, int BType, int Ldb, const void *,
                    const void *C, int CType, int Ldc, const void *D,
                    int DType, int Ldd, int Compute, int Algo,
                    int32_t Solution, uint32_t Flags) {
  record("gemm_ex trans=%d,%d m=%d n=%d k=%d types=%d,%d,%d,%d lda=%d ldb=%d "
         "ldc=%d ldd=%d d_is_c=%d compute=%d algo=%d solution=%d flags=%u",
         TransA, TransB, M, N, K, AType, BType, CType, DType, Lda, Ldb, Ldc,
         Ldd, C == D, Compute, Algo, Solution, Flags);
  return 0;
}

// rocSOLVER's batched LU (cuBLAS's getrf/getrs/getriBatched on AMD).
int rocsolver_dgetrf_batched(void *Handle, int M, int N, double *const *,
                             int Lda, int *, int64_t StrideP, int *,
                             int Count) {
  record("rocsolver_dgetrf_batched handle=%s m=%d n=%d lda=%d strideP=%lld "
         "count=%d",
         Handle == &HandleObject ? "ours" : "other", M, N, Lda,
         (long long)StrideP, Count);
  return N == 999 ? 4 : 0;
}
int rocsolver_sgetrf_npvt_batched(void *, int M, int N, float *const *,
                                  int Lda, int *, int Count) {
  record("rocsolver_sgetrf_npvt_batched m=%d n=%d lda=%d count=%d", M, N, Lda,
         Count);
  return 0;
}
int rocsolver_zgetrs_batched(void *, int Trans, int N, int Nrhs,
                             const void *const *, int Lda, const int *,
                             int64_t StrideP, void *const *, int Ldb,
                             int Count) {
  record("rocsolver_zgetrs_batched trans=%d n=%d nrhs=%d lda=%d strideP=%lld "
         "ldb=%d count=%d",
         Trans, N, Nrhs, Lda, (long long)StrideP, Ldb, Count);
  return 0;
}
int rocsolver_dgetri_outofplace_batched(void *, int N, const double *const *,
                                        int Lda, const int *, int64_t StrideP,
                                        double *const *, int Ldc, int *,
                                        int Count) {
  record("rocsolver_dgetri_outofplace_batched n=%d lda=%d strideP=%lld "
         "ldc=%d count=%d",
         N, Lda, (long long)StrideP, Ldc, Count);
  return 0;
}

} // extern "C"
