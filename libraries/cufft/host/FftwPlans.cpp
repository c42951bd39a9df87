//===- FftwPlans.cpp - cuFFT transforms as FFTW plans ---------------------===//
//
// Part of Rubicon. See FftwPlans.h. FFTW's planner is not thread-safe: one
// process-wide mutex guards planning and destruction; executing a plan on
// new arrays is.
//
//===----------------------------------------------------------------------===//
#include "FftwPlans.h"

#include <fftw3.h>

namespace rubicon::cufft::host {

namespace {

std::mutex &plannerLock() {
  static std::mutex M;
  return M;
}

/// FFTW's functions for one precision.
template <bool Double> struct Fftw;
template <> struct Fftw<false> {
  using Real = float;
  using Complex = fftwf_complex;
  using PlanT = fftwf_plan;
  static constexpr auto ManyDft = fftwf_plan_many_dft;
  static constexpr auto ManyR2C = fftwf_plan_many_dft_r2c;
  static constexpr auto ManyC2R = fftwf_plan_many_dft_c2r;
  static constexpr auto ExecDft = fftwf_execute_dft;
  static constexpr auto ExecR2C = fftwf_execute_dft_r2c;
  static constexpr auto ExecC2R = fftwf_execute_dft_c2r;
  static constexpr auto Destroy = fftwf_destroy_plan;
  static constexpr auto AlignmentOf = fftwf_alignment_of;
};
template <> struct Fftw<true> {
  using Real = double;
  using Complex = fftw_complex;
  using PlanT = fftw_plan;
  static constexpr auto ManyDft = fftw_plan_many_dft;
  static constexpr auto ManyR2C = fftw_plan_many_dft_r2c;
  static constexpr auto ManyC2R = fftw_plan_many_dft_c2r;
  static constexpr auto ExecDft = fftw_execute_dft;
  static constexpr auto ExecR2C = fftw_execute_dft_r2c;
  static constexpr auto ExecC2R = fftw_execute_dft_c2r;
  static constexpr auto Destroy = fftw_destroy_plan;
  static constexpr auto AlignmentOf = fftw_alignment_of;
};

int *embedOf(Layout &L) { return L.Embed.empty() ? nullptr : L.Embed.data(); }

template <bool Double>
void *makePlan(const Plan &P, void *In, void *Out, int Direction) {
  using F = Fftw<Double>;
  bool InPlace = In == Out;
  Layout I = P.inputLayout(InPlace), O = P.outputLayout(InPlace);
  std::vector<int> N = P.N;
  int Rank = int(N.size());
  unsigned Flags = FFTW_ESTIMATE;
  switch (P.Type) {
  case CUFFT_C2C:
  case CUFFT_Z2Z:
    return F::ManyDft(Rank, N.data(), P.Batch,
                      static_cast<typename F::Complex *>(In), embedOf(I),
                      I.Stride, I.Dist, static_cast<typename F::Complex *>(Out),
                      embedOf(O), O.Stride, O.Dist, Direction, Flags);
  case CUFFT_R2C:
  case CUFFT_D2Z:
    return F::ManyR2C(Rank, N.data(), P.Batch,
                      static_cast<typename F::Real *>(In), embedOf(I), I.Stride,
                      I.Dist, static_cast<typename F::Complex *>(Out),
                      embedOf(O), O.Stride, O.Dist, Flags);
  default:
    return F::ManyC2R(Rank, N.data(), P.Batch,
                      static_cast<typename F::Complex *>(In), embedOf(I),
                      I.Stride, I.Dist, static_cast<typename F::Real *>(Out),
                      embedOf(O), O.Stride, O.Dist, Flags);
  }
}

template <bool Double>
void run(const Plan &P, void *Handle, void *In, void *Out) {
  using F = Fftw<Double>;
  auto Fp = static_cast<typename F::PlanT>(Handle);
  switch (P.Type) {
  case CUFFT_C2C:
  case CUFFT_Z2Z:
    F::ExecDft(Fp, static_cast<typename F::Complex *>(In),
               static_cast<typename F::Complex *>(Out));
    break;
  case CUFFT_R2C:
  case CUFFT_D2Z:
    F::ExecR2C(Fp, static_cast<typename F::Real *>(In),
               static_cast<typename F::Complex *>(Out));
    break;
  default:
    F::ExecC2R(Fp, static_cast<typename F::Complex *>(In),
               static_cast<typename F::Real *>(Out));
  }
}

} // namespace

FftwPlans::~FftwPlans() {
  std::lock_guard<std::mutex> Guard(plannerLock());
  for (auto &[K, Handle] : Plans) {
    if (P.isDouble())
      Fftw<true>::Destroy(static_cast<fftw_plan>(Handle));
    else
      Fftw<false>::Destroy(static_cast<fftwf_plan>(Handle));
  }
}

cufftResult FftwPlans::execute(void *In, void *Out, int Direction) {
  bool Double = P.isDouble();
  int InAlign = Double ? fftw_alignment_of(static_cast<double *>(In))
                       : fftwf_alignment_of(static_cast<float *>(In));
  int OutAlign = Double ? fftw_alignment_of(static_cast<double *>(Out))
                        : fftwf_alignment_of(static_cast<float *>(Out));
  Key K{P.isReal() ? 0 : Direction, In == Out, InAlign, OutAlign};
  void *Handle;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Found = Plans.find(K);
    if (Found == Plans.end()) {
      std::lock_guard<std::mutex> Planner(plannerLock());
      Handle = Double ? makePlan<true>(P, In, Out, Direction)
                      : makePlan<false>(P, In, Out, Direction);
      if (!Handle)
        return CUFFT_INVALID_VALUE; // FFTW cannot express this layout
      Plans[K] = Handle;
    } else {
      Handle = Found->second;
    }
  }
  if (Double)
    run<true>(P, Handle, In, Out);
  else
    run<false>(P, Handle, In, Out);
  return CUFFT_SUCCESS;
}

} // namespace rubicon::cufft::host
