/*===- cuda_occupancy.h - CUDA's occupancy calculator header -------------===*
 *
 * Part of Rubicon. Minimal for now: Thrust's CUDA backend includes this
 * header but calls only the runtime's cudaOccupancy* functions
 * (cuda_runtime_api.h). The calculator's own API (cudaOccDeviceProp,
 * cudaOccMaxActiveBlocksPerMultiprocessor, ...) is not provided yet.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_OCCUPANCY_H
#define RUBICON_CUDA_OCCUPANCY_H

#include "cuda_runtime_api.h"

#endif /* RUBICON_CUDA_OCCUPANCY_H */
