//===- Mrg32k3a.cpp - MRG32k3a seeding and skip-ahead ---------------------===//
//
// Part of Rubicon. See Mrg32k3a.h.
//
//===----------------------------------------------------------------------===//
#include "Mrg32k3a.h"

#include <vector>

namespace rubicon::curand {

namespace {

using Matrix3 = std::array<uint64_t, 9>; // row-major

Matrix3 multiply(const Matrix3 &A, const Matrix3 &B, uint64_t M) {
  Matrix3 C{};
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J) {
      uint64_t S = 0;
      for (int K = 0; K < 3; ++K)
        S = (S + A[3 * I + K] * B[3 * K + J] % M) % M;
      C[3 * I + J] = S;
    }
  return C;
}

void apply(const Matrix3 &A, uint64_t S[3], uint64_t M) {
  uint64_t R[3];
  for (int I = 0; I < 3; ++I) {
    uint64_t T = 0;
    for (int K = 0; K < 3; ++K)
      T = (T + A[3 * I + K] * S[K] % M) % M;
    R[I] = T;
  }
  for (int I = 0; I < 3; ++I)
    S[I] = R[I];
}

constexpr int Powers = 76 + 64;

/// Jumps()[0][k] and [1][k] step each recurrence 2^k times.
const std::vector<Matrix3> *jumps() {
  static const std::array<std::vector<Matrix3>, 2> Table = [] {
    using S = Mrg32k3aState;
    std::vector<Matrix3> T1(Powers), T2(Powers);
    T1[0] = {0, 1, 0, 0, 0, 1, S::M1 - 810728, 1403580, 0};
    T2[0] = {0, 1, 0, 0, 0, 1, S::M2 - 1370589, 0, 527612};
    for (int K = 1; K < Powers; ++K) {
      T1[K] = multiply(T1[K - 1], T1[K - 1], S::M1);
      T2[K] = multiply(T2[K - 1], T2[K - 1], S::M2);
    }
    return std::array<std::vector<Matrix3>, 2>{T1, T2};
  }();
  return Table.data();
}

} // namespace

Mrg32k3aState Mrg32k3aState::seeded(unsigned long long Seed) {
  Mrg32k3aState S;
  for (int I = 0; I < 3; ++I)
    S.S1[I] = S.S2[I] = 12345u;
  if (Seed) {
    uint64_t X1 = uint32_t(Seed) ^ 0x55555555u;
    uint64_t X2 = uint32_t(Seed >> 32) ^ 0xAAAAAAAAu;
    S.S1[0] = X1 * 12345u % M1;
    S.S1[1] = X2 * 12345u % M1;
    S.S1[2] = X1 * 12345u % M1;
    S.S2[0] = X2 * 12345u % M2;
    S.S2[1] = X1 * 12345u % M2;
    S.S2[2] = X2 * 12345u % M2;
  }
  return S;
}

void Mrg32k3aState::skip(unsigned long long Subsequences,
                         unsigned long long Values) {
  const std::vector<Matrix3> *T = jumps();
  for (int K = 0; K < 64; ++K)
    if (Subsequences >> K & 1) {
      apply(T[0][76 + K], S1, M1);
      apply(T[1][76 + K], S2, M2);
    }
  for (int K = 0; K < 64; ++K)
    if (Values >> K & 1) {
      apply(T[0][K], S1, M1);
      apply(T[1][K], S2, M2);
    }
}

} // namespace rubicon::curand
