//===- Reference.h - Naive double-precision references for the libraries --===//
//
// Part of Rubicon's unit tests: the textbook definitions the library results
// are compared with, computed in double (std::complex<double>).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_TESTS_LIBRARIES_REFERENCE_H
#define RUBICON_TESTS_LIBRARIES_REFERENCE_H

#include "cuComplex.h"

#include <complex>
#include <cstdint>
#include <random>
#include <vector>

namespace rubicon::testing {

using Cd = std::complex<double>;

inline Cd widen(float V) { return V; }
inline Cd widen(double V) { return V; }
inline Cd widen(cuComplex V) { return {V.x, V.y}; }
inline Cd widen(cuDoubleComplex V) { return {V.x, V.y}; }

template <class T> T narrow(Cd V);
template <> inline float narrow<float>(Cd V) { return float(V.real()); }
template <> inline double narrow<double>(Cd V) { return V.real(); }
template <> inline cuComplex narrow<cuComplex>(Cd V) {
  return make_cuComplex(float(V.real()), float(V.imag()));
}
template <> inline cuDoubleComplex narrow<cuDoubleComplex>(Cd V) {
  return make_cuDoubleComplex(V.real(), V.imag());
}

template <class T> constexpr bool IsComplex = false;
template <> constexpr bool IsComplex<cuComplex> = true;
template <> constexpr bool IsComplex<cuDoubleComplex> = true;

/// Values in [-1, 1] (both parts for complex), from a fixed seed.
template <class T> std::vector<T> randomValues(size_t N, unsigned Seed) {
  std::mt19937 Gen(Seed);
  std::uniform_real_distribution<double> D(-1.0, 1.0);
  std::vector<T> Out(N);
  for (T &V : Out)
    V = narrow<T>(IsComplex<T> ? Cd(D(Gen), D(Gen)) : Cd(D(Gen), 0));
  return Out;
}

/// op(M)(I, J) for a column-major matrix; Op 0 = N, 1 = T, 2 = C.
template <class T>
Cd element(const T *M, int Ld, int Op, int I, int J) {
  Cd V = Op == 0 ? widen(M[size_t(J) * Ld + I]) : widen(M[size_t(I) * Ld + J]);
  return Op == 2 ? std::conj(V) : V;
}

/// C = alpha op(A) op(B) + beta C, column-major.
template <class T>
void referenceGemm(int OpA, int OpB, int M, int N, int K, Cd Alpha,
                   const T *A, int Lda, const T *B, int Ldb, Cd Beta,
                   std::vector<Cd> &C, int Ldc) {
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      Cd Sum = 0;
      for (int L = 0; L < K; ++L)
        Sum += element(A, Lda, OpA, I, L) * element(B, Ldb, OpB, L, J);
      C[size_t(J) * Ldc + I] = Alpha * Sum + Beta * C[size_t(J) * Ldc + I];
    }
}

/// The larger error, NaN being the worst (std::max would drop it).
inline double worse(double Worst, double Error) {
  return Error <= Worst ? Worst : Error;
}

/// The largest |got - want| over a column-major M x N matrix.
template <class T>
double maxError(const std::vector<T> &Got, const std::vector<Cd> &Want, int M,
                int N, int Ld) {
  double Worst = 0;
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I)
      Worst = worse(Worst, std::abs(widen(Got[size_t(J) * Ld + I]) -
                                    Want[size_t(J) * Ld + I]));
  return Worst;
}

template <class T> constexpr double Tolerance = 1e-4;
template <> constexpr double Tolerance<double> = 1e-11;
template <> constexpr double Tolerance<cuDoubleComplex> = 1e-11;

} // namespace rubicon::testing

#endif // RUBICON_TESTS_LIBRARIES_REFERENCE_H
