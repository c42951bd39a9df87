//===- XorwowEngine.cpp - The XORWOW host API sequence --------------------===//
//
// Part of Rubicon. 4096 XORWOW states, subsequence g in state g, used round
// robin from a cursor (Engine.h).
//
//===----------------------------------------------------------------------===//
#include "Distributions.h"
#include "Engine.h"
#include "Xorwow.h"

#include <vector>

namespace rubicon::curand {

namespace {

class XorwowEngine final : public Engine {
  static constexpr unsigned long long Count = 4096;
  std::vector<XorwowState> States = std::vector<XorwowState>(Count);
  unsigned long long Cursor = 0; // the subsequence of the next draw

  XorwowState &nextState() { return States[Cursor++ % Count]; }

public:
  void reset(unsigned long long Seed, unsigned long long Offset) override {
    XorwowState First = XorwowState::seeded(Seed);
    for (unsigned long long G = 0; G < Count; ++G) {
      if (G == 0)
        States[0] = First;
      else {
        States[G] = States[G - 1];
        States[G].skip(1, 0);
      }
    }
    // Of the first Offset outputs, subsequence g produced ceil((Offset-g)/4096).
    for (unsigned long long G = 0; G < Count && G < Offset; ++G)
      States[G].skip(0, (Offset - G + Count - 1) / Count);
    Cursor = Offset;
  }
  void bits(uint32_t *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = nextState().next();
  }
  void uniform(float *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I)
      Out[I] = uniformFloat(nextState().next());
  }
  void uniformDouble(double *Out, size_t N) override {
    for (size_t I = 0; I < N; ++I) {
      XorwowState &S = nextState();
      uint32_t X = S.next();
      Out[I] = curand::uniformDouble(X, S.next());
    }
  }
  void normal(float *Out, size_t N, float Mean, float Stddev) override {
    for (size_t I = 0; I + 1 < N; I += 2) {
      XorwowState &S = nextState();
      uint32_t X = S.next();
      auto [A, B] = boxMuller(X, S.next());
      Out[I] = A * Stddev + Mean;
      Out[I + 1] = B * Stddev + Mean;
    }
  }
  void normalDouble(double *Out, size_t N, double Mean,
                    double Stddev) override {
    for (size_t I = 0; I + 1 < N; I += 2) {
      XorwowState &S = nextState();
      uint32_t X0 = S.next(), X1 = S.next(), Y0 = S.next();
      auto [A, B] = boxMullerDouble(X0, X1, Y0, S.next());
      Out[I] = A * Stddev + Mean;
      Out[I + 1] = B * Stddev + Mean;
    }
  }
};

} // namespace

std::unique_ptr<Engine> createXorwowEngine() {
  return std::make_unique<XorwowEngine>();
}

} // namespace rubicon::curand
