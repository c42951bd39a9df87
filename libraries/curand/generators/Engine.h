//===- Engine.h - cuRAND's pseudorandom generators on the CPU ---*- C++ -*-===//
//
// Part of Rubicon. The host API's generators as sequences: given a seed and
// an offset, which value lands at which index of the output. cuRAND's
// legacy (and default) ordering interleaves many subsequences of one
// generator:
//   XORWOW        4096 subsequences; output n of a fresh generator is value
//                 n / 4096 of subsequence n % 4096 (one value per output;
//                 two per uniform double, Box-Muller pairs per normal pair);
//   Philox4x32-10 65536 subsequences of blocks of four; block b is block
//                 b / 65536 of subsequence b % 65536 (doubles: two blocks
//                 of one subsequence per four outputs);
//   MRG32k3a      81920 subsequences, as XORWOW;
//   MTGP32        192 generators, 256 values of each in turn
//                 (Mtgp32Engine.cpp).
// The quasirandom (Sobol) generators give, for n outputs over d dimensions,
// n / d successive points of dimension 0, then of dimension 1, ...
// So one seed gives one sequence on every target, and the same one as
// NVIDIA's cuRAND.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_ENGINE_H
#define RUBICON_CURAND_ENGINE_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace rubicon::curand {

class Engine {
public:
  virtual ~Engine() = default;
  /// Restarts at \p Offset of the sequence \p Seed gives.
  virtual void reset(unsigned long long Seed, unsigned long long Offset) = 0;
  virtual void bits(uint32_t *Out, size_t N) = 0;
  virtual void uniform(float *Out, size_t N) = 0;
  virtual void uniformDouble(double *Out, size_t N) = 0;
  /// N is even.
  virtual void normal(float *Out, size_t N, float Mean, float Stddev) = 0;
  virtual void normalDouble(double *Out, size_t N, double Mean,
                            double Stddev) = 0;
  /// 64-bit values; false for a generator without them (cuRAND's
  /// TYPE_ERROR), as bits() is for the 64-bit quasirandom generators.
  virtual bool bitsLongLong(unsigned long long *, size_t) { return false; }
  virtual bool hasBits() const { return true; }
  /// Quasirandom generators: the number of dimensions, 1 .. 20000, taking
  /// effect at the next reset.
  virtual void setDimensions(unsigned) {}
};

std::unique_ptr<Engine> createXorwowEngine();
std::unique_ptr<Engine> createPhiloxEngine();
std::unique_ptr<Engine> createMrg32k3aEngine();
std::unique_ptr<Engine> createMtgp32Engine();
/// Sobol32 (\p Bits64 false) or Sobol64, scrambled or not (Sobol.h).
std::unique_ptr<Engine> createSobolEngine(bool Bits64, bool Scrambled);

} // namespace rubicon::curand

#endif // RUBICON_CURAND_ENGINE_H
