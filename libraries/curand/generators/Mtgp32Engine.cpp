//===- Mtgp32Engine.cpp - The MTGP32 host API sequence --------------------===//
//
// Part of Rubicon. cuRAND's MTGP32 generator (found by comparing with
// NVIDIA's library as a black box): 192 generators, generator b with
// parameter set b and seed (s ^ s >> 32) + b + 1 for the 64-bit seed s,
// each making 256 values a round: output n is value
// (n / 49152) * 256 + n % 256 of generator (n % 49152) / 256. Floats are
// x 2^-32 plus half a step, doubles plus a whole step; normals the normal
// quantile of one value each. Offsets do not apply (TYPE_ERROR).
//
//===----------------------------------------------------------------------===//
#include "Distributions.h"
#include "Engine.h"
#include "Mtgp32.h"
#include "curand_mtgp32dc_p_11213.h"

#include <vector>

namespace rubicon::curand {

namespace {

class Mtgp32Engine final : public Engine {
  static constexpr unsigned Generators = 192, Run = 256;
  std::vector<Mtgp32> States = std::vector<Mtgp32>(Generators);
  unsigned long long Cursor = 0;

  uint32_t draw() {
    unsigned G = Cursor % (Generators * Run) / Run;
    ++Cursor;
    return States[G].next();
  }

public:
  void reset(unsigned long long Seed, unsigned long long) override {
    uint32_t Folded = uint32_t(Seed ^ (Seed >> 32));
    for (unsigned G = 0; G < Generators; ++G)
      States[G].seed(mtgp32dc_params_fast_11213[G], Folded + G + 1);
    Cursor = 0;
  }
  void bits(uint32_t *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = draw();
  }
  void uniform(float *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = uniformFloat(draw());
  }
  void uniformDouble(double *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = draw() * TwoPow32InvDouble + TwoPow32InvDouble;
  }
  // Normals are the normal quantile of one uniform float each (no
  // Box-Muller), in single precision for doubles too.
  void normal(float *Out, size_t N, float Mean, float Stddev) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = float(normalQuantile(uniformFloat(draw()))) * Stddev + Mean;
  }
  void normalDouble(double *Out, size_t N, double Mean,
                    double Stddev) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = double(float(normalQuantile(uniformFloat(draw())))) * Stddev +
               Mean;
  }
};

} // namespace

std::unique_ptr<Engine> createMtgp32Engine() {
  return std::make_unique<Mtgp32Engine>();
}

} // namespace rubicon::curand
