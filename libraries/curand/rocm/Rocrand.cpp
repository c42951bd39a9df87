//===- Rocrand.cpp - cuRAND device generators on rocRAND ------------------===//
//
// Part of Rubicon. See Rocrand.h.
//
//===----------------------------------------------------------------------===//
#include "Rocrand.h"
#include "RocmLibrary.h"

namespace rubicon::curand::rocm {

namespace {

libraries::RocmLibrary &rocrand() {
  static libraries::RocmLibrary Library(
      "cuRAND", "rocRAND", "RUBICON_ROCRAND_LIBRARY",
      {"librocrand.so.1", "librocrand.so.0", "librocrand.so"});
  return Library;
}

curandStatus_t toCurand(int Status) {
  if (Status == 0 || (Status >= 100 && Status <= 106))
    return curandStatus_t(Status);
  return Status == 107 ? CURAND_STATUS_LAUNCH_FAILURE
                       : CURAND_STATUS_INTERNAL_ERROR;
}

/// Calls rocrand_<Name>(Args...), or answers \p Missing without rocRAND.
template <class... ArgTs>
curandStatus_t call(const char *Name, curandStatus_t Missing, ArgTs... Args) {
  if (!rocrand().load())
    return Missing;
  auto *Fn = reinterpret_cast<int (*)(ArgTs...)>(rocrand().resolve(Name));
  if (!Fn)
    return Missing;
  return toCurand(Fn(Args...));
}

int toRocrand(curandRngType_t Type) {
  switch (Type) {
  case CURAND_RNG_PSEUDO_DEFAULT:
  case CURAND_RNG_PSEUDO_XORWOW: return 401;
  case CURAND_RNG_PSEUDO_MRG32K3A: return 402;
  case CURAND_RNG_PSEUDO_MTGP32: return 403;
  case CURAND_RNG_PSEUDO_PHILOX4_32_10: return 404;
  case CURAND_RNG_PSEUDO_MT19937: return 407;
  case CURAND_RNG_QUASI_DEFAULT:
  case CURAND_RNG_QUASI_SOBOL32: return 501;
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32: return 502;
  case CURAND_RNG_QUASI_SOBOL64: return 504;
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64: return 505;
  default: return -1;
  }
}

} // namespace

curandStatus_t create(curandGenerator_t G) {
  int Type = toRocrand(G->Type);
  if (Type < 0)
    return CURAND_STATUS_TYPE_ERROR;
  if (curandStatus_t S = call("rocrand_create_generator",
                              CURAND_STATUS_INITIALIZATION_FAILED, &G->Rocm,
                              Type))
    return S;
  return setStream(G);
}
curandStatus_t destroy(curandGenerator_t G) {
  return G->Rocm ? call("rocrand_destroy_generator",
                        CURAND_STATUS_NOT_INITIALIZED, G->Rocm)
                 : CURAND_STATUS_SUCCESS;
}
curandStatus_t setStream(curandGenerator_t G) {
  // A cudaStream_t of the HIP backend is the hipStream_t; the legacy
  // default stream is HIP's null stream.
  void *Stream = G->Stream == cudaStreamLegacy ? nullptr : G->Stream;
  return call("rocrand_set_stream", CURAND_STATUS_NOT_INITIALIZED, G->Rocm,
              Stream);
}
curandStatus_t setSeed(curandGenerator_t G) {
  return call("rocrand_set_seed", CURAND_STATUS_NOT_INITIALIZED, G->Rocm,
              G->Seed);
}
curandStatus_t setOffset(curandGenerator_t G) {
  return call("rocrand_set_offset", CURAND_STATUS_NOT_INITIALIZED, G->Rocm,
              G->Offset);
}
curandStatus_t setOrdering(curandGenerator_t G, curandOrdering_t Order) {
  return call("rocrand_set_ordering", CURAND_STATUS_NOT_INITIALIZED, G->Rocm,
              int(Order));
}
curandStatus_t setDimensions(curandGenerator_t G, unsigned Dimensions) {
  return call("rocrand_set_quasi_random_generator_dimensions",
              CURAND_STATUS_NOT_INITIALIZED, G->Rocm, Dimensions);
}
curandStatus_t bitsLongLong(curandGenerator_t G, unsigned long long *Out,
                            size_t N) {
  return call("rocrand_generate_long_long", CURAND_STATUS_NOT_INITIALIZED,
              G->Rocm, Out, N);
}
curandStatus_t bits(curandGenerator_t G, unsigned *Out, size_t N) {
  return call("rocrand_generate", CURAND_STATUS_NOT_INITIALIZED, G->Rocm, Out,
              N);
}
curandStatus_t uniform(curandGenerator_t G, float *Out, size_t N) {
  return call("rocrand_generate_uniform", CURAND_STATUS_NOT_INITIALIZED,
              G->Rocm, Out, N);
}
curandStatus_t uniformDouble(curandGenerator_t G, double *Out, size_t N) {
  return call("rocrand_generate_uniform_double", CURAND_STATUS_NOT_INITIALIZED,
              G->Rocm, Out, N);
}
curandStatus_t normal(curandGenerator_t G, float *Out, size_t N, float Mean,
                      float Stddev, bool Log) {
  return call(Log ? "rocrand_generate_log_normal" : "rocrand_generate_normal",
              CURAND_STATUS_NOT_INITIALIZED, G->Rocm, Out, N, Mean, Stddev);
}
curandStatus_t normalDouble(curandGenerator_t G, double *Out, size_t N,
                            double Mean, double Stddev, bool Log) {
  return call(Log ? "rocrand_generate_log_normal_double"
                  : "rocrand_generate_normal_double",
              CURAND_STATUS_NOT_INITIALIZED, G->Rocm, Out, N, Mean, Stddev);
}

} // namespace rubicon::curand::rocm
