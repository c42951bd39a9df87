//===- Plan.cpp - cuFFT plans: layouts ------------------------------------===//
//
// Part of Rubicon. See Plan.h.
//
//===----------------------------------------------------------------------===//
#include "Plan.h"
#include "host/FftwPlans.h"

namespace rubicon::cufft {

Plan::Plan() = default;
Plan::~Plan() = default;

namespace {

int product(const std::vector<int> &V) {
  int P = 1;
  for (int X : V)
    P *= X;
  return P;
}

/// cuFFT's basic layout of one side: contiguous transforms, the complex
/// side of a real transform n_last / 2 + 1 wide, the real side padded to
/// twice that when in place.
Layout basic(const Plan &P, bool ComplexSide, bool InPlace) {
  Layout L;
  L.Embed = P.N;
  if (P.isReal()) {
    int Half = P.N.back() / 2 + 1;
    L.Embed.back() = ComplexSide ? Half : InPlace ? 2 * Half : P.N.back();
  }
  L.Stride = 1;
  L.Dist = product(L.Embed);
  return L;
}

bool complexInput(cufftType T) {
  return T != CUFFT_R2C && T != CUFFT_D2Z;
}
bool complexOutput(cufftType T) {
  return T != CUFFT_C2R && T != CUFFT_Z2D;
}

} // namespace

Layout Plan::inputLayout(bool InPlace) const {
  return Advanced ? In : basic(*this, complexInput(Type), InPlace);
}
Layout Plan::outputLayout(bool InPlace) const {
  return Advanced ? Out : basic(*this, complexOutput(Type), InPlace);
}
size_t Plan::inputElements() const {
  return size_t(Batch) * size_t(product(basic(*this, complexInput(Type),
                                               /*InPlace=*/false).Embed));
}
size_t Plan::outputElements() const {
  return size_t(Batch) * size_t(product(basic(*this, complexOutput(Type),
                                               /*InPlace=*/false).Embed));
}

} // namespace rubicon::cufft
