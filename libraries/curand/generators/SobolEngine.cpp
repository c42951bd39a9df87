//===- SobolEngine.cpp - The Sobol host API sequences ---------------------===//
//
// Part of Rubicon. cuRAND's SOBOL32, SOBOL64 and their scrambled forms: n
// outputs over d dimensions are n / d successive points of each dimension
// in turn (Engine.h), starting at the point the offset names; successive
// calls continue. Points step by Gray code, one vector per point.
//
//===----------------------------------------------------------------------===//
#include "Distributions.h"
#include "Engine.h"
#include "Sobol.h"

namespace rubicon::curand {

namespace {

template <class T> class SobolEngine final : public Engine {
  static constexpr unsigned Bits = sizeof(T) * 8;
  bool Scrambled;
  unsigned Dimensions = 1;
  unsigned long long Point = 0; // the next point of every dimension

  static const T *directions() {
    if constexpr (Bits == 32)
      return sobolDirections32();
    else
      return sobolDirections64();
  }
  static const T *constants() {
    if constexpr (Bits == 32)
      return sobolScrambleConstants32();
    else
      return sobolScrambleConstants64();
  }

  /// Writes N / Dimensions points of each dimension through \p Convert.
  template <class Out, class Fn> void generate(Out *O, size_t N, Fn Convert) {
    size_t PerDimension = N / Dimensions;
    for (unsigned D = 0; D < Dimensions; ++D) {
      const T *V = directions() + size_t(D) * Bits;
      T X = sobolPoint(V, Bits, Point) ^ (Scrambled ? constants()[D] : T(0));
      for (size_t K = 0; K < PerDimension; ++K) {
        O[D * PerDimension + K] = Convert(X);
        unsigned J = __builtin_ctzll(~(Point + K));
        if (J < Bits)
          X ^= V[J];
      }
    }
    Point += PerDimension;
  }
  // cuRAND's conversions (checked against NVIDIA's library): floats from
  // the upper 32 bits; Sobol32 doubles are x 2^-32 + 2^-32 as uniforms and
  // x 2^-32 + 2^-33 under the normal quantile; Sobol64 doubles take the
  // upper 53 bits, plus half a step.
  static uint32_t upper32(T X) { return uint32_t(X >> (Bits - 32)); }
  static double unitDouble(T X, bool ForNormal) {
    if constexpr (Bits == 32)
      return X * 0x1p-32 + (ForNormal ? 0x1p-33 : 0x1p-32);
    else
      return double(X >> 11) * 0x1p-53 + 0x1p-54;
  }

public:
  explicit SobolEngine(bool Scrambled) : Scrambled(Scrambled) {}

  void setDimensions(unsigned D) override { Dimensions = D; }
  void reset(unsigned long long, unsigned long long Offset) override {
    Point = Offset;
  }
  bool hasBits() const override { return Bits == 32; }
  void bits(uint32_t *Out, size_t N) override {
    generate(Out, N, [](T X) { return uint32_t(X); });
  }
  bool bitsLongLong(unsigned long long *Out, size_t N) override {
    if (Bits != 64)
      return false;
    generate(Out, N, [](T X) { return (unsigned long long)X; });
    return true;
  }
  void uniform(float *Out, size_t N) override {
    generate(Out, N, [](T X) { return uniformFloat(upper32(X)); });
  }
  void uniformDouble(double *Out, size_t N) override {
    generate(Out, N, [](T X) { return unitDouble(X, false); });
  }
  void normal(float *Out, size_t N, float Mean, float Stddev) override {
    generate(Out, N, [&](T X) {
      return float(normalQuantile(uniformFloat(upper32(X)))) * Stddev + Mean;
    });
  }
  void normalDouble(double *Out, size_t N, double Mean,
                    double Stddev) override {
    generate(Out, N, [&](T X) {
      return normalQuantile(unitDouble(X, true)) * Stddev + Mean;
    });
  }
};

} // namespace

std::unique_ptr<Engine> createSobolEngine(bool Bits64, bool Scrambled) {
  if (Bits64)
    return std::make_unique<SobolEngine<uint64_t>>(Scrambled);
  return std::make_unique<SobolEngine<uint32_t>>(Scrambled);
}

} // namespace rubicon::curand
