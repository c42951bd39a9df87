//===- PhiloxEngine.cpp - The Philox4x32-10 host API sequence -------------===//
//
// Part of Rubicon. Counter-based: block b of the output (four 32-bit
// values) is block b / 65536 of subsequence b % 65536 (Engine.h); doubles
// take two consecutive blocks of a subsequence per four outputs. Nothing is
// kept but the seed and the position.
//
//===----------------------------------------------------------------------===//
#include "Distributions.h"
#include "Engine.h"
#include "Philox.h"

namespace rubicon::curand {

namespace {

class PhiloxEngine final : public Engine {
  static constexpr unsigned long long Count = 65536;
  unsigned long long Seed = 0;
  unsigned long long Position = 0; // in 32-bit values

  std::array<uint32_t, 4> block(unsigned long long B) const {
    return philoxBlock(Seed, B % Count, B / Count);
  }
  /// Distributions take whole blocks: the position moves to the next one.
  unsigned long long takeBlocks(unsigned long long Blocks) {
    unsigned long long First = (Position + 3) / 4;
    Position = (First + Blocks) * 4;
    return First;
  }

public:
  void reset(unsigned long long NewSeed, unsigned long long Offset) override {
    Seed = NewSeed;
    Position = Offset;
  }
  void bits(uint32_t *Out, size_t N) override {
    for (size_t I = 0; I < N;) {
      std::array<uint32_t, 4> B = block(Position / 4);
      for (unsigned E = Position % 4; E < 4 && I < N; ++E, ++I, ++Position)
        Out[I] = B[E];
    }
  }
  void uniform(float *Out, size_t N) override {
    bits(reinterpret_cast<uint32_t *>(Out), N);
    for (size_t I = 0; I < N; ++I)
      Out[I] = uniformFloat(reinterpret_cast<uint32_t *>(Out)[I]);
  }
  /// Doubles take two blocks of one subsequence per item of four outputs:
  /// item i is blocks 2 (i / 65536) and 2 (i / 65536) + 1 of subsequence
  /// i % 65536.
  std::array<uint32_t, 4> doubleBlock(unsigned long long Item,
                                      unsigned Half) const {
    return philoxBlock(Seed, Item % Count, 2 * (Item / Count) + Half);
  }
  unsigned long long takeItems(unsigned long long Items) {
    unsigned long long First = (Position + 7) / 8;
    Position = (First + Items) * 8;
    return First;
  }

  void uniformDouble(double *Out, size_t N) override {
    unsigned long long First = takeItems((N + 3) / 4);
    for (size_t I = 0; I < N; ++I) {
      std::array<uint32_t, 4> B = doubleBlock(First + I / 4, I / 2 % 2);
      Out[I] = I % 2 ? curand::uniformDouble(B[2], B[3])
                     : curand::uniformDouble(B[0], B[1]);
    }
  }
  void normal(float *Out, size_t N, float Mean, float Stddev) override {
    unsigned long long First = takeBlocks((N + 3) / 4);
    for (size_t I = 0; I < N; I += 2) {
      std::array<uint32_t, 4> B = block(First + I / 4);
      auto [A, C] = I % 4 ? boxMuller(B[2], B[3]) : boxMuller(B[0], B[1]);
      Out[I] = A * Stddev + Mean;
      if (I + 1 < N)
        Out[I + 1] = C * Stddev + Mean;
    }
  }
  void normalDouble(double *Out, size_t N, double Mean,
                    double Stddev) override {
    unsigned long long First = takeItems((N + 3) / 4);
    for (size_t I = 0; I < N; I += 2) {
      std::array<uint32_t, 4> B = doubleBlock(First + I / 4, I / 2 % 2);
      auto [A, C] = boxMullerDouble(B[0], B[1], B[2], B[3]);
      Out[I] = A * Stddev + Mean;
      if (I + 1 < N)
        Out[I + 1] = C * Stddev + Mean;
    }
  }
};

} // namespace

std::unique_ptr<Engine> createPhiloxEngine() {
  return std::make_unique<PhiloxEngine>();
}

} // namespace rubicon::curand
