//===- Mrg32k3a.h - L'Ecuyer's MRG32k3a, as cuRAND seeds it -----*- C++ -*-===//
//
// Part of Rubicon. P. L'Ecuyer, "Good parameters and implementations for
// combined multiple recursive random number generators", Operations
// Research 47(1), 1999: two recurrences of order 3,
//   x_n = 1403580 x_{n-2} - 810728 x_{n-3}  (mod m1 = 2^32 - 209)
//   y_n = 527612 y_{n-1} - 1370589 y_{n-3}  (mod m2 = 2^32 - 22853)
// combined as x_n - y_n (mod m1), a value in [1, m1] (m1 for 0). Seeded as
// curand_kernel.h's curand_init seeds it (12345 in all six words, or the
// seed's halves times 12345); subsequences are 2^76 values apart. Skipping
// is a 3 x 3 matrix power per recurrence.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_MRG32K3A_H
#define RUBICON_CURAND_MRG32K3A_H

#include <array>
#include <cstdint>

namespace rubicon::curand {

struct Mrg32k3aState {
  static constexpr uint64_t M1 = 4294967087u, M2 = 4294944443u;
  uint64_t S1[3], S2[3];

  /// The combined value, in [1, m1].
  uint32_t next() {
    uint64_t P1 = (1403580u * S1[1] + 810728u * (M1 - S1[0])) % M1;
    S1[0] = S1[1];
    S1[1] = S1[2];
    S1[2] = P1;
    uint64_t P2 = (527612u * S2[2] + 1370589u * (M2 - S2[0])) % M2;
    S2[0] = S2[1];
    S2[1] = S2[2];
    S2[2] = P2;
    return uint32_t(P1 > P2 ? P1 - P2 : P1 + M1 - P2);
  }
  /// cuRAND's value in (0, 1].
  double nextDouble() { return next() * (1.0 / double(M1)); }
  /// cuRAND's 32-bit value: the combination scaled by its rounding of
  /// 2^32 / m1 (curand_kernel.h).
  uint32_t nextBits() { return uint32_t(next() * 1.000000048662); }

  static Mrg32k3aState seeded(unsigned long long Seed);
  /// Skips \p Subsequences * 2^76 + \p Values values.
  void skip(unsigned long long Subsequences, unsigned long long Values);
};

} // namespace rubicon::curand

#endif // RUBICON_CURAND_MRG32K3A_H
