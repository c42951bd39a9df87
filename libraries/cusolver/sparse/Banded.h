//===- Banded.h - Sparse systems solved as band matrices --------*- C++ -*-===//
//
// Part of Rubicon. The host backend of cuSOLVER's sparse solvers: a CSR
// matrix (after an optional symmetric permutation) is copied into band
// storage as wide as its farthest entry from the diagonal, then factored:
// LU with partial pivoting (LAPACK gbtrf/gbtrs), Cholesky of the lower
// triangle (pbtrf/pbtrs), or QR by Givens rotations (below; LAPACK has no
// band QR). Fill-in stays inside the band, so the cost is n * bandwidth^2:
// small for the banded matrices of discretized operators (which the
// orderings produce), prohibitive for matrices with far entries; a band
// that does not fit in memory answers ALLOC_FAILED.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSOLVER_SPARSE_BANDED_H
#define RUBICON_CUSOLVER_SPARSE_BANDED_H

#include "Lapack.h"

#include <algorithm>
#include <complex>
#include <cstdint>
#include <vector>

namespace rubicon::cusolver::sparse {

/// A CSR matrix with 32-bit indices; Base 0 or 1; row I's entries are
/// [RowPtr[I] - Base, RowPtr[I + 1] - Base). Perm (optional): the matrix
/// is A(Perm, Perm).
struct CsrPattern {
  int M = 0, N = 0;
  std::vector<int> RowPtr, ColInd; // 0-based copies
  std::vector<int> Perm, Inverse;  // empty: identity

  CsrPattern() = default;
  CsrPattern(int M, int N, const int *Rows, const int *Cols, int Base)
      : M(M), N(N), RowPtr(M + 1) {
    for (int I = 0; I <= M; ++I)
      RowPtr[I] = Rows[I] - Base;
    ColInd.resize(M ? RowPtr[M] : 0);
    for (size_t K = 0; K < ColInd.size(); ++K)
      ColInd[K] = Cols[K] - Base;
  }
  void permute(std::vector<int> P) {
    Perm = std::move(P);
    Inverse.assign(Perm.size(), 0);
    for (size_t K = 0; K < Perm.size(); ++K)
      Inverse[Perm[K]] = int(K);
  }
  /// Calls F(row, column, k) for every entry k in permuted coordinates.
  template <class F> void forEach(F &&Visit) const {
    for (int I = 0; I < M; ++I)
      for (int K = RowPtr[I]; K < RowPtr[I + 1]; ++K) {
        int R = I, C = ColInd[K];
        if (!Perm.empty()) {
          R = Inverse[R];
          C = Inverse[C];
        }
        Visit(R, C, K);
      }
  }
  /// The farthest entries below and above the diagonal.
  void bandwidths(int &Lower, int &Upper) const {
    Lower = Upper = 0;
    forEach([&](int R, int C, int) {
      Lower = std::max(Lower, R - C);
      Upper = std::max(Upper, C - R);
    });
  }
};

template <class V> struct Real {
  using Type = V;
};
template <class R> struct Real<std::complex<R>> {
  using Type = R;
};

inline float conjugate(float X) { return X; }
inline double conjugate(double X) { return X; }
template <class R> std::complex<R> conjugate(std::complex<R> X) {
  return std::conj(X);
}

/// The LAPACK type of V (cuComplex for std::complex<float>, ...).
template <class V> struct Lapack {
  using Type = V;
};
template <> struct Lapack<std::complex<float>> {
  using Type = cuComplex;
};
template <> struct Lapack<std::complex<double>> {
  using Type = cuDoubleComplex;
};
template <class V> typename Lapack<V>::Type *lapack(V *P) {
  return reinterpret_cast<typename Lapack<V>::Type *>(P);
}
template <class V> const typename Lapack<V>::Type *lapack(const V *P) {
  return reinterpret_cast<const typename Lapack<V>::Type *>(P);
}

#define RUBICON_BAND_OVERLOADS(P, T)                                           \
  inline void gbtrf(int N, int Kl, int Ku, T *Ab, int Ldab, int *Ipiv,         \
                    int &Info) {                                               \
    P##gbtrf_(&N, &N, &Kl, &Ku, Ab, &Ldab, Ipiv, &Info);                       \
  }                                                                            \
  inline void gbtrs(int N, int Kl, int Ku, const T *Ab, int Ldab,              \
                    const int *Ipiv, T *B, int &Info) {                        \
    int One = 1;                                                               \
    P##gbtrs_("N", &N, &Kl, &Ku, &One, Ab, &Ldab, Ipiv, B, &N, &Info, 1);      \
  }                                                                            \
  inline void pbtrf(int N, int Kd, T *Ab, int Ldab, int &Info) {               \
    P##pbtrf_("L", &N, &Kd, Ab, &Ldab, &Info, 1);                              \
  }                                                                            \
  inline void pbtrs(int N, int Kd, const T *Ab, int Ldab, T *B, int &Info) {   \
    int One = 1;                                                               \
    P##pbtrs_("L", &N, &Kd, &One, Ab, &Ldab, B, &N, &Info, 1);                 \
  }
RUBICON_BAND_OVERLOADS(s, float)
RUBICON_BAND_OVERLOADS(d, double)
RUBICON_BAND_OVERLOADS(c, cuComplex)
RUBICON_BAND_OVERLOADS(z, cuDoubleComplex)
#undef RUBICON_BAND_OVERLOADS

enum class Method { Lu, Cholesky, Qr };

/// The factorization of a square band matrix by one method.
template <class V> class BandFactor {
public:
  using R = typename Real<V>::Type;

  /// Factors A - Mu I (A's values \p Values, in \p A's entry order).
  /// False: the band does not fit in memory.
  bool factor(Method How, const CsrPattern &A, const V *Values, V Mu = V(0)) {
    Kind = How;
    N = A.N;
    A.bandwidths(Kl, Ku);
    if (How == Method::Cholesky)
      Ku = 0;
    Ldab = How == Method::Lu         ? 2 * Kl + Ku + 1
           : How == Method::Cholesky ? Kl + 1
                                     : 2 * Kl + Ku + 1;
    if (uint64_t(Ldab) * uint64_t(N) > (uint64_t(1) << 28))
      return false;
    Band.assign(size_t(Ldab) * N, V(0));
    A.forEach([&](int Row, int Col, int K) {
      if (How == Method::Cholesky && Col > Row)
        return;
      at(Row, Col) += Values[K];
    });
    for (int I = 0; I < N; ++I)
      if (Mu != V(0))
        at(I, I) -= Mu;
    Failed = -1;
    int Info = 0;
    if (How == Method::Lu) {
      Pivots.assign(N, 0);
      gbtrf(N, Kl, Ku, lapack(Band.data()), Ldab, Pivots.data(), Info);
    } else if (How == Method::Cholesky) {
      pbtrf(N, Kl, lapack(Band.data()), Ldab, Info);
    } else {
      givensQr();
    }
    if (Info > 0)
      Failed = Info - 1;
    return true;
  }

  /// The first diagonal entry of U, L or R with magnitude <= Tol (or where
  /// the factorization stopped), or -1.
  int zeroPivot(R Tol) const {
    for (int J = 0; J < N; ++J) {
      if (J == Failed)
        return J;
      if (std::abs(diagonal(J)) <= Tol)
        return J;
      if (Failed >= 0 && J > Failed)
        break;
    }
    return Failed;
  }

  /// Solves A X = B in place.
  void solve(V *B) const {
    int Info = 0;
    if (Kind == Method::Lu) {
      gbtrs(N, Kl, Ku, lapack(Band.data()), Ldab, Pivots.data(), lapack(B),
            Info);
    } else if (Kind == Method::Cholesky) {
      pbtrs(N, Kl, lapack(Band.data()), Ldab, lapack(B), Info);
    } else {
      for (const Rotation &G : Rotations) {
        V X = B[G.Pivot], Y = B[G.Row];
        B[G.Pivot] = G.C * X + G.S * Y;
        B[G.Row] = -conjugate(G.S) * X + G.C * Y;
      }
      int W = Kl + Ku;
      for (int I = N - 1; I >= 0; --I) {
        V Sum = B[I];
        for (int C = I + 1; C <= std::min(N - 1, I + W); ++C)
          Sum -= qr(I, C) * B[C];
        B[I] = Sum / qr(I, I);
      }
    }
  }

  int size() const { return N; }

private:
  struct Rotation {
    int Pivot, Row;
    V C, S;
  };

  /// Element (I, J) in LAPACK's general or lower band storage.
  V &at(int I, int J) {
    if (Kind == Method::Qr)
      return qr(I, J);
    if (Kind == Method::Cholesky)
      return Band[size_t(I - J) + size_t(J) * Ldab];
    return Band[size_t(Kl + Ku + I - J) + size_t(J) * Ldab];
  }
  V diagonal(int J) const {
    if (Kind == Method::Qr)
      return qr(J, J);
    if (Kind == Method::Cholesky)
      return Band[size_t(J) * Ldab];
    return Band[size_t(Kl + Ku) + size_t(J) * Ldab];
  }
  // QR's rows: row I holds columns I - Kl .. I + Kl + Ku.
  V &qr(int I, int J) { return Band[size_t(I) * Ldab + (J - I + Kl)]; }
  const V &qr(int I, int J) const {
    return Band[size_t(I) * Ldab + (J - I + Kl)];
  }

  /// Zeroes the band below the diagonal column by column with Givens
  /// rotations against the diagonal row (R's upper band widens to
  /// Kl + Ku), keeping the rotations for the solves.
  void givensQr() {
    Rotations.clear();
    for (int J = 0; J < N; ++J)
      for (int I = J + 1; I <= std::min(N - 1, J + Kl); ++I) {
        V Bv = qr(I, J);
        if (Bv == V(0))
          continue;
        V Av = qr(J, J);
        R Norm = std::sqrt(std::norm(Av) + std::norm(Bv));
        V C, S;
        if (Av == V(0)) {
          C = V(0);
          S = conjugate(Bv) / V(std::abs(Bv));
        } else {
          V Phase = Av / V(std::abs(Av));
          C = V(std::abs(Av) / Norm);
          S = Phase * conjugate(Bv) / V(Norm);
        }
        for (int Col = J; Col <= std::min(N - 1, J + Kl + Ku); ++Col) {
          V X = qr(J, Col), Y = qr(I, Col);
          qr(J, Col) = C * X + S * Y;
          qr(I, Col) = -conjugate(S) * X + C * Y;
        }
        qr(I, J) = V(0);
        Rotations.push_back({J, I, C, S});
      }
  }

  Method Kind = Method::Lu;
  int N = 0, Kl = 0, Ku = 0, Ldab = 1, Failed = -1;
  std::vector<V> Band;
  std::vector<int> Pivots;
  std::vector<Rotation> Rotations;
};

/// Reverse Cuthill-McKee on the pattern of A + A^T: P with A(P, P) of
/// small bandwidth (P[new] = old).
std::vector<int> reverseCuthillMcKee(const CsrPattern &A);

} // namespace rubicon::cusolver::sparse

#endif // RUBICON_CUSOLVER_SPARSE_BANDED_H
