//===- Hipfft.h - cuFFT plans on hipFFT -------------------------*- C++ -*-===//
//
// Part of Rubicon. On AMD GPUs a cuFFT plan is a hipFFT plan (libhipfft.so.0;
// RUBICON_HIPFFT_LIBRARY overrides): hipFFT is ROCm's library with cuFFT's
// shape over rocFFT, with cuFFT's numbering of results, types and
// directions, so a plan's calls forward argument for argument, on the same
// stream (a cudaStream_t of the HIP backend is the hipStream_t).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUFFT_HIPFFT_H
#define RUBICON_CUFFT_HIPFFT_H

#include "../Plan.h"

namespace rubicon::cufft::rocm {

/// hipfftCreate + hipfftMakePlanMany (+ hipfftSetStream).
cufftResult make(Plan &P, int *InEmbed, int *OutEmbed, size_t *WorkSize);
cufftResult setStream(Plan &P);
cufftResult execute(Plan &P, void *In, void *Out, int Direction);
cufftResult destroy(Plan &P);

} // namespace rubicon::cufft::rocm

#endif // RUBICON_CUFFT_HIPFFT_H
