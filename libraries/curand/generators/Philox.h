//===- Philox.h - The Philox4x32-10 counter-based generator -----*- C++ -*-===//
//
// Part of Rubicon. Salmon et al.'s Philox4x32 with 10 rounds ("Parallel
// random numbers: as easy as 1, 2, 3", SC'11): a 128-bit counter and a
// 64-bit key (cuRAND's: the seed) map to four 32-bit outputs. cuRAND's
// subsequence s is the counter's upper 64 bits, the position within it the
// lower 64 bits (in units of four outputs).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_PHILOX_H
#define RUBICON_CURAND_PHILOX_H

#include <array>
#include <cstdint>

namespace rubicon::curand {

inline std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> C,
                                             std::array<uint32_t, 2> K) {
  for (int Round = 0; Round < 10; ++Round) {
    uint64_t P0 = uint64_t(0xD2511F53u) * C[0];
    uint64_t P1 = uint64_t(0xCD9E8D57u) * C[2];
    C = {uint32_t(P1 >> 32) ^ C[1] ^ K[0], uint32_t(P1),
         uint32_t(P0 >> 32) ^ C[3] ^ K[1], uint32_t(P0)};
    K = {K[0] + 0x9E3779B9u, K[1] + 0xBB67AE85u};
  }
  return C;
}

/// Block \p Position (of four outputs) of subsequence \p Subsequence.
inline std::array<uint32_t, 4> philoxBlock(unsigned long long Seed,
                                           unsigned long long Subsequence,
                                           unsigned long long Position) {
  return philox4x32_10({uint32_t(Position), uint32_t(Position >> 32),
                        uint32_t(Subsequence), uint32_t(Subsequence >> 32)},
                       {uint32_t(Seed), uint32_t(Seed >> 32)});
}

} // namespace rubicon::curand

#endif // RUBICON_CURAND_PHILOX_H
