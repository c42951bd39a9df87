//===- Hipfft.cpp - cuFFT plans on hipFFT ---------------------------------===//
//
// Part of Rubicon. See Hipfft.h.
//
//===----------------------------------------------------------------------===//
#include "Hipfft.h"
#include "RocmLibrary.h"

namespace rubicon::cufft::rocm {

namespace {

libraries::RocmLibrary &hipfft() {
  static libraries::RocmLibrary Library(
      "cuFFT", "hipFFT", "RUBICON_HIPFFT_LIBRARY",
      {"libhipfft.so.0", "libhipfft.so"});
  return Library;
}

template <class... ArgTs>
cufftResult call(const char *Name, cufftResult Missing, ArgTs... Args) {
  if (!hipfft().load())
    return Missing;
  auto *Fn = reinterpret_cast<int (*)(ArgTs...)>(hipfft().resolve(Name));
  if (!Fn)
    return Missing;
  int Result = Fn(Args...);
  return Result >= 0 && Result <= 16 ? cufftResult(Result)
                                     : CUFFT_INTERNAL_ERROR;
}

} // namespace

cufftResult make(Plan &P, int *InEmbed, int *OutEmbed, size_t *WorkSize) {
  if (!P.Rocm)
    if (cufftResult R = call("hipfftCreate", CUFFT_SETUP_FAILED, &P.Rocm))
      return R;
  size_t Size = 0;
  if (cufftResult R = call("hipfftMakePlanMany", CUFFT_SETUP_FAILED, P.Rocm,
                           int(P.N.size()), P.N.data(), InEmbed, P.In.Stride,
                           P.In.Dist, OutEmbed, P.Out.Stride, P.Out.Dist,
                           int(P.Type), P.Batch, WorkSize ? WorkSize : &Size))
    return R;
  return setStream(P);
}

cufftResult setStream(Plan &P) {
  void *Stream = P.Stream == cudaStreamLegacy ? nullptr : P.Stream;
  return call("hipfftSetStream", CUFFT_INVALID_PLAN, P.Rocm, Stream);
}

cufftResult execute(Plan &P, void *In, void *Out, int Direction) {
  switch (P.Type) {
  case CUFFT_C2C:
    return call("hipfftExecC2C", CUFFT_EXEC_FAILED, P.Rocm, In, Out, Direction);
  case CUFFT_Z2Z:
    return call("hipfftExecZ2Z", CUFFT_EXEC_FAILED, P.Rocm, In, Out, Direction);
  case CUFFT_R2C:
    return call("hipfftExecR2C", CUFFT_EXEC_FAILED, P.Rocm, In, Out);
  case CUFFT_D2Z:
    return call("hipfftExecD2Z", CUFFT_EXEC_FAILED, P.Rocm, In, Out);
  case CUFFT_C2R:
    return call("hipfftExecC2R", CUFFT_EXEC_FAILED, P.Rocm, In, Out);
  case CUFFT_Z2D:
    return call("hipfftExecZ2D", CUFFT_EXEC_FAILED, P.Rocm, In, Out);
  }
  return CUFFT_INVALID_TYPE;
}

cufftResult destroy(Plan &P) {
  return P.Rocm ? call("hipfftDestroy", CUFFT_INVALID_PLAN, P.Rocm)
                : CUFFT_SUCCESS;
}

} // namespace rubicon::cufft::rocm
