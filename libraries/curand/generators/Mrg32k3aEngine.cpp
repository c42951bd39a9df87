//===- Mrg32k3aEngine.cpp - The MRG32k3a host API sequence ----------------===//
//
// Part of Rubicon. 81920 MRG32k3a states, subsequence g in state g, used
// round robin from a cursor as XORWOW's (Engine.h). Uniform floats and
// doubles are one value each (the value over m1); normals take a pair of
// one subsequence through Box-Muller, as curand_kernel.h's.
//
//===----------------------------------------------------------------------===//
#include "Distributions.h"
#include "Engine.h"
#include "Mrg32k3a.h"

#include <vector>

namespace rubicon::curand {

namespace {

class Mrg32k3aEngine final : public Engine {
  static constexpr unsigned long long Count = 81920;
  std::vector<Mrg32k3aState> States = std::vector<Mrg32k3aState>(Count);
  unsigned long long Cursor = 0;

  Mrg32k3aState &nextState() { return States[Cursor++ % Count]; }

public:
  void reset(unsigned long long Seed, unsigned long long Offset) override {
    States[0] = Mrg32k3aState::seeded(Seed);
    for (unsigned long long G = 1; G < Count; ++G) {
      States[G] = States[G - 1];
      States[G].skip(1, 0);
    }
    for (unsigned long long G = 0; G < Count && G < Offset; ++G)
      States[G].skip(0, (Offset - G + Count - 1) / Count);
    Cursor = Offset;
  }
  void bits(uint32_t *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = nextState().nextBits();
  }
  void uniform(float *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = float(nextState().nextDouble());
  }
  void uniformDouble(double *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = nextState().nextDouble();
  }
  void normal(float *Out, size_t N, float Mean, float Stddev) override {
    for (size_t I = 0; I + 1 < N; I += 2) {
      Mrg32k3aState &S = nextState();
      float U = float(S.nextDouble());
      float V = float(S.nextDouble()) * 6.2831855f;
      float R = std::sqrt(-2.0f * std::log(U));
      Out[I] = R * std::sin(V) * Stddev + Mean;
      Out[I + 1] = R * std::cos(V) * Stddev + Mean;
    }
  }
  void normalDouble(double *Out, size_t N, double Mean,
                    double Stddev) override {
    for (size_t I = 0; I + 1 < N; I += 2) {
      Mrg32k3aState &S = nextState();
      double U = S.nextDouble();
      double V = S.nextDouble() * 2.0 * Pi;
      double R = std::sqrt(-2.0 * std::log(U));
      Out[I] = R * std::sin(V) * Stddev + Mean;
      Out[I + 1] = R * std::cos(V) * Stddev + Mean;
    }
  }
};

} // namespace

std::unique_ptr<Engine> createMrg32k3aEngine() {
  return std::make_unique<Mrg32k3aEngine>();
}

} // namespace rubicon::curand
