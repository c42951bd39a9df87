//===- Sobol.h - Sobol direction vectors and scramble constants -*- C++ -*-===//
//
// Part of Rubicon. The Sobol sequences of cuRAND's quasirandom generators:
// 20000 dimensions of Joe and Kuo's direction numbers (JoeKuo.inc), as the
// 32 (or 64) direction vectors per dimension that curandGetDirectionVectors32
// (64) hand to curand_kernel.h's curand_init. Dimension 0 is van der
// Corput's (v_j = 2^(31-j)); dimension d > 0 is line d + 1 of the set.
//
// Point i of dimension d is the exclusive or of the v_j for the bits j of
// i's Gray code i ^ (i >> 1), so point 0 is 0; a scrambled sequence also
// xors the dimension's scramble constant into every point. The scrambled
// sets are the same vectors with Rubicon's own constants (std::mt19937 and
// std::mt19937_64 from their default seed, one per dimension): NVIDIA's
// scrambling tables are not published, so scrambled sequences are Rubicon's.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_SOBOL_H
#define RUBICON_CURAND_SOBOL_H

#include <cstdint>

namespace rubicon::curand {

constexpr unsigned SobolDimensions = 20000;

/// SobolDimensions x 32 vectors, dimension-major.
const uint32_t *sobolDirections32();
/// SobolDimensions x 64 vectors, dimension-major.
const uint64_t *sobolDirections64();
/// One constant per dimension.
const uint32_t *sobolScrambleConstants32();
const uint64_t *sobolScrambleConstants64();

/// Point \p I of the sequence with direction vectors \p V (Bits of them).
template <class T> T sobolPoint(const T *V, unsigned Bits, uint64_t I) {
  T X = 0;
  uint64_t Gray = I ^ (I >> 1);
  for (unsigned J = 0; J < Bits && Gray; ++J, Gray >>= 1)
    if (Gray & 1)
      X ^= V[J];
  return X;
}

} // namespace rubicon::curand

#endif // RUBICON_CURAND_SOBOL_H
