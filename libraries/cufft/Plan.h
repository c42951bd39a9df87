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

#include <initializer_list>
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
  /// cufftXtSetGPUs's devices (MultiGpu.cpp); empty: the current device.
  std::vector<int> GPUs;
  /// cufftXtSetCallback's routines and caller data (Callbacks.cpp), by
  /// cufftXtCallbackType; null when not set.
  void *Callback[8] = {};
  void *CallerInfo[8] = {};
  size_t CallbackShared[8] = {};

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
  /// Elements of one transform's input and output in the basic layout.
  size_t inputElements() const;
  size_t outputElements() const;
  bool hasCallbacks() const {
    for (void *C : Callback)
      if (C)
        return true;
    return false;
  }
};

/// The plan a handle names (Api.cpp's table), or null.
Plan *findPlan(cufftHandle Handle);
/// The made plan \p Handle names, if it has one of \p Types and
/// \p Direction suits it; else the error cuFFT gives.
cufftResult planToExecute(cufftHandle Handle,
                          std::initializer_list<cufftType> Types,
                          int Direction, Plan *&P);
/// Runs a made plan as cufftXtExec does, callbacks included.
cufftResult executePlan(Plan &P, void *In, void *Out, int Direction);
/// Runs \p P's load and store callbacks around \p Run on the host
/// (Callbacks.cpp).
cufftResult executeWithCallbacks(
    Plan &P, void *In, void *Out, int Direction,
    cufftResult (*Run)(Plan &, void *, void *, int));

} // namespace rubicon::cufft

#endif // RUBICON_CUFFT_PLAN_H
