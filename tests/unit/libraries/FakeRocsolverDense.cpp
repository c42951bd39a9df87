//===- FakeRocsolverDense.cpp - A stand-in rocSOLVER for cuSOLVER dense ---===//
//
// Part of Rubicon. Loaded by CusolverDnRocmTest as both rocBLAS (handles,
// streams) and rocSOLVER: each function logs the arguments it receives
// (enumerations in rocBLAS's numbering, whether pointers are the test's
// arrays) and sets info to 0 where it has one.
//
//===----------------------------------------------------------------------===//
#include <cstdarg>
#include <cstdio>
#include <string>

namespace {
std::string Log;
int HandleObject;

void say(const char *Format, ...) __attribute__((format(printf, 1, 2)));
void say(const char *Format, ...) {
  char Line[256];
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(Line, sizeof Line, Format, Args);
  va_end(Args);
  Log += Line;
  Log += '\n';
}
const char *ours(void *Handle) { return Handle == &HandleObject ? "" : " WRONG"; }
} // namespace

extern "C" {
const char *fake_rocsolver_log() { return Log.c_str(); }
void fake_rocsolver_clear() { Log.clear(); }

int rocblas_create_handle(void **Handle) {
  say("create_handle");
  *Handle = &HandleObject;
  return 0;
}
int rocblas_destroy_handle(void *Handle) {
  say("destroy_handle%s", ours(Handle));
  return 0;
}
int rocblas_set_stream(void *Handle, void *Stream) {
  say("set_stream %p%s", Stream, ours(Handle));
  return 0;
}

int rocsolver_dgetrf(void *H, int M, int N, double *A, int Lda, int *Ipiv,
                     int *Info) {
  say("dgetrf m=%d n=%d lda=%d ipiv=%s%s", M, N, Lda, Ipiv ? "yes" : "no",
      ours(H));
  *Info = 0;
  return 0;
}
int rocsolver_dgetrf_npvt(void *H, int M, int N, double *A, int Lda,
                          int *Info) {
  say("dgetrf_npvt m=%d n=%d lda=%d%s", M, N, Lda, ours(H));
  *Info = 0;
  return 0;
}
int rocsolver_dgetrs(void *H, int Trans, int N, int Nrhs, double *A, int Lda,
                     int *Ipiv, double *B, int Ldb) {
  say("dgetrs trans=%d n=%d nrhs=%d lda=%d ldb=%d%s", Trans, N, Nrhs, Lda, Ldb,
      ours(H));
  return 0;
}
int rocsolver_spotrf(void *H, int Uplo, int N, float *A, int Lda, int *Info) {
  say("spotrf uplo=%d n=%d lda=%d%s", Uplo, N, Lda, ours(H));
  *Info = 0;
  return 0;
}
int rocsolver_cpotrs(void *H, int Uplo, int N, int Nrhs, void *A, int Lda,
                     void *B, int Ldb) {
  say("cpotrs uplo=%d n=%d nrhs=%d lda=%d ldb=%d%s", Uplo, N, Nrhs, Lda, Ldb,
      ours(H));
  return 0;
}
int rocsolver_zgeqrf(void *H, int M, int N, void *A, int Lda, void *Tau) {
  say("zgeqrf m=%d n=%d lda=%d%s", M, N, Lda, ours(H));
  return 5; // rocblas_status_memory_error
}
int rocsolver_dormqr(void *H, int Side, int Trans, int M, int N, int K,
                     double *A, int Lda, double *Tau, double *C, int Ldc) {
  say("dormqr side=%d trans=%d m=%d n=%d k=%d lda=%d ldc=%d%s", Side, Trans, M,
      N, K, Lda, Ldc, ours(H));
  return 0;
}
int rocsolver_cunmqr(void *H, int Side, int Trans, int M, int N, int K,
                     void *A, int Lda, void *Tau, void *C, int Ldc) {
  say("cunmqr side=%d trans=%d m=%d n=%d k=%d lda=%d ldc=%d%s", Side, Trans, M,
      N, K, Lda, Ldc, ours(H));
  return 0;
}
int rocsolver_sgesvd(void *H, int Left, int Right, int M, int N, float *A,
                     int Lda, float *S, float *U, int Ldu, float *V, int Ldv,
                     float *E, int FastAlg, int *Info) {
  say("sgesvd left=%d right=%d m=%d n=%d lda=%d ldu=%d ldv=%d E=%s "
      "fast_alg=%d%s",
      Left, Right, M, N, Lda, Ldu, Ldv, E ? "yes" : "no", FastAlg, ours(H));
  *Info = 0;
  return 0;
}
int rocsolver_dsyevd(void *H, int Evect, int Uplo, int N, double *A, int Lda,
                     double *D, double *E, int *Info) {
  say("dsyevd evect=%d uplo=%d n=%d lda=%d E=%s%s", Evect, Uplo, N, Lda,
      E ? "yes" : "no", ours(H));
  *Info = 0;
  return 0;
}
int rocsolver_zheevd(void *H, int Evect, int Uplo, int N, void *A, int Lda,
                     double *D, double *E, int *Info) {
  say("zheevd evect=%d uplo=%d n=%d lda=%d E=%s%s", Evect, Uplo, N, Lda,
      E ? "yes" : "no", ours(H));
  *Info = 0;
  return 0;
}
}
