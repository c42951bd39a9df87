//===- FakeRocsparse.cpp - A stand-in rocSPARSE for cuSPARSE's tests ------===//
//
// Part of Rubicon. Loaded by CusparseRocmTest as rocSPARSE: it keeps what
// each descriptor is given, logs each call with rocSPARSE's numbering of
// the enumerations, and computes in double precision what rocSPARSE
// documents for the operations (host memory stands for device memory), so
// the test checks both the arguments and the results.
//
//===----------------------------------------------------------------------===//
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {
std::string Log;
int HandleObject;
int PointerMode = 0;

void say(const char *Format, ...) __attribute__((format(printf, 1, 2)));
void say(const char *Format, ...) {
  char Line[512];
  va_list Args;
  va_start(Args, Format);
  std::vsnprintf(Line, sizeof Line, Format, Args);
  va_end(Args);
  Log += Line;
  Log += '\n';
}
const char *ours(void *Handle) { return Handle == &HandleObject ? "" : " WRONG"; }

// rocSPARSE's numbering.
enum { Coo = 0, Csr = 2, Csc = 3, Bsr = 6 };
enum { OpNone = 111, OpTranspose = 112 };
enum { F64 = 152 };

struct Mat {
  int Format;
  int64_t Rows, Cols, Nnz; // BSR: block rows, block columns, blocks
  void *Ptr, *Ind, *Val;
  int PtrType, IndType, Base, Type, Dir = 0;
  int64_t Block = 1;
  int Fill = 0, Diag = 0;
};
struct Vec {
  int64_t Size;
  void *Val;
  int Type;
};
struct Dense {
  int64_t Rows, Cols, Ld;
  void *Val;
  int Type, Order;
};

const char *name(int Format) {
  return Format == Csr ? "csr" : Format == Csc ? "csc" : Format == Coo ? "coo" : "bsr";
}
std::string describe(const Mat *A) {
  char S[200];
  std::snprintf(S, sizeof S, "%s(%lldx%lld,nnz=%lld,idx=%d/%d,base=%d,type=%d", name(A->Format),
                (long long)A->Rows, (long long)A->Cols, (long long)A->Nnz,
                A->PtrType, A->IndType, A->Base, A->Type);
  std::string Out = S;
  if (A->Format == Bsr)
    Out += ",dir=" + std::to_string(A->Dir) + ",block=" + std::to_string(A->Block);
  return Out + ",fill=" + std::to_string(A->Fill) + ",diag=" + std::to_string(A->Diag) + ")";
}

int64_t at(void *Array, int Type, int64_t I) {
  return Type == 3 ? static_cast<int64_t *>(Array)[I] : static_cast<int32_t *>(Array)[I];
}

/// A as a dense row-major matrix of doubles (element rows x columns).
std::vector<double> dense(const Mat *A, int64_t &M, int64_t &N) {
  int64_t B = A->Format == Bsr ? A->Block : 1;
  M = A->Rows * B;
  N = A->Cols * B;
  std::vector<double> D(M * N, 0.0);
  auto *V = static_cast<double *>(A->Val);
  if (A->Format == Coo) {
    for (int64_t K = 0; K < A->Nnz; ++K)
      D[(at(A->Ptr, A->IndType, K) - A->Base) * N + at(A->Ind, A->IndType, K) - A->Base] += V[K];
    return D;
  }
  int64_t Outer = A->Format == Csc ? A->Cols : A->Rows;
  for (int64_t O = 0; O < Outer; ++O)
    for (int64_t K = at(A->Ptr, A->PtrType, O) - A->Base;
         K < at(A->Ptr, A->PtrType, O + 1) - A->Base; ++K) {
      int64_t I = at(A->Ind, A->IndType, K) - A->Base;
      if (A->Format == Csr)
        D[O * N + I] += V[K];
      else if (A->Format == Csc)
        D[I * N + O] += V[K];
      else
        for (int64_t R = 0; R < B; ++R)
          for (int64_t C = 0; C < B; ++C)
            D[(O * B + R) * N + I * B + C] +=
                V[K * B * B + (A->Dir == 0 ? R * B + C : R + C * B)];
    }
  return D;
}

double scalar(const void *P) { return *static_cast<const double *>(P); }
} // namespace

extern "C" {
const char *fake_rocsparse_log() { return Log.c_str(); }
void fake_rocsparse_clear() { Log.clear(); }

int rocsparse_create_handle(void **Handle) {
  say("create_handle");
  *Handle = &HandleObject;
  return 0;
}
int rocsparse_destroy_handle(void *Handle) {
  say("destroy_handle%s", ours(Handle));
  return 0;
}
int rocsparse_set_stream(void *Handle, void *Stream) {
  say("set_stream %p%s", Stream, ours(Handle));
  return 0;
}
int rocsparse_set_pointer_mode(void *Handle, int Mode) {
  say("set_pointer_mode %d%s", Mode, ours(Handle));
  PointerMode = Mode;
  return 0;
}

int rocsparse_create_csr_descr(Mat **D, int64_t M, int64_t N, int64_t Nnz, void *Ptr,
                               void *Ind, void *Val, int PtrType, int IndType,
                               int Base, int Type) {
  *D = new Mat{Csr, M, N, Nnz, Ptr, Ind, Val, PtrType, IndType, Base, Type};
  return 0;
}
int rocsparse_create_csc_descr(Mat **D, int64_t M, int64_t N, int64_t Nnz, void *Ptr,
                               void *Ind, void *Val, int PtrType, int IndType,
                               int Base, int Type) {
  *D = new Mat{Csc, M, N, Nnz, Ptr, Ind, Val, PtrType, IndType, Base, Type};
  return 0;
}
int rocsparse_create_coo_descr(Mat **D, int64_t M, int64_t N, int64_t Nnz, void *Row,
                               void *Col, void *Val, int IndType, int Base, int Type) {
  *D = new Mat{Coo, M, N, Nnz, Row, Col, Val, IndType, IndType, Base, Type};
  return 0;
}
int rocsparse_create_bsr_descr(Mat **D, int64_t Mb, int64_t Nb, int64_t Nnzb, int Dir,
                               int64_t Block, void *Ptr, void *Ind, void *Val,
                               int PtrType, int IndType, int Base, int Type) {
  *D = new Mat{Bsr, Mb, Nb, Nnzb, Ptr, Ind, Val, PtrType, IndType, Base, Type, Dir, Block};
  return 0;
}
int rocsparse_spmat_set_attribute(Mat *D, int Attribute, const void *Data, size_t Size) {
  if (Size != sizeof(int))
    return 4; // invalid_size
  (Attribute == 0 ? D->Fill : D->Diag) = *static_cast<const int *>(Data);
  return 0;
}
int rocsparse_spmat_get_size(Mat *D, int64_t *Rows, int64_t *Cols, int64_t *Nnz) {
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Nnz = D->Nnz;
  return 0;
}
int rocsparse_destroy_spmat_descr(Mat *D) {
  delete D;
  return 0;
}
int rocsparse_create_dnvec_descr(Vec **D, int64_t Size, void *Val, int Type) {
  *D = new Vec{Size, Val, Type};
  return 0;
}
int rocsparse_destroy_dnvec_descr(Vec *D) {
  delete D;
  return 0;
}
int rocsparse_create_dnmat_descr(Dense **D, int64_t Rows, int64_t Cols, int64_t Ld,
                                 void *Val, int Type, int Order) {
  *D = new Dense{Rows, Cols, Ld, Val, Type, Order};
  return 0;
}
int rocsparse_destroy_dnmat_descr(Dense *D) {
  delete D;
  return 0;
}

int rocsparse_spmv(void *H, int Op, const void *Alpha, Mat *A, Vec *X, const void *Beta,
                   Vec *Y, int Compute, int Alg, int Stage, size_t *Size, void *Temp) {
  say("spmv stage=%d op=%d compute=%d alg=%d A=%s x=%lld/%d y=%lld/%d buffer=%s%s", Stage,
      Op, Compute, Alg, describe(A).c_str(), (long long)X->Size, X->Type,
      (long long)Y->Size, Y->Type, Temp ? "yes" : "no", ours(H));
  if (Stage == 1) {
    *Size = 128;
    return 0;
  }
  if (Stage != 3 || A->Type != F64)
    return 0;
  int64_t M, N;
  std::vector<double> D = dense(A, M, N);
  auto *XV = static_cast<double *>(X->Val), *YV = static_cast<double *>(Y->Val);
  bool T = Op != OpNone;
  std::vector<double> R(T ? N : M, 0.0);
  for (int64_t I = 0; I < M; ++I)
    for (int64_t J = 0; J < N; ++J)
      if (T)
        R[J] += D[I * N + J] * XV[I];
      else
        R[I] += D[I * N + J] * XV[J];
  for (size_t I = 0; I < R.size(); ++I)
    YV[I] = scalar(Alpha) * R[I] + scalar(Beta) * YV[I];
  return 0;
}

int rocsparse_spmm(void *H, int OpA, int OpB, const void *Alpha, Mat *A, Dense *B,
                   const void *Beta, Dense *C, int Compute, int Alg, int Stage,
                   size_t *Size, void *Temp) {
  say("spmm stage=%d opA=%d opB=%d compute=%d alg=%d A=%s B=%lldx%lld/ld=%lld/order=%d "
      "C=%lldx%lld/ld=%lld/order=%d buffer=%s%s",
      Stage, OpA, OpB, Compute, Alg, describe(A).c_str(), (long long)B->Rows,
      (long long)B->Cols, (long long)B->Ld, B->Order, (long long)C->Rows,
      (long long)C->Cols, (long long)C->Ld, C->Order, Temp ? "yes" : "no", ours(H));
  if (Stage == 1)
    *Size = 256;
  return 0;
}

int rocsparse_spsv(void *H, int Op, const void *Alpha, Mat *A, Vec *X, Vec *Y,
                   int Compute, int Alg, int Stage, size_t *Size, void *Temp) {
  say("spsv stage=%d op=%d compute=%d alg=%d A=%s buffer=%s%s", Stage, Op, Compute, Alg,
      describe(A).c_str(), Temp ? "yes" : "no", ours(H));
  if (Stage == 1) {
    *Size = 512;
    return 0;
  }
  if (Stage != 3 || A->Type != F64 || Op != OpNone)
    return 0;
  // y = alpha op(A)^-1 x over the fill mode's triangle.
  int64_t M, N;
  std::vector<double> D = dense(A, M, N);
  auto *XV = static_cast<double *>(X->Val), *YV = static_cast<double *>(Y->Val);
  bool Lower = A->Fill == 0, Unit = A->Diag == 1;
  for (int64_t S = 0; S < M; ++S) {
    int64_t I = Lower ? S : M - 1 - S;
    double Sum = scalar(Alpha) * XV[I];
    for (int64_t J = 0; J < N; ++J)
      if (Lower ? J < I : J > I)
        Sum -= D[I * N + J] * YV[J];
    YV[I] = Unit ? Sum : Sum / D[I * N + I];
  }
  return 0;
}

int rocsparse_sparse_to_dense(void *H, Mat *A, Dense *B, int Alg, size_t *Size,
                              void *Temp) {
  say("sparse_to_dense A=%s B=%lldx%lld/ld=%lld/order=%d alg=%d buffer=%s%s",
      describe(A).c_str(), (long long)B->Rows, (long long)B->Cols, (long long)B->Ld,
      B->Order, Alg, Temp ? "yes" : "no", ours(H));
  if (!Temp) {
    *Size = 32;
    return 0;
  }
  int64_t M, N;
  std::vector<double> D = dense(A, M, N);
  auto *BV = static_cast<double *>(B->Val);
  for (int64_t I = 0; I < M; ++I)
    for (int64_t J = 0; J < N; ++J)
      BV[B->Order == 1 ? I + J * B->Ld : I * B->Ld + J] = D[I * N + J];
  return 0;
}

int rocsparse_dense_to_sparse(void *H, Dense *A, Mat *B, int Alg, size_t *Size,
                              void *Temp) {
  say("dense_to_sparse A=%lldx%lld/ld=%lld/order=%d B=%s cols=%s alg=%d buffer=%s%s",
      (long long)A->Rows, (long long)A->Cols, (long long)A->Ld, A->Order,
      describe(B).c_str(), B->Ind ? "yes" : "no", Alg, Temp ? "yes" : "no", ours(H));
  if (!Temp) {
    *Size = 48;
    return 0;
  }
  if (B->Format != Csr)
    return 2; // not_implemented here
  auto *AV = static_cast<double *>(A->Val);
  int64_t Nnz = 0;
  for (int64_t I = 0; I < A->Rows; ++I) {
    for (int64_t J = 0; J < A->Cols; ++J) {
      double E = AV[A->Order == 1 ? I + J * A->Ld : I * A->Ld + J];
      if (E == 0)
        continue;
      if (B->Ind) {
        static_cast<int32_t *>(B->Ind)[Nnz] = int32_t(J + B->Base);
        static_cast<double *>(B->Val)[Nnz] = E;
      }
      ++Nnz;
    }
    static_cast<int32_t *>(B->Ptr)[I + 1] = int32_t(Nnz + B->Base);
  }
  static_cast<int32_t *>(B->Ptr)[0] = B->Base;
  B->Nnz = Nnz;
  return 0;
}

/// C = alpha A B (CSR, 32-bit, f64): the nnz stage writes C's row offsets
/// and its count, the compute stage its columns (ascending) and values.
int rocsparse_spgemm(void *H, int OpA, int OpB, const void *Alpha, Mat *A, Mat *B,
                     const void *Beta, Mat *D, Mat *C, int Compute, int Alg, int Stage,
                     size_t *Size, void *Temp) {
  say("spgemm stage=%d opA=%d opB=%d compute=%d alg=%d A=%s B=%s D=%s C=%s ptr=%s "
      "cols=%s buffer=%s%s",
      Stage, OpA, OpB, Compute, Alg, describe(A).c_str(), describe(B).c_str(),
      describe(D).c_str(), describe(C).c_str(), C->Ptr ? "yes" : "no",
      C->Ind ? "yes" : "no", Temp ? "yes" : "no", ours(H));
  if (Stage == 1) {
    *Size = 64;
    return 0;
  }
  if (A->Type != F64 || !Temp)
    return 7; // invalid_value
  int64_t M, K, K2, N;
  std::vector<double> DA = dense(A, M, K), DB = dense(B, K2, N);
  auto *Ptr = static_cast<int32_t *>(C->Ptr);
  int64_t Nnz = 0;
  Ptr[0] = C->Base;
  for (int64_t I = 0; I < M; ++I) {
    for (int64_t J = 0; J < N; ++J) {
      bool Structural = false;
      double Sum = 0;
      for (int64_t L = 0; L < K; ++L)
        if (DA[I * K + L] != 0 && DB[L * N + J] != 0) {
          Structural = true;
          Sum += DA[I * K + L] * DB[L * N + J];
        }
      if (!Structural)
        continue;
      if (Stage == 3) {
        static_cast<int32_t *>(C->Ind)[Nnz] = int32_t(J + C->Base);
        static_cast<double *>(C->Val)[Nnz] = scalar(Alpha) * Sum;
      }
      ++Nnz;
    }
    if (Stage == 2)
      Ptr[I + 1] = int32_t(Nnz + C->Base);
    else if (Ptr[I + 1] != Nnz + C->Base)
      return 6; // internal_error: not the nnz stage's offsets
  }
  C->Nnz = Nnz;
  return 0;
}

struct SparseVec {
  int64_t Size, Nnz;
  void *Ind, *Val;
  int IndType, Base, Type;
};
int rocsparse_create_spvec_descr(SparseVec **D, int64_t Size, int64_t Nnz, void *Ind,
                                 void *Val, int IndType, int Base, int Type) {
  *D = new SparseVec{Size, Nnz, Ind, Val, IndType, Base, Type};
  return 0;
}
int rocsparse_destroy_spvec_descr(SparseVec *D) {
  delete D;
  return 0;
}
/// y[indices] = x, x = y[indices] (f64).
int rocsparse_scatter(void *H, SparseVec *X, Vec *Y) {
  say("scatter x=%lld/nnz=%lld/idx=%d/base=%d/type=%d y=%lld/%d%s", (long long)X->Size,
      (long long)X->Nnz, X->IndType, X->Base, X->Type, (long long)Y->Size, Y->Type,
      ours(H));
  for (int64_t K = 0; K < X->Nnz; ++K)
    static_cast<double *>(Y->Val)[at(X->Ind, X->IndType, K) - X->Base] =
        static_cast<double *>(X->Val)[K];
  return 0;
}
int rocsparse_gather(void *H, Vec *Y, SparseVec *X) {
  say("gather y=%lld/%d x=%lld/nnz=%lld/idx=%d/base=%d/type=%d%s", (long long)Y->Size,
      Y->Type, (long long)X->Size, (long long)X->Nnz, X->IndType, X->Base, X->Type,
      ours(H));
  for (int64_t K = 0; K < X->Nnz; ++K)
    static_cast<double *>(X->Val)[K] =
        static_cast<double *>(Y->Val)[at(X->Ind, X->IndType, K) - X->Base];
  return 0;
}
}
