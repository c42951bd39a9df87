//===- Rocrand.h - cuRAND device generators on rocRAND ----------*- C++ -*-===//
//
// Part of Rubicon. On AMD GPUs a device generator is a rocRAND generator
// (librocrand.so.1, .0; RUBICON_ROCRAND_LIBRARY overrides) on the same
// stream. rocRAND's statuses and orderings are numbered as cuRAND's; its
// generator types are not (toRocrand).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_ROCRAND_H
#define RUBICON_CURAND_ROCRAND_H

#include "Generator.h"

namespace rubicon::curand::rocm {

curandStatus_t create(curandGenerator_t G);
curandStatus_t destroy(curandGenerator_t G);
curandStatus_t setStream(curandGenerator_t G);
curandStatus_t setSeed(curandGenerator_t G);
curandStatus_t setOffset(curandGenerator_t G);
curandStatus_t setOrdering(curandGenerator_t G, curandOrdering_t Order);
curandStatus_t setDimensions(curandGenerator_t G, unsigned Dimensions);
curandStatus_t bits(curandGenerator_t G, unsigned *Out, size_t N);
curandStatus_t bitsLongLong(curandGenerator_t G, unsigned long long *Out,
                            size_t N);
curandStatus_t uniform(curandGenerator_t G, float *Out, size_t N);
curandStatus_t uniformDouble(curandGenerator_t G, double *Out, size_t N);
curandStatus_t normal(curandGenerator_t G, float *Out, size_t N, float Mean,
                      float Stddev, bool Log);
curandStatus_t normalDouble(curandGenerator_t G, double *Out, size_t N,
                            double Mean, double Stddev, bool Log);

} // namespace rubicon::curand::rocm

#endif // RUBICON_CURAND_ROCRAND_H
