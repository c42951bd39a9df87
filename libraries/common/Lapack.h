//===- Lapack.h - LAPACK's Fortran routines, per precision ------*- C++ -*-===//
//
// Part of Rubicon. The host backend of cuSOLVER's dense functions and of
// cuBLAS's batched LU: the reference LAPACK interface OpenBLAS exports
// (Fortran calling convention: every argument by address, each CHARACTER
// argument followed at the end by its hidden length). Lapack<T> names the routines of one precision; the
// complex forms of ormqr and syevd are unmqr and heevd.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LIBRARIES_LAPACK_H
#define RUBICON_LIBRARIES_LAPACK_H

#include "cuComplex.h"

#include <cstddef>

extern "C" {
#define RUBICON_LAPACK_DECLARE(P, T, R)                                        \
  void P##getrf_(const int *, const int *, T *, const int *, int *, int *);    \
  void P##getrs_(const char *, const int *, const int *, const T *,            \
                 const int *, const int *, T *, const int *, int *, size_t);   \
  void P##potrf_(const char *, const int *, T *, const int *, int *, size_t);  \
  void P##potrs_(const char *, const int *, const int *, const T *,            \
                 const int *, T *, const int *, int *, size_t);               \
  void P##geqrf_(const int *, const int *, T *, const int *, T *, T *,         \
                 const int *, int *);
RUBICON_LAPACK_DECLARE(s, float, float)
RUBICON_LAPACK_DECLARE(d, double, double)
RUBICON_LAPACK_DECLARE(c, cuComplex, float)
RUBICON_LAPACK_DECLARE(z, cuDoubleComplex, double)
#undef RUBICON_LAPACK_DECLARE

// Band matrices: general (LU with partial pivoting) and positive definite
// (Cholesky), for cuSOLVER's sparse solvers.
#define RUBICON_LAPACK_DECLARE_BAND(P, T)                                      \
  void P##gbtrf_(const int *, const int *, const int *, const int *, T *,     \
                 const int *, int *, int *);                                   \
  void P##gbtrs_(const char *, const int *, const int *, const int *,          \
                 const int *, const T *, const int *, const int *, T *,        \
                 const int *, int *, size_t);                                  \
  void P##pbtrf_(const char *, const int *, const int *, T *, const int *,     \
                 int *, size_t);                                               \
  void P##pbtrs_(const char *, const int *, const int *, const int *,          \
                 const T *, const int *, T *, const int *, int *, size_t);
RUBICON_LAPACK_DECLARE_BAND(s, float)
RUBICON_LAPACK_DECLARE_BAND(d, double)
RUBICON_LAPACK_DECLARE_BAND(c, cuComplex)
RUBICON_LAPACK_DECLARE_BAND(z, cuDoubleComplex)
#undef RUBICON_LAPACK_DECLARE_BAND

#define RUBICON_LAPACK_DECLARE_REAL(P, T)                                      \
  void P##ormqr_(const char *, const char *, const int *, const int *,         \
                 const int *, const T *, const int *, const T *, T *,          \
                 const int *, T *, const int *, int *, size_t, size_t);        \
  void P##gesvd_(const char *, const char *, const int *, const int *, T *,    \
                 const int *, T *, T *, const int *, T *, const int *, T *,    \
                 const int *, int *, size_t, size_t);                          \
  void P##syevd_(const char *, const char *, const int *, T *, const int *,    \
                 T *, T *, const int *, int *, const int *, int *, size_t,     \
                 size_t);
RUBICON_LAPACK_DECLARE_REAL(s, float)
RUBICON_LAPACK_DECLARE_REAL(d, double)
#undef RUBICON_LAPACK_DECLARE_REAL

#define RUBICON_LAPACK_DECLARE_COMPLEX(P, T, R)                                \
  void P##unmqr_(const char *, const char *, const int *, const int *,         \
                 const int *, const T *, const int *, const T *, T *,          \
                 const int *, T *, const int *, int *, size_t, size_t);        \
  void P##gesvd_(const char *, const char *, const int *, const int *, T *,    \
                 const int *, R *, T *, const int *, T *, const int *, T *,    \
                 const int *, R *, int *, size_t, size_t);                     \
  void P##heevd_(const char *, const char *, const int *, T *, const int *,    \
                 R *, T *, const int *, R *, const int *, int *, const int *,  \
                 int *, size_t, size_t);
RUBICON_LAPACK_DECLARE_COMPLEX(c, cuComplex, float)
RUBICON_LAPACK_DECLARE_COMPLEX(z, cuDoubleComplex, double)
#undef RUBICON_LAPACK_DECLARE_COMPLEX
}

namespace rubicon::cusolver {

template <typename T> struct Lapack;

#define RUBICON_LAPACK_COMMON(P)                                               \
  static constexpr auto getrf = P##getrf_;                                     \
  static constexpr auto getrs = P##getrs_;                                     \
  static constexpr auto potrf = P##potrf_;                                     \
  static constexpr auto potrs = P##potrs_;                                     \
  static constexpr auto geqrf = P##geqrf_;

template <> struct Lapack<float> {
  using Real = float;
  static constexpr bool Complex = false;
  RUBICON_LAPACK_COMMON(s)
  static constexpr auto ormqr = sormqr_;
  static constexpr auto syevd = ssyevd_;
  static constexpr auto gesvd = sgesvd_;
};
template <> struct Lapack<double> {
  using Real = double;
  static constexpr bool Complex = false;
  RUBICON_LAPACK_COMMON(d)
  static constexpr auto ormqr = dormqr_;
  static constexpr auto syevd = dsyevd_;
  static constexpr auto gesvd = dgesvd_;
};
template <> struct Lapack<cuComplex> {
  using Real = float;
  static constexpr bool Complex = true;
  RUBICON_LAPACK_COMMON(c)
  static constexpr auto ormqr = cunmqr_;
  static constexpr auto heevd = cheevd_;
  static constexpr auto gesvd = cgesvd_;
};
template <> struct Lapack<cuDoubleComplex> {
  using Real = double;
  static constexpr bool Complex = true;
  RUBICON_LAPACK_COMMON(z)
  static constexpr auto ormqr = zunmqr_;
  static constexpr auto heevd = zheevd_;
  static constexpr auto gesvd = zgesvd_;
};
#undef RUBICON_LAPACK_COMMON

} // namespace rubicon::cusolver

#endif // RUBICON_LIBRARIES_LAPACK_H
