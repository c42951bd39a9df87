//===- FftwPlans.h - cuFFT on the host target: FFTW -------------*- C++ -*-===//
//
// Part of Rubicon. A cuFFT plan's transforms as FFTW's advanced ("many")
// plans, made with FFTW_ESTIMATE at the first execution of each kind
// (direction, in place or not, alignment), then reused with FFTW's
// new-array execute. cuFFT's layout parameters are FFTW's; both leave
// transforms unnormalized and use -1 for forward.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUFFT_FFTWPLANS_H
#define RUBICON_CUFFT_FFTWPLANS_H

#include "../Plan.h"

#include <map>
#include <mutex>
#include <tuple>

namespace rubicon::cufft::host {

class FftwPlans {
public:
  explicit FftwPlans(const Plan &P) : P(P) {}
  ~FftwPlans();
  /// Runs the transform: In and Out are cufftComplex/cufftReal (or double)
  /// arrays as the plan's type says; Direction matters for C2C and Z2Z.
  cufftResult execute(void *In, void *Out, int Direction);

private:
  using Key = std::tuple<int, bool, int, int>; // direction, in place, alignments
  const Plan &P;
  std::mutex Lock;
  std::map<Key, void *> Plans; // fftw_plan or fftwf_plan
};

} // namespace rubicon::cufft::host

#endif // RUBICON_CUFFT_FFTWPLANS_H
