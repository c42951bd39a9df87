//===- Sobol.cpp - Sobol direction vectors from Joe and Kuo's numbers -----===//
//
// Part of Rubicon. See Sobol.h; the numbers and their licence are in
// JoeKuo.inc.
//
//===----------------------------------------------------------------------===//
#include "Sobol.h"

#include <random>
#include <vector>

namespace rubicon::curand {

namespace {

#include "JoeKuo.inc"

/// Reads JoeKuoStream's bit fields in order.
class BitReader {
  const char *Next = JoeKuoStream;
  uint32_t Buffer = 0;
  int Available = 0;

  static uint32_t sextet(char C) {
    if (C >= 'A' && C <= 'Z')
      return C - 'A';
    if (C >= 'a' && C <= 'z')
      return C - 'a' + 26;
    if (C >= '0' && C <= '9')
      return C - '0' + 52;
    return C == '+' ? 62 : 63;
  }

public:
  uint32_t read(int Bits) {
    while (Available < Bits) {
      Buffer = Buffer << 6 | sextet(*Next++);
      Available += 6;
    }
    Available -= Bits;
    uint32_t Value = Buffer >> Available & ((uint32_t(1) << Bits) - 1);
    Buffer &= (uint32_t(1) << Available) - 1;
    return Value;
  }
};

/// The direction vectors of every dimension, in T's width.
template <class T> std::vector<T> directionVectors() {
  constexpr unsigned Bits = sizeof(T) * 8;
  std::vector<T> V(size_t(SobolDimensions) * Bits);
  for (unsigned J = 0; J < Bits; ++J)
    V[J] = T(1) << (Bits - 1 - J);
  BitReader In;
  for (unsigned D = 1; D < SobolDimensions; ++D) {
    T *W = &V[size_t(D) * Bits];
    unsigned S = In.read(5);
    uint32_t A = In.read(17);
    W[0] = T(1) << (Bits - 1);
    for (unsigned J = 1; J < S; ++J)
      W[J] = T(In.read(J) << 1 | 1) << (Bits - 1 - J);
    // Joe and Kuo's recurrence over the polynomial's coefficients.
    for (unsigned J = S; J < Bits; ++J) {
      W[J] = W[J - S] ^ (W[J - S] >> S);
      for (unsigned K = 1; K < S; ++K)
        if (A >> (S - 1 - K) & 1)
          W[J] ^= W[J - K];
    }
  }
  static_assert(JoeKuoDimensions + 1 == SobolDimensions);
  return V;
}

template <class T, class Engine> std::vector<T> scrambleConstants() {
  std::vector<T> C(SobolDimensions);
  Engine E; // the default seed
  for (T &X : C)
    X = T(E());
  return C;
}

} // namespace

const uint32_t *sobolDirections32() {
  static const std::vector<uint32_t> V = directionVectors<uint32_t>();
  return V.data();
}

const uint64_t *sobolDirections64() {
  static const std::vector<uint64_t> V = directionVectors<uint64_t>();
  return V.data();
}

const uint32_t *sobolScrambleConstants32() {
  static const auto C = scrambleConstants<uint32_t, std::mt19937>();
  return C.data();
}

const uint64_t *sobolScrambleConstants64() {
  static const auto C = scrambleConstants<uint64_t, std::mt19937_64>();
  return C.data();
}

} // namespace rubicon::curand
