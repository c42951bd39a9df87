//===- Plan.h - cuFFT plans -------------------------------------*- C++ -*-===//
//
// Part of Rubicon. A cufftHandle names a Plan in a process-wide table. A
// plan records the transform as cuFFT describes it (rank, sizes, the
// advanced layout or the basic one, type, batch) and runs
//   host  on FFTW (host/FftwPlans.h) after waiting for the plan's stream;
//   rocm  on hipFFT (rocm/Hipfft.h), ROCm's cuFFT-shaped library over rocFFT.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUFFT_PLAN_H
#define RUBICON_CUFFT_PLAN_H

#include "cufft.h"

#include <memory>
#include <vector>

namespace rubicon::cufft {

namespace host {
class FftwPlans;
}

/// One array's layout: element I of transform B at index
/// B * Dist + (position in the Embed-shaped array) * Stride.
struct Layout {
  std::vector<int> Embed;
  int Stride = 1, Dist = 0;
};

struct Plan {
  Plan();
  ~Plan();

  bool OnRocm = false;
  bool Made = false;
  cudaStream_t Stream = nullptr;
  cufftType Type = CUFFT_C2C;
  std::vector<int> N;
  int Batch = 1;
  bool Advanced = false; // inembed and onembed given
  Layout In, Out;        // as given (advanced layout)
  std::unique_ptr<host::FftwPlans> Host;
  void *Rocm = nullptr; // the hipfftHandle

  bool isReal() const {
    return Type == CUFFT_R2C || Type == CUFFT_C2R || Type == CUFFT_D2Z ||
           Type == CUFFT_Z2D;
  }
  bool isDouble() const {
    return Type == CUFFT_Z2Z || Type == CUFFT_D2Z || Type == CUFFT_Z2D;
  }
  /// The layouts a transform uses: the advanced ones, or cuFFT's basic
  /// layout (with FFTW's padding of real data when \p InPlace).
  Layout inputLayout(bool InPlace) const;
  Layout outputLayout(bool InPlace) const;
};

} // namespace rubicon::cufft

#endif // RUBICON_CUFFT_PLAN_H
