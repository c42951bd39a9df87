//===- Mtgp32.h - Saito and Matsumoto's MTGP32 --------------------*- C++ -*-===//
//
// Part of Rubicon. M. Saito and M. Matsumoto, "Variants of Mersenne Twister
// Suitable for Graphic Processors", ACM TOMS 39(2), 2013: a state of
// N = mexp / 32 + 1 words x_i with
//   x = (x_{i-N} & mask) ^ x_{i-N+1};  x ^= x << sh1;
//   y = x ^ (x_{i-N+pos} >> sh2);      x_i = y ^ tbl[y & 15]
// and the output x_i tempered by t = x_{i-N+pos-1}, t ^= t >> 16,
// t ^= t >> 8: x_i ^ tmp_tbl[t & 15]. Seeded as the authors seed it (the
// seed, a hidden seed from the table, then Knuth's multiplier). One
// parameter set per generator; the sets are Mtgp32Params.cpp's.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_MTGP32_GENERATOR_H
#define RUBICON_CURAND_MTGP32_GENERATOR_H

#include "curand_mtgp32.h"

#include <cstdint>
#include <cstring>

namespace rubicon::curand {

class Mtgp32 {
  static constexpr unsigned Ring = 512; // a power of two above N
  const mtgp32_params_fast_t *P = nullptr;
  unsigned N = 0;
  uint32_t S[Ring];
  unsigned Index = 0; // of the last word made

public:
  void seed(const mtgp32_params_fast_t &Params, uint32_t Seed) {
    P = &Params;
    N = Params.mexp / 32 + 1;
    uint32_t Hidden = Params.tbl[4] ^ (Params.tbl[8] << 16);
    uint32_t Fill = Hidden;
    Fill += Fill >> 16;
    Fill += Fill >> 8;
    std::memset(S, Fill & 0xff, sizeof(uint32_t) * N);
    S[0] = Seed;
    S[1] = Hidden;
    for (unsigned I = 1; I < N; ++I)
      S[I] ^= 1812433253u * (S[I - 1] ^ (S[I - 1] >> 30)) + I;
    Index = N - 1;
  }
  uint32_t next() {
    Index = (Index + 1) & (Ring - 1);
    auto At = [&](unsigned Back) { return S[(Index + Ring - Back) & (Ring - 1)]; };
    uint32_t X = (At(N) & P->mask) ^ At(N - 1);
    X ^= X << P->sh1;
    uint32_t Y = X ^ (At(N - P->pos) >> P->sh2);
    S[Index] = Y ^ P->tbl[Y & 15];
    uint32_t T = At(N - P->pos + 1);
    T ^= T >> 16;
    T ^= T >> 8;
    return S[Index] ^ P->tmp_tbl[T & 15];
  }
};

} // namespace rubicon::curand

#endif // RUBICON_CURAND_MTGP32_GENERATOR_H
