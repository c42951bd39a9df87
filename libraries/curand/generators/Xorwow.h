//===- Xorwow.h - The XORWOW generator, as cuRAND defines it ----*- C++ -*-===//
//
// Part of Rubicon. Marsaglia's xorwow (five 32-bit words of xorshift state
// and a Weyl counter d stepping by 362437; the output is v[4] + d), seeded
// as cuRAND seeds it from a 64-bit seed, with skip-ahead: subsequence s
// starts 2^67 * s values into the sequence. The xorshift part is linear over
// GF(2), so skipping 2^k values is a 160 x 160 bit-matrix product; the
// matrices for 2^0 ... 2^(67+19) are computed once.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_XORWOW_H
#define RUBICON_CURAND_XORWOW_H

#include <cstdint>

namespace rubicon::curand {

struct XorwowState {
  uint32_t V[5];
  uint32_t D;

  uint32_t next() {
    uint32_t T = V[0] ^ (V[0] >> 2);
    V[0] = V[1];
    V[1] = V[2];
    V[2] = V[3];
    V[3] = V[4];
    V[4] = (V[4] ^ (V[4] << 4)) ^ (T ^ (T << 1));
    D += 362437;
    return V[4] + D;
  }

  /// The state cuRAND's seeding gives \p Seed (subsequence 0, offset 0).
  static XorwowState seeded(unsigned long long Seed);
  /// Skips \p Subsequences * 2^67 + \p Values values.
  void skip(unsigned long long Subsequences, unsigned long long Values);
};

/// The GF(2) matrix skipping 2^\p K values (0 <= K < 131) of the xorshift
/// words, as 160 columns of five words: column J (the image of bit J % 32 of
/// word J / 32) is \p Out[5 J .. 5 J + 4]. curand_kernel.h's tables.
void xorwowJumpColumns(int K, uint32_t Out[800]);

} // namespace rubicon::curand

#endif // RUBICON_CURAND_XORWOW_H
