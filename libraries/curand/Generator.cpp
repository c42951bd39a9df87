//===- Generator.cpp - The cuRAND host API --------------------------------===//
//
// Part of Rubicon. Creating and configuring generators, and the generation
// functions; see Generator.h for where each kind of generator runs.
//
//===----------------------------------------------------------------------===//
#include "Generator.h"
#include "generators/Sobol.h"
#include "rocm/Rocrand.h"

#include <cmath>
#include <cstdio>
#include <new>

using namespace rubicon;
using rubicon::curand::Engine;

namespace {

/// Rubicon's own engine for \p Type, or null for a generator it lacks.
std::unique_ptr<Engine> createEngine(curandRngType_t Type) {
  switch (Type) {
  case CURAND_RNG_PSEUDO_DEFAULT:
  case CURAND_RNG_PSEUDO_XORWOW:
    return curand::createXorwowEngine();
  case CURAND_RNG_PSEUDO_PHILOX4_32_10:
    return curand::createPhiloxEngine();
  case CURAND_RNG_PSEUDO_MRG32K3A:
    return curand::createMrg32k3aEngine();
  case CURAND_RNG_PSEUDO_MTGP32:
    return curand::createMtgp32Engine();
  case CURAND_RNG_QUASI_DEFAULT:
  case CURAND_RNG_QUASI_SOBOL32:
    return curand::createSobolEngine(/*Bits64=*/false, /*Scrambled=*/false);
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32:
    return curand::createSobolEngine(/*Bits64=*/false, /*Scrambled=*/true);
  case CURAND_RNG_QUASI_SOBOL64:
    return curand::createSobolEngine(/*Bits64=*/true, /*Scrambled=*/false);
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64:
    return curand::createSobolEngine(/*Bits64=*/true, /*Scrambled=*/true);
  default:
    return nullptr;
  }
}

bool knownType(curandRngType_t Type) {
  switch (Type) {
  case CURAND_RNG_PSEUDO_DEFAULT: case CURAND_RNG_PSEUDO_XORWOW:
  case CURAND_RNG_PSEUDO_MRG32K3A: case CURAND_RNG_PSEUDO_MTGP32:
  case CURAND_RNG_PSEUDO_MT19937: case CURAND_RNG_PSEUDO_PHILOX4_32_10:
  case CURAND_RNG_QUASI_DEFAULT: case CURAND_RNG_QUASI_SOBOL32:
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32: case CURAND_RNG_QUASI_SOBOL64:
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64:
    return true;
  default:
    return false;
  }
}

curandStatus_t create(curandGenerator_t *Out, curandRngType_t Type,
                      bool Host) {
  if (!Out)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!knownType(Type))
    return CURAND_STATUS_TYPE_ERROR;
  auto *G = new (std::nothrow) curandGenerator_st;
  if (!G)
    return CURAND_STATUS_ALLOCATION_FAILED;
  G->Type = Type;
  G->HostGenerator = Host;
  G->OnRocm = !Host && libraries::currentTarget() == libraries::LibraryTarget::Rocm;
  curandStatus_t Status = CURAND_STATUS_SUCCESS;
  if (G->OnRocm) {
    Status = curand::rocm::create(G);
  } else if (!(G->Engine = createEngine(Type))) {
    std::fprintf(stderr,
                 "rubicon: cuRAND: generator type %d is not implemented on "
                 "the CPU yet (XORWOW, MRG32k3a, MTGP32, Philox4x32-10 and the "
                 "Sobol generators are)\n",
                 int(Type));
    Status = CURAND_STATUS_TYPE_ERROR;
  }
  if (Status != CURAND_STATUS_SUCCESS) {
    delete G;
    return Status;
  }
  *Out = G;
  return CURAND_STATUS_SUCCESS;
}

/// Runs a generation: on rocRAND, or on the engine after the stream drained.
/// \p Pairs: the distribution makes values in pairs (Box-Muller) for the
/// pseudorandom generators; quasirandom ones take whole points.
template <class HostT, class RocmT>
curandStatus_t generate(curandGenerator_t G, const void *Out, HostT &&Host,
                        RocmT &&Rocm, size_t N = 0, bool Pairs = false) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (G->quasi() ? N % G->Dimensions != 0 : Pairs && N % 2 != 0)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (!Out)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (G->OnRocm)
    return Rocm();
  if (!G->HostGenerator && cudaStreamSynchronize(G->Stream) != cudaSuccess)
    return CURAND_STATUS_PREEXISTING_FAILURE;
  if (G->NeedsReset) {
    G->Engine->setDimensions(G->Dimensions);
    G->Engine->reset(G->Seed, G->Offset);
    G->NeedsReset = false;
  }
  Host(*G->Engine);
  return CURAND_STATUS_SUCCESS;
}

} // namespace

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *G,
                                     curandRngType_t Type) {
  return create(G, Type, /*Host=*/false);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *G,
                                         curandRngType_t Type) {
  return create(G, Type, /*Host=*/true);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t G) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  curandStatus_t Status =
      G->OnRocm ? curand::rocm::destroy(G) : CURAND_STATUS_SUCCESS;
  delete G;
  return Status;
}

curandStatus_t curandGetVersion(int *Version) {
  if (!Version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CURAND_STATUS_OUT_OF_RANGE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CURAND_VER_MAJOR; return CURAND_STATUS_SUCCESS;
  case MINOR_VERSION: *Value = CURAND_VER_MINOR; return CURAND_STATUS_SUCCESS;
  case PATCH_LEVEL: *Value = CURAND_VER_PATCH; return CURAND_STATUS_SUCCESS;
  }
  return CURAND_STATUS_OUT_OF_RANGE;
}

curandStatus_t curandSetStream(curandGenerator_t G, cudaStream_t Stream) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  G->Stream = Stream;
  return G->OnRocm ? curand::rocm::setStream(G) : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t G,
                                                  unsigned long long Seed) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (G->Type >= CURAND_RNG_QUASI_DEFAULT)
    return CURAND_STATUS_TYPE_ERROR;
  G->Seed = Seed;
  G->NeedsReset = true;
  return G->OnRocm ? curand::rocm::setSeed(G) : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t G,
                                        unsigned long long Offset) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (G->Type == CURAND_RNG_PSEUDO_MTGP32) // as NVIDIA's: no offsets
    return CURAND_STATUS_TYPE_ERROR;
  G->Offset = Offset;
  G->NeedsReset = true;
  return G->OnRocm ? curand::rocm::setOffset(G) : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t G,
                                          curandOrdering_t Order) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  bool Pseudo = G->Type < CURAND_RNG_QUASI_DEFAULT;
  bool PseudoOrder = Order >= CURAND_ORDERING_PSEUDO_BEST &&
                     Order <= CURAND_ORDERING_PSEUDO_DYNAMIC;
  if (Pseudo != PseudoOrder && !(Order == CURAND_ORDERING_QUASI_DEFAULT && !Pseudo))
    return CURAND_STATUS_OUT_OF_RANGE;
  if (G->OnRocm)
    return curand::rocm::setOrdering(G, Order);
  // The CPU engines produce the legacy ordering, which is also cuRAND's
  // default and best; SEEDED and DYNAMIC may be any ordering.
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t G,
                                                       unsigned int Dims) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!G->quasi())
    return CURAND_STATUS_TYPE_ERROR;
  if (Dims < 1 || Dims > curand::SobolDimensions)
    return CURAND_STATUS_OUT_OF_RANGE;
  G->Dimensions = Dims;
  G->NeedsReset = true;
  return G->OnRocm ? curand::rocm::setDimensions(G, Dims)
                   : CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t G, unsigned int *Out,
                              size_t N) {
  // The 64-bit quasirandom generators have only 64-bit values.
  if (G && (G->Type == CURAND_RNG_QUASI_SOBOL64 ||
            G->Type == CURAND_RNG_QUASI_SCRAMBLED_SOBOL64))
    return CURAND_STATUS_TYPE_ERROR;
  return generate(
      G, Out, [&](Engine &E) { E.bits(Out, N); },
      [&] { return curand::rocm::bits(G, Out, N); }, N);
}

curandStatus_t curandGenerateLongLong(curandGenerator_t G,
                                      unsigned long long *Out, size_t N) {
  // Only the 64-bit quasirandom generators produce 64-bit values.
  if (G && G->Type != CURAND_RNG_QUASI_SOBOL64 &&
      G->Type != CURAND_RNG_QUASI_SCRAMBLED_SOBOL64)
    return CURAND_STATUS_TYPE_ERROR;
  return generate(
      G, Out, [&](Engine &E) { E.bitsLongLong(Out, N); },
      [&] { return curand::rocm::bitsLongLong(G, Out, N); }, N);
}

curandStatus_t curandGenerateUniform(curandGenerator_t G, float *Out,
                                     size_t N) {
  return generate(
      G, Out, [&](Engine &E) { E.uniform(Out, N); },
      [&] { return curand::rocm::uniform(G, Out, N); }, N);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t G, double *Out,
                                           size_t N) {
  return generate(
      G, Out, [&](Engine &E) { E.uniformDouble(Out, N); },
      [&] { return curand::rocm::uniformDouble(G, Out, N); }, N);
}

curandStatus_t curandGenerateNormal(curandGenerator_t G, float *Out, size_t N,
                                    float Mean, float Stddev) {
  return generate(
      G, Out, [&](Engine &E) { E.normal(Out, N, Mean, Stddev); },
      [&] { return curand::rocm::normal(G, Out, N, Mean, Stddev, false); },
      N, /*Pairs=*/true);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t G, double *Out,
                                          size_t N, double Mean,
                                          double Stddev) {
  return generate(
      G, Out, [&](Engine &E) { E.normalDouble(Out, N, Mean, Stddev); },
      [&] {
        return curand::rocm::normalDouble(G, Out, N, Mean, Stddev, false);
      },
      N, /*Pairs=*/true);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t G, float *Out,
                                       size_t N, float Mean, float Stddev) {
  return generate(
      G, Out,
      [&](Engine &E) {
        E.normal(Out, N, Mean, Stddev);
        for (size_t I = 0; I < N; ++I)
          Out[I] = std::exp(Out[I]);
      },
      [&] { return curand::rocm::normal(G, Out, N, Mean, Stddev, true); },
      N, /*Pairs=*/true);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t G, double *Out,
                                             size_t N, double Mean,
                                             double Stddev) {
  return generate(
      G, Out,
      [&](Engine &E) {
        E.normalDouble(Out, N, Mean, Stddev);
        for (size_t I = 0; I < N; ++I)
          Out[I] = std::exp(Out[I]);
      },
      [&] {
        return curand::rocm::normalDouble(G, Out, N, Mean, Stddev, true);
      },
      N, /*Pairs=*/true);
}

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *Vectors[],
                                           curandDirectionVectorSet_t Set) {
  if (!Vectors)
    return CURAND_STATUS_OUT_OF_RANGE;
  // The scrambled set has the same vectors (Sobol.h).
  if (Set != CURAND_DIRECTION_VECTORS_32_JOEKUO6 &&
      Set != CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Vectors = reinterpret_cast<curandDirectionVectors32_t *>(
      const_cast<uint32_t *>(curand::sobolDirections32()));
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *Vectors[],
                                           curandDirectionVectorSet_t Set) {
  if (!Vectors)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (Set != CURAND_DIRECTION_VECTORS_64_JOEKUO6 &&
      Set != CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)
    return CURAND_STATUS_OUT_OF_RANGE;
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t));
  *Vectors = reinterpret_cast<curandDirectionVectors64_t *>(
      const_cast<uint64_t *>(curand::sobolDirections64()));
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetScrambleConstants32(unsigned int **Constants) {
  if (!Constants)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Constants = const_cast<uint32_t *>(curand::sobolScrambleConstants32());
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetScrambleConstants64(unsigned long long **Constants) {
  if (!Constants)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Constants = reinterpret_cast<unsigned long long *>(
      const_cast<uint64_t *>(curand::sobolScrambleConstants64()));
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerateSeeds(curandGenerator_t G) {
  // The CPU engines seed lazily, at the next generation.
  return G ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}

} // extern "C"
