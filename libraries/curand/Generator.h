//===- Generator.h - cuRAND generators and where they run -------*- C++ -*-===//
//
// Part of Rubicon. A curandGenerator_t is either
//   a host generator (curandCreateGeneratorHost): always Rubicon's own
//     engines (generators/Engine.h) writing host memory, on every target;
//   a device generator (curandCreateGenerator): on the host target the same
//     engines, writing device memory (host memory there) after waiting for
//     the generator's stream; on AMD GPUs rocRAND (rocm/Rocrand.h), on the
//     same stream.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_GENERATOR_H
#define RUBICON_CURAND_GENERATOR_H

#include "LibraryTarget.h"
#include "curand.h"
#include "generators/Engine.h"

#include <memory>

struct curandGenerator_st {
  curandRngType_t Type;
  bool OnRocm = false;
  bool HostGenerator = false; // curandCreateGeneratorHost: no stream, no device
  cudaStream_t Stream = nullptr;
  unsigned long long Seed = 0;
  unsigned long long Offset = 0;
  unsigned Dimensions = 1; // quasirandom generators
  bool NeedsReset = true; // seed or offset changed since the last generate
  std::unique_ptr<rubicon::curand::Engine> Engine;

  bool quasi() const { return Type >= CURAND_RNG_QUASI_DEFAULT; }
  void *Rocm = nullptr; // the rocrand_generator
};

#endif // RUBICON_CURAND_GENERATOR_H
