//===- Xorwow.cpp - XORWOW seeding and skip-ahead -------------------------===//
//
// Part of Rubicon. See Xorwow.h.
//
//===----------------------------------------------------------------------===//
#include "Xorwow.h"

#include <array>
#include <vector>

namespace rubicon::curand {

namespace {

using Bits = std::array<uint32_t, 5>; // the xorshift words v[0..4]

/// A linear map on 160 bits: column J is the image of bit J.
struct BitMatrix {
  std::array<Bits, 160> Columns;

  Bits apply(const Bits &In) const {
    Bits Out{};
    for (int Word = 0; Word < 5; ++Word)
      for (uint32_t W = In[Word]; W; W &= W - 1) {
        const Bits &C = Columns[Word * 32 + __builtin_ctz(W)];
        for (int I = 0; I < 5; ++I)
          Out[I] ^= C[I];
      }
    return Out;
  }
  BitMatrix squared() const {
    BitMatrix Out;
    for (int J = 0; J < 160; ++J)
      Out.Columns[J] = apply(Columns[J]);
    return Out;
  }
};

Bits step(const Bits &In) {
  XorwowState S{{In[0], In[1], In[2], In[3], In[4]}, 0};
  S.next();
  return {S.V[0], S.V[1], S.V[2], S.V[3], S.V[4]};
}

constexpr int MaxPower = 67 + 64; // up to 2^64 subsequences

/// Jumps()[K] skips 2^K values.
const std::vector<BitMatrix> &jumps() {
  static const std::vector<BitMatrix> Table = [] {
    std::vector<BitMatrix> T(MaxPower);
    for (int J = 0; J < 160; ++J) {
      Bits Unit{};
      Unit[J / 32] = 1u << (J % 32);
      T[0].Columns[J] = step(Unit);
    }
    for (int K = 1; K < MaxPower; ++K)
      T[K] = T[K - 1].squared();
    return T;
  }();
  return Table;
}

} // namespace

void xorwowJumpColumns(int K, uint32_t Out[800]) {
  const BitMatrix &M = jumps()[K];
  for (int J = 0; J < 160; ++J)
    for (int I = 0; I < 5; ++I)
      Out[5 * J + I] = M.Columns[J][I];
}

XorwowState XorwowState::seeded(unsigned long long Seed) {
  uint32_t S0 = uint32_t(Seed) ^ 0xaad26b49u;
  uint32_t S1 = uint32_t(Seed >> 32) ^ 0xf7dcefddu;
  uint32_t T0 = 1099087573u * S0;
  uint32_t T1 = 2591861531u * S1;
  XorwowState S;
  S.D = 6615241u + T1 + T0;
  S.V[0] = 123456789u + T0;
  S.V[1] = 362436069u ^ T0;
  S.V[2] = 521288629u + T1;
  S.V[3] = 88675123u ^ T1;
  S.V[4] = 5783321u + T0;
  return S;
}

void XorwowState::skip(unsigned long long Subsequences,
                       unsigned long long Values) {
  Bits B{V[0], V[1], V[2], V[3], V[4]};
  const std::vector<BitMatrix> &T = jumps();
  // Small skips step; large ones use the matrices. The Weyl counter moves by
  // 362437 per value (2^67 * s values move it by a multiple of 2^32).
  if (Values < 64) {
    for (unsigned long long I = 0; I < Values; ++I)
      B = step(B);
  } else {
    for (int K = 0; K < 64; ++K)
      if (Values >> K & 1)
        B = T[K].apply(B);
  }
  for (int K = 0; K < 64; ++K)
    if (Subsequences >> K & 1)
      B = T[67 + K].apply(B);
  for (int I = 0; I < 5; ++I)
    V[I] = B[I];
  D += uint32_t(362437u * uint32_t(Values));
}

} // namespace rubicon::curand
